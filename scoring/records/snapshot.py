"""A stored match as the engine sees it: :class:`MatchSnapshot`, derived from its games,
boards and the current board's log in a constant number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import FilteredRelation, Q

from scoring.models import Board, Game, Match
from scoring.records.boards import (
    BoardStep,
    board_steps,
    colour_opening,
    game_entries,
    point_first_breaker,
    point_scores_before_each,
    remember_replay,
    rules_for_match,
    scores_before_each,
)
from scoring.records.prepared import SENTINEL, Prepared
from scoring.records.rows import EventRow, event_rows, live_events
from scoring.records.sides import SIDES
from scoring.rules import (
    MatchState,
    Note,
    Position,
    RulesError,
    derive_match,
    get_rules,
    variant_for,
)
from scoring.rules.point import PointGame, PointPosition, derive_point_game
from scoring.rules.variant import Variant


@dataclass
class CurrentBoard:
    """The board being played (or about to be), as the tablet shows it."""

    board: Board | None  # None: the next board has no event yet
    game_number: int
    board_number: int
    breaker: str | None  # side; None when a toss decides (the extra board)
    position: Position | PointPosition | None
    notes: tuple[Note, ...] = ()
    events: list[Any] = field(default_factory=list)  # live events, oldest first
    change_sides: bool = False
    extra_board: bool = False
    #: the board's live events replayed (the one replay, records.boards.board_steps)
    steps: list[Any] = field(default_factory=list)


@dataclass
class MatchSnapshot:
    """Everything derived about a match from its stored log."""

    match: Match
    games: list[Game]
    boards: dict[int, list[Board]]  # game id -> boards in order
    state: MatchState | PointGame | None
    current: CurrentBoard | None  # None once the match is finished
    finished: bool
    winner: str | None
    #: the match's last board replayed, when this snapshot replayed it (the board in play)
    #: or the write that made it did (a board just ended): each live event's step
    replayed_board: Board | None = None
    replayed_steps: list[Any] = field(default_factory=list)

    @property
    def revision(self) -> int:
        return int(self.match.revision)

    @property
    def variant(self) -> Variant:
        """The engine's variant of the match's rules (the colour game, point carrom)."""
        return variant_for(self.match.rules)

    def side_name(self, side: str | None) -> str:
        if side is None:
            return ""
        entry = self.match.entry_for(side)
        return entry.name if entry is not None else side.upper()


_GAME = list(Game._meta.concrete_fields)
_BOARD = list(Board._meta.concrete_fields)
_EVENT_LOOKUPS = (
    "id",
    "board",
    "seq",
    "client_id",
    "type",
    "payload",
    "retracts",
    "recorded_by",
    "via",
    "device",
    "created_at",
)  # EventRow's columns


#: The markers of the snapshot's query: the match, and the board of the last log row this
#: process holds and that row's number (within the columns' ranges, else the ORM drops the
#: term as always true or false).
_MARKERS = (SENTINEL, 1_999_001_338, 1_999_001_339)


def _match_rows_query(match_id: int, board_id: int, seq: int) -> Any:
    columns = (
        [f.name for f in _GAME]
        + [f"boards__{f.name}" for f in _BOARD]
        + [f"in_play__{name}" for name in _EVENT_LOOKUPS]
    )
    # the log of a board in play, from the last row held (``seq``) on when it is the board
    # of that row (written without a negation: the ORM drops a negated term of a filtered
    # relation)
    another = Q(boards__id__lt=board_id) | Q(boards__id__gt=board_id)
    return (
        Game.objects.filter(match_id=match_id)
        .annotate(
            in_play=FilteredRelation(
                "boards__events",
                condition=Q(boards__finished=False, boards__kind=Board.Kind.LOG)
                & (another | Q(boards__events__seq__gte=seq)),
            )
        )
        .order_by("number", "boards__sequence", "in_play__seq")
        .values_list(*columns)
    )


_MATCH_ROWS = Prepared(
    _match_rows_query,
    repeated=len(_GAME) + len(_BOARD),
    markers=_MARKERS,
)

#: The log rows (undo rows included) of each match's board in play, as last read, per
#: process (issue 17): ``{match id: rows}``. The log is append-only and a row's number is
#: unique on its board, so the rows held are still the board's first rows; the next read of
#: the match asks only for the rows from the last one held on, found by that row itself (its
#: board and number), and that row must come back the same in every column (its id, its
#: request key, its payload, when it was written), else the whole log is read: what is held
#: is checked by its own content (issue 36: no board field listed by hand; a board made again
#: under an id used before has other rows). Bounded: the least recently used go first.
#: Nothing but the log's own rows is kept (no derived value).
_LOGS: dict[int, list[EventRow]] = {}
LOGS_SIZE = 512


def match_rows(match: Match) -> tuple[list[Game], dict[int, list[Board]], dict[int, list[Any]]]:
    """The match's games and boards in order, with the log rows (undo rows included) of its
    boards being played (log boards not finished), in ONE query: games left-joined to their
    boards, and those to the events of the boards in play (a filtered relation), compiled
    once per connection (:class:`~scoring.records.prepared.Prepared`). Of a board in play
    whose log this process read before (:data:`_LOGS`) only the rows from the last one read
    on come back."""
    held = _LOGS.pop(match.pk, None)
    if held:
        _LOGS[match.pk] = held  # the most recently used again
        board_id, seq = held[-1].board_id, held[-1].seq
    else:
        held, board_id, seq = None, _MARKERS[1], 0
    rows = _MATCH_ROWS.rows(match.pk, board_id, seq)
    db = Game.objects.db
    game_names = [f.attname for f in _GAME]
    board_names = [f.attname for f in _BOARD]
    n_game, n_board = len(_GAME), len(_BOARD)
    games: list[Game] = []
    boards: dict[int, list[Board]] = {}
    logs: dict[int, list[Any]] = {}
    board = None
    for values in rows:
        if not games or games[-1].pk != values[0]:
            games.append(Game.from_db(db, game_names, values[:n_game]))
            boards[values[0]] = []
        board_values = values[n_game : n_game + n_board]
        if board_values[0] is None:
            continue
        if board is None or board.pk != board_values[0]:
            board = Board.from_db(db, board_names, board_values)
            boards[values[0]].append(board)
        event_values = values[n_game + n_board :]
        if event_values[0] is not None:
            logs.setdefault(board.pk, []).append(EventRow(*event_values))
    _hold_logs(match, boards, logs, held)
    return games, boards, logs


def _hold_logs(
    match: Match,
    boards: dict[int, list[Board]],
    logs: dict[int, list[Any]],
    held: list[EventRow] | None,
) -> None:
    """Put the rows held before in front of the held board's new rows (in ``logs``), and
    keep the log of the match's last board in play for the next read."""
    if held:
        last_held = held[-1]
        board = next(
            (b for rows in boards.values() for b in rows if b.pk == last_held.board_id), None
        )
        if board is not None and not board.finished and board.kind == Board.Kind.LOG:
            fresh = logs.get(board.pk, [])
            if fresh and fresh[0] == last_held:
                logs[board.pk] = [*held, *fresh[1:]]
            else:  # the row held is not the stored one (another board under a used id)
                logs[board.pk] = event_rows(board)
    last = None
    for rows in reversed(boards.values()):
        if rows:
            last = rows[-1]
            break
    if last is not None and logs.get(last.pk):
        _LOGS.pop(match.pk, None)
        _LOGS[match.pk] = logs[last.pk]
        while len(_LOGS) > LOGS_SIZE:
            _evict_oldest()
    else:
        _LOGS.pop(match.pk, None)


def _evict_oldest() -> None:
    """Forget the least recently used held log. Threads of a worker may change the dict at
    the same time: a changed size or a key another thread took first only ends this turn."""
    try:
        oldest = next(iter(_LOGS))
    except (StopIteration, RuntimeError):
        return
    _LOGS.pop(oldest, None)


def match_snapshot(match: Match) -> MatchSnapshot:
    """Derive the whole state of ``match`` from its games, boards and the current log.

    One query (:func:`match_rows`).
    """
    games, boards, logs = match_rows(match)
    last_board = None
    for game in reversed(games):
        if boards[game.id]:
            last_board = boards[game.id][-1]
            break
    events: list[EventRow] = []
    if last_board is not None and last_board.kind == Board.Kind.LOG:
        events = live_events(logs.get(last_board.pk, []))
    return derive_snapshot(match, games, boards, last_board, events)


def derive_snapshot(
    match: Match,
    games: list[Game],
    boards: dict[int, list[Board]],
    last_board: Board | None,
    events: list[Any],
    steps: list[Any] | None = None,
    state: MatchState | None = None,
) -> MatchSnapshot:
    """The snapshot from rows already read: the match's games and boards in order, its last
    board and that board's live events (``steps``: that board's replay, when the caller has
    just derived it: it is not replayed again; ``state``: the colour game's match state
    derived from the same games and boards, the board in play taken as begun, when the caller
    has it: a stroke that goes on with the board leaves it as it was)."""
    if variant_for(match.rules).points_by_player:
        return _point_snapshot(match, games, boards, last_board, events, steps)
    return _colour_snapshot(match, games, boards, last_board, events, steps, state)


def _colour_snapshot(
    match: Match,
    games: list[Game],
    boards: dict[int, list[Board]],
    last_board: Board | None,
    events: list[Any],
    steps: list[BoardStep] | None = None,
    known_state: MatchState | None = None,
) -> MatchSnapshot:
    rules = rules_for_match(get_rules(match.rules), match.games_to_win)
    if not match.toss_winner or not match.toss_choice:
        return MatchSnapshot(match, games, boards, None, None, False, None)
    in_play = None
    if (
        last_board is not None
        and last_board.kind == Board.Kind.LOG
        and not (last_board.finished)
        and (last_board.last_seq > 0 or events)
    ):
        in_play = last_board

    def derive(replayed: bool) -> MatchState:
        entries = []
        for game in games:
            game_boards = boards[game.id]
            is_last = bool(game_boards) and game_boards[-1] is last_board
            entries.append(
                game_entries(
                    game_boards, events if is_last else None, replayed=replayed and is_last
                )
            )
        return derive_match(
            entries,
            players=SIDES,
            toss_winner=match.toss_winner,
            toss_choice=match.toss_choice,
            rules=rules,
            stage=match.stage,
            time_up=bool(games and games[-1].time_up),
        )

    # the board in play is replayed once, below; the game takes it as begun
    state = derive(replayed=True) if known_state is None else known_state
    current = None
    if not state.finished and state.next is not None:
        nxt = state.next
        game_state = state.games[nxt.game - 1] if nxt.game <= len(state.games) else None
        scores = game_state.scores if game_state is not None else dict.fromkeys(SIDES, 0)
        breaker = nxt.breaker
        position: Position | PointPosition | None = None
        notes: tuple[Note, ...] = ()
        if in_play is not None:
            if steps is None:
                steps = board_steps(in_play, events, scores)
            else:  # a write's: the next request replays this board (boards.py: _REPLAYS)
                remember_replay(in_play, events, steps)
            if steps and steps[-1].after.finished:
                # the log ends the board though its cache does not say so: as before the
                # read layer, the game counts the log (a second replay, never on a write)
                return _counted_log_snapshot(
                    match, games, boards, in_play, events, derive(replayed=False), steps
                )
            breaker = in_play.breaker
            position = steps[-1].after if steps else colour_opening(breaker, scores)
            notes = steps[-1].notes if steps else ()
        elif breaker is not None:
            position = colour_opening(breaker, scores)
        current = CurrentBoard(
            board=in_play,
            game_number=nxt.game,
            board_number=nxt.board,
            breaker=breaker,
            position=position,
            notes=notes,
            events=events if in_play else [],
            change_sides=nxt.change_sides,
            extra_board=bool(game_state and game_state.extra_board and in_play is None),
            steps=list(steps or []) if in_play else [],
        )
    return MatchSnapshot(
        match,
        games,
        boards,
        state,
        current,
        state.finished,
        state.winner,
        replayed_board=last_board if steps is not None else None,
        replayed_steps=list(steps or []),
    )


def _counted_log_snapshot(
    match: Match,
    games: list[Game],
    boards: dict[int, list[Board]],
    last_board: Board,
    events: list[Any],
    state: MatchState,
    steps: list[BoardStep],
) -> MatchSnapshot:
    current = None
    if not state.finished and state.next is not None:
        nxt = state.next
        current = CurrentBoard(
            board=last_board,
            game_number=nxt.game,
            board_number=nxt.board,
            breaker=last_board.breaker,
            position=steps[-1].after,
            notes=steps[-1].notes,
            events=events,
            change_sides=nxt.change_sides,
            steps=list(steps),
        )
    return MatchSnapshot(
        match,
        games,
        boards,
        state,
        current,
        state.finished,
        state.winner,
        replayed_board=last_board,
        replayed_steps=list(steps),
    )


def _point_snapshot(
    match: Match,
    games: list[Game],
    boards: dict[int, list[Board]],
    last_board: Board | None,
    events: list[Any],
    steps: list[BoardStep] | None = None,
) -> MatchSnapshot:
    rules = get_rules(match.rules)
    sides = tuple(match.sides)
    board_rows = boards[games[0].id] if games else []
    totals = [dict(b.result_points_by_side) for b in board_rows if b.finished and not b.void]
    game = derive_point_game(totals, sides, rules, point_first_breaker(match))
    current = None
    # a write's replay of the board it appended to (in play or just ended) is the snapshot's
    replayed_board = last_board if steps is not None else None
    replayed_steps = list(steps or [])
    if not game.finished:
        board_row = last_board if last_board is not None and not last_board.finished else None
        # the extra board's break is a fresh lot (ruling 3); the table has none to draw yet,
        # so the rotation gives it
        breaker = board_row.breaker if board_row else (game.next_breaker or game.next_in_rotation)
        scores = dict(game.scores)
        position = variant_for(rules).opening(sides, breaker, scores)
        if board_row is None:
            steps = []
        elif steps is None:
            steps = board_steps(board_row, events, scores, sides=sides)
        else:  # a write's: the next request replays this board (boards.py: _REPLAYS)
            remember_replay(board_row, events, steps)
        if board_row is not None:
            replayed_board, replayed_steps = board_row, list(steps)
        if steps:
            position = steps[-1].after
        current = CurrentBoard(
            board=board_row,
            game_number=1,
            board_number=game.boards_played + 1,
            breaker=breaker,
            position=position,
            events=events if board_row else [],
            steps=steps,
        )
    return MatchSnapshot(
        match,
        games,
        boards,
        game,
        current,
        game.finished,
        game.winner,
        replayed_board=replayed_board,
        replayed_steps=replayed_steps,
    )


def scores_before_boards(
    match: Match, boards: Sequence[Board] | None = None, snapshot: MatchSnapshot | None = None
) -> dict[int, dict[str, int]]:
    """The one "scores before" of a match's stored boards, either game: each side's game
    score before every board of ``boards`` (default: all the match's), keyed by the board's
    ``pk``, from the game the engine derives (the 22-point rule, ICF 54; point carrom's game
    points, seed 003). ``snapshot``: the match's, when the caller has it (else one query).
    The backup, its check and the tablet's history read this."""
    if snapshot is None:
        try:
            snapshot = match_snapshot(match)
        except RulesError:  # pragma: no cover - logs are validated on write
            return {}
    rows = (
        list(boards)
        if boards is not None
        else [board for game in snapshot.games for board in snapshot.boards.get(game.pk, [])]
    )
    state = snapshot.state
    if isinstance(state, PointGame):  # counted from the boards' cached points (seed 003)
        return point_scores_before_each(match, rows)
    out: dict[int, dict[str, int]] = {}
    if state is None:  # no toss yet
        return out
    for game, game_state in zip(snapshot.games, state.games, strict=False):
        out.update(scores_before_each(game_state, [b for b in rows if b.game_id == game.pk]))
    return out
