"""A result corrected after play has moved on (issue 30): the later matches of the entries
are named in the preview and repaired by replay, award or elimination by decision; the
bracket stays playable to the final and the third-place match, nothing recorded is deleted."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import AuditEntry, Board, BoardEvent, Event, Match
from scoring.services import draws
from scoring.services.corrections import (
    CorrectionError,
    PaperFix,
    correct_board,
    preview_correction,
)
from scoring.services.decisions import Decision, decide, preview_decision
from tests.factories import make_event, play, play_and_confirm
from tests.organiser.test_corrections import EIGHT, ORGANISER, paper_match

pytestmark = pytest.mark.django_db


def confirm(match: Match) -> Match:
    return draws.confirm_result(match=match, actor=ORGANISER)


def story(tournament, capture, name: str = "late"):
    """Round one of eight: match 1 is the EIGHT sheet (A wins 25-24 on the sheet as keyed, B
    in truth); the others won by A. The semi-final of match 1's winner is played and
    confirmed (its opponent wins)."""
    event = make_event(tournament, 8, name=name, settings={"third_place": True})
    draws.draw_event(event=event, actor=ORGANISER, random_seed=7)
    first = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    with capture(execute=True):
        paper_match(first[0], EIGHT)
        confirm(first[0])
        for m in first[1:]:
            play_and_confirm(m, "a", ORGANISER)
    semi = Match.objects.get(pk=first[0].winner_to_id)
    side_of_winner = "a" if semi.entry_a_id == first[0].entry_a_id else "b"
    with capture(execute=True):
        play_and_confirm(semi, "b" if side_of_winner == "a" else "a", ORGANISER)
    last = Board.objects.filter(game__match=first[0]).order_by("sequence").last()
    return event, first[0], semi, last


def rows_count() -> tuple[int, int, int]:
    return (Board.objects.count(), BoardEvent.objects.count(), Match.objects.count())


def play_to_the_end(event: Event, capture) -> None:
    """Every match that can be played is played (side A wins) until the event is over."""
    for _ in range(40):
        ready = list(Match.objects.filter(event=event, status=Match.Status.READY))
        finished = list(Match.objects.filter(event=event, status=Match.Status.FINISHED))
        if not ready and not finished:
            break
        with capture(execute=True):
            for m in finished:
                confirm(m)
            for m in ready:
                play_and_confirm(m, "a", ORGANISER)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    final = Match.objects.get(event=event, round__bracket="main", round__number=3)
    third = Match.objects.get(event=event, round__bracket="placement")
    assert final.status == third.status == Match.Status.CONFIRMED
    assert None not in (final.entry_a_id, final.entry_b_id, third.entry_a_id, third.entry_b_id)


def test_the_preview_names_the_later_match_and_offers_the_three_repairs(
    tournament, django_capture_on_commit_callbacks
):
    event, first, semi, last = story(tournament, django_capture_on_commit_callbacks)
    preview = preview_correction(
        match=first, board_id=last.pk, fix=PaperFix("b", 1), actor=ORGANISER
    )
    assert preview.winner_changed
    assert preview.repairs == ("replay", "award", "eliminate")
    assert [m.number for m in preview.later] == [semi.number]
    later = preview.later[0]
    assert first.entry_a.name in later.played and first.entry_b.name in later.now
    with pytest.raises(CorrectionError) as err:
        correct_board(
            match=first,
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="sheet",
            repair="keep",
            client_id=uuid.uuid4(),
        )
    assert err.value.code == "repair_not_possible"
    with pytest.raises(CorrectionError) as err:
        correct_board(
            match=first,
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="sheet",
            repair="award",
            law="nonsense",
            client_id=uuid.uuid4(),
        )
    assert err.value.code == "decision_law"


def test_replay_voids_the_later_match_and_the_event_plays_to_the_final(
    tournament, django_capture_on_commit_callbacks
):
    event, first, semi, last = story(tournament, django_capture_on_commit_callbacks)
    boards_before = set(Board.objects.filter(game__match=semi).values_list("pk", flat=True))
    counts = rows_count()
    with django_capture_on_commit_callbacks(execute=True):
        correct_board(
            match=first,
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="sheet misread",
            repair="replay",
            client_id=uuid.uuid4(),
        )
    semi.refresh_from_db()
    assert semi.status == Match.Status.READY and not semi.winner_side
    assert first.entry_b_id in (semi.entry_a_id, semi.entry_b_id)
    assert first.entry_a_id not in (semi.entry_a_id, semi.entry_b_id)
    assert not semi.toss_winner  # the new players toss again
    kept = Board.objects.filter(pk__in=boards_before)
    assert kept.count() == len(boards_before) and all(b.void for b in kept)
    assert rows_count()[0] >= counts[0] and rows_count()[1] > counts[1]
    assert AuditEntry.objects.filter(match=semi, action="later_replayed").exists()
    play(semi, "a", ORGANISER)  # the replay is played as any match
    semi.refresh_from_db()
    assert semi.status == Match.Status.FINISHED
    play_to_the_end(event, django_capture_on_commit_callbacks)


@pytest.mark.parametrize("to", ["moved", "stayed"])
def test_award_gives_the_later_match_by_decision(
    tournament, django_capture_on_commit_callbacks, to
):
    event, first, semi, last = story(tournament, django_capture_on_commit_callbacks, to)
    with django_capture_on_commit_callbacks(execute=True):
        correct_board(
            match=first,
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="sheet misread",
            repair="award",
            law="IT 107",
            award_to=to,
            client_id=uuid.uuid4(),
        )
    semi.refresh_from_db()
    assert semi.status == Match.Status.CONFIRMED
    winner = semi.entry_a_id if semi.winner_side == "a" else semi.entry_b_id
    assert (winner == first.entry_b_id) == (to == "moved")
    laws = set(
        Board.objects.filter(game__match=semi, kind=Board.Kind.AWARD).values_list(
            "award_law", flat=True
        )
    )
    assert laws == {"IT 107"}
    assert AuditEntry.objects.get(match=semi, action="later_awarded").detail["law"] == "IT 107"
    play_to_the_end(event, django_capture_on_commit_callbacks)


def test_eliminate_keeps_the_later_results(tournament, django_capture_on_commit_callbacks):
    event, first, semi, last = story(tournament, django_capture_on_commit_callbacks)
    semi_before = Match.objects.get(pk=semi.pk)
    with django_capture_on_commit_callbacks(execute=True):
        correct_board(
            match=first,
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="B left the hall",
            repair="eliminate",
            law="IT 107",
            client_id=uuid.uuid4(),
        )
    first.refresh_from_db()
    semi.refresh_from_db()
    assert first.winner_side == "b" and first.advances == "a"
    assert (semi.entry_a_id, semi.entry_b_id, semi.winner_side) == (
        semi_before.entry_a_id,
        semi_before.entry_b_id,
        semi_before.winner_side,
    )
    audit = AuditEntry.objects.get(match=first, action="eliminated_by_decision")
    assert audit.detail["reason"] == "B left the hall" and audit.detail["law"] == "IT 107"
    play_to_the_end(event, django_capture_on_commit_callbacks)


def test_a_decision_offers_the_same_repairs(tournament, django_capture_on_commit_callbacks):
    event, first, semi, _last = story(tournament, django_capture_on_commit_callbacks)
    decision = Decision(side="b", law="IT 107")
    preview = preview_decision(match=first, decision=decision, actor=ORGANISER)
    assert preview.repairs == ("replay", "award", "eliminate")
    with django_capture_on_commit_callbacks(execute=True):
        decide(
            match=first,
            decision=decision,
            actor=ORGANISER,
            reason="abuse",
            repair="replay",
            client_id=uuid.uuid4(),
        )
    play_to_the_end(event, django_capture_on_commit_callbacks)


def test_the_page_names_the_later_match_and_saves_the_award(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    event, first, semi, last = story(tournament, django_capture_on_commit_callbacks, "page")
    page = reverse("scoring:organiser-match-correct", args=[tournament.slug, first.pk, last.pk])
    client.force_login(organiser)
    first.refresh_from_db()
    post = {
        "client_id": str(uuid.uuid4()),
        "revision": first.revision,
        "winner": "b",
        "carrommen": "1",
        "queen": "",
        "reason": "sheet misread",
    }
    r = client.post(page, post)
    assert r.status_code == 200
    assert f"Match {semi.number} (Semi-final): played by" in r.text
    assert 'value="replay"' in r.text and 'value="eliminate"' in r.text
    assert 'value="keep"' not in r.text
    r = client.post(page, {**post, "save": "yes", "repair": "award", "repair_law": "IT 7x"})
    assert r.status_code in (400, 422) and "Cite the law" in r.text
    assert "played by" in r.text  # the preview stays
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(
            page,
            {**post, "save": "yes", "repair": "award", "award_to": "moved", "repair_law": "IT 107"},
        )
    assert r.status_code == 302
    semi.refresh_from_db()
    assert semi.status == Match.Status.CONFIRMED
    assert (semi.entry_a_id if semi.winner_side == "a" else semi.entry_b_id) == first.entry_b_id


def test_a_sheet_keyed_with_the_sides_swapped_gets_its_real_boards(
    tournament, django_capture_on_commit_callbacks
):
    """The EIGHT sheet keyed the wrong way round: one board at a time cannot be corrected
    (a later board no longer fits), swapping the sides of every board can."""
    from scoring.services.corrections import preview_rekey, rekey_boards, swap_sides
    from tests.organiser.test_corrections import knockout_semi

    event, semis = knockout_semi(tournament, "swap")
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(semis[1], "a", ORGANISER)
        paper_match(semis[0], EIGHT)
        semi = confirm(semis[0])
    first = Board.objects.filter(game__match=semi).order_by("sequence").first()
    with pytest.raises(CorrectionError):
        preview_correction(
            match=semi, board_id=first.pk, fix=PaperFix("b", 9, "b"), actor=ORGANISER
        )
    fixes = swap_sides(semi)
    assert [f.winner for f in fixes.values()] == ["b", "b", "a", "a", "b"]
    preview = preview_rekey(match=semi, fixes=fixes, actor=ORGANISER)
    assert (preview.winner_before, preview.winner_after) == ("a", "b")
    assert preview.games_after == {"a": 0, "b": 1} and len(preview.boards) == 5
    counts = rows_count()
    with django_capture_on_commit_callbacks(execute=True):
        rekey_boards(
            match=semi,
            fixes=fixes,
            actor=ORGANISER,
            reason="keyed swapped",
            repair="move",
            swap=True,
            client_id=uuid.uuid4(),
        )
    semi.refresh_from_db()
    assert semi.winner_side == "b" and semi.points_b == 25 and semi.points_a == 24
    assert rows_count()[1] == counts[1] + 5  # one correction row a board, nothing deleted
    final = Match.objects.get(event=event, round__number=2)
    assert semi.entry_b_id in (final.entry_a_id, final.entry_b_id)
    audit = AuditEntry.objects.get(match=semi, action="rekey")
    assert audit.detail["swap"] is True and len(audit.detail["boards"]) == 5


def test_the_rekey_page_swaps_the_sides_and_saves(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    from tests.organiser.test_corrections import knockout_semi

    event, semis = knockout_semi(tournament, "rekey")
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(semis[1], "a", ORGANISER)
        paper_match(semis[0], EIGHT)
        semi = confirm(semis[0])
    client.force_login(organiser)
    match_page = client.get(reverse("scoring:organiser-match", args=[tournament.slug, semi.pk]))
    page = reverse("scoring:organiser-match-rekey", args=[tournament.slug, semi.pk])
    assert page in match_page.text
    r = client.get(page)
    assert r.status_code == 200 and r.text.count('name="winner-') == 5
    base = {"client_id": str(uuid.uuid4()), "revision": semi.revision, "reason": ""}
    r = client.post(page, {**base, "swap": "yes"})
    assert r.status_code == 200 and "The winner changes from A to B." in r.text
    assert 'name="swapped" value="yes"' in r.text
    boards = list(Board.objects.filter(game__match=semi).order_by("sequence"))
    keyed = {}
    for board, (winner, left, queen) in zip(boards, EIGHT, strict=True):
        flip = {"a": "b", "b": "a", "": ""}
        keyed.update(
            {
                f"winner-{board.pk}": flip[winner],
                f"carrommen-{board.pk}": str(left),
                f"queen-{board.pk}": flip[queen],
            }
        )
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(
            page,
            {
                **base,
                **keyed,
                "swapped": "yes",
                "reason": "keyed swapped",
                "save": "yes",
                "repair": "move",
            },
        )
    assert r.status_code == 302
    semi.refresh_from_db()
    assert semi.winner_side == "b"
    assert AuditEntry.objects.get(match=semi, action="rekey").detail["swap"] is True
    r = client.post(page, {**base, **dict.fromkeys(keyed, "x"), "reason": "x"})
    assert r.status_code == 422 and "choose the winner" in r.text


def test_the_paper_is_right_leads_into_the_correction_filled_from_the_sheet(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    from scoring.services.reconcile import record_paper_sheet
    from tests.organiser.test_corrections import knockout_semi

    _event, semis = knockout_semi(tournament, "paper")
    with django_capture_on_commit_callbacks(execute=True):
        paper_match(semis[0], EIGHT)
        semi = confirm(semis[0])
    games = [[{"winner": w, "carrommen": c, "queen": q} for w, c, q in EIGHT]]
    games[0][4] = {"winner": "b", "carrommen": 1, "queen": ""}
    record_paper_sheet(match=semi, games=games, actor=ORGANISER)
    client.force_login(organiser)
    decision = reverse("scoring:trust-paper-decision", args=[tournament.slug, semi.pk])
    r = client.post(decision, {"decision": "paper", "note": "sheet signed"})
    rekey = reverse("scoring:organiser-match-rekey", args=[tournament.slug, semi.pk])
    assert r.status_code == 302 and r.url == rekey + "?from=paper"
    page = client.get(r.url).text
    last = Board.objects.filter(game__match=semi).order_by("sequence").last()
    assert "filled in from the official's paper scoresheet" in page
    assert f'name="winner-{last.pk}"' in page
    row = page.split(f'name="winner-{last.pk}"')[1].split("</select>")[0]
    assert '<option value="b" selected>' in row
    assert AuditEntry.objects.filter(match=semi, action="paper_decision").exists()
    r = client.post(decision, {"decision": "tablet", "note": ""})
    paper = client.get(reverse("scoring:trust-paper", args=[tournament.slug, semi.pk])).text
    assert "Closed: the tablet's record is right" in paper
    assert "Record the decision" not in paper


def test_a_co_organiser_sees_no_new_tournament_and_a_styled_403(
    client, django_user_model, tournament
):
    from django.urls import reverse

    co = django_user_model.objects.create_user("co", password="pw")
    tournament.organisers.add(co)
    client.force_login(co)
    index = client.get(reverse("scoring:organiser-index")).text
    assert reverse("scoring:organiser-tournament-new") not in index
    r = client.get(reverse("scoring:organiser-tournament-new"))
    assert r.status_code == 403 and "Not allowed" in r.text and "<nav" in r.text
    r = client.get("/t/no-such-cup/organiser/")
    assert r.status_code in (403, 404) and "<nav" in r.text


def test_make_demo_prints_its_own_port():
    from pathlib import Path

    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert "DEMO_BASE_URL=http://$(HOST):$(PORT) $(VPY) manage.py seed_demo" in makefile


def test_a_bracket_conflict_is_told_to_the_organiser_and_replayed(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    event, first, semi, _last = story(tournament, django_capture_on_commit_callbacks, "cf")
    # an old record: the bracket sends B on, the semi-final was played by A (draw_conflict)
    Match.objects.filter(pk=first.pk).update(advances="b")
    client.force_login(organiser)
    page = client.get(reverse("scoring:organiser-event", args=[tournament.slug, event.pk]))
    assert "no longer fit the bracket" in page.text
    assert f"Match {semi.number} (Semi-final): played by" in page.text
    url = reverse("scoring:organiser-event-replay-conflicts", args=[tournament.slug, event.pk])
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(url, {"reason": "old record"})
    assert r.status_code == 302
    semi.refresh_from_db()
    assert semi.status == Match.Status.READY and first.entry_b_id in (
        semi.entry_a_id,
        semi.entry_b_id,
    )
    page = client.get(reverse("scoring:organiser-event", args=[tournament.slug, event.pk]))
    assert "no longer fit the bracket" not in page.text
    play_to_the_end(event, django_capture_on_commit_callbacks)


def test_the_double_elimination_match_list_is_in_order_with_its_brackets(tournament):
    """Issue 30: winners' rounds, then losers' rounds, then the grand final, labelled."""
    from scoring.selectors.live import event_rounds

    event = make_event(tournament, 8, fmt="double_elimination", name="de")
    draws.draw_event(event=event, actor=ORGANISER, random_seed=2)
    labels = [b.label for b in event_rounds(event)]
    winners = [x for x in labels if x.startswith("Winners bracket · ")]
    losers = [x for x in labels if x.startswith("Losers bracket · ")]
    assert winners and losers
    assert labels[: len(winners)] == winners
    assert labels[len(winners) : len(winners) + len(losers)] == losers
    assert "Grand final" in labels[-1] or "Grand final" in labels[-2]


def test_swiss_standings_say_per_row_what_decided_the_place(tournament):
    """Issue 30: the Swiss table has the "decided by" column, as the groups' tables."""
    from scoring.standings.tables import swiss_table
    from tests.factories import swiss_in_round_two

    event = swiss_in_round_two(tournament, ORGANISER)
    tables = swiss_table(event)
    keys = [c.key for c in tables[0].columns]
    assert "decided_by" in keys
    assert all("decided_by" in row.values for row in tables[0].rows)


def _derived(match: Match) -> dict[str, object]:
    """What the rules engine derives from a match's record: who broke each board, the side
    changes, the scores after every board, the games won (ICF 40, 43, 53-55)."""
    from scoring.records import match_snapshot

    state = match_snapshot(Match.objects.get(pk=match.pk)).state
    return {
        "first_breakers": state.first_breakers,
        "side_change_after": state.side_change_after,
        "games_won": dict(state.games_won),
        "winner": state.winner,
        "boards": [
            [
                (b.number, b.breaker, b.winner, b.points, b.void, dict(b.scores_after))
                for b in g.boards
            ]
            for g in state.games
        ],
    }


def test_swapping_the_sides_swaps_the_toss_and_the_breakers(
    tournament, django_capture_on_commit_callbacks
):
    """A sheet keyed the wrong way round (toss to A, EIGHT as keyed) swapped is the same
    match as the sheet keyed right in the first place (toss to B, every board the other
    side's): the engine derives the same breakers, side changes and scores."""
    from scoring.services.corrections import rekey_boards, swap_sides
    from scoring.services.matches import record_quick_board, record_toss
    from tests.organiser.test_corrections import knockout_semi

    _event, semis = knockout_semi(tournament, "swap-toss")
    wrong, right = semis
    flip = {"a": "b", "b": "a", "": ""}
    with django_capture_on_commit_callbacks(execute=True):
        paper_match(wrong, EIGHT)
        record_toss(match=right, winner="b", choice="break", actor=ORGANISER)
        for winner, left, queen in EIGHT:
            record_quick_board(
                match=right,
                winner=flip[winner],
                carrommen=left,
                queen=flip[queen] or None,
                client_id=uuid.uuid4(),
                actor=ORGANISER,
            )
    keyed_wrong, keyed_right = _derived(wrong), _derived(right)
    assert keyed_wrong != keyed_right
    assert keyed_wrong["boards"][0][0][1] == "a" and keyed_right["boards"][0][0][1] == "b"
    with django_capture_on_commit_callbacks(execute=True):
        rekey_boards(
            match=wrong,
            fixes=swap_sides(wrong),
            actor=ORGANISER,
            reason="keyed swapped",
            repair="move",
            swap=True,
            client_id=uuid.uuid4(),
        )
    wrong.refresh_from_db()
    assert _derived(wrong) == keyed_right
    assert (wrong.toss_winner, wrong.toss_choice) == ("b", "break")
    assert [b.breaker for b in Board.objects.filter(game__match=wrong).order_by("sequence")] == [
        b.breaker for b in Board.objects.filter(game__match=right).order_by("sequence")
    ]
    audit = AuditEntry.objects.get(match=wrong, action="rekey")
    assert audit.detail["toss"] == {
        "before": {"winner": "a", "choice": "break"},
        "after": {"winner": "b", "choice": "break"},
    }
    # the breakers are in the log: a replay of it gives the same match
    from scoring.services.matches import rebuild_match

    Board.objects.filter(game__match=wrong).update(breaker="a")
    rebuild_match(wrong)
    assert _derived(wrong) == keyed_right


def _eliminated_and_played_on(tournament, capture, name: str):
    """The story, repaired by eliminating the corrected match's new winner (B); then the
    match after the kept semi-final is played and confirmed too."""
    event, first, semi, last = story(tournament, capture, name)
    with capture(execute=True):
        correct_board(
            match=first,
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="B left the hall",
            repair="eliminate",
            law="IT 107",
            client_id=uuid.uuid4(),
        )
    semi.refresh_from_db()
    after = Match.objects.get(pk=semi.winner_to_id)
    for _ in range(10):
        after.refresh_from_db()
        if after.status == Match.Status.CONFIRMED:
            break
        with capture(execute=True):
            for m in Match.objects.filter(
                event=event,
                status=Match.Status.READY,
                round__number__lte=after.round.number,
                round__bracket=after.round.bracket,
            ):
                play_and_confirm(m, "a", ORGANISER)
    assert after.status == Match.Status.CONFIRMED
    first.refresh_from_db()
    return event, first, semi, after


def test_an_elimination_by_decision_is_taken_back_and_what_followed_is_replayed(
    tournament, django_capture_on_commit_callbacks
):
    from scoring.services.bracket_repairs import preview_take_back, take_back_elimination

    capture = django_capture_on_commit_callbacks
    event, first, semi, after = _eliminated_and_played_on(tournament, capture, "take-back")
    assert first.advances == "a"
    preview = preview_take_back(match=first, actor=ORGANISER)
    assert (preview.was_going_on, preview.goes_on, preview.law) == ("a", "b", "IT 107")
    assert [m.pk for m in preview.later] == [semi.pk, after.pk]  # the chain, in order
    assert preview.repairs == ("replay", "award")
    first.refresh_from_db()
    assert first.advances == "a"  # the preview saved nothing
    counts = rows_count()
    with pytest.raises(CorrectionError):  # nothing played on it? it was: move does not fit
        take_back_elimination(
            match=first,
            actor=ORGANISER,
            reason="B was in the hall",
            repair="move",
            client_id=uuid.uuid4(),
        )
    with capture(execute=True):
        repaired = take_back_elimination(
            match=first,
            actor=ORGANISER,
            reason="B was in the hall",
            repair="replay",
            client_id=uuid.uuid4(),
            expected_revision=first.revision,
        )
    assert repaired == 2
    first.refresh_from_db()
    semi.refresh_from_db()
    after.refresh_from_db()
    assert first.advances == "" and first.winner_side == "b"
    assert first.entry_b_id in (semi.entry_a_id, semi.entry_b_id)
    assert semi.status == Match.Status.READY and not semi.confirmations.exists()
    assert after.status in (Match.Status.READY, Match.Status.SCHEDULED)
    assert after.winner_side == "" and not after.confirmations.exists()
    assert rows_count()[0] >= counts[0] and rows_count()[1] > counts[1]  # nothing deleted
    audit = AuditEntry.objects.get(match=first, action="elimination_taken_back")
    assert audit.detail == {
        "reason": "B was in the hall",
        "was_going_on": "a",
        "goes_on": "b",
        "law": "IT 107",
    }
    assert AuditEntry.objects.filter(match=first, action="eliminated_by_decision").exists()
    assert AuditEntry.objects.filter(action="later_replayed").count() == 2
    with pytest.raises(CorrectionError):  # taken back once: nothing left to take back
        preview_take_back(match=first, actor=ORGANISER)
    play_to_the_end(event, capture)


def test_an_elimination_taken_back_before_the_next_match_moves_the_winner_in(
    tournament, django_capture_on_commit_callbacks
):
    from scoring.services.bracket_repairs import preview_take_back, take_back_elimination

    capture = django_capture_on_commit_callbacks
    event = make_event(tournament, 4, name="take-back-move")
    draws.draw_event(event=event, actor=ORGANISER, random_seed=7)
    first, second = Match.objects.filter(event=event, round__number=1).order_by("position")
    with capture(execute=True):
        play_and_confirm(first, "a", ORGANISER)
        play_and_confirm(second, "a", ORGANISER)
    board = Board.objects.filter(game__match=first).order_by("sequence").first()
    assert board is not None
    Match.objects.filter(pk=first.pk).update(advances="b")  # B went on by decision
    draws.sync_bracket(event, actor=ORGANISER)
    final = Match.objects.get(event=event, round__number=2)
    assert first.entry_b_id in (final.entry_a_id, final.entry_b_id)
    first.refresh_from_db()
    preview = preview_take_back(match=first, actor=ORGANISER)
    assert preview.later == [] and preview.repairs == ("move",)
    with capture(execute=True):
        assert (
            take_back_elimination(
                match=first,
                actor=ORGANISER,
                reason="wrong decision",
                repair="move",
                client_id=uuid.uuid4(),
            )
            == 0
        )
    final.refresh_from_db()
    assert first.entry_a_id in (final.entry_a_id, final.entry_b_id)
    assert final.status == Match.Status.READY


def test_the_take_back_page_previews_and_saves(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    capture = django_capture_on_commit_callbacks
    event, first, semi, after = _eliminated_and_played_on(tournament, capture, "tb-page")
    client.force_login(organiser)
    match_page = client.get(reverse("scoring:organiser-match", args=[tournament.slug, first.pk]))
    page = reverse(
        "scoring:organiser-match-take-back-elimination", args=[tournament.slug, first.pk]
    )
    assert page in match_page.text and "eliminated by decision" in match_page.text
    r = client.get(page)
    assert r.status_code == 200 and "goes on and" in r.text and 'name="save"' not in r.text
    post = {"client_id": str(uuid.uuid4()), "revision": first.revision, "reason": ""}
    r = client.post(page, {**post, "preview": "yes"})
    assert r.status_code == 422  # a reason is needed
    post["reason"] = "B was in the hall"
    r = client.post(page, {**post, "preview": "yes"})
    assert r.status_code == 200
    assert f"Match {semi.number} (" in r.text and f"Match {after.number} (" in r.text
    assert "2 later matches were played on the decision" in r.text
    assert 'value="replay"' in r.text and 'value="award"' in r.text
    assert 'value="move"' not in r.text
    first.refresh_from_db()
    assert first.advances == "a"
    r = client.post(page, {**post, "save": "yes", "repair": "award", "repair_law": "IT 7x"})
    assert r.status_code in (400, 422) and "played on the decision" in r.text
    with capture(execute=True):
        r = client.post(
            page,
            {**post, "save": "yes", "repair": "award", "award_to": "moved", "repair_law": "IT 107"},
        )
    assert r.status_code == 302
    first.refresh_from_db()
    assert first.advances == ""
    assert AuditEntry.objects.filter(match=first, action="elimination_taken_back").exists()
    assert AuditEntry.objects.filter(action="later_awarded").exists()
    r = client.get(page)  # nothing left to take back: said, no form
    assert "nothing to take back" in r.text and 'name="reason"' not in r.text
    play_to_the_end(event, capture)


def test_one_helper_withdraws_the_confirmations_of_an_unlock_and_a_replay(
    tournament, django_capture_on_commit_callbacks
):
    """Unlocking a confirmed match and replaying a later match both take the sides'
    confirmations away through :func:`withdraw_confirmations`, naming them in the audit."""
    from scoring.services.bracket_repairs.later import _replay, _states
    from scoring.services.matches import unlock_match

    event = make_event(tournament, 4, name="confirmations")
    draws.draw_event(event=event, actor=ORGANISER, random_seed=7)
    first, second = Match.objects.filter(event=event, round__number=1).order_by("position")
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(first, "a", ORGANISER)
        play_and_confirm(second, "a", ORGANISER)
    sides = sorted(first.confirmations.values_list("side", flat=True))
    assert sides  # confirmed by its sides (or the organiser for them)
    unlock_match(match=first, actor=ORGANISER, reason="sheet check")
    assert not first.confirmations.exists()
    assert AuditEntry.objects.get(match=first, action="unlock").detail["confirmations"] == sides
    second_sides = sorted(second.confirmations.values_list("side", flat=True))
    state = next(st for m, st in _states(event) if m.pk == second.pk)
    _replay(second, state, ORGANISER, uuid.uuid4(), {"reason": "test", "repair": "replay"})
    assert not second.confirmations.exists()
    replayed = AuditEntry.objects.get(match=second, action="later_replayed")
    assert replayed.detail["before"]["confirmations"] == second_sides
