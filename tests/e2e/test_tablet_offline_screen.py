"""Offline, the screen is the engine's (issue 28): the offline engine starts in the background
as soon as the scoring page opens, so the first stroke after a drop is ruled; who is on turn,
the break, what the undo takes back follow the engine's position after the kept strokes;
at a board's end the pad locks until the card's "Start board N", which is kept on the tablet
like a stroke: the umpire plays the next board on, and everything is recorded once, in order,
when the connection is back. Compared with the same strokes played online."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from scoring.services.matches import record_event
from tests.e2e.test_umpire_tablet import UMPIRE, Problems, tossed_match

ENGINE_READY = "() => !!window.UmpireEngine && window.UmpireEngine.state === 'ready'"


def _stroke(match, pocketed: dict) -> None:
    record_event(
        match=match,
        payload={"type": "stroke", "by": "white", "pocketed": pocketed},
        client_id=str(uuid.uuid4()),
        actor=UMPIRE,
    )
    match.refresh_from_db()


def _on_turn_side(page: Page) -> str:
    return page.evaluate("""() => {
      const s = document.querySelector('#sides .u-side.is-on-turn');
      return s ? s.dataset.side : '';
    }""")


def test_the_first_strokes_after_a_drop_are_ruled_and_drawn_from_the_engine(
    live_server, page: Page, transactional_db
):
    problems = Problems(page, allowed={409})
    match = tossed_match()
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    # no stroke kept, no network lost: the engine starts in the background all the same
    page.wait_for_function(ENGINE_READY, timeout=60000)
    breaker = _on_turn_side(page)

    page.context.set_offline(True)
    page.locator("#quick-own").tap()  # the break, one own carromman: the breaker goes on
    pending = page.locator("#history .u-history-item.is-pending")
    expect(pending).to_have_count(1)
    expect(pending.first.locator(".u-history-rulings")).to_contain_text("Break made")
    expect(page.locator("#rulings")).to_contain_text("Break made")
    expect(page.locator("#net-banner")).to_be_visible()
    # the banner never hides the rulings: the newest ruling is on top at its centre
    assert page.evaluate("""() => {
      const li = document.querySelector('#rulings .u-ruling-list > li');
      const r = li.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!top && li.contains(top);
    }""")
    expect(page.locator("#break-state")).to_be_hidden()  # the break is made
    expect(page.locator("#quick-missed")).to_be_disabled()  # in its place
    assert _on_turn_side(page) == breaker
    expect(page.locator("#undo-what")).to_contain_text("1 white")
    expect(page.locator("#undo")).to_be_enabled()  # it takes back the newest kept stroke
    expect(page.locator("#next-breaker")).to_be_hidden()

    page.locator("#quick-nothing").tap()  # nothing: the turn passes
    expect(pending).to_have_count(2)
    page.wait_for_function(
        "(b) => { const s = document.querySelector("
        "'#sides .u-side.is-on-turn'); return s && s.dataset.side !== b; }",
        arg=breaker,
    )
    expect(page.locator("#undo-what")).to_contain_text(re.compile("nothing pocketed", re.I))
    expect(page.locator("#net-state")).to_contain_text("2")

    page.context.set_offline(False)  # sent: the server's screen says the same
    expect(pending).to_have_count(0, timeout=20000)
    assert _on_turn_side(page) != breaker
    expect(page.locator("#undo-what")).to_contain_text(re.compile("nothing pocketed", re.I))
    problems.assert_none()


def test_a_board_ended_offline_locks_the_pad_until_start_board(
    live_server, page: Page, transactional_db
):
    problems = Problems(page, allowed={409})
    match = tossed_match()
    _stroke(match, {"white": 1, "queen": True})
    _stroke(match, {"white": 1})  # the cover
    _stroke(match, {"white": 6})  # one white left
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    page.wait_for_function(ENGINE_READY, timeout=60000)

    page.context.set_offline(True)
    expect(page.locator("#stroke-clock")).to_be_visible()  # during the board
    page.locator('label[for="pad-white-1"]').tap()
    page.locator("#commit").tap()  # the last white: White wins the board
    expect(page.locator("#history .u-history-item.is-pending")).to_have_count(1)
    expect(page.locator("#rulings")).to_contain_text("wins the board")
    # the card as the server draws it, its "Start board 2" kept on the tablet (issue 28)
    go = page.locator("#board-over-card #card-go")
    expect(go).to_be_visible()
    expect(go).to_have_text("Start board 2")
    expect(page.locator("#board-end")).to_contain_text("Board 1 is over")
    for control in ("#quick-nothing", "#quick-own", "#commit", "#pad-black-1"):
        expect(page.locator(control)).to_be_disabled()  # nothing more on this board
    expect(page.locator("#panel.is-carded")).to_have_count(1)  # the one lock's mark
    expect(page.locator("#stroke-clock")).to_be_hidden()  # under the card, as online

    page.context.set_offline(False)  # recorded: the server's card, "Start board 2"
    expect(page.locator("#summary-card #card-go")).to_be_visible(timeout=20000)
    expect(page.locator("#summary-card #card-go")).to_have_text("Start board 2")
    expect(page.locator("#board-over-card")).to_have_count(0)
    problems.assert_none()


def test_the_next_board_played_offline_is_recorded_once_in_order(
    live_server, page: Page, transactional_db
):
    """The board's last stroke, "Start board 2" and two strokes of board 2, all offline: sent
    in order when the connection is back, each once."""
    from scoring.models import AuditEntry, BoardEvent

    problems = Problems(page, allowed={409})
    match = tossed_match()
    _stroke(match, {"white": 1, "queen": True})
    _stroke(match, {"white": 1})  # the cover
    _stroke(match, {"white": 6})
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    page.wait_for_function(ENGINE_READY, timeout=60000)

    page.context.set_offline(True)
    page.locator('label[for="pad-white-1"]').tap()
    page.locator("#commit").tap()  # White wins board 1
    page.locator("#board-over-card #card-go").tap()  # "Start board 2", kept
    expect(page.locator("#board-over-card")).to_have_count(0, timeout=30000)
    # until board 2's first stroke the history is board 1's, as the server's (issue 28)
    expect(page.locator("#next-breaker")).to_have_text("Board 2: Asha Rao breaks (White).")
    expect(page.locator("#history-title")).to_have_text(re.compile("board 1"))
    expect(page.locator("#quick-nothing")).to_be_enabled()  # the pad is back
    page.locator("#quick-nothing").tap()
    expect(page.locator("#history-title")).to_have_text(re.compile("board 2"))
    expect(page.locator("#next-breaker")).to_have_count(0)
    page.locator("#quick-own").tap()
    expect(page.locator("#history .u-history-item.is-queued.is-ruled")).to_have_count(3)
    expect(page.locator("#net-state")).to_contain_text("4")  # three strokes and the step
    kept = page.evaluate(
        "() => JSON.parse(localStorage.getItem(Object.keys(localStorage)"
        ".find((k) => k.startsWith('umpire-queue:'))))"
    )
    assert [item.get("kind", "stroke") for item in kept] == ["stroke", "step", "stroke", "stroke"]

    page.context.set_offline(False)
    expect(page.locator("#history .u-history-item.is-queued")).to_have_count(0, timeout=30000)
    expect(page.locator("#history-title")).to_have_text(re.compile("board 2"))
    expect(page.locator("#history-list > .u-history-item")).to_have_count(2)
    steps = AuditEntry.objects.filter(match=match, action="board_step")
    assert steps.count() == 1
    events = BoardEvent.objects.filter(board__game__match=match)
    assert events.count() == 6  # 4 on board 1, 2 on board 2: each once
    problems.assert_none()


def test_the_undo_after_start_board_takes_back_the_stroke_that_ended_the_board(
    live_server, page: Page, transactional_db
):
    """Issue 28: after "Start board 2" kept offline the undo names the ended board's last
    stroke and takes it back with the step, as the server's undo does: board 1 goes on, and
    nothing of it is sent when the connection is back."""
    from scoring.models import BoardEvent

    problems = Problems(page, allowed={409})
    match = tossed_match()
    _stroke(match, {"white": 1, "queen": True})
    _stroke(match, {"white": 1})  # the cover
    _stroke(match, {"white": 6})
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    page.wait_for_function(ENGINE_READY, timeout=60000)

    page.context.set_offline(True)
    page.locator('label[for="pad-white-1"]').tap()
    page.locator("#commit").tap()  # White wins board 1
    page.locator("#board-over-card #card-go").tap()  # "Start board 2", kept
    expect(page.locator("#board-over-card")).to_have_count(0, timeout=30000)
    expect(page.locator("#undo-what")).to_have_text("White (Ben Kirk): 1 white")
    expect(page.locator("#undo")).to_be_enabled()
    page.locator("#undo").tap()
    expect(page.locator("#net-state")).to_be_hidden()  # nothing kept any more
    expect(page.locator("#board-over-card")).to_have_count(0)
    expect(page.locator("#next-breaker")).to_have_count(0)
    expect(page.locator("#history-title")).to_have_text(re.compile("board 1"))
    expect(page.locator("#quick-nothing")).to_be_enabled()  # board 1 goes on

    page.context.set_offline(False)
    page.wait_for_timeout(1500)
    assert BoardEvent.objects.filter(board__game__match=match).count() == 3
    problems.assert_none()
