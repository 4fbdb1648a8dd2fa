"""The read-only JSON API under /api/v1/: stable paths and field names, ETags, 304."""

from __future__ import annotations

import json

from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Match
from scoring.rules.interchange import replay_board_document

from . import factories as f


def get_json(client, path: str, status: int = 200):
    response = client.get(path)
    assert response.status_code == status, (path, response.status_code)
    assert response["Content-Type"] == "application/json"
    return response, json.loads(response.content)


def test_tournaments_list(client, knockout, tournament):
    response, data = get_json(client, "/api/v1/tournaments/")
    assert isinstance(data, list) and len(data) == 1
    item = data[0]
    assert {"id", "name", "start_date", "end_date", "venue"} <= set(item)
    assert item == {
        **item,
        "id": tournament.pk,
        "name": "Lakeside Open",
        "start_date": tournament.start_date.isoformat(),
        "end_date": tournament.end_date.isoformat(),
        "venue": "Lakeside Club House",
    }
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response["ETag"]


def test_tournament_detail_with_events(client, knockout, swiss, tournament):
    _, data = get_json(client, f"/api/v1/tournaments/{tournament.pk}/")
    assert data["id"] == tournament.pk and data["name"] == "Lakeside Open"
    events = {e["name"]: e for e in data["events"]}
    assert events["Open Singles"]["kind"] == "singles"
    assert events["Open Singles"]["format"] == "knockout"
    assert events["Open Swiss"]["format"] == "swiss"
    assert {"id", "name", "kind", "format"} <= set(events["Open Swiss"])


def test_event_with_entries_rounds_and_standings(client, swiss, tournament):
    event = swiss["event"]
    _, data = get_json(client, f"/api/v1/events/{event.pk}/")
    assert data["id"] == event.pk and data["format"] == "swiss"
    assert data["name"] == "Open Swiss"
    entry = data["entries"][0]
    assert {"id", "name", "seed"} <= set(entry) and entry["seed"] == 1
    assert [r["number"] for r in data["rounds"]] == [1, 2]
    assert data["rounds"][0]["stage"] == "early"
    ids = set(Match.objects.filter(event=event, round__number=1).values_list("pk", flat=True))
    assert set(data["rounds"][0]["matches"]) == ids
    standings = data["standings"]
    assert [s["rank"] for s in standings] == [1, 2, 3, 4, 5, 6]
    top = standings[0]
    assert top["entry"] == swiss["entries"][0].pk
    assert {"wins", "buchholz", "net_points", "games_won", "points_for"} <= set(top)
    assert top["wins"] == 2


def test_group_event_standings_name_the_group(client, groups):
    _, data = get_json(client, f"/api/v1/events/{groups['event'].pk}/")
    assert {s["group"] for s in data["standings"]} == {"Group A", "Group B"}
    assert data["entries"][0]["players"][1]["name"]  # doubles: two players


def test_knockout_event_has_no_standings(client, knockout):
    _, data = get_json(client, f"/api/v1/events/{knockout['event'].pk}/")
    assert data["standings"] == []
    assert [r["stage"] for r in data["rounds"]] == ["late", "late"]


def test_match_while_playing(client, knockout):
    sf2 = knockout["sf2"]
    _, data = get_json(client, f"/api/v1/matches/{sf2.pk}/")
    assert data["id"] == sf2.pk and data["status"] == "playing"
    assert data["round"] == 1 and data["table"] == 1
    assert data["entries"] == [sf2.entry_a_id, sf2.entry_b_id]
    assert data["rules"] == "icf" and data["winner"] is None and data["walkover"] is False
    game = data["games"][0]
    assert game["number"] == 1 and game["scores"] == [12, 0] and game["winner"] is None
    first, second = game["boards"]
    assert first == {
        **first,
        "number": 1,
        "breaker": sf2.entry_a_id,
        "winner": sf2.entry_a_id,
        "points": 12,
        "law": "ICF 53",
    }
    assert second["breaker"] == sf2.entry_b_id and second["winner"] is None
    assert second["finished"] is False
    state = data["current"]["state"]
    assert state["format"] == "carrom-board-state/1"
    assert state["dues"] == {"white": 0, "black": 1}


def test_finished_match_and_statuses(client, knockout):
    sf1 = knockout["sf1"]
    _, data = get_json(client, f"/api/v1/matches/{sf1.pk}/")
    assert data["status"] == "finished" and data["winner"] == sf1.entry_a_id
    assert [g["scores"] for g in data["games"]] == [[25, 0], [25, 0]]
    assert data["games"][0]["boards"][0]["entered_as"] == "summary"
    _, final = get_json(client, f"/api/v1/matches/{knockout['final'].pk}/")
    assert final["status"] == "scheduled" and final["entries"] == [None, None]


def test_bye_has_a_null_entry(client, knockout):
    bye = Match.objects.create(
        event=knockout["event"],
        entry_a=knockout["entries"][0],
        bye=True,
        status="finished",
        winner_side="a",
    )
    _, data = get_json(client, f"/api/v1/matches/{bye.pk}/")
    assert data["entries"] == [knockout["entries"][0].pk, None]
    assert data["bye"] is True and data["winner"] == knockout["entries"][0].pk


def test_board_log_and_state(client, knockout):
    sf2 = knockout["sf2"]
    _, data = get_json(client, f"/api/v1/matches/{sf2.pk}/games/1/boards/1/")
    log, state = data["log"], data["state"]
    assert log["format"] == "carrom-board/1" and log["rules"] == "icf"
    assert log["scores"] == {"white": 0, "black": 0}
    assert log["events"][0] == {
        "type": "stroke",
        "by": "white",
        "pocketed": {"white": 2, "queen": True},
    }
    assert state["format"] == "carrom-board-state/1" and state["finished"] is True
    assert state["result"] == {
        "winner": "white",
        "points": 12,
        "law": "ICF 53",
        "interpretation": False,
    }
    assert replay_board_document(log) == state
    # the board in progress: game score 12-0 before it, B breaks (white)
    _, data = get_json(client, f"/api/v1/matches/{sf2.pk}/games/1/boards/2/")
    assert data["log"]["scores"] == {"white": 0, "black": 12}
    assert data["state"]["finished"] is False and data["state"]["on_turn"] == "black"


def test_a_summary_board_has_no_log(client, knockout):
    _, data = get_json(client, f"/api/v1/matches/{knockout['sf1'].pk}/games/1/boards/1/")
    assert data["log"] is None
    assert data["state"]["format"] == "carrom-board-state/1"
    assert data["state"]["result"]["points"] == 12
    assert data["state"]["on_board"] == {"white": 0, "black": 9}


def test_unknown_things_are_404_json(client, knockout):
    for path in (
        "/api/v1/matches/999999/",
        f"/api/v1/matches/{knockout['sf2'].pk}/games/3/boards/1/",
        "/api/v1/events/999999/",
        "/api/v1/tournaments/999999/",
    ):
        response, data = get_json(client, path, status=404)
        assert data == {"detail": "not found"}


def test_etags_and_304(client, knockout, swiss, tournament):
    sf2 = knockout["sf2"]
    paths = [
        "/api/v1/tournaments/",
        f"/api/v1/tournaments/{tournament.pk}/",
        f"/api/v1/tournaments/{tournament.pk}/tables/",
        f"/api/v1/events/{swiss['event'].pk}/",
        f"/api/v1/matches/{sf2.pk}/",
        f"/api/v1/matches/{sf2.pk}/games/1/boards/2/",
    ]
    for path in paths:
        etag = client.get(path)["ETag"]
        response = client.get(path, headers={"if-none-match": etag})
        assert response.status_code == 304, path
        assert response["ETag"] == etag
    # match, board and event: the 304 costs one query
    for path in paths[3:]:
        etag = client.get(path)["ETag"]
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(path, headers={"if-none-match": etag}).status_code == 304
        assert len(ctx.captured_queries) == 1, path
    etag = client.get(f"/api/v1/matches/{sf2.pk}/")["ETag"]
    f.post(sf2, f.stroke("black"))
    response = client.get(f"/api/v1/matches/{sf2.pk}/", headers={"if-none-match": etag})
    assert response.status_code == 200 and response["ETag"] != etag


def test_tables_and_player_endpoints(client, knockout, tournament):
    sf2 = knockout["sf2"]
    _, tables = get_json(client, f"/api/v1/tournaments/{tournament.pk}/tables/")
    one = next(t for t in tables if t["number"] == 1)
    assert one["match"] == sf2.pk and one["status"] == "playing"
    assert one["scores"] == [12, 0] and one["games_won"] == [0, 0]
    _, player = get_json(
        client, f"/api/v1/tournaments/{tournament.pk}/players/{sf2.entry_a.player_id}/"
    )
    assert player["stats"]["white_slams"] == 1 and player["stats"]["boards_won"] == 1
    assert player["slams"] == [{"kind": "white", "match": sf2.pk, "game": 1, "board": 1}]


def test_the_api_only_reads(client, knockout):
    for path in ("/api/v1/tournaments/", f"/api/v1/matches/{knockout['sf2'].pk}/"):
        assert client.post(path, {}).status_code == 405
        assert client.delete(path).status_code == 405
    assert client.head(f"/api/v1/matches/{knockout['sf2'].pk}/").status_code == 200
