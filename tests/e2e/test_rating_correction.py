"""Browser test of ratings (issue 33) on a tablet (1024×768): a rated tournament's confirmed
match is corrected late by the organiser; the player's rating history page and the rating
list show the new rate (re-rated from that tournament's date on), the chart drawn as SVG."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from scoring.models import Rate, Rating
from scoring.services.matches import Actor
from scoring.services.ratings import set_tournament_rating
from tests.e2e.test_organiser_correction import _corrected_match, save_button_on_top
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)

SHOTS = Path("/tmp/rating-shots")  # looked at by hand, never committed


def test_the_rating_changes_after_a_late_correction(
    organiser_page: Page,  # noqa: F811
    live_server,
    django_user_model,
):
    page = organiser_page
    problems = Problems(page)
    chief = django_user_model.objects.get(username="chief")
    match, _nxt = _corrected_match(chief)
    rating = Rating.objects.create(name="Fix cup rating", level="club", outcomes="guido")
    set_tournament_rating(
        tournament=match.event.tournament, rating=rating, actor=Actor(user=chief, via="organiser")
    )
    loser = match.entry_a.player  # the winner as keyed, the loser in truth
    before = Rate.objects.get(rating=rating, player=loser).rate

    page.goto(f"{live_server.url}/ratings/{rating.pk}/players/{loser.pk}/")
    now = page.locator(".rating-now")
    expect(now).to_contain_text(f"Rate {before:.0f}")
    expect(page.locator("svg.rating-chart-svg")).to_be_visible()

    page.goto(f"{live_server.url}/t/fix-cup/organiser/matches/{match.pk}/")
    page.get_by_role("link", name="correct board 2").click()
    page.locator("label[for=fix-winner-b]").click()
    page.get_by_label("Reason for the correction").fill("Board 2 was B's on the sheet")
    page.get_by_role("button", name="Check what changes").click()
    save_button_on_top(page).click()
    expect(page.get_by_text("The result is corrected.")).to_be_visible()

    after = Rate.objects.get(rating=rating, player=loser).rate
    assert after < before
    page.goto(f"{live_server.url}/ratings/{rating.pk}/players/{loser.pk}/")
    expect(now).to_contain_text(f"Rate {after:.0f}")
    expect(now).not_to_contain_text(f"Rate {before:.0f}")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "history-1024x768.png"), full_page=True)
    # the rating list shows the new rate on the player's row
    page.goto(f"{live_server.url}/ratings/{rating.pk}/")
    row = page.get_by_role("row").filter(has=page.get_by_role("link", name=loser.name))
    expect(row.locator(".rate")).to_have_text(f"{after:.0f}")
    page.screenshot(path=str(SHOTS / "list-1024x768.png"), full_page=True)
    problems.assert_none()
