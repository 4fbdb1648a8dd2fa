"""Browser tests: the round's clock rides on the pages' htmx ETag polls (no fetch timer of its
own) on the hall screen and the call-up page; a change of the clock (added minutes) reaches
them through that poll; an unchanged poll swaps nothing; the countdown runs from the server's
clock even when the device's is 10 minutes fast. Screenshots go to /tmp/round-clock-shots/."""

from __future__ import annotations

import datetime
import re

from playwright.sync_api import Page, expect

from scoring.services import round_clock as clock_service
from tests.e2e.test_round_clock import SHOTS, SYSTEM, _log_in, _shown, _timed_round
from tests.e2e.test_umpire_tablet import Problems

CLOCK_URL = re.compile(r"/clock/")


def _clock_fetches(page: Page) -> list[str]:
    """Requests to a clock URL made with fetch() (the old timer of round-clock.js)."""
    seen: list[str] = []
    page.on(
        "request",
        lambda r: (
            seen.append(r.url) if CLOCK_URL.search(r.url) and r.resource_type == "fetch" else None
        ),
    )
    return seen


def _add_five_minutes(rnd) -> None:
    """The organiser's +5, from another device: written while the page's polls run."""
    clock_service.add_minutes(round=rnd, minutes=5, actor=SYSTEM)


def _polls(page: Page) -> list[str]:
    seen: list[str] = []
    page.on(
        "request",
        lambda r: (
            seen.append(r.url)
            if CLOCK_URL.search(r.url) and r.headers.get("hx-request") == "true"
            else None
        ),
    )
    return seen


def test_a_clock_change_reaches_the_hall_through_its_poll(
    live_server, page: Page, transactional_db
) -> None:
    SHOTS.mkdir(exist_ok=True)
    _event, rnd, _m2 = _timed_round(30)
    clock_service.start_clock(round=rnd, actor=SYSTEM)
    # the projector's own clock is 10 minutes fast: the page's server "now" corrects it
    page.clock.install(time=datetime.datetime.now() + datetime.timedelta(minutes=10))
    page.set_viewport_size({"width": 1920, "height": 1080})
    problems = Problems(page)
    fetches, polls = _clock_fetches(page), _polls(page)
    page.goto(f"{live_server.url}/t/time-cup/hall/")
    expect(page.locator("#hall-clocks .rc-hall-clock")).to_have_count(1)
    left = _shown(page, "#hall-clocks")
    assert 30 * 60 - 5 <= left <= 30 * 60, left
    page.screenshot(path=str(SHOTS / "hall-polled-1920x1080.png"))
    face = page.locator("#hall-clocks [data-round-clock-time]")
    box = face.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 1080 and box["height"] >= 60
    # unchanged: the next poll is answered with the same ETag and swaps nothing
    page.evaluate("document.querySelector('#hall-clocks .rc-hall-clock').dataset.kept = '1'")
    page.clock.fast_forward("00:16")
    expect(page.locator("#hall-clocks .rc-hall-clock[data-kept]")).to_have_count(1)
    assert len(polls) >= 2, polls
    # the organiser adds 5 minutes: the hall shows them after its next poll
    _add_five_minutes(rnd)
    page.clock.fast_forward("00:16")
    expect(page.locator("#hall-clocks .rc-hall-clock[data-kept]")).to_have_count(0)
    left = _shown(page, "#hall-clocks")
    assert 34 * 60 <= left <= 35 * 60 - 30, left  # 35 min less the 32 s fast-forwarded
    page.clock.fast_forward("01:00")
    assert fetches == [], fetches  # no timer of the clock's own
    page.goto("about:blank")
    problems.assert_none()


def test_a_clock_change_reaches_the_call_up_page_through_its_poll(
    live_server, page: Page, transactional_db, django_user_model
) -> None:
    SHOTS.mkdir(exist_ok=True)
    event, rnd, _m2 = _timed_round(30)
    clock_service.start_clock(round=rnd, actor=SYSTEM)
    page.clock.install(time=datetime.datetime.now())
    problems = Problems(page)
    fetches, polls = _clock_fetches(page), _polls(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    _log_in(page, live_server, django_user_model, event)
    page.goto(f"{live_server.url}/t/time-cup/organiser/callup/")
    section = page.locator(f"#round-clock-{rnd.pk}")
    expect(section).to_be_in_viewport()
    assert 29 * 60 <= _shown(page, "#round-clocks") <= 30 * 60
    expect(section).not_to_contain_text("minutes added")
    # another organiser (another device) adds 5 minutes: this page shows it after its poll
    _add_five_minutes(rnd)
    page.clock.fast_forward("00:16")
    expect(section).to_contain_text("5 minutes added")
    assert _shown(page, "#round-clocks") >= 34 * 60
    assert any("/organiser/clock/" in url for url in polls), polls
    page.screenshot(path=str(SHOTS / "callup-polled-1280x800.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    stop = page.locator(f"#clock-stop-{rnd.pk}")
    stop.scroll_into_view_if_needed()
    expect(stop).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / "callup-polled-390x844.png"))
    # the organiser's own stop swaps the section at once; the countdown holds
    stop.click()
    expect(page.locator(f"#clock-restart-{rnd.pk}")).to_be_visible()
    held = _shown(page, "#round-clocks")
    page.clock.fast_forward("00:20")
    assert _shown(page, "#round-clocks") == held
    page.clock.fast_forward("01:00")
    assert fetches == [], fetches
    page.goto("about:blank")
    problems.assert_none()
