"""A team Swiss event from the draw to the next round: ties made from the draw's matches,
lineups checked and submitted, rubbers played as normal matches, the tie's match following
its rubbers, the draw's standings counting ties (not rubbers)."""

from __future__ import annotations

import pytest

from scoring.models import Event, Match, Player, Rubber, Tie
from scoring.services import draws
from scoring.services.teams import add_team
from scoring.services.ties import LineupRefused, make_ties, set_tie_walkover, submit_lineup
from scoring.services.tournaments import TournamentError, create_event
from scoring.standings.results import decided_results
from scoring.standings.ties import tie_result_of
from tests.factories import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_event(tournament, actor) -> Event:
    event = create_event(
        tournament=tournament,
        name="Team Swiss",
        actor=actor,
        kind="teams",
        format="swiss",
        settings={"rounds": 2},
    )
    for t in range(4):
        squad = [Player.objects.create(name=f"Team {t + 1} player {n}") for n in range(1, 4)]
        add_team(
            event=event,
            actor=actor,
            name=f"Team {t + 1}",
            club=f"Club {t + 1}",
            players=squad,
            captain=squad[0],
        )
    return event


def lineup(tie: Tie, side: str) -> list[list[int]]:
    entry = tie.match.entry_a if side == "a" else tie.match.entry_b
    p1, p2, p3 = list(entry.team.members.values_list("player_id", flat=True))
    return [[p1], [p2, p3], [p2]]


def test_a_team_swiss_round_is_played_tie_by_tie(team_event, actor, run_on_commit) -> None:
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    ties = make_ties(team_event)
    assert len(ties) == 2 and make_ties(team_event) == []
    tie = ties[0]
    assert [r.kind for r in tie.rubbers.order_by("number")] == ["singles", "doubles", "singles"]
    bad = lineup(tie, "a")
    bad[2] = bad[0]  # the singles player twice
    with pytest.raises(LineupRefused) as caught:
        submit_lineup(tie=tie, side="a", players=bad, actor=actor, via="captain")
    assert caught.value.code == "lineup_two_singles"
    assert caught.value.params["rubber"] == 3 and caught.value.params["name"]
    submit_lineup(tie=tie, side="a", players=lineup(tie, "a"), actor=actor, via="captain")
    assert not Rubber.objects.filter(tie=tie, match__isnull=False).exists()
    submit_lineup(tie=tie, side="b", players=lineup(tie, "b"), actor=actor)
    with pytest.raises(TournamentError) as closed:
        submit_lineup(tie=tie, side="b", players=lineup(tie, "b"), actor=actor)
    assert closed.value.code == "lineups_closed"
    rubbers = list(tie.rubbers.select_related("match").order_by("number"))
    assert all(r.match.status == Match.Status.READY for r in rubbers)
    assert rubbers[1].players_a == lineup(tie, "a")[1]
    with run_on_commit():
        for rubber in rubbers[:2]:
            play(rubber.match, "b", actor)
            draws.confirm_result(match=rubber.match, actor=actor)
    tie.match.refresh_from_db()
    assert tie.match.status == Match.Status.CONFIRMED and tie.match.winner_side == "b"
    assert (tie.match.games_a, tie.match.games_b) == (0, 2)
    rubbers[2].match.refresh_from_db()
    assert rubbers[2].match.status == Match.Status.SCHEDULED  # not needed: stopped
    assert tie_result_of(tie).not_needed == (2,)
    # the other tie: a walkover of the whole tie
    with run_on_commit():
        set_tie_walkover(tie=ties[1], side="a", actor=actor)
    results, confirmed, _last = decided_results(team_event)
    assert confirmed and len(results) == 2  # the ties, never their rubbers
    assert {r.winner for r in results} == {tie.match.entry_b_id, ties[1].match.entry_a_id}
    with run_on_commit():
        draws.next_round(event=team_event, actor=actor)
    round_two = Match.objects.filter(event=team_event, round__number=2)
    assert round_two.count() == 2
    assert len(make_ties(team_event)) == 2


def test_the_api_shows_ties_with_rubbers_linking_matches(
    team_event, actor, client, run_on_commit
) -> None:
    from tests.live.test_openapi import _response_schema, assert_valid

    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    tie = make_ties(team_event)[0]
    submit_lineup(tie=tie, side="a", players=lineup(tie, "a"), actor=actor)
    answer = client.get(f"/api/v1/events/{team_event.pk}/").json()
    schema = _response_schema("/api/v1/events/{event_id}/")
    assert_valid(answer, schema)
    shown = next(t for t in answer["ties"] if t["id"] == tie.pk)
    assert shown["lineups_in"] == ["a"] and shown["format"]["code"] == "S-D-S"
    # neither side sees a lineup before both are in: no rubber names its players
    assert all(r["players_a"] == [] and r["match"] is None for r in shown["rubbers"])
    submit_lineup(tie=tie, side="b", players=lineup(tie, "b"), actor=actor)
    with run_on_commit():
        first = tie.rubbers.get(number=1).match
        play(first, "a", actor)
    answer = client.get(f"/api/v1/events/{team_event.pk}/").json()
    assert_valid(answer, schema)
    shown = next(t for t in answer["ties"] if t["id"] == tie.pk)
    rubber = shown["rubbers"][0]
    assert rubber["match"] == first.pk and rubber["url"].endswith(f"/api/v1/matches/{first.pk}/")
    assert rubber["winner_side"] == "a" and shown["rubbers_won"] == [1, 0]
    assert not shown["decided"] and shown["team_a"].startswith("Team ")
    entry = next(e for e in answer["entries"] if e["id"] == tie.match.entry_a_id)
    assert entry["name"] == shown["team_a"] and len(entry["team"]["players"]) == 3
    assert client.get(f"/api/v1/matches/{first.pk}/").status_code == 200


def test_the_backup_keeps_teams_and_ties(team_event, actor, run_on_commit) -> None:
    from scoring.models import Team, TieFormat
    from scoring.services.backup import export_tournament, import_tournament
    from scoring.services.teams import create_tie_format

    create_tie_format(
        tournament=team_event.tournament,
        actor=actor,
        name="Singles only",
        rubbers=[{"kind": "singles"}],
        stop_when_decided=True,
    )
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    tie = make_ties(team_event)[0]
    submit_lineup(tie=tie, side="a", players=lineup(tie, "a"), actor=actor)
    submit_lineup(tie=tie, side="b", players=lineup(tie, "b"), actor=actor)
    with run_on_commit():
        play(tie.rubbers.get(number=1).match, "b", actor)
    document = export_tournament(team_event.tournament)
    assert len(document["teams"]) == 4 and len(document["ties"]) == 2
    assert document["ties"][0]["rubbers"][0]["players_a"][0].startswith("p")
    import_tournament(document, slug="team-copy")
    copy = Event.objects.get(tournament__slug="team-copy", name=team_event.name)
    assert Team.objects.filter(event=copy).count() == 4
    assert TieFormat.objects.filter(tournament__slug="team-copy").count() == 1
    copied = Tie.objects.get(event=copy, lineups__isnull=False, lineups__side="a")
    original, restored = tie_result_of(tie), tie_result_of(copied)
    assert (restored.rubbers_a, restored.rubbers_b) == (original.rubbers_a, original.rubbers_b)
    rubber = copied.rubbers.get(number=2)
    assert rubber.match is not None and rubber.match.event_id == copy.pk
    assert (
        Player.objects.get(pk=rubber.players_a[0]).name
        == Player.objects.get(pk=tie.rubbers.get(number=2).players_a[0]).name
    )


def test_the_draw_keeps_teams_of_one_club_apart(tournament, actor) -> None:
    event = create_event(
        tournament=tournament,
        name="Club Swiss",
        actor=actor,
        kind="teams",
        format="swiss",
        settings={"rounds": 2, "separate": "club"},
    )
    for t, club in enumerate(("North", "North", "South", "South")):
        squad = [Player.objects.create(name=f"Club team {t} player {n}") for n in range(2)]
        add_team(
            event=event, actor=actor, name=f"Team {t}", club=club, players=squad, captain=squad[0]
        )
    for seed in range(4):
        Match.objects.filter(event=event).delete()
        event.rounds.all().delete()
        draws.draw_event(event=event, actor=actor, random_seed=seed)
        for m in Match.objects.filter(event=event).select_related("entry_a__team", "entry_b__team"):
            assert m.entry_a.team.club != m.entry_b.team.club


def test_the_demo_has_a_team_event_in_progress(db) -> None:
    from django.core.management import call_command

    call_command("seed_demo", verbosity=0)
    event = Event.objects.get(name="Club teams (S-D-S)")
    ties = list(Tie.objects.filter(event=event))
    assert len(ties) == 2 and event.teams.count() == 4
    played = [tie_result_of(t) for t in ties]
    assert sorted((r.rubbers_a, r.rubbers_b) for r in played) == [(0, 0), (1, 0)]
    assert not any(r.decided for r in played)
    call_command("seed_demo", verbosity=0)  # idempotent
    assert Tie.objects.filter(event=event).count() == 2


def test_team_standings_live_pages_and_team_page(team_event, actor, client, run_on_commit) -> None:
    from django.urls import reverse

    from tests.live.test_openapi import _response_schema, assert_valid

    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    tie, other = make_ties(team_event)
    submit_lineup(tie=tie, side="a", players=lineup(tie, "a"), actor=actor)
    submit_lineup(tie=tie, side="b", players=lineup(tie, "b"), actor=actor)
    with run_on_commit():
        for number in (1, 2):
            play(tie.rubbers.get(number=number).match, "a", actor)
        set_tie_walkover(tie=other, side="b", actor=actor)
    slug = team_event.tournament.slug
    page = client.get(reverse("scoring:live-event-ties", args=[slug, team_event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    winner = tie.match.entry_a.team
    assert winner.name in html and "Behind on" in html and "not needed" in html
    team = client.get(reverse("scoring:live-team", args=[slug, winner.pk]))
    assert team.status_code == 200
    text = team.content.decode()
    captain = winner.captain.name
    assert captain in text and "Place 1" in text
    assert client.get(reverse("scoring:live-event", args=[slug, team_event.pk])).status_code == 200
    answer = client.get(f"/api/v1/events/{team_event.pk}/").json()
    assert_valid(answer, _response_schema("/api/v1/events/{event_id}/"))
    top = answer["team_standings"][0]
    assert top["rank"] == 1 and top["tie_points"] == 2 and top["decided_by"] is None
    assert {row["team"] for row in answer["team_standings"][:2]} == {
        winner.name,
        other.match.entry_b.team.name,
    }


def test_a_corrected_rubber_moves_its_tie(team_event, actor, run_on_commit) -> None:
    """A rebuild of a rubber's caches that changes its winner (a correction) resyncs the
    tie's match."""
    from scoring.services.matches import refresh_caches

    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    tie = make_ties(team_event)[0]
    submit_lineup(tie=tie, side="a", players=lineup(tie, "a"), actor=actor)
    submit_lineup(tie=tie, side="b", players=lineup(tie, "b"), actor=actor)
    with run_on_commit():
        for number in (1, 2):
            play(tie.rubbers.get(number=number).match, "a", actor)
    tie.match.refresh_from_db()
    assert tie.match.winner_side == "a"
    # the tie's match was written by hand as if stale; a rebuild of rubber 2 brings it back
    second = tie.rubbers.get(number=2).match
    Match.objects.filter(pk=second.pk).update(winner_side="")
    Match.objects.filter(pk=tie.match_id).update(winner_side="", status=Match.Status.READY)
    second.refresh_from_db()
    with run_on_commit():
        refresh_caches(second)
    tie.match.refresh_from_db()
    assert tie.match.winner_side == "a" and tie.match.status == Match.Status.FINISHED
