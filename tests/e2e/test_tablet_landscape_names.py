"""Landscape tablets (1024x768, 1280x800): the players' names are whole on the scoring
screen (issue 28), in the side panels and in the top bar, for long names and for doubles
pairs: no name is cut, ellipsised or clamped, and each is in the viewport."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Player
from scoring.services.matches import record_toss
from tests.e2e.test_umpire_tablet import UMPIRE
from tests.factories import make_match

SIZES = {"1024x768": {"width": 1024, "height": 768}, "1280x800": {"width": 1280, "height": 800}}
SHOTS = os.environ.get("TABLET_SHOTS")
#: made-up names as long as a hall's longest (no real person's)
LONG = {
    "Asha Rao": "Annapurna Venkataraghavan",
    "Ben Kirk": "Maximilian Oberhollenzer",
    "Chen Li": "Chandrasekhar Ramaswamy",
    "Dora Vik": "Dorothea Wittgensteiner",
}

WHOLE = """() => {
  const out = [];
  document.querySelectorAll('#sides .u-side-name, .u-header .u-title-name').forEach((el) => {
    const r = el.getBoundingClientRect();
    const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const inside = r.width > 0 && r.left >= 0 && r.right <= innerWidth + 0.5 && r.top >= 0 &&
      r.bottom <= innerHeight + 0.5;
    out.push({ text: el.textContent.trim(), cut: cut, inside: inside,
               ellipsis: getComputedStyle(el).textOverflow === 'ellipsis' && cut });
  });
  return out;
}"""


@pytest.mark.parametrize("kind", ["singles", "doubles"])
@pytest.mark.parametrize("size", SIZES)
def test_player_names_are_whole_in_landscape(
    live_server, page: Page, transactional_db, size: str, kind: str
):
    match = make_match(kind=kind)
    for old, new in LONG.items():
        Player.objects.filter(name=old).update(name=new)
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)
    match.refresh_from_db()
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    expect(page.locator("#sides .u-side-name").first).to_be_visible()
    if kind == "doubles" and page.locator("#seating-form, #seat-1").count():
        pytest.skip("the seating comes first")  # pragma: no cover - seating is asked later
    names = page.evaluate(WHOLE)
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"names-{kind}-{size}.png"))
    side_names = [n for n in names if any(w in n["text"] for w in LONG.values())]
    assert len(side_names) >= 2, names
    for name in names:
        assert not name["cut"] and name["inside"], name
