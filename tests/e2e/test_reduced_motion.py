"""prefers-reduced-motion respected (issue 35; WCAG 2.2 2.3.3): with the reader's system set
to reduce motion, no page type moves: no CSS animation or transition runs longer than a blink
(the hall's fading slides included), and nothing scrolls smoothly.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page

from tests.e2e import test_languages
from tests.e2e.test_languages import Hall

hall = test_languages.hall  # the fixture: a tournament in play

#: every element (and its ::before/::after) animated, in transition or scrolling smoothly for
#: longer than 1 ms, and every running animation of the document longer than that
MOVING = """() => {
  const ms = (value) => Math.max(...value.split(',').map((v) => {
    v = v.trim();
    return v.endsWith('ms') ? parseFloat(v) : parseFloat(v) * 1000;
  }));
  const out = new Set();
  for (const el of [document.documentElement, ...document.querySelectorAll('*')]) {
    for (const pseudo of [null, '::before', '::after']) {
      const s = getComputedStyle(el, pseudo);
      const name = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
        ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + (pseudo || '');
      if (s.animationName !== 'none' && ms(s.animationDuration) > 1)
        out.add(`${name} animation ${s.animationName} ${s.animationDuration}`);
      if (s.transitionProperty !== 'none' && ms(s.transitionDuration) > 1)
        out.add(`${name} transition ${s.transitionDuration}`);
    }
    if (getComputedStyle(el).scrollBehavior === 'smooth') out.add(`${el.tagName} smooth scroll`);
  }
  for (const a of document.getAnimations()) {
    const t = a.effect && a.effect.getComputedTiming();
    if (t && t.duration > 1) out.add(`running animation ${a.animationName || a.id} ${t.duration}`);
  }
  return [...out];
}"""


def _pages(browser: Browser, live_server, hall: Hall, motion: str) -> tuple[Page, object]:
    user = get_user_model().objects.create_user("chief", password="pw-e2e-only", is_staff=True)
    hall.tournament.organisers.add(user)
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            }
        ]
    )
    return context.new_page(), context


def test_no_page_type_moves_when_motion_is_reduced(
    live_server, browser: Browser, hall: Hall
) -> None:
    page, context = _pages(browser, live_server, hall, "reduce")
    found = {}
    for what, path in hall.pages:
        page.goto(live_server.url + path)
        moving = page.evaluate(MOVING)
        if moving:
            found[what] = sorted(moving)[:8]
    context.close()
    assert found == {}


def test_the_check_sees_the_halls_slides_move_otherwise(
    live_server, browser: Browser, hall: Hall
) -> None:
    """The check above can fail: without the setting the hall's slides fade in."""
    page, context = _pages(browser, live_server, hall, "no-preference")
    page.goto(live_server.url + dict(hall.pages)["hall"])
    assert any("hall-fade" in line for line in page.evaluate(MOVING))
    context.close()
