"""Browser test of the late-correction story (issue 30) at 1024×768 and 1280×800: Lara beats
Hugo in the first round, Asha beats Lara in the semi-final (confirmed); then the first-round
sheet is corrected to Hugo. The preview names the semi-final, the organiser has it played
again, and the event goes on to the final and the third-place match."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Entry, Match, Player
from scoring.services import draws
from scoring.services.matches import Actor, record_quick_board, record_toss
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.factories import make_event, make_tournament, play_and_confirm

SHOTS = Path("/tmp/organiser-shots")  # looked at by hand, never committed
DOCS = Path(__file__).resolve().parents[2] / "docs" / "img"
SIZES = [{"width": 1024, "height": 768}, {"width": 1280, "height": 800}]
# A 12, 12, B 12, 12, A 1: 25-24 for A as keyed; the last board was B's: 24-25
SHEET = [("a", 9, "a"), ("a", 9, "a"), ("b", 9, "b"), ("b", 9, "b"), ("a", 1, "")]
NAMES = [
    "Lara Test",
    "Hugo Test",
    "Asha Test",
    "Ines Test",
    "Dora Test",
    "Emil Test",
    "Faye Test",
    "Gus Test",
]


def _story(chief) -> tuple[Match, Match]:
    actor = Actor(user=chief, via="organiser", may_edit_locked=True)
    tournament = make_tournament("late-cup", organiser=chief, tables=8)
    event = make_event(tournament, 8, name="Open", games_to_win=1, settings={"third_place": True})
    draws.draw_event(event=event, actor=actor, random_seed=5)
    first = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    pair = next(m for m in first[1:] if m.winner_to_id == first[0].winner_to_id)
    order = [first[0], pair, *(m for m in first[1:] if m.pk != pair.pk)]
    for n, m in enumerate(order):
        for side, entry_id in enumerate((m.entry_a_id, m.entry_b_id)):
            Player.objects.filter(entries__pk=entry_id).update(name=NAMES[2 * n + side])
    match = Match.objects.get(pk=first[0].pk)
    record_toss(match=match, winner="a", choice="break", actor=actor)
    for winner, left, queen in SHEET:
        record_quick_board(
            match=match,
            winner=winner,
            carrommen=left,
            queen=queen or None,
            client_id=uuid.uuid4(),
            actor=actor,
        )
    draws.confirm_result(match=match, actor=actor)
    for m in order[1:]:
        play_and_confirm(m, "a", actor)
    draws.sync_bracket(event)
    semi = Match.objects.get(pk=match.winner_to_id)
    asha = Entry.objects.get(player__name="Asha Test")
    play_and_confirm(semi, "a" if semi.entry_a_id == asha.pk else "b", actor)
    draws.sync_bracket(event)
    return match, Match.objects.get(pk=semi.pk)


def enter_sheet(page: Page, winner: str) -> None:
    """One game from the paper sheet by quick entry, the toss first: 12, 12, 1."""
    page.locator("label[for=toss-a]").click()
    page.locator("label[for=toss-break]").click()
    for carrommen, queen in ((9, True), (9, True), (1, False)):
        page.locator(f"label[for=winner-{winner}]").click()
        page.locator(f"label[for=carrommen-{carrommen}]").click()
        page.locator(f"label[for=queen-{winner if queen else 'none'}]").click()
        with page.expect_response(lambda r: r.url.endswith("/board/")) as answer:
            page.get_by_role("button", name="Record the board").click()
        assert answer.value.status == 200
    expect(page.get_by_text("The match is over.")).to_be_visible()
    page.get_by_role("button", name="Confirm the result").click()
    expect(page.get_by_text("Result confirmed.")).to_be_visible()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_late_correction_is_repaired_and_played_to_the_final(
    organiser_page: Page, live_server, django_user_model, size
):  # noqa: F811
    page = organiser_page
    page.set_viewport_size(size)
    problems = Problems(page)
    match, semi = _story(django_user_model.objects.get(username="chief"))
    base = f"{live_server.url}/t/late-cup/organiser"
    page.goto(f"{base}/matches/{match.pk}/")
    page.get_by_role("link", name="correct board 5").click()
    page.locator("label[for=fix-winner-b]").click()
    page.get_by_label("Reason for the correction").fill("The sheet's last board was Hugo's")
    page.get_by_role("button", name="Check what changes").click()
    later = page.locator(".o-later")
    expect(later).to_be_visible()
    expect(later).to_contain_text(f"Match {semi.number} (Semi-final): played by")
    expect(later).to_contain_text("Asha Test")
    expect(later).to_contain_text("Lara Test")
    expect(page.get_by_label("Keep the draw as it is (the reason is logged).")).to_have_count(0)
    replay = page.locator("#repair-replay")
    expect(replay).to_be_checked()
    later.scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"late-preview-{size['width']}.png"))
    if size["width"] == 1280:
        DOCS.mkdir(exist_ok=True)
        page.locator("#correction").screenshot(path=str(DOCS / "late-correction-preview.png"))
    save = page.get_by_role("button", name="Save the correction")
    save.scroll_into_view_if_needed()
    save.click()
    expect(page.get_by_text("The result is corrected.")).to_be_visible()
    semi.refresh_from_db()
    assert semi.status == Match.Status.READY
    hugo = Entry.objects.get(player__name="Hugo Test")
    assert hugo.pk in (semi.entry_a_id, semi.entry_b_id)

    # the semi-final played again by Hugo and Asha, from the paper sheet
    page.goto(f"{base}/matches/{semi.pk}/")
    enter_sheet(page, "a" if semi.entry_a_id == hugo.pk else "b")
    # the other semi-final, then the final and the third-place match
    for _ in range(3):
        ready = Match.objects.filter(event=semi.event, status=Match.Status.READY).first()
        if ready is None:
            break
        page.goto(f"{base}/matches/{ready.pk}/")
        enter_sheet(page, "a")
    final = Match.objects.get(event=semi.event, round__bracket="main", round__number=3)
    third = Match.objects.get(event=semi.event, round__bracket="placement")
    assert final.status == third.status == Match.Status.CONFIRMED
    page.goto(f"{live_server.url}/t/late-cup/organiser/events/{semi.event_id}/")
    expect(page.get_by_text("Every match is confirmed.")).to_be_visible()
    page.goto(f"{live_server.url}/api/v1/matches/{semi.pk}/")
    assert None not in page.evaluate("() => JSON.parse(document.body.innerText).entries")
    problems.assert_none()
