"""Browser test of an umpire's decision (issue 14) on a tablet (1024×768): the organiser
gives game 1 of a confirmed match to the loser by IT 107, sees that the old winner already
stands in the next match, accepts the repair, and the bracket shows the new winner."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from scoring.models import AuditEntry, Board
from tests.e2e.test_organiser_correction import (  # noqa: F401  (fixture)
    ConfirmedMatch,
    confirmed_match,
    save_button_on_top,
    the_bracket_follows,
)
from tests.e2e.test_organiser_flow import organiser_page  # noqa: F401  (fixture)

SHOTS = Path("/tmp/organiser-shots")  # looked at by hand, never committed


def test_organiser_enters_an_umpires_decision_and_the_bracket_follows(
    confirmed_match: ConfirmedMatch,
):  # noqa: F811
    page, match, nxt = confirmed_match.page, confirmed_match.match, confirmed_match.nxt
    boards = Board.objects.filter(game__match=match).count()
    page.get_by_role("link", name="Enter an umpire's decision on a game or the match").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("An umpire's decision")
    page.locator("label[for=decision-scope-1]").click()
    page.locator("label[for=decision-side-b]").click()
    page.get_by_label("Law of the decision").fill("IT 107")
    page.get_by_label("Reason for the correction").fill("Abused the umpire after board 8")
    page.get_by_role("button", name="Check what changes").click()
    warning = page.locator(".o-impact-warning")
    expect(warning).to_contain_text(f"The old winner is already in match {nxt.number}")
    expect(page.get_by_text("The winner changes from A to B.")).to_be_visible()
    assert Board.objects.filter(game__match=match).count() == boards  # nothing saved yet
    save = save_button_on_top(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "decision-1024x768.png"), full_page=False)
    save.click()
    expect(page.get_by_text("The decision is entered.")).to_be_visible()
    the_bracket_follows(confirmed_match)
    assert AuditEntry.objects.get(match=match, action="decision").detail["law"] == "IT 107"
    confirmed_match.problems.assert_none()
