"""A board's end on the tablet (issue 28: a fixed keyboard between boards too).

The last stroke of a board is tapped on the pad; the between-boards card appears. What the
umpire sees: the pad and the foot (Undo, "Other decisions…", "Paper board…") where they were
(±2 px), every pad control locked, "Start board 2" in the viewport and topmost where no one-tap
or count button was (a second tap on the stroke that ended the board records nothing), and the
pad back, unlocked and in the same place, once the next board is started. At the five sizes of
the tablet and the phone, singles and doubles; at the reader's large text (one column that
scrolls and reflows with the next board's facts) the pad is locked and the card brought into
sight, topmost.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.services.matches import Actor, record_event, record_seating, record_toss
from tests.factories import make_match

SYSTEM = Actor(via="system")

SIZES = [(768, 1024), (800, 1280), (1024, 768), (1280, 800), (390, 844)]

#: the boxes of the pad's and the foot's controls, by id
BOXES_JS = """() => {
  const out = {};
  const all = document.querySelectorAll('#quick button, #pad label[for^="pad-"], #commit, ' +
    '#pad-clear, #more-summary, #undo, #actions > summary, #paper > summary');
  for (const el of all) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    out[el.id || el.getAttribute('for') || 'summary of ' + el.parentElement.id] =
      [r.x, r.y + scrollY, r.width, r.height].map(Math.round);
  }
  return out;
}"""

#: "Start board 2": its box and whether it is in the viewport and topmost at its centre
GO_JS = """() => {
  const el = document.getElementById('card-go');
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const inside = r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 &&
    r.right <= innerWidth + 1;
  return {box: [r.x, r.y + scrollY, r.width, r.height].map(Math.round),
          seen: inside && !!hit && (hit === el || el.contains(hit))};
}"""

#: the pad's controls that still take a tap (none should under the card)
LIVE_JS = """() => [...document.querySelectorAll(
    '#play-area button, #play-area input:not([type=hidden]), #play-area select')]
  .filter((el) => !el.matches(':disabled')).map((el) => el.id || el.name)"""


def _one_stroke_from_the_end(kind: str = "singles") -> Match:
    """The queen covered, seven whites left to White (A breaks): one stroke ends the board
    (doubles: seated, ICF 78)."""
    match = make_match(kind=kind)
    record_toss(match=match, winner="a", choice="break", actor=SYSTEM)
    if kind == "doubles":
        players = [p.pk for e in (match.entry_a, match.entry_b) if e for p in e.players]
        record_seating(
            match=match, actor=SYSTEM, seating=[players[0], players[2], players[1], players[3]]
        )
    match.refresh_from_db()
    for pocketed in ({"white": 1, "queen": True}, {"white": 1}):
        record_event(
            match=match,
            payload={"type": "stroke", "by": "white", "pocketed": pocketed},
            client_id=uuid.uuid4(),
            actor=SYSTEM,
        )
        match.refresh_from_db()
    return match


def open_at(page: Page, url: str, size: tuple[int, int], large: bool) -> dict[str, list[int]]:
    """The tablet's page at ``size`` (``large``: the reader's text at 150 %, Chromium's font
    size setting): the boxes of the pad's and the foot's controls before the last stroke."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    if large:
        page.context.new_cdp_session(page).send(
            "Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 20}}
        )
    page.goto(url)
    if large:
        expect(page.locator("#umpire-app.u-large-text")).to_have_count(1)
    expect(page.locator("#pad")).to_be_visible()
    return dict(page.evaluate(BOXES_JS))


def a_second_tap_records_nothing(page: Page) -> None:
    """A second tap where "Record stroke" was (the pad locked under the card)."""
    revision = page.locator("#panel").get_attribute("data-revision")
    page.locator("#commit").dispatch_event("click")
    page.wait_for_timeout(300)
    expect(page.locator("#panel")).to_have_attribute("data-revision", revision or "")


def _moved(before: dict[str, list[int]], after: dict[str, list[int]]) -> list[str]:
    return [
        f"{name} {was} -> {after[name]}"
        for name, was in before.items()
        if name in after and any(abs(a - b) > 2 for a, b in zip(was, after[name], strict=True))
    ]


def _overlaps(box: list[int], other: list[int]) -> bool:
    x, y, w, h = box
    ox, oy, ow, oh = other
    return x < ox + ow - 2 and ox < x + w - 2 and y < oy + oh - 2 and oy < y + h - 2


CASES = [
    *(
        pytest.param(size, large, "singles", id=f"singles-{size[0]}x{size[1]}-text-{text}")
        for size in SIZES
        for large, text in ((False, 100), (True, 150))
    ),
    *(
        pytest.param(size, False, "doubles", id=f"doubles-{size[0]}x{size[1]}")
        for size in (SIZES[0], SIZES[2], SIZES[4])
    ),
]


@pytest.mark.parametrize("size,large,kind", CASES)
def test_the_board_ends_and_nothing_moves(
    live_server: Any,
    page: Page,
    transactional_db: None,
    size: tuple[int, int],
    large: bool,
    kind: str,
) -> None:
    match = _one_stroke_from_the_end(kind)
    before = open_at(page, f"{live_server.url}/u/{match.umpire_token}/", size, large)
    page.locator('label[for="pad-white-7"]').tap()
    page.locator("#commit").tap()
    expect(page.locator("#card-go")).to_be_visible()
    page.wait_for_function("() => !!document.querySelector('#play-area [data-held-off]')")
    page.wait_for_timeout(100)  # the scroll into sight at large text has settled
    at_end = page.evaluate(BOXES_JS)
    if not large:  # at large text the page reflows (the next board's facts and breaker rows)
        assert _moved(before, at_end) == []
    assert page.evaluate(LIVE_JS) == []
    go = page.evaluate(GO_JS)
    assert go["seen"], go
    if not large:  # one screen: the step lies where no one-tap or count button was
        under = [
            name
            for name, box in before.items()
            if name.startswith(("quick-", "pad-")) and _overlaps(go["box"], box)
        ]
        assert under == [], (go, under)
    a_second_tap_records_nothing(page)
    page.locator("#card-go").tap()
    expect(page.locator("#panel.is-held")).to_have_count(0)
    expect(page.locator("#commit")).to_be_enabled()
    page.wait_for_function("() => !document.querySelector('#play-area [data-held-off]')")
    if not large:
        assert _moved(before, page.evaluate(BOXES_JS)) == []
    match.refresh_from_db()
    assert match.games.get().boards.count() == 1  # board 2 starts with its first stroke
