"""Browser test: the interval before the deciding game (IT 102) holds strokes sent late from the
tablet's offline queue. Game 2 ends offline and the umpire goes straight on to the next board;
when the network is back the game's last stroke is recorded and the deciding game's first is
refused with the interval's message, shown in the queue, and nothing after it is sent until
the umpire decides (issue 12)."""

from __future__ import annotations

import uuid

from playwright.sync_api import Page, expect

from scoring.services.matches import match_snapshot, record_event, record_quick_board
from tests.e2e.test_umpire_tablet import UMPIRE, Problems, events, tossed_match


def _game_two_one_stroke_from_its_end():
    """Game 1 won by A; in game 2 B has 24 points and, on board 3, one carromman of his
    colour left with the queen covered: his next stroke pocketing it ends game 2 (1-1)."""
    match = tossed_match()
    for winner in ("a", "a", "a", "b", "b"):
        record_quick_board(
            match=match,
            winner=winner,
            carrommen=9,
            queen=winner,
            client_id=uuid.uuid4(),
            actor=UMPIRE,
        )
        match.refresh_from_db()
    current = match_snapshot(match).current
    colour = "white" if current.breaker == "b" else "black"
    strokes = [] if colour == "white" else [{"by": "white"}]
    strokes += [
        {"by": colour, "pocketed": {colour: 1, "queen": True}},
        {"by": colour, "pocketed": {colour: 7}},
    ]
    for payload in strokes:
        record_event(
            match=match, payload={"type": "stroke", **payload}, client_id=uuid.uuid4(), actor=UMPIRE
        )
        match.refresh_from_db()
    return match, colour


def test_a_queued_stroke_past_the_interval_is_refused_and_holds_the_rest(
    live_server, page: Page, transactional_db
):
    problems = Problems(page, allowed={422})
    match, colour = _game_two_one_stroke_from_its_end()
    page.context.route("**/vendor/pyodide/**", lambda route: route.abort())  # no rulings
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    expect(page.locator(f'label[for="pad-{colour}-1"]')).to_be_visible()

    page.context.set_offline(True)
    page.locator(f'label[for="pad-{colour}-1"]').tap()  # the last carromman: game 2 is over
    page.locator("#commit").tap()
    page.locator("#quick-nothing").tap()  # straight on: the deciding game's break
    page.locator("#quick-nothing").tap()
    expect(page.locator("#history .u-history-item.is-pending")).to_have_count(3)
    recorded = len(events(match))

    page.context.set_offline(False)
    banner = page.locator("#net-banner")
    expect(banner).to_contain_text("Not recorded", timeout=20000)
    expect(banner).to_contain_text("The interval (IT 102) is not over yet")
    refused = page.locator("#history .u-history-item.is-refused")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("The interval (IT 102) is not over yet")
    expect(page.locator("#history .u-history-item.is-pending")).to_have_count(1)
    page.wait_for_timeout(4000)  # nothing after it is sent until the umpire decides
    assert len(events(match)) == recorded + 1  # game 2's last stroke only
    match.refresh_from_db()
    assert match.games_won == {"a": 1, "b": 1}

    page.locator("#queue-drop").tap()  # the umpire drops it and the stroke after it
    expect(page.locator("#history .u-history-item.is-queued")).to_have_count(0)
    expect(page.locator("#interval")).to_be_visible()  # the card: the interval counts down
    assert len(events(match)) == recorded + 1
    problems.assert_none()
