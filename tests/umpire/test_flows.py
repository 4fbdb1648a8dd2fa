"""The tablet through a match: toss, doubles seating and turns, board, game and match ends,
interpretations, extra points, the extra board, quick entry, point carrom, and the
organiser's pages (stand-alone match, umpire link with QR code)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth import get_user_model

from scoring.models import Board, BoardEvent, Event, Match
from scoring.selectors.umpire import tablet
from scoring.services.matches import match_snapshot, record_quick_board, record_toss
from tests.factories import make_match

from .conftest import UMPIRE, link, post, record, stroke


def turn_player(html: str) -> str:
    return re.search(r'id="turn-player">([^<]+)<', html).group(1)


def fresh(match: Match) -> dict:
    match.refresh_from_db()
    return {"client_id": str(uuid.uuid4()), "revision": match.revision}


def quick(match: Match, winner: str, **kwargs) -> None:
    record_quick_board(match=match, winner=winner, client_id=uuid.uuid4(), actor=UMPIRE, **kwargs)


# --- before the match ------------------------------------------------------------------------


def test_the_toss_then_who_breaks(client, match):
    html = client.get(link(match)).content.decode()
    assert "Before the match: the toss" in html and 'id="pad"' not in html

    response = post(client, match, "toss", {**fresh(match), "winner": "a", "choice": "side"})

    assert response.status_code == 200
    match.refresh_from_db()
    assert (match.toss_winner, match.toss_choice) == ("a", "side")
    # the toss winner chose the side: the other player breaks (ICF 40)
    assert "Board 1: Ben Kirk breaks (White)." in response.content.decode()


def test_a_retried_toss_is_not_a_conflict(client, match):
    data = {**fresh(match), "winner": "b", "choice": "break"}
    assert post(client, match, "toss", data).status_code == 200
    assert post(client, match, "toss", data).status_code == 200  # same toss, resent
    other = {**data, "winner": "a"}
    assert post(client, match, "toss", other).status_code == 409


@pytest.fixture
def doubles(db) -> Match:
    match = make_match(kind="doubles")
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    match.refresh_from_db()
    return match


def _seat(client, match: Match) -> None:
    ids = {p.name: p.pk for e in (match.entry_a, match.entry_b) for p in e.players}
    response = post(
        client,
        match,
        "seating",
        {**fresh(match), "first": ids["Asha Rao"], "right": ids["Chen Li"]},
    )
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.seating == [ids["Asha Rao"], ids["Chen Li"], ids["Ben Kirk"], ids["Dora Vik"]]


def test_doubles_seating_and_the_turn_passing_to_the_right(client, doubles):
    html = client.get(link(doubles)).content.decode()
    assert "Before the match: the seating" in html
    bad = post(client, doubles, "seating", {**fresh(doubles), "first": 999, "right": 998})
    assert bad.status_code == 422 and doubles.seating == []

    _seat(client, doubles)
    html = client.get(link(doubles)).content.decode()
    assert turn_player(html) == "Asha Rao" and "Seat 1" in html
    # the panel of the side on turn names the seat on turn, not only the pair (issue 28)
    assert re.search(r'id="side-seat">Asha Rao · Seat 1<', html)

    seen = []
    for colour in ("white", "black", "white", "black"):
        response = stroke(client, doubles, colour)  # nothing pocketed: the turn passes
        seen.append(turn_player(response.content.decode()))
        assert f'id="side-seat">{seen[-1]} · Seat' in response.content.decode()
    assert seen == ["Chen Li", "Ben Kirk", "Dora Vik", "Asha Rao"]
    # a stroke that keeps the turn keeps the player
    response = stroke(client, doubles, "white", white=1)
    assert turn_player(response.content.decode()) == "Asha Rao"


def test_doubles_the_break_passes_to_the_right_board_by_board(client, doubles):
    _seat(client, doubles)
    breakers = []
    for _board in range(4):
        html = client.get(link(doubles)).content.decode()
        breakers.append(turn_player(html))
        record(doubles, {"type": "stroke", "by": "white", "pocketed": {"white": 9}})
    assert breakers == ["Asha Rao", "Chen Li", "Ben Kirk", "Dora Vik"]


# --- during and after a board ---------------------------------------------------------------


def test_a_whole_board_with_a_due_a_foul_a_cover_and_the_result(client, tossed):
    # B (Ben Kirk) breaks with white
    stroke(client, tossed, "white", white=1)  # break made, continues
    html = stroke(client, tossed, "white", striker="on").content.decode()
    assert "Striker pocketed by White (Ben Kirk): one due." in html
    assert "Due: 1 white carromman to be placed by Black (Asha Rao)." in html
    html = stroke(client, tossed, "black", black=1, foul="on").content.decode()
    assert "Foul by Black (Asha Rao): 1 penalty carromman, the turn is lost." in html
    html = stroke(client, tossed, "white", white=1, queen="on").content.decode()
    assert "Queen must be covered in the next stroke by White (Ben Kirk)." in html
    html = stroke(client, tossed, "white", white=1).content.decode()
    assert "Queen covered by White (Ben Kirk)." in html
    html = stroke(client, tossed, "white", white=7).content.decode()
    assert "White (Ben Kirk) wins the board: 12 points." in html  # 9 black + queen, max 12
    assert "Board 1 is over" in html and "Ben Kirk wins the board: 12 points" in html
    assert "Board 2: Asha Rao breaks (White)." in html
    board = Board.objects.get()
    assert board.finished and board.result_points == 12 and board.result_winner == "b"


def test_an_interpretation_asks_the_umpire_to_confirm(client, tossed):
    record(tossed, {"type": "stroke", "by": "white"})
    record(tossed, {"type": "stroke", "by": "black", "pocketed": {"black": 8}})
    record(tossed, {"type": "stroke", "by": "black"})
    # white pockets the queen with black's last carromman: as ICF 106, an interpretation
    response = stroke(client, tossed, "white", black=1, queen="on")
    html = response.content.decode()
    assert "this result is an interpretation" in html
    assert 'id="confirm-interpretation"' in html
    board = Board.objects.get()
    assert board.result_interpretation and board.result_law == "ICF 106"

    confirm = re.search(
        r'<form class="u-inline-form"[^>]*>(.*?)</form>',
        html[html.index('id="interpretation"') :],
        re.S,
    ).group(1)
    data = dict(re.findall(r'name="(\w+)" value="([^"]*)"', confirm))
    data.pop("csrfmiddlewaretoken", None)
    response = post(client, tossed, "event", data)

    assert response.status_code == 200
    board.refresh_from_db()
    assert (board.result_winner, board.result_points, board.result_law) == ("a", 12, "ICF 106")
    assert not board.result_interpretation
    assert 'id="confirm-interpretation"' not in response.content.decode()


def test_the_winner_claims_the_extra_point(client, tossed):
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 8}})
    html = stroke(client, tossed, "white", white=1, striker="on").content.decode()
    assert "may claim 1 more point (if demanded)" in html and 'id="claim"' in html

    response = post(client, tossed, "claim", fresh(tossed))

    assert response.status_code == 200
    board = Board.objects.get()
    assert board.result_points == 4 and board.result_extra_points == 1
    assert "Includes 1 extra point claimed." in response.content.decode()


def test_other_decisions(client, tossed):
    stroke(client, tossed, "white", white=1)
    stroke(client, tossed, "white")
    assert (
        post(
            client, tossed, "event", {**fresh(tossed), "kind": "technical_foul", "by": "white"}
        ).status_code
        == 200
    )
    html = post(
        client, tossed, "event", {**fresh(tossed), "kind": "forgo", "by": "black"}
    ).content.decode()
    assert "Black (Asha Rao) forgoes placing 1 carromman." in html
    missing = post(client, tossed, "event", {**fresh(tossed), "kind": "board_loss"})
    assert missing.status_code == 422 and "Choose the player." in missing.content.decode()
    html = post(
        client,
        tossed,
        "event",
        {**fresh(tossed), "kind": "board_loss", "by": "black", "reason": "left_seat"},
    ).content.decode()
    assert "Black (Asha Rao) loses the board by conduct" in html
    html = post(
        client,
        tossed,
        "event",
        {
            **fresh(tossed),
            "kind": "umpire_ruling",
            "winner": "white",
            "points": "5",
            "law": "ICF 91",
        },
    ).content.decode()
    assert "Ben Kirk wins the board: 5 points" in html
    html = post(client, tossed, "event", {**fresh(tossed), "kind": "void"}).content.decode()
    assert "Board 1 is void and is played again." in html
    kinds = [e.type for e in BoardEvent.objects.order_by("seq")]
    assert kinds == [
        "stroke",
        "stroke",
        "technical_foul",
        "forgo",
        "board_loss",
        "umpire_ruling",
        "void",
    ]


def test_game_end_change_sides_and_the_interval_before_game_3(client, tossed):
    for _ in range(3):
        quick(tossed, "b", points=12, law="ICF 53")
    html = client.get(link(tossed)).content.decode()
    assert "Game 1 is over" in html and "Ben Kirk wins the game." in html
    assert "Change sides before this board" in html and 'id="interval"' not in html
    for _ in range(3):
        quick(tossed, "a", points=12, law="ICF 53")
    html = client.get(link(tossed)).content.decode()
    assert "Game 2 is over" in html and 'id="interval"' in html
    assert "Interval before the deciding game" in html
    assert re.search(r'data-interval-end="\d{4}-\d\d-\d\dT', html)


def test_the_extra_board_asks_who_won_the_toss_for_the_break(client, tossed):
    for n in range(8):
        quick(tossed, "a" if n % 2 else "b", carrommen=3)
    snapshot = match_snapshot(tossed)
    assert snapshot.current.breaker is None and snapshot.state.games[0].extra_board
    html = client.get(link(tossed)).content.decode()
    assert "Extra board: a toss decides who breaks" in html
    assert 'name="breaker"' in html
    # the card says why (issue 28), and the extra board's first stroke has one-tap buttons
    assert "12–12: extra board, toss for the break" in html
    assert 'id="quick-nothing"' in html and 'id="quick-own"' in html

    refused = stroke(client, tossed, "white")
    assert refused.status_code == 422
    assert "choose who won it" in refused.content.decode()
    # a one-tap stroke sent with the toss's winner chosen on the pad
    response = post(
        client, tossed, "event", {**fresh(tossed), "by": "white", "preset": "own", "breaker": "a"}
    )
    assert response.status_code == 200
    board = Board.objects.filter(kind="log").get()
    assert board.breaker == "a" and board.sequence == 9


def test_quick_entry_of_paper_boards(client, tossed):
    response = post(
        client,
        tossed,
        "quick",
        {**fresh(tossed), "winner": "a", "mode": "count", "carrommen": "5", "queen": "a"},
    )
    assert response.status_code == 200
    assert match_snapshot(tossed).state.games[0].scores == {"a": 8, "b": 0}
    assert "Asha Rao wins the board: 8 points" in response.content.decode()

    zero = post(
        client,
        tossed,
        "quick",
        {**fresh(tossed), "winner": "b", "mode": "count", "carrommen": "0", "queen": ""},
    )
    assert zero.status_code == 422 and "at least one point" in zero.content.decode()
    no_law = post(
        client, tossed, "quick", {**fresh(tossed), "winner": "b", "mode": "award", "points": "3"}
    )
    assert no_law.status_code == 422
    assert "An award needs the law it applies." in no_law.content.decode()
    too_many = post(
        client,
        tossed,
        "quick",
        {**fresh(tossed), "winner": "b", "mode": "award", "points": "13", "law": "ICF 107"},
    )
    assert too_many.status_code == 422
    assert "A board is worth 1 to 12 points." in too_many.content.decode()
    assert match_snapshot(tossed).state.games[0].scores == {"a": 8, "b": 0}
    # a mistyped paper board is withdrawn by the tablet's undo (tests/umpire/test_paper_undo.py)
    html = client.get(link(tossed)).content.decode()
    assert 'id="undo"' in html and "Board 1, entered from paper" in html


def test_quick_entry_while_a_board_is_recorded_is_refused(client, tossed):
    stroke(client, tossed, "white")
    response = post(
        client, tossed, "quick", {**fresh(tossed), "winner": "a", "mode": "count", "carrommen": "5"}
    )
    assert response.status_code == 422
    assert "finish or undo it first" in response.content.decode()


def test_point_carrom_on_the_tablet(client, db):
    match = make_match(rules="point-carrom", games_to_win=1)
    html = client.get(link(match)).content.decode()
    assert "u-sides-3" in html and turn_player(html) == "Asha Rao"
    assert 'id="quick-white"' in html and 'id="tf-white"' not in html

    response = stroke(client, match, "a", preset="white")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Asha Rao scores 2 points." in html and turn_player(html) == "Asha Rao"
    response = stroke(client, match, "a", black=1, foul="on")
    html = response.content.decode()
    assert "Foul by Asha Rao" in html and turn_player(html) == "Ben Kirk"
    refused = stroke(client, match, "c")
    assert refused.status_code == 422
    assert "That colour is not on turn." in refused.content.decode() or (
        "not on turn" in refused.content.decode()
    )
    response = post(client, match, "undo", fresh(match))
    assert turn_player(response.content.decode()) == "Asha Rao"


# --- the organiser's pages and the umpire's home ----------------------------------------------


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("org", password="pw", is_staff=True)


def test_an_organiser_creates_a_match_and_gets_the_link_as_a_qr_code(client, match, organiser):
    tournament = match.event.tournament
    url = f"/t/{tournament.slug}/matches/new/"
    client.force_login(organiser)
    assert client.get(url).status_code == 403  # not an organiser of this tournament
    tournament.organisers.add(organiser)
    organiser._organiser_of = None

    page = client.get(url)
    assert page.status_code == 200 and "New match" in page.content.decode()
    response = client.post(
        url,
        {
            "kind": "doubles",
            "rules": "icf",
            "stage": "late",
            "games_to_win": "2",
            "a1_name": "Uma One",
            "a2_name": "Ulf Two",
            "b1_name": "Vera Three",
            "b2_name": "Vic Four",
            "table_number": "4",
        },
    )
    created = Match.objects.order_by("-pk").first()
    assert response.status_code == 302
    assert response["Location"] == f"/m/{created.pk}/link/"
    assert created.event.format == Event.Format.SINGLE_MATCH and created.event.is_doubles
    assert created.stage == "late" and created.table.number == 4

    page = client.get(response["Location"]).content.decode()
    assert 'src="data:image/png;base64,' in page
    assert f"/u/{created.umpire_token}/" in page

    client.post(response["Location"], {"action": "revoke"})
    client.logout()
    assert client.get(link(created)).status_code == 403


def test_the_new_match_form_checks_the_players(client, match, organiser):
    tournament = match.event.tournament
    tournament.organisers.add(organiser)
    client.force_login(organiser)
    response = client.post(
        f"/t/{tournament.slug}/matches/new/",
        {
            "kind": "singles",
            "rules": "point-carrom",
            "stage": "early",
            "games_to_win": "2",
            "a1_name": "Same",
            "b1_name": "same",
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Point carrom has its own rules preset" in html
    assert "Each player can play only once." in html


def test_the_umpire_home_lists_assigned_matches(client, tossed):
    user_model = get_user_model()
    umpire = user_model.objects.create_user("ump", password="pw")
    tossed.umpire = umpire
    tossed.save()
    make_match(slug="test-open")  # not his
    client.force_login(umpire)

    html = client.get("/umpire/").content.decode()

    assert f"/m/{tossed.pk}/score/" in html and html.count("Open the tablet") == 1
    assert 'href="/umpire/">My matches</a>' in client.get("/").content.decode()
    client.logout()
    assert 'href="/umpire/"' not in client.get("/").content.decode()


def test_after_confirmation_only_an_organiser_reopens_the_match(client, tossed, organiser):
    for _ in range(6):
        quick(tossed, "b", points=12, law="ICF 53")
    for side in ("a", "b"):
        assert post(client, tossed, "confirm", {"side": side}).status_code == 200
    tossed.refresh_from_db()
    assert tossed.is_locked
    # the umpire link cannot reopen it
    assert post(client, tossed, "unlock", {"reason": "typo"}).status_code == 403
    html = client.get(link(tossed)).content.decode()
    assert "Unlock for a correction" not in html

    tossed.event.tournament.organisers.add(organiser)
    client.force_login(organiser)
    url = f"/m/{tossed.pk}/score/"
    assert "Unlock for a correction" in client.get(url).content.decode()
    response = client.post(
        url + "unlock/", {"reason": "paper sheet differs"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "The match is open for a correction." in response.content.decode()
    tossed.refresh_from_db()
    assert not tossed.is_locked and tossed.status == Match.Status.FINISHED
    assert tossed.audit_entries.filter(
        action="unlock", detail__reason="paper sheet differs"
    ).exists()


def test_the_link_page_is_for_organisers_only(client, tossed):
    umpire = get_user_model().objects.create_user("ump", password="pw")
    tossed.umpire = umpire
    tossed.save()
    client.force_login(umpire)
    assert client.get(f"/m/{tossed.pk}/link/").status_code == 403
    assert client.post(f"/m/{tossed.pk}/link/", {"action": "revoke"}).status_code == 403
    tossed.refresh_from_db()
    assert tossed.umpire_token_revoked_at is None


def test_the_history_of_a_board_just_ended_uses_the_scores_before_it(client, tossed):
    """The 22-point rule in the history of the board that has just ended: B has 22, so the
    queen he covers on board 3 counts nothing (ICF 54), also after a void board."""
    quick(tossed, "b", points=12, law="ICF 53")
    quick(tossed, "b", points=10, law="ICF 53")
    record(tossed, {"type": "stroke", "by": "white"})  # board 3, broken by b: void
    record(tossed, {"type": "void"})
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 2, "queen": True}})
    response = stroke(client, tossed, "white", white=7)
    html = response.content.decode()
    assert "White (Ben Kirk) wins the board: 9 points." in html  # not 12: B had 22
    assert "Ben Kirk wins the board: 3 points" not in html
    board = Board.objects.filter(kind="log").order_by("sequence").last()
    assert board.result_points == 9
    # the umpire then declares that board void: its history still shows what was ruled
    html = post(client, tossed, "event", {**fresh(tossed), "kind": "void"}).content.decode()
    # the one numbering (issue 28): the replay of void board 3 is board 3 again
    assert "Board 3 is void and is played again." in html
    view = tablet(match_snapshot(Match.objects.get(pk=tossed.pk)))
    assert view.history_board == 3 and view.history[0].kind == "void"
    assert "White (Ben Kirk) wins the board: 9 points." in [r.text for r in view.history[1].rulings]


def test_the_new_match_page_puts_the_match_into_the_event_picked(client, match, organiser):
    """The organiser picks the single-matches event on "New match" (a point-carrom evening)."""
    from scoring.services.draws import SYSTEM
    from scoring.services.tournaments import create_event

    tournament = match.event.tournament
    tournament.organisers.add(organiser)
    client.force_login(organiser)
    evening = create_event(
        tournament=tournament,
        name="Evening points",
        actor=SYSTEM,
        kind="points",
        format="single_match",
        rules="point-carrom",
        games_to_win=1,
    )
    page = client.get(f"/t/{tournament.slug}/matches/new/").content.decode()
    assert "Evening points" in page
    response = client.post(
        f"/t/{tournament.slug}/matches/new/",
        {
            "kind": "points",
            "rules": "point-carrom",
            "stage": "early",
            "games_to_win": "1",
            "event": str(evening.pk),
            "a1_name": "Xu",
            "b1_name": "Yan",
            "c1_name": "Zoe",
        },
    )
    assert response.status_code == 302
    created = Match.objects.latest("pk")
    assert created.event == evening and created.entry_c is not None


def test_the_tablet_says_who_confirmed(client, tossed):
    """Players' taps read "Confirmed by the players"; an organiser's confirmation says so."""
    from scoring.services.draws import SYSTEM, confirm_result

    for _ in range(6):
        quick(tossed, "b", points=12, law="ICF 53")
    confirm_result(match=tossed, actor=SYSTEM)
    html = client.get(link(tossed)).content.decode()
    assert "Confirmed by the organiser and locked." in html
    assert "Confirmed by the players" not in html
