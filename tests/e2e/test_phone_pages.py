"""The public pages on a phone (390×844, issue 15): the standings table scrolls sideways with
a visible hint instead of clipping columns, and the navigation is a collapsed menu taking less
than a fifth of the first screen; the hall size (1920×1080) keeps the full menu.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.models import Round
from tests.live import factories as f

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("SCREENSHOT_DIR", "/tmp/papers-screens"))
PHONE = {"width": 390, "height": 844}
HALL = {"width": 1920, "height": 1080}


@pytest.fixture
def swiss(transactional_db):
    t = f.tournament("phone-open")
    event, e = f.event(t, "Open Swiss Championship", format="swiss", entries=6)
    rnd = Round.objects.create(event=event, number=1)
    f.finished_rows(f.match(event, e[0], e[5], number=1, rnd=rnd), "a")
    f.finished_rows(f.match(event, e[1], e[4], number=2, rnd=rnd), "b", ((10, 25), (9, 25)))
    f.finished_rows(f.match(event, e[2], e[3], number=3, rnd=rnd), "a")
    return reverse("scoring:live-standings", kwargs={"slug": t.slug, "event_id": event.pk})


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=False)


def test_standings_scroll_sideways_with_a_hint_on_a_phone(live_server, page: Page, swiss):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + swiss)
    table = page.locator(".standings-table").first
    expect(table).to_be_visible()
    scroller = page.locator(".table-responsive").filter(has=table).first
    widths = scroller.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert widths[0] > widths[1]  # wider than the phone: it scrolls ...
    # ... inside its box, the page itself does not (no column clipped off the screen)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    hint = page.locator(".scroll-hint").first
    expect(hint).to_be_visible()
    box = hint.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    _shot(page, "standings-390x844.png")
    # the last column is reachable by scrolling the table sideways
    last = table.locator("thead th").last
    top = table.bounding_box()["y"]
    scroller.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    expect(hint).to_have_class(re.compile("is-at-end"))  # invisible, its line kept
    assert table.bounding_box()["y"] == top  # the table does not jump
    lb = last.bounding_box()
    assert lb is not None and lb["x"] + lb["width"] <= PHONE["width"] + 1
    centre = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('th') !== null",
        [lb["x"] + lb["width"] / 2, lb["y"] + lb["height"] / 2],
    )
    assert centre
    # once scrolled to the end, the hint has done its job
    expect(hint).to_be_hidden()


def test_navigation_is_a_collapsed_menu_on_a_phone(live_server, page: Page, swiss):
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + swiss)
    header = page.locator("body > header").bounding_box()
    assert header is not None and header["height"] < PHONE["height"] / 5
    # the site's menu and the tournament's links together: under a fifth of the first screen
    subnav = page.locator(".live-subnav").bounding_box()
    assert subnav is not None and subnav["y"] + subnav["height"] < PHONE["height"] / 5
    _shot(page, "menu-closed-390x844.png")
    links = page.locator("header .navbar-nav")
    expect(links).to_be_hidden()
    toggler = page.locator("header .navbar-toggler")
    expect(toggler).to_be_visible()
    toggler.click()
    expect(page.locator("#main-menu")).to_have_class(re.compile(r"\bshow\b"))
    expect(page.get_by_role("link", name="Tournaments", exact=True)).to_be_visible()
    expect(page.locator("#language-switcher")).to_be_visible()
    _shot(page, "menu-open-390x844.png")


def test_hall_size_keeps_the_full_menu(live_server, page: Page, swiss):
    page.set_viewport_size(HALL)
    page.goto(live_server.url + swiss)
    expect(page.locator("header .navbar-toggler")).to_be_hidden()
    expect(page.get_by_role("link", name="Tournaments", exact=True)).to_be_visible()
    expect(page.locator(".scroll-hint").first).to_be_hidden()  # everything fits
    _shot(page, "standings-1920x1080.png")
