"""Live updates: ETag / 304 Not Modified, 286 once a match is over, and a constant number of
SQL queries per poll whatever the size of the tournament."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Round
from tests.caches import empty_process_caches

from . import factories as f


def url(name: str, *args) -> str:
    return reverse(f"scoring:{name}", args=args)


def queries(client, path: str, **headers) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path, headers=headers)
    return len(ctx.captured_queries), response


def test_match_partial_answers_304_until_a_stroke_is_recorded(client, knockout, tournament):
    sf2 = knockout["sf2"]
    path = url("live-match-live", tournament.slug, sf2.pk)
    first = client.get(path)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag and "no-cache" in first["Cache-Control"]
    assert 'id="match-live"' in first.content.decode()

    count, again = queries(client, path, if_none_match=etag)
    assert again.status_code == 304 and again["ETag"] == etag
    assert again.content == b""
    assert count == 1  # the validator: one cheap query

    f.post(sf2, f.stroke("black", black=2))
    changed = client.get(path, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "pocketed 2 black" in changed.content.decode() or "2 black" in changed.content.decode()


def test_the_etag_differs_by_language(client, knockout, tournament):
    path = url("live-match-live", tournament.slug, knockout["sf2"].pk)
    english = client.get(path)["ETag"]
    german = client.get(path, headers={"accept-language": "de"})
    assert german["ETag"] != english
    assert (
        client.get(path, headers={"if-none-match": english, "accept-language": "de"}).status_code
        == 200
    )


def test_a_finished_match_stops_polling_with_286(client, knockout, tournament):
    sf1 = knockout["sf1"]  # finished
    response = client.get(url("live-match-live", tournament.slug, sf1.pk))
    assert response.status_code == 286
    assert "no-store" in response["Cache-Control"]
    assert not response.has_header("ETag")
    html = response.content.decode()
    assert 'id="match-live"' in html and "hx-trigger" not in html
    # the full page of a finished match does not poll at all
    page = client.get(url("live-match", tournament.slug, sf1.pk)).content.decode()
    assert 'id="match-live"' in page and "hx-trigger" not in page


def test_the_last_stroke_of_a_match_turns_the_poll_into_286(client, tournament):
    event, (a, b) = f.event(tournament, "Final", entries=2)
    m = f.match(event, a, b, table=3, status="called")
    f.toss(m)
    for _ in range(3):
        f.quick(m, "a")
    f.quick(m, "a")
    f.quick(m, "a")
    path = url("live-match-live", tournament.slug, m.pk)
    etag = client.get(path)["ETag"]
    f.quick(m, "a")  # 2-0: the match is over
    response = client.get(path, headers={"if-none-match": etag})
    assert response.status_code == 286
    assert "winner" in response.content.decode()


@pytest.mark.parametrize("name", ["live-tournament-now", "live-hall-tables"])
def test_tournament_parts_answer_304_until_something_changes(
    client, knockout, tournament, name, settings
):
    settings.LIVE_NOW_MAX_STALE_SECONDS = 0  # the "now" part's window: tests/trust/test_poll_load
    path = url(name, tournament.slug)
    etag = client.get(path)["ETag"]
    count, response = queries(client, path, if_none_match=etag)
    assert response.status_code == 304 and count == 1
    f.post(knockout["sf2"], f.stroke("black"))
    assert client.get(path, headers={"if-none-match": etag}).status_code == 200


def test_standings_answer_304_until_a_result_comes_in(client, swiss, tournament):
    event = swiss["event"]
    for name in ("live-standings", "live-standings-part", "live-hall-event"):
        path = url(name, tournament.slug, event.pk)
        etag = client.get(path)["ETag"]
        count, response = queries(client, path, if_none_match=etag)
        assert response.status_code == 304 and count == 1, name
    path = url("live-standings-part", tournament.slug, event.pk)
    etag = client.get(path)["ETag"]
    rnd = Round.objects.create(event=event, number=3)
    e = swiss["entries"]
    f.finished_rows(f.match(event, e[0], e[5], number=7, rnd=rnd), "b", ((10, 25), (12, 25)))
    assert client.get(path, headers={"if-none-match": etag}).status_code == 200
    # a withdrawal changes the table too
    etag = client.get(path)["ETag"]
    e[1].withdrawn = True
    e[1].save()
    assert client.get(path, headers={"if-none-match": etag}).status_code == 200


def test_table_parts_follow_the_table(client, knockout, tournament):
    for name, colour in (("live-table-status", "black"), ("live-overlay-score", "white")):
        path = url(name, tournament.slug, 1)
        etag = client.get(path)["ETag"]
        count, response = queries(client, path, if_none_match=etag)
        assert response.status_code == 304 and count == 1
        f.post(knockout["sf2"], f.stroke(colour))
        assert client.get(path, headers={"if-none-match": etag}).status_code == 200


def test_full_pages_are_conditional_too_and_depend_on_who_is_logged_in(
    client, knockout, tournament, django_user_model
):
    path = url("live-tournament", tournament.slug)
    etag = client.get(path)["ETag"]
    assert client.get(path, headers={"if-none-match": etag}).status_code == 304
    client.force_login(django_user_model.objects.create_user("viewer", password="x"))
    assert client.get(path, headers={"if-none-match": etag}).status_code == 200


# --- constant queries per poll -------------------------------------------------------------


def _grow(tournament, *, entries: int, tables: int) -> None:
    """A big Swiss event (three finished rounds) and a live match at many tables."""
    event, e = f.event(tournament, f"Big Swiss {entries}", format="swiss", entries=entries)
    number = 0
    for r in (1, 2, 3):
        rnd = Round.objects.create(event=event, number=r)
        for i in range(0, entries, 2):
            number += 1
            a, b = e[(i + r * 2) % entries], e[(i + 1 + r * 4) % entries]
            if a == b:
                continue
            f.finished_rows(f.match(event, a, b, number=number, rnd=rnd), "a")
    live, le = f.event(tournament, f"Live {tables}", entries=2 * tables)
    from scoring.models import Table

    for n in range(1, tables + 1):
        Table.objects.get_or_create(tournament=tournament, number=100 + n)
        m = f.match(live, le[2 * n - 2], le[2 * n - 1], number=n, table=100 + n, status="called")
        f.toss(m)
        f.post(m, f.stroke("white", white=1))


def _poll_paths(tournament, knockout, swiss_event) -> list[str]:
    sf2 = knockout["sf2"]
    return [
        url("live-match-live", tournament.slug, sf2.pk),
        url("live-tournament-now", tournament.slug),
        url("live-standings", tournament.slug, swiss_event.pk),
        url("live-standings-part", tournament.slug, swiss_event.pk),
        url("live-bracket-part", tournament.slug, knockout["event"].pk),
        url("live-table-status", tournament.slug, 1),
        url("live-overlay-score", tournament.slug, 1),
        url("live-hall-tables", tournament.slug),
        url("live-hall-event", tournament.slug, swiss_event.pk),
    ]


def test_polls_cost_the_same_queries_on_a_small_and_a_large_tournament(
    client, knockout, swiss, tournament, django_assert_max_num_queries
):
    paths = _poll_paths(tournament, knockout, swiss["event"])
    small = {}
    for path in paths:
        empty_process_caches()  # rendered standings and brackets are cached: count the real work
        count, response = queries(client, path)
        assert response.status_code == 200, path
        small[path] = count
    _grow(tournament, entries=48, tables=12)
    # the standings of the big event cost the same as those of the small one
    big_event = tournament.events.get(name="Big Swiss 48")
    big_paths = _poll_paths(tournament, knockout, big_event)
    for before, path in zip(paths, big_paths, strict=True):
        empty_process_caches()
        with django_assert_max_num_queries(12):
            count, response = queries(client, path)
        assert response.status_code == 200, path
        assert count == small[before], (path, count, small[before])


def test_standings_ignore_strokes_and_are_rendered_once_per_change(
    client, swiss, knockout, tournament
):
    """Strokes at the tables do not move standings; and a second visitor after a change gets
    the first one's answer in one query (the validator: scoring/conditional.py)."""
    from scoring.models import Match

    event = swiss["event"]
    e = swiss["entries"]
    live = f.match(event, e[0], e[5], number=20, table=3, status="called")
    f.toss(live)
    path = url("live-standings-part", tournament.slug, event.pk)
    empty_process_caches()
    first = client.get(path)
    f.post(live, f.stroke("white", white=1))
    assert client.get(path, headers={"if-none-match": first["ETag"]}).status_code == 304
    Match.objects.filter(pk=live.pk).update(
        status="finished", winner_side="a", games_won={"a": 2, "b": 0}
    )
    count, fresh = queries(client, path)
    assert fresh.status_code == 200 and fresh["ETag"] != first["ETag"]
    count_again, again = queries(client, path)  # another visitor, no ETag yet
    assert again.content == fresh.content
    assert count_again == 1 < count
