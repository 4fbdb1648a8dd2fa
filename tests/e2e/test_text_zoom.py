"""Text zoomed to 200 % without loss (issue 35; WCAG 2.2 1.4.4 Resize Text, 1.4.10 Reflow):
every page type the accessibility test walks (the umpire's scoring screen in its large-text
layout), with Chromium's text size doubled (its default font size 16 -> 32 px, as a reader
sets it in the browser's settings), at the phone, the portrait tablet and the two landscape
tablets (one page load per page type and size):

- the text grows (no text kept at a fixed pixel size);
- the page never scrolls sideways (a table or a bracket may scroll within its own box);
- no text is clipped, cut with an ellipsis or spilling out of its box, and no two pieces of
  text overlap;
- every button, link and field can still be reached: scrolled to, it lies inside the viewport
  and is the topmost element at its centre.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

from tests.e2e import test_languages
from tests.e2e.test_languages import Hall, _logged_in
from tests.e2e.test_tablet_keyboard import SHEET_CONTROLS_JS, topmost

hall = test_languages.hall  # the fixture: a tournament in play

SIZES = [(390, 844), (768, 1024), (1024, 768), (1280, 800)]
ZOOM = 2

#: the font size of every element that shows text of its own, keyed by a path to it. A chart
#: drawn as a picture (``svg[role=img]``, e.g. a rating's history) scales as a picture: its
#: words are its title and description, and its figures are in the table beside it.
FONT_SIZES = """() => {
  const out = {};
  let i = 0;
  for (const el of document.body.querySelectorAll('*')) {
    i += 1;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.checkVisibility({contentVisibilityAuto: true})) continue;
    if (el.closest('svg[role=img]')) continue;
    out[i] = {size: parseFloat(getComputedStyle(el).fontSize),
              text: el.tagName.toLowerCase() + ' "' + el.textContent.trim().slice(0, 30) + '"'};
  }
  return out;
}"""

#: what is lost at this text size: sideways scrolling of the page, clipped or overlapping
#: text, controls out of reach
LOST = """() => {
  const out = [];
  const root = document.documentElement;
  const vw = root.clientWidth;
  if (root.scrollWidth > vw + 1) {
    // name the widest culprits: elements running past the viewport's right edge that are
    // not inside a box scrolling of its own
    const culprits = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.right <= vw + 1 || !box.width) continue;
      let inner = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox === 'auto' || ox === 'scroll' || ox === 'hidden' || ox === 'clip') {
          inner = true; break;
        }
      }
      if (!inner) culprits.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` +
                                ` right ${Math.round(box.right)}`);
    }
    out.push(`page scrolls sideways: ${root.scrollWidth} > ${vw}: ` +
             culprits.slice(-3).join(', '));
  }
  // rendered: not in a closed <details> (content-visibility), not hidden, not transparent
  const visible = (el) => el.checkVisibility({contentVisibilityAuto: true,
                                              visibilityProperty: true, opacityProperty: true});
  // clipped text: a box cutting its own text
  for (const el of document.body.querySelectorAll('*')) {
    if (!visible(el)) continue;
    const text = (el.innerText || '').trim();
    if (!text) continue;
    const style = getComputedStyle(el);
    const scrolls = (o) => o === 'auto' || o === 'scroll';
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
      out.push(`ellipsis: ${el.tagName.toLowerCase()} "${text.slice(0, 30)}"`);
      continue;
    }
    const cutX = !scrolls(style.overflowX) && style.overflowX !== 'visible'
      && el.scrollWidth > el.clientWidth + 1;
    const cutY = !scrolls(style.overflowY) && style.overflowY !== 'visible'
      && el.scrollHeight > el.clientHeight + 1;
    if ((cutX || cutY) && !el.matches('.visually-hidden, .visually-hidden-focusable, ' +
                                       '[aria-hidden=true] *, [aria-hidden=true]')) {
      out.push(`clipped: ${el.tagName.toLowerCase()} "${text.slice(0, 30)}" ` +
               `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  // overlapping text: the boxes of two text runs (text nodes) cross, each cut to what its
  // scrolling or clipping boxes let show
  const clip = (r, el) => {
    let {left, top, right, bottom} = r;
    for (let p = el; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = p.getBoundingClientRect();
      left = Math.max(left, b.left); top = Math.max(top, b.top);
      right = Math.min(right, b.right); bottom = Math.min(bottom, b.bottom);
    }
    return {left, top, right, bottom, width: right - left, height: bottom - top};
  };
  const runs = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || !n.parentElement || !visible(n.parentElement)) continue;
    if (n.parentElement.closest('.visually-hidden, [aria-hidden=true], option, script, ' +
                                'style, template, noscript, svg[role=img]')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const whole of range.getClientRects()) {
      const r = clip(whole, n.parentElement);
      if (r.width > 1 && r.height > 1) runs.push({r, n});
    }
  }
  for (let i = 0; i < runs.length; i += 1) {
    for (let j = i + 1; j < runs.length; j += 1) {
      const a = runs[i].r, b = runs[j].r;
      if (runs[i].n === runs[j].n) continue;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 2 && h > 4) {
        out.push(`overlap: "${runs[i].n.textContent.trim().slice(0, 25)}" / ` +
                 `"${runs[j].n.textContent.trim().slice(0, 25)}"`);
      }
    }
  }
  return out;
}"""

#: every control, scrolled to: inside the viewport and topmost at its centre
CONTROLS = (
    "a[href], button, input:not([type=hidden]), select, textarea, summary, "
    "[role=button], [tabindex]:not([tabindex='-1'])"
)
OUT_OF_REACH = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})
        || el.closest('[inert]')) continue;
    el.focus({preventScroll: true});  // a skip link shows itself when focused
    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const said = el.innerText || el.value || el.name || el.getAttribute('aria-label') || '';
    const name = `${el.tagName.toLowerCase()} "${said.trim().slice(0, 30)}"`;
    if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) {
      out.push(`${name} outside the viewport at ${Math.round(x)},${Math.round(y)}`);
      continue;
    }
    const top = document.elementFromPoint(x, y);
    const label = el.labels && el.labels.length ? el.labels[0] : null;
    if (el.matches('.btn-check') && label) {
      // a toggle drawn as its label (Bootstrap's .btn-check): the label is what is tapped
      label.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
      const lb = label.getBoundingClientRect();
      const lx = lb.left + lb.width / 2, ly = lb.top + lb.height / 2;
      const hit = document.elementFromPoint(lx, ly);
      if (lx < 0 || lx > innerWidth || ly < 0 || ly > innerHeight || !hit || !label.contains(hit))
        out.push(`${name} (its label) out of reach`);
      continue;
    }
    if (!top || !(el.contains(top) || top.contains(el) || (label && label.contains(top)))) {
      const by = top ? top.tagName.toLowerCase() + '.' + [...top.classList].join('.') : 'nothing';
      out.push(`${name} covered by ${by}`);
    }
  }
  window.scrollTo(0, 0);
  return out;
}"""


def zoom_text(session: CDPSession, factor: int) -> None:
    """Chromium's own text size setting (Settings > Appearance > Font size), not a page
    zoom: only the text grows, the viewport keeps its CSS pixels."""
    session.send(
        "Page.setFontSizes", {"fontSizes": {"standard": 16 * factor, "fixed": 13 * factor}}
    )


def lost_at_zoom(page: Page, session: CDPSession, url: str) -> list[str]:
    """What this page loses with its text at 200 % (empty when nothing). One page load: the
    page is read as a reader with 200 % text gets it, then its text set back to 100 % in place
    to compare each element's font size (a style, not laid out by script)."""
    zoom_text(session, ZOOM)
    page.goto(url)
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == (
        f"{16 * ZOOM}px"
    )
    page.evaluate("document.fonts.ready")
    after = page.evaluate(FONT_SIZES)
    found = page.evaluate(LOST)
    found += page.evaluate(OUT_OF_REACH, CONTROLS)
    zoom_text(session, 1)
    before = page.evaluate(FONT_SIZES)
    found += [
        f"stays small: {seen['text']} {seen['size']}px"
        for key, seen in after.items()
        if key in before and seen["size"] < before[key]["size"] * 1.5
    ]
    return found


#: The umpire's scoring screen ("tablet") is checked like every page: laid out to fit one
#: tablet without scrolling at the default text, it switches to its large-text layout when the
#: reader's text is large (static/js/umpire-text-size.js, static/css/umpire-large-text.css).


@pytest.mark.parametrize("what", test_languages.PAGE_NAMES)
def test_every_page_type_reads_at_200_percent_text(
    live_server, browser: Browser, hall: Hall, what: str
) -> None:
    path = dict(hall.pages)[what]
    found: dict[str, list[str]] = {}
    for page in _logged_in(browser, live_server, hall.tournament, "en"):
        session = page.context.new_cdp_session(page)
        session.send("Page.enable")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            lost = lost_at_zoom(page, session, live_server.url + path)
            if lost:
                found[f"{width}x{height}"] = sorted(set(lost))[:12]
    assert found == {}


def test_the_check_finds_what_is_lost(live_server, browser: Browser) -> None:
    """The checks above can fail: a box too narrow for its growing text, a page wider than
    the screen, a button covered by another and text fixed in pixels are all found."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    session = page.context.new_cdp_session(page)
    session.send("Page.enable")
    zoom_text(session, ZOOM)
    page.goto(live_server.url + "/")
    page.evaluate("""() => {
      const main = document.getElementById('main');
      main.insertAdjacentHTML('afterbegin',
        '<p data-test="cut">Schiedsrichterentscheidung</p><div data-test="wide">x</div>' +
        '<button data-test="under">Hidden</button><div data-test="over">Over</div>');
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`[data-test=cut] { width: 60px; height: 1rem; overflow: hidden; }
        [data-test=wide] { width: 600px; }
        [data-test=under] { position: relative; }
        [data-test=over] { position: relative; margin-top: -3rem; height: 4rem;
                           background: #fff; z-index: 5; }`);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }""")
    lost = page.evaluate(LOST) + page.evaluate(OUT_OF_REACH, CONTROLS)
    assert any(line.startswith("clipped: p") for line in lost), lost
    assert any(line.startswith("page scrolls sideways") for line in lost), lost
    assert any('button "Hidden" covered' in line for line in lost), lost
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_scoring_screen_sheets_and_menu_at_200_percent_text(
    live_server, browser: Browser, hall: Hall, size: tuple[int, int]
) -> None:
    """The scoring screen at 200 % text takes its large-text layout, and every sheet it opens
    ("More…", "Other decisions…") and the menu stay usable (issue 28 at large text): every
    control of the sheet in the viewport and topmost, its "Close" too, and "Record stroke" in
    sight below the sheet. Back at 100 % the screen is the fixed one again."""
    width, height = size
    path = dict(hall.pages)["tablet"]
    for page in _logged_in(browser, live_server, hall.tournament, "en"):
        page.set_viewport_size({"width": width, "height": height})
        session = page.context.new_cdp_session(page)
        session.send("Page.enable")
        zoom_text(session, ZOOM)
        page.goto(live_server.url + path)
        screen = page.locator("#umpire-app")
        expect(screen).to_have_class(re.compile(r"\bu-large-text\b"))
        for summary, sheet in (
            ("#more-summary", "#more .u-sheet"),
            ("#actions > summary", "#actions .u-sheet"),
        ):
            page.locator(summary).click()
            expect(page.locator(sheet)).to_be_visible()
            assert page.evaluate(SHEET_CONTROLS_JS, sheet) == [], (size, sheet)
            page.locator(sheet).evaluate("el => el.scrollTop = 0")
            assert topmost(page, f"{sheet} [data-sheet-close]"), (size, sheet, "Close")
            assert topmost(page, "#commit"), (size, sheet, "the commit covered")
            page.locator(f"{sheet} [data-sheet-close]").click()
            expect(page.locator(sheet)).to_be_hidden()
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.locator("#site-menu").click()  # scrolled back into view
        menu = page.locator("body > header")
        expect(menu).to_be_visible()
        assert page.evaluate(SHEET_CONTROLS_JS, "body > header") == [], (size, "menu")
        assert topmost(page, "#site-menu"), (size, "the menu covers its button")
        page.keyboard.press("Escape")
        expect(menu).to_be_hidden()
        zoom_text(session, 1)  # the reader's text back at 100 %: the fixed screen again
        expect(screen).not_to_have_class(re.compile(r"\bu-large-text\b"))
        assert page.evaluate("document.documentElement.scrollHeight") <= height + 1
