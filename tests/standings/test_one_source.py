"""Acceptance of issue 13 (standings): the printed, live, API and organiser standings are the
same rows in the same order with the same figures, for every format with standings, including
withdrawals, walkovers and byes, over simulated events (both ranking rules)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from scoring import standings
from scoring.models import Match
from scoring.selectors import sheets
from tests.standings.simulate import simulated_event

pytestmark = pytest.mark.django_db


class _Tables(HTMLParser):
    """The rows of every ``standings-table`` on a page: caption, then per row its cells' text
    (a row header's first text only: the name, without its badges)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []
        self._in_table = self._in_caption = False
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "standings-table" in classes:
            self._in_table = True
            self.tables.append({"caption": "", "rows": []})
        elif self._in_table and tag == "caption":
            self._in_caption = True
        elif self._in_table and tag == "tr":
            self._row = []
        elif self._row is not None and tag in ("td", "th"):
            self._cell = []
        elif self._cell is not None and tag == "span":
            self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._in_table = False
        elif tag == "caption":
            self._in_caption = False
        elif tag == "span" and self._depth:
            self._depth -= 1
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join(" ".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row and self._row[0].isdigit():
                self.tables[-1]["rows"].append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._in_caption:
            self.tables[-1]["caption"] += data.strip()
        elif self._cell is not None and not self._depth:
            self._cell.append(data.strip())


def _page_rows(html: str, keys: list[str]) -> list[list[tuple[Any, ...]]]:
    parser = _Tables()
    parser.feed(html)
    return [[(int(r[0]), r[1], *r[2 : 2 + len(keys)]) for r in t["rows"]] for t in parser.tables]


def _reference(event: Any) -> tuple[list[str], list[list[tuple[Any, ...]]]]:
    tables = standings.event_standings(event)
    keys = [c.key for c in tables[0].columns]
    return keys, [
        [(row.rank, row.name, *(str(row.values.get(k, "")) for k in keys)) for row in t.rows]
        for t in tables
    ]


@pytest.mark.parametrize(
    ("fmt", "entries", "seed", "ranking"),
    [
        ("swiss", 9, 1, "current"),
        ("swiss", 11, 2, "european"),
        ("swiss", 8, 3, "current"),
        ("groups", 9, 4, "current"),
        ("groups", 8, 5, "european"),
    ],
)
def test_printed_live_api_and_organiser_standings_are_the_same(
    client, fmt, entries, seed, ranking
) -> None:
    event = simulated_event(fmt, entries, seed, settings={"ranking": ranking})
    matches = Match.objects.filter(event=event)
    assert event.entries.filter(withdrawn=True).count() == 1
    assert matches.filter(walkover=True).exists()
    assert matches.filter(status=Match.Status.FINISHED).count() == 1  # not confirmed yet
    if fmt == "swiss" and entries % 2:
        assert matches.filter(bye=True).exists()
    with translation.override("en"):
        keys, expected = _reference(event)
    assert sum(len(t) for t in expected) == entries  # withdrawn entries keep their rows

    # live page
    slug = event.tournament.slug
    live = client.get(
        reverse("scoring:live-standings", kwargs={"slug": slug, "event_id": event.pk})
    )
    assert live.status_code == 200
    assert _page_rows(live.content.decode(), keys) == expected

    # JSON API: the same rows, order and figures
    api = client.get(reverse("scoring:api-event", kwargs={"event_id": event.pk})).json()
    by_table: dict[str, list[tuple[Any, ...]]] = {}
    names = {e.pk: e.name for e in event.entries.select_related("player", "partner")}
    for line in api["standings"]:
        by_table.setdefault(line.get("group", ""), []).append(
            (
                line["rank"],
                names[line["entry"]],
                *(
                    str(line.get(k, ""))
                    if k != "games"
                    else f"{line['games_won']}:{line['games_lost']}"
                    for k in keys
                ),
            )
        )
    assert list(by_table.values()) == expected
    assert api["standings_rule"] == ranking

    # printed sheet: the data the PDF is drawn from
    data = sheets.standings_data(event, language="en")
    printed = [c.key for c in data.columns]
    assert set(printed) <= set(keys)
    for group, table in zip(data.groups, expected, strict=True):
        assert [
            (
                row.rank,
                row.name.removesuffix(" (withdrawn)"),
                *(str(row.values[k]) for k in printed),
            )
            for row in group.rows
        ] == [(r[0], r[1], *(r[2 + keys.index(k)] for k in printed)) for r in table]

    # organiser's event page
    organiser = get_user_model().objects.get(username="orga")
    client.force_login(organiser)
    page = client.get(
        reverse("scoring:organiser-event", kwargs={"slug": slug, "event_id": event.pk})
    )
    assert page.status_code == 200
    assert _page_rows(page.content.decode(), keys) == expected
