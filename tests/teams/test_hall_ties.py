"""The hall screen shows the team ties in play (issue 34): a slide per team event with each
tie's score in rubbers and its rubbers, their players and the tables they are at."""

from __future__ import annotations

import pytest

from scoring.models import Table
from scoring.services import draws
from scoring.services.callup import call_match
from scoring.services.ties import make_ties, set_tie_walkover, submit_lineup
from tests.factories import play
from tests.teams.test_ties_flow import lineup, team_event

pytestmark = pytest.mark.django_db

__all__ = ["team_event"]


def test_the_hall_shows_ties_in_play_with_their_rubbers_tables(
    team_event, actor, client, run_on_commit
) -> None:
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    tie, other = make_ties(team_event)
    slug = team_event.tournament.slug
    hall = client.get(f"/t/{slug}/hall/").content.decode()
    assert "ties in play" not in hall  # no lineups in yet: nothing is being played
    for side in ("a", "b"):
        submit_lineup(tie=tie, side=side, players=lineup(tie, side), actor=actor)
    rubbers = [r.match for r in tie.rubbers.select_related("match").order_by("number")]
    tables = list(Table.objects.filter(tournament=team_event.tournament).order_by("number"))
    with run_on_commit():
        call_match(match=rubbers[0], table=tables[0], actor=actor)
        play(rubbers[0], "a", actor)
        call_match(match=rubbers[1], table=tables[2], actor=actor)
    hall = client.get(f"/t/{slug}/hall/").content.decode()
    url = f"/t/{slug}/hall/event/{team_event.pk}/?show=ties&amp;page=1"
    assert f'data-url="{url}"' in hall and "Team Swiss: ties in play" in hall
    html = client.get(url.replace("&amp;", "&")).content.decode()
    a, b = tie.match.entry_a.team.name, tie.match.entry_b.team.name
    assert f'<span class="hall-name">{a}</span><span class="hall-games">1</span>' in html
    assert f'<span class="hall-name">{b}</span><span class="hall-games">0</span>' in html
    assert html.count('<li class="hall-rubber') == 3
    assert "2:0" in html  # the first rubber's games
    assert f"Table {tables[2].number}" in html  # the second rubber's table
    assert "waiting for a table" in html  # the third
    names = {m.player_id: m.player.name for m in tie.match.entry_a.team.members.all()}
    first = names[lineup(tie, "a")[0][0]]
    assert first in html
    assert other.match.entry_a.team.name not in html  # no lineups: not in play
    # decided (stop when decided) or given as a walkover: off the slide
    with run_on_commit():
        set_tie_walkover(tie=tie, side="b", actor=actor)
    html = client.get(url.replace("&amp;", "&")).content.decode()
    assert "No tie is being played right now." in html
    assert "ties in play" not in client.get(f"/t/{slug}/hall/").content.decode()
