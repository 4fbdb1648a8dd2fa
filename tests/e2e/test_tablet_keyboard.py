"""Browser tests of the tablet's fixed keyboard, its one-tap buttons and its sheets (issue 28),
at the four tablet sizes and on a phone held upright.

- Every button of the scoring screen keeps one place for the whole board: a button present in
  two states has the same box (±2 px), across a board with the break, the queen, the cover,
  fouls and dues; what does not apply is disabled in its place.
- A one-tap button never throws away what is set on the pad: it is disabled (and a line says
  so) until the pad is recorded or cleared.
- "More…", "Other decisions…", "Paper board…" and "Menu" never cover the commit or the top
  bar: every control of an open sheet and the commit are in the viewport and topmost at their
  centre; a sheet closes by its "Close" button, Escape and a tap outside, and after every
  decision sent from it (a technical foul as a forgo).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_tablet_screen import PHONE, SIZES, settled, start, tap
from tests.e2e.test_umpire_tablet import events

ALL_SIZES = [*SIZES, PHONE]

#: The box of every button of the screen (tappable controls: buttons, the count and toggle
#: labels, summaries), by a stable name; disabled ones included, hidden ones left out.
BOXES_JS = """() => {
  const out = {};
  const sel = '#umpire-app button, #umpire-app label.u-seg-btn, #umpire-app label.u-toggle, ' +
              '#umpire-app summary';
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest('.u-sheet') || el.closest('[hidden]') || el.closest('#summary-card')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const key = el.id || el.getAttribute('for') || (el.tagName === 'SUMMARY' &&
      el.parentElement.id + '>summary') || el.textContent.trim().slice(0, 30);
    out[key] = [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
  }
  return out;
}"""

#: Each control inside ``root`` scrolled into view (a sheet taller than the screen scrolls
#: inside): the ones that are then outside the viewport or under something else.
SHEET_CONTROLS_JS = """(root) => {
  const box = document.querySelector(root);
  const bad = [];
  const sel = 'button, label.u-seg-btn, label.u-toggle, label.u-choice, select, ' +
              'input.form-control, a.btn';
  for (const el of box.querySelectorAll(sel)) {
    if (el.closest('[hidden]') || el.disabled || el.classList.contains('is-over')) continue;
    const input = el.htmlFor ? document.getElementById(el.htmlFor) : null;
    if (input && input.disabled) continue;  // disabled in its place: not a tap target
    let r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    el.scrollIntoView({block: 'nearest'});
    r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inView = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 &&
      r.right <= innerWidth + 0.5;
    const top = document.elementFromPoint(x, y);
    if (!inView || !top || !(top === el || el.contains(top))) {
      bad.push((el.id || el.getAttribute('for') || el.textContent.trim().slice(0, 30)) +
               ' under ' + (top ? top.outerHTML.slice(0, 60) : 'nothing'));
    }
  }
  return bad;
}"""

#: Is the element in the viewport and topmost at its centre?
TOPMOST_JS = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  if (r.width === 0) return false;
  const inView = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 &&
    r.right <= innerWidth + 0.5;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return inView && !!top && (top === el || el.contains(top));
}"""


def boxes(page: Page) -> dict[str, list[int]]:
    page.wait_for_timeout(60)  # the settle handlers have run
    return page.evaluate(BOXES_JS)


def assert_same_places(first: dict, now: dict, state: str) -> None:
    moved = {
        key: (first[key], box)
        for key, box in now.items()
        if key in first and any(abs(a - b) > 2 for a, b in zip(first[key], box, strict=True))
    }
    assert moved == {}, f"{state}: buttons moved {moved}"


def topmost(page: Page, selector: str) -> bool:
    return page.evaluate(TOPMOST_JS, selector)


@pytest.mark.parametrize("size", ALL_SIZES)
def test_every_button_keeps_its_place_for_the_whole_board(
    live_server, page: Page, transactional_db, size
):
    problems, match = start(live_server, page, size)
    revision = match.revision
    seen: dict[str, list[int]] = boxes(page)
    expect(page.locator("#quick-missed")).to_be_enabled()
    expect(page.locator("#quick-opponent")).to_be_disabled()  # before the break: in place
    strokes = [
        ("the break: one own carromman", ["#quick-own"]),
        ("the striker alone: a due", ['label[for="pad-striker"]', "#commit"]),
        ("a foul with one black", ['label[for="pad-black-1"]', 'label[for="pad-foul"]', "#commit"]),
        (
            "the queen with one white: cover due",
            ['label[for="pad-white-1"]', 'label[for="pad-queen"]', "#commit"],
        ),
        ("the cover", ["#quick-own"]),
        ("striker in a foul", ["#combo-striker-foul", "#commit"]),
        ("one opponent's carromman", ["#quick-opponent"]),
        ("nothing", ["#quick-nothing"]),
    ]
    for state, taps in strokes:
        for selector in taps:
            tap(page, selector)
            # a state with something set on the pad: nothing moves either
            assert_same_places(seen, boxes(page), f"{state}, after {selector}")
        revision += 1
        settled(page, revision)
        now = boxes(page)
        assert_same_places(seen, now, state)
        seen.update({k: v for k, v in now.items() if k not in seen})
        if state.startswith("the break"):
            expect(page.locator("#quick-missed")).to_be_disabled()  # in its place
            expect(page.locator("#quick-missed")).to_be_visible()
            expect(page.locator("#quick-opponent")).to_be_enabled()
        if state == "the cover":  # the queen left the board: its buttons stay, disabled
            expect(page.locator("#pad-queen")).to_be_disabled()
            expect(page.locator("#combo-queen-own")).to_be_disabled()
            expect(page.locator('label[for="pad-queen"]')).to_be_visible()
    for key in (
        "quick-missed",
        "quick-nothing",
        "quick-own",
        "quick-opponent",
        "pad-striker",
        "pad-foul",
        "pad-queen",
        "combo-striker-foul",
        "commit",
        "undo",
    ):
        assert key in seen, key
    problems.assert_none()


@pytest.mark.parametrize("size", [SIZES[0], SIZES[2], PHONE])
def test_a_point_carrom_board_keeps_its_one_tap_buttons_in_place(
    live_server, page: Page, transactional_db, size
):
    from tests.factories import make_match

    page.set_viewport_size(size)
    match = make_match(rules="point-carrom", games_to_win=1)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    seen = boxes(page)
    revision = match.revision
    for selector in ("#quick-white", "#quick-black", "#quick-nothing"):
        tap(page, selector)
        revision += 1
        settled(page, revision)
        assert_same_places(seen, boxes(page), selector)
    for selector in ("#quick-white", "#quick-black", "#quick-nothing", "#undo"):
        expect(page.locator(selector)).to_be_visible()


@pytest.mark.parametrize("size", [SIZES[0], SIZES[2], PHONE])
def test_one_tap_never_discards_what_is_set_on_the_pad(
    live_server, page: Page, transactional_db, size
):
    problems, match = start(live_server, page, size)
    tap(page, "#quick-own")  # the break
    settled(page, match.revision + 1)
    expect(page.locator("#pad-clear")).to_be_disabled()
    tap(page, 'label[for="pad-white-2"]')
    tap(page, 'label[for="pad-striker"]')
    for one_tap in ("#quick-own", "#quick-opponent", "#quick-nothing"):
        expect(page.locator(one_tap)).to_be_disabled()
    hint = page.locator("#pad-hint")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("One-tap buttons are off while the pad holds a stroke")
    assert topmost(page, "#pad-hint")
    page.locator("#quick-own").click(force=True)  # a tap where the button is records nothing
    page.wait_for_timeout(300)
    assert len(events(match)) == 1
    expect(page.locator("#pad-white-2")).to_be_checked()  # the pad keeps what was set
    expect(page.locator("#pad-striker")).to_be_checked()

    tap(page, "#pad-clear")  # "Clear": the pad empty, one tap back
    expect(page.locator("#pad-white-0")).to_be_checked()
    expect(page.locator("#pad-striker")).not_to_be_checked()
    expect(page.locator("#quick-own")).to_be_enabled()
    expect(hint).to_be_hidden()
    expect(page.locator("#pad-clear")).to_be_disabled()

    tap(page, 'label[for="pad-white-2"]')
    tap(page, 'label[for="pad-striker"]')
    tap(page, "#commit")  # what was set is what is recorded
    settled(page, match.revision + 2)
    stroke = events(match)[-1]
    assert stroke["pocketed"] == {"white": 2, "striker": True}
    expect(page.locator("#quick-own")).to_be_enabled()
    problems.assert_none()


def _open(page: Page, summary: str, sheet: str) -> None:
    tap(page, summary)
    expect(page.locator(sheet)).to_be_visible()


def assert_sheet_usable(page: Page, sheet: str, state: str) -> None:
    bad = page.evaluate(SHEET_CONTROLS_JS, sheet)
    assert bad == [], f"{state}: {bad}"
    close = page.locator(f"{sheet} [data-sheet-close]")
    expect(close).to_be_visible()
    sheet_el = page.locator(sheet)
    sheet_el.evaluate("el => el.scrollTop = 0")
    assert topmost(page, f"{sheet} [data-sheet-close]"), f"{state}: Close covered"
    assert topmost(page, "#commit"), f"{state}: the commit is covered"
    for control in ("#site-menu", "#screen-mode"):
        if page.locator(control).is_visible():
            assert topmost(page, control), f"{state}: {control} covered"


SHEETS = [("#more-summary", "#more .u-sheet"), ("#actions > summary", "#actions .u-sheet")]


@pytest.mark.parametrize("size", ALL_SIZES)
def test_every_sheet_leaves_the_commit_in_sight_and_closes_three_ways(
    live_server, page: Page, transactional_db, size
):
    problems, match = start(live_server, page, size)
    # before the break: "Paper board…" too
    for summary, sheet in [*SHEETS, ("#paper > summary", "#paper .u-sheet")]:
        _open(page, summary, sheet)
        assert_sheet_usable(page, sheet, f"{sheet} before the break")
        tap(page, f"{sheet} [data-sheet-close]")
        expect(page.locator(sheet)).to_be_hidden()
    tap(page, "#quick-own")
    settled(page, match.revision + 1)
    for summary, sheet in SHEETS:
        _open(page, summary, sheet)
        assert_sheet_usable(page, sheet, f"{sheet} during the board")
        page.keyboard.press("Escape")
        expect(page.locator(sheet)).to_be_hidden()
        _open(page, summary, sheet)
        size_now = page.viewport_size
        assert size_now is not None  # a tap outside the sheet (the screen's corner)
        page.mouse.click(size_now["width"] - 3, size_now["height"] - 3)
        expect(page.locator(sheet)).to_be_hidden()
    # the commit with "More…" open records what the sheet set
    _open(page, "#more-summary", "#more .u-sheet")
    tap(page, 'label[for="pad-off_black-1"]')
    tap(page, "#commit")
    settled(page, match.revision + 2)
    assert events(match)[-1]["off_board"] == {"black": 1}
    expect(page.locator("#more .u-sheet")).to_be_hidden()
    # after a decision the sheet is closed, a technical foul as any other
    _open(page, "#actions > summary", "#actions .u-sheet")
    page.locator("#tf-black").scroll_into_view_if_needed()
    tap(page, "#tf-black")
    settled(page, match.revision + 3)
    expect(page.locator("#actions .u-sheet")).to_be_hidden()
    assert events(match)[-1]["type"] == "technical_foul"
    assert topmost(page, "#commit")
    problems.assert_none()


@pytest.mark.parametrize("size", ALL_SIZES)
def test_the_menu_lies_under_the_top_bar_and_closes_three_ways(
    live_server, page: Page, transactional_db, size
):
    problems, match = start(live_server, page, size)
    menu = page.locator("body > header")
    tap(page, "#site-menu")
    expect(menu).to_be_visible()
    expect(page.locator("#site-menu")).to_have_attribute("aria-expanded", "true")
    for control in ("#site-menu", "#screen-mode", "#stroke-clock-play"):
        if page.locator(control).is_visible():
            assert topmost(page, control), f"{control} covered by the menu"
    bad = page.evaluate(SHEET_CONTROLS_JS, "body > header")
    assert bad == [], bad
    expect(page.locator("body > header").get_by_role("button", name="Deutsch")).to_be_visible()
    tap(page, "#site-menu")  # the same button closes it
    expect(menu).to_be_hidden()
    tap(page, "#site-menu")
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    tap(page, "#site-menu")
    box = page.locator("#history").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 5, box["y"] + box["height"] - 5)  # a tap outside it
    expect(menu).to_be_hidden()
    expect(page.locator("#site-menu")).to_have_attribute("aria-expanded", "false")
    problems.assert_none()


@pytest.mark.parametrize("size", [SIZES[0], PHONE])
def test_every_ruling_of_a_stroke_is_readable(live_server, page: Page, transactional_db, size):
    """The strip keeps its height; when it hides rulings, "+N more" says so and opens them
    over what lies below (the pad does not move)."""
    problems, match = start(live_server, page, size)
    # the break with the queen and a foul: four rulings or more
    tap(page, 'label[for="pad-white-1"]')
    tap(page, 'label[for="pad-queen"]')
    tap(page, 'label[for="pad-striker"]')
    tap(page, "#commit")
    settled(page, match.revision + 1)
    items = page.locator("#rulings .u-ruling-list > li")
    count = items.count()
    hidden = page.evaluate("""() => {
      const b = document.getElementById('rulings').getBoundingClientRect().bottom;
      return Array.from(document.querySelectorAll('#rulings .u-ruling-list > li'))
        .filter(li => li.getBoundingClientRect().bottom > b - 2).length;
    }""")
    assert count >= 3
    more = page.locator("#rulings-more")
    assert hidden, "the strip shows every ruling: nothing to open"
    if hidden:
        expect(more).to_have_text(f"+{hidden} more")
        assert topmost(page, "#rulings-more")
        pad = page.locator("#pad").bounding_box()
        tap(page, "#rulings-more")
        expect(page.locator("#rulings")).to_have_class(re.compile("is-open"))
        for n in range(count):  # every ruling in sight, on top
            assert topmost(page, f"#rulings .u-ruling-list > li:nth-child({n + 1})"), n
        assert page.locator("#pad").bounding_box() == pad  # nothing moved
        page.keyboard.press("Escape")
        expect(page.locator("#rulings")).not_to_have_class(re.compile("is-open"))
    else:
        expect(more).to_have_count(0)
    problems.assert_none()


@pytest.mark.parametrize("size", [SIZES[0], SIZES[1], SIZES[2], SIZES[3], PHONE])
def test_a_stroke_in_flight_changes_no_place(
    live_server, page: Page, transactional_db, size, tmp_path
):
    """While a one-tap stroke is being sent, its button says "Saving…" over its hidden label
    and nothing on the screen changes size or place (the POST is held until measured)."""
    problems, match = start(live_server, page, size)
    tap(page, "#quick-own")  # the break: the undo has a label from now on
    settled(page, match.revision + 1)
    seen = boxes(page)
    held = []
    page.route("**/event/", lambda route: held.append(route))
    tap(page, "#quick-nothing")
    page.wait_for_function("() => !!document.querySelector('#quick .htmx-request')")
    busy = page.locator("#quick-nothing .u-btn-busy")
    expect(busy).to_be_visible()
    expect(busy).to_have_text("Saving…")
    page.screenshot(path=tmp_path / "in-flight.png")
    # in the viewport (the pad takes no tap while a stroke is sent: not a tap target now)
    box = page.locator("#quick-nothing").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
    assert_same_places(seen, boxes(page), "a stroke in flight")
    assert held, "the stroke was sent"
    held[0].continue_()
    page.unroute("**/event/")
    settled(page, match.revision + 2)
    assert_same_places(seen, boxes(page), "after the stroke in flight")
    problems.assert_none()
