"""Offline, the umpire plays on between boards (issue 28): "Start board N" and "Sides changed"
are kept on the tablet like strokes, and the offline engine (scoring/offline/browser.py, run
from the bundle without Django) starts the next board from them as the server does. After the
same strokes and steps, every region the engine words is the server's: a board won and the
next board begun, a game ended and the next game begun after the side change, a game ended by
the board limit (ICF 56), the match's end (ICF 57).
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from scoring.offline.browser import step_key as offline_step_key
from scoring.records.interval import step_key
from scoring.selectors.engine_log import engine_log
from scoring.selectors.umpire import tablet
from scoring.services.matches import match_snapshot, record_quick_board
from tests.umpire.conftest import UMPIRE, post
from tests.umpire.test_offline_engine import in_browser
from tests.umpire.test_offline_screen_model import PAD, _play, browser_regions, server_regions


def _step(client: Client, match) -> list[list[str]]:
    """The card's step on the server; the same step as the tablet keeps it."""
    view = tablet(match_snapshot(match))
    assert view.card, "no card between boards"
    match.refresh_from_db()
    answer = post(
        client,
        match,
        "step",
        {"step": view.step_key, "client_id": str(uuid.uuid4()), "revision": match.revision},
    )
    assert answer.status_code == 200, answer.content[:300]
    return [["step", view.step_key]]


def _quick(match, winner: str, points: int) -> None:
    record_quick_board(
        match=match,
        winner=winner,
        points=points,
        law="ICF 53",
        client_id=uuid.uuid4(),
        actor=UMPIRE,
    )
    match.refresh_from_db()


def _next_step(got: dict) -> str:
    return got["screen"]["board_end"]["next"]["step"]


def test_the_step_is_named_as_the_server_names_it():
    assert offline_step_key(7, 2, 3) == step_key(7, 2, 3)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_board_begun_offline_is_the_servers_next_board(tossed, tmp_path: Path, lang: str):
    client = Client()
    with translation.override(lang):
        log = engine_log(tablet(match_snapshot(tossed)))
    pending = _play(client, tossed, PAD["board end"])
    at_end = in_browser(tmp_path, log, pending, lang)
    with translation.override(lang):
        view = tablet(match_snapshot(tossed))
        assert _next_step(at_end) == view.step_key  # the card's button names the server's step
        if lang == "en":
            assert at_end["screen"]["board_end"]["next"]["label"] == "Start board 2"
        assert at_end["screen"]["board_end"]["next"]["change_sides"] is None
    pending.append(_step(client, tossed))
    pending += _play(client, tossed, [(None, {"white": "1"}), (None, {"preset": "nothing"})])
    got = in_browser(tmp_path, log, pending, lang)
    assert [i["ruled"] for i in got["items"]] == [True] * len(pending)
    assert got["items"][-1]["board"] == 1  # the second board of this log
    with translation.override(lang):
        server = server_regions(tossed, log)
    assert browser_regions(got, log) == server
    assert server["board_end"] is None and server["history_title"]
    assert max(score for score, _dues in server["sides"].values()) > 0  # board 1's points
    # the next board's breaker is the other side (ICF 45): its panel is white now
    colours = {c: v["colour"] for c, v in got["screen"]["sides"].items()}
    assert colours == {"white": "black", "black": "white"}
    # "Boards of this game" keeps board 1's row, as the server's table does
    assert [r["number"] for r in got["screen"]["boards"]["rows"]] == [1]


def test_a_step_the_server_must_take_is_not_ruled_and_holds_what_follows(tossed, tmp_path):
    client = Client()
    log = engine_log(tablet(match_snapshot(tossed)))
    pending = _play(client, tossed, PAD["board end"])
    pending += [[["step", "not-this-one"]], [["by", "black"], ["white", "1"]]]
    got = in_browser(tmp_path, log, pending, "en")
    assert [i["ruled"] for i in got["items"][-2:]] == [False, False]
    assert got["position"]["finished"]


def test_a_game_won_offline_goes_on_after_the_side_change(tossed, tmp_path: Path):
    """B at 24 after two paper boards wins board 3 offline: "Game 1 is over", the card's
    button is "Sides changed" (ICF 58); the next game begins 0-0 with its own breaker."""
    client = Client()
    _quick(tossed, "b", 12)
    _quick(tossed, "b", 12)
    log = engine_log(tablet(match_snapshot(tossed)))
    pending = _play(client, tossed, PAD["board end"])
    at_end = in_browser(tmp_path, log, pending, "en")
    end = at_end["screen"]["board_end"]
    view = tablet(match_snapshot(tossed))
    assert end["game"]["title"] == "Game 1 is over"
    assert view.change_sides and end["next"]["label"] == "Sides changed"
    assert end["next"]["change_sides"]["title"] == "Change sides before this board"
    assert end["next"]["step"] == view.step_key
    pending.append(_step(client, tossed))
    pending += _play(client, tossed, [(None, {"preset": "nothing"}), (None, {"white": "1"})])
    got = in_browser(tmp_path, log, pending, "en")
    server = server_regions(tossed, log)
    assert browser_regions(got, log) == server
    assert server["history_title"] == "Game 2, board 1: history"
    # the table of the game before is not this game's
    assert got["screen"]["boards"] == {"rows": [], "hide_server": True}


def test_a_game_ended_offline_by_the_board_limit_shows_the_games_end(tossed, tmp_path: Path):
    """ICF 56: after the eighth board the leader wins the game; the card says so offline as
    the server does."""
    client = Client()
    for n in range(7):
        _quick(tossed, "a" if n % 2 else "b", 2)  # B 8, A 6 after seven boards
    log = engine_log(tablet(match_snapshot(tossed)))
    assert log["board_number"] == 8
    pending = _play(client, tossed, PAD["board end"])
    got = in_browser(tmp_path, log, pending, "en")
    end = got["screen"]["board_end"]
    view = tablet(match_snapshot(tossed))
    assert view.game_end is not None  # the server: the game is over
    assert end["game"]["title"] == f"Game {view.game_end['number']} is over"
    assert end["game"]["result"] == f"{view.game_end['winner'].name} wins the game."
    scores = dict(end["game"]["scores"])
    assert scores == {s.name: view.game_end["scores"][s.side] for s in view.sides}
    assert end["next"]["step"] == view.step_key


def test_the_match_ended_offline_shows_the_matchs_end(tossed, tmp_path: Path):
    client = Client()
    for points in (12, 12, 1):
        _quick(tossed, "b", points)  # game 1 to B (ICF 56)
    _step(client, tossed)  # sides changed before game 2
    _quick(tossed, "b", 12)
    _quick(tossed, "b", 12)
    _quick(tossed, "a", 1)  # B at 24 in game 2; board 4: B breaks with white
    log = engine_log(tablet(match_snapshot(tossed)))
    pending = _play(client, tossed, PAD["board end"])
    got = in_browser(tmp_path, log, pending, "en")
    end = got["screen"]["board_end"]
    view = tablet(match_snapshot(tossed))
    assert view.phase == "finished"
    assert end["next"] is None and not end["waits"]
    assert end["match"]["title"] == "The match is over"
    assert end["match"]["result"] == f"{view.winner.name} wins the match."
    lines = [
        f"Game {g['number']}: "
        + " – ".join(f"{s.name} {g['scores'].get(s.side, 0)}" for s in view.sides)
        for g in view.finished_games
    ]
    assert end["match"]["games"] == lines
    # the screen beside the card as the server's at the match's end: no board's facts, no
    # colours and nobody on turn (the facts line is emptied by umpire-offline-screen.js)
    screen = got["screen"]
    assert screen["match_over"] is True
    assert not view.game_number and not view.on_turn_by
    assert screen["on_turn"] is None and screen["turn"] is None
    assert {side["colour"] for side in screen["sides"].values()} == {None}
    assert not any(s.colour for s in view.sides)
