"""Offline, every region the umpire reads is the server's (issue 28): the engine's screen
model in the browser (scoring/offline/browser.py ``screen``, run from the bundle without
Django) words the queen fact, the break, each side's game score and dues, the between-boards
card and the history's title exactly as the server's screen model (scoring/selectors/umpire)
words them after the same strokes: region by region, for several logs, in English and German.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from scoring.selectors.engine_log import engine_log
from scoring.selectors.umpire import tablet
from scoring.services.matches import match_snapshot
from tests.umpire.conftest import record, stroke
from tests.umpire.test_offline_engine import in_browser


def server_regions(match, log: dict) -> dict:
    """What the server's screen shows after the strokes, in the engine's terms."""
    view = tablet(match_snapshot(match))
    names = {s.name: s for s in view.sides}
    regions = {
        "queen": view.queen,
        "break": view.break_text,
        "sides": {
            colour: (names[name].score, names[name].dues_text)
            for colour, name in log["players"].items()
        },
        "board_end": None,
        "history_title": view.history_title,
    }
    if view.board_end is not None:
        be = view.board_end
        regions["board_end"] = (
            be.title,
            "" if be.void else be.result_text,
            "" if be.void else be.law or "",
        )
        regions["history_title"] = None  # the kept strokes' board is shown by its own title
    return regions


def browser_regions(got: dict, log: dict) -> dict:
    screen = got["screen"]
    end = screen["board_end"]
    return {
        "queen": screen["queen"]["text"],
        "break": screen["break"],
        "sides": {c: (v["score"], v["dues_text"]) for c, v in screen["sides"].items()},
        "board_end": None if end is None else (end["title"], end["result"], end["law"]),
        "history_title": None if end is not None else screen["history_title"],
    }


PAD = {  # pad entries, each (colour on turn or None: the engine's on turn, fields)
    "queen uncovered": [("white", {"white": "1"}), (None, {"queen": "on"})],
    "queen covered": [("white", {"white": "1"}), (None, {"queen": "on"}), (None, {"white": "1"})],
    "dues": [("white", {"white": "1"}), (None, {"preset": "nothing"}), (None, {"striker": "on"})],
    "break attempts": [("white", {"preset": "missed"})],
    "board end": [
        ("white", {"white": "1", "queen": "on"}),
        (None, {"white": "1"}),
        (None, {"white": "6"}),
        (None, {"white": "1"}),
    ],
}


def _play(client, match, entries) -> list:
    pending = []
    for by, fields in entries:
        current = match_snapshot(match).current
        position = current.position if current is not None else None
        colour = by or (position.on_turn if position is not None else "white")
        answer = stroke(client, match, colour, **fields)
        assert answer.status_code == 200, answer.content[:300]
        pending.append([["by", colour], *fields.items()])
    return pending


@pytest.mark.parametrize("case", sorted(PAD))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_region_offline_is_the_servers(tossed, tmp_path: Path, case: str, lang: str):
    client = Client()
    with translation.override(lang):
        log = engine_log(tablet(match_snapshot(tossed)))
    pending = _play(client, tossed, PAD[case])
    got = in_browser(tmp_path, log, pending, lang)
    assert all(item.get("rulings") is not None for item in got["items"])
    with translation.override(lang):
        server = server_regions(tossed, log)
    assert browser_regions(got, log) == server, case
    if case == "board end":
        assert server["board_end"][1]  # a winner and points, not an empty line
        assert max(s for s, _d in server["sides"].values()) > 0  # the score moved
    if case == "dues":
        assert any(d for _s, d in server["sides"].values())
    if case == "queen uncovered":
        assert "cover due" in server["queen"] or lang != "en"
    if case == "queen covered":
        assert "Covered by" in server["queen"] or lang != "en"


def test_after_a_void_board_the_replay_is_worded_with_its_own_number(tossed, tmp_path):
    """A void board (IT 101) and its replay carry one number: the card at the replay's end
    and the history's title say the same offline as online."""
    client = Client()
    _play(client, tossed, [("white", {"white": "1"})])
    record(tossed, {"type": "void"})  # void: played again (IT 101)
    log = engine_log(tablet(match_snapshot(tossed)))
    assert log["board_number"] == 1  # the replay is board 1 again
    pending = _play(client, tossed, PAD["board end"])
    got = in_browser(tmp_path, log, pending, "en")
    server = server_regions(tossed, log)
    assert browser_regions(got, log) == server
    assert server["board_end"][0] == "Board 1 is over"


def test_a_region_that_differs_is_caught(tossed, tmp_path):
    """The comparison can fail: the same log with one stroke fewer offline differs."""
    client = Client()
    log = engine_log(tablet(match_snapshot(tossed)))
    pending = _play(client, tossed, PAD["queen covered"])
    got = in_browser(tmp_path, log, pending[:-1], "en")
    assert browser_regions(got, log) != server_regions(tossed, log)
