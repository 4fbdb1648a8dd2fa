"""A team event's SoL round trip (issues 31 and 34): exported as SoL's team competitors and
ties scored in rubbers won, the app's extension carrying the rest, and imported again, it
comes back whole: the teams (name, club, captain, every player, more than SoL's four), the tie
format (an organiser's own made again), every tie with its walkover and lineups, every rubber
with its players and its match's decided result and games, and each tie's result worked out
from its rubbers. Hypothesis over generated team events (formats, team sizes, rubber
outcomes: wins, 2–1s, walkovers, time-up, a whole tie's walkover); a SoL team tourney without
the extension is skipped with the reason."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scoring.models import Event, Match, Player, Team, Tie
from scoring.services import draws
from scoring.services.exports import sol_archive
from scoring.services.matches import Actor
from scoring.services.sol import import_sol
from scoring.services.sol.reading import read_members
from scoring.services.sol.upload import preview_members
from scoring.services.teams import add_team, create_tie_format, set_tie_format
from scoring.services.ties import make_ties, set_tie_walkover, submit_lineup
from tests.factories import make_tournament
from tests.organiser.test_sol_round_trip import decided, play_outcome

pytestmark = pytest.mark.django_db
SYSTEM = Actor(via="system", device="tests")
SERIAL = itertools.count(1)
DONE = (Match.Status.FINISHED, Match.Status.CONFIRMED)


def names(ids: list[Any]) -> list[str]:
    by_id = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [by_id.get(p, "?") for p in ids]


def team_state(event: Event) -> dict[str, Any]:
    """What a team event holds beyond its matches: the tie format, the teams and every tie
    with its lineups, rubbers (players and decided result) and the tie's result."""
    teams = sorted(
        (
            t.name,
            t.club,
            t.captain.name,
            [m.player.name for m in t.members.select_related("player").order_by("number")],
        )
        for t in Team.objects.filter(event=event).select_related("captain")
    )
    ties = []
    for tie in Tie.objects.filter(event=event).select_related(
        "match__entry_a__team", "match__entry_b__team"
    ):
        m = tie.match
        rubbers = []
        for r in tie.rubbers.select_related("match").order_by("number"):
            rm = r.match
            result = None
            if rm is not None:
                games = tuple(
                    (g.scores.get("a", 0), g.scores.get("b", 0))
                    for g in rm.games.order_by("number")
                )
                result = (
                    rm.status in DONE,
                    rm.winner_side,
                    rm.draw,
                    rm.walkover,
                    () if rm.walkover else games,
                    rm.games_to_win,
                )
            rubbers.append((r.number, r.kind, names(r.players_a), names(r.players_b), result))
        ties.append(
            (
                m.entry_a.team.name,
                m.entry_b.team.name,
                tie.walkover,
                tie.format,
                sorted((x.side, [names(p) for p in x.players]) for x in tie.lineups.all()),
                rubbers,
                (m.status in DONE, m.winner_side, m.draw, m.walkover, m.games_a, m.games_b),
                (m.points_a, m.points_b),
            )
        )
    fmt = (event.settings or {}).get("tie_format", "sds")
    own = event.tournament.tie_formats.filter(pk=int(fmt[2:])).first() if fmt[:2] == "t-" else None
    return {
        "kind": event.kind,
        "format": event.format,
        "tie_format": fmt if own is None else (own.name, own.rubbers, own.win, own.loss),
        "teams": teams,
        "ties": sorted(ties, key=repr),
    }


def lineup(tie: Tie, side: str, fmt: list[str]) -> list[list[int]]:
    """A lineup under "one singles and one doubles": the i-th singles the team's i-th player,
    the j-th doubles its players 2j and 2j+1."""
    entry = tie.match.entry_a if side == "a" else tie.match.entry_b
    squad = list(entry.team.members.order_by("number").values_list("player_id", flat=True))
    singles, doubles = itertools.count(), itertools.count()
    out = []
    for kind in fmt:
        if kind == "doubles":
            j = next(doubles)
            out.append([squad[(2 * j) % len(squad)], squad[(2 * j + 1) % len(squad)]])
        else:
            out.append([squad[next(singles) % len(squad)]])
    return out


OUTCOMES = st.sampled_from(["a", "b", "walkover_a", "walkover_b", "time_lead", "time_level"])


def build(organiser: Any, fmt: str, sizes: list[int], own: bool) -> Event:
    n = next(SERIAL)
    tournament = make_tournament(f"team-trip-{n}", organiser=organiser)
    event = draws_event(tournament, fmt, n)
    if own:  # an organiser's own format: D-S-S, one game each, every rubber played
        row = create_tie_format(
            tournament=tournament,
            actor=SYSTEM,
            name="D-S-S one game",
            rubbers=[
                {"kind": "doubles", "games_to_win": 1},
                {"kind": "singles", "games_to_win": 1},
                {"kind": "singles", "games_to_win": 1},
            ],
            stop_when_decided=False,
            player_rule="one_each",
            win=3,
            draw=1,
            loss=0,
        )
        set_tie_format(event=event, key=row.key, actor=SYSTEM)
    for t, size in enumerate(sizes):
        squad = [
            Player.objects.create(name=f"Trip{n} Team{t} Player{p}", club=f"Club {t}")
            for p in range(size)
        ]
        add_team(
            event=event,
            actor=SYSTEM,
            name=f"Trip{n} Team {t}",
            players=squad,
            captain=squad[-1],
            club=f"Club {t}",
        )
    return event


def draws_event(tournament: Any, fmt: str, n: int) -> Event:
    from scoring.services.tournaments import create_event

    return create_event(
        tournament=tournament,
        name=f"Teams {n}",
        actor=SYSTEM,
        kind="teams",
        format=fmt,
        settings={"rounds": 2} if fmt == "swiss" else {},
    )


@settings(
    max_examples=6,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    fmt=st.sampled_from(["knockout", "swiss", "groups"]),
    sizes=st.lists(st.integers(2, 6), min_size=3, max_size=4),
    own=st.booleans(),
    outcomes=st.lists(OUTCOMES, min_size=30, max_size=30),
    tie_walkover=st.sampled_from(["", "a", "both"]),
)
def test_a_team_event_comes_back_whole(
    organiser, django_capture_on_commit_callbacks, fmt, sizes, own, outcomes, tie_walkover
) -> None:
    if own:
        sizes = [max(s, 3) for s in sizes]  # D-S-S, one rubber each… a doubles and a singles
    event = build(organiser, fmt, sizes, own)
    with django_capture_on_commit_callbacks(execute=True):
        draws.draw_event(event=event, actor=SYSTEM, random_seed=7)
    choice = iter(outcomes)
    ties = make_ties(event)
    assert ties, "the draw made ties"
    for number, tie in enumerate(ties):
        if number == 0 and tie_walkover:
            set_tie_walkover(tie=tie, side=tie_walkover, actor=SYSTEM)
            continue
        kinds = [r["kind"] for r in tie.format["rubbers"]]
        if number == len(ties) - 1 and len(ties) > 1:
            submit_lineup(tie=tie, side="a", players=lineup(tie, "a", kinds), actor=SYSTEM)
            continue  # one lineup in: the tie waits
        for side in ("a", "b"):
            submit_lineup(tie=tie, side=side, players=lineup(tie, side, kinds), actor=SYSTEM)
        for rubber in tie.rubbers.select_related("match").order_by("number"):
            match = Match.objects.get(pk=rubber.match_id)
            if match.status != Match.Status.READY:
                continue  # not needed: the tie is decided
            with django_capture_on_commit_callbacks(execute=True):
                play_outcome(match, next(choice, "a"), draws_allowed=True)
                match.refresh_from_db()
                if match.status == Match.Status.FINISHED and number % 2:
                    draws.confirm_result(match=match, actor=SYSTEM)
    before = (decided(event), team_state(event))
    assert any(t[6][0] for t in before[1]["ties"]), "a tie is decided"
    assert max(sizes) <= 4 or any(len(t[3]) > 4 for t in before[1]["teams"])

    content = sol_archive(event.tournament, events=[event])
    lists, tourney = yaml.safe_load_all(content)
    assert max(len(c["players"]) for c in tourney["competitors"]) <= 4  # SoL's own limit
    preview = preview_members(read_members(content))
    assert preview["counts"]["created"] == 1 and not preview["warnings"]
    report = import_sol(content, file_name="teams.sol")
    (copy,) = report.tournaments
    after = (decided(copy.events.get()), team_state(copy.events.get()))
    assert after[1] == before[1]
    assert after[0] == before[0]
    assert any("team event" in line for line in report.kept)


def test_a_sol_team_tourney_without_the_extension_is_skipped_with_its_reason() -> None:
    lists = {
        "players": [
            {"guid": f"tp{n}", "firstname": f"T{n}", "lastname": "Spieler"} for n in range(6)
        ],
        "clubs": [],
        "championships": [{"description": "Team Cup"}],
    }
    tourney = {
        "guid": "sol-teams",
        "description": "SoL teams",
        "date": "2025-05-01",
        "championship": 1,
        "competitors": [{"players": [1, 2, 3]}, {"players": [4, 5, 6]}],
        "matches": [{"competitor1": 1, "competitor2": 2, "score1": 25, "score2": 3, "turn": 1}],
    }
    content = yaml.safe_dump_all([lists, tourney]).encode()
    preview = preview_members(read_members(content))
    assert preview["counts"]["created"] == 0 and preview["tourneys"][0]["skipped"]
    report = import_sol(content)
    assert not report.tournaments
    assert any("no rubbers, lineups or tie format" in w for w in report.warnings)


def test_a_damaged_team_extension_is_not_read_as_teams(organiser) -> None:
    event = build(organiser, "knockout", [3, 3], own=False)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=3)
    make_ties(event)
    lists, tourney = yaml.safe_load_all(sol_archive(event.tournament, events=[event]))
    teams = lists["carrom"]["tourneys"][tourney["guid"]]["teams"]["competitors"]
    teams[1]["players"][0] = teams[0]["players"][0]  # one player in two teams
    report = import_sol(yaml.safe_dump_all([lists, tourney], allow_unicode=True).encode())
    assert not report.tournaments
    assert any("no rubbers, lineups or tie format" in w for w in report.warnings)
