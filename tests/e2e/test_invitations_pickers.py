"""Browser test of issue 29: an organiser invites an existing login (the slip looks as for a
new one; nothing is attached), the person logs in to her own account and accepts; the new-
match page's player picker searches as the organiser types (htmx) and offers only his own
players. Screens at 1280×800 and on a phone (390×844) go to /tmp for a look."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from scoring.models import Entry, Event, Player, Tournament
from scoring.services.tournaments import sync_tables

PASSWORD = "Carrom-striker-77"
SIZES = {"desk": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def _tournament(slug: str, name: str, players: list[str], organiser) -> Tournament:
    t = Tournament.objects.create(
        name=name,
        slug=slug,
        start_date=datetime.date(2026, 8, 1),
        end_date=datetime.date(2026, 8, 2),
        table_count=2,
    )
    sync_tables(t)
    t.organisers.add(organiser)
    event = Event.objects.create(tournament=t, name="Open Singles", format="single_match")
    for n in players:
        Entry.objects.create(event=event, player=Player.objects.create(name=n, club="CC Nord"))
    return t


@pytest.fixture
def day(transactional_db):
    User = get_user_model()
    chief = User.objects.create_user("chief", password=PASSWORD, is_staff=True)
    other = User.objects.create_user("far-chief", password=PASSWORD, is_staff=True)
    User.objects.create_user("vera", password=PASSWORD, first_name="Vera Vogel")
    _tournament("lakeside-open", "Lakeside Open", ["Asha Rao", "Ben Kirk", "Bea Lund"], chief)
    _tournament("other-cup", "Other Cup", ["Bernd Fern", "Dora Vik"], other)
    return chief


def _log_in(page: Page, url: str, login: str) -> None:
    page.goto(url + "/accounts/login/")
    page.get_by_label("Username").fill(login)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text(f"Logged in as {login}")).to_be_attached()  # a phone folds the menu


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_an_existing_login_is_invited_and_accepts(live_server, browser: Browser, day, size):
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    page = context.new_page()
    _log_in(page, live_server.url, "chief")
    page.goto(live_server.url + "/t/lakeside-open/organiser/people/")
    page.locator("#id_role").select_option(label="Umpire")
    page.locator("#id_name").fill("V. Vogel")
    page.locator("#id_username").fill("vera")
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.get_by_role("heading", name="Invitation slip")).to_be_visible()
    expect(page.locator("#slip-name")).to_have_text("V. Vogel")  # never the account's name
    expect(page.get_by_text("Vera Vogel")).to_have_count(0)
    page.screenshot(path=f"/tmp/issue29-slip-{size}.png", full_page=True)
    link = page.locator("#slip-link").inner_text().strip()
    page.get_by_role("link", name="Back to the people").click()
    row = page.locator("tr[data-login=vera]")
    expect(row).to_contain_text("Umpire (invited)")
    expect(row.get_by_role("button", name="Withdraw the invitation")).to_be_visible()
    page.screenshot(path=f"/tmp/issue29-people-{size}.png", full_page=True)
    context.close()

    own = browser.new_context(viewport=SIZES[size], locale="en-GB")
    page = own.new_page()
    page.goto(link)
    expect(page.get_by_text("This invitation is for the login")).to_be_visible()
    page.get_by_role("link", name="Log in to accept").click()
    page.get_by_label("Username").fill("vera")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    accept = page.get_by_role("button", name="Accept")
    expect(accept).to_be_visible()
    page.screenshot(path=f"/tmp/issue29-accept-{size}.png", full_page=True)
    accept.click()
    expect(page.get_by_text("You are now Umpire of Lakeside Open.")).to_be_visible()
    page.screenshot(path=f"/tmp/issue29-invitations-{size}.png", full_page=True)
    own.close()
    assert Tournament.objects.get(slug="lakeside-open").umpires.filter(username="vera").exists()


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_the_player_picker_searches_as_the_organiser_types(
    live_server, browser: Browser, day, size
):
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    page = context.new_page()
    _log_in(page, live_server.url, "chief")
    page.goto(live_server.url + "/t/lakeside-open/matches/new/")
    select = page.locator("#id_b1_player")
    expect(select.locator("option", has_text="Bernd Fern")).to_have_count(0)
    search = page.locator("#search-b1")
    search.scroll_into_view_if_needed()
    search.fill("be")
    expect(select.locator("option").first).to_have_text("2 players found")
    expect(select.locator("option", has_text="Ben Kirk")).to_have_count(1)
    expect(select.locator("option", has_text="Bea Lund")).to_have_count(1)
    expect(select.locator("option", has_text="Bernd Fern")).to_have_count(0)  # not his
    select.select_option(label="Ben Kirk (CC Nord)")
    page.screenshot(path=f"/tmp/issue29-picker-{size}.png", full_page=False)
    page.locator("#search-a1").fill("asha")
    expect(page.locator("#id_a1_player option").first).to_have_text("1 player found")
    page.locator("#id_a1_player").select_option(label="Asha Rao (CC Nord)")
    page.get_by_role("button", name="Create the match").click()
    expect(page.get_by_text("Match created")).to_be_visible()
    context.close()
