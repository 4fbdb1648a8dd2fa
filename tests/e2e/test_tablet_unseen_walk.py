"""A fresh driver of the umpire tablet, written apart from the other tablet tests (issue 28:
"your work is also checked with the tablet driven by scripts you have not seen").

It plays the tablet as a new umpire would, with its own selectors and its own measures (no
helper of the other tablet tests), with names as long as a real draw's (invented), in English
and German, at 768x1024 and 1024x768 in full and spot checks at 800x1280, 1280x800 and
390x844:

- singles: every sheet ("More…", "Other decisions…", "Paper board…") and the menu opened,
  closed by their button, Escape and a tap outside; a one-tap button with the pad set; the
  break with "Queen + own", the cover; a technical foul then the forgo; a void board and its
  replay (numbered as the void board, IT 101);
- doubles: the seat on turn;
- two-digit scores (a club's 13-letter names and long ones): the names and the facts line
  whole, a break missed;
- point carrom: the side panels' game scores whole, one-tap black and white, counts, a foul,
  "More…" and the other decisions;
- (the two full sizes) a 12-12 tie after eight boards: the card says "12–12: extra board",
  the toss, the extra board's first stroke with its one-tap buttons; and a board finished
  offline (the pad locked under the card), its four strokes recorded once when the network
  is back;
- once, at 768x1024: a real minute offline in the middle of a board (test_a_minute_offline)
  and a whole best-of-three, its games' last boards played on the tablet, the interval ended
  by an organiser at the tablet, the match's end (test_a_whole_best_of_three).

At every state: every button's box the same (±2 px) as in every earlier state (between boards
too: the pad stays in its place, locked, under the card, whose next step lies where no one-tap
or count button ever was), every control
of an open sheet and the commit in the viewport and topmost at its centre, the rulings strip
showing all its rulings or "+N more", German words whole (no control cutting its words).
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.rules.game import MatchState
from scoring.services.matches import (
    Actor,
    match_snapshot,
    record_seating,
    record_toss,
)
from tests.factories import make_match, paper_boards

WALKER = Actor(via="link", device="unseen-walk")

FULL = [(768, 1024), (1024, 768)]
SPOT = [(800, 1280), (1280, 800), (390, 844)]

#: names as long as a real draw's (invented): the seats' players in entry order, a pair's two
#: players one after the other; the third plays in point carrom
LONG_NAMES = (
    "Mohammed Arifuddin Khan",
    "Anneliese Schwarzenberger-Hoffmann",
    "Sivaramakrishnan Venkataraman",
    "Bartholomew Okonkwo-Adeyemi",
)
#: what the walk found and was left for a later change (issue 28), each with why: a finding
#: matching one is not a failure, and each must still be found where it applies (a fix shows)
LEFT: dict[str, str] = {
    # none left: the match's end (the confirmation where Undo was) and the phone's German
    # doubles facts line (a fourth line, umpire-screen.css) were mended in session 19
}


def _left(found: list[str], *keys: str) -> list[str]:
    """``found`` without what LEFT names under ``keys``; each of them must be among it."""
    for key in keys:
        assert any(re.search(LEFT[key], f) for f in found), f"fixed? {key}: {LEFT[key]}"
    return [f for f in found if not any(re.search(LEFT[k], f) for k in keys)]


#: a club's names of 13 characters (the length that wrapped beside a two-digit score)
CLUB_NAMES = ("Henrik Dahlby", "Marit Sjøberg", "Tove Lindqvis", "Jonas Brekken")

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

#: what lies on top at the centre of ``el``'s box ``r``; a disabled button takes no pointer
#: (Bootstrap's ``pointer-events: none``), so it is asked for the while: a disabled step of
#: the card (the interval's "Sides changed") is seen, or covered, as an enabled one
HIT_AT = """const hitAt = (el, r) => {
  const was = el.style.pointerEvents;
  el.style.pointerEvents = 'auto';
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  el.style.pointerEvents = was;
  return hit;
};"""

#: is ``sel`` in the viewport and topmost at its centre
ON_TOP_JS = (
    """(sel) => { """
    + HIT_AT
    + """
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  if (!r.width || r.left < -1 || r.top < -1 || r.right > innerWidth + 1 ||
      r.bottom > innerHeight + 1) return false;
  const hit = hitAt(el, r);
  return !!hit && (hit === el || el.contains(hit));
}"""
)

#: the buttons of the card's next step ("Start board N", "Sides changed", the toss): box and
#: whether each is in the viewport and topmost at its centre
CARD_STEPS_JS = (
    """() => { """
    + HIT_AT
    + """
  return [...document.querySelectorAll('#panel .u-card .u-card-go button')]
  .filter((el) => el.getClientRects().length && !el.closest('[hidden]')).map((el) => {
    const r = el.getBoundingClientRect();
    const hit = hitAt(el, r);
    const inside = r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 &&
      r.bottom <= innerHeight + 1;
    return {id: el.id || el.innerText.trim().slice(0, 25),
            box: [r.x, r.y, r.width, r.height].map(Math.round),
            top: inside && !!hit && (hit === el || el.contains(hit))};
  }); }"""
)

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
  // on a phone (narrower than 600 px) a side panel's name may end in "…" when the panel's
  // title holds it whole and, for the side on turn, "To play" in the facts line says it
  const turn = document.getElementById('turn-player');
  const toPlay = turn ? turn.innerText.trim() : '';
  const shortened = (el) => innerWidth < 600 && el.matches('.u-side-name') &&
    el.title === el.textContent.trim() &&
    (!el.closest('.u-side.is-on-turn') || (!!toPlay && el.title.includes(toPlay)));
  for (const el of document.querySelectorAll('#umpire-app button, #umpire-app .u-summary, ' +
      '#umpire-app label.u-toggle, #umpire-app .u-side-name, #umpire-app .u-side-score')) {
    if (shortened(el)) continue;
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
        if os.environ.get("WALK_SHOTS_ALL"):  # every state, to be looked at
            name = re.sub(r"[^\w-]+", "-", f"{self.size[0]}x{self.size[1]}-{self.lang}-{state}")
            self.page.screenshot(
                path=f"{os.environ['WALK_SHOTS_ALL']}/{self.match.pk:03}-{self.states:03}-{name}.png"
            )

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


def _named(match: Match, names: tuple[str, ...]) -> Match:
    """The match's players renamed, in entry order (a pair's player, then partner)."""
    entries = [e for e in (match.entry_a, match.entry_b, match.entry_c) if e]
    for player, name in zip([p for e in entries for p in e.players], names, strict=False):
        player.name = name
        player.save()
    match.refresh_from_db()
    return match


def _singles(names: tuple[str, ...] = LONG_NAMES) -> Match:
    match = _named(make_match(), names)
    record_toss(match=match, winner="a", choice="break", actor=WALKER)
    match.refresh_from_db()
    return match


def _paper(match: Match, *boards: str) -> Match:
    """Boards entered from paper: "a12" = A wins it with 12 points (ICF 53)."""
    return paper_boards(match, *boards, actor=WALKER)


def _doubles() -> Match:
    match = _named(make_match(kind="doubles"), LONG_NAMES)
    record_toss(match=match, winner="a", choice="break", actor=WALKER)
    players = [p.pk for e in (match.entry_a, match.entry_b) if e for p in e.players]
    record_seating(
        match=match, actor=WALKER, seating=[players[0], players[2], players[1], players[3]]
    )
    match.refresh_from_db()
    return match


def _tied_after_eight() -> Match:
    """Boards entered from paper, three points each way (ICF 53): 12-12 after eight boards."""
    return _paper(_singles(), *["a3", "b3"] * 4)


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


#: the strokes of a board the breaker (white) wins 12 (nine carrommen and the queen, ICF 53):
#: the break with "Queen + own", the cover by its one-tap button, six, the last one
WIN_BOARD = (
    ("#combo-queen-own", "#commit"),
    ("#quick-own",),
    ('label[for="pad-white-6"]', "#commit"),
    ('label[for="pad-white-1"]', "#commit"),
)


def _walk_offline(walk: Walk, wait: int = 0) -> None:
    """The network gone: a board finished offline (the queen covered, the last white), the
    pad locked under the card; back online, every kept stroke recorded once. With ``wait``:
    that many seconds offline between the cover and the rest of the board, the engine's
    rulings shown for every stroke, before and after."""
    page = walk.page
    page.wait_for_function(
        "() => window.UmpireEngine && window.UmpireEngine.state === 'ready'", timeout=90000
    )
    before = walk.match.revision
    page.context.set_offline(True)
    ruled = page.locator("#history .u-history-item.is-queued.is-ruled")
    for kept, taps in enumerate(WIN_BOARD, start=1):
        if kept == 3 and wait:
            walk.look("offline, before the wait")
            page.wait_for_timeout(wait * 1000)
            walk.look(f"offline for {wait} s")
        for selector in taps:
            walk.tap(selector)
        if wait:  # the engine's rulings for this stroke, in the history and the strip
            try:
                expect(ruled).to_have_count(kept, timeout=30000)
            except AssertionError:
                walk.found.append(f"offline stroke {kept}: not ruled by the engine")
            if kept < len(WIN_BOARD):
                strip = page.locator("#rulings li").all_inner_texts()
                if not "".join(strip).strip():
                    walk.found.append(f"offline stroke {kept}: no ruling in the strip")
                walk.look(f"offline stroke {kept}")
        else:
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


def _walk_scores(walk: Walk) -> None:
    """Board 3 with two-digit scores: the side panels' names and the facts line's last fact
    (the break's attempts) whole; a missed break, then a carromman."""
    walk.look("two-digit scores")
    walk.send("#quick-missed")
    walk.look("a break missed")
    walk.send("#quick-nothing")
    walk.look("the break's second attempt")


def _walk_points(walk: Walk) -> None:
    """Point carrom strokes: one-tap black and white, a count, a foul, "More…" and the other
    decisions open, every state looked at."""
    page = walk.page
    walk.send("#quick-black")
    walk.look("point carrom: 1 black")
    walk.send("#quick-white")
    walk.look("point carrom: 1 white")
    walk.tap('label[for="pad-white-2"]')
    walk.tap('label[for="pad-black-1"]')
    walk.look("point carrom: pad set")
    walk.send("#commit")
    walk.look("point carrom: 2 white, 1 black")
    walk.tap('label[for="pad-foul"]')
    walk.look("point carrom: foul set")
    walk.send("#commit")
    walk.look("point carrom: a foul")
    walk.sheet("#more-summary", "#more .u-sheet", "point carrom")
    walk.sheet(*SHEETS[1], "point carrom")
    walk.send("#quick-nothing")
    walk.look("point carrom: nothing")
    if not page.locator("#history-list > .u-history-item").count():
        walk.found.append("point carrom: no stroke in the history")


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


def _cut_panels(page: Page) -> int:
    return int(
        page.evaluate("""() => [...document.querySelectorAll('#sides .u-side')].filter(
        (side) => { const s = side.getBoundingClientRect();
          return [...side.querySelectorAll('*')].some((el) => {
            const r = el.getBoundingClientRect();
            return r.height && (r.bottom > s.bottom + 1 || r.right > s.right + 1); }); })
        .length""")
    )


@pytest.mark.parametrize(
    "size,full",
    [pytest.param(s, True, id=f"{s[0]}x{s[1]}") for s in FULL]
    + [pytest.param(s, False, id=f"{s[0]}x{s[1]}-spot") for s in SPOT],
)
def test_a_new_umpire_walks_the_tablet(
    live_server: Any, page: Page, transactional_db: None, size: tuple[int, int], full: bool
) -> None:
    """Every size in English and German with names as long as a real draw's."""
    found: list[str] = []
    states = 0
    for lang in ("en", "de"):
        walk = Walk(page, _singles(), size, lang)
        walk.open(live_server.url)
        _walk_singles(walk, full)
        found += [f"{lang} singles: {f}" for f in walk.found]
        states += walk.states
        # two-digit scores at board 3, a club's names and long ones
        for names in (CLUB_NAMES, LONG_NAMES):
            walk = Walk(page, _paper(_singles(names), "a12", "b10"), size, lang)
            walk.open(live_server.url)
            if page.locator("#card-go").is_visible():
                walk.tap("#card-go")
                expect(page.locator("#panel.is-held")).to_have_count(0)
                page.wait_for_function("() => !document.querySelector('.htmx-request')")
            _walk_scores(walk)
            found += [f"{lang} scores {names[0]}: {f}" for f in walk.found]
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
        # point carrom: the panels' game scores whole, and its strokes
        points = _named(make_match(rules="point-carrom", games_to_win=1), LONG_NAMES)
        walk = Walk(page, points, size, lang)
        walk.open(live_server.url)
        if page.locator("#toss").count() or page.locator("[id^=toss-]").count():
            page.locator("[id^=toss-]").first.tap()
        walk.look("point carrom")
        if _cut_panels(page):
            walk.found.append(f"point carrom: {_cut_panels(page)} panels cut")
        if full or lang == "en":
            _walk_points(walk)
            if _cut_panels(page):
                walk.found.append(f"point carrom played: {_cut_panels(page)} panels cut")
        found += [f"{lang} point carrom: {f}" for f in walk.found]
        states += walk.states
        if full and lang == "en":
            walk = Walk(page, _tied_after_eight(), size, lang)
            walk.open(live_server.url)
            _walk_tie(walk)
            found += [f"{lang} tie: {f}" for f in walk.found]
            states += walk.states
        if size == (1024, 768) and lang == "en":  # the minute offline: 768x1024, below
            walk = Walk(page, _singles(), size, lang)
            walk.open(live_server.url)
            _walk_offline(walk)
            found += [f"{lang} offline: {f}" for f in walk.found]
            states += walk.states
    print(f"{size}: {states} states walked")
    assert found == [], "\n".join(found)


def test_a_minute_offline(live_server: Any, page: Page, transactional_db: None) -> None:
    """A real minute without network in the middle of a board (once, at 768x1024): the
    engine's rulings for every stroke before and after the wait, the board finished offline,
    every stroke recorded once when the network is back."""
    walk = Walk(page, _singles(), (768, 1024), "en")
    walk.open(live_server.url)
    _walk_offline(walk, wait=60)
    assert walk.found == [], "\n".join(walk.found)


def _organiser_at_the_tablet(page: Page, match: Match, url: str) -> None:
    """The organiser's session in the tablet's browser: "End the interval now" on the card."""
    user = get_user_model().objects.create_user("walk-organiser", password="pw-e2e-only")
    match.event.tournament.organisers.add(user)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": url}])


def _to_last_board(match: Match, winner: str) -> Match:
    """Boards from paper until ``winner`` holds 13 and breaks the next board (white): the
    strokes of WIN_BOARD then end the game (13 + 12, ICF 53)."""
    loser = "b" if winner == "a" else "a"
    while True:
        state = match_snapshot(match).state
        assert isinstance(state, MatchState) and state.next is not None
        game = state.games[-1] if state.games and not state.games[-1].finished else None
        score = game.scores.get(winner, 0) if game else 0
        if score >= 13 and state.next.breaker == winner:
            return match
        board = f"{winner}{min(12, 13 - score)}" if score < 13 else f"{loser}1"
        _paper(match, board)


def _go_on(walk: Walk, state: str) -> None:
    """The card between boards: looked at, its sheet opened, its step taken."""
    page = walk.page
    expect(page.locator("#panel .u-card")).to_be_visible()
    walk.look(state)
    go = page.locator("#card-go")
    expect(go).to_be_enabled(timeout=10000)
    walk.tap("#card-go")
    expect(page.locator("#panel.is-held")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def _play_last_board(walk: Walk, game: int) -> None:
    for n, taps in enumerate(WIN_BOARD, start=1):
        for selector in taps[:-1]:
            walk.tap(selector)
        walk.send(taps[-1])
        walk.look(f"game {game}, last board, stroke {n}")


def test_a_whole_best_of_three(live_server: Any, page: Page, transactional_db: None) -> None:
    """A best-of-three at 768x1024: each game's boards from paper up to its last board, whose
    strokes are played on the tablet; the game's end and the side change, the interval before
    the deciding game (IT 102) ended by the organiser at the tablet, the deciding game's side
    change at 13 points (ICF 60), the match's end. Every state looked at."""
    match = _singles()
    _organiser_at_the_tablet(page, match, live_server.url)
    walk = Walk(page, match, (768, 1024), "en")
    for game, winner in ((1, "a"), (2, "b"), (3, "a")):
        _to_last_board(match, winner)
        walk.open(live_server.url)
        if page.locator("#panel .u-card").is_visible():  # the last paper board's card
            _go_on(walk, f"game {game}, card before the last board")
        if page.locator("#panel .u-card").is_visible():  # and the side change (ICF 60)
            _go_on(walk, f"game {game}, the side change before the last board")
        _play_last_board(walk, game)
        if game == 3:
            break
        expect(page.locator("#game-end")).to_be_visible()
        walk.look(f"game {game} over")
        walk.sheet(*SHEETS[1], f"game {game} over")
        if game == 2:
            expect(page.locator("#interval")).to_be_visible()
            walk.tap("#interval-end-now")  # an audit entry: no new revision
            expect(page.locator("#interval-end-now")).to_have_count(0)
            page.wait_for_function("() => !document.querySelector('.htmx-request')")
            walk.look("the interval ended by the organiser")
        _go_on(walk, f"game {game} over, sides changed")
        walk.look(f"game {game + 1} begins")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    walk.look("the match is over")
    match.refresh_from_db()
    assert match.games_won == {"a": 2, "b": 1}, match.games_won
    # the match's end: the pad and the foot in their places, the confirmations first on the
    # card over the strip, where no one-tap or count button was (the walk's card check)
    if not page.locator("#panel.is-held .u-card .u-confirm-row").count():
        walk.found.append("the match is over: no confirmation on the card")
    assert walk.found == [], "\n".join(walk.found)


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
