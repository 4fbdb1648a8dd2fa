"""Interchange format version 1 (``rules/README.md``): read documents, answer with states.

- ``carrom-board/1`` → ``carrom-board-state/1`` (:func:`replay_board_document`)
- ``carrom-game/1`` → ``carrom-game-state/1`` (:func:`replay_game_document`)
- ``carrom-match/1`` → ``carrom-match-state/1`` (:func:`replay_match_document`)

:func:`replay_document` dispatches on ``format``. Every error is a :class:`RulesError` whose
``where`` is the event index (board), a path such as ``boards[2].events[5]`` (game, match) or
``-`` (the document as a whole).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import replay
from .errors import InvalidDocument, RulesError
from .events import Event, parse_event
from .game import (
    AwardEntry,
    BoardEntry,
    PlayedEntry,
    SummaryEntry,
    derive_game,
    derive_match,
)
from .position import (
    BLACK,
    COLOURS,
    OPENING,
    QUEEN_STATES,
    WHITE,
    Colour,
    PerColour,
    Position,
    QueenState,
)
from .presets import RuleSet, get_rules
from .variant import BoardEvent, Variant

BOARD_FORMAT = "carrom-board/1"
GAME_FORMAT = "carrom-game/1"
MATCH_FORMAT = "carrom-match/1"

_BOARD_KEYS = {"format", "rules", "scores", "start", "events", "players"}
_START_KEYS = {
    "on_board",
    "queen",
    "dues",
    "queen_right",
    "on_turn",
    "break_made",
    "break_attempts",
}


def _doc_error(code: str, message: str) -> InvalidDocument:
    return InvalidDocument(code, message, where="-")


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _doc_error("bad_document", f"{what} must be a JSON object")
    return data


def _unknown(data: dict[str, Any], allowed: set[str], what: str) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise _doc_error("unknown_field", f"unknown field {sorted(unknown)[0]!r} in {what}")


def _int(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _doc_error("bad_number", f"{what} must be a whole number")
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f" to {high}"
        raise _doc_error("bad_number", f"{what} must be {low}{upper}, not {value}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise _doc_error("bad_flag", f"{what} must be true or false")
    return value


def _per_colour(
    data: Any,
    what: str,
    *,
    flags: bool = False,
    high: int | None = None,
    default: Any = 0,
) -> PerColour:
    if data is None:
        data = {}
    data = _object(data, what)
    _unknown(data, set(COLOURS), what)
    values: list[int | bool] = []
    for colour in COLOURS:
        value = data.get(colour, default)
        if flags:
            values.append(_bool(value, f"{what}.{colour}"))
        else:
            values.append(_int(value, f"{what}.{colour}", 0, high))
    return PerColour(*values)


def parse_start(data: Any, scores: PerColour, carrommen: int = 9) -> Position:
    """Read a ``start`` position and check that it can occur on a board.

    :raises InvalidDocument: for an unknown field or an inconsistent position.
    """
    if data is None:
        return Position(scores=scores)
    data = _object(data, "start")
    _unknown(data, _START_KEYS, "start")
    on_board = _per_colour(
        data.get("on_board"), "start.on_board", high=carrommen, default=carrommen
    )
    dues = _per_colour(data.get("dues"), "start.dues", high=carrommen)
    queen = data.get("queen", "on_board")
    if queen not in QUEEN_STATES:
        raise _doc_error("bad_queen", f"start.queen {queen!r} is not a queen state")
    queen = QueenState(queen)
    if "queen_right" in data:
        queen_right = _per_colour(
            data["queen_right"], "start.queen_right", flags=True, default=False
        )
    else:
        queen_right = PerColour(on_board.white < carrommen, on_board.black < carrommen)
    on_turn = data.get("on_turn", "white")
    if on_turn not in COLOURS:
        raise _doc_error("bad_colour", "start.on_turn must be white or black")
    on_turn = Colour(on_turn)
    break_made = _bool(data.get("break_made", False), "start.break_made")
    attempts = _int(data.get("break_attempts", 0), "start.break_attempts", 0, 2)

    def inconsistent(reason: str) -> InvalidDocument:
        return _doc_error("inconsistent_start", f"inconsistent start: {reason}")

    for colour in COLOURS:
        if on_board[colour] == 0:
            raise inconsistent(f"no {colour} carromman on the board: the board has ended")
        if dues[colour] and on_board[colour] < carrommen:
            raise inconsistent(
                f"{colour} owes a due although a {colour} carromman lies in a pocket"
            )
    holder = queen.holder
    if queen.is_pending and holder != on_turn:
        raise inconsistent("the queen awaits a cover by the colour not on turn")
    if holder is not None and not queen_right[holder]:
        raise inconsistent(f"{holder} holds the queen without the right to it")
    if not break_made:
        if on_board != PerColour(carrommen, carrommen) or queen != "on_board":
            raise inconsistent("pieces are pocketed but the break is not made")
        if queen_right.white or queen_right.black:
            raise inconsistent("a queen right before the break")
    elif attempts:
        raise inconsistent("break attempts counted after the break was made")
    return Position(
        on_board=on_board,
        queen=queen,
        dues=dues,
        queen_right=queen_right,
        on_turn=on_turn,
        break_made=break_made,
        break_attempts=attempts,
        scores=scores,
    )


def _events(data: dict[str, Any]) -> list[Any]:
    events = data.get("events", [])
    if not isinstance(events, list):
        raise _doc_error("bad_events", "events must be a list")
    return events


def _format(data: Any, expected: str | None = None) -> str:
    data = _object(data, "the document")
    fmt = data.get("format")
    if fmt is None:
        raise _doc_error("missing_format", "the format field is missing")
    if expected is not None and fmt != expected:
        raise _doc_error("bad_format", f"expected format {expected!r}, not {fmt!r}")
    if fmt not in (BOARD_FORMAT, GAME_FORMAT, MATCH_FORMAT):
        raise _doc_error("unknown_format", f"unknown format {fmt!r}")
    return str(fmt)


def read_board(
    data: Any,
    *,
    scores: PerColour | None = None,
    rules_key: str | None = None,
) -> tuple[RuleSet, Position, list[Any]]:
    """Read a ``carrom-board/1`` document into ``(rules, start, events)``.

    ``scores`` and ``rules_key`` (from the game around it) override the document's own.
    """
    _format(data, BOARD_FORMAT)
    rules = get_rules(rules_key if rules_key is not None else data.get("rules", "icf"))
    if rules.family == "points":
        raise _doc_error("wrong_family", "point carrom boards use 'players'; see point.py")
    _unknown(data, _BOARD_KEYS - {"players"}, "the board")
    if scores is None:
        scores = _per_colour(data.get("scores"), "scores")
    start = parse_start(data.get("start"), scores, rules.carrommen_per_colour)
    return rules, start, _events(data)


def board_document(
    variant: Variant,
    players: Sequence[str],
    events: Iterable[BoardEvent | dict[str, Any]],
    *,
    scores: Mapping[str, int] | None = None,
    start: Position | None = None,
) -> dict[str, Any]:
    """A board as a ``carrom-board/1`` document, for either variant: ``players`` in turn order
    from the breaker (:meth:`~.variant.Variant.seating`), ``scores`` each player's game score
    before the board, ``start`` a colour-game position the board starts from."""
    document: dict[str, Any] = {"format": BOARD_FORMAT, "rules": variant.key}
    if variant.has_colours:
        if scores is not None:
            document["scores"] = {
                WHITE: scores.get(players[0], 0),
                BLACK: scores.get(players[1], 0),
            }
        if start is not None:
            document["start"] = start.to_dict()
    else:
        document["players"] = list(players)
        if scores and any(scores.values()):
            document["scores"] = {p: scores.get(p, 0) for p in players}
    document["events"] = [e if isinstance(e, dict) else e.to_dict() for e in events]
    return document


def replay_board_document(data: Any) -> dict[str, Any]:
    """Replay a ``carrom-board/1`` document into ``carrom-board-state/1``.

    :raises RulesError: located at the event index, or ``-`` for the document.
    """
    data = _object(data, "the document")
    rules_key = data.get("rules", "icf")
    if get_rules(rules_key).family == "points":
        from .point import replay_point_board_document

        return replay_point_board_document(data)
    rules, start, events = read_board(data)
    return replay(events, rules, start).to_state()


def read_events(data: list[Any]) -> tuple[Event, ...]:
    """The events of a document's ``events`` list (errors located at the event's index)."""
    events = []
    for index, item in enumerate(data):
        try:
            events.append(parse_event(item))
        except RulesError as err:
            raise err.at(index) from None
    return tuple(events)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A game's board given as its whole ``carrom-board/1`` log: read into the game layer's
    :class:`~.game.PlayedEntry` (the log's own ``scores`` give way to the game's)."""

    log: dict[str, Any]
    breaker: str | None = None

    def played(self) -> PlayedEntry:
        _format(self.log, BOARD_FORMAT)
        _unknown(self.log, _BOARD_KEYS - {"players"}, "the board")
        rules_key = self.log.get("rules")
        carrommen = 9 if rules_key is None else get_rules(rules_key).carrommen_per_colour
        start = None
        if self.log.get("start") is not None:
            start = parse_start(self.log["start"], PerColour(0, 0), carrommen)
        return PlayedEntry(read_events(_events(self.log)), self.breaker, start, rules_key)


# --- games and matches -----------------------------------------------------------------------

_GAME_KEYS = {"format", "rules", "stage", "players", "first_breaker", "boards", "time_up"}
_MATCH_KEYS = {"format", "rules", "stage", "players", "toss", "games"}


def _players(data: dict[str, Any]) -> tuple[str, str]:
    players = data.get("players")
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, str) and p for p in players)
        or players[0] == players[1]
    ):
        raise _doc_error("bad_players", "players must be two different names")
    return players[0], players[1]


def _stage(data: dict[str, Any]) -> str:
    stage = data.get("stage", "early")
    if stage not in ("early", "late"):
        raise _doc_error("bad_stage", "stage must be 'early' or 'late'")
    return str(stage)


def _located(err: RulesError, path: str) -> RulesError:
    if err.where in (None, "-"):
        return type(err)(err.code, err.message, where=path)
    return err.at(path)


def parse_board_entry(entry: Any, players: tuple[str, str], path: str) -> BoardEntry:
    """Read one entry of a game's ``boards`` list (summary, award or log)."""
    try:
        entry = _object(entry, "a board entry")
        breaker = entry.get("breaker")
        if breaker is not None and breaker not in players:
            raise _doc_error("bad_breaker", "breaker must be one of the players")
        if "log" in entry:
            _unknown(entry, {"log", "breaker"}, "a board entry")
            log = _object(entry["log"], "log")
            _format(log, BOARD_FORMAT)
            _unknown(log, _BOARD_KEYS - {"players"}, "the board")
            return LogEntry(log=log, breaker=breaker)
        winner = entry.get("winner")
        if winner not in players:
            raise _doc_error("bad_winner", "winner must be one of the players")
        if "points" in entry:
            _unknown(entry, {"winner", "points", "law", "breaker"}, "a board award")
            law = entry.get("law")
            if law is not None and not isinstance(law, str):
                raise _doc_error("bad_law", "law must be a text such as 'ICF 107'")
            return AwardEntry(
                winner=winner, points=_int(entry["points"], "points"), law=law, breaker=breaker
            )
        _unknown(entry, {"winner", "carrommen", "queen", "breaker"}, "a board summary")
        queen = entry.get("queen")
        if queen is not None and queen not in players:
            raise _doc_error("bad_queen", "queen must be one of the players or null")
        return SummaryEntry(
            winner=winner,
            carrommen=_int(entry.get("carrommen", 0), "carrommen", 0, 9),
            queen=queen,
            breaker=breaker,
        )
    except RulesError as err:
        raise _located(err, path) from None


def replay_game_document(data: Any) -> dict[str, Any]:
    """Replay a ``carrom-game/1`` document into ``carrom-game-state/1``."""
    _format(data, GAME_FORMAT)
    rules = get_rules(data.get("rules", "icf"))
    if rules.family == "points":
        return _replay_point_game(data, rules)
    _unknown(data, _GAME_KEYS, "the game")
    stage = _stage(data)
    players = _players(data)
    first = data.get("first_breaker", players[0])
    if first not in players:
        raise _doc_error("bad_breaker", "first_breaker must be one of the players")
    time_up = _bool(data.get("time_up", False), "time_up")
    boards = data.get("boards", [])
    if not isinstance(boards, list):
        raise _doc_error("bad_boards", "boards must be a list")
    entries = [parse_board_entry(b, players, f"boards[{i}]") for i, b in enumerate(boards)]
    game = derive_game(
        entries, players=players, first_breaker=first, rules=rules, stage=stage, time_up=time_up
    )
    return game.to_dict()


def _replay_point_game(data: dict[str, Any], rules: RuleSet) -> dict[str, Any]:
    """A point-carrom game (seed 003): ``players`` in turn order, boards as
    ``{"points": {...}}`` or ``{"log": {...}}`` (a point-carrom board log, replayed from the
    game's score before it), each optionally with its ``breaker``; ``stage``, ``time_up`` and
    ``settings`` as in a point board. Counted by :func:`~.point.derive_point_games`."""
    from .point import (
        PointAwardEntry,
        PointEntry,
        PointPlayedEntry,
        derive_point_games,
        parse_point_event,
        rules_with_settings,
    )

    _unknown(data, _GAME_KEYS | {"settings"}, "the game")
    base = rules
    rules = rules_with_settings(rules, data.get("settings"))
    stage = _stage(data)
    players = data.get("players")
    if (
        not isinstance(players, list)
        or len(players) < 2
        or not all(isinstance(p, str) and p for p in players)
        or len(set(players)) != len(players)
    ):
        raise _doc_error("bad_players", "players must be two or more different names")
    players_t = tuple(players)
    first = data.get("first_breaker", players[0])
    if not isinstance(first, str) or first not in players:
        raise _doc_error("bad_breaker", "first_breaker must be one of the players")
    time_up = _bool(data.get("time_up", False), "time_up")
    boards = data.get("boards", [])
    if not isinstance(boards, list):
        raise _doc_error("bad_boards", "boards must be a list")
    entries: list[PointEntry] = []
    for i, entry in enumerate(boards):
        path = f"boards[{i}]"
        try:
            entry = _object(entry, "a board entry")
            breaker = entry.get("breaker")
            if breaker is not None and (not isinstance(breaker, str) or breaker not in players):
                raise _doc_error("bad_breaker", "breaker must be one of the players")
            if "log" in entry:
                _unknown(entry, {"log", "breaker"}, "a board entry")
                log = _object(entry["log"], "log")
                _format(log, BOARD_FORMAT)
                _unknown(
                    log,
                    {
                        "format",
                        "rules",
                        "players",
                        "events",
                        "scores",
                        "settings",
                        "breaker",
                        "start",
                    },
                    "the board",
                )
                if log.get("rules", base.key) != base.key:
                    raise _doc_error(
                        "rules_mismatch",
                        f"the board is played under "
                        f"{log.get('rules')!r}, the game under {base.key!r}",
                    )
                if "settings" in log and rules_with_settings(rules, log["settings"]) != rules:
                    raise _doc_error(
                        "settings_mismatch", "the board's settings differ from the game's"
                    )
                if log.get("start") is not None:
                    raise _doc_error("bad_start", "point carrom boards start from the opening")
                named = log.get("players", players)
                if (
                    not isinstance(named, list)
                    or sorted(map(str, named)) != sorted(players)
                    or len(named) != len(players)
                ):
                    raise _doc_error("players_mismatch", "the board's players are not the game's")
                log_breaker = log.get("breaker")
                if log_breaker is not None:
                    if breaker is not None and log_breaker != breaker or log_breaker not in players:
                        raise _doc_error("bad_breaker", "the board's breaker is not the entry's")
                    breaker = log_breaker
                # the log's own scores give way to the game's (README, carrom-game/1)
                events = _events(log)
                parsed = []
                for j, item in enumerate(events):
                    try:
                        parsed.append(parse_point_event(item))
                    except RulesError as err:
                        raise err.at(f"events[{j}]") from None
                entries.append(PointPlayedEntry(tuple(parsed), breaker))
            else:
                _unknown(entry, {"points", "breaker"}, "a board entry")
                points = _object(entry.get("points"), "points")
                _unknown(points, set(players), "points")
                entries.append(
                    PointAwardEntry(
                        tuple((p, _int(points[p], f"points.{p}")) for p in players if p in points),
                        breaker,
                    )
                )
        except RulesError as err:
            raise _located(err, path) from None
    game = derive_point_games(entries, players_t, rules, first, stage=stage, time_up=time_up)
    return game.to_dict()


def replay_match_document(data: Any) -> dict[str, Any]:
    """Replay a ``carrom-match/1`` document into ``carrom-match-state/1``."""
    _format(data, MATCH_FORMAT)
    _unknown(data, _MATCH_KEYS, "the match")
    rules = get_rules(data.get("rules", "icf"))
    if rules.family == "points":
        # rulebook, engine details: point carrom has no best-of-three of two sides
        raise _doc_error("wrong_family", "point carrom has no match of two sides: replay its games")
    stage = _stage(data)
    players = _players(data)
    toss = _object(data.get("toss", {"winner": players[0], "chose": "break"}), "toss")
    _unknown(toss, {"winner", "chose"}, "toss")
    if toss.get("winner", players[0]) not in players:
        raise _doc_error("bad_toss", "toss.winner must be one of the players")
    if toss.get("chose", "break") not in ("break", "side"):
        raise _doc_error("bad_toss", "toss.chose must be 'break' or 'side'")
    games = data.get("games", [])
    if not isinstance(games, list):
        raise _doc_error("bad_games", "games must be a list")
    parsed = []
    for g, boards in enumerate(games):
        if not isinstance(boards, list):
            raise _doc_error("bad_games", f"games[{g}] must be a list of boards").at(f"games[{g}]")
        parsed.append(
            [parse_board_entry(b, players, f"games[{g}].boards[{i}]") for i, b in enumerate(boards)]
        )
    match = derive_match(
        parsed,
        players=players,
        toss_winner=toss.get("winner", players[0]),
        toss_choice=toss.get("chose", "break"),
        rules=rules,
        stage=stage,
    )
    return match.to_dict()


def replay_document(data: Any) -> dict[str, Any]:
    """Replay any interchange document (board, game or match) into its state."""
    fmt = _format(data)
    if fmt == BOARD_FORMAT:
        return replay_board_document(data)
    if fmt == GAME_FORMAT:
        return replay_game_document(data)
    return replay_match_document(data)


__all__ = [
    "BOARD_FORMAT",
    "board_document",
    "GAME_FORMAT",
    "MATCH_FORMAT",
    "OPENING",
    "parse_start",
    "read_board",
    "replay_board_document",
    "replay_document",
    "replay_game_document",
    "replay_match_document",
]
