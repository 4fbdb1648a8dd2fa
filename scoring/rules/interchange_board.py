"""The interchange format v1's boards (``rules/README.md``): ``carrom-board/1`` read into the
engine's start and events and replayed into ``carrom-board-state/1``, a board of either
variant written as a document, a game's board given as its whole log (:class:`LogEntry`), and
the field readers every document shares (errors located ``-``: the document as a whole)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import replay
from .errors import InvalidDocument, RulesError
from .events import Event, parse_event
from .game import PlayedEntry
from .position import (
    BLACK,
    COLOURS,
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

BOARD_KEYS = {"format", "rules", "scores", "start", "events", "players"}
_START_KEYS = {
    "on_board",
    "queen",
    "dues",
    "queen_right",
    "on_turn",
    "break_made",
    "break_attempts",
}


def document_error(code: str, message: str) -> InvalidDocument:
    """An error of the document as a whole (located ``-``)."""
    return InvalidDocument(code, message, where="-")


def json_object(data: Any, what: str) -> dict[str, Any]:
    """``data`` if it is a JSON object, else a ``bad_document`` error naming ``what``."""
    if not isinstance(data, dict):
        raise document_error("bad_document", f"{what} must be a JSON object")
    return data


def check_fields(data: dict[str, Any], allowed: set[str], what: str) -> None:
    """An ``unknown_field`` error for the first field of ``data`` not in ``allowed``."""
    unknown = set(data) - allowed
    if unknown:
        raise document_error("unknown_field", f"unknown field {sorted(unknown)[0]!r} in {what}")


def whole_number(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` (to ``high``); true and false are none."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise document_error("bad_number", f"{what} must be a whole number")
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f" to {high}"
        raise document_error("bad_number", f"{what} must be {low}{upper}, not {value}")
    return value


def flag(value: Any, what: str) -> bool:
    """``value`` if it is true or false."""
    if not isinstance(value, bool):
        raise document_error("bad_flag", f"{what} must be true or false")
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
    data = json_object(data, what)
    check_fields(data, set(COLOURS), what)
    values: list[int | bool] = []
    for colour in COLOURS:
        value = data.get(colour, default)
        if flags:
            values.append(flag(value, f"{what}.{colour}"))
        else:
            values.append(whole_number(value, f"{what}.{colour}", 0, high))
    return PerColour(*values)


def parse_start(data: Any, scores: PerColour, carrommen: int = 9) -> Position:
    """Read a ``start`` position and check that it can occur on a board.

    :raises InvalidDocument: for an unknown field or an inconsistent position.
    """
    if data is None:
        return Position(scores=scores)
    data = json_object(data, "start")
    check_fields(data, _START_KEYS, "start")
    on_board = _per_colour(
        data.get("on_board"), "start.on_board", high=carrommen, default=carrommen
    )
    dues = _per_colour(data.get("dues"), "start.dues", high=carrommen)
    queen = data.get("queen", "on_board")
    if queen not in QUEEN_STATES:
        raise document_error("bad_queen", f"start.queen {queen!r} is not a queen state")
    queen = QueenState(queen)
    if "queen_right" in data:
        queen_right = _per_colour(
            data["queen_right"], "start.queen_right", flags=True, default=False
        )
    else:
        queen_right = PerColour(on_board.white < carrommen, on_board.black < carrommen)
    on_turn = data.get("on_turn", "white")
    if on_turn not in COLOURS:
        raise document_error("bad_colour", "start.on_turn must be white or black")
    on_turn = Colour(on_turn)
    break_made = flag(data.get("break_made", False), "start.break_made")
    attempts = whole_number(data.get("break_attempts", 0), "start.break_attempts", 0, 2)

    def inconsistent(reason: str) -> InvalidDocument:
        return document_error("inconsistent_start", f"inconsistent start: {reason}")

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


def events_of(data: dict[str, Any]) -> list[Any]:
    """A document's ``events`` list (none: empty)."""
    events = data.get("events", [])
    if not isinstance(events, list):
        raise document_error("bad_events", "events must be a list")
    return events


def format_of(data: Any, expected: str | None = None) -> str:
    """A document's ``format``, one of the three of v1 (``expected``, if given)."""
    data = json_object(data, "the document")
    fmt = data.get("format")
    if fmt is None:
        raise document_error("missing_format", "the format field is missing")
    if expected is not None and fmt != expected:
        raise document_error("bad_format", f"expected format {expected!r}, not {fmt!r}")
    if fmt not in (BOARD_FORMAT, GAME_FORMAT, MATCH_FORMAT):
        raise document_error("unknown_format", f"unknown format {fmt!r}")
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
    format_of(data, BOARD_FORMAT)
    rules = get_rules(rules_key if rules_key is not None else data.get("rules", "icf"))
    if rules.family == "points":
        raise document_error("wrong_family", "point carrom boards use 'players'; see point.py")
    check_fields(data, BOARD_KEYS - {"players"}, "the board")
    if scores is None:
        scores = _per_colour(data.get("scores"), "scores")
    start = parse_start(data.get("start"), scores, rules.carrommen_per_colour)
    return rules, start, events_of(data)


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
    data = json_object(data, "the document")
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
        format_of(self.log, BOARD_FORMAT)
        check_fields(self.log, BOARD_KEYS - {"players"}, "the board")
        rules_key = self.log.get("rules")
        carrommen = 9 if rules_key is None else get_rules(rules_key).carrommen_per_colour
        start = None
        if self.log.get("start") is not None:
            start = parse_start(self.log["start"], PerColour(0, 0), carrommen)
        return PlayedEntry(read_events(events_of(self.log)), self.breaker, start, rules_key)
