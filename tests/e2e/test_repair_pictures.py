"""The repairs of docs/CORRECTIONS.md on the real screens (issue 30), at 1024×768 and
1280×800: a late correction's award and elimination by decision, the elimination taken back
(its preview names the later match played on the decision, which is then played again), and
the re-keying with sides swapped. At 1280×800 each preview is photographed for the docs
(``docs/img/repair-*.png``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import AuditEntry, Entry, Match
from tests.e2e.test_late_correction import _story
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.e2e.test_rekey_sheet import _swapped_sheet, in_view

DOCS = Path(__file__).resolve().parents[2] / "docs" / "img"
SIZES = [{"width": 1024, "height": 768}, {"width": 1280, "height": 800}]


def picture(page: Page, size: dict[str, int], selector: str, name: str) -> None:
    """The panel as the organiser sees it, kept for the docs (taken at 1280×800 only)."""
    if size["width"] == 1280:
        DOCS.mkdir(exist_ok=True)
        page.locator(selector).screenshot(path=str(DOCS / f"repair-{name}.png"))


def _preview(page: Page, base: str, match: Match) -> None:
    page.goto(f"{base}/matches/{match.pk}/")
    page.get_by_role("link", name="correct board 5").click()
    page.locator("label[for=fix-winner-b]").click()
    page.get_by_label("Reason for the correction").fill("The sheet's last board was Hugo's")
    page.get_by_role("button", name="Check what changes").click()
    expect(page.locator(".o-later")).to_be_visible()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_eliminate_then_take_it_back(
    organiser_page: Page,
    live_server,  # noqa: F811
    django_user_model,
    size,
):
    page = organiser_page
    page.set_viewport_size(size)
    problems = Problems(page)
    match, semi = _story(django_user_model.objects.get(username="chief"))
    base = f"{live_server.url}/t/late-cup/organiser"
    _preview(page, base, match)
    # the award: the later match given by decision, to whom and by which law
    page.locator("label[for=repair-award]").click()
    expect(page.locator("#repair-award")).to_be_checked()
    in_view(page, page.get_by_label("The later match is given to"))
    picture(page, size, "#correction", "award")
    # the elimination: the later results kept, the new winner eliminated by decision
    page.locator("label[for=repair-eliminate]").click()
    page.get_by_label("Law of the decision on the later match").fill("IT 107")
    save = page.get_by_role("button", name="Save the correction")
    in_view(page, save)
    picture(page, size, "#correction", "eliminate")
    save.click()
    expect(page.get_by_text("The result is corrected.")).to_be_visible()
    match.refresh_from_db()
    assert match.winner_side == "b" and match.advances == "a"
    # the match page says so and offers to take it back
    note = page.locator(".o-eliminated")
    expect(note).to_contain_text("eliminated by decision")
    link = page.get_by_role("link", name="Take the elimination back")
    link.scroll_into_view_if_needed()
    link.click()
    expect(page.locator(".o-eliminated")).to_contain_text(
        "By decision, Lara Test goes on and Hugo Test is eliminated"
    )
    page.get_by_label("Reason for the correction").fill("Hugo was in the hall after all")
    page.get_by_role("button", name="Check what changes").click()
    later = page.locator(".o-later")
    expect(later).to_contain_text(f"Match {semi.number} (Semi-final): played by")
    expect(page.locator(".o-impact")).to_contain_text("Hugo Test goes on instead of Lara Test.")
    expect(page.locator("#repair-replay")).to_be_checked()
    save = page.get_by_role("button", name="Take the elimination back")
    in_view(page, save)
    picture(page, size, "#take-back", "take-back")
    save.click()
    expect(page.get_by_text("The elimination by decision is taken back.")).to_be_visible()
    match.refresh_from_db()
    semi.refresh_from_db()
    hugo = Entry.objects.get(player__name="Hugo Test")
    assert match.advances == "" and semi.status == Match.Status.READY
    assert hugo.pk in (semi.entry_a_id, semi.entry_b_id)
    assert AuditEntry.objects.filter(action="elimination_taken_back").count() == 1
    expect(page.locator(".o-eliminated")).to_have_count(0)
    problems.assert_none()


def test_the_swap_preview_picture(
    organiser_page: Page,
    live_server,  # noqa: F811
    django_user_model,
):
    page = organiser_page
    size = {"width": 1280, "height": 800}
    page.set_viewport_size(size)
    problems = Problems(page)
    semi, _final = _swapped_sheet(django_user_model.objects.get(username="chief"))
    page.goto(f"{live_server.url}/t/swap-cup/organiser/matches/{semi.pk}/rekey/")
    page.get_by_role("button", name="Swap sides A and B").click()
    expect(page.locator(".o-rekey-diff")).to_contain_text("Toss won by A → won by B")
    in_view(page, page.get_by_role("button", name="Save the correction"))
    picture(page, size, "#rekey", "swap")
    problems.assert_none()
