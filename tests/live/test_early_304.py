"""Repeated polls are answered 304 before the middleware stack (scoring.conditional)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from . import factories as f


def test_a_current_poll_is_answered_before_sessions_auth_and_templates(
    client, knockout, tournament
):
    path = reverse("scoring:live-match-live", args=(tournament.slug, knockout["sf2"].pk))
    first = client.get(path)
    assert first.status_code == 200 and first.has_header("X-Frame-Options")
    with CaptureQueriesContext(connection) as ctx:
        again = client.get(path, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert len(ctx.captured_queries) == 1
    # answered by the early middleware: the later middleware (clickjacking, CSP) never ran
    assert not again.has_header("X-Frame-Options")
    assert "sessionid" not in again.cookies
    # a stroke changes the ETag: the poll goes down to the view again
    f.post(knockout["sf2"], f.stroke("black", black=1))
    changed = client.get(path, headers={"if-none-match": first["ETag"]})
    assert changed.status_code == 200 and changed.has_header("X-Frame-Options")


def test_the_early_answer_respects_the_language(client, knockout, tournament):
    path = reverse("scoring:live-match-live", args=(tournament.slug, knockout["sf2"].pk))
    german = client.get(path, headers={"accept-language": "de"})
    assert (
        client.get(
            path, headers={"if-none-match": german["ETag"], "accept-language": "de"}
        ).status_code
        == 304
    )
    assert (
        client.get(
            path, headers={"if-none-match": german["ETag"], "accept-language": "en"}
        ).status_code
        == 200
    )


def test_api_polls_are_answered_early_with_cors(client, knockout):
    path = f"/api/v1/matches/{knockout['sf2'].pk}/"
    first = client.get(path)
    again = client.get(path, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and not again.has_header("X-Frame-Options")
    assert again["Access-Control-Allow-Origin"] == "*"


def test_pages_that_depend_on_the_login_are_not_answered_early(client, knockout, tournament):
    path = reverse("scoring:live-match", args=(tournament.slug, knockout["sf2"].pk))
    first = client.get(path)
    again = client.get(path, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again.has_header("X-Frame-Options")
