"""The extra board after a tie over the board limit (ICF 56(b); rulings README ruling 3, point
carrom too): the card says the tie and asks for the fresh toss, the toss's winner is recorded
on the server with the step (a reload or a second tablet knows it) and breaks, and the board's
first stroke is any board's (one tap)."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import AuditEntry, Board, Match
from scoring.services.matches import match_snapshot, record_quick_board, record_toss
from tests.factories import make_match
from tests.live.point_flow import post as point_post
from tests.live.point_flow import toss as point_toss

from .conftest import UMPIRE, link, post


def fresh(match: Match) -> dict:
    match.refresh_from_db()
    return {"client_id": str(uuid.uuid4()), "revision": match.revision}


def step_key(match: Match) -> str:
    view = match_snapshot(match).current
    return f"{match.pk}-{view.game_number}-{view.board_number}"


@pytest.fixture
def colour_tie(db) -> Match:
    match = make_match()
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    for n in range(8):
        record_quick_board(
            match=match,
            winner="a" if n % 2 else "b",
            carrommen=3,
            client_id=uuid.uuid4(),
            actor=UMPIRE,
        )
    match.refresh_from_db()
    return match


@pytest.fixture
def point_tie(db) -> Match:
    match = point_toss(make_match(rules="point-carrom", games_to_win=1))
    for _ in range(8):  # 8–8–0: a tie at the top after 8 boards
        position = match_snapshot(match).current.position
        point_post(match, {"type": "stroke", "by": position.players[position.on_turn]})
        point_post(match, {"type": "umpire_ruling", "points": {"a": 1, "b": 1}, "law": "IT 101"})
    return match


def test_the_colour_card_asks_for_the_toss_and_its_winner_breaks(client, colour_tie):
    html = client.get(link(colour_tie)).content.decode()
    assert "12–12: extra board, toss for the break" in html
    assert "Who won the toss for the break?" in html
    assert 'id="toss-break-a"' in html and 'id="toss-break-b"' in html
    assert 'id="card-go"' not in html  # not "Start board 9" alone
    assert 'name="breaker"' not in html.split('id="pad"')[1]  # the pad asks nothing more

    step = step_key(colour_tie)
    refused = post(client, colour_tie, "step", {**fresh(colour_tie), "step": step})
    assert refused.status_code == 422  # a toss needs its winner
    answer = post(client, colour_tie, "step", {**fresh(colour_tie), "step": step, "breaker": "b"})
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Extra board: Ben Kirk won the toss and breaks (White)." in html
    assert AuditEntry.objects.get(action="board_step", detail__step=step).detail["breaker"] == "b"
    # a second tablet (a reload) knows it, and the one-tap buttons are there and enabled
    html = client.get(link(colour_tie)).content.decode()
    assert "Extra board: Ben Kirk won the toss and breaks (White)." in html
    assert 'data-by="white"' in html and 'id="quick-nothing"' in html
    # the first stroke by one tap, without a breaker sent: the toss's winner breaks
    one_tap = post(
        client, colour_tie, "event", {**fresh(colour_tie), "by": "white", "preset": "own"}
    )
    assert one_tap.status_code == 200
    board = Board.objects.filter(kind="log").get()
    assert board.breaker == "b" and board.sequence == 9


def test_a_second_toss_does_not_change_the_first(client, colour_tie):
    step = step_key(colour_tie)
    post(client, colour_tie, "step", {**fresh(colour_tie), "step": step, "breaker": "a"})
    again = post(client, colour_tie, "step", {**fresh(colour_tie), "step": step, "breaker": "b"})
    assert again.status_code == 200
    assert "Extra board: Asha Rao won the toss and breaks (White)." in again.content.decode()


def test_point_carrom_card_toss_and_one_tap_first_stroke(client, point_tie):
    game = match_snapshot(point_tie).state
    assert game.extra_board and game.scores == {"a": 8, "b": 8, "c": 0}
    html = client.get(link(point_tie)).content.decode()
    assert "8–8–0: extra board, toss for the break" in html
    assert 'id="toss-break-c"' in html
    assert 'id="pad"' not in html  # nobody is on turn before the toss

    step = step_key(point_tie)
    answer = post(client, point_tie, "step", {**fresh(point_tie), "step": step, "breaker": "b"})
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Extra board: Ben Kirk won the toss and breaks." in html
    assert 'id="pad"' in html and 'data-by="b"' in html
    assert 'id="quick-white"' in html and 'id="quick-nothing"' in html

    one_tap = post(client, point_tie, "event", {**fresh(point_tie), "by": "b", "preset": "white"})
    assert one_tap.status_code == 200, one_tap.content.decode()[:400]
    board = Board.objects.filter(kind="log").order_by("-sequence").first()
    assert board.breaker == "b" and board.sequence == 9
    assert "Ben Kirk scores 2 points." in one_tap.content.decode()


def test_point_carrom_stroke_before_the_toss_is_refused(client, point_tie):
    refused = post(client, point_tie, "event", {**fresh(point_tie), "by": "a", "preset": "white"})
    assert refused.status_code == 422
    assert not Board.objects.filter(kind="log", sequence=9).exists()
