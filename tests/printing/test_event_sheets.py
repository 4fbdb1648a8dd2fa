"""Bracket, standings and table-label sheets built from the database."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Event, Match, Round
from scoring.selectors import sheets
from scoring.standings.results import match_totals
from tests.factories import make_match
from tests.pdf.helpers import all_text, page_sizes, rasterise

from .conftest import World, make_entries, make_event

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return " ".join(text.split())


def finish(
    match: Match,
    winner: str,
    games: tuple[int, int],
    *,
    walkover: bool = False,
    scores: tuple[tuple[int, int], ...] = (),
) -> None:
    """Mark a match decided (the caches the services write, the totals over its games
    included), for draw-level tests."""
    match.winner_side = winner
    match.games_won = {"a": games[0], "b": games[1]}
    match.walkover = walkover
    match.status = Match.Status.CONFIRMED
    played = [
        match.games.create(
            number=n,
            first_breaker="a",
            scores={"a": a, "b": b},
            winner_side="a" if a > b else "b",
            finished=True,
        )
        for n, (a, b) in enumerate(scores, start=1)
    ]
    for name, value in match_totals((g.winner_side, g.scores) for g in played).items():
        setattr(match, name, value)
    match.save()


def knockout(world: World, double: bool = False) -> Event:
    event = make_event(
        world.tournament, "Women's Singles", fmt="double_elimination" if double else "knockout"
    )
    e = make_entries(event, ["Anna Ávila", "Bea Berg", "Cleo Chen", "Dana Dorn"])
    first = Round.objects.create(
        event=event,
        number=1,
        name="Semi-final",
        bracket="winners" if double else "main",
        stage="late",
    )
    final = Round.objects.create(
        event=event, number=2, name="Final", bracket="winners" if double else "main", stage="late"
    )
    m1 = make_match(event, e[0], e[3], number=1, rnd=first, position=1)
    m2 = make_match(event, e[1], e[2], number=2, rnd=first, position=2, table=world.tables[1])
    finish(m1, "a", (2, 0))
    finish(m2, "b", (0, 0), walkover=True)
    make_match(event, e[0], e[2], number=3, rnd=final, position=1, table=world.tables[0])
    if double:
        losers = Round.objects.create(
            event=event, number=1, name="Losers round 1", bracket="losers", stage="late"
        )
        make_match(event, e[3], e[1], number=4, rnd=losers, position=1)
        gf = Round.objects.create(
            event=event, number=3, name="Grand final", bracket="final", stage="late"
        )
        make_match(event, None, None, number=5, rnd=gf, position=1)
    return event


def test_knockout_bracket_data(world: World) -> None:
    data = sheets.bracket_data(knockout(world), language="en")
    (section,) = data.sections
    assert section.kind == "main"
    assert [r.name for r in section.rounds] == ["Semi-final", "Final"]
    m1, m2 = section.rounds[0].matches
    assert m1.entries == ("Anna Ávila", "Dana Dorn") and m1.scores == ("2", "0")
    assert m1.winner == 0 and m1.label == "M1"
    assert m2.scores == ("", "w/o") and m2.winner == 1
    (final,) = section.rounds[1].matches
    assert final.entries == ("Anna Ávila", "Cleo Chen") and final.winner is None
    assert final.label == "M3 · Table 1"


def test_double_elimination_sections(world: World) -> None:
    data = sheets.bracket_data(knockout(world, double=True))
    assert [s.kind for s in data.sections] == ["winners", "losers", "final"]
    assert data.sections[2].rounds[0].matches[0].entries == (None, None)


def test_bracket_pdf(client, world: World) -> None:
    event = knockout(world)
    client.force_login(world.organiser)
    response = client.get(reverse("scoring:print-bracket", args=[event.pk]) + "?lang=de")
    assert response.status_code == 200
    pdf = b"".join(response.streaming_content)
    text = flat(all_text(pdf))
    for expected in ("Anna Ávila", "Dana Dorn", "Cleo Chen", "w/o", "Women's Singles"):
        assert expected in text, expected
    width, height = page_sizes(pdf)[0]
    assert width > height  # landscape
    rasterise(pdf)
    # an event without rounds has no bracket
    empty = make_event(world.tournament, "Empty")
    assert client.get(reverse("scoring:print-bracket", args=[empty.pk])).status_code == 404


def swiss_event(world: World) -> Event:
    event = make_event(world.tournament, "Swiss Open", fmt="swiss")
    e = make_entries(event, ["Sam Stone", "Tia Tor", "Uma Uhl", "Vic Voss"])
    r1 = Round.objects.create(event=event, number=1)
    finish(make_match(event, e[0], e[1], number=1, rnd=r1), "a", (2, 0), scores=((25, 10), (25, 3)))
    finish(
        make_match(event, e[2], e[3], number=2, rnd=r1),
        "b",
        (1, 2),
        scores=((25, 20), (12, 25), (20, 25)),
    )
    r2 = Round.objects.create(event=event, number=2)
    finish(
        make_match(event, e[0], e[3], number=3, rnd=r2),
        "a",
        (2, 1),
        scores=((25, 1), (0, 25), (25, 24)),
    )
    make_match(event, e[1], e[2], number=4, rnd=r2)  # not played yet
    return event


def test_swiss_standings(world: World) -> None:
    data = sheets.standings_data(swiss_event(world), language="en")
    (group,) = data.groups
    names = [row.name for row in group.rows]
    assert names[0] == "Sam Stone" and names[1] == "Vic Voss"
    top = group.rows[0]
    assert top.rank == 1 and top.values["wins"] == 2 and top.values["losses"] == 0
    assert top.values["net_points"] == (25 + 25 + 25 + 0 + 25) - (10 + 3 + 1 + 25 + 24)
    assert top.values["buchholz"] == 0 + 1  # Tia 0 wins, Vic 1 win
    assert data.subtitle == "after round 2 · Standard ranking"  # the rule in force
    # the live page's columns (one definition), with the games as "won:lost"
    assert [c.key for c in data.columns][:4] == ["played", "wins", "losses", "buchholz"]
    assert top.values["games"] == "4:1"  # games won : lost over both matches


def test_group_standings_and_pdf(client, world: World) -> None:
    event = make_event(world.tournament, "Groups Cup", fmt="groups")
    e = make_entries(event, ["Gus Gray", "Hal Hart", "Ivy Ito", "Jon Joy", "Kai Kim", "Lea Lo"])
    rnd = Round.objects.create(event=event, number=1, bracket="groups")
    finish(
        make_match(event, e[0], e[1], number=1, rnd=rnd, group="A"),
        "b",
        (0, 2),
        scores=((3, 25), (10, 25)),
    )
    finish(
        make_match(event, e[0], e[2], number=2, rnd=rnd, group="A"),
        "a",
        (2, 0),
        scores=((25, 3), (25, 0)),
    )
    make_match(event, e[1], e[2], number=3, rnd=rnd, group="A")
    finish(
        make_match(event, e[3], e[4], number=4, rnd=rnd, group="B"),
        "a",
        (2, 0),
        scores=((25, 0), (25, 0)),
    )
    make_match(event, e[4], e[5], number=5, rnd=rnd, group="B")
    data = sheets.standings_data(event, language="en")
    assert [g.name for g in data.groups] == ["A", "B"]
    a, b = data.groups
    # Hal and Gus have one win each; Hal won their match (head-to-head)
    assert [r.name for r in a.rows] == ["Hal Hart", "Gus Gray", "Ivy Ito"]
    gus = a.rows[1]
    assert gus.values["games"] == "2:2" and gus.values["net_points"] == 63 - 53
    assert [r.name for r in b.rows][0] == "Jon Joy" and len(b.rows) == 3
    assert "head-to-head" in data.footnote
    client.force_login(world.organiser)
    response = client.get(reverse("scoring:print-standings", args=[event.pk]) + "?lang=de")
    assert response.status_code == 200
    text = flat(all_text(b"".join(response.streaming_content)))
    assert "Gus Gray" in text and "Groups Cup" in text and "Gruppe A" in text


def test_knockout_event_has_no_standings(client, world: World) -> None:
    client.force_login(world.organiser)
    assert client.get(reverse("scoring:print-standings", args=[world.event.pk])).status_code == 404


def test_table_labels_data(world: World) -> None:
    labels = sheets.table_label_data(world.tournament, base_url="https://c.example")
    assert [label.table for label in labels] == ["1", "2", "3", "4"]
    assert labels[2].qr_url == "https://c.example/t/open-2026/table/3/"
    # without stored tables: the tournament's table count
    labels = sheets.table_label_data(world.other, base_url="")
    assert [label.table for label in labels] == ["1", "2", "3", "4"]


def test_double_elimination_rounds_print_per_bracket(client, world: World, tmp_path) -> None:
    from django.core.management import call_command

    from tests.pdf.helpers import pages_text

    event = knockout(world, double=True)
    client.force_login(world.organiser)
    html = client.get(reverse("scoring:print-index", args=["open-2026"])).content.decode()
    round_url = reverse("scoring:print-round", args=[event.pk, 1])
    assert f"{round_url}?bracket=winners" in html and f"{round_url}?bracket=losers" in html
    both = b"".join(client.get(round_url).streaming_content)
    assert len(pages_text(both)) == 3  # W1 (two matches) and L1 (one)
    losers = b"".join(client.get(round_url + "?bracket=losers").streaming_content)
    assert len(pages_text(losers)) == 1 and "Dana Dorn" in all_text(losers)
    assert client.get(round_url + "?bracket=nonsense").status_code == 404
    out = tmp_path / "w1.pdf"
    call_command("print_round", str(event.pk), "1", "--bracket", "winners", "-o", str(out))
    assert len(pages_text(out.read_bytes())) == 2
