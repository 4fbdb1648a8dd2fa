"""Team ties on phones (issue 34): two captains submit their lineups on phones (390×844),
each sees the other's only once both are in, a refused lineup says why; the rubbers then wait
for their tables, and the organiser's tie page shows them at the desk (1280×800).

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.models import Match, Player, Tie
from scoring.services import draws
from scoring.services.matches import Actor
from scoring.services.teams import add_team
from scoring.services.ties import make_ties
from scoring.services.tournaments import create_event
from tests.live import factories as f

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("SCREENSHOT_DIR", "/tmp/papers-screens"))
PHONE = {"width": 390, "height": 844}
DESK = Actor(via="organiser")


@pytest.fixture
def tie(transactional_db) -> Tie:
    t = f.tournament("team-open")
    event = create_event(
        tournament=t, name="Club teams", actor=DESK, kind="teams", format="knockout"
    )
    for name in ("Harbour Strikers", "Valley Queens"):
        squad = [Player.objects.create(name=f"{name.split()[0]} player {n}") for n in range(1, 4)]
        add_team(
            event=event,
            actor=DESK,
            name=name,
            club=name.split()[0],
            players=squad,
            captain=squad[0],
        )
    draws.draw_event(event=event, actor=DESK, random_seed=1)
    return make_ties(event)[0]


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def _choose(page: Page, side: str, picks: list[str]) -> None:
    """Pick the players of rubbers 1 (singles), 2 (doubles, two places), 3 (singles)."""
    for name, value in zip(
        (f"{side}-r1_0", f"{side}-r2_0", f"{side}-r2_1", f"{side}-r3_0"), picks, strict=True
    ):
        page.select_option(f"select[name='{name}']", label=value)


def test_two_captains_submit_lineups_on_phones(live_server, browser, tie: Tie) -> None:
    team_a = tie.match.entry_a.team
    team_b = tie.match.entry_b.team
    names_a = [m.player.name for m in team_a.members.select_related("player")]
    names_b = [m.player.name for m in team_b.members.select_related("player")]
    phones = [browser.new_context(viewport=PHONE) for _ in range(2)]
    page_a, page_b = (c.new_page() for c in phones)
    page_a.goto(live_server.url + reverse("scoring:captain-lineup", args=[tie.captain_token_a]))
    expect(page_a.get_by_role("heading", name=f"Lineup of {team_a.name}")).to_be_visible()
    # a refused lineup: the same singles player twice
    _choose(page_a, "a", [names_a[0], names_a[1], names_a[2], names_a[0]])
    page_a.get_by_role("button", name="Submit the lineup").click()
    alert = page_a.get_by_role("alert")
    expect(alert).to_contain_text(f"Rubber 3: {names_a[0]} already plays a singles")
    _shot(page_a, "team-lineup-refused-390x844.png")
    _choose(page_a, "a", [names_a[0], names_a[1], names_a[2], names_a[1]])
    page_a.get_by_role("button", name="Submit the lineup").click()
    expect(page_a.get_by_role("status")).to_contain_text("Your lineup is in")
    for name in names_b:
        expect(page_a.get_by_text(name)).to_have_count(0)
    page_b.goto(live_server.url + reverse("scoring:captain-lineup", args=[tie.captain_token_b]))
    for name in names_a:  # B does not see A's lineup either
        expect(page_b.get_by_text(name)).to_have_count(0)
    _choose(page_b, "b", [names_b[2], names_b[0], names_b[1], names_b[0]])
    button = page_b.get_by_role("button", name="Submit the lineup")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 390
    button.click()
    expect(page_b.get_by_role("status")).to_contain_text("Both lineups are in")
    page_a.reload()
    expect(page_a.get_by_role("status")).to_contain_text("Both lineups are in")
    expect(page_a.get_by_role("cell", name=names_b[2])).to_be_visible()
    _shot(page_a, "team-lineups-in-390x844.png")
    assert page_a.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert Match.objects.filter(rubber__tie=tie, status=Match.Status.READY).count() == 3
    for context in phones:
        context.close()
