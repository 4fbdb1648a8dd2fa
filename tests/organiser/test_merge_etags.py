"""A merge changes what an event's pages and API show (the entries' players): their ETags
follow it, so a poll with the old ETag gets the merged names, not a 304 (issue 31)."""

from __future__ import annotations

import pytest

from scoring.models import Entry, Event, ExternalRecord, Player
from scoring.services.merges import merge_players, undo_merge
from tests.factories import make_tournament


@pytest.fixture
def doubles_elsewhere(tournament, organiser):
    first = Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    second = Player.objects.create(name="ÄNNE SCHÄFER", club="Hillside CC")
    other = make_tournament("autumn-cup", organiser=organiser)
    doubles = Event.objects.create(tournament=other, name="Doubles", kind="doubles")
    Entry.objects.create(
        event=doubles, player=Player.objects.create(name="Cleo Diaz"), partner=second
    )
    Entry.objects.create(
        event=doubles,
        player=Player.objects.create(name="Dev Rao"),
        partner=Player.objects.create(name="Eli Moss"),
    )
    ExternalRecord.objects.create(source="sol", kind="player", key="guid-1", player=second)
    return first, second, doubles


def test_the_event_api_etag_follows_a_merge_and_its_undo(
    client, tournament, actor, doubles_elsewhere
) -> None:
    first, second, doubles = doubles_elsewhere
    path = f"/api/v1/events/{doubles.pk}/"
    before = client.get(path)
    assert before.status_code == 200
    merge = merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    after = client.get(path, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert first.pk in {p["id"] for e in after.json()["entries"] for p in e["players"]}
    undo_merge(merge=merge, actor=actor)
    again = client.get(path, headers={"if-none-match": after["ETag"]})
    assert again.status_code == 200
    assert second.pk in {p["id"] for e in again.json()["entries"] for p in e["players"]}


@pytest.mark.parametrize("where", ["players", "event"])
def test_the_public_pages_follow_a_merge(client, tournament, actor, doubles_elsewhere, where):
    first, second, doubles = doubles_elsewhere
    slug = doubles.tournament.slug
    path = f"/t/{slug}/players/" if where == "players" else f"/t/{slug}/event/{doubles.pk}/"
    before = client.get(path)
    assert before.status_code == 200
    merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    after = client.get(path, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200
    if where == "players":  # the event page lists its entries once drawn
        assert "ÄNNE SCHÄFER" in before.content.decode()
        assert "Änne Schäfer" in after.content.decode()


def test_a_sol_key_given_to_a_player_changes_the_event_api_etag(client, doubles_elsewhere):
    _first, _second, doubles = doubles_elsewhere
    dev = Player.objects.get(name="Dev Rao")
    path = f"/api/v1/events/{doubles.pk}/"
    before = client.get(path)
    ExternalRecord.objects.create(source="sol", kind="player", key="guid-2", player=dev)
    after = client.get(path, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200
    shown = {p["name"]: p["external"] for e in after.json()["entries"] for p in e["players"]}
    assert shown["Dev Rao"] == {"sol": "guid-2"}
    # and nothing else changed: the next poll is a 304
    assert client.get(path, headers={"if-none-match": after["ETag"]}).status_code == 304
