"""What a stroke POST sends back to the tablet, and that the parts rendered once and reused
(the history lines, the "other decisions" forms) are exactly what a fresh rendering gives.

A stroke that goes on with the board, or ends it, sends only its own history line, put on top
of the list (``hx-swap-oob="afterbegin:#history-list"``); the first event of a board and an
undo send the whole history again.
"""

from __future__ import annotations

import random
import re
import uuid

import pytest

from scoring.models import BoardEvent
from scoring.rules import Pieces, RulesError, Stroke, TechnicalFoul, apply
from scoring.services.matches import match_snapshot, record_event
from tests.caches import empty_process_caches
from tests.foundation.helpers import parse_html

from .conftest import UMPIRE, link, post, record, stroke

APPEND = 'hx-swap-oob="afterbegin:#history-list"'


def history_lines(html: str) -> list[str]:
    return re.findall(r'<li class="u-history-item[^"]*" data-seq="(\d+)"', html)


def test_a_stroke_that_goes_on_sends_only_its_history_line(client, tossed):
    first = stroke(client, tossed, "white", white=1).content.decode()
    assert APPEND not in first  # the board's first event: the list is new
    assert 'id="history" ' in first and history_lines(first) == ["1"]

    second = stroke(client, tossed, "white", preset="nothing").content.decode()

    assert APPEND in second
    assert 'id="history" ' not in second  # the rest of the history is not sent again
    assert history_lines(second) == ["2"]
    assert '<span class="u-history-no">2.</span> White (Ben Kirk): nothing pocketed' in second
    assert parse_html(second).inline_scripts == 0
    # the page shows both lines, newest first
    page = client.get(link(tossed)).content.decode()
    assert history_lines(page) == ["2", "1"]


def test_an_undo_sends_the_whole_history_and_the_end_of_a_board_its_last_line(client, tossed):
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 1}})
    record(tossed, {"type": "stroke", "by": "white"})
    undo = post(client, tossed, "undo", _keys(tossed)).content.decode()
    assert APPEND not in undo and 'id="history" ' in undo
    assert history_lines(undo) == ["1"]

    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 1, "queen": True}})
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 1}})  # the cover
    assert match_snapshot(tossed).current.position.on_board.white == 6
    ended = stroke(client, tossed, "white", white=6).content.decode()
    # the board's last stroke is added to its lines, which stay on the screen after its end
    assert APPEND in ended and 'id="history" ' not in ended and history_lines(ended) == ["6"]
    assert "Boards of this game" in ended  # the table of the game's boards comes again


def test_a_retried_stroke_gets_the_whole_state(client, tossed):
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 1}})
    tossed.refresh_from_db()
    key, revision = str(uuid.uuid4()), tossed.revision
    assert stroke(client, tossed, "white", client_id=key, revision=revision).status_code == 200
    again = stroke(client, tossed, "white", client_id=key, revision=revision)

    assert again.status_code == 200
    html = again.content.decode()
    assert APPEND not in html and history_lines(html) == ["2", "1"]


def _keys(match) -> dict[str, str]:
    match.refresh_from_db()
    return {"client_id": str(uuid.uuid4()), "revision": str(match.revision)}


def _without_keys(html: str) -> str:
    """The page without what differs from request to request (the request key, the CSRF
    token, the CSP nonce)."""
    html = re.sub(r'name="(client_id|csrfmiddlewaretoken)" value="[^"]*"', r'name="\1"', html)
    html = re.sub(r'data-client-id="[^"]*"', "data-client-id", html)
    html = re.sub(r'"X-CSRFToken": "[^"]*"', "csrf", html)
    return re.sub(r'nonce="[^"]*"', "nonce", html)


def _random_event(position, rng: random.Random):
    by = position.on_turn
    opp = "black" if by == "white" else "white"
    roll = rng.random()
    if roll < 0.05:
        return TechnicalFoul(rng.choice(("white", "black")))
    if roll < 0.35:
        pieces = Pieces()
    elif roll < 0.6:
        pieces = Pieces(**{by: rng.randint(1, 3)})
    elif roll < 0.72:
        pieces = Pieces(**{opp: 1})
    elif roll < 0.85:
        pieces = Pieces(striker=True)
    else:
        pieces = Pieces(queen=True, **{by: 1})
    foul = "improper_stroke" if rng.random() < 0.1 else None
    return Stroke(by, pieces, foul=foul)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_reused_fragments_render_as_a_fresh_page_would(client, tossed, seed):
    """Boards played at random (dues, forgo, technical fouls, the queen, board ends): after
    every event the tablet page rendered with what earlier states left in the cache is the
    page rendered from an empty cache."""
    rng = random.Random(seed)
    recorded = 0
    while recorded < 45:
        snapshot = match_snapshot(tossed)
        if snapshot.finished or snapshot.current is None:
            break
        position = snapshot.current.position
        event = _random_event(position, rng)
        try:
            if position is None or position.result is not None:
                raise RulesError("next board", "")
            apply(position, event)
        except RulesError:
            event = Stroke(position.on_turn if position and position.on_turn else "white", Pieces())
        try:
            record_event(
                match=tossed, payload=event.to_dict(), client_id=uuid.uuid4(), actor=UMPIRE
            )
        except RulesError:
            continue
        recorded += 1
        warm = _without_keys(client.get(link(tossed)).content.decode())
        empty_process_caches()
        cold = _without_keys(client.get(link(tossed)).content.decode())
        assert warm == cold, f"after event {recorded}: {event}"
    assert recorded >= 20


def test_a_request_key_sent_again_with_a_newer_revision_is_refused(client, tossed):
    """No tablet does it (a retry carries its old revision); if a request key comes back with
    the current revision, nothing is recorded twice and the answer says why."""
    key = str(uuid.uuid4())
    assert stroke(client, tossed, "white", client_id=key, white=1).status_code == 200
    tossed.refresh_from_db()

    again = stroke(client, tossed, "white", client_id=key, revision=tossed.revision)

    assert again.status_code == 422
    assert "This form was already sent and recorded." in again.content.decode()
    assert BoardEvent.objects.filter(client_id=key).count() == 1
    assert BoardEvent.objects.filter(board__game__match=tossed).count() == 1
