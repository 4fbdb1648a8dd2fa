"""Everything reachable by keyboard with a visible focus (issue 35; WCAG 2.2 2.1.1 Keyboard,
2.4.7 Focus Visible): on every page type, pressing Tab walks through every visible control
(links, buttons, fields, the summaries that open folded parts) and each, once focused, shows
an outline or ring of its own.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.e2e import test_languages
from tests.e2e.test_languages import Hall, _logged_in

hall = test_languages.hall  # the fixture: a tournament in play

MAX_TABS = 400

#: mark every visible control the keyboard must reach; return how many
MARK = """() => {
  let n = 0;
  const selector = 'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), '
    + 'select:not([disabled]), textarea:not([disabled]), summary, [tabindex="0"]';
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility({visibilityProperty: true}) || el.closest('[inert]')) continue;
    if (el.matches('.visually-hidden-focusable, .skip-link')) { el.dataset.kb = 'skip'; continue; }
    // a radio group is one tab stop (the arrows move within it)
    if (el.type === 'radio' && el.name && [...document.getElementsByName(el.name)].some(
        (o) => o !== el && o.dataset.kb)) continue;
    el.dataset.kb = 'todo';
    n += 1;
  }
  return n;
}"""

#: the focused control: mark it reached; say if its focus cannot be seen
FOCUSED = """async () => {
  // the focus ring as it settles (Bootstrap fades it in)
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const group = el.type === 'radio' && el.name ? [...document.getElementsByName(el.name)] : [el];
  group.forEach((g) => { if (g.dataset.kb === 'todo') g.dataset.kb = 'done'; });
  // what shows the focus: the control's outline or ring, or its label's for a toggle drawn
  // as its label (Bootstrap's .btn-check)
  const shown = (node) => {
    const s = getComputedStyle(node);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2)
      || (s.boxShadow && s.boxShadow !== 'none');
  };
  const label = el.labels && el.labels.length ? el.labels[0] : null;
  const name = el.tagName.toLowerCase() + ' "' +
    (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30) + '"';
  return {name, visible: shown(el) || (label && el.matches('.btn-check') && shown(label))};
}"""

LEFT = """() => [...document.querySelectorAll('[data-kb=todo]')].map((el) =>
  el.tagName.toLowerCase() + ' "' +
  (el.innerText || el.value || el.getAttribute('aria-label') || el.name || '').trim()
    .slice(0, 30) + '"')"""


def test_every_control_is_reached_by_tab_with_a_visible_focus(
    live_server, browser: Browser, hall: Hall
) -> None:
    found: dict[str, list[str]] = {}
    for page in _logged_in(browser, live_server, hall.tournament, "en"):
        for what, path in hall.pages:
            page.goto(live_server.url + path)
            page.evaluate(MARK)
            unseen: set[str] = set()
            idle = 0
            for _ in range(MAX_TABS):
                page.keyboard.press("Tab")
                focused = page.evaluate(FOCUSED)
                if focused is None:
                    # on the page itself: past the last control, or a live update replaced
                    # the focused part (the next Tab goes on from where it was)
                    idle += 1
                    if idle >= 3:
                        break
                    continue
                idle = 0
                if not focused["visible"]:
                    unseen.add(f"focus not visible: {focused['name']}")
                if not page.evaluate("document.querySelector('[data-kb=todo]')"):
                    break
            left = page.evaluate(LEFT)
            problems = sorted(unseen) + [f"not reached by Tab: {x}" for x in left]
            if problems:
                found[what] = problems[:10]
    assert found == {}
