"""The phone's words read whole (issue 28, 390x844): the facts line (where, who plays, the
pieces on the board and the queen, ICF 49), "To play:" with the player and the offline
banner's words, in en, de, fr and it, online and offline, singles and doubles."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_tablet_offline_regions import _doubles
from tests.e2e.test_umpire_tablet import Problems, tossed_match

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("TABLET_SHOTS")

#: each text's words as the umpire sees them: every line box of its text inside the box that
#: clips it and the viewport, on top where it is drawn; "" when whole, else what is cut
WHOLE = """(ids) => {
  const cut = [];
  const clipOf = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX !== 'visible' || s.overflowY !== 'visible') { return p; } } return null; };
  for (const id of ids) {
    const el = document.getElementById(id);
    if (!el || el.closest('[hidden]')) { cut.push(id + ': not shown'); continue; }
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      cut.push(id + ': overflows its box'); }
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim() || n.parentElement.closest('.visually-hidden')) { continue; }
      if (n.parentElement.closest('[hidden]')) { continue; }
      const range = document.createRange(); range.selectNodeContents(n);
      const clip = clipOf(n.parentElement);
      const c = clip ? clip.getBoundingClientRect() : null;
      for (const r of range.getClientRects()) {
        if (r.width === 0) { continue; }
        const out = r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 ||
          r.right > innerWidth + 0.5 || (c && (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5 ||
          r.left < c.left - 0.5 || r.right > c.right + 0.5));
        const top = out ? null :
          document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (out || !top || !(top.contains(n.parentElement) || n.parentElement.contains(top))) {
          cut.push(id + ': "' + n.textContent.trim() + '"'); }
      }
    }
  }
  return cut.join('; ');
}"""

#: the fixed keyboard's boxes, the commit and the pad's first count on top at their centres
KEYS = """() => {
  const out = {};
  document.querySelectorAll('#panel button, #panel label.u-seg-btn, #undo').forEach((el, i) => {
    if (el.closest('[hidden]') || el.closest('.u-sheet') ||
        getComputedStyle(el).display === 'none') { return; }
    const r = el.getBoundingClientRect();
    out[el.id || el.htmlFor || i] = [Math.round(r.left), Math.round(r.top), Math.round(r.width),
      Math.round(r.height)];
  });
  const onTop = (el) => { const r = el.getBoundingClientRect();
    const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.bottom <= innerHeight && !!t && (el === t || el.contains(t)); };
  out.seen = onTop(document.getElementById('commit')) &&
    onTop(document.querySelector('label[for="pad-white-0"]'));
  return out;
}"""

TEXTS = ["facts", "turn"]


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
@pytest.mark.parametrize("kind", ["singles", "doubles"])
def test_on_a_phone_the_facts_the_turn_and_the_banner_read_whole(
    live_server, page: Page, transactional_db, language: str, kind: str
):
    """Issue 28: on the phone the facts' third line (the pieces and the queen) was hidden,
    "Da giocare: Ben Kirk" clipped and the German banner cut ("…sobald die Verbindung…")."""
    problems = Problems(page, allowed={409})
    match = _doubles() if kind == "doubles" else tossed_match()
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/u/{match.umpire_token}/")
    expect(page.locator("#on-board")).to_be_visible()
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"phone-{kind}-{language}-online.png"))
    assert page.evaluate(WHOLE, TEXTS) == ""
    keys = page.evaluate(KEYS)
    assert keys["seen"], keys

    page.context.set_offline(True)
    page.locator("#quick-nothing").tap()  # kept on the phone: the banner appears
    expect(page.locator("#net-banner")).to_be_visible()
    expect(page.locator("#history .u-history-item.is-pending")).to_have_count(1)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"phone-{kind}-{language}-offline.png"))
    assert page.evaluate(WHOLE, [*TEXTS, "net-banner-text"]) == ""
    assert page.evaluate(KEYS) == keys  # nothing of the keyboard moved

    page.context.set_offline(False)
    expect(page.locator("#history .u-history-item.is-pending")).to_have_count(0, timeout=20000)
    problems.assert_none()
