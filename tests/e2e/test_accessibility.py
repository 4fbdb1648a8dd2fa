"""Accessibility checked in Chromium (issue 35): axe-core (pinned, vendored for the tests by
tools/fetch_axe.py, injected by the test, never served by the app) finds no WCAG 2.2 A/AA
violation on any page type: the live pages, the hall screen, standings, the organiser's
pages, the scoring screen, forms and error pages.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e import test_languages
from tests.e2e.test_languages import Hall, _logged_in

hall = test_languages.hall  # the fixture: a tournament in play

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

RUN = """async (tags) => {
  // what a person sees: after the page's fades (the hall's slides) have run
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                          resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' :: ' +
                                    n.failureSummary.split('\\n').slice(1, 2).join(''))}));
}"""


def violations(page: Page) -> list[dict]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        # evaluated through the DevTools protocol: the page's strict CSP is not relaxed
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate(RUN, TAGS)


@pytest.fixture(scope="module", autouse=True)
def _axe_is_vendored() -> None:
    if not AXE.is_file():
        pytest.fail(
            "axe-core is not vendored: run python tools/fetch_axe.py (make vendor)", pytrace=False
        )


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_no_wcag_violation_on_any_page_type(
    live_server, browser: Browser, hall: Hall, language: str
) -> None:
    found: dict[str, list[dict]] = {}
    for page in _logged_in(browser, live_server, hall.tournament, language):
        for what, path in hall.pages:
            page.goto(live_server.url + path)
            wrong = violations(page)
            if wrong:
                found[what] = wrong
    assert found == {}
