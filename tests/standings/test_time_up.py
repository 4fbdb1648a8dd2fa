"""A match stopped by the round's time limit: the leader wins, level is a draw (rulebook
``time_up``); the service, its two doors, the organiser's button and the standings."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring import standings
from scoring.models import AuditEntry, Entry, Event, Match, Player, Round, Tournament
from scoring.services.matches import (
    Actor,
    MatchError,
    StaleMatch,
    record_event,
    record_quick_board,
    record_toss,
)
from scoring.services.time_up import record_time_up

pytestmark = pytest.mark.django_db
SYSTEM = Actor(via="system", device="tests")


def swiss_round(ranking: str = "european", games_to_win: int = 1) -> tuple[Event, list[Match]]:
    t = Tournament.objects.create(
        name="Time Cup",
        slug="time-cup",
        start_date=datetime.date.today(),
        end_date=datetime.date.today(),
    )
    event = Event.objects.create(
        tournament=t,
        name="Swiss",
        format=Event.Format.SWISS,
        games_to_win=games_to_win,
        settings={"ranking": ranking},
    )
    entries = [
        Entry.objects.create(event=event, player=Player.objects.create(name=f"Timer {n}"))
        for n in range(4)
    ]
    rnd = Round.objects.create(event=event, number=1, games_to_win=games_to_win)
    matches = [
        Match.objects.create(
            event=event,
            round=rnd,
            number=i + 1,
            entry_a=entries[2 * i],
            entry_b=entries[2 * i + 1],
            games_to_win=games_to_win,
            status=Match.Status.READY,
        )
        for i in range(2)
    ]
    return event, matches


def board(match: Match, winner: str, carrommen: int) -> None:
    record_quick_board(
        match=match,
        winner=winner,
        carrommen=carrommen,
        queen=None,
        breaker=None,
        client_id=uuid.uuid4(),
        actor=SYSTEM,
    )


def test_the_leader_wins_and_a_level_game_is_a_draw_worth_one_point_each() -> None:
    event, (m1, m2) = swiss_round()
    for m in (m1, m2):
        record_toss(match=m, winner="a", choice="break", actor=SYSTEM)
    board(m1, "a", 7)
    board(m1, "b", 3)  # 7–3 when time is up
    board(m2, "a", 4)
    board(m2, "b", 4)  # 4–4
    record_time_up(match=m1, actor=SYSTEM)
    record_time_up(match=m2, actor=SYSTEM)
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert (m1.status, m1.winner_side, m1.draw) == (Match.Status.FINISHED, "a", False)
    assert (m2.status, m2.winner_side, m2.draw) == (Match.Status.FINISHED, "", True)
    assert m1.games.get().time_up and m1.games.get().scores == {"a": 7, "b": 3}
    assert AuditEntry.objects.filter(match=m2, action="time_up").count() == 1
    (table,) = standings.event_standings(event)
    points = {row.name: (row.values["score"], row.values["draws"]) for row in table.rows}
    assert points == {"Timer 0": (2, 0), "Timer 1": (0, 0), "Timer 2": (1, 1), "Timer 3": (1, 1)}
    assert table.rule == "european"
    with pytest.raises(MatchError) as err:
        board(m1, "a", 2)  # the match has ended
    assert err.value.code == "match_finished"


def test_best_of_three_stopped_in_game_two_goes_by_games_won() -> None:
    _event, (m1, _m2) = swiss_round("current", games_to_win=2)
    record_toss(match=m1, winner="b", choice="break", actor=SYSTEM)
    for _ in range(3):
        board(m1, "b", 9)  # B takes game 1 (27 → 25)
    board(m1, "a", 5)  # game 2: A leads 5–0
    record_time_up(match=m1, actor=SYSTEM)
    m1.refresh_from_db()
    # game 2 goes to A (the leader), so games are level 1–1: the match is a draw
    assert m1.games_won == {"a": 1, "b": 1} and m1.draw and m1.winner_side == ""


def test_refusals_change_nothing() -> None:
    _event, (m1, m2) = swiss_round()
    with pytest.raises(MatchError) as err:
        record_time_up(match=m1, actor=SYSTEM)
    assert err.value.code == "toss_missing"
    record_toss(match=m1, winner="a", choice="break", actor=SYSTEM)
    m1.refresh_from_db()
    with pytest.raises(StaleMatch):
        record_time_up(match=m1, actor=SYSTEM, expected_revision=m1.revision - 1)
    record_event(
        match=m1,
        payload={"type": "stroke", "by": "white", "pocketed": {"white": 1}},
        client_id=uuid.uuid4(),
        actor=SYSTEM,
    )
    with pytest.raises(MatchError) as err:  # a board in play is finished first (default)
        record_time_up(match=m1, actor=SYSTEM)
    assert err.value.code == "board_in_play"
    m1.refresh_from_db()
    assert m1.status != Match.Status.FINISHED and not m1.games.filter(time_up=True).exists()


def test_stop_at_once_leaves_the_board_in_play_out() -> None:
    event, (m1, _m2) = swiss_round()
    event.settings = {**event.settings, "time_up_board": "stop"}
    event.save()
    record_toss(match=m1, winner="a", choice="break", actor=SYSTEM)
    board(m1, "b", 6)
    record_event(
        match=m1,
        payload={"type": "stroke", "by": "white", "pocketed": {"white": 1}},
        client_id=uuid.uuid4(),
        actor=SYSTEM,
    )
    record_time_up(match=m1, actor=SYSTEM)
    m1.refresh_from_db()
    assert m1.winner_side == "b" and m1.games.get().scores == {"a": 0, "b": 6}


def test_the_tablet_link_and_the_organiser_page(client) -> None:
    _event, (m1, m2) = swiss_round()
    for m in (m1, m2):
        record_toss(match=m, winner="a", choice="break", actor=SYSTEM)
    board(m1, "b", 5)
    m1.refresh_from_db()
    url = reverse("scoring:umpire-link-time-up", args=[m1.umpire_token])
    assert client.get(url).status_code == 405
    stale = client.post(url, {"revision": str(m1.revision - 1)})
    assert stale.status_code == 409
    assert "out of date" in stale.content.decode() or "meanwhile" in stale.content.decode()
    assert client.post(url, {"revision": "x"}).status_code == 422
    done = client.post(url, {"revision": str(m1.revision)}, headers={"HX-Request": "true"})
    assert done.status_code == 204
    assert done["HX-Redirect"] == reverse("scoring:umpire-link", args=[m1.umpire_token])
    m1.refresh_from_db()
    assert m1.winner_side == "b" and m1.status == Match.Status.FINISHED
    assert client.post(url, {"revision": str(m1.revision)}).status_code == 422  # ended

    organiser = get_user_model().objects.create_user("timekeeper", password="x")
    m2.event.tournament.organisers.add(organiser)
    client.force_login(organiser)
    page = reverse("scoring:organiser-match", kwargs={"slug": "time-cup", "match_id": m2.pk})
    html = client.get(page).content.decode()
    action = reverse("scoring:umpire-match-time-up", args=[m2.pk])
    assert f'action="{action}"' in html and 'id="time-up-confirm"' in html
    answer = client.post(
        action, {"revision": str(Match.objects.get(pk=m2.pk).revision), "next": page}
    )
    assert answer.status_code == 302 and answer["Location"] == page
    assert Match.objects.get(pk=m2.pk).draw  # 0–0 when time was up
    evil = client.post(
        reverse("scoring:umpire-match-time-up", args=[m1.pk]), {"next": "https://example.org/"}
    )
    assert evil.status_code == 422  # m1 has ended; and no redirect off the site
