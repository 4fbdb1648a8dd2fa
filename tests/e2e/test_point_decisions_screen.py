"""Browser test of the point-carrom "Other decisions" sheet (issue 19) at the tablet sizes
768x1024 and 1024x768: the sheet opens over the pad with every control in view and topmost,
and a void board is recorded from it (the same player breaks the board again)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Board
from tests.e2e.test_tablet_screen import (
    SIZES,
    assert_all_controls_on_screen,
    settled,
    tap,
)
from tests.e2e.test_time_up import _visible_and_on_top
from tests.e2e.test_umpire_tablet import Problems

SHOTS = Path("/tmp/pointpad-shots")

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", [SIZES[0], SIZES[2]])
def test_a_void_board_from_the_point_carrom_sheet(live_server, page: Page, transactional_db, size):
    from tests.factories import make_match

    SHOTS.mkdir(exist_ok=True)
    page.set_viewport_size(size)
    problems = Problems(page)
    match = make_match(rules="point-carrom", games_to_win=1)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    revision = match.revision
    for selector in ("#quick-white", "#quick-nothing"):  # A pockets a white, then misses
        tap(page, selector)
        revision += 1
        settled(page, revision)

    tap(page, "#actions > summary")
    expect(page.locator("#actions")).to_have_attribute("open", "")
    page.screenshot(path=str(SHOTS / f"point-sheet-{size['width']}x{size['height']}.png"))
    for selector in ('label[for="loss-c"]', "#loss-reason", "#loss-record"):
        page.locator(selector).scroll_into_view_if_needed()
        _visible_and_on_top(page, selector)
    for selector in ("#ruling-points-a", "#ruling-points-c", "#ruling-record", "#void"):
        page.locator(selector).scroll_into_view_if_needed()
        _visible_and_on_top(page, selector)

    tap(page, "#void")
    revision += 1
    settled(page, revision)
    expect(page.locator("#panel")).to_contain_text("Board declared void")
    expect(page.locator("#actions")).not_to_have_attribute("open", "")
    page.screenshot(path=str(SHOTS / f"point-after-void-{size['width']}x{size['height']}.png"))
    assert_all_controls_on_screen(page, "point carrom after the void board")
    board = Board.objects.get(game__match=match)
    assert board.void and board.finished

    expect(page.locator("#board-end")).to_contain_text("Board 1 is void and is played again.")
    # the board is played again with the same breaker: A is on turn
    tap(page, "#card-go")
    tap(page, "#quick-nothing")
    revision += 1
    settled(page, revision)
    boards = list(Board.objects.filter(game__match=match).order_by("sequence"))
    assert [b.breaker for b in boards] == ["a", "a"]
    problems.assert_none()
