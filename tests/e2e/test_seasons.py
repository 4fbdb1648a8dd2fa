"""Browser test of the seasons (issue 33) at the users' sizes: an organiser founds a club, makes
a championship, adds two played tournaments from the UI and sees the ranking with each
tournament's prize per player, the skipped one in brackets; the PDF opens."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.test.utils import CaptureQueriesContext  # noqa: F401
from playwright.sync_api import Page, expect

from scoring.models import Player
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.seasons.conftest import played_event

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/seasons-shots")  # looked at by hand, never committed


class _NoCapture:
    """The live server's database commits at once: nothing to capture."""

    def __init__(self, execute: bool = True) -> None:
        pass

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _on_top(page: Page, selector: str) -> bool:
    return page.eval_on_selector(
        selector,
        """el => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.top >= 0 && r.bottom <= window.innerHeight && (hit === el || el.contains(hit));
    }""",
    )


@pytest.mark.parametrize("size", [(1280, 800), (768, 1024), (390, 844)])
def test_organiser_makes_a_championship_and_sees_its_ranking(
    organiser_page: Page, live_server, django_user_model, size
):  # noqa: F811
    page = organiser_page
    problems = Problems(page)
    chief = django_user_model.objects.get(username="chief")
    players = [
        Player.objects.create(name=f"Seasoned {chr(65 + i)}", nationality="DE") for i in range(8)
    ]
    played_event("spring-cup", datetime.date(2026, 3, 1), players, _NoCapture, owner=chief)
    played_event(
        "summer-cup",
        datetime.date(2026, 5, 1),
        list(reversed(players[:4])),
        _NoCapture,
        owner=chief,
    )
    page.set_viewport_size({"width": size[0], "height": size[1]})
    SHOTS.mkdir(exist_ok=True)
    tag = f"{size[0]}x{size[1]}"

    page.goto(f"{live_server.url}/organiser/")
    page.get_by_role("link", name="Clubs and championships").click()
    page.get_by_role("link", name="New club or federation").click()
    page.locator("#id_name").fill("Lakeside Carrom Club")
    page.get_by_label("Nation").fill("DE")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_text("Lakeside Carrom Club created.")).to_be_visible()
    page.get_by_role("link", name="New championship").click()
    page.locator("#id_name").fill("Lakeside Season 2026")
    page.get_by_label("Prize method").select_option("fixed")
    page.get_by_label("Worst prizes skipped").fill("1")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_text("now add the tournaments that count")).to_be_visible()
    for cup in ("Spring Cup", "Summer Cup"):
        # the search picker (htmx typeahead) narrows the organiser's events as he types
        page.get_by_role("searchbox", name="Find a tournament").fill(cup.split()[0])
        add = page.locator("#event-choices").get_by_role("button", name=f"Add Open of {cup}")
        expect(add).to_be_visible()
        expect(page.locator("#event-choices li")).to_have_count(1)
        add.scroll_into_view_if_needed()
        assert _on_top(page, "#event-choices form[action$='/events/'] button[type=submit]")
        add.click()
        expect(page.get_by_text(f"Open of {cup} now counts.")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"edit-{tag}.png"), full_page=True)
    page.get_by_role("link", name="See the ranking").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Lakeside Season 2026")
    table = page.locator("table.season-ranking")
    expect(table.get_by_role("columnheader", name="Spring Cup")).to_be_visible()
    expect(table.get_by_role("columnheader", name="Summer Cup")).to_be_visible()
    winner = table.locator("tbody tr").first
    expect(winner.locator("td").first).to_have_text("1")
    # the skipped prize shows in brackets, struck through, and says so to a screen reader
    expect(table.locator("del.season-skipped").first).to_be_visible()
    expect(table.get_by_text("skipped").first).to_be_attached()
    expect(page.get_by_text("Prizes struck through and in brackets are skipped")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"ranking-{tag}.png"), full_page=True)
    with page.expect_response(lambda r: r.url.endswith("ranking.pdf")) as answer:
        page.get_by_role("link", name="PDF").click()
    assert answer.value.status == 200
    assert answer.value.headers["content-type"] == "application/pdf"
    problems.assert_none()
