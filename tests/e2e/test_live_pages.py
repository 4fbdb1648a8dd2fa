"""Browser tests of the public live pages: a spectator's match page updates by itself while
the umpire records strokes on the tablet in a second browser context, polling stops when the
match is over, and the hall screen rotates through its slides on its own.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from scoring.models import Round
from tests.live import factories as f


class Problems:
    """Console errors (CSP violations among them) and failed requests of a page."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        self.statuses: list[tuple[int, str]] = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        # ERR_ABORTED: cancelled by the test's own navigation, not a failure of the server
        page.on(
            "requestfailed",
            lambda r: (
                "ERR_ABORTED" not in (r.failure or "") and self.errors.append(f"failed {r.url}")
            ),
        )
        page.on("response", lambda r: self.statuses.append((r.status, r.url)))

    def assert_none(self) -> None:
        assert self.errors == []
        assert [s for s in self.statuses if s[0] >= 400] == []


@pytest.fixture
def playing(transactional_db):
    """A semi-final at table 1: A won board 1 (a white slam), B broke board 2 and missed,
    A pocketed the striker with a black (ICF 73: the black comes back, one due, A plays on)."""
    t = f.tournament()
    event, entries = f.event(t, "Open Singles", entries=4)
    rnd = Round.objects.create(event=event, number=1, name="Semi-finals", stage="late")
    m = f.match(event, entries[1], entries[2], number=2, rnd=rnd, table=1, status="called")
    f.toss(m, "a", "break")
    f.white_slam(m)
    f.post(m, f.stroke("white"))
    f.post(m, f.stroke("black", black=1, striker=True))
    swiss, e = f.event(t, "Open Swiss", format="swiss", entries=4)
    r1 = Round.objects.create(event=swiss, number=1)
    f.finished_rows(f.match(swiss, e[0], e[3], number=1, rnd=r1), "a")
    f.finished_rows(f.match(swiss, e[1], e[2], number=2, rnd=r1), "b", ((10, 25), (9, 25)))
    return {"tournament": t, "match": m, "event": event, "swiss": swiss}


def test_spectator_page_updates_while_the_umpire_records_on_the_tablet(
    live_server, browser: Browser, playing
):
    t, m = playing["tournament"], playing["match"]
    spectator = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = spectator.new_page()
    problems = Problems(page)
    page.goto(live_server.url + reverse("scoring:live-match", args=[t.slug, m.pk]))
    steps = page.locator("#match-live .timeline-step")
    expect(steps).to_have_count(2)
    state = page.locator("#match-live .board-state")
    expect(state).to_contain_text("Dues outstanding")
    page.evaluate("window.__notReloaded = true")

    umpire = browser.new_context(
        viewport={"width": 768, "height": 1024}, locale="en-GB", has_touch=True
    )
    tablet = umpire.new_page()
    tablet.goto(live_server.url + reverse("scoring:umpire-link", args=[m.umpire_token]))
    tablet.locator("#quick-own").click()  # black (A) pockets one of his own: the due is paid

    expect(steps).to_have_count(3, timeout=15_000)
    expect(steps.last).to_contain_text(f"Black ({m.entry_a.name}): 1 black")
    expect(state).not_to_contain_text("Dues outstanding")
    assert page.evaluate("window.__notReloaded") is True  # htmx swapped, no reload
    # polls that found nothing new were answered from the browser cache (304): no flicker
    polls = [s for s in problems.statuses if "/live/" in s[1]]
    assert polls and all(status in (200, 304) for status, _ in polls)
    problems.assert_none()
    umpire.close()
    spectator.close()


def test_polling_stops_when_the_match_is_over(live_server, page: Page, playing):
    t, m = playing["tournament"], playing["match"]
    problems = Problems(page)
    page.goto(live_server.url + reverse("scoring:live-match", args=[t.slug, m.pk]))
    expect(page.locator("#match-live")).to_have_attribute("hx-trigger", re.compile("every"))
    f.post(m, {"type": "umpire_ruling", "winner": "black", "points": 12, "law": "ICF 53"})
    while True:  # then A wins two games quickly
        m.refresh_from_db()
        if m.status in ("finished", "confirmed"):
            break
        f.quick(m, "a")
    winner = page.locator("#match-live .scoreboard-table .is-winner")
    expect(winner).to_contain_text(m.entry_a.name, timeout=15_000)
    expect(page.locator("#match-live")).not_to_have_attribute("hx-trigger", re.compile("every"))
    count = len([s for s in problems.statuses if "/live/" in s[1]])
    page.wait_for_timeout(4_000)
    assert len([s for s in problems.statuses if "/live/" in s[1]]) == count
    assert any(status == 286 for status, _ in problems.statuses)
    problems.assert_none()


def test_hall_screen_rotates_through_tables_and_standings_by_itself(
    live_server, browser: Browser, playing
):
    t, m = playing["tournament"], playing["match"]
    hall = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    page = hall.new_page()
    problems = Problems(page)
    page.goto(live_server.url + reverse("scoring:live-hall", args=[t.slug]) + "?seconds=2")
    label = page.locator("[data-hall-label]")
    expect(label).to_have_text("Live tables")
    card = page.locator(".hall-table").first
    expect(card).to_contain_text("Table 1")
    expect(card).to_contain_text(m.entry_a.name)
    # large type for a projector, and nothing to scroll
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.hall-name')).fontSize)"
    )
    assert size >= 36
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")

    expect(label).to_have_text("Open Swiss", timeout=10_000)
    expect(page.locator("#hall-stage .standings-table")).to_be_visible()
    expect(page.locator("#hall-stage")).to_contain_text("Buchholz")
    # a stroke meanwhile: the next time round, the tables slide shows it
    f.post(m, {"type": "umpire_ruling", "winner": "black", "points": 5, "law": "ICF 53"})
    expect(label).to_have_text("Live tables", timeout=15_000)
    expect(page.locator(".hall-table").first.locator(".hall-points").first).to_have_text(
        "17"
    )  # A: 12 + 5
    expect(label).to_have_text("Open Singles", timeout=10_000)
    expect(page.locator("#hall-stage .bracket")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
    problems.assert_none()
    hall.close()


def test_table_page_follows_the_table_to_the_next_match(live_server, page: Page, playing):
    t = playing["tournament"]
    problems = Problems(page)
    page.goto(live_server.url + reverse("scoring:live-table", args=[t.slug, 2]))
    expect(page.get_by_text("No match is being played at this table right now.")).to_be_visible()
    event = playing["event"]
    entries = list(event.entries.all())
    called = f.match(event, entries[0], entries[3], number=1, table=2, status="called")
    expect(page).to_have_url(re.compile(rf"/match/{called.pk}/$"), timeout=15_000)
    expect(page.get_by_role("heading", level=1)).to_contain_text(entries[0].name)
    problems.assert_none()


def test_match_page_in_german(live_server, page: Page, playing):
    t, m = playing["tournament"], playing["match"]
    page.goto(live_server.url + reverse("scoring:live-match", args=[t.slug, m.pk]))
    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#current-title")).to_contain_text("Spiel 1")
