"""A rubber names the lineup's players (issue 34): the umpire's tablet and the rubber's
scoresheet call the players of each side's lineup, with their team beside, not only the two
teams."""

from __future__ import annotations

import pytest

from scoring.models import Match
from scoring.pdf import render_scoresheet
from scoring.selectors import sheets
from scoring.services import draws
from scoring.services.ties import make_ties, submit_lineup
from tests.pdf.helpers import all_text
from tests.teams.test_ties_flow import lineup, team_event

pytestmark = pytest.mark.django_db

__all__ = ["team_event"]


@pytest.fixture
def rubbers(team_event, actor) -> list[Match]:
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    tie = make_ties(team_event)[0]
    for side in ("a", "b"):
        submit_lineup(tie=tie, side=side, players=lineup(tie, side), actor=actor)
    return [r.match for r in tie.rubbers.select_related("match").order_by("number")]


def names(match: Match, side: str) -> tuple[list[str], str]:
    rubber = match.rubber
    entry = match.entry_a if side == "a" else match.entry_b
    ids = rubber.players_a if side == "a" else rubber.players_b
    by_id = {m.player_id: m.player.name for m in entry.team.members.select_related("player")}
    return [by_id[p] for p in ids], entry.team.name


def test_the_tablet_names_the_lineups_players_and_their_team(rubbers, client, organiser) -> None:
    client.force_login(organiser)  # the fixture's tournament is over: its links have expired
    singles, doubles = rubbers[0], rubbers[1]
    html = client.get(f"/u/{singles.umpire_token}/").content.decode()
    (player_a,), team_a = names(singles, "a")
    (player_b,), team_b = names(singles, "b")
    assert side_name(player_a) in html
    assert side_name(player_b) in html
    assert f'<span class="u-side-team">{team_a}</span> · 0 games won' in html
    assert f"({team_b})" in html
    # the captain (the team entry's player) is not named for a rubber he does not play
    captain = singles.entry_a.team.captain.name
    if captain != player_a:
        assert side_name(captain) not in html
    html = client.get(f"/u/{doubles.umpire_token}/").content.decode()
    pair, _team = names(doubles, "a")
    assert side_name(" / ".join(pair)) in html


def side_name(name: str) -> str:
    """A side panel's name as the tablet draws it (a long one carries itself as the title)."""
    title = f' title="{name}"' if len(name) > 11 else ""
    return f'<div class="u-side-name"{title}>{name}</div>'


def test_the_rubbers_scoresheet_names_the_lineups_players(rubbers) -> None:
    singles, doubles = rubbers[0], rubbers[1]
    data = sheets.scoresheet_data(singles, blank=True, language="en")
    (player_a,), team_a = names(singles, "a")
    (player_b,), team_b = names(singles, "b")
    assert [(s.name, s.club) for s in data.sides] == [(player_a, team_a), (player_b, team_b)]
    text = all_text(render_scoresheet(data))
    assert player_a in text and team_a in text and player_b in text
    data = sheets.scoresheet_data(doubles, blank=True, language="en")
    assert data.kind == "doubles"
    pair, team = names(doubles, "b")
    assert data.sides[1].name == " / ".join(pair) and data.sides[1].club == team
    assert [p.name for p in data.sides[1].players] == pair
    text = all_text(render_scoresheet(data))
    assert all(name in text for name in pair)


def test_other_events_sheets_are_named_as_before(db) -> None:
    from tests.factories import make_match

    match = make_match()
    data = sheets.scoresheet_data(match, blank=True, language="en")
    assert data.sides[0].name == match.entry_a.name
