"""A stored board as the engine sees it: its entry in the game, the scores before it, its
replay (colour game and point carrom) and its log as an interchange document."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from scoring.models import Board, Match
from scoring.records.rows import board_events, live_events
from scoring.records.sides import SIDES, by_colour
from scoring.rules import (
    AwardEntry,
    Note,
    PlayedEntry,
    Position,
    RecordedEntry,
    Stroke,
    SummaryEntry,
    VoidEntry,
    derive_game,
    get_rules,
    parse_event,
    variant_for,
)
from scoring.rules.house import document_rules
from scoring.rules.interchange import BOARD_FORMAT, parse_start
from scoring.rules.point import (
    PointPosition,
    derive_point_game,
)
from scoring.rules.position import PerColour
from scoring.rules.variant import Variant, VariantBoard


def rules_for_match(rules: Any, games_to_win: int) -> Any:
    """``rules`` with the match's number of games to win (a one-game match, ICF 56)."""
    if rules.games_to_win == games_to_win:
        return rules
    return replace(rules, games_to_win=games_to_win)


def becomes_entry(board: Any, events_of_current: list[Any] | None) -> bool:
    """Does a stored board become an entry of its game (:func:`game_entries`)? All do but an
    empty log board that has not started and is not the board in progress (its events
    undone). The selectors that pair stored boards with the engine's boards use this too."""
    return not (
        board.kind == Board.Kind.LOG
        and not board.void
        and not board.finished
        and board.last_seq == 0
        and events_of_current is None
    )


def game_entries(
    boards: list[Board], events_of_current: list[Any] | None, *, replayed: bool = False
) -> list[Any]:
    """The rules engine's entries of a game's stored boards, in order: the one definition of
    which stored board counts as what (a summary or award from paper, a void or withdrawn
    board, a finished log as its cached result, the board in play as its live events).

    ``replayed``: the caller replays the board in play itself (once, :func:`board_steps`);
    the game gets it as a board begun without its events (it is unfinished either way)."""
    entries: list[Any] = []
    for board in boards:
        if board.void and board.kind != Board.Kind.LOG:
            # a paper board withdrawn by an undo: it does not count; the same breaker plays
            # the board again, as after a void board (IT 101)
            entries.append(VoidEntry(board.breaker))
        elif board.kind == Board.Kind.SUMMARY:
            entries.append(
                SummaryEntry(
                    board.summary_winner,
                    board.summary_carrommen or 0,
                    board.summary_queen or None,
                    board.breaker,
                )
            )
        elif board.kind == Board.Kind.AWARD:
            entries.append(
                AwardEntry(
                    board.summary_winner,
                    board.award_points or 0,
                    board.award_law or None,
                    board.breaker,
                )
            )
        elif board.kind == Board.Kind.RECORDED:
            entries.append(
                RecordedEntry(
                    tuple(sorted(board.recorded_scores.items())),
                    board.award_law or None,
                    board.breaker,
                )
            )
        elif board.void:
            entries.append(VoidEntry(board.breaker))
        elif board.finished:
            entries.append(
                AwardEntry(
                    board.result_winner,
                    board.result_points or 0,
                    board.result_law or None,
                    board.breaker,
                )
            )
        elif not becomes_entry(board, events_of_current):
            continue
        else:
            played = (
                () if replayed else tuple(parse_event(e.payload) for e in events_of_current or [])
            )
            entries.append(PlayedEntry(events=played, breaker=board.breaker, rules=board.rules))
    return entries


# --- the scores before a board (the 22-point rule, ICF 54; point carrom's 25) -------------


def scores_before_each(game_state: Any, rows: Sequence[Board]) -> dict[int, dict[str, int]]:
    """Each side's game score before every board of ``rows`` (one game's stored boards),
    from the game the engine derived (``game_state.boards``: the boards that counted, in
    order; a void board is not counted). Keyed by the board's ``pk``."""
    out: dict[int, dict[str, int]] = {}
    running = dict.fromkeys(SIDES, 0)
    scored = list(game_state.boards) if game_state is not None else []
    index = 0
    for board in sorted(rows, key=lambda b: b.sequence):
        out[board.pk] = dict(running)
        counted = board.kind != Board.Kind.LOG or board.void or board.finished
        if counted and index < len(scored):
            score = scored[index]
            index += 1
            if not score.void and score.scores_after:
                running = dict(score.scores_after)
    return out


def board_numbers(rows: Sequence[Board]) -> dict[int, int]:
    """The one numbering of a game's stored boards (issue 28), as the umpire calls them and
    as the engine counts them (``BoardScore.number``; ICF 56 counts the boards played): a
    void board is played again under its number (IT 101), so a void board and its replay
    carry the same number and the boards after it count on (void 1, 1, 2, 3 …). Keyed by the
    board's ``sequence`` (its place among the stored boards, void ones included: the ``{b}``
    of the API's board resource and of the live board page). The tablet, the live pages, the
    API, the scoresheet and the timeline all number boards by this."""
    numbers: dict[int, int] = {}
    number = 1
    for board in sorted(rows, key=lambda b: b.sequence):
        numbers[board.sequence] = number
        if not board.void:
            number += 1
    return numbers


def point_first_breaker(match: Match) -> str:
    """Point carrom: who breaks the first board: the player drawn by lot (the toss), else the
    first player."""
    return str(match.toss_winner if match.toss_winner in match.sides else match.sides[0])


def point_scores_before_each(match: Match, rows: Sequence[Board]) -> dict[int, dict[str, int]]:
    """Point carrom: each player's game score before every board of ``rows`` (its finished,
    not void boards before it, capped as the game counts them), keyed by ``pk``."""
    rules = get_rules(match.rules)
    sides = tuple(match.sides)
    counted: list[dict[str, int]] = []
    out: dict[int, dict[str, int]] = {}
    for board in sorted(rows, key=lambda b: (b.game_id, b.sequence)):
        out[board.pk] = dict(
            derive_point_game(counted, sides, rules, point_first_breaker(match)).scores
        )
        if board.finished and not board.void and board.result_points_by_side:
            counted.append(dict(board.result_points_by_side))
    return out


def scores_before(match: Match, board: Board) -> dict[str, int]:
    """Each side's game score before ``board``, from the stored boards before it in its game
    (one query): the 22-point rule (ICF 54); point carrom: the game points (seed 003)."""
    rows = list(Board.objects.filter(game_id=board.game_id).order_by("sequence"))
    if board.pk is not None:
        rows = [r for r in rows if r.sequence < board.sequence]
    if variant_for(match.rules).points_by_player:
        totals = [dict(r.result_points_by_side) for r in rows if r.finished and not r.void]
        return dict(
            derive_point_game(
                totals, tuple(match.sides), get_rules(match.rules), point_first_breaker(match)
            ).scores
        )
    entries = game_entries(rows, None)
    if not entries:
        return dict.fromkeys(SIDES, 0)
    state = derive_game(
        entries,
        players=SIDES,
        first_breaker=board.game.first_breaker,
        rules=get_rules(match.rules),
        stage=match.stage,
    )
    return dict(state.scores)


# --- replays -------------------------------------------------------------------------------


def colour_opening(breaker: str | None, scores: dict[str, int]) -> Position:
    """The position before a colour-game board's first event, with the game scores (the
    breaker's are white's, ICF 43)."""
    return parse_start(None, PerColour(*by_colour(scores, breaker, 0)))


def opening_of(
    board: Board, scores: dict[str, int], sides: Sequence[str] = SIDES
) -> Position | PointPosition:
    """The position before a stored board's first event, as its variant opens it: its
    players seated from its breaker with the game ``scores`` before it (ICF 43, 54; seed
    003)."""
    breaker = board.breaker if board.breaker in sides else None
    return variant_for(board.rules).opening(tuple(sides), breaker, scores)


class BoardStep(NamedTuple):
    """One live event of a stored board (either game), replayed: the stored row, the parsed
    event, the position before and after it, and the engine's notes (``explained``: the
    notes were asked for; a colour-game replay explains only its last event)."""

    row: Any
    event: Any
    before: Position | PointPosition
    after: Position | PointPosition
    notes: tuple[Note, ...]
    explained: bool = True

    def explain(self, rules: Any) -> BoardStep:
        """This step with its notes (one engine step when they were not asked for)."""
        if self.explained:
            return self
        notes = variant_for(rules).step(self.before, self.event)[1]
        return self._replace(notes=notes, explained=True)


def board_steps(
    board: Board,
    events: Sequence[Any],
    scores: dict[str, int],
    start: Position | None = None,
    *,
    sides: Sequence[str] = SIDES,
) -> list[BoardStep]:
    """The one replay of a stored board, through its variant (the colour game and point
    carrom alike): a :class:`BoardStep` per live event (stored rows), from the opening with
    the game ``scores`` before the board (the 22-point rule, ICF 54; point carrom's game
    points, seed 003); ``sides``: the match's sides (point carrom's three); only the last
    event is explained. The same replay is kept per process (:data:`_REPLAYS`): the tablet's
    next request replays the board its last write left."""
    variant = variant_for(board.rules)
    position = start if start is not None else opening_of(board, scores, sides)
    key = _replay_key(variant, position, events)
    if key is not None and (kept := _REPLAYS.pop(key, None)) is not None:
        _REPLAYS[key] = kept  # the most recently used again
        return [
            s if s.row is row else s._replace(row=row) for s, row in zip(kept, events, strict=True)
        ]
    walked = variant.walk(position, [row.payload for row in events], brief=True)
    out = [BoardStep(row, *step) for row, step in zip(events, walked, strict=False)]
    if key is not None:
        _keep_replay(key, out)
    return out


def position_after(
    board: Board,
    events: Sequence[Any],
    scores: dict[str, int],
    *,
    sides: Sequence[str] = SIDES,
) -> tuple[Position | PointPosition, tuple[Note, ...]]:
    """A stored board after its live ``events`` (stored rows) with the game ``scores``
    before it: the position and the notes of the last event (:func:`board_steps`)."""
    steps = board_steps(board, events, scores, sides=sides)
    if not steps:
        return opening_of(board, scores, sides), ()
    return steps[-1].after, steps[-1].notes


def board_state(
    board: Board, events: Sequence[Any], scores: dict[str, int], *, sides: Sequence[str] = SIDES
) -> dict[str, Any]:
    """A stored board's ``carrom-board-state/1`` (the engine's answer for its log, either
    game) from its one replay (:func:`board_steps`): ``events`` its stored rows (undo rows
    included), ``scores`` the game scores before it. The live board page, the API and the
    backup's check read this.

    :raises RulesError: the log does not replay (never for a log validated on write)."""
    position, _notes = position_after(board, live_events(list(events)), scores, sides=sides)
    variant = variant_for(board.rules)
    breaker = board.breaker if board.breaker in sides else None
    return VariantBoard(variant, variant.seating(sides, breaker), position).to_state()


#: Boards replayed, per process (issue 17), keyed by exactly what the engine is given for the
#: replay (:func:`_replay_key`). Bounded: the least recently used go first.
_REPLAYS: dict[tuple[Any, ...], list[BoardStep]] = {}
REPLAYS_SIZE = 128  # about 50 KB a 40-event board: at most a few MB a process


def _replay_key(
    variant: Variant, opening: Position | PointPosition, events: Sequence[Any]
) -> tuple[Any, ...] | None:
    """The key of a replay, derived from the engine's own inputs (issue 36: nothing listed by
    hand): its variant (the rules), the opening position it walks from (the seats, the
    breaker and the game scores before the board are in it) and the stored rows whose
    payloads it walks, each by its id and request key (the log is append-only and an undo is
    a new row, so a stored row's payload never changes); None for a row not stored."""
    if any(e.id is None for e in events):
        return None
    return (variant, opening, tuple((e.id, e.client_id) for e in events))


def _keep_replay(key: tuple[Any, ...], steps: list[BoardStep]) -> None:
    _REPLAYS.pop(key, None)
    _REPLAYS[key] = list(steps)
    while len(_REPLAYS) > REPLAYS_SIZE:
        del _REPLAYS[next(iter(_REPLAYS))]


def remember_replay(board: Board, events: Sequence[Any], steps: Sequence[BoardStep]) -> None:
    """Keep ``steps`` (a write's: the snapshot before it and the event it appended) as the
    replay of ``board`` with ``events``, exactly as :func:`board_steps` makes it: only the
    last step explained; kept under the opening its first step walked from."""
    if not steps or len(steps) != len(events):
        return
    variant = variant_for(board.rules)
    key = _replay_key(variant, steps[0].before, events)  # the opening the write walked from
    if key is None:
        return
    last = len(steps)
    fresh = []
    for number, done in enumerate(steps, start=1):
        if number < last and done.explained and variant.brief_notes:
            # only a colour-game stroke's notes depend on being explained (rules/board.py)
            notes = (
                variant.step(done.before, done.event, explain=False)[1]
                if isinstance(done.event, Stroke)
                else done.notes
            )
            done = done._replace(notes=notes, explained=False)
        elif number == last:
            done = done.explain(board.rules)
        fresh.append(done)
    _keep_replay(key, fresh)


def replay_board(
    board: Board, events: Sequence[Any], scores: dict[str, int], rules: Any = None
) -> tuple[Position, tuple[Note, ...]]:
    """A colour-game board after its live ``events`` (stored rows) with the game ``scores``
    before it: the position and the notes of the last event."""
    position, notes = position_after(board, events, scores)
    assert isinstance(position, Position)
    return position, notes


def turn_rotation(sides: tuple[str, ...], first: str | None) -> tuple[str, ...]:
    """Point carrom: the players in turn order, starting with ``first``."""
    if first is None:
        return sides
    i = sides.index(first)
    return sides[i:] + sides[:i]


# --- the board's log as a document -----------------------------------------------------------


def board_log_document(
    board: Board,
    events: Sequence[Any] | None = None,
    *,
    match: Match | None = None,
    scores: dict[str, int] | None = None,
) -> dict[str, Any]:
    """A board's live events in interchange format v1 (``carrom-board/1``), for the API,
    the exports and the checks: the one builder. ``events``: its stored rows (undo rows
    included; read when not given). ``scores``: the game scores before the board per side;
    the colour game writes them as white (the breaker) and black; point carrom writes the
    players in turn order (``match`` needed) and its scores when any is not 0."""
    rows = live_events(list(events)) if events is not None else board_events(board)
    # a house preset is written as the preset it starts from plus its switches (house.py)
    document: dict[str, Any] = {"format": BOARD_FORMAT, **document_rules(get_rules(board.rules))}
    sides = tuple(match.sides) if match is not None else SIDES
    breaker = board.breaker if board.breaker in sides else None
    document.update(variant_for(board.rules).log_fields(sides, breaker, scores))
    document["events"] = [row.payload for row in rows]
    return document
