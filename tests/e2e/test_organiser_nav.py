"""The organiser's menu with the text at 200 % on a phone (issue 35; WCAG 1.4.4 and 1.4.10):
its eight pages fold behind one button naming the page shown, so the page's own content starts
on the first screen; the button opens the whole menu, every page reachable. On a tablet at the
default text size the menu is shown as it is, without the button; with the text at 200 % on a
landscape tablet both the site's menu and the organiser's fold.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from tests.e2e.test_languages import _logged_in
from tests.e2e.test_text_zoom import CONTROLS, OUT_OF_REACH, zoom_text
from tests.factories import make_tournament

#: a folder for the screenshots a person looks at (not kept in git)
SHOTS = os.environ.get("CARROM_SHOTS", "")

PAGES = (
    "Events",
    "Players",
    "Import",
    "Call-up",
    "Tables and umpires",
    "House rules",
    "People",
    "Settings",
)


@pytest.fixture
def tournament_path(transactional_db) -> tuple[object, str]:
    tournament = make_tournament("lac-2026")
    return tournament, reverse("scoring:organiser-home", args=[tournament.slug])


def test_the_menu_folds_on_a_phone_at_200_percent_and_opens_whole(
    live_server, browser: Browser, tournament_path
) -> None:
    tournament, path = tournament_path
    for page in _logged_in(browser, live_server, tournament, "en"):
        page.set_viewport_size({"width": 390, "height": 844})
        session = page.context.new_cdp_session(page)
        session.send("Page.enable")
        zoom_text(session, 2)
        page.goto(live_server.url + path)
        menu = page.get_by_role("navigation", name="Organiser pages")
        toggle = menu.get_by_role("button")
        expect(toggle).to_be_visible()
        expect(toggle).to_have_accessible_name("Organiser pages Events")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        for name in PAGES:
            expect(menu.get_by_role("link", name=name, exact=True)).to_be_hidden()
        # the page's own content begins on the first screen, below the folded menu
        box = menu.bounding_box()
        assert box is not None and box["height"] < 844 / 4, box
        first = page.get_by_role("link", name="New event", exact=True).bounding_box()
        assert first is not None and first["y"] + first["height"] < 844, first
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/nav-390-200-folded.png", full_page=False)
        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        for name in PAGES:
            expect(menu.get_by_role("link", name=name, exact=True)).to_be_visible()
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/nav-390-200-open.png", full_page=False)
        assert page.evaluate(OUT_OF_REACH, CONTROLS) == []
        expect(menu.get_by_role("link", name="Events", exact=True)).to_have_attribute(
            "aria-current", "page"
        )
        # a landscape tablet at 200 %: the site's menu and the organiser's fold too, and the
        # page's own first controls are on the first screen
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(live_server.url + path)
        expect(page.locator("header .navbar-toggler")).to_be_visible()
        expect(toggle).to_be_visible()
        first = page.get_by_role("link", name="New event", exact=True).bounding_box()
        assert first is not None and first["y"] + first["height"] < 768, first
        # at the tablet's default text size the menu is shown, with no button
        zoom_text(session, 1)
        page.set_viewport_size({"width": 768, "height": 1024})
        page.goto(live_server.url + path)
        expect(toggle).to_be_hidden()
        for name in PAGES:
            expect(menu.get_by_role("link", name=name, exact=True)).to_be_visible()
