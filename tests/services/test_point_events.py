"""Point-carrom events: the round robin of three-player tables, the player table (game wins,
then points) and single matches filed in the event the organiser picks."""

from __future__ import annotations

import datetime
from itertools import combinations

import pytest

from scoring.models import Entry, Event, Match, Player, Tournament
from scoring.selectors.organiser import draw_state
from scoring.services.draws import DrawServiceError, draw_event
from scoring.services.matches import Actor, MatchError, create_single_match
from scoring.services.point_events import point_tables
from scoring.services.tournaments import TournamentError, create_event
from scoring.standings import point_table
from tests.live.point_flow import BOARD_ONE, BOARD_TWO, play, toss

SYSTEM = Actor(via="system")
pytestmark = pytest.mark.django_db


def _tournament() -> Tournament:
    return Tournament.objects.create(
        slug="pts",
        name="Point Open",
        start_date=datetime.date(2026, 12, 5),
        end_date=datetime.date(2026, 12, 5),
    )


def _event(tournament: Tournament, entries: int, fmt: str = "groups") -> Event:
    event = create_event(
        tournament=tournament,
        name="Point carrom",
        actor=SYSTEM,
        kind="points",
        format=fmt,
        rules="point-carrom",
        games_to_win=1,
    )
    for n in range(entries):
        Entry.objects.create(event=event, player=Player.objects.create(name=f"Player {n + 1}"))
    return event


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_every_three_meet_once_and_nobody_twice_in_a_round(n: int) -> None:
    rounds = point_tables(list(range(1, n + 1)))
    tables = [t for r in rounds for t in r]
    assert sorted(tables) == sorted(combinations(range(1, n + 1), 3))
    for r in rounds:
        seated = [e for t in r for e in t]
        assert len(seated) == len(set(seated))


def test_point_round_robin_draw() -> None:
    event = _event(_tournament(), 4)
    assert draw_state(event).can_draw
    draw_event(event=event, actor=SYSTEM)
    matches = list(Match.objects.filter(event=event))
    assert len(matches) == 4  # C(4, 3)
    assert all(m.entry_c_id and m.rules == "point-carrom" and m.games_to_win == 1 for m in matches)
    assert not draw_state(event).can_next


def test_point_draw_refuses_too_few_and_other_formats() -> None:
    tournament = _tournament()
    event = _event(tournament, 2)
    assert not draw_state(event).can_draw
    with pytest.raises(DrawServiceError):
        draw_event(event=event, actor=SYSTEM)
    with pytest.raises(TournamentError):
        create_event(
            tournament=tournament,
            name="KO points",
            actor=SYSTEM,
            kind="points",
            format="knockout",
            rules="point-carrom",
        )


def test_player_table_ranks_by_game_wins_then_points() -> None:
    event = _event(_tournament(), 3, fmt="single_match")
    e = list(Entry.objects.filter(event=event).order_by("pk"))
    match = Match.objects.create(
        event=event,
        number=1,
        entry_a=e[0],
        entry_b=e[1],
        entry_c=e[2],
        rules="point-carrom",
        games_to_win=1,
        status=Match.Status.READY,
    )
    play(play(toss(match), BOARD_ONE), BOARD_TWO)  # A 25, B 8, C 7
    rows = point_table(event)
    assert [(r.rank, r.name, r.wins, r.points, r.played) for r in rows] == [
        (1, "Player 1", 1, 25, 1),
        (2, "Player 2", 0, 8, 1),
        (3, "Player 3", 0, 7, 1),
    ]


def test_new_match_goes_to_the_event_picked() -> None:
    tournament = _tournament()
    first = _event(tournament, 0, fmt="single_match")
    second = create_event(
        tournament=tournament,
        name="Evening points",
        actor=SYSTEM,
        kind="points",
        format="single_match",
        rules="point-carrom",
        games_to_win=1,
    )
    match = create_single_match(
        tournament=tournament,
        kind="points",
        rules="point-carrom",
        players=["Xu", "Yan", "Zoe"],
        actor=SYSTEM,
        event=second,
        games_to_win=1,
    )
    assert match.event == second and match.entry_c is not None
    match = create_single_match(
        tournament=tournament,
        kind="points",
        rules="point-carrom",
        players=["Xu", "Yan", "Zoe"],
        actor=SYSTEM,
        games_to_win=1,
    )
    assert match.event == first
    singles = create_event(
        tournament=tournament,
        name="Singles",
        actor=SYSTEM,
        kind="singles",
        format="single_match",
        rules="icf",
    )
    with pytest.raises(MatchError):
        create_single_match(
            tournament=tournament,
            kind="points",
            rules="point-carrom",
            players=["Xu", "Yan", "Zoe"],
            actor=SYSTEM,
            event=singles,
        )


def test_a_point_round_robin_is_not_called_a_knock_out(client) -> None:
    """The event's format in words: a round robin of three-player tables (no knock-out)."""
    event = _event(_tournament(), 4)
    draw_event(event=event, actor=SYSTEM)
    assert event.format_label == "Round robin of three-player tables"
    html = client.get(f"/t/{event.tournament.slug}/event/{event.pk}/").content.decode()
    assert "Round robin of three-player tables" in html
    assert "knock-out" not in html.lower()
    singles = create_event(
        tournament=event.tournament,
        name="Singles",
        actor=SYSTEM,
        kind="singles",
        format="groups",
        rules="icf",
    )
    assert singles.format_label == "Round-robin groups and knock-out"
