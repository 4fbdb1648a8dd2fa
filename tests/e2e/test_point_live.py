"""Point carrom (three players) on the live pages in a browser: the match page on a phone and
the board page on a tablet show every player's points, with no two-player words; the hall
screen at 1920×1080 shows the three players of the table. Screenshots go to the test's
tmp folder (PNG) for a human to look at."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scoring.models import Table
from tests.factories import make_match
from tests.live.point_flow import BOARD_ONE, play, post, st, toss


@pytest.fixture
def point_match(transactional_db):
    match = toss(make_match(rules="point-carrom", games_to_win=1))
    table, _ = Table.objects.get_or_create(tournament=match.event.tournament, number=3)
    match.table = table
    match.save(update_fields=["table"])
    play(match, BOARD_ONE)
    post(match, st("c", black=2))  # board 2 in progress, broken by C
    return match


def _topmost(page, selector: str) -> bool:
    return page.evaluate(
        """(sel) => { const el = document.querySelector(sel);
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return el === hit || el.contains(hit); }""",
        selector,
    )


def test_point_match_and_board_pages(live_server, browser: Browser, point_match, tmp_path):
    slug = point_match.event.tournament.slug
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = phone.new_page()
    page.goto(live_server.url + reverse("scoring:live-match", args=[slug, point_match.pk]))
    expect(page.locator("h1")).to_have_text("Asha Rao · Ben Kirk · Chen Li")
    expect(page.locator("body")).not_to_contain_text(" vs ")
    expect(page.locator("body")).not_to_contain_text("(white)")
    expect(page.locator(".timeline-step")).to_have_count(1)
    expect(page.locator(".timeline-step").first).to_contain_text("Chen Li: 2 black")
    row = page.locator(".point-boards-table tbody tr").first
    expect(row).to_contain_text("all carrommen pocketed")
    assert _topmost(page, "h1")
    page.screenshot(path=str(tmp_path / "point-match-390.png"), full_page=True)

    tablet = browser.new_context(viewport={"width": 768, "height": 1024}, locale="de-DE")
    page = tablet.new_page()
    page.goto(live_server.url + reverse("scoring:live-board", args=[slug, point_match.pk, 1, 1]))
    expect(page.locator(".point-players-table tbody tr")).to_have_count(3)
    expect(page.locator(".timeline-step")).to_have_count(len(BOARD_ONE))
    expect(page.locator("body")).to_contain_text("Dame gedeckt von Ben Kirk (5 Punkte).")
    table = page.locator(".point-players-table")
    box = table.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 768
    page.screenshot(path=str(tmp_path / "point-board-768.png"), full_page=True)

    hall = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    page = hall.new_page()
    page.goto(live_server.url + reverse("scoring:live-hall", args=[slug]))
    card = page.locator(".hall-table").filter(has_text="Chen Li").first
    expect(card.locator(".hall-row")).to_have_count(3)
    page.screenshot(path=str(tmp_path / "point-hall-1920.png"))
    print("screenshots:", tmp_path)
