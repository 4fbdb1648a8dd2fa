"""The scoring screen in its large-text layout with the doubles seat line (issue 28, issue 35).

The reader's large text (Chromium's font size setting: "Large", 20 px, and 200 %, 32 px) was
checked with the singles screen only. In doubles the panel of the side on turn has the seat
on turn ("Asha Rao · Seat 1") on a line of its own under the chip and "On turn". At the four
tablet sizes and the phone, singles and doubles, English and German, with the large-text
layout on:

- nothing is clipped, cut with an ellipsis or overlapping, the page never scrolls sideways
  (``test_text_zoom.LOST``);
- the seat line is whole and, scrolled to, inside the viewport and topmost at its centre;
- every control of the pad (counts, toggles, modifiers, one-tap buttons, "More…", "Clear",
  "Record stroke"), scrolled to, lies in the viewport and is topmost at its centre;
- when the turn passes (a miss, ICF 49(b)) nothing moves: the side panels, the seat line's
  row and every button keep their boxes on the page (±2 px).
"""

from __future__ import annotations

import re
from pprint import pformat
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.models import Match
from tests.e2e.test_tablet_offline_regions import _doubles
from tests.e2e.test_text_zoom import LOST, OUT_OF_REACH, zoom_text
from tests.e2e.test_umpire_tablet import Problems, tossed_match

SIZES = [
    pytest.param((w, h), id=f"{w}x{h}")
    for w, h in ((768, 1024), (800, 1280), (1024, 768), (1280, 800))
]
#: the phone (issue 28): the rows whose words change with the turn keep their room there (the
#: chip's row, "To play: …", what the undo takes back; static/css/umpire-large-text.css), so
#: the pad stays where it is from turn to turn (it moved before, session 17)
PHONE = pytest.param((390, 844), id="390x844")

#: the pad's controls: what the umpire taps to score a stroke
PAD = "#panel button, #panel label.u-seg-btn, #panel label.u-toggle, #panel summary, #commit"

#: boxes on the page (not the viewport: the large-text page scrolls) of the panels, the seat
#: line and every button of the screen
PLACES = """() => {
  const out = {};
  const put = (key, el) => { const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return;
    out[key] = [Math.round(r.left + scrollX), Math.round(r.top + scrollY),
                Math.round(r.width), Math.round(r.height)]; };
  document.querySelectorAll('#sides .u-side').forEach((el, i) => put('side' + i, el));
  // the rulings lie under the pad: their height is their words'
  for (const id of ['scoreboard', 'facts', 'panel']) {
    const el = document.getElementById(id);
    if (el) put('#' + id, el);
  }
  const sel = '#umpire-app button, #umpire-app label.u-seg-btn, #umpire-app label.u-toggle, ' +
              '#umpire-app summary';
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest('.u-sheet') || el.closest('[hidden]')) continue;
    put(el.id || el.getAttribute('for') || el.textContent.trim().slice(0, 30), el);
  }
  return out;
}"""

#: the seat line: whole, and scrolled to, in the viewport and topmost
SEAT = """() => {
  const tag = document.getElementById('side-seat');
  if (!tag) return null;
  tag.scrollIntoView({block: 'center', behavior: 'instant'});
  const r = tag.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const side = tag.closest('.u-side').getBoundingClientRect();
  const out = {
    text: tag.innerText.trim(),
    whole: tag.scrollWidth <= tag.clientWidth + 1 && r.right <= side.right + 1 &&
      r.left >= side.left - 1 && r.bottom <= side.bottom + 1,
    seen: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth &&
      !!top && (tag.contains(top) || top.contains(tag)),
  };
  window.scrollTo(0, 0);
  return out;
}"""


def _read(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_timeout(80)  # the settle handlers have run
    return {
        "lost": page.evaluate(LOST),
        "reach": page.evaluate(OUT_OF_REACH, PAD),
        "seat": page.evaluate(SEAT),
        "places": page.evaluate(PLACES),
    }


def _stroke(page: Page, selector: str) -> None:
    revision = page.locator("#panel").get_attribute("data-revision") or ""
    page.locator(selector).tap()
    expect(page.locator("#panel")).not_to_have_attribute("data-revision", revision)


def _moved(before: dict[str, list[int]], after: dict[str, list[int]]) -> dict[str, Any]:
    """What moved: a box's place or size; the pad's own height left out (the undo's label at
    its foot names the stroke it takes back, on as many lines as it needs)."""
    return {
        key: (before[key], box)
        for key, box in after.items()
        if key in before
        and any(
            abs(a - b) > 2
            for a, b in zip(before[key][:3] if key == "#panel" else before[key], box, strict=False)
        )
    }


def _check(
    browser: Browser, url: str, match: Match, size: tuple[int, int], language: str, factor: float
) -> dict[str, object]:
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page = context.new_page()
    problems = Problems(page)
    session = context.new_cdp_session(page)
    session.send("Page.enable")
    zoom_text(session, 1)
    session.send(
        "Page.setFontSizes",
        {"fontSizes": {"standard": round(16 * factor), "fixed": round(13 * factor)}},
    )
    page.goto(f"{url}/u/{match.umpire_token}/")
    expect(page.locator("#umpire-app")).to_have_class(re.compile(r"\bu-large-text\b"))
    found: dict[str, object] = {}
    fresh = _read(page)
    _stroke(page, "#quick-own")  # the break: one white, the breaker plays on
    before = _read(page)
    _stroke(page, "#quick-nothing")  # the turn passes to the other side
    after = _read(page)
    _stroke(page, "#quick-nothing")  # and back
    back = _read(page)
    for name, read in (("fresh", fresh), ("before", before), ("after", after), ("back", back)):
        if read["lost"]:
            found[f"{name}: lost"] = read["lost"][:6]
        if read["reach"]:
            found[f"{name}: pad out of reach"] = read["reach"][:6]
        seat = read["seat"]
        if match.event.is_doubles and not (seat and seat["whole"] and seat["seen"]):
            found[f"{name}: seat line"] = seat
    seats = (before["seat"] or {}).get("text"), (after["seat"] or {}).get("text")
    if match.event.is_doubles and seats[0] == seats[1]:
        found["the seat line did not follow the turn"] = after["seat"]["text"]
    for name, read in (("after", after), ("back", back)):
        moved = _moved(before["places"], read["places"])
        if moved:
            regions = {k: v for k, v in moved.items() if k.startswith(("#", "side"))}
            found[f"{name}: moved between turns"] = (len(moved), regions or sorted(moved)[:3])
    problems.assert_none()
    context.close()
    return found


@pytest.mark.parametrize("size", [*SIZES, PHONE])
def test_large_text_with_the_doubles_seat_line(
    live_server: Any, browser: Browser, transactional_db: None, size: tuple[int, int]
) -> None:
    found: dict[str, object] = {}
    for kind in ("singles", "doubles"):
        for language in ("en", "de"):
            for factor in (1.25, 2):
                match = _doubles() if kind == "doubles" else tossed_match()  # type: ignore[no-untyped-call]
                lost = _check(browser, live_server.url, match, size, language, factor)
                if lost:
                    found[f"{kind} {language} {int(16 * factor)}px"] = lost
    assert found == {}, pformat(found, width=100)
