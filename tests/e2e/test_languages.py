"""Every page type walked in German, French and Italian in Chromium: no English left where
another language is chosen (issue 35), and the chooser offers the four languages on each.

A page fails on any line of its visible text (or of a button's, link's or field's name) that
is an English message of the catalogue left untranslated, or that reads as an English
sentence (two or more English function words). The only English allowed is the data: the
names the fixture gives, which are not words of any language.

Debian's Chromium through pytest-playwright (fixtures in tests/conftest.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, Page

from scoring.models import Round, Tournament
from tests.foundation.test_i18n import po_file, read_po
from tests.live import factories as f

LANGUAGES = ("de", "fr", "it")
CHOOSER = ["English", "Deutsch", "Français", "Italiano"]

#: English function words that no German, French or Italian sentence of the app uses
ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|is|are|was|were|with|this|that|these|your|you|for|from|not|has|have|"
    r"been|will|what|which|there|here|yet|must|cannot|after|before|every|each|who|when|"
    r"than|then|only|by|its|his|into|no|to|at|on|or|be|it)\b",
    re.IGNORECASE,
)
#: words shared with the other languages (or names of the data): never counted as English
NOT_ENGLISH = {"no", "on", "it", "or", "to"}

#: visible text of the page and the accessible names of its controls, one item a line
PAGE_TEXT = """() => {
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) parts.push(value);
    }
  }
  for (const el of document.querySelectorAll('input[type=submit], input[type=button]')) {
    parts.push(el.value);
  }
  // file contents shown as samples (a CSV's column names) are code, not words
  const code = [...document.querySelectorAll('code, pre, kbd')].flatMap(
    (el) => el.innerText.split('\\n'));
  return {text: parts.join('\\n'), code: code};
}"""


def english_messages(language: str) -> set[str]:
    """The catalogue's English messages whose translation differs, as they appear on pages."""
    entries = read_po(po_file(language))
    translated = {
        value for entry in entries for key, value in entry.items() if key.startswith("msgstr")
    }
    return {
        entry["msgid"]
        for entry in entries
        if entry["msgid"]
        and "%" not in entry["msgid"]
        and "<" not in entry["msgid"]
        and len(entry["msgid"]) >= 4
        and re.search(r"[a-z]{3}", entry["msgid"])
    } - translated


def english_left(text: str, messages: set[str], allowed: set[str]) -> list[str]:
    wrong = []
    for raw in text.splitlines():
        line = " ".join(raw.split())
        for name in allowed:
            line = line.replace(name, "")
        if not line.strip(" ·:,.()–-|/0123456789"):
            continue
        words = {w.lower() for w in ENGLISH_WORDS.findall(line)} - NOT_ENGLISH
        if line.strip(" .:") in messages or len(words) >= 2:
            wrong.append(raw.strip())
    return wrong


#: the page types of the fixture below, in its order (for tests parametrized by page type)
PAGE_NAMES = (
    "home",
    "tournament",
    "live match",
    "board",
    "knock-out",
    "bracket",
    "swiss",
    "standings",
    "players",
    "player",
    "table",
    "hall",
    "organiser index",
    "organiser home",
    "organiser event",
    "organiser match",
    "organiser playing match",
    "call-up",
    "tables",
    "new event",
    "settings",
    "import",
    "people",
    "printing",
    "trust",
    "audit",
    "paper",
    "tablet",
    "new match",
    "ratings",
    "rating list",
    "rating history",
    "not found",
)


@dataclass
class Hall:
    tournament: Tournament
    pages: list[tuple[str, str]]  # (what, path)
    names: set[str]


@pytest.fixture
def hall(transactional_db) -> Hall:
    """A tournament in play, named without English words: a knock-out with a match on the
    board at table 1, a Swiss event after one round, an organiser who runs it."""
    t = f.tournament("lac-2026")
    Tournament.objects.filter(pk=t.pk).update(name="Lac 2026", venue="Salle 7")
    t.refresh_from_db()
    knockout, entries = f.event(t, "KO 1", entries=4)
    rnd = Round.objects.create(event=knockout, number=1, stage="late")
    m = f.match(knockout, entries[0], entries[1], number=1, rnd=rnd, table=1, status="called")
    f.toss(m, "a", "break")
    f.white_slam(m)
    f.post(m, f.stroke("white"))
    f.post(m, f.stroke("black", black=1, striker=True))
    swiss, e = f.event(t, "CH 2", format="swiss", entries=4)
    r1 = Round.objects.create(event=swiss, number=1)
    done = f.finished_rows(f.match(swiss, e[0], e[3], number=1, rnd=r1), "a")
    f.finished_rows(f.match(swiss, e[1], e[2], number=2, rnd=r1), "b", ((10, 25), (9, 25)))
    names = {entry.player.name for entry in [*entries, *e]} | {
        "Lac 2026",
        "Salle 7",
        "KO 1",
        "CH 2",
        "chief",
        "lac-2026",
        "Lac R",
        *CHOOSER,
    }
    # ratings (issue 33): the tournament rated, its Swiss results rated
    from scoring.models import Rating
    from scoring.services.matches import Actor
    from scoring.services.ratings import set_tournament_rating

    rating = Rating.objects.create(name="Lac R")
    set_tournament_rating(tournament=t, rating=rating, actor=Actor(via="system"))
    slug = t.slug
    player = entries[0].player_id
    pages = [
        ("home", reverse("scoring:home")),
        ("tournament", reverse("scoring:live-tournament", args=[slug])),
        ("live match", reverse("scoring:live-match", args=[slug, m.pk])),
        ("board", reverse("scoring:live-board", args=[slug, m.pk, 1, 1])),
        ("knock-out", reverse("scoring:live-event", args=[slug, knockout.pk])),
        ("bracket", reverse("scoring:live-bracket", args=[slug, knockout.pk])),
        ("swiss", reverse("scoring:live-event", args=[slug, swiss.pk])),
        ("standings", reverse("scoring:live-standings", args=[slug, swiss.pk])),
        ("players", reverse("scoring:live-players", args=[slug])),
        ("player", reverse("scoring:live-player", args=[slug, player])),
        ("table", reverse("scoring:live-table", args=[slug, 1])),
        ("hall", reverse("scoring:live-hall", args=[slug])),
        ("organiser index", reverse("scoring:organiser-index")),
        ("organiser home", reverse("scoring:organiser-home", args=[slug])),
        ("organiser event", reverse("scoring:organiser-event", args=[slug, swiss.pk])),
        ("organiser match", reverse("scoring:organiser-match", args=[slug, done.pk])),
        ("organiser playing match", reverse("scoring:organiser-match", args=[slug, m.pk])),
        ("call-up", reverse("scoring:organiser-callup", args=[slug])),
        ("tables", reverse("scoring:organiser-tables", args=[slug])),
        ("new event", reverse("scoring:organiser-event-new", args=[slug])),
        ("settings", reverse("scoring:organiser-tournament-edit", args=[slug])),
        ("import", reverse("scoring:organiser-import", args=[slug])),
        ("people", reverse("scoring:organiser-people", args=[slug])),
        ("printing", reverse("scoring:print-index", args=[slug])),
        ("trust", reverse("scoring:trust-overview", args=[slug])),
        ("audit", reverse("scoring:trust-audit", args=[slug])),
        ("paper", reverse("scoring:trust-paper", args=[slug, done.pk])),
        ("tablet", reverse("scoring:umpire-link", args=[m.umpire_token])),
        ("new match", reverse("scoring:umpire-new-match", args=[slug])),
        ("ratings", reverse("scoring:ratings")),
        ("rating list", reverse("scoring:rating", args=[rating.pk])),
        ("rating history", reverse("scoring:rating-player", args=[rating.pk, e[0].player_id])),
        ("not found", "/t/no-such-tournament/"),
    ]
    assert tuple(what for what, _ in pages) == PAGE_NAMES
    return Hall(t, pages, names)


def _logged_in(
    browser: Browser, live_server, tournament: Tournament, language: str
) -> Iterator[Page]:
    user = get_user_model().objects.create_user("chief", password="pw-e2e-only", is_staff=True)
    tournament.organisers.add(user)
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            },
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url},
        ]
    )
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_type_speaks_the_chosen_language(
    live_server, browser: Browser, hall: Hall, language: str
) -> None:
    messages = english_messages(language)
    found: dict[str, list[str]] = {}
    for page in _logged_in(browser, live_server, hall.tournament, language):
        for what, path in hall.pages:
            answer = page.goto(live_server.url + path)
            assert answer is not None and answer.status < 500, (what, path)
            assert page.locator("html").get_attribute("lang") == language, what
            if page.locator("#language-switcher").count():
                assert page.locator("#language-switcher button").all_inner_texts() == CHOOSER
            shown = page.evaluate(PAGE_TEXT)
            code = {line.strip() for line in shown["code"] if line.strip()}
            left = english_left(shown["text"], messages, hall.names | code)
            if left:
                found[what] = left
    assert found == {}


def test_the_detector_finds_english() -> None:
    """The check above can fail: an English sentence or message is found, names are not."""
    messages = {"Record stroke", "Tournaments"}
    assert english_left("Record stroke", messages, set()) == ["Record stroke"]
    assert english_left("The match has not started yet.", set(), set()) != []
    assert english_left("Le match n'a pas encore commencé.", messages, set()) == []
    assert english_left("Il match non è ancora iniziato.", messages, set()) == []
    assert english_left("Das Match hat noch nicht begonnen.", messages, set()) == []
    assert english_left("Asha Rao 1 – Ben Kirk 2", messages, {"Asha Rao 1", "Ben Kirk 2"}) == []
