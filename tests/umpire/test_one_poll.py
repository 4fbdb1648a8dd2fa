"""The tablet polls once (issue 36): ``…/state/`` brings the match's revision and the round
clock's chip, under one ETag of the one conditional GET (``scoring/conditional.py``). The ETag
changes with what the chip draws (the organiser's start, added minutes, stop) and with the
revision, never with the passing time (the browser counts down); the clock's own URL of the
tablet is gone."""

from __future__ import annotations

import datetime
import re
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from scoring.models import Match, Round
from scoring.selectors import round_clock as clocks
from scoring.services import round_clock as clock_service

from .conftest import UMPIRE, link, stroke

pytestmark = pytest.mark.django_db


def _timed(match: Match, minutes: int = 30) -> Round:
    """``match`` in round 1 of its event, which has a ``minutes`` limit."""
    event = match.event
    event.round_minutes = minutes
    event.save()
    rnd = Round.objects.create(event=event, number=1)
    Match.objects.filter(pk=match.pk).update(round=rnd)
    return rnd


def _poll(client, match: Match, etag: str = ""):
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(link(match, "state"), headers=headers)


def _deadline(chip: str) -> int:
    found = re.search(r'data-deadline="(\d+)"', chip)
    assert found is not None, chip
    return int(found.group(1))


def test_one_answer_brings_the_revision_and_the_chip_304_while_both_hold(client, tossed):
    rnd = _timed(tossed)
    first = _poll(client, tossed)
    assert first.status_code == 200
    data = first.json()
    assert data["revision"] == tossed.revision
    assert 'id="round-clock-chip"' in data["clock"] and " hidden" in data["clock"]  # not started
    etag = first["ETag"]
    assert _poll(client, tossed, etag).status_code == 304

    clock_service.start_clock(round=rnd, actor=UMPIRE)
    started = _poll(client, tossed, etag)
    assert started.status_code == 200 and started["ETag"] != etag
    chip = started.json()["clock"]
    assert "data-round-clock-box" in chip and "data-now=" in chip
    assert started.json()["revision"] == tossed.revision  # the clock alone changed
    etag = started["ETag"]
    assert _poll(client, tossed, etag).status_code == 304

    clock_service.add_minutes(round=rnd, minutes=5, actor=UMPIRE)
    added = _poll(client, tossed, etag)
    assert added.status_code == 200
    assert _deadline(added.json()["clock"]) - _deadline(chip) == 5 * 60 * 1000
    etag = added["ETag"]

    clock_service.stop_clock(round=rnd, actor=UMPIRE)
    stopped = _poll(client, tossed, etag)
    assert stopped.status_code == 200 and "data-held" in stopped.json()["clock"]
    etag = stopped["ETag"]

    stroke(client, tossed, "white", preset="nothing")  # a stroke: the revision
    moved = _poll(client, tossed, etag)
    assert moved.status_code == 200 and moved.json()["revision"] == tossed.revision + 1
    assert _poll(client, tossed, moved["ETag"]).status_code == 304


def test_the_passing_time_keeps_the_etag(client, tossed, monkeypatch):
    rnd = _timed(tossed, minutes=6)
    clock_service.start_clock(round=rnd, actor=UMPIRE)
    etag = _poll(client, tossed)["ETag"]
    start = timezone.now()
    later = start + datetime.timedelta(minutes=3)  # into the last 5 minutes
    monkeypatch.setattr(clocks, "timezone", SimpleNamespace(now=lambda: later))
    assert _poll(client, tossed, etag).status_code == 304
    later = start + datetime.timedelta(minutes=10)  # time is up
    assert _poll(client, tossed, etag).status_code == 304
    # a first poll then draws the phase the server's clock says
    assert 'data-phase="up"' in _poll(client, tossed).json()["clock"]


def test_a_match_without_a_clock_polls_the_revision_only_and_cheaply(client, tossed):
    first = _poll(client, tossed)
    assert first.status_code == 200 and " hidden" in first.json()["clock"]
    with CaptureQueriesContext(connection) as untimed:
        assert _poll(client, tossed, first["ETag"]).status_code == 304
    rnd = _timed(tossed)
    clock_service.start_clock(round=rnd, actor=UMPIRE)
    etag = _poll(client, tossed)["ETag"]
    with CaptureQueriesContext(connection) as timed:
        assert _poll(client, tossed, etag).status_code == 304
    # the match behind the link (and the session); the round's row only with a clock
    assert len(timed) == len(untimed) + 1, [q["sql"] for q in timed.captured_queries]


def test_the_poll_is_the_tablets_and_its_clock_has_no_url_of_its_own(client, tossed):
    assert client.get("/u/not-a-token/state/").status_code == 403
    page = client.get(link(tossed)).text
    assert "/clock/match/" not in page and "data-round-clock-poll" not in page
    with pytest.raises(NoReverseMatch):
        reverse("scoring:live-match-clock", args=[tossed.pk])
    assert client.get(f"/clock/match/{tossed.pk}/").status_code == 404


def test_a_gzipped_answers_weak_etag_still_gets_its_304(client, tossed):
    """The tablet's answers are gzipped (views/umpire/base.py), which makes their ETag weak;
    If-None-Match compares weakly (RFC 9110 13.1.2), so the tablet still gets its 304."""
    clock_service.start_clock(round=_timed(tossed), actor=UMPIRE)
    gzip = {"Accept-Encoding": "gzip"}
    first = client.get(link(tossed, "state"), headers=gzip)
    assert first["Content-Encoding"] == "gzip" and first["ETag"].startswith('W/"')
    again = client.get(link(tossed, "state"), headers={**gzip, "If-None-Match": first["ETag"]})
    assert again.status_code == 304
