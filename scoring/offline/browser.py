"""The rules engine in the umpire tablet's browser while offline (Pyodide; issue 12).

Runs in the browser, never on the server's request path: the tablet hands it the board's log
as the server last showed it (:func:`scoring.selectors.engine_log.engine_log`) and the strokes
queued since, and it replays them through :mod:`scoring.rules` and words the notes with
:mod:`scoring.rulings`, so the rulings shown offline are the server's own. No Django here:
the three translation helpers :mod:`scoring.rulings` imports are stood in for by the standard
library's :mod:`gettext` reading the app's compiled catalogue (``locale/*/django.mo``).
"""

from __future__ import annotations

import gettext
import io
import json
import sys
import types
from typing import Any


def _capfirst(value: Any) -> str:
    text = str(value)
    return text[:1].upper() + text[1:]


def install_words(catalogue: bytes | None) -> None:
    """Give :mod:`scoring.rulings` its ``gettext``/``ngettext``/``capfirst`` without Django:
    the compiled catalogue of the page's language (``None``: English). Does nothing where
    Django is installed (the server)."""
    try:
        import django  # noqa: F401
    except ImportError:
        pass
    else:
        return
    words = (
        gettext.GNUTranslations(io.BytesIO(catalogue)) if catalogue else gettext.NullTranslations()
    )
    translation = types.ModuleType("django.utils.translation")
    translation.gettext = words.gettext  # type: ignore[attr-defined]
    translation.ngettext = words.ngettext  # type: ignore[attr-defined]
    text = types.ModuleType("django.utils.text")
    text.capfirst = _capfirst  # type: ignore[attr-defined]
    utils = types.ModuleType("django.utils")
    utils.translation, utils.text = translation, text  # type: ignore[attr-defined]
    root = types.ModuleType("django")
    root.utils = utils  # type: ignore[attr-defined]
    sys.modules.update(
        {
            "django": root,
            "django.utils": utils,
            "django.utils.translation": translation,
            "django.utils.text": text,
        }
    )


def _ruling(r: Any) -> dict[str, str]:
    return {"text": r.text, "law": r.law, "tone": r.tone, "code": r.code}


def rule(log: dict[str, Any], pending: list[list[list[str]]]) -> dict[str, Any]:
    """Replay ``log`` (``rules``, ``scores`` by colour, ``names`` by colour, ``events``: the
    board's event payloads) and then each pending stroke (the pad's posted fields): for each
    stroke what it was and the rulings with their law; the position after the last one.
    A stroke the engine refuses gets the reason, and the strokes after it are not ruled."""
    from scoring import rulings
    from scoring.pad import cleaned_fields, stroke_payload
    from scoring.rules import PerColour, RulesError, get_rules, parse_event, step
    from scoring.rules.interchange import parse_start

    if log.get("switches"):  # a house preset: its base and switches (scoring/rules/house.py)
        from scoring.rules.house import compose

        rules = compose(log["rules"], log["switches"])
    else:
        rules = get_rules(log["rules"])
    names = dict(log["names"])
    scores = log["scores"]
    after = parse_start(None, PerColour(int(scores["white"]), int(scores["black"])))
    changes = 0  # the turn's changes on this board: in doubles who of a side is on turn
    for payload in log["events"]:
        before = after
        after = step(before, parse_event(payload), rules, explain=False).position
        changes += _turn_changed(before, after)
    items: list[dict[str, Any]] = []
    refused = False
    for fields in pending:
        pairs = [(str(name), str(value)) for name, value in fields]
        if refused or after.finished or after.on_turn is None:
            items.append({"ruled": False})
            continue
        by = dict(pairs).get("by") or after.on_turn
        payload = stroke_payload(cleaned_fields(pairs), by)
        before = after
        try:
            result = step(before, parse_event(payload), rules)
        except RulesError as err:
            refused = True
            items.append(
                {
                    "ruled": True,
                    "error": rulings.error_text(err.code, {}, err.message),
                    "text": rulings.describe_event(payload, names),
                }
            )
            continue
        after = result.position
        changes += _turn_changed(before, after)
        words = rulings.explain(result.notes, names) + rulings.explained_more(
            payload, result.notes, names
        )
        items.append(
            {
                "ruled": True,
                "text": rulings.describe_event(payload, names),
                "rulings": [_ruling(r) for r in words],
            }
        )
    result = after.result
    return {
        "items": items,
        "screen": screen(log, after, rules, changes),
        "position": {
            "on_board": after.on_board.to_dict(),
            "queen": after.queen,
            "on_turn": after.on_turn,
            "dues": after.dues.to_dict(),
            "finished": after.finished,
            "break_made": after.break_made,
            "break_attempts": after.break_attempts,
            "result": None
            if result is None
            else {
                "winner": result.winner,
                "points": result.points,
                "law": result.law,
                "void": result.void,
            },
        },
    }


def _turn_changed(before: Any, after: Any) -> int:
    """1 when a step passed the turn (as the server's history counts it)."""
    return int(
        before.on_turn is not None and after.on_turn is not None and before.on_turn != after.on_turn
    )


def screen(log: dict[str, Any], after: Any, rules: Any, changes: int = 0) -> dict[str, Any]:
    """The regions the umpire reads, worded exactly as the server's screen model words them
    (:mod:`scoring.screen_words`, issue 28): the queen fact, the break, each colour's game score
    and dues, the between-boards card at the board's end and the history's title, from the
    engine's position after the pending strokes."""
    from scoring import screen_words

    names = dict(log["names"])
    players = dict(log.get("players") or {})
    scores = {c: int(log["scores"][c]) for c in ("white", "black")}
    result = after.result
    card = None
    if result is not None:
        number = int(log.get("board_number") or 0)
        card = {
            "title": screen_words.board_over_title(number, bool(result.void)),
            "result": "",
            "law": "",
        }
        if not result.void and result.winner in scores:
            scores[result.winner] = screen_words.score_after(
                scores[result.winner], int(result.points), rules
            )
            card["result"] = screen_words.board_won_text(
                players.get(result.winner, names.get(result.winner, "")), int(result.points)
            )
            card["law"] = result.law or ""
            if scores[result.winner] >= rules.game_points:  # the board ended the game
                order = list(log.get("order") or ("white", "black"))
                card["game"] = {
                    "title": screen_words.game_over_title(int(log.get("game_number") or 0)),
                    "result": screen_words.game_won_text(
                        players.get(result.winner, names.get(result.winner, ""))
                    ),
                    "scores": [[players.get(c, c), scores[c]] for c in order],
                }
    # at the board's end the server shows the next board's start beside the card: the queen
    # on the board, the break not made, no dues (they end with the board), all pieces on the
    # board and its breaker on turn: after a void the same breaker (IT 101), else the other
    # (ICF 45), named by this board's colours; unknown here when the game is over
    on_turn = after.on_turn
    on_board = after.on_board.to_dict()
    if card is not None:
        on_board = {"white": rules.carrommen_per_colour, "black": rules.carrommen_per_colour}
        game_over = max(scores.values()) >= rules.game_points
        on_turn = "white" if result.void else "black"
        if game_over:  # the next game: 0–0, its first breaker (ICF 49(a)), as the server
            on_turn = log.get("next_game_breaker")
            scores = dict.fromkeys(scores, 0)
    # doubles: the player on turn, the turn passing to the right (ICF 49(b)); at the board's
    # end the server's card names the next board's breaker, which waits for the connection
    seats = log.get("seats") or []
    turn = None
    if seats and card is None and on_turn is not None:
        seat = seats[changes % len(seats)]
        words = screen_words.seat_text(int(seat["seat"]))
        turn = {"player": seat["name"], "seat": words, "side_seat": f"{seat['name']} · {words}"}
    # the "Boards of this game" table gains the ended board's row, as the server's does; a
    # board that ended the game leaves the next game's table empty
    boards_row = None
    if card is not None:
        boards_row = {
            "number": int(log.get("board_number") or 0),
            "void": bool(result.void),
            "winner": "" if result.void else players.get(result.winner, ""),
            "points": "" if result.void else int(result.points),
            "law": "" if result.void else (result.law or ""),
            "new_game": "game" in card,
        }
    queen = "on_board" if card else after.queen
    attempts = 0 if card else after.break_attempts
    dues = {c: 0 if card else after.dues[c] for c in ("white", "black")}
    return {
        "queen": {"state": queen, "text": screen_words.queen_text(queen, names)},
        "break": ""
        if after.break_made and not card
        else screen_words.break_text(rules.break_attempts - attempts),
        "sides": {
            c: {"score": scores[c], "dues": dues[c], "dues_text": screen_words.dues_text(dues[c])}
            for c in dues
        },
        "board_end": card,
        "boards_row": boards_row,
        "boards_words": screen_words.boards_table_words(),
        "on_turn": on_turn,
        "turn": turn,
        "on_board": on_board,
        "history_title": screen_words.history_title(
            log.get("game_number"), log.get("board_number")
        ),
    }


def rule_json(log_json: str, pending_json: str) -> str:
    """:func:`rule` for JavaScript: JSON in, JSON out."""
    return json.dumps(rule(json.loads(log_json), json.loads(pending_json)))
