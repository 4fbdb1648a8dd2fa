"""One conditional-GET helper for the live pages and the API (issue 36, scoring/conditional.py):
ETags derived from the data's version and what renders it, never from a hand-kept constant."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from scoring import conditional


@pytest.fixture
def site(tmp_path: Path, settings):
    """A BASE_DIR of its own with one template, one static file, one module and the vendor
    folder, and a fresh fingerprint (computed once per process otherwise)."""
    for name, text in {
        "templates/page.html": "<p>{{ x }}</p>",
        "static/js/app.js": "let a = 1;",
        "static/vendor/pyodide/pyodide.js": "vendor",
        "scoring/views.py": "X = 1",
        "locale/de/LC_MESSAGES/django.po": 'msgid "a"\nmsgstr "b"\n',
        "README.md": "not rendered",
    }.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    settings.BASE_DIR = tmp_path
    conditional.render_fingerprint.cache_clear()
    yield tmp_path
    conditional.render_fingerprint.cache_clear()


@pytest.mark.parametrize(
    "changed",
    [
        "templates/page.html",
        "static/js/app.js",
        "scoring/views.py",
        "locale/de/LC_MESSAGES/django.po",
    ],
)
def test_the_fingerprint_changes_with_what_renders_an_answer(site: Path, changed: str):
    before = conditional.render_fingerprint()
    (site / changed).write_text((site / changed).read_text() + " ")
    conditional.render_fingerprint.cache_clear()
    assert conditional.render_fingerprint() != before


@pytest.mark.parametrize("unrelated", ["static/vendor/pyodide/pyodide.js", "README.md"])
def test_the_fingerprint_ignores_the_vendored_bundle_and_other_files(site: Path, unrelated: str):
    before = conditional.render_fingerprint()
    (site / unrelated).write_text("changed")
    conditional.render_fingerprint.cache_clear()
    assert conditional.render_fingerprint() == before


def test_a_new_template_is_a_new_fingerprint(site: Path):
    before = conditional.render_fingerprint()
    (site / "templates" / "other.html").write_text("x")
    conditional.render_fingerprint.cache_clear()
    assert conditional.render_fingerprint() != before


def test_the_fingerprint_is_computed_once_per_process(site: Path):
    first = conditional.render_fingerprint()
    (site / "templates" / "page.html").write_text("changed after start-up")
    assert conditional.render_fingerprint() == first


def _paths(tournament, match) -> dict[str, str]:
    return {
        "live part": reverse("scoring:live-match-live", args=(tournament.slug, match.pk)),
        "page": reverse("scoring:live-match", args=(tournament.slug, match.pk)),
        "api": f"/api/v1/matches/{match.pk}/",
        "api without validator": "/api/v1/tournaments/",
    }


@pytest.mark.parametrize("kind", ["live part", "page", "api", "api without validator"])
def test_a_deployment_that_changes_the_look_is_a_new_etag(
    client, knockout, tournament, monkeypatch, kind
):
    """The same data drawn by other templates: the browser's old ETag no longer answers 304
    (what ``LIVE_VERSION = "live-1"`` had to be bumped by hand for)."""
    path = _paths(tournament, knockout["sf2"])[kind]
    first = client.get(path)
    assert first.status_code == 200 and first.has_header("ETag")
    assert client.get(path, headers={"if-none-match": first["ETag"]}).status_code == 304
    monkeypatch.setattr(conditional, "render_fingerprint", lambda: "another deployment")
    again = client.get(path, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert client.get(path, headers={"if-none-match": again["ETag"]}).status_code == 304


def test_live_parts_and_the_api_share_one_helper(client, knockout, tournament):
    """Both answer from :func:`scoring.conditional.conditional`: a 304 with the ETag it names,
    ``no-cache``, and ``*`` as a validator; the API adds its CORS headers."""
    paths = _paths(tournament, knockout["sf2"])
    for kind in ("live part", "api"):
        first = client.get(paths[kind])
        assert "no-cache" in first["Cache-Control"]
        for held in (first["ETag"], f'"other", {first["ETag"]}', "*"):
            answer = client.get(paths[kind], headers={"if-none-match": held})
            assert answer.status_code == 304, (kind, held)
            assert answer["ETag"] == first["ETag"]
        assert client.get(paths[kind], headers={"if-none-match": '"other"'}).status_code == 200
    assert client.get(paths["api"])["Access-Control-Allow-Origin"] == "*"


def test_a_finished_match_stops_the_polls_and_is_never_answered_304(client, knockout, tournament):
    path = _paths(tournament, knockout["sf1"])["live part"]  # semi-final 1 is over
    for held in ("", '"an-old-etag"', "*"):
        over = client.get(path, headers={"if-none-match": held} if held else {})
        assert over.status_code == 286 and not over.has_header("ETag")
        assert "no-store" in over["Cache-Control"]


def test_a_missing_resource_is_the_views_own_404(client, tournament):
    live = client.get(reverse("scoring:live-match-live", args=(tournament.slug, 999_999)))
    assert live.status_code == 404
    api = client.get("/api/v1/matches/999999/")
    assert api.status_code == 404 and api.json() == {"detail": "not found"}


@pytest.mark.parametrize("kind", ["live part", "api"])
def test_one_answer_is_shared_by_every_poller_of_a_revision(client, knockout, tournament, kind):
    """The body is built once per revision: the next visitor, without an ETag or with an old
    one, gets the same bytes after the one validator query (what the API's own body cache and
    the match part's own fragment key did before)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    path = _paths(tournament, knockout["sf2"])[kind]
    first = client.get(path)
    for held in ({}, {"if-none-match": '"an-old-etag"'}):
        with CaptureQueriesContext(connection) as ctx:
            again = client.get(path, headers=held)
        assert again.status_code == 200 and again.content == first.content
        assert again["ETag"] == first["ETag"]
        assert len(ctx.captured_queries) == 1, held


def test_two_matches_of_one_version_never_share_a_rendered_part(
    client, knockout, tournament, monkeypatch
):
    """A shared fragment is keyed by the URL too: two matches whose validators happen to give
    the same value (same revision, same time) each show their own players."""
    from scoring.selectors import live as sel

    monkeypatch.setattr(sel, "match_validator", lambda match_id, slug=None: (1, "same", "ready"))
    one = client.get(_paths(tournament, knockout["sf2"])["live part"])
    other = client.get(_paths(tournament, knockout["sf1"])["live part"])
    assert one.status_code == other.status_code == 200
    assert one.content != other.content
