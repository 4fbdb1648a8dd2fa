"""Browser tests of "time is up" (issue 18): a game stopped by the round's time limit ends
with the leader as winner, and the standings page shows the draw of a level game as 1 point
each under the European preset.

The organiser's match page includes the "Time is up" partial (templates/scoring/umpire/
_time_up.html) now; the tablet gets it from one include line in templates/scoring/umpire/
match.html (added when the branches are merged): the tablet test runs once that line is there.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.services.matches import Actor, record_quick_board, record_toss
from tests.browser import TABLET_LANDSCAPE, TABLET_PORTRAIT
from tests.standings.test_time_up import swiss_round

SYSTEM = Actor(via="system", device="e2e")
SHOTS = Path("/tmp/standings-shots")


def _board(match: Match, winner: str, carrommen: int) -> None:
    record_quick_board(
        match=match,
        winner=winner,
        carrommen=carrommen,
        queen=None,
        breaker=None,
        client_id=uuid.uuid4(),
        actor=SYSTEM,
    )


def _visible_and_on_top(page: Page, selector: str) -> None:
    """Wholly in the viewport (once any smooth scrolling has settled), and the topmost
    element at its centre."""
    expect(page.locator(selector)).to_be_in_viewport(ratio=1)
    # the box is read in the page at each try, so a scroll still settling is waited for
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " const el = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return r.top >= 0 && r.bottom <= innerHeight && !!el && !!el.closest(sel); }",
        arg=selector,
        timeout=3000,
    )


def _played_round() -> tuple:
    event, (m1, m2) = swiss_round("european")
    for m in (m1, m2):
        record_toss(match=m, winner="a", choice="break", actor=SYSTEM)
    _board(m1, "a", 4)
    _board(m1, "b", 4)  # level, 4–4
    _board(m2, "b", 6)
    _board(m2, "a", 2)  # B leads 6–2
    return event, m1, m2


@pytest.mark.parametrize("size", [TABLET_LANDSCAPE, TABLET_PORTRAIT], ids=["landscape", "portrait"])
def test_organiser_stops_by_time_and_the_standings_show_the_draw(
    live_server, page: Page, transactional_db, django_user_model, size
) -> None:
    event, m1, m2 = _played_round()
    chief = django_user_model.objects.create_user("chief", password="pw-e2e-only")
    event.tournament.organisers.add(chief)
    page.set_viewport_size(size)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("chief")
    page.get_by_label("Password").fill("pw-e2e-only")
    page.get_by_role("button", name="Log in").click()
    SHOTS.mkdir(exist_ok=True)
    for match in (m2, m1):
        page.goto(f"{live_server.url}/t/time-cup/organiser/matches/{match.pk}/")
        summary = page.locator("#time-up summary")
        summary.scroll_into_view_if_needed()
        summary.click()
        confirm = page.locator("#time-up-confirm")
        confirm.evaluate("el => el.scrollIntoView({block: 'center'})")
        _visible_and_on_top(page, "#time-up-confirm")
        if match is m2:
            page.screenshot(path=str(SHOTS / f"organiser-time-up-{size['width']}.png"))
        confirm.click()
        page.wait_for_url(f"**/t/time-cup/organiser/matches/{match.pk}/")
        expect(page.locator("#time-up-confirm")).to_have_count(0)
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert m2.winner_side == "b" and not m2.draw  # the leader wins
    assert m1.draw and m1.winner_side == ""
    page.goto(f"{live_server.url}/t/time-cup/event/{event.pk}/standings/")
    rows = page.locator("table.standings-table tbody tr")
    expect(rows).to_have_count(4)
    legend = page.locator(".standings-legend")
    expect(legend).to_contain_text("European circuit ranking")
    expect(legend).to_contain_text("a bye adds 0")
    headers = [h.strip() for h in page.locator("table.standings-table thead th").all_inner_texts()]
    points = headers.index("Pts")
    draws = headers.index("D")
    cells = {
        r.locator("th").inner_text().split("\n")[0].strip(): r.locator("td, th").all_inner_texts()
        for r in rows.all()
    }
    assert {n: (c[points], c[draws]) for n, c in cells.items()} == {
        "Timer 0": ("1", "1"),
        "Timer 1": ("1", "1"),
        "Timer 3": ("2", "0"),
        "Timer 2": ("0", "0"),
    }
    page.screenshot(path=str(SHOTS / f"standings-european-{size['width']}.png"), full_page=True)


def test_the_umpire_stops_a_game_by_time_on_the_tablet(
    live_server, page: Page, transactional_db
) -> None:
    _event, _m1, m2 = _played_round()
    page.set_viewport_size(TABLET_PORTRAIT)
    page.goto(f"{live_server.url}/u/{m2.umpire_token}/")
    summary = page.locator("#actions > summary")  # "Other decisions…" opens as a sheet
    expect(summary).to_be_in_viewport()
    summary.click()
    confirm = page.locator("#time-up-confirm")
    confirm.scroll_into_view_if_needed()
    expect(confirm).to_be_in_viewport()
    box = confirm.bounding_box()
    assert box is not None
    topmost = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('#time-up-confirm') !== null",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert topmost, "the time-up confirmation is covered"
    page.screenshot(path=str(SHOTS / "tablet-time-up-768.png"))
    confirm.click()
    page.wait_for_url(f"**/u/{m2.umpire_token}/")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#time-up-confirm")).to_have_count(0)
    m2.refresh_from_db()
    assert m2.winner_side == "b" and m2.status == Match.Status.FINISHED
    # leave the tablet page (it polls) before the live server's database is flushed
    page.goto("about:blank")
