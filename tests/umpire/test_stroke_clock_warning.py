"""The umpire's warning when the stroke clock ran out (ICF 50): recorded on the server beside
the board's log (an audit entry: the interchange format has no warning event), shown in the
board's history on every tablet, recorded once per request key."""

from __future__ import annotations

import uuid

from scoring.models import AuditEntry, BoardEvent
from scoring.services.stroke_clock import ACTION

from .conftest import link, post, record


def _warn(client, match, client_id: str | None = None):
    match.refresh_from_db()
    return post(
        client,
        match,
        "warning",
        {"client_id": client_id or str(uuid.uuid4()), "revision": match.revision},
    )


def test_a_warning_is_recorded_for_the_player_on_turn_and_shown(client, tossed):
    record(tossed, {"type": "stroke", "by": "white"})  # the break: black (Asha Rao) to play
    events_before = BoardEvent.objects.count()
    answer = _warn(client, tossed)

    assert answer.status_code == 200
    html = answer.content.decode()
    assert "Warning recorded: Asha Rao, stroke clock (ICF 50)." in html
    entry = AuditEntry.objects.get(match=tossed, action=ACTION)
    assert entry.detail["by"] == "black" and entry.detail["player"] == "Asha Rao"
    assert (entry.detail["game"], entry.detail["board"]) == (1, 1)
    assert entry.via == "link"
    assert BoardEvent.objects.count() == events_before  # the board's log is not touched
    # a reload, or a second tablet, shows it in the board's history
    page = client.get(link(tossed)).content.decode()
    assert "Warning given to Asha Rao: stroke clock" in page


def test_a_repeated_request_records_the_warning_once(client, tossed):
    record(tossed, {"type": "stroke", "by": "white"})
    key = str(uuid.uuid4())
    assert _warn(client, tossed, key).status_code == 200
    assert _warn(client, tossed, key).status_code == 200
    assert AuditEntry.objects.filter(match=tossed, action=ACTION).count() == 1


def test_no_warning_without_a_board_in_play(client, match):
    answer = _warn(client, match)  # no toss yet
    assert answer.status_code == 422
    assert "No board is being played" in answer.content.decode()
    assert not AuditEntry.objects.filter(action=ACTION).exists()


def test_the_warnings_of_another_board_are_not_shown(client, tossed):
    record(tossed, {"type": "stroke", "by": "white"})
    assert _warn(client, tossed).status_code == 200
    entry = AuditEntry.objects.get(action=ACTION)
    entry.detail["board"] = 2
    entry.save()
    assert "Warning given to" not in client.get(link(tossed)).content.decode()


def _mark(html: str) -> str:
    import re

    return re.search(r'id="warnings" data-mark="([^"]*)"', html).group(1)


def test_a_stroke_answer_brings_a_warning_another_tablet_gave(client, tossed):
    """Tablet 1 shows the board without warnings; tablet 2 gives one; tablet 1's next stroke
    answer (which adds only its history line) sends the warnings too, and a later answer,
    with the new mark, leaves them out."""
    from .conftest import stroke

    record(tossed, {"type": "stroke", "by": "white"})  # the break: black to play
    shown = _mark(client.get(link(tossed)).content.decode())
    assert shown == ""
    record(tossed, {"type": "stroke", "by": "black"})  # white to play (the second line)
    assert _warn(client, tossed).status_code == 200  # tablet 2: a warning to White
    answer = stroke(
        client, tossed, "white", preset="nothing", headers={"X-Umpire-Warnings": shown}
    ).content.decode()
    assert 'hx-swap-oob="afterbegin:#history-list"' in answer  # only the new line …
    assert "Warning given to Ben Kirk: stroke clock" in answer  # … and the warnings
    mark = _mark(answer)
    assert mark == str(AuditEntry.objects.get(match=tossed, action=ACTION).pk)

    later = stroke(
        client, tossed, "black", preset="nothing", headers={"X-Umpire-Warnings": mark}
    ).content.decode()
    assert 'hx-swap-oob="afterbegin:#history-list"' in later
    assert 'id="warnings"' not in later  # unchanged: left as the tablet shows it


def test_a_warning_on_a_point_carrom_tablet_names_the_player_on_turn(client, db):
    """Issue 29: on a point-carrom board the turn is a seat, not a colour (was a KeyError)."""
    from tests.factories import make_match

    from .test_point_decisions import started

    points = make_match(rules="point-carrom", games_to_win=1)
    started(client, points)  # A pocketed a white and a black: A keeps the turn
    answer = _warn(client, points)
    assert answer.status_code == 200, answer.content[:300]
    entry = AuditEntry.objects.get(match=points, action=ACTION)
    assert entry.detail["by"] in ("a", "b", "c")
    assert entry.detail["player"] in ("Asha Rao", "Ben Kirk", "Chen Li")
    assert f"Warning recorded: {entry.detail['player']}" in answer.content.decode()
