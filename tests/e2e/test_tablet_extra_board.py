"""The extra board in the browser (issue 28; ICF 56(b), rulings README ruling 3, point carrom
too): after a tie over 8 boards the card says the tie and asks who won the fresh toss; one tap
on the winner records it, he breaks, and the extra board's first stroke is one tap like any
board's. Colour game and point carrom, at the four tablet sizes and the phone between them;
screenshots of the card and of the board after the toss go to the test's tmp folder."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Board, Match
from scoring.services.matches import match_snapshot, record_event, record_quick_board
from tests.e2e.test_tablet_screen import PHONE, SIZES, assert_all_controls_on_screen, settled
from tests.e2e.test_umpire_tablet import UMPIRE, Problems, tossed_match
from tests.factories import make_match
from tests.live.point_flow import toss as point_toss


def _colour_tie() -> Match:
    match = tossed_match()
    for n in range(8):  # 12–12 after 8 boards
        record_quick_board(
            match=match,
            winner="a" if n % 2 else "b",
            carrommen=3,
            client_id=uuid.uuid4(),
            actor=UMPIRE,
        )
    match.refresh_from_db()
    return match


def _point_tie() -> Match:
    match = point_toss(make_match(rules="point-carrom", games_to_win=1))
    for _ in range(8):  # 8–8–0 after 8 boards: a tie at the top
        position = match_snapshot(match).current.position
        for payload in (
            {"type": "stroke", "by": position.players[position.on_turn]},
            {"type": "umpire_ruling", "points": {"a": 1, "b": 1}, "law": "IT 101"},
        ):
            record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=UMPIRE)
    match.refresh_from_db()
    return match


#: Are the element's words all inside it (nothing cut at its edges)?
WHOLE = """(sel) => { const el = document.querySelector(sel);
  return el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1; }"""

CASES = [
    pytest.param(size.values[0], game, id=f"{game}-{size.id}")
    for size, game in (
        (SIZES[0], "colour"),
        (SIZES[2], "colour"),
        (PHONE, "colour"),
        (SIZES[1], "point"),
        (SIZES[3], "point"),
    )
]


@pytest.mark.parametrize(("size", "game"), CASES)
def test_the_extra_board_toss_then_its_first_stroke_by_one_tap(
    live_server, page: Page, transactional_db, size, game, tmp_path
):
    colour = game == "colour"
    match = _colour_tie() if colour else _point_tie()
    page.set_viewport_size(size)
    problems = Problems(page)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")

    title = "12–12: extra board, toss for the break" if colour else "8–8–0: extra board"
    expect(page.locator("#extra-board-card")).to_contain_text(title)
    expect(page.locator("#toss-break legend")).to_have_text("Who won the toss for the break?")
    expect(page.locator("#card-go")).to_have_count(0)  # not "Start board 9" alone
    assert_all_controls_on_screen(page, "the extra board's card")
    page.screenshot(path=tmp_path / f"{game}-card.png")

    page.locator("#toss-break-b").tap()  # Ben Kirk won the toss
    said = "Extra board: Ben Kirk won the toss and breaks" + (" (White)." if colour else ".")
    expect(page.locator("#extra-board")).to_contain_text(said)
    assert page.evaluate(WHOLE, "#extra-board"), "the toss's line is cut"
    expect(page.locator("#summary-card")).to_be_hidden()
    one_tap = page.locator("#quick-own" if colour else "#quick-white")
    expect(one_tap).to_be_enabled()
    assert_all_controls_on_screen(page, "the extra board after the toss")
    page.screenshot(path=tmp_path / f"{game}-after-toss.png")

    one_tap.tap()  # the extra board's first stroke: one tap
    settled(page, match.revision + 1)
    board = Board.objects.get(game__match=match, kind="log", sequence=9)
    assert board.breaker == "b" and board.events.count() == 1
    expect(page.locator("#history")).to_contain_text("Ben Kirk")
    problems.assert_none()
