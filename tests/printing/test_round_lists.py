"""A round's pairing list (notice board) and call-up list (desk), from the print page, the
URLs and ``print_round --pairings/--callup`` (issue 15)."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Entry, Event, Player, Round
from scoring.pdf import render_callup_list, render_pairing_list
from scoring.selectors.round_lists import round_list_data
from scoring.selectors.sheets import SheetUnavailable
from tests.factories import make_match
from tests.pdf.helpers import all_text, page_sizes, positioned

from .conftest import NAME_B, UNICODE_A, World, make_entries

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return " ".join(text.split())


def test_pairings_in_table_order_with_clubs_and_umpire(world: World) -> None:
    # table 1 holds match 1; give match 4 table 1's neighbour and leave match 3 without a table
    world.matches[2].table = None
    world.matches[2].save(update_fields=["table"])
    data = round_list_data(world.event, 1, language="en")
    assert [p.table for p in data.pairings] == ["1", "2", "4", ""]
    first = data.pairings[0]
    assert first.sides[0].name == UNICODE_A and first.sides[0].club == "CC Frankfurt"
    assert first.sides[1].name == NAME_B and first.umpire == "Ingrid Schäfer"
    assert data.round_name == "Round of 32"
    pdf = render_pairing_list(data)
    text = flat(all_text(pdf))
    for expected in (
        "Men's Singles – Round of 32 – Pairings",
        UNICODE_A,
        NAME_B,
        "CC Frankfurt",
        "Ingrid Schäfer",
        "Player 08",
        "Page 1 of 1",
    ):
        assert expected in text, expected
    # the rows go down the page by table: table 1 above table 2 above table 4
    items = positioned(pdf)
    y = {
        n: next(i.y for i in items if i.text == f"0{n}" or i.text == n) for n in ("03", "05", "07")
    }  # Player 03 (table 2), 05 (table 3: none), 07 (table 4)
    assert y["03"] > y["07"] > y["05"]


def test_callup_list_in_match_order_with_boxes_and_players_a_to_z(world: World) -> None:
    match = world.matches[1]
    match.called_at = datetime.datetime(2026, 11, 29, 13, 5, tzinfo=datetime.UTC)
    match.save(update_fields=["called_at"])
    world.tournament.time_zone = "Europe/Berlin"
    world.tournament.save(update_fields=["time_zone"])
    data = round_list_data(world.event, 1, language="de", by_table=False)
    assert [p.match_number for p in data.pairings] == ["1", "2", "3", "4"]
    assert data.pairings[1].called == "14:05"
    names = [p.name for p in data.players]
    assert len(names) == 8 and names.index(UNICODE_A) < names.index("Player 03")  # Ł as L
    lukasz = next(p for p in data.players if p.name == UNICODE_A)
    assert (lukasz.table, lukasz.opponent, lukasz.match_number) == ("1", NAME_B, "1")
    text = flat(all_text(render_callup_list(data)))
    for expected in ("Aufrufliste", "Aufgerufen", "Anwesend", "☐", "14:05", "Spieler", "Gegner"):
        assert expected in text, expected


def test_a_bye_is_listed_as_such(world: World) -> None:
    entry = make_entries(world.event, ["Yara Yilmaz"])[0]
    make_match(world.event, entry, None, number=9, rnd=world.round, bye=True)
    data = round_list_data(world.event, 1)
    bye = next(p for p in data.pairings if p.match_number == "9")
    assert bye.bye and bye.sides[0].name == "Yara Yilmaz"
    assert "Yara Yilmaz CC Frankfurt bye" in flat(all_text(render_pairing_list(data)))


def test_doubles_pairs_show_both_players(world: World) -> None:
    event = Event.objects.create(tournament=world.tournament, name="Mixed Doubles", kind="doubles")
    p = [
        Player.objects.create(name=n, club=c)
        for n, c in (
            ("Ann Aa", "CC Köln"),
            ("Bo Bb", "CC Köln"),
            ("Cy Cc", ""),
            ("Di Dd", "CC Bonn"),
        )
    ]
    rnd = Round.objects.create(event=event, number=1)
    a = Entry.objects.create(event=event, player=p[0], partner=p[1])
    b = Entry.objects.create(event=event, player=p[2], partner=p[3])
    make_match(event, a, b, rnd=rnd, table=world.tables[2])
    text = flat(all_text(render_pairing_list(round_list_data(event, 1))))
    assert a.name in text and b.name in text and "CC Köln" in text and "CC Bonn" in text


def test_long_rounds_run_over_pages_with_the_header_repeated(world: World) -> None:
    entries = make_entries(world.event, [f"Spieler {n:03d}" for n in range(120)])
    rnd = Round.objects.create(event=world.event, number=2)
    for n in range(60):
        make_match(world.event, entries[2 * n], entries[2 * n + 1], number=100 + n, rnd=rnd)
    pdf = render_pairing_list(round_list_data(world.event, 2))
    pages = len(page_sizes(pdf))
    assert pages >= 2
    assert flat(all_text(pdf)).count("Side A") == pages


def test_empty_round_is_refused(world: World) -> None:
    with pytest.raises(SheetUnavailable):
        round_list_data(world.event, 7)


def test_views_are_for_organisers_and_the_print_page_links_them(client, world: World) -> None:
    pairings = reverse("scoring:print-round-pairings", args=[world.event.pk, 1])
    callup = reverse("scoring:print-round-callup", args=[world.event.pk, 1])
    client.force_login(world.other_organiser)
    assert client.get(pairings).status_code == 403
    client.force_login(world.organiser)
    page = client.get(reverse("scoring:print-index", args=[world.tournament.slug]))
    assert pairings in page.content.decode() and callup in page.content.decode()
    for url, word in ((pairings, "Paarungen"), (callup, "Aufrufliste")):
        response = client.get(url + "?lang=de")
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert word in flat(all_text(b"".join(response.streaming_content)))
    assert (
        client.get(reverse("scoring:print-round-pairings", args=[world.event.pk, 9])).status_code
        == 404
    )
    assert client.get(pairings + "?bracket=nonsense").status_code == 404
    assert client.post(pairings).status_code == 405


def test_print_round_command_writes_both_lists(world: World, tmp_path) -> None:
    for option, word in (("--pairings", "Pairings"), ("--callup", "Call-up list")):
        out = tmp_path / f"{option[2:]}.pdf"
        call_command(
            "print_round", str(world.event.pk), "1", option, "-o", str(out), "--lang", "en"
        )
        assert word in flat(all_text(out.read_bytes()))
