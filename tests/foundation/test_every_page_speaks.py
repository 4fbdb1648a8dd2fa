"""Every page the URL conf has, asked in German, French and Italian (issue 35): no English left.

The browser walk (``tests/e2e/test_languages.py``) reads the main page types as a reader sees
them; this walk reaches every other page too (seasons, clubs, teams, ties, lineups, the
corrections, the SoL upload, the people pages, the tablet's other screens, the login and
password pages …): every route of the URL conf is asked with GET by the tournament's organiser,
in the world of :mod:`tests.trust.test_permission_matrix`, and every HTML answer's visible
words (and the names of its controls) and every PDF's text (scoresheets, score cards, lists,
brackets, standings, table labels) are checked as the browser walk checks them: no line
that is an English message of the catalogue, no line that reads as an English sentence. The
only English allowed is the data: the names the world gives (players, events, clubs …).
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.conf import settings
from django.db import transaction

from scoring.models import Championship, Club, Event, Player, Rating, Tournament
from tests.e2e.test_languages import CHOOSER, english_left, english_messages
from tests.pdf.helpers import all_text
from tests.trust.test_permission_matrix import (
    all_urls,
    client_for,
    url_for,
    world,  # noqa: F401  (the fixture)
)

pytestmark = pytest.mark.django_db

#: not pages of the app: Django's admin (its own catalogue), the API's JSON, the offline
#: bundle, files and feeds
SKIPPED_PREFIXES = ("admin:",)
#: for developers: the API's description, generated from the OpenAPI document whose field
#: names and descriptions are English like the API itself
SKIPPED = {"scoring:api-docs"}
#: words of the data and of the code shown as such: never counted as English
DATA_WORDS = {"Singles", "Teams", "Invited Person", "matrix", "Matrix"}

#: words a language shares with English, written the same: the Italian sheets' "Note" column
SHARED: dict[str, set[str]] = {"de": set(), "fr": set(), "it": {"Note"}}

#: elements whose text is not words of the page
SILENT = {"script", "style", "template", "code", "pre", "kbd", "noscript", "svg"}
#: attributes whose values are read out or shown
NAMED = ("aria-label", "title", "placeholder", "alt")


class _Words(HTMLParser):
    """The visible text of a page, one item a line, with the names of its controls."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._silent = 0
        self._line: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in SILENT:
            self._silent += 1
        self._break()
        for name in NAMED:
            if values.get(name):
                self.lines.append(str(values[name]))
        if tag == "input" and values.get("type") in {"submit", "button"} and values.get("value"):
            self.lines.append(str(values["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in SILENT and self._silent:
            self._silent -= 1
        self._break()

    def handle_data(self, data: str) -> None:
        if not self._silent:
            self._line.append(data)

    def _break(self) -> None:
        text = " ".join("".join(self._line).split())
        if text:
            self.lines.append(text)
        self._line = []

    def close(self) -> None:
        super().close()
        self._break()


def page_words(html: str) -> str:
    words = _Words()
    words.feed(html)
    words.close()
    return "\n".join(words.lines)


def _names() -> set[str]:
    """The names the world gives: players, tournaments, events, clubs, accounts."""
    from django.contrib.auth import get_user_model

    names: set[str] = set(DATA_WORDS) | set(CHOOSER)
    for model, field in (
        (Player, "name"),
        (Tournament, "name"),
        (Event, "name"),
        (Club, "name"),
        (Championship, "name"),
        (Rating, "name"),
    ):
        names |= {str(v) for v in model.objects.values_list(field, flat=True)}
    names |= set(get_user_model().objects.values_list("username", flat=True))
    return names


def _pages(w: Any) -> list[tuple[str, str]]:
    pages = []
    for name, pattern in all_urls():
        if name.startswith(SKIPPED_PREFIXES) or name in SKIPPED:
            continue
        url = url_for(name, pattern, w, w.m1.umpire_token)
        if url is not None:
            pages.append((name, url))
    assert len(pages) > 150  # the URL conf, not a hand list
    return pages


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_every_page_of_the_url_conf_speaks_the_chosen_language(world, language):  # noqa: F811
    w = world
    messages = english_messages(language) - SHARED[language]
    # the longest name first, so that a name holding another is taken away whole
    allowed = sorted(_names(), key=len, reverse=True)
    client = client_for("organiser", w)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    found: dict[str, list[str]] = {}
    read = printed = 0
    for name, url in _pages(w):
        with transaction.atomic():
            response = client.get(url)
            transaction.set_rollback(True)
        kind = response.get("Content-Type", "")
        if response.status_code >= 500:
            found[name] = [f"{url} answered {response.status_code}"]
            continue
        if response.status_code != 200 and not kind.startswith("text/html"):
            continue
        if kind == "application/pdf":  # the printed sheets, lists, brackets and labels
            body = b"".join(response.streaming_content) if response.streaming else response.content
            words = all_text(body)
            printed += 1
        elif kind.startswith("text/html") and response.status_code not in {301, 302, 303}:
            html = response.content.decode()
            assert f'lang="{language}"' in html or "<html" not in html, (name, url)
            words = page_words(html)
            read += 1
        else:
            continue
        left = english_left(words, messages, allowed)  # type: ignore[arg-type]
        if left:
            found[f"{name} {url}"] = sorted(set(left))[:8]
    assert read > 80 and printed >= 5
    assert found == {}


def test_the_walk_finds_english_left():
    """The check can fail: an English sentence, an untranslated message of the catalogue and
    an English control name are found; names of the data and code samples are not."""
    html = (
        "<main><h1>Matrix Club</h1><p>The board has ended.</p><p>Le board est terminé.</p>"
        '<button aria-label="Show all of the players">x</button><pre>name,club,nation</pre></main>'
    )
    left = english_left(page_words(html), english_messages("fr"), {"Matrix Club"})
    assert left == ["The board has ended.", "Show all of the players"]
