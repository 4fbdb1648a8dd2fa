"""Browser tests of the round's clock (issue 18): the organiser starts it on the call-up page;
the tablet's header chip and the hall screen count down the same remaining time (±2 s); the
chip moves nothing on the tablet's fixed screen at the four tablet sizes; at 0 the tablet says
time is up, leads to the "Time is up" form, and recording it ends the game with the leader as
winner. Screenshots go to /tmp/round-clock-shots/."""

from __future__ import annotations

import datetime
import re
import uuid
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from scoring.models import Event, Match, Round
from scoring.services import round_clock as clock_service
from scoring.services.matches import Actor, record_quick_board, record_toss
from tests.e2e.test_tablet_screen import SIZES, assert_all_controls_on_screen, pad_top
from tests.e2e.test_time_up import _visible_and_on_top
from tests.e2e.test_umpire_tablet import Problems, tossed_match
from tests.standings.test_time_up import swiss_round

SYSTEM = Actor(via="system", device="e2e")
SHOTS = Path("/tmp/round-clock-shots")
CHIP = "#round-clock-chip"


def _timed_round(minutes: int) -> tuple[Event, Round, Match]:
    """The Time Cup's Swiss round 1 with a ``minutes`` limit; match 2 tossed, B leads 6–2
    (no board in play)."""
    event, (_m1, m2) = swiss_round("european")
    event.round_minutes = minutes
    event.save()
    record_toss(match=m2, winner="a", choice="break", actor=SYSTEM)
    for winner, carrommen in (("b", 6), ("a", 2)):
        record_quick_board(
            match=m2,
            winner=winner,
            carrommen=carrommen,
            queen=None,
            breaker=None,
            client_id=uuid.uuid4(),
            actor=SYSTEM,
        )
    return event, Round.objects.get(event=event, number=1), m2


def _board_in_play(minutes: int) -> tuple[Round, Match]:
    """A tossed match on the tablet's pad (board 1), in a round with a ``minutes`` limit."""
    match = tossed_match()
    event = match.event
    event.round_minutes = minutes
    event.save()
    rnd = Round.objects.create(event=event, number=1)
    Match.objects.filter(pk=match.pk).update(round=rnd)
    return rnd, match


def _seconds(text: str) -> int:
    parts = [int(p) for p in text.strip().split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    return total


def _shown(page: Page, selector: str) -> int:
    locator = page.locator(f"{selector} [data-round-clock-time]").first
    expect(locator).to_have_text(re.compile(r"^\d+:\d\d(:\d\d)?$"))
    return _seconds(locator.inner_text())


def _log_in(page: Page, live_server, django_user_model, event: Event) -> None:
    chief = django_user_model.objects.create_user("chief", password="pw-e2e-only")
    event.tournament.organisers.add(chief)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("chief")
    page.get_by_label("Password").fill("pw-e2e-only")
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile(r"/accounts/login/"))  # the session is made


def test_the_call_up_page_starts_the_clock_and_tablet_and_hall_agree(
    live_server, page: Page, transactional_db, django_user_model
) -> None:
    SHOTS.mkdir(exist_ok=True)
    event, rnd, m2 = _timed_round(30)
    problems = Problems(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    _log_in(page, live_server, django_user_model, event)
    page.goto(f"{live_server.url}/t/time-cup/organiser/callup/")
    start = page.locator(f"#clock-start-{rnd.pk}")
    expect(start).to_be_in_viewport()
    start.click()
    expect(page.locator(f"#clock-stop-{rnd.pk}")).to_be_visible()
    organiser_left = _shown(page, "#round-clocks")
    assert 29 * 60 <= organiser_left <= 30 * 60
    page.screenshot(path=str(SHOTS / "callup-1280x800.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(page.locator(f"#clock-stop-{rnd.pk}")).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / "callup-1024x768.png"))

    tablet = page.context.new_page()
    tablet_problems = Problems(tablet)
    tablet.set_viewport_size({"width": 768, "height": 1024})
    tablet.goto(f"{live_server.url}/u/{m2.umpire_token}/")
    expect(tablet.locator(CHIP)).to_be_visible()
    hall = page.context.new_page()
    hall_problems = Problems(hall)
    hall.set_viewport_size({"width": 1920, "height": 1080})
    hall.goto(f"{live_server.url}/t/time-cup/hall/")
    expect(hall.locator("#hall-clocks .rc-hall-clock")).to_have_count(1)
    # the same remaining time on the three screens (each read right after the other)
    readings = [
        _shown(tablet, CHIP),
        _shown(hall, "#hall-clocks"),
        _shown(page, "#round-clocks"),
        _shown(tablet, CHIP),
    ]
    assert max(readings) - min(readings) <= 2, readings
    hall.screenshot(path=str(SHOTS / "hall-1920x1080.png"))
    # readable from afar: the countdown's digits are at least 60 px high on the projector
    height = hall.locator("#hall-clocks [data-round-clock-time]").bounding_box()["height"]
    assert height >= 60, height

    # the organiser adds 5 minutes: the tablet follows at its next poll (its one poll, every
    # 2 s, brings the chip: issue 36), without a reload
    page.locator(f"#round-clock-{rnd.pk} button[name=minutes][value='5']").click()
    expect(page.locator(f"#round-clock-{rnd.pk}")).to_contain_text("5 minutes added")
    expect(tablet.locator(f"{CHIP} [data-round-clock-time]")).to_have_text(
        re.compile(r"^3[45]:\d\d$"), timeout=5000
    )
    assert _shown(tablet, CHIP) >= 34 * 60 - 5
    for p in (tablet, hall):
        p.goto("about:blank")  # they poll: leave before the live server's database is flushed
    for p in (problems, tablet_problems, hall_problems):
        p.assert_none()


@pytest.mark.parametrize("size", SIZES)
def test_the_chip_moves_and_covers_nothing_on_the_tablet(
    live_server, page: Page, transactional_db, size
) -> None:
    SHOTS.mkdir(exist_ok=True)
    rnd, match = _board_in_play(30)
    clock_service.start_clock(round=rnd, actor=SYSTEM)
    page.set_viewport_size(size)
    problems = Problems(page)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    expect(page.locator(f"{CHIP} [data-round-clock-time]")).to_be_visible()
    assert_all_controls_on_screen(page, f"running clock {size}")
    chip = page.locator(CHIP).bounding_box()
    assert chip is not None and chip["y"] >= 0 and chip["y"] + chip["height"] <= 80
    with_chip = pad_top(page)
    page.evaluate(f"document.querySelector('{CHIP}').style.display = 'none'")
    assert pad_top(page) == with_chip  # the chip does not move the pad
    page.evaluate(f"document.querySelector('{CHIP}').style.display = ''")
    page.screenshot(path=str(SHOTS / f"tablet-running-{size['width']}x{size['height']}.png"))
    # the stroke clock running beside it (its Pause and Warning buttons shown): still room
    page.locator("#stroke-clock-play").tap()
    expect(page.locator("#stroke-clock-toggle")).to_be_visible()
    assert_all_controls_on_screen(page, f"running clock, stroke clock on {size}")
    page.screenshot(path=str(SHOTS / f"tablet-stroke-clock-{size['width']}x{size['height']}.png"))
    # a finished clock: the chip says so, still inside the header, covering nothing
    Round.objects.filter(pk=rnd.pk).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=31)
    )
    page.reload()
    expect(page.locator(f"{CHIP} [data-open-time-up]")).to_be_visible()
    assert_all_controls_on_screen(page, f"time up {size}")
    page.locator("#stroke-clock-play").tap()
    expect(page.locator("#stroke-clock-toggle")).to_be_visible()
    assert_all_controls_on_screen(page, f"time up, stroke clock on {size}")
    assert pad_top(page) == with_chip
    page.screenshot(path=str(SHOTS / f"tablet-time-up-{size['width']}x{size['height']}.png"))
    page.goto("about:blank")
    problems.assert_none()


def test_at_zero_the_tablet_says_time_is_up_and_the_leader_wins(
    live_server, page: Page, transactional_db
) -> None:
    _event, rnd, m2 = _timed_round(1)
    # the round began 55 s ago: the tablet counts the last seconds down to 0 by itself
    clock_service.start_clock(
        round=rnd, actor=SYSTEM, at=timezone.now() - datetime.timedelta(seconds=55)
    )
    page.set_viewport_size({"width": 800, "height": 1280})
    problems = Problems(page)
    page.goto(f"{live_server.url}/u/{m2.umpire_token}/")
    up = page.locator(f"{CHIP} [data-open-time-up]")
    expect(page.locator(f"{CHIP} [data-round-clock-time]")).to_be_visible()
    expect(up).to_be_hidden()
    expect(up).to_be_visible(timeout=15_000)
    expect(up).to_contain_text("Time is up — finish the board, then record time up")
    expect(page.locator(f"{CHIP} [data-round-clock-time]")).to_be_hidden()
    up.click()
    _visible_and_on_top(page, "#time-up-confirm")  # the sheet opened at the form
    page.locator("#time-up-confirm").click()
    page.wait_for_url(f"**/u/{m2.umpire_token}/")
    expect(page.locator("#time-up-confirm")).to_have_count(0)
    m2.refresh_from_db()
    assert m2.status == Match.Status.FINISHED and m2.winner_side == "b"  # B led 6–2
    assert m2.games.get().time_up
    page.goto("about:blank")
    problems.assert_none()


def test_a_tablet_whose_own_clock_is_wrong_still_shows_the_servers_time(
    live_server, page: Page, transactional_db
) -> None:
    """The countdown runs from the server's clock (data-now), not the device's: a tablet 10
    minutes fast shows the same remaining time."""
    rnd, match = _board_in_play(30)
    clock_service.start_clock(round=rnd, actor=SYSTEM)
    page.clock.install(time=datetime.datetime.now() + datetime.timedelta(minutes=10))
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    assert page.evaluate("Date.now()") > (datetime.datetime.now().timestamp() + 590) * 1000
    left = _shown(page, CHIP)
    assert 30 * 60 - 5 <= left <= 30 * 60, left
    page.goto("about:blank")
