"""Browser test: the printing page offers the round's score cards beside its scoresheets, on
the organiser's tablet, and the link serves the PDF."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser import TABLET_LANDSCAPE, TABLET_PORTRAIT
from tests.printing.conftest import World, world  # noqa: F401  (the printing fixture)

SHOTS = "/tmp/e2e-shots"


@pytest.mark.parametrize("size", [TABLET_PORTRAIT, TABLET_LANDSCAPE], ids=["portrait", "landscape"])
def test_score_cards_button_beside_the_round_pdf(
    live_server,
    page: Page,
    world: World,  # noqa: F811
    size: dict,
) -> None:
    page.set_viewport_size(size)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("orga")
    page.get_by_label("Password").fill("pw")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/print/t/open-2026/")
    cards = page.get_by_role("link", name="Score cards of the round, six a page (PDF)")
    sheets = page.get_by_role("link", name="All scoresheets of the round (PDF)")
    expect(cards).to_be_visible()
    cards.scroll_into_view_if_needed()
    box, sheets_box = cards.bounding_box(), sheets.bounding_box()
    assert box is not None and sheets_box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
    assert box["x"] + box["width"] <= size["width"]
    assert abs(box["y"] - sheets_box["y"]) < 2 * box["height"]  # in the round's button row
    topmost = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('a')?.getAttribute('href')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert topmost == cards.get_attribute("href")
    page.screenshot(path=f"{SHOTS}/score-cards-{size['width']}x{size['height']}.png")
    answer = page.request.get(live_server.url + topmost)
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    assert answer.body().startswith(b"%PDF-")
