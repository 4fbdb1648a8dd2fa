"""The draw service against the database: brackets saved with their links, byes decided, results
flowing on confirmation, walkovers and withdrawals, Swiss rounds, groups and their knock-out,
stale or repeated requests, and the number of queries of the organiser's buttons."""

from __future__ import annotations

import itertools
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import AuditEntry, Match, Round
from scoring.selectors import organiser as organiser_selectors
from scoring.services import draws
from scoring.services.draws import DrawServiceError
from tests.factories import make_event, play, play_and_confirm

pytestmark = pytest.mark.django_db


def run_event(event, actor, capture, rng=None, *, max_steps=400):
    """Play every ready match (random winners) and draw the next rounds until the end."""
    rng = rng or random.Random(1)
    for _ in range(max_steps):
        ready = list(
            Match.objects.filter(event=event, status=Match.Status.READY).order_by("number")
        )
        if not ready:
            state = organiser_selectors.draw_state(event)
            if state.can_next:
                draws.next_round(event=event, actor=actor)
                continue
            return
        for match in ready:
            with capture(execute=True):
                play_and_confirm(match, rng.choice("ab"), actor)
    raise AssertionError("the event did not end")


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 16])
def test_knockout_ends_with_one_champion(tournament, actor, django_capture_on_commit_callbacks, n):
    event = make_event(tournament, n, seeds=min(4, n))
    draws.draw_event(event=event, actor=actor, random_seed=n)
    matches = list(Match.objects.filter(event=event))
    size = 1 << (n - 1).bit_length()
    assert len(matches) == size - 1
    # every entry appears exactly once in the first round; byes only for the top seeds
    first = [m for m in matches if m.round.number == 1]
    entrants = [e for m in first for e in (m.entry_a_id, m.entry_b_id) if e]
    assert sorted(entrants) == sorted(event.entries.values_list("pk", flat=True))
    byes = [m for m in first if m.bye]
    assert len(byes) == size - n
    seeds = {e.pk: e.seed for e in event.entries.all()}
    assert all(seeds[m.entry_a_id or m.entry_b_id] is not None for m in byes[:4])
    # every match but the final knows where its winner goes
    assert sum(1 for m in matches if m.winner_to_id) == len(matches) - 1
    run_event(event, actor, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == "finished"
    champion = draws.champion(event)
    final = Match.objects.get(event=event, winner_to__isnull=True)
    assert champion is not None and champion.pk == final.entry_for(final.winner_side).pk
    # nobody lost and still played on
    losers = set()
    for m in Match.objects.filter(event=event, bye=False).order_by("number"):
        assert m.entry_a_id not in losers and m.entry_b_id not in losers
        losers.add(m.entry_b_id if m.winner_side == "a" else m.entry_a_id)


def test_third_place_match_gets_the_losing_semi_finalists(
    tournament, actor, django_capture_on_commit_callbacks
):
    event = make_event(tournament, 4, seeds=4, settings={"third_place": True})
    draws.draw_event(event=event, actor=actor)
    third = Match.objects.get(event=event, round__bracket=Round.Bracket.PLACEMENT)
    semis = list(Match.objects.filter(event=event, round__number=1))
    for semi in semis:
        with django_capture_on_commit_callbacks(execute=True):
            play_and_confirm(semi, "a", actor)
    third.refresh_from_db()
    assert {third.entry_a_id, third.entry_b_id} == {s.entry_b_id for s in semis}
    assert third.status == Match.Status.READY
    assert third.draw_reason["code"] == "ko_third_place"


@pytest.mark.parametrize("n", [3, 4, 6, 9])
def test_double_elimination_everyone_but_the_champion_loses_twice(
    tournament, actor, django_capture_on_commit_callbacks, n
):
    event = make_event(tournament, n, fmt="double_elimination", seeds=2)
    draws.draw_event(event=event, actor=actor, random_seed=3)
    run_event(event, actor, django_capture_on_commit_callbacks, random.Random(n))
    event.refresh_from_db()
    assert event.status == "finished"
    champion = draws.champion(event)
    losses = dict.fromkeys(event.entries.values_list("pk", flat=True), 0)
    for m in Match.objects.filter(event=event, bye=False, status="confirmed"):
        losses[m.entry_b_id if m.winner_side == "a" else m.entry_a_id] += 1
    assert champion is not None
    assert losses[champion.pk] <= 1
    assert all(count == 2 for e, count in losses.items() if e != champion.pk)


@pytest.mark.parametrize(("n", "rounds"), [(8, 7), (9, 6), (16, 9)])
def test_swiss_no_repeats_and_one_bye_each(
    tournament, actor, django_capture_on_commit_callbacks, n, rounds
):
    event = make_event(tournament, n, fmt="swiss", settings={"rounds": rounds})
    draws.draw_event(event=event, actor=actor)
    run_event(event, actor, django_capture_on_commit_callbacks, random.Random(n))
    assert event.rounds.count() == rounds
    pairs = [
        frozenset((m.entry_a_id, m.entry_b_id))
        for m in Match.objects.filter(event=event, bye=False)
    ]
    assert len(pairs) == len(set(pairs))
    byes = [m.entry_a_id for m in Match.objects.filter(event=event, bye=True)]
    assert len(byes) == len(set(byes)) == (rounds if n % 2 else 0)
    for m in Match.objects.filter(event=event):
        assert m.draw_reason["code"].startswith("swiss_")
    event.refresh_from_db()
    assert event.status == "finished"
    with pytest.raises(DrawServiceError) as err:
        draws.next_round(event=event, actor=actor)
    assert err.value.code == "all_rounds_drawn"


def test_swiss_bye_counts_as_a_won_game(tournament, actor):
    event = make_event(tournament, 5, fmt="swiss")
    draws.draw_event(event=event, actor=actor)
    bye = Match.objects.get(event=event, bye=True)
    assert bye.status == "confirmed" and bye.winner_side == "a" and bye.entry_b is None
    results = {r.a: r for _row, r in draws.event_results(event) if r is not None}
    result = results[bye.entry_a_id]
    assert result.bye and result.points_a == 25 and result.games_a == 1


def test_swiss_next_round_waits_for_confirmations(tournament, actor):
    event = make_event(tournament, 4, fmt="swiss")
    draws.draw_event(event=event, actor=actor)
    match = Match.objects.filter(event=event).first()
    play(match, "a")  # finished, not confirmed
    state = organiser_selectors.draw_state(event)
    assert not state.can_next and state.blocked == "round_incomplete"
    with pytest.raises(DrawServiceError) as err:
        draws.next_round(event=event, actor=actor, expected_rounds=1)
    assert err.value.code == "round_incomplete"


def test_a_repeated_click_draws_nothing_twice(tournament, actor):
    event = make_event(tournament, 6, fmt="swiss")
    draws.draw_event(event=event, actor=actor, expected_rounds=0)
    with pytest.raises(DrawServiceError) as err:
        draws.draw_event(event=event, actor=actor, expected_rounds=0)
    assert err.value.code == "already_drawn"
    for m in Match.objects.filter(event=event, bye=False):
        m.status, m.winner_side = "confirmed", "a"
        m.save()
    draws.next_round(event=event, actor=actor, expected_rounds=1)
    with pytest.raises(DrawServiceError) as err:
        draws.next_round(event=event, actor=actor, expected_rounds=1)
    assert err.value.code == "already_drawn"
    assert event.rounds.count() == 2


def test_groups_then_knockout_of_the_qualifiers(
    tournament, actor, django_capture_on_commit_callbacks
):
    event = make_event(
        tournament, 9, fmt="groups", seeds=3, settings={"groups": 3, "qualifiers": 2}
    )
    draws.draw_event(event=event, actor=actor)
    group_matches = Match.objects.filter(event=event, round__bracket=Round.Bracket.GROUPS)
    assert group_matches.count() == 9  # three groups of three: everyone meets everyone once
    for group in "ABC":
        pairs = {frozenset((m.entry_a_id, m.entry_b_id)) for m in group_matches.filter(group=group)}
        members = set(itertools.chain.from_iterable(pairs))
        assert pairs == {frozenset(p) for p in itertools.combinations(members, 2)}
    # seeds are snaked into different groups
    seeded = event.entries.filter(seed__isnull=False)
    groups_of_seeds = {
        group_matches.filter(entry_a=e).first().group
        or group_matches.filter(entry_b=e).first().group
        for e in seeded
    }
    assert len(groups_of_seeds) == 3
    assert organiser_selectors.draw_state(event).blocked == "groups_incomplete"
    run_event(event, actor, django_capture_on_commit_callbacks)
    knockout = Match.objects.filter(event=event).exclude(round__bracket=Round.Bracket.GROUPS)
    assert knockout.count() == 7  # six qualifiers in a bracket of 8
    tables = draws.group_tables(event)
    qualified = {t[i].entry for t in tables.values() for i in range(2)}
    first_round = knockout.filter(
        round__number=event.rounds.filter(bracket=Round.Bracket.GROUPS).count() + 1
    )
    assert {e for m in first_round for e in (m.entry_a_id, m.entry_b_id) if e} == qualified
    codes = {m.draw_reason["code"] for m in first_round}
    assert codes <= {"group_places", "group_bye"} and "group_places" in codes
    for m in first_round.filter(bye=False):  # never two of the same group in round 1 here
        p = m.draw_reason["params"]
        assert p["group_a"] != p["group_b"]
    event.refresh_from_db()
    assert event.status == "finished"
    assert draws.champion(event) is not None


def test_walkover_and_withdrawal(tournament, actor, django_capture_on_commit_callbacks):
    event = make_event(tournament, 8, seeds=8)
    draws.draw_event(event=event, actor=actor)
    first = list(Match.objects.filter(event=event, round__number=1).order_by("number"))
    with django_capture_on_commit_callbacks(execute=True):
        draws.record_walkover(match=first[0], absent="b", actor=actor)
    first[0].refresh_from_db()
    assert first[0].walkover and first[0].winner_side == "a"
    semi = Match.objects.get(pk=first[0].winner_to_id)
    assert semi.entry_a_id == first[0].entry_a_id
    assert AuditEntry.objects.filter(match=first[0], action="walkover").exists()
    # a withdrawal: the pending match becomes a walkover for the opponent
    gone = first[1].entry_b
    with django_capture_on_commit_callbacks(execute=True):
        decided = draws.withdraw_entry(entry=gone, actor=actor)
    assert [m.pk for m in decided] == [first[1].pk]
    first[1].refresh_from_db()
    assert first[1].walkover and first[1].winner_side == "a"
    semi.refresh_from_db()
    assert semi.status == Match.Status.READY
    # a later withdrawal of a player whose next opponent is not known yet
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(first[2], "a", actor)
    survivor = first[2].entry_a
    with django_capture_on_commit_callbacks(execute=True):
        draws.withdraw_entry(entry=survivor, actor=actor)
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(first[3], "b", actor)
    other_semi = Match.objects.get(pk=first[2].winner_to_id)
    assert other_semi.walkover and other_semi.entry_for(other_semi.winner_side) == first[3].entry_b


def test_double_walkover_empties_the_next_slot(
    tournament, actor, django_capture_on_commit_callbacks
):
    event = make_event(tournament, 4, seeds=4)
    draws.draw_event(event=event, actor=actor)
    semi1, semi2 = Match.objects.filter(event=event, round__number=1).order_by("number")
    with django_capture_on_commit_callbacks(execute=True):
        draws.record_walkover(match=semi1, absent="both", actor=actor)
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(semi2, "a", actor)
    final = Match.objects.get(event=event, round__number=2)
    assert final.bye and final.status == "confirmed"
    assert final.entry_for(final.winner_side).pk == semi2.entry_a_id
    event.refresh_from_db()
    assert event.status == "finished"


def test_finished_but_unconfirmed_does_not_advance(
    tournament, actor, django_capture_on_commit_callbacks
):
    event = make_event(tournament, 4, seeds=4)
    draws.draw_event(event=event, actor=actor)
    semi = Match.objects.filter(event=event, round__number=1).first()
    with django_capture_on_commit_callbacks(execute=True):
        play(semi, "a")
    final = Match.objects.get(pk=semi.winner_to_id)
    assert final.entry_a_id is None and final.entry_b_id is None
    with django_capture_on_commit_callbacks(execute=True):
        draws.confirm_result(match=semi, actor=actor)
    final.refresh_from_db()
    assert final.entry_a_id == semi.entry_a_id


def test_take_back_a_round(tournament, actor):
    event = make_event(tournament, 6, fmt="swiss")
    draws.draw_event(event=event, actor=actor)
    with pytest.raises(DrawServiceError):
        draws.delete_last_round(event=event, actor=actor, expected_rounds=2)  # stale
    match = Match.objects.filter(event=event).first()
    play(match)
    with pytest.raises(DrawServiceError) as err:
        draws.delete_last_round(event=event, actor=actor, expected_rounds=1)
    assert err.value.code == "round_started"
    other = make_event(tournament, 5, name="KO")
    draws.draw_event(event=other, actor=actor)
    draws.delete_last_round(event=other, actor=actor, expected_rounds=other.rounds.count())
    other.refresh_from_db()
    assert not other.rounds.exists() and other.status == "entry"
    assert not Match.objects.filter(event=other).exists()


def test_one_game_rounds(tournament, actor):
    event = make_event(tournament, 16, games_to_win=2, settings={"single_game_rounds": 1})
    draws.draw_event(event=event, actor=actor)
    assert {r.number: r.games_to_win for r in event.rounds.all()} == {1: 1, 2: 2, 3: 2, 4: 2}
    assert {r.number: r.stage for r in event.rounds.all()} == {
        1: "early",
        2: "late",
        3: "late",
        4: "late",
    }
    assert set(
        Match.objects.filter(round__number=1, event=event).values_list("games_to_win", "stage")
    ) == {(1, "early")}


def test_swiss_round_pairing_uses_few_queries(tournament, actor):
    event = make_event(tournament, 40, fmt="swiss")
    draws.draw_event(event=event, actor=actor)
    for m in Match.objects.filter(event=event, bye=False):
        m.status, m.winner_side = "confirmed", "b"
        m.save()
    with CaptureQueriesContext(connection) as queries:
        draws.next_round(event=event, actor=actor, expected_rounds=1)
    assert len(queries) <= 14, [q["sql"][:80] for q in queries]
    assert Match.objects.filter(event=event, round__number=2).count() == 20


def test_knockout_draw_uses_few_queries(tournament, actor):
    event = make_event(tournament, 64, seeds=8)
    with CaptureQueriesContext(connection) as queries:
        draws.draw_event(event=event, actor=actor)
    assert len(queries) <= 16, [q["sql"][:80] for q in queries]
    assert Match.objects.filter(event=event).count() == 63
