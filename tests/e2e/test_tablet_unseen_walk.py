"""A fresh driver of the umpire tablet, written apart from the other tablet tests (issue 28:
"your work is also checked with the tablet driven by scripts you have not seen").

It plays the tablet as a new umpire would, with its own selectors and its own measures (no
helper of the other tablet tests), at 768x1024 and 1024x768 in full and spot checks at
800x1280, 1280x800 and 390x844:

- singles: every sheet ("More…", "Other decisions…", "Paper board…") and the menu opened,
  closed by their button, Escape and a tap outside; a one-tap button with the pad set; the
  break with "Queen + own", the cover; a technical foul then the forgo; a void board and its
  replay (numbered as the void board, IT 101);
- doubles: the seat on turn;
- point carrom: the side panels' game scores whole;
- (the two full sizes) a 12-12 tie after eight boards: the card says "12–12: extra board",
  the toss, the extra board's first stroke with its one-tap buttons; and a board finished
  offline (the pad locked under the card), its four strokes recorded once when the network
  is back.

At every state: every button's box the same (±2 px) as in every earlier state (between boards
too: the pad stays in its place, locked, under the card, whose next step lies where no one-tap
or count button ever was), every control
of an open sheet and the commit in the viewport and topmost at its centre, the rulings strip
showing all its rulings or "+N more", German words whole (no control cutting its words).
"""

from __future__ import annotations

import os
import re
import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.services.matches import Actor, record_quick_board, record_seating, record_toss
from tests.factories import make_match

WALKER = Actor(via="link", device="unseen-walk")

FULL = [(768, 1024), (1024, 768)]
SPOT = [(800, 1280), (1280, 800), (390, 844)]

#: every tappable thing of the screen outside the sheets, by a name, with its box
KEYS_JS = """() => {
  const out = {};
  const all = document.querySelectorAll('#umpire-app button, #umpire-app summary, ' +
    '#umpire-app label[for^="pad-"], #umpire-app label.u-toggle');
  for (const el of all) {
    if (el.closest('.u-sheet, [hidden], .u-card, #summary-card')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const name = el.id || el.getAttribute('for') ||
      (el.tagName === 'SUMMARY' ? 'summary of ' + el.parentElement.id : el.innerText.trim());
    out[name] = [r.x, r.y, r.width, r.height].map(Math.round);
  }
  return out;
}"""

#: what an umpire cannot tap in ``root``: outside the viewport or under something, once
#: scrolled to inside its sheet; and any control cutting its own words
UNTAPPABLE_JS = """(root) => {
  const bad = [];
  const box = document.querySelector(root);
  if (!box) return ['no ' + root];
  for (const el of box.querySelectorAll('button, a.btn, select, input.form-control, ' +
                                        'label.u-seg-btn, label.u-toggle, label.u-choice')) {
    const input = el.htmlFor ? document.getElementById(el.htmlFor) : null;
    if (el.disabled || (input && input.disabled) || el.closest('[hidden]')) continue;
    if (!el.getClientRects().length) continue;
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const hit = document.elementFromPoint(cx, cy);
    const name = el.id || el.getAttribute('for') || el.innerText.trim().slice(0, 25);
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
      bad.push(name + ' off the screen');
    else if (!hit || !(hit === el || el.contains(hit)))
      bad.push(name + ' under ' + (hit ? hit.tagName + '#' + hit.id + '.' + hit.className : '?'));
    if (el.scrollWidth > el.clientWidth + 1) bad.push(name + ' cuts its words');
  }
  return bad;
}"""

#: is ``sel`` in the viewport and topmost at its centre
ON_TOP_JS = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  if (!r.width || r.left < -1 || r.top < -1 || r.right > innerWidth + 1 ||
      r.bottom > innerHeight + 1) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit));
}"""

#: the buttons of the card's next step ("Start board N", "Sides changed", the toss): box and
#: whether each is in the viewport and topmost at its centre
CARD_STEPS_JS = """() => [...document.querySelectorAll('#panel .u-card .u-card-go button')]
  .filter((el) => el.getClientRects().length && !el.closest('[hidden]')).map((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const inside = r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 &&
      r.bottom <= innerHeight + 1;
    return {id: el.id || el.innerText.trim().slice(0, 25),
            box: [r.x, r.y, r.width, r.height].map(Math.round),
            top: inside && !!hit && (hit === el || el.contains(hit))};
  })"""

#: the pad's controls that can still be used under the card (none should)
PAD_LIVE_JS = """() => [...document.querySelectorAll(
  '#play-area button, #play-area input:not([type=hidden]), #play-area select')]
  .filter((el) => !el.matches(':disabled')).map((el) => el.id || el.name).slice(0, 5)"""

#: the rulings strip: every ruling whole inside it, or a "+N more" saying how many are not
STRIP_JS = """() => {
  const strip = document.getElementById('rulings');
  const items = [...strip.querySelectorAll('li')];
  const s = strip.getBoundingClientRect();
  // a ruling is read whole when the last line of its words lies inside the strip
  const inner = s.top + strip.clientTop + strip.clientHeight;
  const hidden = items.filter((li) => { const range = document.createRange();
    range.selectNodeContents(li); const lines = range.getClientRects();
    const end = lines.length ? lines[lines.length - 1].bottom : li.getBoundingClientRect().bottom;
    return end > inner + 1; }).length;
  const more = document.getElementById('rulings-more');
  const said = more && !more.hidden && more.getClientRects().length ? more.innerText : '';
  return {items: items.length, hidden, said};
}"""

#: the words of every control of the screen cut at its edge (German is the longest): the
#: box of each visible run of text (screen-reader words left out) inside the control's box
CUT_WORDS_JS = r"""() => {
  const out = [];
  for (const el of document.querySelectorAll('#umpire-app button, #umpire-app .u-summary, ' +
      '#umpire-app label.u-toggle, #umpire-app .u-side-name, #umpire-app .u-side-score')) {
    if (el.closest('[hidden], .u-sheet') || !el.getClientRects().length) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // a box that lets its words overflow does not cut them (a big digit's glyph box is
    // taller than its line)
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim() || n.parentElement.closest('.visually-hidden, [hidden]')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (!r.width) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 2 ||
          r.bottom > box.bottom + 2) {
        out.push((el.id || el.innerText.trim()).slice(0, 40) + ': "' + n.textContent.trim() +
                 '"');
        break;
      }
    }
  }
  // the facts line (where, who plays, the pieces, the queen, the break): every fact whole in
  // the line and in the score's region
  const facts = document.getElementById('facts');
  if (facts) {
    const edge = Math.min(facts.getBoundingClientRect().bottom,
                          document.getElementById('scoreboard').getBoundingClientRect().bottom);
    for (const fact of facts.children) {
      if (!fact.getClientRects().length || !fact.innerText.trim()) continue;
      const words = document.createRange();  // its words, not its line box's leading
      words.selectNodeContents(fact);
      const lines = [...words.getClientRects()].filter((r) => r.width > 1);
      if (lines.length && Math.max(...lines.map((r) => r.bottom)) > edge + 1)
        out.push('facts line: "' + fact.innerText.replace(/\s+/g, ' ').slice(0, 50) + '" cut');
    }
  }
  return out;
}"""


class Walk:
    """The umpire's hands and eyes: taps, and what the screen shows after each."""

    def __init__(self, page: Page, match: Match, size: tuple[int, int], lang: str) -> None:
        self.page, self.match, self.size, self.lang = page, match, size, lang
        self.keys: dict[str, list[int]] = {}
        self.found: list[str] = []
        self.states = 0

    def open(self, url: str) -> None:
        self.page.set_viewport_size({"width": self.size[0], "height": self.size[1]})
        self.page.context.add_cookies([{"name": "django_language", "value": self.lang, "url": url}])
        self.page.goto(f"{url}/u/{self.match.umpire_token}/")
        expect(self.page.locator("#panel")).to_be_visible()
        self.look("opened")

    def revision(self) -> str:
        return self.page.locator("#panel").get_attribute("data-revision") or ""

    def send(self, selector: str) -> None:
        """Tap something that records: wait for the new screen."""
        before = self.revision()
        self.page.locator(selector).tap()
        expect(self.page.locator("#panel")).not_to_have_attribute("data-revision", before)
        self.page.wait_for_function("() => !document.querySelector('.htmx-request')")

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()

    def look(self, state: str) -> None:
        """The acceptance at this state."""
        self.states += 1
        self.page.wait_for_timeout(80)
        now = self.page.evaluate(KEYS_JS)
        # between boards the pad and the foot keep their places too (the pad locked under the
        # card); the card's next step lies where no one-tap or count button ever was
        for name, box in now.items():
            was = self.keys.setdefault(name, box)
            if any(abs(a - b) > 2 for a, b in zip(was, box, strict=True)):
                self.found.append(f"{state}: {name} moved {was} -> {box}")
        if self.page.locator("#panel.is-held, #board-over-card:visible").count():
            self.card(state)
        strip = self.page.evaluate(STRIP_JS)
        if strip["hidden"] and not re.search(rf"\+\s*{strip['hidden']}\b", strip["said"]):
            self.found.append(f"{state}: {strip['hidden']} rulings hidden, strip says {strip}")
            if os.environ.get("WALK_SHOTS"):
                self.page.screenshot(path=f"{os.environ['WALK_SHOTS']}/{self.states}.png")
        cut = self.page.evaluate(CUT_WORDS_JS)
        if cut:
            self.found.append(f"{state}: words cut {cut}")

    def card(self, state: str) -> None:
        """The card between boards: its step's buttons in the viewport and topmost, none of
        them over a place where a one-tap or count button was, the pad's controls off."""
        page = self.page
        steps = page.evaluate(CARD_STEPS_JS)
        if not steps:
            self.found.append(f"{state}: the card has no step to take")
        pad = {
            name: box
            for name, box in self.keys.items()
            if name.startswith(("quick-", "pad-", "combo-")) or name == "commit"
        }
        for step in steps:
            if not step["top"]:
                self.found.append(f"{state}: the card's {step['id']} covered or off the screen")
            x, y, w, h = step["box"]
            for name, (px, py, pw, ph) in pad.items():
                if x < px + pw - 2 and px < x + w - 2 and y < py + ph - 2 and py < y + h - 2:
                    self.found.append(f"{state}: the card's {step['id']} lies where {name} was")
        live = page.evaluate(PAD_LIVE_JS)
        if live:
            self.found.append(f"{state}: the pad is not locked under the card: {live}")

    def sheet(self, summary: str, body: str, state: str) -> None:
        """Open a sheet, check it, close it by its button, Escape and a tap outside."""
        page = self.page
        for how in ("button", "escape", "outside"):
            page.locator(summary).tap()
            expect(page.locator(body)).to_be_visible()
            bad = page.evaluate(UNTAPPABLE_JS, body)
            if bad:
                self.found.append(f"{state} {body}: {bad}")
            page.locator(body).evaluate("el => el.scrollTop = 0")
            # the commit: the pad's, or between boards the card's step
            held = page.locator("#panel.is-held, #board-over-card:visible").count()
            commit = "#panel .u-card .u-card-go button" if held else "#commit"
            if not page.evaluate(ON_TOP_JS, commit):
                self.found.append(f"{state} {body}: the commit covered")
            if not page.evaluate(ON_TOP_JS, f"{body} [data-sheet-close]"):
                self.found.append(f"{state} {body}: its Close covered")
            if how == "button":
                page.locator(f"{body} [data-sheet-close]").tap()
            elif how == "escape":
                page.keyboard.press("Escape")
            else:
                page.mouse.click(4, self.size[1] - 4)
            try:
                expect(page.locator(body)).to_be_hidden(timeout=2000)
            except AssertionError:
                self.found.append(f"{state} {body}: not closed by {how}")
                page.keyboard.press("Escape")
        self.look(f"{state}, {body} closed")

    def menu(self, state: str) -> None:
        page = self.page
        header = page.locator("body > header")
        for how in ("button", "escape", "outside"):
            page.locator("#site-menu").tap()
            expect(header).to_be_visible()
            for control in ("#site-menu", "#screen-mode"):
                if page.locator(control).is_visible() and not page.evaluate(ON_TOP_JS, control):
                    self.found.append(f"{state} menu: {control} covered")
            bad = page.evaluate(UNTAPPABLE_JS, "body > header")
            if bad:
                self.found.append(f"{state} menu: {bad}")
            if how == "button":
                page.locator("#site-menu").tap()
            elif how == "escape":
                page.keyboard.press("Escape")
            else:
                page.mouse.click(self.size[0] // 2, self.size[1] - 4)
            try:
                expect(header).to_be_hidden(timeout=2000)
            except AssertionError:
                self.found.append(f"{state} menu: not closed by {how}")
                page.keyboard.press("Escape")
        self.look(f"{state}, menu closed")


def _singles() -> Match:
    match = make_match()
    record_toss(match=match, winner="a", choice="break", actor=WALKER)
    match.refresh_from_db()
    return match


def _doubles() -> Match:
    match = make_match(kind="doubles")
    record_toss(match=match, winner="a", choice="break", actor=WALKER)
    players = [p.pk for e in (match.entry_a, match.entry_b) if e for p in e.players]
    record_seating(
        match=match, actor=WALKER, seating=[players[0], players[2], players[1], players[3]]
    )
    match.refresh_from_db()
    return match


def _tied_after_eight() -> Match:
    """Boards entered from paper, three points each way (ICF 53): 12-12 after eight boards."""
    match = _singles()
    for board in range(8):
        record_quick_board(
            match=match,
            winner="ab"[board % 2],
            points=3,
            law="ICF 53",
            client_id=uuid.uuid4(),
            actor=WALKER,
        )
        match.refresh_from_db()
    return match


def _walk_tie(walk: Walk) -> None:
    """A 12-12 tie over the board limit: the card says so, the toss, the extra board's first
    stroke with its one-tap buttons."""
    page = walk.page
    card = page.locator(".u-card")
    expect(card).to_be_visible()
    if walk.lang == "en" and "12–12: extra board" not in card.inner_text():
        walk.found.append(f"tie: the card says {card.inner_text()[:80]!r}")
    bad = page.evaluate(UNTAPPABLE_JS, ".u-card")
    if bad:
        walk.found.append(f"tie card: {bad}")
    walk.look("tie card")
    walk.sheet("#actions > summary", "#actions .u-sheet", "tie card")
    walk.tap("#toss-break-a")
    expect(page.locator("#panel.is-held")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    walk.look("extra board tossed")
    if not page.locator("#quick-nothing").is_enabled():
        walk.found.append("extra board: no one-tap buttons on its first stroke")
    walk.send("#quick-nothing")
    walk.look("extra board under way")


def _walk_offline(walk: Walk) -> None:
    """The network gone: a board finished offline (the queen covered, the last white), the
    pad locked under the card; back online, every kept stroke recorded once."""
    page = walk.page
    page.wait_for_function(
        "() => window.UmpireEngine && window.UmpireEngine.state === 'ready'", timeout=90000
    )
    before = walk.match.revision
    page.context.set_offline(True)
    for taps in (
        ("#combo-queen-own",),
        ('label[for="pad-white-1"]',),
        ('label[for="pad-white-6"]',),
        ('label[for="pad-white-1"]',),
    ):
        for selector in taps:
            walk.tap(selector)
        walk.tap("#commit")
        page.wait_for_timeout(250)
    expect(page.locator("#board-over-card")).to_be_visible(timeout=15000)
    walk.look("board won offline")
    if page.locator("#commit").is_enabled() and page.locator("#commit").is_visible():
        walk.found.append("offline: the pad is not locked at the board's end")
    page.context.set_offline(False)
    page.wait_for_function(
        "() => !document.querySelector('#net-banner') || "
        "document.querySelector('#net-banner').hidden",
        timeout=30000,
    )
    walk.match.refresh_from_db()
    if walk.match.revision != before + 4:
        walk.found.append(f"offline: {walk.match.revision - before} strokes recorded, not 4")


SHEETS = (
    ("#more-summary", "#more .u-sheet"),
    ("#actions > summary", "#actions .u-sheet"),
)


def _walk_singles(walk: Walk, full: bool) -> None:
    page = walk.page
    sheets = [*SHEETS, ("#paper > summary", "#paper .u-sheet")]
    for summary, body in sheets if full else sheets[:1]:
        walk.sheet(summary, body, "fresh board")
    walk.menu("fresh board")
    # a one-tap button with the pad set: off, and the pad keeps what is set
    walk.tap('label[for="pad-white-2"]')
    walk.tap('label[for="pad-striker"]')
    walk.look("pad set")
    if page.locator("#quick-own").is_enabled():
        walk.found.append("pad set: the one-tap button is still on")
    walk.tap("#pad-clear")
    walk.look("pad cleared")
    # the break: the queen and one own carromman (ICF 97(a)), then the cover
    walk.tap("#combo-queen-own")
    walk.send("#commit")
    walk.look("queen pocketed")
    walk.send("#quick-own")  # "Cover: 1 own carromman"
    walk.look("queen covered")
    if full:
        for summary, body in SHEETS:
            walk.sheet(summary, body, "board under way")
    # a technical foul on the side on turn's opponent, then the forgo of the due
    walk.tap("#actions > summary")
    page.locator("#actions .u-sheet #tf-black").scroll_into_view_if_needed()
    walk.send("#actions .u-sheet #tf-black")
    try:  # closed after the decision, as after every other one
        expect(page.locator("#actions .u-sheet")).to_be_hidden(timeout=3000)
    except AssertionError:
        walk.found.append("technical foul: the sheet stays open")
        page.keyboard.press("Escape")
    walk.look("technical foul")
    walk.tap("#actions > summary")
    if page.locator("#actions .u-sheet #forgo").count():
        page.locator("#actions .u-sheet #forgo").scroll_into_view_if_needed()
        walk.send("#actions .u-sheet #forgo")
        walk.look("forgo")
    else:
        page.keyboard.press("Escape")
    # the board declared void: played again under its number (IT 101)
    walk.tap("#actions > summary")
    page.locator("#actions .u-sheet #void").scroll_into_view_if_needed()
    walk.send("#actions .u-sheet #void")
    card = page.locator(".u-card")
    expect(card).to_be_visible()
    walk.look("void card")
    if full:
        walk.sheet("#actions > summary", "#actions .u-sheet", "void card")
    if not page.evaluate(ON_TOP_JS, "#card-go"):
        walk.found.append("void: the card's button out of reach")
    go = page.locator("#card-go").inner_text()
    if walk.lang == "en" and "board 1" not in go.lower():
        walk.found.append(f"void: the replay is not board 1: {go!r}")
    walk.tap("#card-go")  # the step records no event: the card gives way to the pad
    expect(page.locator("#panel.is-held")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    walk.look("void board replayed")
    walk.send("#quick-nothing")
    walk.look("replay under way")
    facts = page.locator("#facts").inner_text()
    if walk.lang == "en" and "Board 1" not in facts:
        walk.found.append(f"replay: the facts line says {facts!r}")


@pytest.mark.parametrize(
    "size,full",
    [pytest.param(s, True, id=f"{s[0]}x{s[1]}") for s in FULL]
    + [pytest.param(s, False, id=f"{s[0]}x{s[1]}-spot") for s in SPOT],
)
def test_a_new_umpire_walks_the_tablet(
    live_server: Any, page: Page, transactional_db: None, size: tuple[int, int], full: bool
) -> None:
    found: list[str] = []
    states = 0
    for lang in ("en", "de") if full else ("en",):
        walk = Walk(page, _singles(), size, lang)
        walk.open(live_server.url)
        _walk_singles(walk, full)
        found += [f"{lang} singles: {f}" for f in walk.found]
        states += walk.states
        # doubles: the seat on turn whole and in sight
        walk = Walk(page, _doubles(), size, lang)
        walk.open(live_server.url)
        walk.send("#quick-nothing")
        walk.look("doubles, the turn passed")
        if not page.evaluate(ON_TOP_JS, "#side-seat"):
            walk.found.append("doubles: the seat on turn out of sight")
        if full:
            walk.sheet(*SHEETS[1], "doubles")
        found += [f"{lang} doubles: {f}" for f in walk.found]
        states += walk.states
        # point carrom: the panels' game scores whole
        points = make_match(rules="point-carrom", games_to_win=1)
        walk = Walk(page, points, size, lang)
        walk.open(live_server.url)
        if page.locator("#toss").count() or page.locator("[id^=toss-]").count():
            page.locator("[id^=toss-]").first.tap()
        walk.look("point carrom")
        cut = page.evaluate("""() => [...document.querySelectorAll('#sides .u-side')].filter(
            (side) => { const s = side.getBoundingClientRect();
              return [...side.querySelectorAll('*')].some((el) => {
                const r = el.getBoundingClientRect();
                return r.height && (r.bottom > s.bottom + 1 || r.right > s.right + 1); }); })
            .length""")
        if cut:
            walk.found.append(f"point carrom: {cut} panels cut")
        found += [f"{lang} point carrom: {f}" for f in walk.found]
        states += walk.states
        if full and lang == "en":
            walk = Walk(page, _tied_after_eight(), size, lang)
            walk.open(live_server.url)
            _walk_tie(walk)
            found += [f"{lang} tie: {f}" for f in walk.found]
            states += walk.states
            walk = Walk(page, _singles(), size, lang)
            walk.open(live_server.url)
            _walk_offline(walk)
            found += [f"{lang} offline: {f}" for f in walk.found]
            states += walk.states
    print(f"{size}: {states} states walked")
    assert found == [], "\n".join(found)


def test_the_walk_finds_a_moved_button(
    live_server: Any, page: Page, transactional_db: None
) -> None:
    """The walk's own check can fail: a button shifted 10 px is reported."""
    walk = Walk(page, _singles(), (768, 1024), "en")
    walk.open(live_server.url)
    page.evaluate("document.getElementById('commit').style.marginLeft = '10px'")
    walk.look("shifted")
    assert any("commit moved" in f for f in walk.found), walk.found


def test_the_walk_finds_a_card_step_over_the_pad(
    live_server: Any, page: Page, transactional_db: None
) -> None:
    """The card's own check can fail: its step moved over the count buttons, and a pad left
    usable under it, are reported."""
    walk = Walk(page, _singles(), (768, 1024), "en")
    walk.open(live_server.url)
    walk.send("#quick-nothing")  # a board with a stroke can be declared void (IT 101)
    page.locator("#actions > summary").tap()
    page.locator("#actions .u-sheet #void").scroll_into_view_if_needed()
    walk.send("#actions .u-sheet #void")
    walk.look("card")
    assert walk.found == [], walk.found
    page.evaluate("""() => {
      const card = document.querySelector('#panel .u-card');
      card.style.top = (document.querySelector('label[for="pad-white-3"]')
        .getBoundingClientRect().top - card.offsetParent.getBoundingClientRect().top - 12) + 'px';
      document.getElementById('commit').disabled = false;
    }""")
    walk.look("card moved")
    assert any("lies where pad-white" in f for f in walk.found), walk.found
    assert any("not locked" in f for f in walk.found), walk.found
