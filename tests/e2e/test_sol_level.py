"""Browser test: a level 25–25 imported from SoL (kept as SoL recorded it) reads as a draw on
the live match page and as 1 point each on the standings page, on a phone and the hall
screen (issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.services.sol import import_sol
from tests.trust.test_sol_generated import archive, event, m

SHOTS = Path("/tmp/standings-shots")
PHONE = {"width": 390, "height": 844}
HALL = {"width": 1920, "height": 1080}


@pytest.mark.parametrize("size", [PHONE, HALL], ids=["phone", "hall"])
def test_an_imported_25_25_reads_as_a_draw(live_server, page: Page, size) -> None:
    import_sol(archive(players=4, matches=[m(1, 2, 25, 25), m(3, 4, 25, 9, table=2)]))
    e = event()
    level = Match.objects.get(event=e, number=1)
    page.set_viewport_size(size)
    SHOTS.mkdir(exist_ok=True)
    page.goto(f"{live_server.url}/t/{e.tournament.slug}/match/{level.pk}/")
    badge = page.locator(".scoreboard-status .badge", has_text="draw")
    expect(badge).to_be_in_viewport(ratio=1)
    cells = page.locator(".scoreboard-table tbody td.scoreboard-points").all_inner_texts()
    assert [c.strip() for c in cells] == ["25", "25"]
    assert page.locator(".scoreboard-table tr.is-winner").count() == 0
    page.screenshot(path=str(SHOTS / f"sol-level-match-{size['width']}.png"))
    page.goto(f"{live_server.url}/t/{e.tournament.slug}/event/{e.pk}/standings/")
    headers = [h.strip() for h in page.locator("table.standings-table thead th").all_inner_texts()]
    points, draws = headers.index("Pts"), headers.index("D")
    rows = page.locator("table.standings-table tbody tr")
    cells = {
        r.locator("th").inner_text().split("\n")[0].strip(): r.locator("td, th").all_inner_texts()
        for r in rows.all()
    }
    assert {n: (c[points], c[draws]) for n, c in cells.items()} == {
        "Gen3 Player": ("2", "0"),
        "Gen1 Player": ("1", "1"),
        "Gen2 Player": ("1", "1"),
        "Gen4 Player": ("0", "0"),
    }
    page.screenshot(path=str(SHOTS / f"sol-level-standings-{size['width']}.png"), full_page=True)
