"""Doubles: the player and seat on turn in the side panel read whole (issue 28).

At 1024x768 the tag beside "On turn" was cut ("Mi…"). At every tablet size and the phone the
tag ("Asha Rao · Seat 1", ICF 49(b)) must be whole, inside the viewport and topmost at its
centre, and the panel's other lines (the name, the games won) inside the panel; when the turn
passes, the tag goes to the other panel and nothing of the panels moves.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_tablet_offline_regions import _doubles
from tests.e2e.test_umpire_tablet import Problems

SIZES = [(768, 1024), (800, 1280), (1024, 768), (1280, 800), (390, 844)]

#: the seat tag and the panels as the umpire sees them
READ = """() => {
  const tag = document.getElementById('side-seat');
  const box = (el) => { const r = el.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; };
  const r = tag.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const panels = Array.from(document.querySelectorAll('#sides .u-side')).map((side) => {
    const inside = (el) => { if (!el) { return true; } const a = el.getBoundingClientRect();
      const b = side.getBoundingClientRect();
      return a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && a.right <= b.right + 1; };
    return { box: box(side), lines: ['.u-side-top', '.u-side-name', '.u-side-extra']
      .every((s) => inside(side.querySelector(s))) };
  });
  return {
    text: tag.innerText.trim(),
    whole: tag.scrollWidth <= tag.clientWidth + 1,
    seen: r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && !!top &&
      (tag.contains(top) || top.contains(tag)),
    panels: panels,
    pad: box(document.getElementById('commit')),
  };
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_seat_on_turn_reads_whole_at_every_size(
    live_server, page: Page, transactional_db, size: tuple[int, int]
):
    problems = Problems(page)
    match = _doubles()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    before = page.evaluate(READ)
    assert before["text"] == "Asha Rao · Seat 1"
    assert before["whole"] and before["seen"], before
    assert all(p["lines"] for p in before["panels"]), before
    # the turn passes (a miss, ICF 49(b)): the next seat's player, in the other panel
    page.locator("#quick-nothing").tap()
    expect(page.locator("#side-seat")).not_to_have_text("Asha Rao · Seat 1")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    after = page.evaluate(READ)
    assert after["text"].endswith("· Seat 2"), after
    assert after["whole"] and after["seen"], after
    assert all(p["lines"] for p in after["panels"]), after
    assert [p["box"] for p in after["panels"]] == [p["box"] for p in before["panels"]]
    assert after["pad"] == before["pad"]
    problems.assert_none()


@pytest.mark.parametrize("language", ["fr", "it", "de"])
def test_on_a_phone_the_colour_and_on_turn_share_a_row_in_every_language(
    live_server, page: Page, transactional_db, language: str
):
    """French "BLANCS" and "À LA MAIN" were 1 px too wide for the phone's panel: the tag took
    a row of its own and pushed the games won out of the panel."""
    match = _doubles()
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    read = page.evaluate(READ)
    assert read["whole"] and read["seen"], read
    assert all(p["lines"] for p in read["panels"]), read
    rows = page.evaluate("""() => {
      const top = document.querySelector('#sides .u-side.is-on-turn .u-side-top');
      const chip = top.querySelector('.chip').getBoundingClientRect();
      const tag = top.querySelector('.u-on-turn-tag').getBoundingClientRect();
      return [Math.round(chip.top), Math.round(tag.top)];
    }""")
    assert abs(rows[0] - rows[1]) <= 2, rows
