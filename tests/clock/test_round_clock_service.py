"""The round's clock stored, read and shown (services/round_clock.py, selectors/round_clock.py,
views/round_clock.py): the organiser starts it, adds minutes, stops and restarts it on the
call-up page (audited; a refusal changes nothing); the hall screen and the tablet read it."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import AuditEntry, Event, Match, Round
from scoring.round_clock import Phase
from scoring.selectors import round_clock as clocks
from scoring.services import callup, draws
from scoring.services import round_clock as clock_service
from scoring.services.round_clock import ClockError
from tests.factories import make_event, play

pytestmark = pytest.mark.django_db


def first_round(event: Event) -> Round:
    return Round.objects.select_related("event").get(event=event, number=1)


def test_start_add_stop_restart_are_stored_and_audited(timed, actor) -> None:
    rnd = first_round(timed)
    before = timezone.now()
    clock_service.start_clock(round=rnd, actor=actor)
    rnd.refresh_from_db()
    assert rnd.clock_started_at is not None and rnd.clock_started_at >= before
    clock_service.add_minutes(round=rnd, minutes=5, actor=actor)
    clock_service.stop_clock(round=rnd, actor=actor)
    rnd = first_round(timed)
    assert rnd.clock_extra_minutes == 5 and rnd.clock_stopped_at is not None
    line = clocks.round_clock(rnd)
    assert line.phase is Phase.STOPPED
    assert 34 * 60 < line.remaining_seconds <= 35 * 60
    clock_service.restart_clock(round=rnd, actor=actor)
    rnd.refresh_from_db()
    assert rnd.clock_stopped_at is None
    actions = list(
        AuditEntry.objects.filter(tournament=timed.tournament, action__startswith="round_clock")
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert actions == [
        "round_clock_started",
        "round_clock_added",
        "round_clock_stopped",
        "round_clock_restarted",
    ]
    detail = AuditEntry.objects.get(action="round_clock_added").detail
    assert detail["added"] == 5 and detail["round"] == rnd.pk and detail["limit_minutes"] == 30


def test_refusals_change_nothing(tournament, timed, actor) -> None:
    rnd = first_round(timed)
    with pytest.raises(ClockError, match="clock_not_started"):
        clock_service.stop_clock(round=rnd, actor=actor)
    with pytest.raises(ClockError, match="clock_in_future"):
        clock_service.start_clock(
            round=rnd, actor=actor, at=timezone.now() + datetime.timedelta(minutes=5)
        )
    clock_service.start_clock(round=rnd, actor=actor)
    with pytest.raises(ClockError, match="clock_running"):
        clock_service.start_clock(round=rnd, actor=actor)
    with pytest.raises(ClockError, match="clock_bad_minutes"):
        clock_service.add_minutes(round=rnd, minutes=61, actor=actor)
    untimed = make_event(tournament, 2, name="Untimed")
    draws.draw_event(event=untimed, actor=actor)
    with pytest.raises(ClockError, match="clock_no_limit"):
        clock_service.start_clock(round=first_round(untimed), actor=actor)
    assert AuditEntry.objects.filter(action__startswith="round_clock").count() == 1
    rnd.refresh_from_db()
    assert rnd.clock_extra_minutes == 0


def test_a_clock_started_in_the_past_is_up(timed, actor) -> None:
    rnd = clock_service.start_clock(
        round=first_round(timed), actor=actor, at=timezone.now() - datetime.timedelta(minutes=31)
    )
    line = clocks.round_clock(rnd)
    assert line.phase is Phase.UP and line.remaining_seconds == 0


def test_tournament_clocks_list_the_open_rounds_of_timed_events(
    tournament, timed, actor, django_assert_max_num_queries
) -> None:
    make_event(tournament, 2, name="Untimed")
    label = str(first_round(timed).label)
    with django_assert_max_num_queries(1):
        lines = clocks.tournament_clocks(tournament)
        assert [(line.event_name, line.round_label, line.phase) for line in lines] == [
            ("Timed Singles", label, Phase.OFF)
        ]
    for match in Match.objects.filter(round=first_round(timed)):
        play(match)
    assert clocks.tournament_clocks(tournament) == []  # round 1 is over (the final waits)


def test_a_match_counts_from_its_call_when_the_event_says_so(tournament, timed, actor) -> None:
    timed.settings = {**timed.settings, "clock_from": "call"}
    timed.save()
    match = Match.objects.filter(round=first_round(timed)).order_by("number").first()
    assert clocks.match_clock(match.pk).phase is Phase.OFF  # not called yet
    callup.call_match(match=match, table=tournament.tables.first(), actor=actor)
    line = clocks.match_clock(match.pk)
    assert line.phase is Phase.RUNNING and 29 * 60 < line.remaining_seconds <= 30 * 60
    with pytest.raises(ClockError, match="clock_from_call"):
        clock_service.start_clock(round=first_round(timed), actor=actor)
    play(match)
    assert clocks.match_clock(match.pk) is None  # a finished match shows no clock


def test_the_call_up_page_starts_the_clock_with_htmx(client, organiser, tournament, timed) -> None:
    client.force_login(organiser)
    rnd = first_round(timed)
    page = client.get(reverse("scoring:organiser-callup", args=[tournament.slug]))
    assert page.status_code == 200
    assert "Start the round's clock" in page.text and 'id="round-clocks"' in page.text
    start = reverse("scoring:organiser-clock-start", args=[tournament.slug, rnd.pk])
    answer = client.post(start, headers={"HX-Request": "true"})
    assert answer.status_code == 200 and 'id="round-clocks"' in answer.text
    assert "data-round-clock" in answer.text and "Stop the clock" in answer.text
    again = client.post(start, headers={"HX-Request": "true"})
    assert again.status_code == 422 and "has started already" in again.text
    add = reverse("scoring:organiser-clock-add", args=[tournament.slug, rnd.pk])
    assert client.post(add, {"minutes": "x"}, headers={"HX-Request": "true"}).status_code == 422
    assert client.post(add, {"minutes": "99"}).status_code == 302  # refused, message shown
    assert client.post(add, {"minutes": "10"}, headers={"HX-Request": "true"}).status_code == 200
    rnd.refresh_from_db()
    assert rnd.clock_extra_minutes == 10
    # the countdown carries the deadline (ms), read by round-clock.js; not the server's now
    # (a polled region: its 304 may bring an older copy; the page carries the now)
    section = client.get(reverse("scoring:organiser-clocks", args=[tournament.slug])).text
    deadline = int(re.search(r'data-deadline="(\d+)"', section).group(1))
    assert deadline == int(
        (rnd.clock_started_at + datetime.timedelta(minutes=40)).timestamp() * 1000
    )
    assert "data-now" not in section


def test_the_hall_and_the_tablet_read_the_same_deadline(
    client, organiser, tournament, timed, actor
) -> None:
    rnd = first_round(timed)
    match = Match.objects.filter(round=rnd).order_by("number").first()
    client.logout()
    hall = client.get(reverse("scoring:live-clocks", args=[tournament.slug]))
    assert hall.status_code == 200 and "data-deadline" not in hall.text  # not started
    clock_service.start_clock(round=rnd, actor=actor)
    hall = client.get(reverse("scoring:live-clocks", args=[tournament.slug])).text
    client.force_login(organiser)  # the organiser's tablet: its one poll brings the chip
    poll = reverse("scoring:umpire-match", args=[match.pk]) + "state/"
    chip = client.get(poll).json()["clock"]
    deadlines = [re.search(r'data-deadline="(\d+)"', html).group(1) for html in (hall, chip)]
    assert deadlines[0] == deadlines[1]
    assert "Time is up" in chip and "finish the board, then record time up" in chip


def test_the_event_form_sets_the_limit_and_where_it_counts_from(
    client, organiser, tournament
) -> None:
    client.force_login(organiser)
    new = reverse("scoring:organiser-event-new", args=[tournament.slug])
    base = {
        "name": "Clocked",
        "kind": "singles",
        "format": "swiss",
        "rules": "icf",
        "games_to_win": 1,
        "order": 1,
        "rounds": 5,
    }
    assert client.post(new, {**base, "round_minutes": 601}).status_code == 200  # refused
    assert (
        client.post(new, {**base, "round_minutes": 40, "clock_from": "sometime"}).status_code == 200
    )
    assert not Event.objects.filter(name="Clocked").exists()
    assert client.post(new, {**base, "round_minutes": 40, "clock_from": "call"}).status_code == 302
    event = Event.objects.get(name="Clocked")
    assert event.round_minutes == 40 and event.settings["clock_from"] == "call"
    edit = reverse("scoring:organiser-event-edit", args=[tournament.slug, event.pk])
    assert client.post(edit, {**base, "round_minutes": ""}).status_code == 302
    event.refresh_from_db()
    assert event.round_minutes is None


def test_the_migration_moves_the_old_setting_into_the_field(tournament) -> None:
    import importlib

    from django.apps import apps

    step = importlib.import_module("scoring.migrations.0009_clock_round_time").settings_to_field
    kept = make_event(tournament, 0, name="Old", settings={"round_minutes": 25, "rounds": 5})
    odd = make_event(tournament, 0, name="Odd", settings={"round_minutes": 9999})
    step(apps, None)
    kept.refresh_from_db()
    odd.refresh_from_db()
    assert (kept.round_minutes, kept.settings) == (25, {"rounds": 5})
    assert (odd.round_minutes, odd.settings) == (None, {})


def test_counted_from_the_call_each_table_card_counts_down(
    client, organiser, tournament, timed, actor
) -> None:
    timed.settings = {**timed.settings, "clock_from": "call"}
    timed.save()
    match = Match.objects.filter(round=first_round(timed)).order_by("number").first()
    callup.call_match(match=match, table=tournament.tables.first(), actor=actor)
    match.refresh_from_db()
    client.force_login(organiser)
    page = client.get(reverse("scoring:organiser-callup", args=[tournament.slug])).text
    card = page[page.index('class="rc-table-clock"') :]
    deadline = int(re.search(r'data-deadline="(\d+)"', card).group(1))
    assert deadline == int((match.called_at + datetime.timedelta(minutes=30)).timestamp() * 1000)
    assert "counted from each match's call" in page  # the round's line: no start button
    assert "Start the round's clock" not in page


def test_a_point_carrom_table_shows_no_clock_on_its_tablet(actor) -> None:
    from tests.factories import make_match

    match = make_match(rules="point-carrom", kind="points")
    event = match.event
    event.round_minutes = 20
    event.save()
    rnd = Round.objects.create(event=event, number=1)
    Match.objects.filter(pk=match.pk).update(round=rnd)
    clock_service.start_clock(
        round=Round.objects.select_related("event").get(pk=rnd.pk), actor=actor
    )
    assert clocks.match_clock(match.pk) is None  # no time-up rule for three players
