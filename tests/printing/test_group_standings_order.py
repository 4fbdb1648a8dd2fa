"""The printed group standings rank exactly like the live standings page.

Both read :func:`scoring.selectors.live.group_tables` (one definition of a group table); the
tests build groups whose ties go down to the last criteria of
:func:`scoring.draws.group_standings` and compare the data handed to the PDF renderer, and the
names read back from the PDF, with the live page's order.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from scoring.models import Entry, Event, Match, Player, Round
from scoring.pdf import render_standings
from scoring.selectors import live, sheets
from scoring.services import draws as draw_services
from tests.factories import make_match
from tests.pdf.helpers import all_text, positioned

from .conftest import World, make_event
from .test_event_sheets import finish

pytestmark = pytest.mark.django_db


def unseeded(event: Event, names: list[str]) -> list[Entry]:
    """Entries without seed or rating: level on everything, their order is the draw's."""
    return [
        Entry.objects.create(event=event, player=Player.objects.create(name=name)) for name in names
    ]


def live_order(event: Event, language: str = "en") -> list[list[str]]:
    with translation.override(language):
        return [[row.name for row in table.rows] for table in live.event_standings(event)]


def printed_order(event: Event, language: str = "en") -> list[list[str]]:
    data = sheets.standings_data(event, language=language)
    return [[row.name for row in group.rows] for group in data.groups]


def pdf_order(pdf: bytes, names: list[str]) -> list[str]:
    """The names as they stand on the page, top to bottom (each found by its surname)."""
    words = positioned(pdf)
    at = {}
    for name in names:
        surname = name.split()[-1]
        (y,) = {round(w.y) for w in words if w.text == surname}
        at[name] = y
    return sorted(names, key=lambda n: -at[n])


def cycle_event(world: World) -> Event:
    """Three unseeded players who beat each other in a circle with the same scores: level on
    wins, head-to-head, game and point difference, so the last criterion (the initial order:
    registration, for entries without seed or rating) decides. The matches were numbered and
    created out of registration order (as after a rescheduled match): the old sheet took the
    entries in match-number order, the live page in match order (pk) and the draw services
    in no fixed order, so the three could disagree; all now rank Xia, Yan, Zoe."""
    event = make_event(world.tournament, "Round Robin Cup", fmt="groups")
    x, y, z = unseeded(event, ["Xia Xu", "Yan Yoon", "Zoe Zink"])
    rnd = Round.objects.create(event=event, number=1, bracket="groups")
    level = ((25, 10), (25, 10))
    finish(make_match(event, z, x, number=3, rnd=rnd, group="A"), "a", (2, 0), scores=level)
    finish(make_match(event, y, z, number=2, rnd=rnd, group="A"), "a", (2, 0), scores=level)
    finish(make_match(event, x, y, number=1, rnd=rnd, group="A"), "a", (2, 0), scores=level)
    return event


def test_a_tie_down_to_the_initial_order_prints_like_the_live_page(world: World) -> None:
    event = cycle_event(world)
    expected = live_order(event)
    assert expected == [["Xia Xu", "Yan Yoon", "Zoe Zink"]]
    assert printed_order(event) == expected
    # the qualifiers are picked from the same order (once the results are confirmed)
    Match.objects.filter(event=event).update(status=Match.Status.CONFIRMED)
    names = {
        e.pk: e.player.name for e in Entry.objects.filter(event=event).select_related("player")
    }
    tables = draw_services.group_tables(event)
    assert [[names[line.entry] for line in table] for table in tables.values()] == expected
    data = sheets.standings_data(event, language="en")
    assert [row.values["decided_by"] for row in data.groups[0].rows] == ["seeding order"] * 3
    pdf = render_standings(data)
    assert pdf_order(pdf, expected[0]) == expected[0]


def three_way_event(world: World) -> Event:
    """Group A: four seeded players; Ann, Bob and Cid beat each other in a circle and each beat
    Dee 2:1, so they are level on wins, head-to-head and game difference (+1); net points
    decide (Cid +31, Bob +11, Ann -39), against the seeding. Group B: two players."""
    event = make_event(world.tournament, "Groups Cup", fmt="groups")
    names = ["Ann Abel", "Bob Bauer", "Cid Cruz", "Dee Dahl", "Eli Eck", "Fay Fox"]
    e = []
    for n, name in enumerate(names, start=1):
        player = Player.objects.create(name=name, club="CC Mainz" if n == 2 else "")
        e.append(Entry.objects.create(event=event, player=player, seed=n))
    ann, bob, cid, dee, eli, fay = e
    rnd = Round.objects.create(event=event, number=1, bracket="groups")
    close = ((25, 24), (24, 25), (25, 24))
    played = [  # (a, b, winner, games, scores)
        (ann, bob, "a", (2, 0), ((25, 20), (25, 20))),
        (bob, cid, "a", (2, 0), ((25, 15), (25, 15))),
        (cid, ann, "a", (2, 0), ((25, 0), (25, 0))),
        (ann, dee, "a", (2, 1), close),
        (bob, dee, "a", (2, 1), close),
        (cid, dee, "a", (2, 1), close),
    ]
    for number, (a, b, winner, games, scores) in enumerate(played, start=1):
        finish(
            make_match(event, a, b, number=number, rnd=rnd, group="A"), winner, games, scores=scores
        )
    finish(
        make_match(event, eli, fay, number=7, rnd=rnd, group="B"),
        "b",
        (0, 2),
        scores=((3, 25), (4, 25)),
    )
    return event


@pytest.mark.parametrize("language", ["en", "de"])
def test_tie_breaks_columns_and_explanation_are_the_live_pages(
    client, world: World, language: str
) -> None:
    event = three_way_event(world)
    expected = live_order(event, language)
    assert expected == [["Cid Cruz", "Bob Bauer", "Ann Abel", "Dee Dahl"], ["Fay Fox", "Eli Eck"]]
    data = sheets.standings_data(event, language=language)
    assert [[row.name for row in group.rows] for group in data.groups] == expected
    assert [group.name for group in data.groups] == ["A", "B"]
    with translation.override(language):
        (table, _b) = live.event_standings(event)
    printed = [c for c in table.columns if c.key not in sheets.UNPRINTED_GROUP_COLUMNS]
    assert [(c.key, c.label) for c in data.columns] == [(c.key, c.short) for c in printed]
    assert {"head_to_head", "game_difference", "net_points", "decided_by"} <= {
        c.key for c in data.columns
    }
    for row, live_row in zip(data.groups[0].rows, table.rows, strict=True):
        assert row.rank == live_row.rank
        assert row.values == {c.key: live_row.values[c.key] for c in printed}
    assert data.footnote.startswith(table.order)
    assert data.groups[0].rows[1].club == "CC Mainz"
    assert [row.values["net_points"] for row in data.groups[0].rows[:3]] == [31, 11, -39]

    client.force_login(world.organiser)
    response = client.get(reverse("scoring:print-standings", args=[event.pk]) + f"?lang={language}")
    assert response.status_code == 200
    pdf = b"".join(response.streaming_content)
    assert pdf_order(pdf, expected[0]) == expected[0]
    assert pdf_order(pdf, expected[1]) == expected[1]
    text = " ".join(all_text(pdf).split())
    for row in table.rows:
        assert str(row.values["decided_by"]) in text
    assert " ".join(table.order.split()[:4]) in text


def test_group_standings_sheet_in_constant_queries(world: World) -> None:
    def count(event: Event) -> int:
        with CaptureQueriesContext(connection) as queries:
            sheets.standings_data(event, language="en")
        return len(queries)

    small = cycle_event(world)
    large = three_way_event(world)
    assert Match.objects.filter(event=large).count() > Match.objects.filter(event=small).count()
    assert count(small) == count(large)
