"""The round's clock rides on the live pages' ETag polls: the hall's countdowns and the call-up
page's section are htmx regions (``data-live``) whose ETag is the round clocks' stored state
(``selectors/round_clock.clocks_state``). Unchanged, a poll is answered ``304``; the
organiser's start, added minutes, stop and restart each change the ETag; the passing time does
not (round-clock.js counts down in the browser)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Round
from scoring.services import round_clock as clock_service

pytestmark = pytest.mark.django_db


def _poll(client, url: str, etag: str = ""):
    headers = {"HX-Request": "true"}
    if etag:
        headers["If-None-Match"] = etag
    return client.get(url, headers=headers)


def _changes(rnd: Round, actor):
    yield "start", lambda: clock_service.start_clock(round=rnd, actor=actor)
    yield "add", lambda: clock_service.add_minutes(round=rnd, minutes=5, actor=actor)
    yield "stop", lambda: clock_service.stop_clock(round=rnd, actor=actor)
    yield "restart", lambda: clock_service.restart_clock(round=rnd, actor=actor)


@pytest.mark.parametrize("name", ["live-clocks", "organiser-clocks"])
def test_a_clock_change_changes_the_regions_etag_and_nothing_else_does(
    client, organiser, tournament, timed, actor, name
) -> None:
    rnd = Round.objects.get(event=timed, number=1)
    if name == "organiser-clocks":
        client.force_login(organiser)
    url = reverse(f"scoring:{name}", args=[tournament.slug])
    first = _poll(client, url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    assert _poll(client, url, etag).status_code == 304  # nothing changed
    for change, do in _changes(rnd, actor):
        do()
        answer = _poll(client, url, etag)
        assert answer.status_code == 200, change
        assert answer["ETag"] != etag, change
        etag = answer["ETag"]
        assert "data-deadline" in answer.text and "data-now" not in answer.text
        assert _poll(client, url, etag).status_code == 304, change


def test_the_organisers_etag_is_not_answered_to_somebody_else(
    client, organiser, tournament, timed, django_user_model
) -> None:
    url = reverse("scoring:organiser-clocks", args=[tournament.slug])
    client.force_login(organiser)
    answer = _poll(client, url)
    assert "private" in answer["Cache-Control"]
    etag = answer["ETag"]
    client.logout()
    assert _poll(client, url, etag).status_code == 302  # to the login page, not a 304
    client.force_login(django_user_model.objects.create_user("nosy", password="pw"))
    assert _poll(client, url, etag).status_code in (403, 404)


def test_the_pages_carry_the_server_now_and_poll_the_regions_with_htmx(
    client, organiser, tournament, timed
) -> None:
    hall = client.get(reverse("scoring:live-hall", args=[tournament.slug])).text
    client.force_login(organiser)
    callup = client.get(reverse("scoring:organiser-callup", args=[tournament.slug])).text
    for page, region, url in (
        (hall, 'id="hall-clocks"', "live-clocks"),
        (callup, 'id="round-clocks"', "organiser-clocks"),
    ):
        assert "data-round-clock-server-now=" in page
        tag = page[page.index(region) :].split(">", 1)[0]
        assert f'hx-get="{reverse(f"scoring:{url}", args=[tournament.slug])}"' in tag
        assert "data-live" in tag and "every 15s" in tag
        assert "data-round-clock-poll" not in page  # no timer of the clock's own
