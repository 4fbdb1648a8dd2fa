"""Round-robin groups of teams (issue 34): the draw makes groups of teams, each group's ties
are played rubber by rubber, and each group's standings rank its teams by ties won, then
rubbers, games and points; the draw's group table (which sends teams on to the knock-out)
agrees, and the knock-out's ties follow."""

from __future__ import annotations

import pytest

from scoring.models import Event, Match, Player, Tie
from scoring.selectors.ties import team_tables
from scoring.services import draws
from scoring.services.teams import add_team
from scoring.services.ties import make_ties, submit_lineup
from scoring.services.tournaments import create_event
from scoring.standings import group_tables
from tests.factories import play
from tests.teams.test_ties_flow import lineup

pytestmark = pytest.mark.django_db


@pytest.fixture
def groups_event(tournament, actor) -> Event:
    event = create_event(
        tournament=tournament,
        name="Team groups",
        actor=actor,
        kind="teams",
        format="groups",
        settings={"groups": 2, "qualifiers": 2},
    )
    for t in range(6):
        squad = [Player.objects.create(name=f"Group team {t + 1} player {n}") for n in (1, 2, 3)]
        add_team(
            event=event,
            actor=actor,
            name=f"Team {'ABCDEF'[t]}",
            club=f"Club {t + 1}",
            players=squad,
            captain=squad[0],
        )
    return event


def play_tie(tie: Tie, winners: list[str], actor) -> None:
    """Both lineups, then each rubber won by the side named (a stop-when-decided tie plays
    no rubber once decided)."""
    for side in ("a", "b"):
        submit_lineup(tie=tie, side=side, players=lineup(tie, side), actor=actor)
    rubbers = tie.rubbers.select_related("match").order_by("number")
    for rubber, winner in zip(rubbers, winners, strict=False):
        play(rubber.match, winner, actor)
        draws.confirm_result(match=rubber.match, actor=actor)


def test_groups_of_teams_rank_by_ties_then_rubbers(groups_event, actor, run_on_commit) -> None:
    draws.draw_event(event=groups_event, actor=actor, random_seed=2)
    ties = make_ties(groups_event)
    by_group: dict[str, list[Tie]] = {}
    for tie in ties:
        by_group.setdefault(tie.match.group, []).append(tie)
    assert sorted(by_group) == ["A", "B"] and all(len(t) == 3 for t in by_group.values())
    expected = {}
    for group, group_ties in by_group.items():
        names = sorted(
            {t.match.entry_a.team.name for t in group_ties}
            | {t.match.entry_b.team.name for t in group_ties}
        )
        first, second, third = names
        # a circle: each team wins one tie; the rubbers decide (first beats second 2-1,
        # second beats third 2-0, third beats first 2-0): second +1, third 0, first -1
        wins = {(first, second): 2, (second, first): 1, (second, third): 2, (third, first): 2}
        for tie in group_ties:
            a, b = tie.match.entry_a.team.name, tie.match.entry_b.team.name
            won_a = wins.get((a, b), 3 - wins.get((b, a), 3))
            rubbers = ["a", "b", "a"] if won_a == 2 and (a, b) == (first, second) else None
            if rubbers is None and (b, a) == (first, second):
                rubbers = ["b", "a", "b"]
            if rubbers is None:
                rubbers = ["a", "a"] if won_a == 2 else ["b", "b"]
            with run_on_commit():
                play_tie(tie, rubbers, actor)
        expected[group] = [second, third, first]
    for tie in ties:
        tie.match.refresh_from_db()
        assert tie.match.status == Match.Status.CONFIRMED
    tables = team_tables(groups_event)
    assert [t.group for t in tables] == ["A", "B"]
    for table in tables:
        rows = table.rows
        assert [r.team.name for r in rows] == expected[table.group]
        assert [r.standing.won for r in rows] == [1, 1, 1]
        assert [(r.standing.rubbers_won, r.standing.rubbers_lost) for r in rows] == [
            (3, 2),
            (2, 2),
            (2, 3),
        ]
        # each rubber 2-0 in games (quick boards): the games follow the rubbers
        assert [r.standing.games_won for r in rows] == [6, 4, 4]
        assert all(r.standing.played == 2 for r in rows)
        # level on tie points: each place below the first says the rubbers decided it
        decided = [r.standing.decided_by for r in rows]
        assert decided == ["", "rubber_difference", "rubber_difference"]
        assert rows[1].decided_by
    # the draw's group table counts ties (won) and rubbers (its games), never the rubbers as
    # matches, and ranks the group as the team standings do
    for table in group_tables(groups_event):
        names = [r.entry.name for r in table.rows]
        assert names == expected[table.group]
        assert [r.values["played"] for r in table.rows] == [2, 2, 2]
        assert [r.values["games"] for r in table.rows] == ["3:2", "2:2", "2:3"]
    # the groups are over: the knock-out of the first two of each group, played as ties
    with run_on_commit():
        draws.next_round(event=groups_event, actor=actor)
    knockout = make_ties(groups_event)
    assert len(knockout) == 2 and all(not t.match.group for t in knockout)
    finalists = {t.match.entry_a.team.name for t in knockout} | {
        t.match.entry_b.team.name for t in knockout
    }
    assert finalists == {n for names in expected.values() for n in names[:2]}
    # the knock-out's ties are not counted in a group's table
    assert [len(t.rows) for t in team_tables(groups_event)] == [3, 3]


def test_the_live_page_shows_a_table_per_group(groups_event, actor, client) -> None:
    draws.draw_event(event=groups_event, actor=actor, random_seed=2)
    make_ties(groups_event)
    html = client.get(
        f"/t/{groups_event.tournament.slug}/event/{groups_event.pk}/ties/"
    ).content.decode()
    assert 'id="team-group-a"' in html and 'id="team-group-b"' in html
    answer = client.get(f"/api/v1/events/{groups_event.pk}/").json()
    assert {row["group"] for row in answer["team_standings"]} == {"A", "B"}
    assert len(answer["team_standings"]) == 6
