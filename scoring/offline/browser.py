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

from scoring.offline import between
from scoring.offline.between import step_key

__all__ = ["install_words", "rule", "rule_json", "screen", "step_key"]


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
    board's event payloads) and then each pending item (the pad's posted fields, or a step
    between boards: ``step`` names it): for each stroke what it was and the rulings with their
    law; a step at a board's end starts the next board as the server would (issue 28: the
    umpire plays on offline); the position after the last one. A stroke the engine refuses
    gets the reason, and the items after it are not ruled."""
    from scoring import rulings
    from scoring.pad import cleaned_fields, stroke_payload
    from scoring.rules import RulesError, parse_event, step

    rules = _rules(log)
    board = _start(log)
    after = _position(board)
    changes = 0  # the turn's changes on this board: in doubles who of a side is on turn
    strokes = len(board["events"])  # the strokes on the board being played
    for payload in log["events"]:
        before = after
        after = step(before, parse_event(payload), rules, explain=False).position
        changes += _turn_changed(before, after)
    items: list[dict[str, Any]] = []
    refused = False
    for fields in pending:
        pairs = [(str(name), str(value)) for name, value in fields]
        asked = dict(pairs)
        if "step" in asked:  # "Start board N", "Sides changed" (services/board_steps.py)
            if refused:
                items.append({"ruled": False})
                continue
            if after.finished:
                goes_on = between.next_board(board, after, rules, asked)
                if goes_on is None or goes_on["step"] != asked["step"]:
                    refused = True  # this step waits for the server
                    items.append({"ruled": False})
                    continue
                board = goes_on
                after, changes, strokes = _position(board), 0, 0
            items.append({"ruled": True, "step": True, "board": board["shown"]})
            continue
        if refused or after.finished or after.on_turn is None:
            items.append({"ruled": False})
            continue
        by = asked.get("by") or after.on_turn
        payload = stroke_payload(cleaned_fields(pairs), by)
        names = dict(board["names"])
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
                    "board": board["shown"],
                }
            )
            continue
        after = result.position
        changes += _turn_changed(before, after)
        strokes += 1
        words = rulings.explain(result.notes, names) + rulings.explained_more(
            payload, result.notes, names
        )
        items.append(
            {
                "ruled": True,
                "text": rulings.describe_event(payload, names),
                "rulings": [_ruling(r) for r in words],
                "board": board["shown"],
            }
        )
    result = after.result
    return {
        "items": items,
        "screen": screen(board, after, rules, changes, fresh=not strokes),
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


def _rules(log: dict[str, Any]) -> Any:
    from scoring.rules import get_rules

    if log.get("switches"):  # a house preset: its base and switches (scoring/rules/house.py)
        from scoring.rules.house import compose

        return compose(log["rules"], log["switches"])
    return get_rules(log["rules"])


def _start(log: dict[str, Any]) -> dict[str, Any]:
    """The board being played as the engine follows it: the log's, with ``flip`` (its colours
    are the other way round from the log's board: the side panels the server drew)."""
    return {
        **log,
        "flip": bool(log.get("flip")),
        "events": list(log.get("events") or []),
        "shown": 0,
    }


def _position(board: dict[str, Any]) -> Any:
    from scoring.rules import PerColour
    from scoring.rules.interchange import parse_start

    scores = board["scores"]
    return parse_start(None, PerColour(int(scores["white"]), int(scores["black"])))


def _turn_changed(before: Any, after: Any) -> int:
    """1 when a step passed the turn (as the server's history counts it)."""
    return int(
        before.on_turn is not None and after.on_turn is not None and before.on_turn != after.on_turn
    )


def screen(
    log: dict[str, Any], after: Any, rules: Any, changes: int = 0, *, fresh: bool = False
) -> dict[str, Any]:
    """The regions the umpire reads, worded exactly as the server's screen model words them
    (:mod:`scoring.screen_words`, issue 28): the queen fact, the break, each side's game score,
    dues and colour, the between-boards card at the board's end (the game's and the match's
    end, the next step) and the history's title, from the engine's position after the
    pending items. ``log`` is the board being played (:func:`_start`); the sides are keyed by
    the colour the server's side panels show (``flip``: this board's colours are the other
    way round); ``fresh``: no stroke on it yet."""
    from scoring import screen_words
    from scoring.rules.variant import variant_for

    flip = bool(log.get("flip"))

    def panel(colour: str) -> str:  # the side panel of the side playing ``colour``
        return between.other(colour) if flip else colour

    names = dict(log["names"])
    players = dict(log.get("players") or {})
    game_number = int(log.get("game_number") or 0)
    number = int(log.get("board_number") or 0)
    result = after.result
    ending = between.ending(log, after, rules)
    scores = ending["scores"] if ending else {c: int(log["scores"][c]) for c in ("white", "black")}
    card: dict[str, Any] | None = None
    on_turn = after.on_turn
    on_board = after.on_board.to_dict()
    chips: dict[str, str | None] = {c: c for c in ("white", "black")}  # this board's colours
    if ending is not None:
        card = {
            "title": screen_words.board_over_title(number, bool(result.void)),
            "result": "",
            "law": "",
        }
        if not result.void and result.winner in scores:
            card["result"] = screen_words.board_won_text(
                str(players.get(result.winner, names.get(result.winner, ""))), int(result.points)
            )
            card["law"] = result.law or ""
        order = list(log.get("order") or ("white", "black"))
        winner = ending["game_over"]
        if winner in scores:  # the board ended the game (ICF 56)
            card["game"] = {
                "title": screen_words.game_over_title(game_number),
                "result": screen_words.game_won_text(
                    str(players.get(winner, names.get(winner, "")))
                ),
                "scores": [[players.get(c, c), scores[c]] for c in order],
            }
        if ending["match_over"] in scores:  # ... and the match (ICF 57)
            games = [list(g) for g in log.get("finished_games") or []]
            games.append([game_number, [[players.get(c, c), scores[c]] for c in order]])
            card["match"] = {
                "title": screen_words.match_over_title(),
                "result": screen_words.match_won_text(players.get(ending["match_over"], "")),
                "games": [screen_words.game_line(n, pairs) for n, pairs in games],
            }
        nxt = ending.get("next")
        card["next"] = None
        card["waits"] = bool(ending.get("waits")) or nxt is None and not card.get("match")
        if nxt is not None and not ending.get("waits"):
            card["next"] = between.next_step(log, nxt, scores)
        # beside the card the server shows the next board's start: the queen on the board,
        # the break not made, no dues (they end with the board), all pieces on the board and
        # its breaker on turn (white on the next board; nobody before the extra board's toss)
        on_board = {"white": rules.carrommen_per_colour, "black": rules.carrommen_per_colour}
        on_turn = nxt["breaker"] if nxt is not None else None
        if on_turn:
            chips = {c: "white" if c == on_turn else "black" for c in ("white", "black")}
        elif nxt is not None and nxt.get("toss"):  # no colours until the toss (ICF 56(b))
            chips = dict.fromkeys(chips, None)
        if nxt is not None and nxt["game"] != game_number:  # the next game: 0-0
            scores = dict.fromkeys(scores, 0)
        if card.get("match"):  # the match's end (ICF 57): no board, colours nor turn, as online
            chips = dict.fromkeys(chips, None)
    where = (game_number, number)
    coming = ending.get("next") if ending is not None and card and card.get("next") else None
    if coming:
        where = (int(coming["game"]), int(coming["board"]))
    # doubles: the player on turn, the turn passing to the right (ICF 49(b)); at the board's
    # end the server's card names the next board's breaker
    seats = log.get("seats") or []
    if card is not None:
        seats = (
            between.seats_from(log, on_turn, between.counted(log, after)) or []
            if on_turn and card.get("next")
            else []
        )
        changes = 0
    turn = None
    if seats and on_turn is not None:
        seat = seats[changes % len(seats)]
        words = screen_words.seat_text(int(seat["seat"]))
        turn = {"player": seat["name"], "seat": words, "side_seat": f"{seat['name']} · {words}"}
    # the "Boards of this game" table gains the ended board's row, as the server's does; a
    # board that ended the game leaves the next game's table empty
    rows = list(log.get("offline_rows") or [])
    hide = bool(log.get("hide_server_rows"))
    if card is not None:
        if "game" in card:
            rows, hide = [], True
        else:
            rows += between.kept_row(log, after)
    boards = {"rows": rows, "hide_server": hide} if rows or hide else None
    # the games won (ICF 57): a game ended offline counts at once, as on the server's panels
    won = (ending or {}).get("games_won") or log.get("games_won") or {}
    queen = "on_board" if card else after.queen
    shown = int(log.get("shown") or 0)
    held = bool(shown and fresh and card is None and log.get("held_title"))
    attempts = 0 if card else after.break_attempts
    dues = {c: 0 if card else after.dues[c] for c in ("white", "black")}
    return {
        "queen": {"state": queen, "text": screen_words.queen_text(queen, names)},
        "break": ""
        if after.break_made and not card
        else screen_words.break_text(rules.break_attempts - attempts),
        "sides": {
            panel(c): {
                "score": scores[c],
                "dues": dues[c],
                "dues_text": screen_words.dues_text(dues[c]),
                "colour": chips[c],
                "games_won_text": screen_words.games_won_text(int(won.get(c, 0))),
            }
            for c in dues
        },
        "board_end": card,
        # the match is over: the facts line empty, as the server's (no board is played)
        "match_over": bool(card and card.get("match")),
        "boards": boards,
        "boards_words": screen_words.boards_table_words(),
        "on_turn": panel(on_turn) if on_turn else None,
        "turn": turn,
        "on_board": on_board,
        "board": shown,
        # a board begun offline, before its first stroke: the history (its title, lines and
        # the undo's stroke) stays the ended board's, as the server's does
        "history_board": shown - 1 if held else shown,
        "history_title": log["held_title"]
        if held
        else screen_words.history_title(log.get("game_number"), number),
        # the facts line's place: beside the card the next board, as the server's (the extra
        # board's mark until its first stroke)
        "where": screen_words.where_text(*where),
        "where_extra": screen_words.extra_board_word()
        if coming is not None and coming.get("toss") or held and log.get("tossed")
        else "",
        # the extra board begun offline after its toss, until its first stroke (ICF 56(b)):
        # who won the toss and breaks, as the server's line above the pad
        "toss_breaker": {
            "text": screen_words.extra_board_breaker_text(
                str(players.get("white", "")), variant_for(rules).breaker_white
            ),
            "law": "ICF 56(b)",
        }
        if log.get("tossed") and fresh and card is None
        else None,
        # a board begun offline ("Start board N"), until its first stroke: who breaks it, as
        # the server's line above the pad (ICF 45; doubles: the seat's player, ICF 49(b))
        "next_breaker": screen_words.next_breaker_text(
            number,
            turn["player"] if turn else str(players.get("white", "")),
            variant_for(rules).breaker_white,
        )
        if held and not log.get("tossed")
        else "",
    }


def rule_json(log_json: str, pending_json: str) -> str:
    """:func:`rule` for JavaScript: JSON in, JSON out."""
    return json.dumps(rule(json.loads(log_json), json.loads(pending_json)))
