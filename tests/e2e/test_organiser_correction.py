"""Browser test of a result correction (issue 14) on a tablet (1024×768): the organiser
corrects board 2 of game 1 of a confirmed match whose winner already stands in the next
round, sees the warning, accepts the repair, and the bracket shows the new winner."""

from __future__ import annotations

import uuid
from pathlib import Path

from playwright.sync_api import Page, expect

from scoring.models import Board, Match
from scoring.services import draws
from scoring.services.matches import Actor, record_quick_board, record_toss
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.organiser.conftest import make_event, make_tournament, play_and_confirm

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
        record_quick_board(match=match, winner=winner, carrommen=left, client_id=uuid.uuid4(),
                           actor=actor)
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
    top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')"
                        "?.textContent.trim()", [box["x"] + box["width"] / 2,
                                                  box["y"] + box["height"] / 2])
    assert top == "Save the correction"
    return save


def test_organiser_corrects_a_board_and_the_bracket_follows(organiser_page: Page,  # noqa: F811
                                                            live_server, django_user_model):
    page = organiser_page
    problems = Problems(page)
    match, nxt = _corrected_match(django_user_model.objects.get(username="chief"))
    loser, winner = match.entry_a.name, match.entry_b.name
    page.goto(f"{live_server.url}/t/fix-cup/organiser/matches/{match.pk}/")
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
    page.get_by_role("link", name="Back to Open").click()
    card = page.locator(".o-bracket .o-column").nth(1)
    expect(card.get_by_text(winner, exact=True)).to_be_visible()
    expect(card.get_by_text(loser, exact=True)).to_have_count(0)
    page.screenshot(path=str(SHOTS / "correction-bracket-1024x768.png"), full_page=False)
    nxt.refresh_from_db()
    assert match.entry_b_id in (nxt.entry_a_id, nxt.entry_b_id)
    problems.assert_none()
