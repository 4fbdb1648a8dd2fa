"""Browser test of the hall screen at 1920×1080 (issue 30): with every table busy and
matches called, the "Call-ups" heading and its lines lie on the screen, not under the
footer."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scoring.models import Round, Table
from tests.live import factories as f


@pytest.fixture
def busy_hall(transactional_db):
    t = f.tournament(tables=16)
    event, entries = f.event(t, "Open Swiss", format="swiss", entries=40)
    r1 = Round.objects.create(event=event, number=1)
    tables = list(Table.objects.filter(tournament=t).order_by("number"))
    for i in range(16):
        f.match(
            event,
            entries[2 * i],
            entries[2 * i + 1],
            number=i + 1,
            rnd=r1,
            table=tables[i].number,
            status="playing",
        )
    for i in range(16, 20):
        f.match(event, entries[2 * i], entries[2 * i + 1], number=i + 1, rnd=r1, status="called")
    return t


def _on_screen(page, item) -> None:
    box = item.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 1080, "below the screen"
    hit = page.evaluate(
        "([x, y, el]) => el.contains(document.elementFromPoint(x, y))",
        [box["x"] + 10, box["y"] + box["height"] / 2, item.element_handle()],
    )
    assert hit, "covered by the footer"


def test_the_call_ups_are_never_under_the_footer(live_server, browser: Browser, busy_hall):
    """A full tables slide leaves the call-ups to their own slide; every card is on the
    screen; the call-up slide shows them all."""
    hall = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    page = hall.new_page()
    base = live_server.url + reverse("scoring:live-hall", args=[busy_hall.slug])
    page.goto(base + "?seconds=2")
    label = page.locator("[data-hall-label]")
    expect(label).to_have_text("Live tables (1 of 2)", timeout=15_000)
    cards = page.locator("#hall-stage .hall-table")
    expect(cards.first).to_be_visible()
    for i in range(cards.count()):
        _on_screen(page, cards.nth(i))
    expect(page.locator("#hall-stage .hall-subtitle", has_text="Call-ups")).to_have_count(0)
    expect(label).to_have_text("Call-ups", timeout=15_000)
    lines = page.locator("#hall-stage .hall-callups-big li")
    expect(lines).to_have_count(4)
    _on_screen(page, lines.last)
    page.screenshot(path="/tmp/organiser-shots/hall-callups.png")
    hall.close()
