"""Teams and tie formats as data (services/teams.py), a tie's result read from its rubbers
through the one decided-result definition (standings/ties.py), and the call-up's player hold
for rubbers (services/callup.py)."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import Entry, Event, Match, Player, Rubber, Table, Team, Tie, Tournament
from scoring.services import callup
from scoring.services.matches import Actor
from scoring.services.teams import (
    add_team,
    change_team,
    create_tie_format,
    delete_tie_format,
    remove_team,
    set_tie_format,
)
from scoring.services.tournaments import TournamentError, create_event
from scoring.standings.ties import formats_of, tie_format_for, tie_result_of, tie_results

DESK = Actor(via="organiser")
pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament() -> Tournament:
    return Tournament.objects.create(
        slug="teams",
        name="Team Open",
        start_date=datetime.date(2026, 12, 5),
        end_date=datetime.date(2026, 12, 6),
    )


@pytest.fixture
def event(tournament: Tournament) -> Event:
    return create_event(
        tournament=tournament, name="Club teams", actor=DESK, kind="teams", format="swiss"
    )


def players(prefix: str, count: int) -> list[Player]:
    return [Player.objects.create(name=f"{prefix} {n}") for n in range(1, count + 1)]


def code_of(call: object) -> str:
    with pytest.raises(TournamentError) as caught:
        call()  # type: ignore[operator]
    return caught.value.code


def test_a_team_is_an_entry_of_its_event(event: Event) -> None:
    squad = players("Red", 3)
    team = add_team(
        event=event, actor=DESK, name="Red Strikers", club="CC Red", players=squad, captain=squad[1]
    )
    assert event.is_teams
    entry = Entry.objects.get(event=event)
    assert entry.team == team and entry.player == squad[1]
    assert [m.player for m in team.members.all()] == squad
    assert team.club == "CC Red" and team.captain == squad[1]


def test_team_rules_are_checked(event: Event, tournament: Tournament) -> None:
    squad = players("Blue", 9)
    assert (
        code_of(
            lambda: add_team(
                event=event, actor=DESK, name="Blue", players=squad[:1], captain=squad[0]
            )
        )
        == "team_size"
    )
    assert (
        code_of(
            lambda: add_team(event=event, actor=DESK, name="Blue", players=squad, captain=squad[0])
        )
        == "team_size"
    )
    assert (
        code_of(
            lambda: add_team(
                event=event, actor=DESK, name="Blue", players=squad[:3], captain=squad[5]
            )
        )
        == "captain_not_in_team"
    )
    assert (
        code_of(
            lambda: add_team(event=event, actor=DESK, name="", players=squad[:3], captain=squad[0])
        )
        == "name_missing"
    )
    assert (
        code_of(
            lambda: add_team(
                event=event,
                actor=DESK,
                name="Blue",
                players=[squad[0], squad[0], squad[1]],
                captain=squad[0],
            )
        )
        == "team_player_twice"
    )
    add_team(event=event, actor=DESK, name="Blue", players=squad[:3], captain=squad[0])
    assert (
        code_of(
            lambda: add_team(
                event=event, actor=DESK, name="Blue", players=squad[3:6], captain=squad[3]
            )
        )
        == "team_name_taken"
    )
    with pytest.raises(TournamentError) as caught:
        add_team(
            event=event, actor=DESK, name="Green", players=[squad[2], squad[6]], captain=squad[6]
        )
    assert caught.value.code == "player_in_other_team"
    assert caught.value.params == {"name": "Blue 3", "team": "Blue"}
    singles = create_event(tournament=tournament, name="Singles", actor=DESK)
    assert (
        code_of(
            lambda: add_team(
                event=singles, actor=DESK, name="X", players=squad[6:8], captain=squad[6]
            )
        )
        == "not_team_event"
    )
    # the same player plays singles too: one player of the register
    Entry.objects.create(event=singles, player=squad[0])
    assert Entry.objects.filter(player=squad[0]).count() == 2


def test_tie_formats_as_data(event: Event, tournament: Tournament) -> None:
    assert tie_format_for(event).key == "sds"
    assert set(formats_of(tournament)) == {"sds", "4s1d"}
    own = create_tie_format(
        tournament=tournament,
        actor=DESK,
        name="D-S-S-D",
        rubbers=[
            {"kind": "doubles"},
            {"kind": "singles"},
            {"kind": "singles", "games_to_win": 1},
            {"kind": "doubles"},
        ],
        stop_when_decided=False,
        player_rule="one_rubber",
        win=3,
    )
    fmt = formats_of(tournament)[own.key]
    assert fmt.code == "D-S-S-D" and fmt.win == 3 and fmt.rubbers[2].games_to_win == 1
    assert (
        code_of(
            lambda: create_tie_format(
                tournament=tournament, actor=DESK, name="Empty", rubbers=[], stop_when_decided=True
            )
        )
        == "tie_format_no_rubbers"
    )
    assert (
        code_of(
            lambda: create_tie_format(
                tournament=tournament,
                actor=DESK,
                name="D-S-S-D",
                rubbers=[{"kind": "singles"}],
                stop_when_decided=True,
            )
        )
        == "tie_format_name_taken"
    )
    squad = players("Gold", 4)
    add_team(event=event, actor=DESK, name="Gold", players=squad[:3], captain=squad[0])
    # a team of three cannot fill D-S-S-D where each player plays one rubber (six needed)
    assert (
        code_of(lambda: set_tie_format(event=event, key=own.key, actor=DESK))
        == "tie_format_team_small"
    )
    assert (
        code_of(lambda: set_tie_format(event=event, key="t-999", actor=DESK))
        == "tie_format_unknown"
    )
    change_team(team=Team.objects.get(name="Gold"), actor=DESK, players=squad)
    set_tie_format(event=event, key="4s1d", actor=DESK)
    event.refresh_from_db()
    assert tie_format_for(event).key == "4s1d"
    # a team too small for the event's format is refused at entry
    more = players("Silver", 3)
    assert (
        code_of(
            lambda: add_team(event=event, actor=DESK, name="Silver", players=more, captain=more[0])
        )
        == "team_too_small_for_format"
    )
    event.settings = {**event.settings, "tie_format": own.key}
    event.save()
    assert code_of(lambda: delete_tie_format(tie_format=own, actor=DESK)) == "tie_format_in_use"


def test_changing_the_captain_moves_the_entry(event: Event) -> None:
    squad = players("Teal", 4)
    team = add_team(event=event, actor=DESK, name="Teal", players=squad[:2], captain=squad[0])
    change_team(team=team, actor=DESK, name="Teal Tigers", players=squad[1:], captain=squad[3])
    team.refresh_from_db()
    assert team.name == "Teal Tigers" and team.captain == squad[3]
    assert team.entry.player == squad[3]
    assert sorted(m.player.name for m in team.members.all()) == ["Teal 2", "Teal 3", "Teal 4"]
    remove_team(team=team, actor=DESK)
    assert not Team.objects.exists() and not Entry.objects.filter(event=event).exists()


def _tie(event: Event, walkover: str = "") -> tuple[Tie, Team, Team]:
    red, blue = players("Red", 3), players("Blue", 3)
    ta = add_team(event=event, actor=DESK, name="Red", players=red, captain=red[0])
    tb = add_team(event=event, actor=DESK, name="Blue", players=blue, captain=blue[0])
    match = Match.objects.create(
        event=event, entry_a=ta.entry, entry_b=tb.entry, status=Match.Status.READY
    )
    tie = Tie.objects.create(
        event=event, match=match, format=tie_format_for(event).data(), walkover=walkover
    )
    lineup = (
        ([red[0].pk], [blue[0].pk]),
        ([red[1].pk, red[2].pk], [blue[1].pk, blue[2].pk]),
        ([red[1].pk], [blue[2].pk]),
    )
    for number, (kind, (pa, pb)) in enumerate(
        zip(("singles", "doubles", "singles"), lineup, strict=True), start=1
    ):
        rubber_match = Match.objects.create(
            event=event,
            entry_a=ta.entry,
            entry_b=tb.entry,
            number=100 + number,
            status=Match.Status.READY,
        )
        Rubber.objects.create(
            tie=tie, number=number, kind=kind, match=rubber_match, players_a=pa, players_b=pb
        )
    return tie, ta, tb


def _finish(
    rubber: Rubber, side: str, games: tuple[int, int] = (2, 0), walkover: bool = False
) -> None:
    Match.objects.filter(pk=rubber.match_id).update(
        status=Match.Status.FINISHED,
        winner_side=side,
        walkover=walkover,
        games_a=games[0],
        games_b=games[1],
        points_a=20 * games[0],
        points_b=20 * games[1],
    )


def test_tie_result_from_its_rubbers(event: Event) -> None:
    tie, ta, tb = _tie(event)
    first, second, third = tie.rubbers.order_by("number")
    assert not tie_result_of(tie).decided
    _finish(first, "a")
    _finish(second, "b", (1, 2))
    result = tie_result_of(tie)
    assert not result.decided and (result.rubbers_a, result.rubbers_b) == (1, 1)
    _finish(third, "b", walkover=True, games=(0, 0))  # a rubber's walkover counts too
    result = tie_result_of(tie)
    assert result.decided and result.winner == tb.entry_id and result.winner_side == "b"
    assert (result.rubbers_a, result.rubbers_b) == (1, 2)
    assert (result.games_a, result.games_b) == (3, 2)


def test_tie_stops_when_decided_and_whole_tie_walkover(event: Event) -> None:
    tie, ta, _tb = _tie(event)
    first, second, _third = tie.rubbers.order_by("number")
    _finish(first, "a")
    Match.objects.filter(pk=second.match_id).update(
        status=Match.Status.CONFIRMED, winner_side="a", games_a=2
    )
    result = tie_results([tie])[tie.pk]
    assert result.decided and result.winner == ta.entry_id and result.not_needed == (2,)
    Tie.objects.filter(pk=tie.pk).update(walkover="b")
    tie.refresh_from_db()
    result = tie_result_of(tie)
    assert result.walkover and result.winner_side == "b" and result.rubbers_b == 2


def test_a_rubber_holds_its_lineup_players_not_the_whole_team(
    event: Event, tournament: Tournament
) -> None:
    tie, ta, tb = _tie(event)
    table = Table.objects.create(tournament=tournament, number=1)
    first, _second, third = tie.rubbers.order_by("number")
    # the tie itself is never called to a table, nor queued
    assert (
        code_of(lambda: callup.call_match(match=tie.match, table=table, actor=DESK)) == "not_ready"
    )
    queued = [item.match.pk for item in callup.board(tournament).queue]
    assert tie.match_id not in queued and first.match_id in queued
    callup.call_match(match=first.match, table=table, actor=DESK)
    held = callup.busy(tournament).players
    assert set(held) == {*first.players_a, *first.players_b}
    board = callup.board(tournament)
    third_item = next(q for q in board.queue if q.match.pk == third.match_id)
    # the third rubber's Blue player is not in the first; Red's is not either
    assert not third_item.held
    second_item = next(q for q in board.queue if q.match.pk == _second.match_id)
    assert not second_item.held
    # a singles player of the register playing a rubber is held in the singles event too
    singles = create_event(tournament=tournament, name="Singles", actor=DESK)
    red_one = Player.objects.get(pk=first.players_a[0])
    other = Player.objects.create(name="Lone")
    ea = Entry.objects.create(event=singles, player=red_one)
    eb = Entry.objects.create(event=singles, player=other)
    single = Match.objects.create(event=singles, entry_a=ea, entry_b=eb, status=Match.Status.READY)
    item = next(q for q in callup.board(tournament).queue if q.match.pk == single.pk)
    assert [p.name for p, _m in item.held_by] == [red_one.name]
