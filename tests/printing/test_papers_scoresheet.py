"""A match's scoresheet from the database (issue 15): the recorded start and end in the
tournament's own time zone, the umpire's name as printed, the doubles seating."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import Entry, Event, Player
from scoring.pdf import render_scoresheet
from scoring.selectors import sheets
from tests.factories import make_match
from tests.pdf.helpers import all_text

from .conftest import World

pytestmark = pytest.mark.django_db

UTC = datetime.UTC


def _timed(world: World, zone: str):
    world.tournament.time_zone = zone
    world.tournament.save(update_fields=["time_zone"])
    match = world.played
    match.started_at = datetime.datetime(2026, 11, 29, 13, 5, tzinfo=UTC)
    match.finished_at = datetime.datetime(2026, 11, 29, 23, 52, tzinfo=UTC)
    match.save(update_fields=["started_at", "finished_at"])
    return match


def test_times_are_the_venues_24_hour_clock(world: World) -> None:
    match = _timed(world, "Europe/Berlin")
    data = sheets.scoresheet_data(match)
    assert (data.start_time, data.end_time) == ("14:05", "00:52")  # UTC+1 in November
    assert data.date == datetime.date(2026, 11, 29)
    text = " ".join(all_text(render_scoresheet(data)).split())
    assert "14:05" in text and "00:52" in text and " AM" not in text and " PM" not in text


def test_the_same_moment_in_another_zone(world: World) -> None:
    match = _timed(world, "America/New_York")
    data = sheets.scoresheet_data(match, language="de")
    assert (data.start_time, data.end_time) == ("08:05", "18:52")


def test_blank_sheet_has_no_times(world: World) -> None:
    data = sheets.scoresheet_data(_timed(world, "Europe/Berlin"), blank=True)
    assert data.start_time == data.end_time == ""


def test_umpire_is_printed_by_name_not_login(world: World) -> None:
    data = sheets.scoresheet_data(world.played)
    assert data.umpire == "Ingrid Schäfer" and data.umpire != "ump"
    world.umpire.first_name = world.umpire.last_name = ""
    world.umpire.save()
    assert sheets.scoresheet_data(world.played).umpire == "ump"  # no name: the login


def _doubles(world: World, seating: bool) -> tuple[list[Player], object]:
    event = Event.objects.create(tournament=world.tournament, name="Mixed Doubles", kind="doubles")
    p = [Player.objects.create(name=n) for n in ("Ann Aa", "Bo Bb", "Cy Cc", "Di Dd")]
    a = Entry.objects.create(event=event, player=p[0], partner=p[1])
    b = Entry.objects.create(event=event, player=p[2], partner=p[3])
    order = [p[0].pk, p[2].pk, p[1].pk, p[3].pk] if seating else []
    return p, make_match(event, a, b, seating=order)


def test_doubles_seats_in_turn_order_with_partners_opposite(world: World) -> None:
    _, match = _doubles(world, seating=True)
    data = sheets.scoresheet_data(match)
    assert list(data.seats) == [(0, "Ann Aa"), (1, "Cy Cc"), (0, "Bo Bb"), (1, "Di Dd")]
    assert data.seats[0][0] == data.seats[2][0] and data.seats[1][0] == data.seats[3][0]
    text = " ".join(all_text(render_scoresheet(data)).split())
    for name in ("A · Ann Aa", "B · Cy Cc", "A · Bo Bb", "B · Di Dd"):
        assert name in text


def test_doubles_without_seating_prints_an_empty_box(world: World) -> None:
    _, match = _doubles(world, seating=False)
    data = sheets.scoresheet_data(match)
    assert data.seats == ()
    text = " ".join(all_text(render_scoresheet(data)).split())
    assert "Seating" in text and "A · " not in text
