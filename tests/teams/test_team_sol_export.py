"""Team events in the SoL export (issue 34): each team is one SoL competitor of at most four
players (captain first), each tie one SoL match scored in rubbers won, never the rubbers as
matches of their own; the report says what SoL cannot hold, the app's extension keeps the
rubbers' players."""

from __future__ import annotations

import pytest

from scoring.models import Player
from scoring.services import draws
from scoring.services.exports import sol_archive, sol_documents, sol_report
from scoring.services.sol.extension import KEY as EXTENSION_KEY
from scoring.services.teams import add_team
from scoring.services.ties import make_ties, submit_lineup
from scoring.services.tournaments import create_event
from tests.factories import play

pytestmark = pytest.mark.django_db


def lineup(tie, side: str) -> list[list[int]]:
    entry = tie.match.entry_a if side == "a" else tie.match.entry_b
    p1, p2, p3 = entry.team.members.order_by("number").values_list("player_id", flat=True)[:3]
    return [[p1], [p2, p3], [p2]]


@pytest.fixture
def team_event(tournament, actor):
    event = create_event(
        tournament=tournament, name="Club teams", actor=actor, kind="teams", format="knockout"
    )
    for t, size in enumerate((6, 3)):
        squad = [Player.objects.create(name=f"Export team {t} player {n}") for n in range(size)]
        add_team(
            event=event,
            actor=actor,
            name=f"Export team {t}",
            players=squad,
            captain=squad[1],  # not the first: the captain goes first in SoL
        )
    return event


def test_a_team_event_goes_to_sol_as_teams_and_ties(team_event, actor, run_on_commit) -> None:
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    (tie,) = make_ties(team_event)
    for side in ("a", "b"):
        submit_lineup(tie=tie, side=side, players=lineup(tie, side), actor=actor)
    with run_on_commit():
        for rubber in tie.rubbers.select_related("match").order_by("number")[:2]:
            play(rubber.match, "b", actor)
            draws.confirm_result(match=rubber.match, actor=actor)
    tie.match.refresh_from_db()
    lists, tourney = sol_documents(team_event.tournament, events=[team_event])
    championship = lists["championships"][tourney["championship"] - 1]
    assert championship["playersperteam"] == 4
    players = lists["players"]
    by_entry = {e.pk: e for e in team_event.entries.select_related("team")}
    entries = sorted(by_entry)
    for number, competitor in enumerate(tourney["competitors"]):
        team = by_entry[entries[number]].team
        members = [m.player for m in team.members.order_by("number")]
        shown = [
            f"{players[p - 1]['firstname']} {players[p - 1]['lastname']}".strip()
            for p in competitor["players"]
        ]
        assert len(shown) == min(4, len(members))
        assert shown[0] == team.captain.name  # the captain first
        assert set(shown) <= {p.name for p in members}
    # one SoL match: the tie, scored in rubbers won (its rubbers are not matches of SoL's)
    (match,) = tourney["matches"]
    pos_a = entries.index(tie.match.entry_a_id) + 1
    pos_b = entries.index(tie.match.entry_b_id) + 1
    assert {match["competitor1"], match["competitor2"]} == {pos_a, pos_b}
    score = {match["competitor1"]: match["score1"], match["competitor2"]: match["score2"]}
    assert (score[pos_a], score[pos_b]) == (0, 2)
    assert "score1_2" not in match
    extension = lists[EXTENSION_KEY]["tourneys"][tourney["guid"]]
    rubbers = extension["matches"][0]["rubbers"]
    assert [r["kind"] for r in rubbers] == ["singles", "doubles", "singles"]
    assert all(len(r["players_a"]) == (2 if r["kind"] == "doubles" else 1) for r in rubbers)
    report = " ".join(sol_report(team_event.tournament, events=[team_event]))
    assert "team event" in report and "at most 4 players" in report
    # the whole archive is written (the report as its comment lines)
    archive = sol_archive(team_event.tournament, events=[team_event]).decode()
    assert "# Club teams: team event" in archive
