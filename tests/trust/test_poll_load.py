"""Polls under load (issue 16, item 9): after a stroke only the first spectator of a match is
rendered for; the others get that answer back in one query, never a stale one; the tournament's
"now" part is answered from a copy at most ``LIVE_NOW_MAX_STALE_SECONDS`` old (the maximum age
that part declares); a first visit gets the kept answer once it is confirmed current."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import resolve, reverse

from scoring import conditional
from tests.caches import empty_process_caches
from tests.live import factories as f


@pytest.fixture
def playing(db):
    tournament = f.tournament("poll-open")
    event, entries = f.event(tournament, entries=2)
    match = f.match(event, entries[0], entries[1], table=1, status="called")
    f.toss(match, "a", "break")
    f.post(match, f.stroke("white"))
    return tournament, match


def poll(client, path: str, etag: str | None = None, **headers):
    if etag:
        headers["if-none-match"] = etag
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path, headers=headers)
    return response, len(ctx.captured_queries)


@pytest.mark.parametrize("name", ["match-live", "api"])
def test_after_a_stroke_the_second_spectator_gets_the_first_ones_answer_in_one_query(
    client, playing, name
):
    tournament, match = playing
    path = (
        reverse("scoring:live-match-live", args=(tournament.slug, match.pk))
        if name == "match-live"
        else f"/api/v1/matches/{match.pk}/"
    )
    old = client.get(path)["ETag"]
    f.post(match, f.stroke("black"))
    first, first_queries = poll(client, path, old)
    assert first.status_code == 200 and first["ETag"] != old
    second, second_queries = poll(client, path, old)
    assert second.status_code == 200 and second["ETag"] == first["ETag"]
    assert second.content == first.content
    assert second_queries == 1 < first_queries
    # a spectator holding the new answer gets a 304, as before
    assert poll(client, path, first["ETag"])[0].status_code == 304


def test_a_kept_answer_is_never_served_once_the_match_moved_on(client, playing):
    tournament, match = playing
    path = reverse("scoring:live-match-live", args=(tournament.slug, match.pk))
    old = client.get(path)["ETag"]
    f.post(match, f.stroke("black"))
    kept = poll(client, path, old)[0]  # renders the new revision and keeps it
    f.post(match, f.stroke("white"))
    again, queries = poll(client, path, old)
    assert again.status_code == 200 and again["ETag"] not in (old, kept["ETag"])
    assert queries > 1  # rendered by the view, not the kept copy
    assert poll(client, path, kept["ETag"])[0]["ETag"] == again["ETag"]


def test_a_kept_answer_is_kept_per_language(client, playing):
    tournament, match = playing
    path = reverse("scoring:live-match-live", args=(tournament.slug, match.pk))
    old = client.get(path)["ETag"]
    f.post(match, f.stroke("black"))
    german, _ = poll(client, path, old, **{"accept-language": "de"})
    english, queries = poll(client, path, old, **{"accept-language": "en"})
    assert queries > 1 and english["ETag"] != german["ETag"]
    assert english["Content-Language"] == "en" and german["Content-Language"] == "de"


def test_the_now_part_is_answered_from_its_copy_within_the_window(
    client, playing, settings, monkeypatch
):
    settings.LIVE_NOW_MAX_STALE_SECONDS = 2
    tournament, match = playing
    path = reverse("scoring:live-tournament-now", args=(tournament.slug,))
    clock = [1_000_000.0]
    monkeypatch.setattr(conditional.time, "time", lambda: clock[0])
    first = client.get(path)
    f.post(match, f.stroke("black"))
    clock[0] += 1.5
    within, queries = poll(client, path, first["ETag"])
    assert within.status_code == 304 and queries == 0
    clock[0] += 1.0  # 2.5 s: the copy is too old, the database is asked again
    after, queries = poll(client, path, first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"] and queries > 1
    # without the window a change shows at once
    settings.LIVE_NOW_MAX_STALE_SECONDS = 0
    f.post(match, f.stroke("white"))
    assert poll(client, path, after["ETag"])[0].status_code == 200


def test_each_part_declares_its_maximum_age(client, playing, settings, monkeypatch):
    """Only the "now" part declares one (the setting, read when asked); the match's live part
    declares none, so its kept copy is confirmed with the database however young it is."""
    settings.LIVE_NOW_MAX_STALE_SECONDS = 5
    tournament, match = playing
    now = conditional._early(
        client.get(reverse("scoring:live-tournament-now", args=(tournament.slug,))).wsgi_request
    )
    live = conditional._early(
        client.get(
            reverse("scoring:live-match-live", args=(tournament.slug, match.pk))
        ).wsgi_request
    )
    api = conditional._early(client.get(f"/api/v1/matches/{match.pk}/").wsgi_request)
    assert (now.max_stale, live.max_stale, api.max_stale) == (5.0, 0.0, 0.0)
    settings.LIVE_NOW_MAX_STALE_SECONDS = 0
    assert (
        conditional._early(
            client.get(reverse("scoring:live-tournament-now", args=(tournament.slug,))).wsgi_request
        ).max_stale
        == 0.0
    )
    # a view registered with its own maximum age is served unasked within it
    empty_process_caches()
    clock = [1_000_000.0]
    monkeypatch.setattr(conditional.time, "time", lambda: clock[0])
    path = reverse("scoring:live-match-live", args=(tournament.slug, match.pk))
    view = resolve(path).func
    while view not in conditional._EARLY:
        view = view.__wrapped__
    monkeypatch.setitem(
        conditional._EARLY, view, conditional._EARLY[view]._replace(max_age=lambda: 3)
    )
    first = client.get(path)
    f.post(match, f.stroke("black"))
    clock[0] += 2
    within, queries = poll(client, path, first["ETag"])
    assert within.status_code == 304 and queries == 0
    clock[0] += 2
    after, queries = poll(client, path, first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"] and queries > 1


@pytest.mark.parametrize("name", ["match-live", "api", "now"])
def test_a_first_visit_gets_the_kept_answer_once_it_is_confirmed(client, playing, settings, name):
    """A hall's phones opening the live pages at once: one render, then one query each."""
    settings.LIVE_NOW_MAX_STALE_SECONDS = 0
    tournament, match = playing
    path = {
        "match-live": reverse("scoring:live-match-live", args=(tournament.slug, match.pk)),
        "api": f"/api/v1/matches/{match.pk}/",
        "now": reverse("scoring:live-tournament-now", args=(tournament.slug,)),
    }[name]
    first, first_queries = poll(client, path)
    second, second_queries = poll(client, path)
    assert second.status_code == 200 and second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert second_queries == 1 < first_queries
    # after a stroke the kept copy is not current: the next first visit is rendered anew
    f.post(match, f.stroke("black"))
    third, third_queries = poll(client, path)
    assert third.status_code == 200 and third["ETag"] != first["ETag"] and third_queries > 1


def test_answers_with_a_cookie_or_without_an_etag_are_not_kept(rf):
    from django.http import HttpResponse

    plain = HttpResponse("x")
    plain["ETag"] = '"a"'
    assert conditional._keepable(plain)
    cookie = HttpResponse("x")
    cookie["ETag"] = '"a"'
    cookie.set_cookie("csrftoken", "t")
    assert not conditional._keepable(cookie)
    assert not conditional._keepable(HttpResponse("x"))
    nonce = HttpResponse("x")
    nonce["ETag"] = '"a"'
    nonce["Content-Security-Policy"] = "script-src 'self' 'nonce-abc'"
    assert not conditional._keepable(nonce)


@pytest.mark.parametrize(("threshold", "prepared"), [(None, True), ("-1", False)])
def test_postgresql_binds_on_the_server_and_prepares_repeated_queries(threshold, prepared):
    """The match query's plan costs PostgreSQL 2-7 ms, its run 0.3 ms: kept connections keep
    the plan (issue 16)."""
    from tests.foundation.helpers import run_manage

    env = {"DATABASE_URL": "postgres://carrom:secret@db.example:5432/carrom"}
    if threshold is not None:
        env["DB_PREPARE_THRESHOLD"] = threshold
    result = run_manage(
        "shell",
        "-c",
        "from django.conf import settings; o = settings.DATABASES['default']['OPTIONS']; "
        "print(o.get('server_side_binding'), o.get('prepare_threshold'))",
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == (
        ["True", "2"] if prepared else ["None", "None"]
    )
