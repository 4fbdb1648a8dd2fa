"""Browser tests of the tablet's one fixed scoring screen (issue 12) at the four tablet sizes
and on a phone held upright (390x844).

In every state of a board, and across a change of game with the side change, each control of
the scoring screen is inside the viewport and is the topmost element at its centre
(``document.elementFromPoint``), and the pad's top does not move between strokes.
"""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.services.matches import record_event, record_quick_board
from tests.e2e.test_umpire_tablet import UMPIRE, Problems, events, tossed_match

SIZES = [
    pytest.param({"width": w, "height": h}, id=f"{w}x{h}")
    for w, h in ((768, 1024), (800, 1280), (1024, 768), (1280, 800))
]
#: A phone held upright: a small club's umpire scores on one (the same checks as a tablet).
PHONE = pytest.param({"width": 390, "height": 844}, id="390x844")

CONTROLS = (
    "#umpire-app button, #umpire-app label.u-seg-btn, #umpire-app label.u-toggle, "
    "#umpire-app label.u-choice, #umpire-app summary, #umpire-app a.btn"
)

#: Every displayed control that is off the screen or covered by something else.
HIDDEN_CONTROLS_JS = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || el.closest('[hidden]')) continue;
    const shut = el.closest('details:not([open])');
    if (shut && !(el.tagName === 'SUMMARY' && el.parentElement === shut)) continue;
    if (el.classList.contains('is-over') || getComputedStyle(el).visibility === 'hidden') continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inView = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
      && r.right <= innerWidth + 0.5;
    const top = document.elementFromPoint(x, y);
    // a control shown disabled in its place (a fixed keyboard, issue 28) takes no tap: it
    // must be on the screen, not on top
    const input = el.htmlFor ? document.getElementById(el.htmlFor) : null;
    const off = el.disabled || (!!input && input.disabled) ||
      el.getAttribute('aria-disabled') === 'true';
    const topmost = off || (!!top && (top === el || el.contains(top)));
    // its words inside it: nothing cut off at its edges (a summary may end in "…")
    const whole = el.tagName === 'SUMMARY' ||
      (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);
    if (!inView || !topmost || !whole) {
      out.push({control: el.id || el.getAttribute('for') || el.textContent.trim().slice(0, 40),
                inView, whole, covering: top ? top.outerHTML.slice(0, 90) : null});
    }
  }
  return out;
}"""


def assert_all_controls_on_screen(page: Page, state: str) -> None:
    page.wait_for_timeout(50)  # the settle handlers have run
    problems = page.evaluate(HIDDEN_CONTROLS_JS, CONTROLS)
    assert problems == [], f"{state}: {problems}"
    # nothing of the page scrolls: the screen is the tablet
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1"), state


def step_taken(page: Page) -> None:
    """The card's step answered: the card gone, the pad unlocked (it stays in its place under
    the card between boards, so its being visible says nothing)."""
    expect(page.locator("#panel.is-held")).to_have_count(0)
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, #play-area [data-held-off]')"
    )
    expect(page.locator("#pad")).to_be_visible()


def pad_top(page: Page) -> float:
    """The pad's top once it is drawn: an answer's regions may still be being swapped in
    (the pad then has no box for a moment; CI on PostgreSQL once measured it then)."""
    pad = page.locator("#pad")
    expect(pad).to_be_visible()
    box = pad.bounding_box()
    for _ in range(20):
        if box is not None:
            break
        page.wait_for_timeout(100)
        box = pad.bounding_box()
    assert box is not None
    return box["y"]


def start(
    live_server, page: Page, size: dict, *, game_one_won: bool = False
) -> tuple[Problems, Match]:
    """A tossed match open on the tablet at ``size`` (game 1 already won by A)."""
    page.set_viewport_size(size)
    problems = Problems(page)
    match = tossed_match()
    if game_one_won:
        _game_one_won(match)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    return problems, match


def tap(page: Page, selector: str) -> None:
    page.locator(selector).tap()


def settled(page: Page, revision: int) -> None:
    expect(page.locator("#panel")).to_have_attribute("data-revision", str(revision))


@pytest.mark.parametrize("size", [*SIZES, PHONE])
def test_a_whole_board_from_the_break_to_the_end_keeps_every_control_on_screen(
    live_server, page: Page, transactional_db, size
):
    problems, match = start(live_server, page, size)
    revision = match.revision
    answers: list[int] = []  # the size of every stroke's answer, as the tablet received it
    page.on(
        "response",
        lambda r: (
            answers.append(len(r.body()))
            if (r.request.method == "POST" and r.url.endswith("/event/"))
            else None
        ),
    )

    assert_all_controls_on_screen(page, "before the break")
    expect(page.locator("#quick-missed")).to_be_visible()  # while the break is not made
    top = pad_top(page)

    strokes = [
        ("the break: one own carromman", ["#quick-own"]),
        ("the striker alone: a due", ['label[for="pad-striker"]', "#commit"]),
        ("a foul with one black", ['label[for="pad-black-1"]', 'label[for="pad-foul"]', "#commit"]),
        (
            "the queen with one white: cover due",
            ['label[for="pad-white-1"]', 'label[for="pad-queen"]', "#commit"],
        ),
        ("the cover", ["#quick-own"]),
        ("one opponent's carromman", ["#quick-opponent"]),
        ("nothing", ["#quick-nothing"]),
    ]
    for state, taps in strokes:
        for selector in taps:
            tap(page, selector)
        revision += 1
        settled(page, revision)
        assert_all_controls_on_screen(page, state)
        assert pad_top(page) == pytest.approx(top, abs=1), state
        assert_kept_regions_are_current(page, state)
        if state == "the queen with one white: cover due":
            expect(page.locator("#quick-own .u-text-cover")).to_be_visible()
            expect(page.locator("#quick-own .u-text-no-cover")).to_be_hidden()
    expect(page.locator("#quick-missed")).to_be_disabled()  # the break is made: in its place

    # black to play, with his last carrommen: the board ends
    left = int(page.locator("#on-board").get_attribute("data-black"))
    tap(page, f'label[for="pad-black-{left}"]')
    tap(page, "#commit")
    revision += 1
    settled(page, revision)
    card = page.locator("#summary-card")
    expect(card).to_be_visible()
    expect(card).to_contain_text("wins the board")
    # the pad keeps its place, locked under the card, which lies over the rulings strip with
    # its next step first (issue 28: nothing moves, "Start board 2" is where no count was)
    assert pad_top(page) == pytest.approx(top, abs=1)
    page.wait_for_function("() => !!document.querySelector('#play-area [data-held-off]')")
    expect(page.locator("#commit")).to_be_disabled()
    expect(page.locator("#quick-nothing")).to_be_disabled()
    expect(page.locator("#more-summary")).to_have_attribute("aria-disabled", "true")
    go = page.locator("#card-go").bounding_box()
    for keys in (".u-counts", "#quick"):
        box = page.locator(keys).bounding_box()
        assert go and box, keys
        apart = (
            go["y"] + go["height"] <= box["y"]
            or box["y"] + box["height"] <= go["y"]
            or go["x"] + go["width"] <= box["x"]
            or box["x"] + box["width"] <= go["x"]
        )
        assert apart, f"Start board 2 over {keys}: {go} {box}"
    assert_all_controls_on_screen(page, "board end")

    tap(page, "#card-go")
    step_taken(page)
    assert_all_controls_on_screen(page, "board 2 before the break")
    assert pad_top(page) == pytest.approx(top, abs=1)
    assert len(events(match)) == 8
    # only the regions that changed came back: at most 6 KB of HTML for every stroke
    assert len(answers) == 8 and max(answers) <= 6 * 1024, str(answers)
    problems.assert_none()


def assert_kept_regions_are_current(page: Page, state: str) -> None:
    """The regions kept on the screen (hx-preserve) carry the new request key, revision and
    who is on turn, and the pad starts again from nothing chosen."""
    current = page.evaluate("""() => {
      const p = document.getElementById('panel');
      const bad = [];
      for (const i of document.querySelectorAll('#umpire-app input[name=client_id]'))
        if (i.value !== p.dataset.clientId) bad.push(i.closest('form').id || 'client_id');
      for (const i of document.querySelectorAll('#umpire-app input[name=revision]'))
        if (i.value !== p.dataset.revision) bad.push('revision');
      for (const i of document.querySelectorAll('#quick input[name=by], #pad > input[name=by]'))
        if (i.value !== p.dataset.by) bad.push('by');
      for (const i of document.querySelectorAll('#pad input[type=checkbox]'))
        if (i.checked) bad.push(i.name);
      for (const i of document.querySelectorAll('#pad input.u-seg-input:checked'))
        if (i.value !== '0') bad.push(i.name);
      return bad;
    }""")
    assert current == [], f"{state}: {current}"


def _game_one_won(match: Match) -> None:
    for _ in range(3):  # 12 + 12 + 1: Asha Rao (A) wins game 1
        record_quick_board(
            match=match, winner="a", carrommen=9, queen="a", client_id=uuid.uuid4(), actor=UMPIRE
        )
        match.refresh_from_db()


def _left_to_right(page: Page) -> list[str]:
    return page.evaluate("""() => Array.from(document.querySelectorAll('#sides .u-side'))
      .map(s => [s.getBoundingClientRect().x, s.dataset.side]).sort((p, q) => p[0] - q[0])
      .map(p => p[1])""")


def expect_seats(page: Page, order: list[str]) -> None:
    """The side panels from left to right, once the page has settled (at most 3 s)."""
    for _ in range(30):
        if _left_to_right(page) == order:
            return
        page.wait_for_timeout(100)
    assert _left_to_right(page) == order


@pytest.mark.parametrize("size", [*SIZES, PHONE])
def test_a_change_of_game_is_one_card_and_the_side_change_turns_the_panels(
    live_server, page: Page, transactional_db, size
):
    problems, match = start(live_server, page, size, game_one_won=True)

    card = page.locator("#summary-card")
    expect(card).to_contain_text("Game 1 is over")
    expect(card).to_contain_text("Change sides before this board")
    expect(page.locator(".u-banner")).to_have_count(0)  # no stacked banners
    expect(page.locator("#game-boards")).to_have_count(0)  # game 2 has no board yet
    expect_seats(page, ["a", "b"])  # as they sat in game 1
    assert_all_controls_on_screen(page, "game 1 over, sides to change")

    tap(page, "#card-go")  # "Sides changed"
    step_taken(page)
    expect_seats(page, ["b", "a"])
    assert_all_controls_on_screen(page, "game 2, board 1")
    top = pad_top(page)

    revision = match.revision
    tap(page, "#quick-own")
    settled(page, revision + 1)
    expect_seats(page, ["b", "a"])  # the server orders them so from now on
    assert_all_controls_on_screen(page, "game 2, after the break")
    assert pad_top(page) == pytest.approx(top, abs=1)

    page.reload()  # the acknowledged step is kept on the tablet
    expect_seats(page, ["b", "a"])
    problems.assert_none()


def test_the_stroke_clock_starts_at_play_and_does_not_restart_on_undo(
    live_server, page: Page, transactional_db
):
    match = tossed_match()
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    clock = page.locator("#stroke-clock")
    expect(clock).to_have_attribute("data-state", "idle")  # ICF 46: time starts at "Play"
    page.wait_for_timeout(1500)
    expect(page.locator("#stroke-clock-time")).to_have_text("15")
    tap(page, "#stroke-clock-play")
    expect(clock).to_have_attribute("data-state", "run")
    page.wait_for_timeout(2200)
    assert int(page.locator("#stroke-clock-time").inner_text()) <= 13
    tap(page, "#stroke-clock-toggle")  # paused for this stroke only
    expect(clock).to_have_attribute("data-state", "paused")
    tap(page, "#quick-nothing")
    settled(page, match.revision + 1)
    expect(clock).to_have_attribute("data-state", "run")  # the next stroke's clock runs
    page.wait_for_timeout(2200)
    before_undo = int(page.locator("#stroke-clock-time").inner_text())
    assert before_undo <= 13
    tap(page, "#undo")
    settled(page, match.revision + 2)
    assert int(page.locator("#stroke-clock-time").inner_text()) <= before_undo  # no restart


@pytest.mark.parametrize("size", [SIZES[0], SIZES[2], PHONE])
def test_a_point_carrom_board_keeps_every_control_on_screen(
    live_server, page: Page, transactional_db, size
):
    """Three players (issue 19): the same fixed screen, words for three."""
    from tests.factories import make_match

    page.set_viewport_size(size)
    problems = Problems(page)
    match = make_match(rules="point-carrom", games_to_win=1)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    expect(page.locator("#next-breaker")).to_have_text("Board 1: Asha Rao breaks.")
    assert_all_controls_on_screen(page, "point carrom, before the break")
    top = pad_top(page)
    revision = match.revision
    for selector in ("#quick-white", "#quick-black", "#quick-nothing", "#quick-nothing"):
        tap(page, selector)
        revision += 1
        settled(page, revision)
        assert_all_controls_on_screen(page, f"point carrom after {selector}")
        assert pad_top(page) == pytest.approx(top, abs=1)
    problems.assert_none()


@pytest.mark.parametrize("size", [*SIZES, PHONE])
def test_the_connection_banner_keeps_its_buttons_on_screen(
    live_server, page: Page, size, transactional_db
):
    """Offline, the banner's "Send again now" is on the screen and on top at every tablet size
    (in the strip's fixed height a wrapping column once put it past the right edge at
    768×1024); a refused queued stroke's three buttons too."""
    page.set_viewport_size(size)
    problems = Problems(page, allowed={409})
    match = tossed_match()
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    expect(page.locator("#quick-nothing")).to_be_visible()
    page.context.set_offline(True)
    for _ in range(2):
        tap(page, "#quick-nothing")
    expect(page.locator("#net-banner-retry")).to_be_visible()
    assert_all_controls_on_screen(page, "offline")
    record_event(
        match=match,
        payload={"type": "stroke", "by": "white", "pocketed": {"white": 1}},
        client_id=str(uuid.uuid4()),
        actor=UMPIRE,
    )  # another tablet was first
    page.context.set_offline(False)
    expect(page.locator("#queue-drop")).to_be_visible(timeout=15000)
    assert_all_controls_on_screen(page, "refused")
    problems.assert_none()
