"""Between boards offline (issue 28): what a board's end decides and how the next board
begins, as the server does it, for the rules engine in the tablet's browser
(:mod:`scoring.offline.browser`, Pyodide).

The board being played is the engine's dict of it (the server's log,
:func:`scoring.selectors.engine_log.engine_log`, or a board begun offline): its colours, game
scores, players, the game's and board's numbers, and in doubles the seats around the board.
The end decides (ICF 53, 56, 57, IT 101) the game scores, the game's and the match's end, and
the next board: its breaker (the other side; the same after a void; a fresh toss on the extra
board after a tie over the board limit, ICF 56(b)), the side change (ICF 58-60) and the
interval before the deciding game (IT 102). The words are :mod:`scoring.screen_words`'s, which
the server's screen model uses too. No Django here (imported lazily: the words need the
catalogue the browser installs first).
"""

from __future__ import annotations

from typing import Any

#: IT 102: the interval before the deciding game, in seconds (``records/interval.py``:
#: ``INTERVAL``; the log carries the server's, this is its value when the log has none).
INTERVAL_SECONDS = 600


def other(colour: str) -> str:
    """The opponent's colour, as the engine names it (:func:`scoring.rules.position.other`)."""
    from scoring.rules.position import other as other_colour

    return str(other_colour(colour))


def step_key(match_id: object, game: int, board: int) -> str:
    """The name of the step between boards (:func:`scoring.records.interval.step_key`, which
    the server's card posts; tested equal)."""
    return f"{match_id}-{game}-{board}"


def ending(board: dict[str, Any], after: Any, rules: Any) -> dict[str, Any] | None:
    """What the board's end decides, by the board's colours (ICF 53, 56, 57, IT 101): the game
    scores, the game's end (the points reached or the board limit, ICF 56; a tie: the extra
    board and its toss, ruling 3), the match's end, and the next board: its game, number,
    breaker (``None`` until the extra board's toss), whether sides change first (ICF 58-60),
    whether the interval before the deciding game comes first (IT 102) and whether the server
    must start it (``waits``: a drawn match, a next game whose breaker the log lacks)."""
    from scoring.rules.game import decide_game

    result = after.result
    if result is None:
        return None
    scores = {c: int(board["scores"][c]) for c in ("white", "black")}
    game, number = int(board.get("game_number") or 1), int(board.get("board_number") or 0)
    out: dict[str, Any] = {"scores": scores, "game_over": None, "match_over": None}
    if result.void:  # played again under its number by the same breaker (IT 101)
        out["next"] = {"game": game, "board": number, "breaker": "white", "change_sides": False}
        return out
    if result.winner in scores:
        from scoring import screen_words

        scores[result.winner] = screen_words.score_after(
            scores[result.winner], int(result.points), rules
        )
    decision = decide_game(
        scores, number, rules.board_limit_for(board.get("stage", "early")), rules
    )
    deciding = 2 * rules.games_to_win - 1
    if decision.extra_board:  # a tie over the board limit: a fresh toss (ICF 56(b))
        out["next"] = {
            "game": game,
            "board": number + 1,
            "breaker": None,
            "change_sides": False,
            "toss": True,
        }
        return out
    if not decision.finished:
        change = (
            game == deciding
            and board.get("side_change_after") is None
            and (
                max(scores.values()) >= rules.side_change_points
                or (board.get("stage", "early") == "early" and number == rules.side_change_board)
            )
        )
        out["next"] = {
            "game": game,
            "board": number + 1,
            "breaker": "black",
            "change_sides": change,
        }
        return out
    out["game_over"] = decision.winner or "draw"
    won = {c: int((board.get("games_won") or {}).get(c, 0)) for c in ("white", "black")}
    if decision.winner in won:
        won[decision.winner] += 1
    out["games_won"] = won
    if max(won.values()) >= rules.games_to_win or decision.draw:
        out["match_over"] = decision.winner if not decision.draw else "draw"
        out["waits"] = bool(decision.draw)
        return out
    out["next"] = {
        "game": game + 1,
        "board": 1,
        "breaker": board.get("next_game_breaker"),
        "change_sides": True,
        # IT 102: ten minutes of rest before the deciding game, from the game's last board
        "interval": game + 1 == deciding,
    }
    out["waits"] = not board.get("next_game_breaker")
    return out


def toss_breaker(board: dict[str, Any], side: str | None) -> str | None:
    """The colour (by this board's colours) of the side that won the extra board's toss
    (``"a"``/``"b"``, as the card posts it); ``None`` for no side of the match."""
    order = list(board.get("order") or ("white", "black"))
    return {"a": order[0], "b": order[1]}.get(side or "")


def counted(board: dict[str, Any], after: Any) -> dict[str, int]:
    """Doubles: the boards each side has broken, this one included unless void (by this
    board's colours; its breaker plays white), as the server counts them to find who of
    the pair breaks next (ICF 49(b))."""
    broken = {c: int((board.get("broken") or {}).get(c, 0)) for c in ("white", "black")}
    if after.result is not None and not after.result.void:
        broken["white"] += 1
    return broken


def seats_from(board: dict[str, Any], breaker: str, broken: dict[str, int]) -> list[Any] | None:
    """Doubles: the players around the board in turn order from the one who breaks it (ICF
    49(b): the break passes to the right, so the partners of a side break its boards in turn,
    in seat order), as ``selectors/umpire/history.py`` seats them. ``breaker``: the breaking
    side's colour, by this board's colours; ``None`` in singles."""
    ring = list(board.get("ring") or [])
    if len(ring) != 4:
        return None
    order = [i for i, seat in enumerate(ring) if seat["colour"] == breaker]
    if not order:
        return None
    first = order[broken.get(breaker, 0) % len(order)]
    return [{"name": s["name"], "seat": s["seat"]} for s in ring[first:] + ring[:first]]


def next_board(board: dict[str, Any], after: Any, rules: Any, asked: dict[str, str]) -> Any:
    """The next board's start as the server would begin it after the step ``asked`` (the
    card's posted fields), by its own colours (its breaker plays white, ICF 45); ``None`` when
    the server must start it or the step is not this card's."""
    from scoring import screen_words
    from scoring.rulings import colour_word

    end = ending(board, after, rules)
    if end is None or end.get("waits") or not end.get("next"):
        return None
    nxt = end["next"]
    breaker = toss_breaker(board, asked.get("breaker")) if nxt.get("toss") else nxt["breaker"]
    if breaker not in ("white", "black"):
        return None
    flip = breaker == "black"  # the other side breaks: it plays white
    scores = end["scores"] if nxt["game"] == board.get("game_number") else {"white": 0, "black": 0}
    won = end.get("games_won") or board.get("games_won") or {}

    def turned(by_colour: dict[str, Any]) -> dict[str, Any]:
        return {c: by_colour.get(other(c) if flip else c) for c in ("white", "black")}

    broken = counted(board, after)
    seats = seats_from(board, breaker, broken)
    players = turned(dict(board.get("players") or {}))
    new_game = nxt["game"] != board.get("game_number")
    return {
        **board,
        "flip": board.get("flip", False) != flip,
        "shown": int(board.get("shown") or 0) + 1,  # the boards begun offline, counted
        "scores": turned(scores),
        "players": players,
        "names": {c: f"{colour_word(c)} ({players[c]})" for c in ("white", "black")},
        "order": [other(c) if flip else c for c in (board.get("order") or ["white", "black"])],
        "games_won": turned(won),
        "game_number": nxt["game"],
        "board_number": nxt["board"],
        "events": [],
        # doubles: the seats around the next board from its breaker (ICF 49(b)), the ring and
        # the boards broken by the next board's colours
        "seats": seats,
        "ring": [
            {**s, "colour": other(s["colour"]) if flip else s["colour"]}
            for s in board.get("ring") or []
        ],
        "broken": turned(broken),
        "next_game_breaker": _next_game_breaker(board, flip, new_game),
        # ICF 60: the deciding game's side change, once it came
        "side_change_after": None
        if new_game
        else (board.get("board_number") if nxt["change_sides"] else board.get("side_change_after")),
        "step": step_key(board.get("match_id"), nxt["game"], nxt["board"]),
        # "Boards of this game": the rows of the boards ended offline in this game; a new
        # game's table starts empty (the server's rows are of the game before)
        "offline_rows": []
        if new_game
        else [*board.get("offline_rows", []), *kept_row(board, after)],
        "end_shown": False,
        # the extra board, begun after its toss (ICF 56(b)): its line above the pad names
        # the toss's winner until the first stroke
        "tossed": bool(nxt.get("toss")),
        "hide_server_rows": new_game or bool(board.get("hide_server_rows")),
        # until the next board's first stroke the server's history stays the ended board's
        "held_title": screen_words.history_title(
            board.get("game_number"), board.get("board_number")
        ),
    }


def kept_row(board: dict[str, Any], after: Any) -> list[dict[str, Any]]:
    """The ended board's row for the table, unless the server's table has it already (the
    board ended online and the log got its last event with the card: ``end_shown``)."""
    return [] if board.get("end_shown") else [boards_row(board, after)]


def boards_row(board: dict[str, Any], after: Any) -> dict[str, Any]:
    """The ended board's row of "Boards of this game", as the server's table words it."""
    result = after.result
    players = dict(board.get("players") or {})
    return {
        "number": int(board.get("board_number") or 0),
        "void": bool(result.void),
        "winner": "" if result.void else players.get(result.winner, ""),
        "points": "" if result.void else int(result.points),
        "law": "" if result.void else (result.law or ""),
    }


def _next_game_breaker(board: dict[str, Any], flip: bool, new_game: bool) -> str | None:
    """ICF 49(a), by the next board's colours: in a new game the one who did not break its
    first board (he plays black there); within a game the same side as before."""
    if new_game:
        return "black"
    colour = board.get("next_game_breaker")
    if not colour:
        return None
    return other(colour) if flip else str(colour)


def next_step(board: dict[str, Any], nxt: dict[str, Any], scores: dict[str, int]) -> Any:
    """The card's next step as the server's card offers it: "Start board N", or "Sides
    changed" with the side change's part (ICF 58-60), the interval before the deciding game
    (IT 102: its words and length; the tablet times it from when it kept the game's last
    board) and the extra board's toss (ICF 56(b): the tied scores, a button for each side)."""
    from scoring import screen_words

    step: dict[str, Any] = {
        "step": step_key(board.get("match_id"), nxt["game"], nxt["board"]),
        "label": screen_words.sides_changed_text()
        if nxt["change_sides"]
        else screen_words.start_board_text(nxt["board"]),
        "change_sides": screen_words.change_sides_words(
            nxt["game"], nxt["board"], bool(board.get("doubles"))
        )
        if nxt["change_sides"]
        else None,
        "interval": None,
        "toss": None,
    }
    if nxt.get("interval"):
        step["interval"] = {
            **screen_words.interval_words(),
            "seconds": int(board.get("interval_seconds") or INTERVAL_SECONDS),
        }
    if nxt.get("toss"):
        order = list(board.get("order") or ("white", "black"))
        players = dict(board.get("players") or {})
        step["toss"] = screen_words.extra_board_toss_words(
            "–".join(str(scores[c]) for c in order),
            [(side, str(players.get(c, ""))) for side, c in zip(("a", "b"), order, strict=True)],
        )
    return step
