"""Colour is never the only carrier (issue 35; WCAG 2.2 1.4.1 Use of Color): on every page
type the accessibility test walks, each state the stylesheets paint in a colour of its own (a
side, a winner, a status such as playing or called, a foul, the queen, a pending or refused
stroke, a qualifier or tie-break in the standings, a bracket's winner, a free or busy table...)
is told another way too.

The states are found in the page's own stylesheets, so a new coloured state is checked without
changing this test: every rule whose selector carries a state class (``is-*``, ``status-*``,
``o-status-*``, ``o-match-*``, ``*winner*``...) and that sets a colour, a background or a border
colour. For each element it paints, the test takes the state class away, as a reader who does
not see that colour would: something other than colour must then change (a word or symbol in
a ``::before``/``::after``, the weight, style or decoration of the text, a border's style or
width, an outline, a shown or hidden part) -- or the element must say its state in words of
its own (a badge, words for screen readers, an ``aria-label`` or a ``title``).

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e import test_languages
from tests.e2e.test_languages import Hall, _logged_in

hall = test_languages.hall  # the fixture: a tournament in play

#: the classes that name a state (the last part of a selector that paints in a colour)
STATE = r"^(is-|has-|status-|o-status-|o-match-|rc-state-|piece-)|winner|on-turn|called|queen|foul"

COLOUR_ONLY = """(statePattern) => {
  const state = new RegExp(statePattern);
  const colourProps = ['color', 'background-color', 'background', 'background-image',
                       'border-color', 'border-left-color', 'border-top-color',
                       'border-right-color', 'border-bottom-color', 'border-left',
                       'border', 'fill', '--bs-btn-color', '--bs-table-bg'];
  // every rule that paints a state in a colour, with its state classes
  const rules = [];
  const walk = (list) => {
    for (const rule of list) {
      if (rule.cssRules && !rule.selectorText) {
        if (!rule.media || matchMedia(rule.media.mediaText).matches) walk(rule.cssRules);
        continue;
      }
      if (!rule.selectorText || !colourProps.some((p) => rule.style.getPropertyValue(p))) continue;
      for (const selector of rule.selectorText.split(',')) {
        if (/:(hover|focus|active|focus-visible|focus-within|checked|disabled)/.test(selector))
          continue;
        const classes = (selector.match(/\\.[A-Za-z0-9_-]+/g) || []).map((c) => c.slice(1))
          .filter((c) => state.test(c));
        if (classes.length) rules.push({selector: selector.trim(), classes});
      }
    }
  };
  for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets]) {
    try { walk(sheet.cssRules); } catch (e) { /* another origin's sheet: none here */ }
  }
  // what a reader who does not see colours still perceives of an element and its parts
  const look = (el) => {
    const parts = [el, ...el.querySelectorAll('*')];
    return parts.map((p) => {
      const s = getComputedStyle(p);
      const before = getComputedStyle(p, '::before').content;
      const after = getComputedStyle(p, '::after').content;
      return [s.display, s.visibility, s.fontWeight, s.fontStyle, s.textDecorationLine,
              s.borderTopStyle, s.borderLeftStyle, s.borderLeftWidth, s.borderTopWidth,
              s.outlineStyle, s.textTransform, before, after,
              p.checkVisibility ? p.checkVisibility() : true].join('|');
    }).join('\\n');
  };
  // says its state in words or a symbol of its own: a badge (its word is the state), words
  // for screen readers, a label or title, a symbol; a definition named by its term; a
  // table cell whose column header says it
  const says = (el) => el.matches('[aria-label], [title], .badge')
    || el.querySelector('.badge, .visually-hidden, [aria-label], [title]')
    || /[✓✔✗✘★☆●○◆◇▲▼▶◀⚠⚑♛]/.test(el.textContent)
    || (el.matches('dd') && el.previousElementSibling
        && el.previousElementSibling.matches('dt'))
    || (el.matches('td, th') && el.closest('table') && (() => {
      const head = el.closest('table').querySelector('thead tr');
      const th = head && head.cells[el.cellIndex];
      return th && th !== el && [...el.classList].every((c) => !state.test(c)
        || th.classList.contains(c)) && says(th);
    })());
  const out = new Set();
  for (const {selector, classes} of rules) {
    let elements;
    try { elements = document.querySelectorAll(selector); } catch (e) { continue; }
    for (const el of elements) {
      if (!el.checkVisibility() || !(el.textContent || '').trim() && !el.matches('[aria-label]'))
        continue;
      if (says(el)) continue;
      const owners = classes.map((c) => [c, el.closest('.' + CSS.escape(c))])
        .filter(([, owner]) => owner);
      const seen = look(el);
      owners.forEach(([c, owner]) => owner.classList.remove(c));
      const without = look(el);
      owners.forEach(([c, owner]) => owner.classList.add(c));
      if (seen === without) {
        const text = el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 30);
        out.add(`${selector} :: ${el.tagName.toLowerCase()} "${text}"`);
      }
    }
  }
  return [...out];
}"""


def colour_only(page: Page) -> list[str]:
    return page.evaluate(COLOUR_ONLY, STATE)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_state_is_told_by_colour_alone(
    live_server, browser: Browser, hall: Hall, language: str
) -> None:
    found: dict[str, list[str]] = {}
    for page in _logged_in(browser, live_server, hall.tournament, language):
        for what, path in hall.pages:
            page.goto(live_server.url + path)
            page.evaluate("document.fonts.ready")
            wrong = colour_only(page)
            if wrong:
                found[what] = sorted(wrong)
    assert found == {}


def test_the_check_finds_a_state_told_by_colour_alone(live_server, browser: Browser) -> None:
    """The check above can fail: a winner painted green and nothing else is found; with a
    tick after it, it is not."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("""() => {
      document.getElementById('main').insertAdjacentHTML('afterbegin',
        '<p class="probe-row is-winner">Asha Rao 1</p><p class="probe-row">Ben Kirk 2</p>');
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.probe-row.is-winner { color: #0a5c2d; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }""")
    assert colour_only(page) == ['.probe-row.is-winner :: p "Asha Rao 1"']
    page.evaluate("""() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.probe-row.is-winner::after { content: " ✓"; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }""")
    assert colour_only(page) == []
    context.close()
