"""The interval before the deciding game (IT 102) is held on the server: the next board's step
is refused until it is over, and an organiser may end it early, from the tablet or from the
organiser's match page (services/board_steps.py)."""

from __future__ import annotations

import re
import uuid

from scoring.models import AuditEntry
from scoring.selectors.umpire import tablet
from scoring.services.board_steps import INTERVAL_ENDED
from scoring.services.matches import match_snapshot, record_quick_board

from .conftest import UMPIRE, link, post


def _one_game_each(match) -> None:
    for winner in ("a", "b"):
        for _ in range(3):
            record_quick_board(
                match=match,
                winner=winner,
                carrommen=9,
                queen=winner,
                client_id=uuid.uuid4(),
                actor=UMPIRE,
            )
            match.refresh_from_db()


def test_the_interval_holds_the_next_board_until_an_organiser_ends_it(
    client, tossed, django_user_model
):
    _one_game_each(tossed)
    view = tablet(match_snapshot(tossed))
    assert view.game_number == 3 and view.interval_end is not None
    refused = post(
        client,
        tossed,
        "step",
        {"step": view.step_key, "client_id": str(uuid.uuid4()), "revision": tossed.revision},
    )
    assert refused.status_code == 422
    assert "The interval (IT 102) is not over yet" in refused.content.decode()

    organiser = django_user_model.objects.create_user("org", password="x")
    tossed.event.tournament.organisers.add(organiser)
    client.force_login(organiser)
    page = client.get(f"/t/{tossed.event.tournament.slug}/organiser/matches/{tossed.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="interval-end-organiser"' in html
    action = re.search(r'<form method="post" action="([^"]+interval-end/)"', html).group(1)
    client_id = re.search(r'name="client_id" value="([^"]+)"', html[html.index(action) :]).group(1)
    ended = client.post(action, {"client_id": client_id, "revision": tossed.revision, "next": "/"})
    assert ended.status_code == 302
    assert AuditEntry.objects.filter(match=tossed, action=INTERVAL_ENDED).count() == 1

    client.logout()
    going_on = post(
        client,
        tossed,
        "step",
        {"step": view.step_key, "client_id": str(uuid.uuid4()), "revision": tossed.revision},
    )
    assert going_on.status_code == 200
    assert 'class="u-panel is-held is-carded"' not in client.get(link(tossed)).content.decode()


def test_the_umpire_link_may_not_end_the_interval(client, tossed):
    _one_game_each(tossed)
    answer = post(
        client,
        tossed,
        "interval-end",
        {"client_id": str(uuid.uuid4()), "revision": tossed.revision},
    )
    assert answer.status_code == 403
    assert not AuditEntry.objects.filter(action=INTERVAL_ENDED).exists()
