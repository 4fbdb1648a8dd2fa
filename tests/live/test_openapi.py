"""The API is discoverable and its OpenAPI 3.1 description cannot drift (issue 35): every
route of the API is described and every description is a route; every answer of every route,
for knock-out, Swiss, group and point-carrom data, validates against its schema made strict
(a field the description does not name fails); the index lists the resources; the docs page
renders the description from the app's own files."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from django.urls import URLPattern, reverse
from jsonschema import Draft202012Validator

from scoring.models import Match
from scoring.services.matches import record_toss
from scoring.views import api, api_description, api_seasons
from tests.factories import make_match
from tests.live.point_flow import BOARD_ONE, SYSTEM, play

DOC = api_description.description()


def _openapi_path(pattern: URLPattern) -> str:
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(pattern.pattern))


def _strict(schema: Any) -> Any:
    """The schema with ``additionalProperties: false`` on every object that names its
    properties and says nothing of others: an undocumented field fails the test."""
    if isinstance(schema, dict):
        out = {key: _strict(value) for key, value in schema.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [_strict(item) for item in schema]
    return schema


def assert_valid(answer: Any, schema: dict[str, Any]) -> None:
    document = _strict(copy.deepcopy(DOC))
    wrapped = {**_strict(copy.deepcopy(schema)), "components": document["components"]}
    errors = sorted(Draft202012Validator(wrapped).iter_errors(answer), key=str)
    assert errors == [], [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def _response_schema(route: str, status: str = "200") -> dict[str, Any]:
    return DOC["paths"][route]["get"]["responses"][status]["content"]["application/json"]["schema"]


def test_the_description_is_openapi_3_1_with_valid_schemas():
    assert DOC["openapi"].startswith("3.1.")
    assert {"title", "version", "description"} <= set(DOC["info"])
    for name, schema in DOC["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema)  # JSON Schema 2020-12, as OpenAPI 3.1
        assert schema.get("description"), name
    for route, item in DOC["paths"].items():
        operation = item["get"]
        assert operation["summary"] and operation["responses"]["200"], route
        declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
        assert declared == set(re.findall(r"\{(\w+)\}", route)), route
        for answer in operation["responses"].values():
            for media in answer.get("content", {}).values():
                Draft202012Validator.check_schema(media["schema"])


def test_every_route_is_described_and_every_description_is_a_route():
    routes = {
        _openapi_path(p)
        for p in (*api.urlpatterns, *api_seasons.urlpatterns, *api_description.urlpatterns)
        if p.name not in ("api-root", "api-docs")
    }
    assert routes == set(DOC["paths"])


@pytest.mark.django_db
def test_the_served_description_is_the_document(client):
    answer = client.get("/api/v1/openapi.json")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer.json() == DOC


@pytest.mark.django_db
def test_api_root_and_index_list_the_resources(client):
    assert client.get("/api/").url == "/api/v1/"
    answer = client.get("/api/v1/")
    assert answer.status_code == 200
    data = answer.json()
    assert_valid(data, _response_schema("/api/v1/"))
    assert {r["path"] for r in data["resources"]} == set(DOC["paths"]) - {"/api/v1/"}
    assert data["openapi"].endswith("/api/v1/openapi.json")
    assert data["docs"].endswith("/api/v1/docs/")
    # the resources without an id are links a client can follow
    for resource in data["resources"]:
        if "{" not in resource["path"]:
            assert resource["url"].endswith(resource["path"])
            assert client.get(resource["url"]).status_code == 200


@pytest.fixture
def point_match(db) -> Match:
    match = make_match(rules="point-carrom", games_to_win=1)
    record_toss(match=match, winner="b", choice="break", actor=SYSTEM)
    match.refresh_from_db()
    return play(match, BOARD_ONE)


def test_every_answer_of_every_route_matches_its_schema(
    client, tournament, knockout, swiss, groups, point_match
):
    """Knock-out (a finished, a playing and a waiting match), Swiss and group standings,
    point carrom: each route asked for each of them, each answer checked strictly."""
    point_event = point_match.event
    asked: dict[str, list[str]] = {route: [] for route in DOC["paths"]}

    def check(route: str, url: str) -> None:
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert_valid(answer.json(), _response_schema(route))
        asked[route].append(url)

    check("/api/v1/", "/api/v1/")
    check("/api/v1/openapi.json", "/api/v1/openapi.json")
    check("/api/v1/tournaments/", "/api/v1/tournaments/")
    for t in {tournament.pk, point_event.tournament_id}:
        check("/api/v1/tournaments/{tournament_id}/", f"/api/v1/tournaments/{t}/")
        check("/api/v1/tournaments/{tournament_id}/tables/", f"/api/v1/tournaments/{t}/tables/")
    for event in (knockout["event"], swiss["event"], groups["event"], point_event):
        check("/api/v1/events/{event_id}/", f"/api/v1/events/{event.pk}/")
    for m in (knockout["sf1"], knockout["sf2"], knockout["final"], point_match):
        check("/api/v1/matches/{match_id}/", f"/api/v1/matches/{m.pk}/")
    board_route = "/api/v1/matches/{match_id}/games/{game}/boards/{board}/"
    for m, board in (
        (knockout["sf1"], 1),
        (knockout["sf2"], 1),
        (knockout["sf2"], 2),
        (point_match, 1),
    ):
        check(board_route, f"/api/v1/matches/{m.pk}/games/1/boards/{board}/")
    player_route = "/api/v1/tournaments/{tournament_id}/players/{player_id}/"
    for entry in (*knockout["entries"], swiss["entries"][0]):
        check(player_route, f"/api/v1/tournaments/{tournament.pk}/players/{entry.player_id}/")
    # seasons (issue 33): a club, a federation and a championship counting the knock-out
    from scoring.services import seasons

    club = seasons.create_club(owner=None, name="Lakeside Carrom Club", nation="DE")
    seasons.create_club(owner=None, name="Lakeland Federation", federation=True)
    champ = seasons.create_championship(club=club, name="Season", skip_worst=1)
    seasons.add_event(championship=champ, event=knockout["event"])
    check("/api/v1/clubs/", "/api/v1/clubs/")
    check("/api/v1/championships/", "/api/v1/championships/")
    check("/api/v1/championships/{championship_id}/", f"/api/v1/championships/{champ.pk}/")
    # ratings (issue 33): the tournament rated under a rating, its finished matches rated
    from scoring.models import Rating
    from scoring.services.ratings import set_tournament_rating

    rating = Rating.objects.create(name="Schema check")
    set_tournament_rating(tournament=tournament, rating=rating, actor=SYSTEM)
    check("/api/v1/ratings/", "/api/v1/ratings/")
    check("/api/v1/ratings/{rating_id}/", f"/api/v1/ratings/{rating.pk}/")
    assert [route for route, urls in asked.items() if not urls] == []


def test_unknown_ids_answer_the_error_schema(client, knockout):
    for route in DOC["paths"]:
        if "{" not in route:
            continue
        url = re.sub(r"\{\w+\}", "999999", route)
        answer = client.get(url)
        assert answer.status_code == 404, url
        assert_valid(answer.json(), _response_schema(route, "404"))


def test_a_strict_schema_fails_on_an_undocumented_field():
    """The check above can fail: a field the description does not name is refused."""
    schema = _response_schema("/api/v1/tournaments/")
    good = [
        {
            "id": 1,
            "name": "n",
            "slug": "s",
            "start_date": "2026-12-06",
            "end_date": None,
            "venue": "",
            "url": "http://x/api/v1/tournaments/1/",
        }
    ]
    assert_valid(good, schema)
    with pytest.raises(AssertionError):
        assert_valid([{**good[0], "secret": 1}], schema)
    with pytest.raises(AssertionError):
        assert_valid([{k: v for k, v in good[0].items() if k != "name"}], schema)


@pytest.mark.django_db
def test_the_docs_page_renders_the_description_without_a_cdn(client):
    answer = client.get(reverse("scoring:api-docs"))
    assert answer.status_code == 200
    page = answer.content.decode()
    for route in DOC["paths"]:
        assert f"GET {route}" in page
    for name in DOC["components"]["schemas"]:
        assert f'id="schema-{name}"' in page
    # everything the page loads comes from this server
    assert re.findall(r'(?:src|href)="(https?:)?//', page) == []
    with_german = client.get(reverse("scoring:api-docs"), HTTP_ACCEPT_LANGUAGE="de")
    assert "Felder" in with_german.content.decode() or "Feld" in with_german.content.decode()
