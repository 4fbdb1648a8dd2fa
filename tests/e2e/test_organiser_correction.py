"""Browser test of a result correction (issue 14) on a tablet (1024×768): the organiser
corrects board 2 of game 1 of a confirmed match whose winner already stands in the next
round, sees the warning, accepts the repair, and the bracket shows the new winner."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Board, Match
from scoring.services import draws
from scoring.services.matches import Actor, record_quick_board, record_toss
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.factories import make_event, make_tournament, play_and_confirm

SHOTS = Path("/tmp/organiser-shots")  # looked at by hand, never committed

# round of 16: eight boards at most (ICF 45). Board 2 entered as A's 2 points: A 6 v B 3;
# in truth B won it with 2: B 5 v A 4.
SHEET = [("a", 1), ("a", 2), ("a", 1), ("b", 1), ("a", 1), ("b", 1), ("a", 1), ("b", 1)]


def _corrected_match(chief) -> tuple[Match, Match]:
    actor = Actor(user=chief, via="organiser", may_edit_locked=True)
    tournament = make_tournament("fix-cup", organiser=chief, tables=8)
    event = make_event(tournament, 16, name="Open")
    draws.draw_event(event=event, actor=actor, random_seed=5)
    first = list(Match.objects.filter(event=event, round__number=1).order_by("number"))
    match = first[0]
    record_toss(match=match, winner="a", choice="break", actor=actor)
    for winner, left in SHEET:
        record_quick_board(
            match=match, winner=winner, carrommen=left, client_id=uuid.uuid4(), actor=actor
        )
    draws.confirm_result(match=match, actor=actor)
    play_and_confirm(first[1], "a", actor)
    draws.sync_bracket(event)
    match.refresh_from_db()
    nxt = Match.objects.get(pk=match.winner_to_id)
    assert match.winner_side == "a" and match.entry_a_id in (nxt.entry_a_id, nxt.entry_b_id)
    return match, nxt


def save_button_on_top(page: Page):
    """The "Save the correction" button, scrolled into the 1024x768 view: in the viewport and
    topmost at its centre (nothing covers it)."""
    save = page.get_by_role("button", name="Save the correction")
    save.scroll_into_view_if_needed()
    box = save.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768
    top = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('button')?.textContent.trim()",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert top == "Save the correction"
    return save


@dataclass
class ConfirmedMatch:
    """The organiser's browser on a confirmed match whose winner (A, the ``loser`` once it is
    corrected) already stands in the next round's match ``nxt``."""

    page: Page
    problems: Problems
    match: Match
    nxt: Match
    loser: str
    winner: str


@pytest.fixture
def confirmed_match(
    organiser_page: Page,
    live_server,  # noqa: F811
    django_user_model,
) -> ConfirmedMatch:
    """The organiser's match page of :func:`_corrected_match`'s match, at 1024×768."""
    problems = Problems(organiser_page)
    match, nxt = _corrected_match(django_user_model.objects.get(username="chief"))
    organiser_page.goto(f"{live_server.url}/t/fix-cup/organiser/matches/{match.pk}/")
    return ConfirmedMatch(
        organiser_page, problems, match, nxt, loser=match.entry_a.name, winner=match.entry_b.name
    )


def the_bracket_follows(fixed: ConfirmedMatch) -> None:
    """Back on the event: the next round's card shows the new winner and not the old one, and
    the new winner stands in the next match."""
    fixed.page.get_by_role("link", name="Back to Open").click()
    card = fixed.page.locator(".o-bracket .o-column").nth(1)
    expect(card.get_by_text(fixed.winner, exact=True)).to_be_visible()
    expect(card.get_by_text(fixed.loser, exact=True)).to_have_count(0)
    fixed.nxt.refresh_from_db()
    assert fixed.match.entry_b_id in (fixed.nxt.entry_a_id, fixed.nxt.entry_b_id)


def test_organiser_corrects_a_board_and_the_bracket_follows(confirmed_match: ConfirmedMatch):
    page, match, nxt = confirmed_match.page, confirmed_match.match, confirmed_match.nxt
    expect(page.get_by_text("The result is confirmed by the organiser.")).to_be_visible()
    page.get_by_role("link", name="correct board 2").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Correct game 1, board 2")
    page.locator("label[for=fix-winner-b]").click()
    page.get_by_label("Reason for the correction").fill("Board 2 was B's on the sheet")
    page.get_by_role("button", name="Check what changes").click()
    warning = page.locator(".o-impact-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text(f"The old winner is already in match {nxt.number}")
    expect(page.get_by_text("The winner changes from A to B.")).to_be_visible()
    assert Board.objects.filter(game__match=match, summary_winner="a").count() == 5  # unsaved
    repair = page.get_by_label(f"Move the new winner into match {nxt.number}.")
    expect(repair).to_be_checked()
    save = save_button_on_top(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "correction-1024x768.png"), full_page=False)
    save.click()
    expect(page.get_by_text("The result is corrected.")).to_be_visible()
    the_bracket_follows(confirmed_match)
    page.screenshot(path=str(SHOTS / "correction-bracket-1024x768.png"), full_page=False)
    confirmed_match.problems.assert_none()
