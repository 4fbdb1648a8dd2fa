"""No 5xx from any id (issue 16, finding 4): every URL pattern of the app is requested with ids
at and beyond the database's integers (2**63 and more), by GET, conditional GET (the early
304 path with its raw-SQL validators) and POST, anonymously and as the organiser; the API
answers its errors in JSON; out-of-range numbers in forms are refused with 4xx."""

from __future__ import annotations

import re

import pytest
from django.urls import get_resolver

from scoring.converters import MAX_ID, bounded_id
from scoring.models import Entry, Player
from tests.trust.conftest import build_tournament

pytestmark = pytest.mark.django_db

HUGE = [2**63, 2**64 + 5, 10**30, MAX_ID]
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def _routes() -> list[str]:
    out = []
    for pattern in get_resolver().url_patterns:
        if getattr(pattern, "app_name", None) == "scoring" or str(pattern.pattern) == "":
            for inner in getattr(pattern, "url_patterns", []):
                out.append(str(inner.pattern))
    return [r for r in out if "<id:" in r or "<int:" in r]


def _paths(route: str, slug: str, number: int) -> str:
    def value(m: re.Match) -> str:
        converter, name = m.group(1) or "str", m.group(2)
        if converter == "slug":
            return slug
        if converter in ("int", "id", "path"):
            return str(number)
        return "withdraw" if name == "action" else "x" * 24

    return "/" + PARAM.sub(value, route)


def test_every_id_route_is_bounded():
    routes = _routes()
    assert len(routes) > 30
    assert not [r for r in routes if "<int:" in r]  # all bounded by the id converter


@pytest.mark.parametrize("number", HUGE, ids=["2^63", "2^64+5", "1e30", "max-id"])
def test_no_route_answers_500_for_a_huge_id(client, number):
    tournament = build_tournament()
    client.raise_request_exception = False
    organiser = tournament.organisers.get()
    bad = []
    for login in (False, True):
        if login:
            client.force_login(organiser)
        for route in _routes():
            url = _paths(route, tournament.slug, number)
            for method, extra in (
                ("get", {}),
                ("get", {"HTTP_IF_NONE_MATCH": '"x"'}),
                ("post", {}),
            ):
                response = getattr(client, method)(url, **extra)
                if response.status_code >= 500:
                    bad.append((method, url, response.status_code))
                elif number > MAX_ID:
                    assert response.status_code == 404, (method, url)
                if url.startswith("/api/") and response.status_code >= 400:
                    assert response["Content-Type"].startswith("application/json"), url
    assert bad == []


def test_api_errors_are_json(client, monkeypatch):
    from scoring.selectors import live

    client.raise_request_exception = False
    response = client.get("/api/v1/matches/9223372036854775808/")
    assert response.status_code == 404 and response.json()["status"] == 404

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    tournament = build_tournament()
    match = tournament.events.first().matches.first()
    monkeypatch.setattr(live, "match_validator", broken)
    response = client.get(f"/api/v1/matches/{match.pk}/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"error": "server error", "status": 500}
    assert client.get("/t/nowhere/").status_code == 404  # pages stay HTML
    assert "html" in client.get("/t/nowhere/")["Content-Type"]


def test_bounded_id():
    assert [
        bounded_id(v) for v in ("12", " 7 ", "abc", "", None, "0", "-3", "1e3", str(2**63), "١٢")
    ] == [12, 7, None, None, None, None, None, None, None, None]


def test_callup_move_with_a_table_that_is_no_number(client):
    tournament = build_tournament()
    client.force_login(tournament.organisers.get())
    match = tournament.events.first().matches.first()
    for table in ("abc", str(2**63), "-1", ""):
        response = client.post(
            f"/t/{tournament.slug}/organiser/callup/{match.pk}/move/", {"table": table}
        )
        assert response.status_code == 404, table


@pytest.mark.parametrize(
    "field,value",
    [
        ("rating", "99999999999999999999"),
        ("rating", "-1"),
        ("seed", "99999999999999999999"),
        ("seed", "1e30"),
    ],
)
def test_entry_form_refuses_out_of_range_numbers(client, field, value):
    tournament = build_tournament()
    client.force_login(tournament.organisers.get())
    event = tournament.events.create(name="Late Singles", format="swiss")
    client.raise_request_exception = False
    response = client.post(
        f"/t/{tournament.slug}/organiser/events/{event.pk}/entries/",
        {"name": "Eva Moll", field: value},
    )
    assert response.status_code == 422
    assert not Player.objects.filter(name="Eva Moll").exists()
    assert not Entry.objects.filter(event=event).exists()
