"""Browser test of the roll call before a draw (issue 15), on a tablet (768×1024): the
organiser opens the roll call, marks six of eight players present (two stay absent), makes the
draw, and the draw does not contain the two absent players."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scoring.models import Entry, Event, Match, Player, Tournament
from scoring.services.tournaments import sync_tables

PASSWORD = "Carrom-striker-77"
NAMES = [
    "Asha Rao",
    "Ben Kirk",
    "Chen Li",
    "Dora Vik",
    "Emil Sand",
    "Fay Moor",
    "Gus Hale",
    "Hana Ito",
]


@pytest.fixture
def event(transactional_db):
    chief = get_user_model().objects.create_user("chief", password=PASSWORD, is_staff=True)
    t = Tournament.objects.create(
        name="Lakeside Open",
        slug="lakeside-open",
        start_date=datetime.date(2026, 8, 1),
        end_date=datetime.date(2026, 8, 2),
        table_count=4,
    )
    sync_tables(t)
    t.organisers.add(chief)
    event = Event.objects.create(
        tournament=t, name="Open Singles", format="knockout", games_to_win=1
    )
    for name in NAMES:
        Entry.objects.create(event=event, player=Player.objects.create(name=name))
    return event


def test_roll_call_leaves_two_absent_and_the_draw_leaves_them_out(live_server, page: Page, event):
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("chief")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/t/lakeside-open/organiser/events/{event.pk}/")
    page.get_by_role("link", name="Roll call").click()
    page.get_by_role("button", name="Open the roll call").click()
    expect(page.locator("#rc-absent")).to_have_text("8 absent")
    for name in NAMES[:6]:
        button = page.locator("li.rc-row", has_text=name).locator(".rc-toggle")
        expect(button).to_have_text(re.compile("^Absent"))
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44  # a finger, not a mouse
        button.click()
        expect(page.locator("li.rc-row", has_text=name).locator(".rc-toggle")).to_have_text(
            re.compile("^Present")
        )
    expect(page.locator("#rc-present")).to_have_text("6 present")
    expect(page.locator("#rc-absent")).to_have_text("2 absent")
    page.screenshot(path="/tmp/roll-call-768.png", full_page=False)
    page.get_by_role("link", name="Back to the event").click()
    expect(page.get_by_text("open: the next draw uses only those present")).to_be_visible()
    page.get_by_role("button", name="Make the draw").click()
    expect(page.get_by_role("button", name="Make the draw")).to_have_count(0)
    drawn = set()
    for m in Match.objects.filter(event=event).select_related("entry_a__player", "entry_b__player"):
        drawn |= {e.player.name for e in (m.entry_a, m.entry_b) if e}
    assert drawn == set(NAMES[:6])
    # the organiser's page shows the two as withdrawn
    for name in NAMES[6:]:
        expect(page.get_by_role("row", name=name)).to_contain_text("withdrawn")
