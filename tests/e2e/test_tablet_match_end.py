"""The match's end on the tablet (issue 28: a tap records only what the umpire meant).

The stroke that wins the match is tapped on the pad. What the umpire sees: the pad and the foot
(Undo, "Other decisions…", "Paper board…") where they were (±2 px), every pad control locked,
"Undo last event" still in its place and still undoing; the sides' confirmations first on the
card over the rulings strip, in the viewport and topmost, never where a one-tap, count, commit
or the foot's button was a moment before (a tap meant for Undo does not confirm a result). One
side confirming leaves the other's button where it was; the second confirmation locks the
match, and the pad and the foot still do not move. At the five sizes, singles and doubles, and
at the reader's large text (one scrolling column: the card brought into sight, topmost).
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.services.matches import (
    Actor,
    match_snapshot,
    record_event,
    record_seating,
    record_toss,
)
from tests.e2e.test_tablet_board_end import (
    BOXES_JS,
    LIVE_JS,
    _moved,
    _overlaps,
    a_second_tap_records_nothing,
    open_at,
)
from tests.e2e.test_tablet_unseen_walk import LONG_NAMES, _named
from tests.factories import make_match, paper_boards, play
from tests.live.point_flow import toss as point_toss

SYSTEM = Actor(via="system")

SIZES = [(768, 1024), (800, 1280), (1024, 768), (1280, 800), (390, 844)]

#: the confirmations (and what stands in a confirmed side's place): box, in sight and topmost
CONFIRM_JS = """() => [...document.querySelectorAll('#panel .u-confirm-row > *')].map((el) => {
  const target = el.querySelector('button') || el;
  const r = target.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const inside = r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 &&
    r.right <= innerWidth + 1;
  return {id: target.id, box: [r.x, r.y + scrollY, r.width, r.height].map(Math.round),
          seen: inside && !!hit && (hit === target || target.contains(hit))};
})"""


def _one_stroke_from_the_match(kind: str = "singles") -> Match:
    """Best of three: game 1 to A (25-0 from paper), the sides changed, game 2 at A 24 - B 1
    and board 4 under way: A (White) has covered the queen and needs its last seven whites
    (ICF 53: the board's points capped at the game's 25; the match is won 2-0)."""
    match = make_match(kind=kind)
    record_toss(match=match, winner="a", choice="break", actor=SYSTEM)
    if kind == "doubles":
        players = [p.pk for e in (match.entry_a, match.entry_b) if e for p in e.players]
        record_seating(
            match=match, actor=SYSTEM, seating=[players[0], players[2], players[1], players[3]]
        )
    paper_boards(match, "a12", "a12", "a1", "step", "a12", "b1", "a12", actor=SYSTEM)
    for pocketed in ({"white": 1, "queen": True}, {"white": 1}):
        record_event(
            match=match,
            payload={"type": "stroke", "by": "white", "pocketed": pocketed},
            client_id=uuid.uuid4(),
            actor=SYSTEM,
        )
        match.refresh_from_db()
    return match


def _the_winning_stroke(page: Page) -> None:
    page.locator('label[for="pad-white-7"]').tap()
    page.locator("#commit").tap()
    expect(page.locator("#confirm-a")).to_be_visible()
    page.wait_for_function("() => !!document.querySelector('#play-area [data-held-off]')")
    page.wait_for_timeout(100)  # the scroll into sight at large text has settled


CASES = [
    *(pytest.param(size, False, "singles", id=f"singles-{size[0]}x{size[1]}") for size in SIZES),
    pytest.param(SIZES[0], True, "singles", id="singles-768x1024-text-150"),
    pytest.param(SIZES[4], True, "singles", id="singles-390x844-text-150"),
    pytest.param(SIZES[0], False, "doubles", id="doubles-768x1024"),
    pytest.param(SIZES[2], False, "doubles", id="doubles-1024x768"),
]


@pytest.mark.parametrize("size,large,kind", CASES)
def test_the_match_ends_and_nothing_moves(
    live_server: Any,
    page: Page,
    transactional_db: None,
    size: tuple[int, int],
    large: bool,
    kind: str,
) -> None:
    match = _one_stroke_from_the_match(kind)
    before = open_at(page, f"{live_server.url}/u/{match.umpire_token}/", size, large)
    assert {"undo", "commit", "quick-nothing"} <= before.keys()
    _the_winning_stroke(page)
    at_end = page.evaluate(BOXES_JS)
    if not large:
        assert _moved(before, at_end) == []
    assert page.evaluate(LIVE_JS) == []  # the pad locked in its place
    expect(page.locator("#undo")).to_be_enabled()  # the winning stroke can still be undone
    confirms = page.evaluate(CONFIRM_JS)
    assert [c["id"] for c in confirms] == ["confirm-a", "confirm-b"]
    assert all(c["seen"] for c in confirms), confirms
    if not large:  # one screen: no confirmation where a button of the pad or foot was
        under = [
            f"{c['id']} over {name}"
            for c in confirms
            for name, box in before.items()
            if _overlaps(c["box"], box)
        ]
        assert under == [], under
    a_second_tap_records_nothing(page)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED

    # Undo gives the board back where it was: the pad unlocked, nothing moved
    page.locator("#undo").tap()
    expect(page.locator("#confirm-a")).to_have_count(0)
    expect(page.locator("#commit")).to_be_enabled()
    page.wait_for_function("() => !document.querySelector('#play-area [data-held-off]')")
    if not large:
        assert _moved(before, page.evaluate(BOXES_JS)) == []
    match.refresh_from_db()
    assert match.status != Match.Status.FINISHED

    # the stroke again; A confirms: B's button stays where it was
    _the_winning_stroke(page)
    confirms = page.evaluate(CONFIRM_JS)
    page.locator("#confirm-a").tap()
    expect(page.locator("#confirmed-a")).to_be_visible()
    after_a = page.evaluate(CONFIRM_JS)
    assert [c["id"] for c in after_a] == ["confirmed-a", "confirm-b"]
    assert all(
        abs(a - b) <= 2 for a, b in zip(after_a[1]["box"], confirms[1]["box"], strict=True)
    ), (confirms, after_a)
    assert after_a[1]["seen"], after_a
    page.locator("#confirm-b").tap()
    expect(page.locator("#locked")).to_be_visible()
    expect(page.locator("#undo")).to_be_disabled()  # locked: corrections by an organiser only
    assert page.evaluate(LIVE_JS) == []
    if not large:
        assert _moved(before, page.evaluate(BOXES_JS)) == []
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


#: each confirmation's words whole in its box, no word broken across lines (a compound may
#: break after its hyphen)
WORDS_JS = """() => [...document.querySelectorAll('#panel .u-confirm-row > *')].map((el) => {
  const target = el.querySelector('button') || el;
  const broken = [];
  const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (const m of n.textContent.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) { broken.push(m[0]); }
    }
  }
  return {id: target.id, broken,
          whole: target.scrollHeight <= target.clientHeight + 1 &&
            target.scrollWidth <= target.clientWidth + 1};
})"""


def _over_with_long_names(kind: str) -> Match:
    """A match over with a real draw's long names: singles won 2-0 from paper, or point
    carrom's three players after a ruling of 25 points (IT 101)."""
    if kind == "singles":
        return play(_named(make_match(), LONG_NAMES))
    match = point_toss(_named(make_match(rules="point-carrom", games_to_win=1), LONG_NAMES))
    position = match_snapshot(match).current.position
    for payload in (
        {"type": "stroke", "by": position.players[position.on_turn]},
        {"type": "umpire_ruling", "points": {"a": 25, "b": 1}, "law": "IT 101"},
    ):
        record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=SYSTEM)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    "size", [SIZES[4], SIZES[0], SIZES[2]], ids=["390x844", "768x1024", "1024x768"]
)
@pytest.mark.parametrize("kind", ["singles", "points"])
def test_every_confirmation_reads_whole_and_stays(
    live_server: Any,
    page: Page,
    transactional_db: None,
    kind: str,
    size: tuple[int, int],
    lang: str,
) -> None:
    """Long names, point carrom's three players, the phone: every side's confirmation in
    sight and topmost, where no button of the pad or the foot is, its words whole and no word
    broken across lines; one side confirming leaves the others' buttons where they were."""
    match = _over_with_long_names(kind)
    assert match.status == Match.Status.FINISHED
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    expect(page.locator("#confirm-a")).to_be_visible()
    confirms = page.evaluate(CONFIRM_JS)
    assert len(confirms) == (3 if kind == "points" else 2)
    assert all(c["seen"] for c in confirms), confirms
    # none where a button of the pad (locked in its place) or of the foot is
    pad = page.evaluate(BOXES_JS)
    assert "commit" in pad and "undo" in pad
    under = [
        f"{c['id']} over {n}" for c in confirms for n, b in pad.items() if _overlaps(c["box"], b)
    ]
    assert under == [], under
    words = page.evaluate(WORDS_JS)
    assert all(w["whole"] and not w["broken"] for w in words), words
    page.locator("#confirm-a").tap()
    expect(page.locator("#confirmed-a")).to_be_visible()
    after = page.evaluate(CONFIRM_JS)
    assert [c["id"] for c in after][1:] == [c["id"] for c in confirms][1:]
    for was, now in zip(confirms[1:], after[1:], strict=True):
        assert all(abs(a - b) <= 2 for a, b in zip(was["box"], now["box"], strict=True)), (
            confirms,
            after,
        )
        assert now["seen"], after
    words = page.evaluate(WORDS_JS)
    assert all(w["whole"] and not w["broken"] for w in words), words
