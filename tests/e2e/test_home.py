"""Browser tests: the home page on a tablet, static files, and switching to German.

These drive Debian's /usr/bin/chromium through pytest-playwright (see tests/conftest.py).
"""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, Request, Response, expect

from scoring.models import Tournament
from tests.browser import TABLET_LANDSCAPE


class PageProblems:
    """Collects failed requests, HTTP errors and console errors (e.g. CSP violations)."""

    def __init__(self, page: Page) -> None:
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        self.responses: list[str] = []
        page.on("requestfailed", self._on_failed)
        page.on("response", self._on_response)
        page.on("console", lambda msg: msg.type == "error" and self.console.append(msg.text))
        page.on("pageerror", lambda exc: self.console.append(str(exc)))

    def _on_failed(self, request: Request) -> None:
        # ERR_ABORTED: the browser cancelled the request because the test navigated on (e.g.
        # the admin's icons still loading); not a failure of the server.
        if request.failure and "ERR_ABORTED" in request.failure:
            return
        self.failed.append(f"{request.method} {request.url}: {request.failure}")

    def _on_response(self, response: Response) -> None:
        self.responses.append(response.url)
        if response.status >= 400:
            self.errors.append(f"{response.status} {response.url}")

    def assert_none(self) -> None:
        assert self.failed == []
        assert self.errors == []
        assert self.console == []


@pytest.fixture
def problems(page: Page) -> PageProblems:
    return PageProblems(page)


def test_home_loads_all_static_files_and_switches_to_german(
    live_server, page: Page, problems: PageProblems
):
    page.goto(live_server.url + "/")

    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Tournaments")
    expect(page.get_by_text("No tournaments yet.")).to_be_visible()
    # The stylesheets and scripts really arrived and are in use.
    for asset in (
        "/static/bootstrap/css/bootstrap.min.css",
        "/static/css/app.css",
        "/static/django_htmx/htmx-2.min.js",
        "/static/bootstrap/js/bootstrap.bundle.min.js",
        "/static/js/app.js",
    ):
        assert any(url.endswith(asset) for url in problems.responses), asset
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("typeof window.bootstrap") == "object"
    assert page.evaluate("getComputedStyle(document.body).touchAction") == "manipulation"

    page.get_by_role("button", name="Deutsch").click()

    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("heading", level=1)).to_have_text("Turniere")
    expect(page.get_by_text("Noch keine Turniere.")).to_be_visible()
    expect(page.get_by_role("button", name="Deutsch")).to_have_attribute("aria-pressed", "true")

    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tournaments")
    problems.assert_none()


def test_tournament_list_in_landscape_with_touch_sized_controls(
    live_server, page: Page, problems: PageProblems
):
    Tournament.objects.create(
        name="Harbour Masters",
        slug="harbour-masters",
        start_date=datetime.date(2026, 6, 13),
        end_date=datetime.date(2026, 6, 14),
        venue="Old Harbour Pavilion",
    )
    page.set_viewport_size(TABLET_LANDSCAPE)

    page.goto(live_server.url + "/")

    expect(page.get_by_role("heading", name="Harbour Masters")).to_be_visible()
    expect(page.get_by_text("Old Harbour Pavilion")).to_be_visible()
    # Every button and link in the navigation is at least 48 x 48 CSS px.
    for control in page.locator("nav a, nav button").all():
        box = control.bounding_box()
        assert box is not None
        assert box["height"] >= 48 and box["width"] >= 48, control.inner_text()
    # The skip link is the first tab stop and moves focus to the main content.
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("main#main")).to_be_focused()
    problems.assert_none()


def test_organiser_logs_in_through_the_login_page(
    live_server, page: Page, problems: PageProblems, django_user_model
):
    django_user_model.objects.create_user("tabletorg", password="pw-e2e-only", is_staff=True)

    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("tabletorg")
    page.get_by_label("Password").fill("pw-e2e-only")
    page.get_by_role("button", name="Log in").click()

    expect(page.get_by_text("Logged in as tabletorg")).to_be_visible()
    expect(page.get_by_role("link", name="Create a tournament")).to_be_visible()
    problems.assert_none()


def test_organiser_creates_a_tournament_in_the_admin_and_it_appears_on_home(
    live_server, page: Page, problems: PageProblems, django_user_model
):
    django_user_model.objects.create_superuser("chieforg", password="pw-e2e-only")

    page.goto(live_server.url + "/admin/scoring/tournament/add/")
    page.get_by_label("Username").fill("chieforg")
    page.get_by_label("Password").fill("pw-e2e-only")
    page.get_by_role("button", name="Log in").click()
    page.get_by_label("Name").press_sequentially("Valley Doubles Cup")
    # The slug is prepopulated from the name by the admin's (external, CSP-safe) script.
    expect(page.get_by_label("Slug")).to_have_value("valley-doubles-cup")
    page.get_by_label("Start date").fill("2026-09-05")
    page.get_by_label("End date").fill("2026-09-06")
    page.get_by_label("Venue").fill("Valley Sports Centre")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("was added successfully")

    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", name="Valley Doubles Cup")).to_be_visible()
    problems.assert_none()
