"""Browser tests (issue 30) at 1024×768 and 1280×800: a sheet keyed with sides A and B
swapped is keyed again faithfully ("Swap sides A and B", the boards before and after, saved);
and a whole paper sheet entered in one form with live totals."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import AuditEntry, Board, Match
from scoring.services import draws
from scoring.services.matches import Actor
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.factories import make_event, make_tournament, play_and_confirm
from tests.organiser.test_corrections import EIGHT, paper_match

SHOTS = Path("/tmp/organiser-shots")  # looked at by hand, never committed
SIZES = [{"width": 1024, "height": 768}, {"width": 1280, "height": 800}]


def _swapped_sheet(chief) -> tuple[Match, Match]:
    actor = Actor(user=chief, via="organiser", may_edit_locked=True)
    tournament = make_tournament("swap-cup", organiser=chief, tables=4)
    event = make_event(tournament, 4, name="Open")
    draws.draw_event(event=event, actor=actor, random_seed=7)
    semis = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    play_and_confirm(semis[1], "a", actor)
    paper_match(semis[0], EIGHT)
    draws.confirm_result(match=semis[0], actor=actor)
    draws.sync_bracket(event)
    return Match.objects.get(pk=semis[0].pk), Match.objects.get(event=event, round__number=2)


def in_view(page: Page, locator) -> None:
    """The control is in the viewport and topmost at its centre."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).outerHTML",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit.startswith(("<button", "<select", "<input", "<option"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_swap_sides_rekeys_the_sheet(
    organiser_page: Page,
    live_server,  # noqa: F811
    django_user_model,
    size,
):
    page = organiser_page
    page.set_viewport_size(size)
    problems = Problems(page)
    semi, final = _swapped_sheet(django_user_model.objects.get(username="chief"))
    page.goto(f"{live_server.url}/t/swap-cup/organiser/matches/{semi.pk}/")
    page.get_by_role("link", name="Key the paper boards again").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Key the paper boards again")
    expect(page.locator(".o-rekey-table tbody tr")).to_have_count(5)
    swap = page.get_by_role("button", name="Swap sides A and B")
    in_view(page, swap)
    swap.click()
    expect(page.get_by_text("The winner changes from A to B.")).to_be_visible()
    expect(page.locator(".o-rekey-diff li")).to_have_count(6)  # five boards and the toss
    expect(page.locator(".o-rekey-diff")).to_contain_text("Game 1, board 1: won by A → won by B")
    expect(page.locator(".o-rekey-diff")).to_contain_text("Toss won by A → won by B")
    page.get_by_label("Reason for the correction").fill("The sheet was keyed the wrong way round")
    save = page.get_by_role("button", name="Save the correction")
    in_view(page, save)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"rekey-{size['width']}.png"))
    save.click()
    expect(page.get_by_text("The paper boards are keyed again.")).to_be_visible()
    semi.refresh_from_db()
    final.refresh_from_db()
    assert semi.winner_side == "b" and (semi.points_a, semi.points_b) == (24, 25)
    assert semi.entry_b_id in (final.entry_a_id, final.entry_b_id)
    assert Board.objects.filter(game__match=semi, summary_winner="b").count() == 3
    assert AuditEntry.objects.get(match=semi, action="rekey").detail["swap"] is True
    problems.assert_none()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_whole_paper_sheet_in_one_form(
    organiser_page: Page,
    live_server,  # noqa: F811
    django_user_model,
    size,
):
    page = organiser_page
    page.set_viewport_size(size)
    problems = Problems(page)
    chief = django_user_model.objects.get(username="chief")
    actor = Actor(user=chief, via="organiser", may_edit_locked=True)
    tournament = make_tournament("sheet-cup", organiser=chief, tables=4)
    event = make_event(tournament, 4, name="Open", games_to_win=2)
    draws.draw_event(event=event, actor=actor, random_seed=7)
    match = Match.objects.filter(event=event, round__number=1).order_by("position").first()
    page.goto(f"{live_server.url}/t/sheet-cup/organiser/matches/{match.pk}/")
    page.get_by_role("link", name="Enter the whole paper sheet at once").click()
    page.locator("label[for=sheet-toss-a]").click()
    page.locator("label[for=sheet-toss-break]").click()
    for g, winner in enumerate("aba", start=1):
        for k, (left, queen) in enumerate(((9, True), (9, True), (1, True)), start=1):
            name = f"Game {g}, board {k}"
            with page.expect_response(lambda r: r.url.endswith("/sheet/check/")):
                page.get_by_label(f"{name}: won by").select_option(winner.upper())
            page.get_by_label(f"{name}: loser's carrommen left").select_option(str(left))
            with page.expect_response(lambda r: r.url.endswith("/sheet/check/")):
                page.get_by_label(f"{name}: queen covered by").select_option(
                    winner.upper() if queen else "—"
                )
        if g == 1:  # the live total of game 1, the queen at 24 worth nothing (ICF 54)
            expect(page.locator("#total-g1")).to_have_text("A 25 – 0 B")
            expect(page.locator("#pts-g1-b3")).to_contain_text("A 1")
            expect(page.locator("#pts-g1-b3")).to_contain_text("no queen")
    check = page.locator("#sheet-check")
    expect(check).to_contain_text("The match is over: won by A")
    expect(check).to_contain_text("Game 3: A 25 – 0 B")
    save = page.get_by_role("button", name="Save the sheet and confirm the result")
    in_view(page, save)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"sheet-{size['width']}.png"))
    save.click()
    expect(page.get_by_text("The sheet is entered and the result confirmed.")).to_be_visible()
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner_side == "a"
    assert Board.objects.filter(game__match=match).count() == 9
    problems.assert_none()


def test_the_sheet_grows_a_row_when_a_game_needs_one(
    organiser_page: Page,  # noqa: F811
    live_server,
    django_user_model,
):
    """DCV 56(c): a late-round game has no board limit; when its nine rows are filled the
    live check brings a tenth, and what was typed stays (1024×768)."""
    page = organiser_page
    page.set_viewport_size({"width": 1024, "height": 768})
    problems = Problems(page)
    chief = django_user_model.objects.get(username="chief")
    actor = Actor(user=chief, via="organiser", may_edit_locked=True)
    tournament = make_tournament("rows-cup", organiser=chief, tables=4)
    event = make_event(tournament, 4, name="Open")
    draws.draw_event(event=event, actor=actor, random_seed=7)
    match = Match.objects.filter(event=event, round__number=1).order_by("position").first()
    Match.objects.filter(pk=match.pk).update(stage="late")
    page.goto(f"{live_server.url}/t/rows-cup/organiser/matches/{match.pk}/sheet/")
    expect(page.get_by_label("Game 1, board 10: won by")).to_have_count(0)
    page.locator("label[for=sheet-toss-a]").click()
    page.locator("label[for=sheet-toss-break]").click()
    for k in range(1, 10):
        name = f"Game 1, board {k}"
        with page.expect_response(lambda r: r.url.endswith("/sheet/check/")):
            page.get_by_label(f"{name}: loser's carrommen left").select_option("1")
        with page.expect_response(lambda r: r.url.endswith("/sheet/check/")):
            page.get_by_label(f"{name}: won by").select_option("AB"[k % 2])
    tenth = page.get_by_label("Game 1, board 10: won by")
    expect(tenth).to_have_count(1)
    expect(page.get_by_label("Game 1, board 9: won by")).to_have_value("b")
    expect(page.get_by_label("Game 1, board 1: loser's carrommen left")).to_have_value("1")
    expect(page.locator("#total-g1")).to_have_text("A 4 – 5 B")
    in_view(page, tenth)
    problems.assert_none()
