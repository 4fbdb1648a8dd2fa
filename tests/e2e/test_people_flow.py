"""Browser test of people and roles without the admin (issue 15): the organiser creates an
umpire account and a co-organiser on the tournament's people page, the umpire sets his
password with the printed code, logs in and sees only this tournament's matches; the
co-organiser sets his password with the slip's link and reaches the tournament."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from scoring.models import Entry, Event, Match, Player, Tournament
from scoring.services.tournaments import sync_tables
from tests.browser import TABLET_LANDSCAPE

PASSWORD = "Carrom-striker-77"


def _tournament(slug: str, name: str, players: list[str]) -> Match:
    t = Tournament.objects.create(
        name=name,
        slug=slug,
        start_date=datetime.date(2026, 8, 1),
        end_date=datetime.date(2026, 8, 2),
        table_count=2,
    )
    sync_tables(t)
    event = Event.objects.create(tournament=t, name="Open Singles", format="single_match")
    a, b = (
        Entry.objects.create(event=event, player=Player.objects.create(name=n)) for n in players
    )
    return Match.objects.create(
        event=event, number=1, entry_a=a, entry_b=b, status=Match.Status.READY
    )


@pytest.fixture
def day(transactional_db):
    chief = get_user_model().objects.create_user("chief", password=PASSWORD, is_staff=True)
    ours = _tournament("lakeside-open", "Lakeside Open", ["Asha Rao", "Ben Kirk"])
    ours.event.tournament.organisers.add(chief)
    theirs = _tournament("other-cup", "Other Cup", ["Chen Li", "Dora Vik"])
    stranger = get_user_model().objects.create_user("stranger", password=PASSWORD)
    theirs.umpire = stranger
    theirs.save()
    return {"match": ours, "other": theirs}


def _log_in(page: Page, url: str, login: str) -> None:
    page.goto(url + "/accounts/login/")
    page.get_by_label("Username").fill(login)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(f"Logged in as {login}")).to_be_visible()


def _add(page: Page, role: str, name: str, login: str) -> tuple[str, str]:
    page.locator("#id_role").select_option(label=role)
    page.locator("#id_name").fill(name)
    page.locator("#id_username").fill(login)
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.get_by_role("heading", name="Invitation slip")).to_be_visible()
    expect(page.locator("#slip-name")).to_have_text(name)
    code = page.locator("#slip-code").inner_text().strip()
    link = page.locator("#slip-link").inner_text().strip()
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code)
    page.get_by_role("link", name="Back to the people").click()
    return code, link


def test_organiser_creates_an_umpire_and_a_co_organiser(live_server, browser: Browser, day):
    context = browser.new_context(viewport=TABLET_LANDSCAPE, locale="en-GB")
    page = context.new_page()
    _log_in(page, live_server.url, "chief")
    page.goto(live_server.url + "/t/lakeside-open/organiser/")
    page.get_by_role("link", name="People").click()
    code, _link = _add(page, "Umpire", "Anna Berg", "ump_anna")
    _code, link = _add(page, "Organiser", "Chris Co", "chris")
    rows = page.locator("#people-table tbody tr")
    expect(rows).to_have_count(3)
    expect(page.locator("tr[data-login=ump_anna]")).to_contain_text("Umpire")
    expect(page.locator("tr[data-login=chris]")).to_contain_text("Organiser")
    page.screenshot(path="/tmp/people-page.png", full_page=True)
    # the role is not hers before she accepts: the call-up does not offer her yet
    page.get_by_role("link", name="Call-up").click()
    expect(
        page.locator(f"#call-umpire-{day['match'].pk}").locator("option", has_text="Anna Berg")
    ).to_have_count(0)
    context.close()

    # the umpire sets his password with the printed code (and so accepts) and sees only
    # this tournament
    umpire = browser.new_context(viewport={"width": 768, "height": 1024}, locale="en-GB")
    page = umpire.new_page()
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_role("link", name="I have a set-password code").click()
    page.locator("#id_username").fill("ump_anna")
    page.locator("#id_code").fill(code.lower())
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Set the password").click()
    expect(page.get_by_text("Your password is set")).to_be_visible()
    _log_in(page, live_server.url, "ump_anna")
    umpire.close()

    # now the call-up offers the new umpire by his name as printed
    context = browser.new_context(viewport=TABLET_LANDSCAPE, locale="en-GB")
    page = context.new_page()
    _log_in(page, live_server.url, "chief")
    page.goto(live_server.url + "/t/lakeside-open/organiser/callup/")
    page.locator(f"#call-umpire-{day['match'].pk}").select_option(label="Anna Berg")
    page.locator(f"#call-table-{day['match'].pk}").locator("..").get_by_role(
        "button", name="Call"
    ).click()
    expect(page.get_by_text("Umpire: Anna Berg")).to_be_visible()
    context.close()

    umpire = browser.new_context(viewport={"width": 768, "height": 1024}, locale="en-GB")
    page = umpire.new_page()
    _log_in(page, live_server.url, "ump_anna")
    page.goto(live_server.url + "/umpire/")
    cards = page.locator(".u-match-card")
    expect(cards).to_have_count(1)
    expect(cards.first).to_contain_text("Asha Rao")
    expect(cards.first).to_contain_text("Lakeside Open")
    expect(page.get_by_text("Other Cup")).to_have_count(0)
    expect(page.get_by_role("link", name="Administration")).to_have_count(0)
    umpire.close()

    # the co-organiser uses the slip's link and reaches the tournament (not staff)
    co = browser.new_context(viewport=TABLET_LANDSCAPE, locale="en-GB")
    page = co.new_page()
    page.goto(link)
    expect(page.get_by_text("Welcome, Chris Co")).to_be_visible()
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Set the password").click()
    _log_in(page, live_server.url, "chris")
    page.get_by_role("link", name="Organise").click()
    page.get_by_role("link", name="Lakeside Open").first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Lakeside Open")
    co.close()
