"""Browser tests of the umpire tablet (Chromium, tablet sizes 768x1024 and 1024x768).

An umpire records a whole board with a due, a foul, a queen cover and an undo; a doubles board
shows the turn passing to the right; a second tablet on the same match gets the conflict
message; the network drops during a commit and the stroke is recorded exactly once.
"""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from scoring.models import BoardEvent, Match
from scoring.services.matches import Actor, record_seating, record_toss
from tests.browser import TABLET_LANDSCAPE, TABLET_PORTRAIT
from tests.factories import make_match

UMPIRE = Actor(via="link", device="e2e")
SIZES = [
    pytest.param(TABLET_PORTRAIT, id="portrait"),
    pytest.param(TABLET_LANDSCAPE, id="landscape"),
]
EXPECTED_STATUSES = {200, 302, 409}


class Problems:
    """Console errors (CSP violations included), failed loads and unexpected statuses."""

    def __init__(self, page: Page, allowed: set[int] | None = None) -> None:
        self.errors: list[str] = []
        allowed = allowed or set()
        page.on("console", lambda m: m.type == "error" and self._console(m.text))
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on(
            "response",
            lambda r: (
                r.status >= 400
                and r.status not in allowed
                and self.errors.append(f"{r.status} {r.url}")
            ),
        )

    def _console(self, text: str) -> None:
        # Chromium and htmx log the failed requests of the tests that cut the network or
        # get a 409.
        expected = (
            "net::ERR_",
            "409",
            "Failed to load resource",
            "htmx:afterRequest",
            "htmx:sendError",
        )
        if any(marker in text for marker in expected):
            return
        self.errors.append(text)

    def assert_none(self) -> None:
        assert self.errors == []


def tossed_match() -> Match:
    match = make_match()
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)  # Ben Kirk breaks
    match.refresh_from_db()
    return match


def events(match: Match) -> list[dict]:
    """The recorded events, undo rows left out."""
    return list(
        BoardEvent.objects.filter(board__game__match=match)
        .exclude(type="undo")
        .order_by("seq")
        .values_list("payload", flat=True)
    )


def tap(page: Page, selector: str) -> None:
    page.locator(selector).tap()


def commit(page: Page) -> None:
    page.locator("#commit").tap()


def ruling(page: Page, text: str) -> None:
    expect(page.locator("#rulings")).to_contain_text(text)


@pytest.mark.parametrize("size", SIZES)
def test_an_umpire_records_a_whole_board(live_server, page: Page, transactional_db, size):
    page.set_viewport_size(size)
    problems = Problems(page)
    match = tossed_match()
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")

    expect(page.locator("#next-breaker")).to_have_text("Board 1: Ben Kirk breaks (White).")
    expect(page.locator("#turn-player")).to_have_text("Ben Kirk")
    # buttons are at least 48 px and the commit button is on screen
    for control in page.locator("#panel button, #panel .u-seg-btn, #panel .u-toggle").all():
        box = control.bounding_box()
        if box is not None and control.is_visible():
            assert box["height"] >= 48 and box["width"] >= 48, control.inner_text()
    expect(page.locator("#commit")).to_be_in_viewport()
    expect(page.locator("#stroke-clock")).to_be_visible()

    tap(page, "#quick-own")  # one tap: the break, one white carromman
    ruling(page, "Break made by White (Ben Kirk).")
    ruling(page, "White (Ben Kirk) continues.")

    tap(page, 'label[for="pad-striker"]')  # the striker alone: a due
    commit(page)
    ruling(page, "Striker pocketed by White (Ben Kirk): one due.")
    ruling(page, "Due: 1 white carromman to be placed by Black (Asha Rao).")
    expect(page.locator("#turn-player")).to_have_text("Asha Rao")

    tap(page, "#undo")  # one tap undo
    expect(page.locator("#panel-notice")).to_have_text("The last event was undone.")
    expect(page.locator("#turn-player")).to_have_text("Ben Kirk")
    expect(page.locator("#history .u-history-item")).to_have_count(1)

    tap(page, 'label[for="pad-striker"]')
    commit(page)
    ruling(page, "Due: 1 white carromman")

    tap(page, 'label[for="pad-black-1"]')  # black pockets one of his own, in a foul stroke
    tap(page, 'label[for="pad-foul"]')
    commit(page)
    ruling(page, "Foul by Black (Asha Rao): 1 penalty carromman, the turn is lost.")
    expect(page.locator("#scoreboard")).to_contain_text("owes 1 carromman")

    tap(page, 'label[for="pad-white-1"]')  # the queen with one own carromman: cover due
    tap(page, 'label[for="pad-queen"]')
    commit(page)
    ruling(page, "Queen must be covered in the next stroke by White (Ben Kirk).")

    tap(page, "#quick-own")
    ruling(page, "Queen covered by White (Ben Kirk).")
    expect(page.locator("#queen-state")).to_contain_text("Covered by White (Ben Kirk)")
    # every stroke put its own line on top of the history (only that line was sent)
    lines = page.locator("#history .u-history-item")
    expect(lines).to_have_count(5)
    expect(lines.first).to_contain_text("5. White (Ben Kirk): 1 white")
    expect(lines.last).to_contain_text("1. White (Ben Kirk): 1 white")

    tap(page, 'label[for="pad-white-7"]')  # the last seven: the board is won
    commit(page)
    ruling(page, "White (Ben Kirk) wins the board: 12 points. (ICF 53)")
    expect(page.locator("#board-result")).to_contain_text("Ben Kirk wins the board: 12 points")
    expect(page.locator("#next-breaker")).to_have_text("Board 2: Asha Rao breaks (White).")
    expect(page.locator('[data-score="b"]')).to_contain_text("12")

    kinds = [(e["by"], e.get("pocketed"), e.get("foul")) for e in events(match)]
    assert kinds == [
        ("white", {"white": 1}, None),
        ("white", {"striker": True}, None),
        ("white", {"striker": True}, None),
        ("black", {"black": 1}, "improper_stroke"),
        ("white", {"white": 1, "queen": True}, None),
        ("white", {"white": 1}, None),
        ("white", {"white": 7}, None),
    ]
    assert BoardEvent.objects.filter(type="undo").count() == 1
    problems.assert_none()


@pytest.mark.parametrize("size", SIZES)
def test_a_doubles_board_passes_the_turn_to_the_right(
    live_server, page: Page, transactional_db, size
):
    page.set_viewport_size(size)
    problems = Problems(page)
    match = make_match(kind="doubles")
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    players = {p.name: p.pk for e in (match.entry_a, match.entry_b) for p in e.players}
    record_seating(
        match=match,
        actor=UMPIRE,
        seating=[players["Asha Rao"], players["Chen Li"], players["Ben Kirk"], players["Dora Vik"]],
    )
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")

    turn = page.locator("#turn")
    expect(turn).to_contain_text("Asha Rao")
    expect(turn).to_contain_text("Seat 1")
    for name, seat in (("Chen Li", 2), ("Ben Kirk", 3), ("Dora Vik", 4), ("Asha Rao", 1)):
        tap(page, "#quick-nothing")
        expect(page.locator("#turn-player")).to_have_text(name)
        expect(turn).to_contain_text(f"Seat {seat}")
    expect(page.locator("#history .u-history-item").first).to_contain_text("(Dora Vik)")
    problems.assert_none()


def test_a_second_tablet_on_the_same_match_gets_the_conflict_message(
    live_server, browser: Browser, transactional_db
):
    match = tossed_match()
    url = f"{live_server.url}/u/{match.umpire_token}/"
    contexts = [
        browser.new_context(viewport=size, has_touch=True, locale="en-GB")
        for size in (TABLET_PORTRAIT, TABLET_LANDSCAPE)
    ]
    first, second = (c.new_page() for c in contexts)
    problems = Problems(second, allowed={409})
    # the second tablet's polls see no change here (it would follow the first within 2 s):
    # stale (an unanswered poll would make it keep its strokes, as without network)
    second.route("**/state/", lambda route: route.fulfill(status=304))
    first.goto(url)
    second.goto(url)

    first.locator("#quick-own").tap()
    expect(first.locator("#rulings")).to_contain_text("Break made by White (Ben Kirk).")

    second.locator("#quick-nothing").tap()  # stale: it has not seen the first stroke

    expect(second.locator("#panel-notice")).to_contain_text(  # the discarded tap, named
        "Nothing pocketed by White (Ben Kirk) was not recorded: White (Ben Kirk) recorded first."
    )
    expect(second.locator("#history .u-history-item")).to_have_count(1)
    expect(second.locator("#history")).to_contain_text("White (Ben Kirk): 1 white")
    assert len(events(match)) == 1
    # after the reload the second tablet records normally
    second.locator("#quick-nothing").tap()
    expect(second.locator("#turn-player")).to_have_text("Asha Rao")
    assert len(events(match)) == 2
    problems.assert_none()
    for context in contexts:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_network_drops_during_a_commit_and_the_stroke_is_recorded_once(
    live_server, page: Page, transactional_db, size
):
    page.set_viewport_size(size)
    problems = Problems(page)
    match = tossed_match()
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    banner = page.locator("#net-banner")

    page.context.set_offline(True)
    page.locator('label[for="pad-white-2"]').tap()
    commit(page)

    expect(banner).to_be_visible()
    expect(banner).to_contain_text("No connection: strokes are kept on this tablet")
    pending = page.locator("#history .u-history-item.is-pending")  # the stroke is kept
    expect(pending).to_contain_text("White: 2 × White")
    assert events(match) == []

    page.context.set_offline(False)

    expect(banner).to_be_hidden(timeout=15000)
    ruling(page, "Break made by White (Ben Kirk).")
    assert events(match) == [{"type": "stroke", "by": "white", "pocketed": {"white": 2}}]
    page.wait_for_timeout(4000)  # longer than the retry interval: nothing is sent again
    assert len(events(match)) == 1
    problems.assert_none()


def test_a_lost_answer_is_retried_with_the_same_key_and_recorded_once(
    live_server, page: Page, transactional_db
):
    """The request reaches the server and is recorded, but the answer never arrives: the
    tablet sends it again with the same client_id, and the server records nothing twice."""
    problems = Problems(page)
    match = tossed_match()
    keys: list[str] = []

    def lose_first_answer(route: Route) -> None:
        keys.append(route.request.post_data_json["client_id"])
        if len(keys) == 1:
            route.fetch()  # the server records the stroke ...
            route.abort("connectionreset")  # ... and the tablet never hears back
        else:
            route.continue_()

    page.route("**/event/", lose_first_answer)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    page.locator("#quick-own").tap()

    expect(page.locator("#net-banner")).to_be_visible()
    expect(page.locator("#panel")).to_have_class("u-panel")  # not swapped yet
    ruling(page, "Break made by White (Ben Kirk).")  # after the automatic retry
    expect(page.locator("#net-banner")).to_be_hidden()

    assert len(keys) == 2 and keys[0] == keys[1]
    uuid.UUID(keys[0])
    assert len(events(match)) == 1
    problems.assert_none()


def test_double_taps_send_one_request_and_record_once(live_server, page: Page, transactional_db):
    problems = Problems(page)
    match = tossed_match()
    posts: list[str] = []
    page.on("request", lambda r: r.method == "POST" and posts.append(r.url))
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    button = page.locator("#quick-nothing")
    button.dblclick()
    expect(page.locator("#turn-player")).to_have_text("Asha Rao")
    page.wait_for_timeout(500)
    assert len(posts) == 1
    assert len(events(match)) == 1
    problems.assert_none()


def test_the_tablet_in_german(live_server, page: Page, transactional_db):
    problems = Problems(page)
    match = tossed_match()
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    page.locator("#site-menu").click()  # the site's header is hidden while scoring
    page.get_by_role("button", name="Deutsch").click()

    expect(page.locator("#commit")).to_contain_text("Stoß erfassen")
    page.locator("#quick-own").tap()
    ruling(page, "Anstoß ausgeführt von Weiß (Ben Kirk).")
    expect(page.locator("#undo")).to_contain_text("Letztes Ereignis rückgängig")
    problems.assert_none()
