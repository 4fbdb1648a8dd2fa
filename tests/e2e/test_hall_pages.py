"""Browser test of the hall screen at 1920×1080 (issue 15): a Swiss table of 24 entries is
shown over several slides, every row visible (inside the screen, not cut off) on one of them,
and the slide label says which part it is."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scoring.models import Round
from tests.live import factories as f


@pytest.fixture
def swiss(transactional_db):
    t = f.tournament()
    event, entries = f.event(t, "Open Swiss", format="swiss", entries=24)
    r1 = Round.objects.create(event=event, number=1)
    for i in range(12):
        f.finished_rows(f.match(event, entries[i], entries[23 - i], number=i + 1, rnd=r1), "a")
    return t, entries


def test_the_hall_shows_all_24_swiss_rows_over_its_slides(live_server, browser: Browser, swiss):
    t, entries = swiss
    hall = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    page = hall.new_page()
    page.goto(live_server.url + reverse("scoring:live-hall", args=[t.slug]) + "?seconds=2")
    label = page.locator("[data-hall-label]")
    seen: dict[str, int] = {}
    for part in (1, 2):
        expect(label).to_have_text(f"Open Swiss ({part} of 2)", timeout=15_000)
        rows = page.locator("#hall-stage .standings-table tbody tr")
        expect(rows.first).to_be_visible()
        for i in range(rows.count()):
            row = rows.nth(i)
            box = row.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 1080, "row below the screen"
            # topmost at its centre: not covered by the footer or anything else
            covered = page.evaluate(
                "([x, y, el]) => !el.contains(document.elementFromPoint(x, y))",
                [box["x"] + 40, box["y"] + box["height"] / 2, row.element_handle()],
            )
            assert not covered
            name = row.locator("th").inner_text().split("\n")[0].strip()
            seen[name] = int(row.locator("td").first.inner_text())
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
        page.screenshot(path=f"/tmp/hall-swiss-{part}.png")
    assert sorted(seen.values()) == list(range(1, 25))
    assert set(seen) == {e.player.name for e in entries}
    hall.close()


def test_the_hall_clock_is_24_hour_in_the_time_zone_and_shows_a_qr(
    live_server, browser: Browser, swiss, settings
):
    t, _entries = swiss
    hall = browser.new_context(
        viewport={"width": 1920, "height": 1080}, locale="en-US", timezone_id="America/New_York"
    )
    page = hall.new_page()
    page.goto(live_server.url + reverse("scoring:live-hall", args=[t.slug]))
    clock = page.locator("[data-hall-clock]")
    expect(clock).to_have_attribute("data-hall-tz", settings.TIME_ZONE)
    text = clock.inner_text()
    assert "AM" not in text and "PM" not in text
    expected = page.evaluate(
        """(zone) => new Date().toLocaleTimeString('en', {hour: '2-digit',
        minute: '2-digit', hourCycle: 'h23', timeZone: zone})""",
        settings.TIME_ZONE,
    )
    assert text == expected
    qr = page.locator(".hall-qr")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["y"] + box["height"] <= 1080
    hall.close()
