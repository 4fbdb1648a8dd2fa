"""The words fit their boxes in every language (issue 35): on the umpire's scoring screen and
the organiser's match page, at the tablet sizes and the phone, no button, label or badge
clips its text or lets it run out of its box (German and French words are long).

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e import test_languages
from tests.e2e.test_languages import Hall, _logged_in

hall = test_languages.hall  # the fixture: a tournament in play

SIZES = [(768, 1024), (800, 1280), (1024, 768), (1280, 800), (390, 844)]
PAGES = ("tablet", "organiser playing match")

#: every visible control and label whose text is larger than its box (clipped, cut with an
#: ellipsis, or spilling over its border)
OVERFLOWING = """() => {
  const out = [];
  const selector = 'button, .btn, label, .badge, [role=button], .nav-link, .u-chip, th';
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || !el.offsetParent) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const text = (el.innerText || '').trim();
    if (!text) continue;
    const wide = el.scrollWidth - el.clientWidth > 1;
    const tall = el.scrollHeight - el.clientHeight > 1 && style.overflowY !== 'visible';
    const cut = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth;
    if (wide || tall || cut) {
      out.push(`${el.tagName.toLowerCase()} "${text.slice(0, 40)}" ` +
               `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
    }
  }
  return out;
}"""


OPEN_ONLY = """(index) => document.querySelectorAll('details').forEach(
  (d, i) => { d.open = i === index; })"""


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_every_control_of_the_scoring_screens_fits_its_box(
    live_server, browser: Browser, hall: Hall, language: str
) -> None:
    paths = dict(hall.pages)
    found: dict[str, list[str]] = {}
    for page in _logged_in(browser, live_server, hall.tournament, language):
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            for what in PAGES:
                page.goto(live_server.url + paths[what])
                overflowing = set(page.evaluate(OVERFLOWING))
                # the folded panels too ("More…", the other decisions), one at a time
                for index in range(page.locator("details").count()):
                    page.evaluate(OPEN_ONLY, index)
                    overflowing |= set(page.evaluate(OVERFLOWING))
                if overflowing:
                    found[f"{what} {width}x{height}"] = sorted(overflowing)
    assert found == {}


def test_the_check_finds_a_clipped_button(live_server, browser: Browser) -> None:
    """The check above can fail: a button too narrow for its word is found."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("""() => {
      const b = document.createElement('button');
      b.className = 'btn';
      b.textContent = 'Schiedsrichterentscheidung';
      b.setAttribute('data-test', 'clip');
      document.getElementById('main').prepend(b);
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('[data-test=clip] { width: 60px; overflow: hidden; white-space: nowrap; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }""")
    assert any("Schiedsrichterentscheidung" in line for line in page.evaluate(OVERFLOWING))
    context.close()
