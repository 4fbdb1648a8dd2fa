"""The tournament's own time zone (issue 15): a field set on the settings page, in the backup,
activated for the tournament's pages (the hall clock, sheets) as local 24-hour time."""

from __future__ import annotations

import datetime
import re
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import Tournament
from scoring.services.backup import export_tournament, import_tournament
from scoring.timezones import clock, tournament_zone, validate_time_zone, zone_named

from .conftest import World

pytestmark = pytest.mark.django_db


def test_a_new_tournament_takes_the_servers_zone(world: World, settings) -> None:
    assert world.tournament.time_zone == settings.TIME_ZONE
    assert Tournament._meta.get_field("time_zone").verbose_name == "time zone"


def test_clock_is_24_hour_in_the_tournaments_zone(world: World) -> None:
    moment = datetime.datetime(2026, 7, 4, 18, 7, tzinfo=datetime.UTC)
    world.tournament.time_zone = "Asia/Kolkata"
    assert clock(moment, world.tournament) == "23:37"
    world.tournament.time_zone = "America/Chicago"
    assert clock(moment, world.tournament) == "13:07"
    assert clock(None, world.tournament) == ""


def test_an_unknown_zone_is_refused_and_never_breaks_a_page(world: World) -> None:
    with pytest.raises(Exception, match="Unknown time zone"):
        validate_time_zone("Mars/Olympus")
    world.tournament.time_zone = "Mars/Olympus"  # e.g. an old row: the server's zone instead
    assert tournament_zone(world.tournament) == zone_named("")


def test_hall_clock_shows_the_venues_time(client, world: World, settings) -> None:
    settings.TIME_ZONE = "UTC"
    world.tournament.time_zone = "Asia/Kolkata"  # UTC+5:30, never equal to UTC's minutes
    world.tournament.save(update_fields=["time_zone"])
    html = client.get(reverse("scoring:live-hall", args=[world.tournament.slug])).content.decode()
    assert 'data-hall-tz="Asia/Kolkata"' in html
    shown = re.search(r"data-hall-clock[^>]*>(\d\d:\d\d)<", html)
    assert shown is not None
    local = timezone.now().astimezone(zoneinfo.ZoneInfo("Asia/Kolkata"))
    expected = {local.strftime("%H:%M"), (local - datetime.timedelta(minutes=1)).strftime("%H:%M")}
    assert shown[1] in expected
    assert "AM" not in shown[0] and "PM" not in shown[0]


def test_the_zone_is_active_only_during_the_tournaments_request(client, world: World) -> None:
    world.tournament.time_zone = "Asia/Kolkata"
    world.tournament.save(update_fields=["time_zone"])
    client.get(reverse("scoring:live-hall", args=[world.tournament.slug]))
    assert timezone.get_current_timezone_name() != "Asia/Kolkata"


def test_the_organiser_sets_it_on_the_settings_page(client, world: World) -> None:
    url = reverse("scoring:organiser-tournament-edit", args=[world.tournament.slug])
    client.force_login(world.organiser)
    page = client.get(url).content.decode()
    assert 'name="time_zone"' in page and "Europe/Berlin" in page
    t = world.tournament
    form = {
        "name": t.name,
        "start_date": t.start_date.isoformat(),
        "end_date": t.end_date.isoformat(),
        "venue": "",
        "table_count": 4,
        "default_rules": t.default_rules,
    }
    bad = client.post(url, {**form, "time_zone": "Mars/Olympus"})
    assert bad.status_code == 200
    t.refresh_from_db()
    assert t.time_zone != "Mars/Olympus"
    assert client.post(url, {**form, "time_zone": "Europe/Berlin"}).status_code == 302
    t.refresh_from_db()
    assert t.time_zone == "Europe/Berlin"


def test_backup_keeps_the_zone(world: World) -> None:
    world.tournament.time_zone = "Europe/Warsaw"
    world.tournament.save(update_fields=["time_zone"])
    document = export_tournament(world.tournament)
    assert document["tournament"]["time_zone"] == "Europe/Warsaw"
    report = import_tournament(document, slug="copy-2026")
    assert report.tournament.time_zone == "Europe/Warsaw"
    document["tournament"]["time_zone"] = "Mars/Olympus"
    with pytest.raises(Exception, match="time_zone"):
        import_tournament(document, slug="copy-2027")
    assert not Tournament.objects.filter(slug="copy-2027").exists()


def test_results_csv_gives_the_venues_local_time(client, world: World) -> None:
    world.tournament.time_zone = "Europe/Berlin"
    world.tournament.save(update_fields=["time_zone"])
    match = world.played
    match.finished_at = datetime.datetime(2026, 11, 29, 13, 5, tzinfo=datetime.UTC)
    match.save(update_fields=["finished_at"])
    csv_text = client.get(
        reverse("scoring:live-results-csv", args=[world.tournament.slug])
    ).content.decode()
    assert "2026-11-29T14:05:00+01:00" in csv_text


def test_a_changed_zone_shows_at_once(client, world: World) -> None:
    url = reverse("scoring:live-hall", args=[world.tournament.slug])

    def shown() -> str:
        html = client.get(url).content.decode()
        return re.search(r"data-hall-clock[^>]*>(\d\d:\d\d)<", html)[1]

    def local(zone: str) -> set[str]:
        now = timezone.now().astimezone(zoneinfo.ZoneInfo(zone))
        return {now.strftime("%H:%M"), (now - datetime.timedelta(minutes=1)).strftime("%H:%M")}

    world.tournament.time_zone = "Asia/Kolkata"
    world.tournament.save(update_fields=["time_zone"])
    assert shown() in local("Asia/Kolkata")
    world.tournament.time_zone = "America/Chicago"
    world.tournament.save(update_fields=["time_zone"])
    assert shown() in local("America/Chicago")
