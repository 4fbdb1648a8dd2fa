"""Between boards offline, the remainders of issue 28: the engine in the browser
(scoring/offline/between.py, run from the bundle without Django) begins the next board as the
server does in doubles (the player of the seat on turn, ICF 49(b)), offers the extra board's
toss after a tie over the board limit and begins the extra board with its winner breaking
(ICF 56(b)), and shows the interval before the deciding game (IT 102); the server's answers
hand the engine what it needs (the event that ended a board comes with the card) in a few
hundred bytes, measured here for a long board and a whole best-of-three.
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from scoring.selectors.engine_log import engine_log
from scoring.selectors.umpire import tablet
from scoring.services import board_steps
from scoring.services.matches import match_snapshot, record_seating, record_toss
from tests.factories import make_match
from tests.umpire.conftest import UMPIRE, link, post, stroke
from tests.umpire.test_offline_engine import in_browser
from tests.umpire.test_offline_screen_model import PAD, _play, browser_regions, server_regions
from tests.umpire.test_offline_steps import _quick, _step

ENGINE_STEP = re.compile(r"id=\"umpire-engine-step\" hx-swap-oob=\"true\" data-step='([^']*)'")
ENGINE_LOG = re.compile(
    r"id=\"umpire-engine-data\" hidden(?: hx-swap-oob=\"true\")? data-log='([^']*)'"
)


def _doubles():
    """Doubles, A breaking; seated Asha Rao, Chen Li, Ben Kirk, Dora Vik (to the right)."""
    match = make_match(kind="doubles")
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    players = {p.name: p.pk for e in (match.entry_a, match.entry_b) for p in e.players}
    names = ("Asha Rao", "Chen Li", "Ben Kirk", "Dora Vik")
    record_seating(match=match, actor=UMPIRE, seating=[players[n] for n in names])
    match.refresh_from_db()
    return match


def _turn(match) -> tuple[str, int | None]:
    turn = tablet(match_snapshot(match)).turn
    assert turn is not None
    return turn.player, turn.seat


def _engine_turn(got: dict) -> tuple[str, str]:
    turn = got["screen"]["turn"]
    return turn["player"], turn["seat"]


def test_doubles_the_board_begun_offline_names_the_seat_on_turn(db, tmp_path: Path):
    """ICF 49(b): after board 1 (Asha Rao broke) the card names the next board's breaker and,
    once begun offline, "To play" follows the seats as the server's does, not the pair."""
    match = _doubles()
    client = Client()
    log = engine_log(tablet(match_snapshot(match)))
    assert len(log["ring"]) == 4 and log["broken"] == {"white": 0, "black": 0}
    pending = _play(client, match, PAD["board end"])
    at_card = in_browser(tmp_path, log, pending, "en")
    player, seat = _turn(match)  # the server at its card: the next board's breaker
    assert _engine_turn(at_card) == (player, f"Seat {seat}")
    pending.append(_step(client, match))
    seen = []
    for _n in range(3):  # the turn passes to the right, player by player
        pending += _play(client, match, [(None, {"preset": "nothing"})])
        got = in_browser(tmp_path, log, pending, "en")
        player, seat = _turn(match)
        assert _engine_turn(got) == (player, f"Seat {seat}")
        seen.append(player)
    assert len(set(seen)) == 3  # three players in turn, not a pair's name
    assert browser_regions(got, log) == server_regions(match, log)


#: the line after the extra board's toss begins so in each language (ICF 56(b))
WORDS = {"en": "Extra board: Asha Rao won the toss", "de": "Zusatzboard: Asha Rao hat das Los"}


def test_the_extra_board_toss_is_offered_and_begins_the_extra_board(tossed, tmp_path: Path):
    """ICF 56(b): a tie after the eighth board, played offline: the card says "15–15: extra
    board, toss for the break" with a button for each side; the toss kept offline begins the
    extra board with its winner breaking (white), as the server after the same toss."""
    client = Client()
    for winner, points in (("b", 3), ("a", 1), ("b", 3), ("a", 2), ("b", 3), ("b", 3), ("b", 3)):
        _quick(tossed, winner, points)  # B 15, A 3 after seven boards
    log = engine_log(tablet(match_snapshot(tossed)))
    # board 8: A breaks (white) and wins it with 12 (9 carrommen and the queen, ICF 53)
    assert log["board_number"] == 8 and log["players"]["white"] == "Asha Rao"
    pending = _play(client, tossed, [("white", {"white": "1", "queen": "on"})])
    pending += _play(client, tossed, [(None, {"white": "8"})])
    view = tablet(match_snapshot(tossed))
    if not view.extra_board:  # the board's points did not tie: not this test's log
        raise AssertionError(f"no tie: {[(s.name, s.score) for s in view.sides]}")
    got = in_browser(tmp_path, log, pending, "en")
    nxt = got["screen"]["board_end"]["next"]
    assert nxt["step"] == view.step_key
    assert nxt["toss"]["title"] == f"{view.tie_scores}: extra board, toss for the break"
    assert [label for _side, label in nxt["toss"]["sides"]] == [
        f"{s.name} breaks" for s in view.sides
    ]
    tossed.refresh_from_db()
    answer = post(
        client,
        tossed,
        "step",
        {
            "step": view.step_key,
            "breaker": "a",
            "client_id": str(uuid.uuid4()),
            "revision": tossed.revision,
        },
    )
    assert answer.status_code == 200
    pending.append([["step", view.step_key], ["breaker", "a"]])
    # until its first stroke the line above the pad names the toss's winner, as the server's
    # (ICF 56(b)), in English and German
    for lang in ("en", "de"):
        line = in_browser(tmp_path, log, pending, lang)["screen"]["toss_breaker"]
        with translation.override(lang):
            page = client.get(link(tossed), headers={"accept-language": lang}).content.decode()
        shown = re.search(r'<p class="u-next-breaker" id="extra-board">(.*?)</p>', page, re.S)
        assert shown is not None and line["text"].startswith(WORDS[lang])
        assert f'{line["text"]} <span class="law">({line["law"]})</span>' == shown[1]
    pending += _play(client, tossed, [(None, {"preset": "nothing"})])
    got = in_browser(tmp_path, log, pending, "en")
    assert got["screen"]["toss_breaker"] is None  # the extra board has begun
    assert 'id="extra-board"' not in client.get(link(tossed)).content.decode()
    assert [i["ruled"] for i in got["items"]] == [True] * len(pending)
    assert browser_regions(got, log) == server_regions(tossed, log)
    assert tablet(match_snapshot(tossed)).on_turn_by == got["position"]["on_turn"]


def test_the_deciding_games_interval_is_on_the_card_offline(tossed, tmp_path: Path):
    """IT 102: game 2 ended offline before a deciding game: the card shows the interval (its
    words and the server's length) beside "Sides changed"; after the interval the deciding
    game begins as the server begins it."""
    client = Client()
    for points in (12, 12, 1):
        _quick(tossed, "b", points)  # game 1 to B
    _step(client, tossed)  # sides changed before game 2
    _quick(tossed, "a", 12)
    _quick(tossed, "a", 1)  # A at 13 in game 2; board 3: A breaks with white, wins the game
    log = engine_log(tablet(match_snapshot(tossed)))
    assert (log["game_number"], log["players"]["white"]) == (2, "Asha Rao")
    pending = _play(client, tossed, PAD["board end"])
    view = tablet(match_snapshot(tossed))
    assert view.interval_end is not None  # the server: the interval runs
    got = in_browser(tmp_path, log, pending, "en")
    nxt = got["screen"]["board_end"]["next"]
    assert nxt["interval"] == {
        "title": "Interval before the deciding game",
        "law": "IT 102",
        "text": "Ten minutes of rest. The next board starts when the interval is over.",
        "seconds": 600,
    }
    assert nxt["step"] == view.step_key and nxt["label"] == "Sides changed"
    # the game ended offline counts on the side panels at once, as the server's (ICF 57)
    sides = got["screen"]["sides"]
    assert (
        {log["players"][c]: sides[c]["games_won_text"] for c in sides}
        == {s.name: f"{s.games_won} game won" for s in view.sides}
        == {"Asha Rao": "1 game won", "Ben Kirk": "1 game won"}
    )
    german = in_browser(tmp_path, log, pending, "de")["screen"]["board_end"]["next"]
    with translation.override("de"):
        assert german["interval"]["title"] == gettext("Interval before the deciding game")
        assert german["label"] == gettext("Sides changed") != "Sides changed"
    board_steps.end_interval(match=tossed, actor=UMPIRE, step=view.step_key)
    pending.append(_step(client, tossed))
    pending += _play(client, tossed, [(None, {"preset": "nothing"})])
    got = in_browser(tmp_path, log, pending, "en")
    assert browser_regions(got, log) == server_regions(tossed, log)
    assert got["screen"]["history_title"] == "Game 3, board 1: history"


def _engine_bytes(html: str) -> int:
    return sum(len(m.encode()) for m in ENGINE_STEP.findall(html) + ENGINE_LOG.findall(html))


def test_the_card_brings_the_event_that_ended_the_board(tossed):
    """The answer that shows the card carries the board's last event, marked as ending it, at
    the revision after the log the tablet keeps: the engine rules on what follows offline."""
    client = Client()
    page = client.get(link(tossed)).content.decode()
    log = json.loads(ENGINE_LOG.search(page).group(1))
    for by, fields in PAD["board end"]:
        current = match_snapshot(tossed).current
        answer = stroke(client, tossed, by or current.position.on_turn, **fields)
    html = answer.content.decode()
    assert 'id="summary-card"' in html
    step = json.loads(ENGINE_STEP.search(html).group(1))
    assert step["ends"] in (1, 2) and step["revision"] == log["revision"] + len(PAD["board end"])
    # "Start board 2" taken online: the answer hands the engine the next board's log
    view = tablet(match_snapshot(tossed))
    tossed.refresh_from_db()
    answer = post(
        client,
        tossed,
        "step",
        {"step": view.step_key, "client_id": str(uuid.uuid4()), "revision": tossed.revision},
    )
    fresh = json.loads(ENGINE_LOG.search(answer.content.decode()).group(1))
    assert (
        fresh["board"] == "1-2" and fresh["events"] == [] and fresh["revision"] == step["revision"]
    )


def test_what_the_engine_is_handed_is_measured(tossed):
    """The bytes the page hands the offline engine (issue 28): the log of an 80-stroke board
    as a page carries it, and every answer of a whole best-of-three played stroke by stroke
    (each stroke's answer its one event; the step's answer the next board's log)."""
    client = Client()
    long = make_match()
    record_toss(match=long, winner="a", choice="break", actor=UMPIRE)
    long.refresh_from_db()
    for _n in range(80):  # a long board: 80 strokes, nothing pocketed
        colour = match_snapshot(long).current.position.on_turn
        answer = stroke(client, long, colour, preset="nothing")
        assert answer.status_code == 200 and _engine_bytes(answer.content.decode()) <= 300
    long_log = len(ENGINE_LOG.search(client.get(link(long)).content.decode()).group(1))
    per_answer: list[int] = []
    boards = 0
    while not match_snapshot(tossed).finished and boards < 20:
        view = tablet(match_snapshot(tossed))
        if view.card:
            if view.interval_end is not None:
                board_steps.end_interval(match=tossed, actor=UMPIRE, step=view.step_key)
            tossed.refresh_from_db()
            answer = post(
                client,
                tossed,
                "step",
                {
                    "step": view.step_key,
                    "client_id": str(uuid.uuid4()),
                    "revision": tossed.revision,
                },
            )
            assert answer.status_code == 200
            per_answer.append(_engine_bytes(answer.content.decode()))
        boards += 1
        for _by, fields in PAD["board end"]:
            current = match_snapshot(tossed).current
            answer = stroke(client, tossed, current.position.on_turn, **fields)
            assert answer.status_code == 200
            per_answer.append(_engine_bytes(answer.content.decode()))
    print(
        f"engine payload: 80-stroke board log {long_log} bytes; best-of-three of {boards} "
        f"boards, {len(per_answer)} answers: {sum(per_answer)} bytes in all, "
        f"at most {max(per_answer)} in one answer"
    )
    assert match_snapshot(tossed).finished
    assert long_log <= 16 * 1024 and max(per_answer) <= 2 * 1024


BREAKS = {"en": "Board 2: Asha Rao breaks (White).", "de": "Board 2: Asha Rao stößt an (Weiß)."}


def test_a_board_begun_offline_says_who_breaks_it_until_its_first_stroke(tossed, tmp_path: Path):
    """ICF 45: "Start board 2" kept offline, before board 2's first stroke the line above the
    pad names its breaker exactly as the server's (English and German), and the history stays
    board 1's, as the server's; the first stroke takes the line away and shows board 2's."""
    client = Client()
    log = engine_log(tablet(match_snapshot(tossed)))
    pending = []
    for by, fields in (
        ("white", {"white": "1", "queen": "on"}),
        (None, {"white": "1"}),  # the cover
        (None, {"white": "6"}),
        (None, {"white": "1"}),  # Ben Kirk wins board 1
    ):
        pending += _play(client, tossed, [(by, fields)])
    view = tablet(match_snapshot(tossed))
    assert view.card and view.step_key
    tossed.refresh_from_db()
    answer = post(
        client,
        tossed,
        "step",
        {"step": view.step_key, "client_id": str(uuid.uuid4()), "revision": tossed.revision},
    )
    assert answer.status_code == 200
    pending.append([["step", view.step_key]])
    for lang in ("en", "de"):
        screen = in_browser(tmp_path, log, pending, lang)["screen"]
        with translation.override(lang):
            page = client.get(link(tossed), headers={"accept-language": lang}).content.decode()
        shown = re.search(r'<p class="u-next-breaker" id="next-breaker">(.*?)</p>', page, re.S)
        assert shown is not None and screen["next_breaker"] == shown[1] == BREAKS[lang]
        title = re.search(r'id="history-title"[^>]*>(.*?)</h2>', page, re.S)
        assert title is not None and screen["history_title"] == title[1].strip()
    assert screen["history_board"] == 0 and screen["board"] == 1
    pending += _play(client, tossed, [(None, {"preset": "nothing"})])
    screen = in_browser(tmp_path, log, pending, "en")["screen"]
    assert screen["next_breaker"] == "" and screen["history_board"] == 1
    assert screen["history_title"].startswith("Game 1, board 2")
