"""The tablet's poll, service worker, gzip, one-tap presets and between-boards step (issue
12)."""

from __future__ import annotations

import gzip
import uuid

from scoring.models import BoardEvent
from scoring.selectors.umpire import tablet
from scoring.services.matches import match_snapshot, record_quick_board

from .conftest import UMPIRE, link, post, stroke


def test_the_poll_answers_304_while_nothing_changed(client, tossed):
    first = client.get(link(tossed, "state"))
    assert first.status_code == 200 and first.json()["revision"] == tossed.revision
    etag = first["ETag"]
    again = client.get(link(tossed, "state"), headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    stroke(client, tossed, "white", preset="nothing")
    changed = client.get(link(tossed, "state"), headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.json()["revision"] == tossed.revision + 1


def test_the_poll_needs_the_matchs_link(client, tossed):
    assert client.get("/u/not-a-token/state/").status_code == 403


def test_the_service_worker_is_served_for_the_whole_site(client):
    response = client.get("/umpire-sw.js")
    assert response.status_code == 200
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Content-Type"].startswith("text/javascript")
    assert b"isScoringPage" in response.content


def test_a_stroke_answer_is_gzipped_when_the_tablet_accepts_it(client, tossed):
    response = post(
        client,
        tossed,
        "event",
        {
            "by": "white",
            "preset": "nothing",
            "client_id": str(uuid.uuid4()),
            "revision": tossed.revision,
        },
        headers={"Accept-Encoding": "gzip"},
    )
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    assert 'id="panel"' in html
    assert len(response.content) < len(html) / 3


def test_the_one_tap_presets_missed_and_opponent(client, tossed):
    stroke(client, tossed, "white", preset="missed")  # the break touched nothing
    tossed.refresh_from_db()
    stroke(client, tossed, "white", preset="own")
    tossed.refresh_from_db()
    stroke(client, tossed, "white", preset="opponent")
    payloads = list(
        BoardEvent.objects.filter(board__game__match=tossed)
        .order_by("seq")
        .values_list("payload", flat=True)
    )
    assert payloads[0] == {"type": "stroke", "by": "white", "touched": False}
    assert payloads[2] == {"type": "stroke", "by": "white", "pocketed": {"black": 1}}


def test_between_games_one_card_holds_the_pad_and_the_seats_turn(client, tossed):
    for _ in range(3):
        record_quick_board(
            match=tossed, winner="a", carrommen=9, queen="a", client_id=uuid.uuid4(), actor=UMPIRE
        )
        tossed.refresh_from_db()
    view = tablet(match_snapshot(tossed))
    assert view.card and view.change_sides and view.game_number == 2
    assert view.game_boards == []  # "Boards of this game": game 2 has none yet
    assert not view.seats_flipped  # as they sat, until the umpire acknowledges
    html = client.get(link(tossed)).content.decode()
    assert 'id="card-go" data-ack="sides"' in html and "is-held" in html
    assert 'class="u-sides u-sides-2" id="sides"' in html  # not turned yet
    # "Sides changed" is kept on the server: the page then shows the pad, the panels turned
    post(
        client,
        tossed,
        "step",
        {"step": view.step_key, "client_id": str(uuid.uuid4()), "revision": tossed.revision},
    )
    html = client.get(link(tossed)).content.decode()
    assert 'class="u-sides u-sides-2 is-turned" id="sides"' in html
    assert 'class="u-panel is-held is-carded"' not in html
    post(
        client,
        tossed,
        "event",
        {
            "by": "white",
            "preset": "own",
            "client_id": str(uuid.uuid4()),
            "revision": tossed.revision,
        },
    )
    tossed.refresh_from_db()
    view = tablet(match_snapshot(tossed))
    assert view.seats_flipped and [s.side for s in view.sides_in_seats] == ["b", "a"]
    assert not view.card
