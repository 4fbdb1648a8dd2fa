"""The tablet polls once (issue 36): in 20 seconds of its timers the scoring page asks one
URL, its ``…/state/`` poll, every 2 s, and nothing else (the round clock's chip has no poll of
its own any more); the chip that poll brought still changes phase by itself as the time
passes: the last minutes, then "Time is up" with its way to the form. The page's timers are
Playwright's clock (``page.clock``): no waiting."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scoring.services import round_clock as clock_service
from tests.e2e.test_round_clock import CHIP, SYSTEM, _board_in_play
from tests.e2e.test_umpire_tablet import Problems

#: Counts every request the page's scripts make (fetch and htmx's XMLHttpRequest) by path.
COUNT_REQUESTS = """
(() => {
  window.__asked = [];
  const path = (url) => new URL(url, location.href).pathname;
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    window.__asked.push(path(typeof input === "string" ? input : input.url));
    return fetch.call(this, input, init);
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) {
    window.__asked.push(path(url));
    return open.apply(this, arguments);
  };
})();
"""


def test_the_tablet_polls_once_and_its_chip_changes_phase(
    live_server, page: Page, transactional_db
) -> None:
    rnd, match = _board_in_play(6)  # 6 minutes: running, then the last 5 minutes
    clock_service.start_clock(round=rnd, actor=SYSTEM)
    page.clock.install()  # the page's timers run when the test says
    page.add_init_script(COUNT_REQUESTS)
    page.set_viewport_size({"width": 1024, "height": 768})
    problems = Problems(page)
    base = f"/u/{match.umpire_token}/"
    page.goto(live_server.url + base)
    box = page.locator(f"{CHIP}[data-round-clock-box]")
    expect(box).to_have_attribute("data-phase", "running")  # brought by the first poll
    expect(page.locator(f"{CHIP} [data-round-clock-time]")).to_be_visible()
    assert page.evaluate("window.__asked") == [f"{base}state/"]  # at once, for the chip

    page.evaluate("window.__asked = []")
    page.clock.run_for(20_000)
    asked = page.evaluate("window.__asked")
    assert set(asked) == {f"{base}state/"}, asked  # one stream, nothing of the clock's own
    assert 9 <= len(asked) <= 11, asked  # every 2 s

    up = page.locator(f"{CHIP} [data-open-time-up]")
    expect(up).to_be_hidden()
    page.clock.fast_forward(61_000)  # one minute on: the last 5 minutes
    expect(box).to_have_attribute("data-phase", "last_minutes")
    expect(up).to_be_hidden()
    page.clock.fast_forward(5 * 60_000)  # time is up
    expect(box).to_have_attribute("data-phase", "up")
    expect(up).to_be_visible()
    expect(page.locator(f"{CHIP} [data-round-clock-time]")).to_be_hidden()
    assert set(page.evaluate("window.__asked")) == {f"{base}state/"}
    page.goto("about:blank")
    problems.assert_none()
