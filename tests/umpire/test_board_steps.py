"""The steps between boards kept on the server (services/board_steps.py): "Sides changed" is
known to a reload and to a second tablet, after which the side panels turn to match the seats;
the interval before the deciding game (IT 102) holds the next board until it is over, or
until an organiser ends it."""

from __future__ import annotations

import re
import uuid

from scoring.models import AuditEntry
from scoring.services.board_steps import STEP

from .conftest import link, post, record


def _win_board(match, by_breaker: bool = True) -> None:
    """White (the breaker) pockets all nine and the queen with its cover: the board ends."""
    record(match, {"type": "stroke", "by": "white", "pocketed": {"white": 1, "queen": True}})
    record(match, {"type": "stroke", "by": "white", "pocketed": {"white": 1}})
    record(match, {"type": "stroke", "by": "white", "pocketed": {"white": 7}})


def _step(client, match, key: str):
    match.refresh_from_db()
    return post(
        client,
        match,
        "step",
        {"client_id": str(uuid.uuid4()), "revision": match.revision, "step": key},
    )


def _step_key(html: str) -> str:
    return re.search(r'name="step" value="([^"]+)"', html).group(1)


def test_going_on_from_the_card_is_kept_on_the_server(client, tossed):
    _win_board(tossed)
    page = client.get(link(tossed)).content.decode()
    assert 'class="u-panel is-held is-carded"' in page  # the card holds the pad
    key = _step_key(page)

    assert _step(client, tossed, key).status_code == 200
    assert AuditEntry.objects.filter(match=tossed, action=STEP, detail__step=key).count() == 1
    # a reload (or a second tablet) shows the pad, not the card
    again = client.get(link(tossed)).content.decode()
    assert 'class="u-panel is-held is-carded"' not in again and 'class="u-panel"' in again
    # a repeated tap records nothing more
    assert _step(client, tossed, key).status_code == 200
    assert AuditEntry.objects.filter(match=tossed, action=STEP).count() == 1


def test_a_step_that_is_not_the_current_one_is_refused(client, tossed):
    _win_board(tossed)
    answer = _step(client, tossed, f"{tossed.pk}-9-9")
    assert answer.status_code == 422
    assert "This step is over" in answer.content.decode()
    assert not AuditEntry.objects.filter(action=STEP).exists()
