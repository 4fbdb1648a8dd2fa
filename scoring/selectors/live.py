"""Reads for the public live pages, the hall screen, the stream overlay and the JSON API.

Nothing here writes. Every function runs a bounded number of queries, whatever the size of the
tournament (``select_related``/``prefetch_related``; checked in ``tests/live``):

* **validators** (:func:`match_validator`, :func:`table_validator`, :func:`event_validator`,
  :func:`tournament_validator`) answer in **one** query what a page's ETag is built from, so a
  poll that changed nothing costs one cheap query and a ``304 Not Modified``;
* match state is derived by :func:`scoring.services.matches.match_snapshot` (the same
  derivation as the umpire tablet and the printed scoresheet), board timelines and statistics by
  replaying stroke logs through the rules engine (:mod:`scoring.stats`);
* standings come from :mod:`scoring.standings` (the one decided-result definition and the one
  table per format); they are re-exported here for the pages.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Prefetch,
    Q,
    QuerySet,
    Value,
    When,
)
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import (
    Board,
    BoardEvent,
    Entry,
    Event,
    Game,
    Match,
    Player,
    Round,
    Table,
    Tournament,
)
from scoring.records import (
    MatchSnapshot,
    becomes_entry,
    board_log_document,
    game_entries,
    live_events,
    match_snapshot,
)
from scoring.records.sides import by_colour, other_colour, other_side, side_colours
from scoring.rules import Note, derive_game, get_rules
from scoring.rules.game import BoardScore, GameState
from scoring.rulings import colour_word, describe_event, explain
from scoring.standings import (  # noqa: F401 (re-exported for the pages and the API)
    DECIDED_SQL,
    Column,
    StandingRow,
    StandingsTable,
    decided_params,
    event_standings,
    group_tables,
    has_standings,
)
from scoring.stats import BoardAnalysis, SideStats, analyse_board

SIDES = ("a", "b")
DONE = (Match.Status.FINISHED, Match.Status.CONFIRMED)
LIVE = (Match.Status.CALLED, Match.Status.PLAYING)
MATCH_RELATED = (
    "event__tournament", "round", "table",
    "entry_a__player", "entry_a__partner", "entry_b__player", "entry_b__partner",
    "entry_c__player",
)


def api_status(status: str) -> str:
    """The three public states of the API: scheduled, playing, finished."""
    if status in DONE:
        return "finished"
    if status == Match.Status.PLAYING:
        return "playing"
    return "scheduled"


def is_over(match: Match) -> bool:
    return match.status in DONE


def match_queryset() -> QuerySet[Match]:
    return Match.objects.select_related(*MATCH_RELATED)


# --------------------------------------------------------------------------- validators
#
# Each runs exactly one query and returns a tuple of plain values (or None if nothing is
# there); the views turn it into an ETag together with the language.


def _fetch_one(sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    """One row of a hand-written query: the validators run on every poll, and the ORM's
    compilation of a query costs more than SQLite takes to answer it."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _tables() -> dict[str, str]:
    quote = connection.ops.quote_name
    return {name: quote(model._meta.db_table) for name, model in
            (("match", Match), ("event", Event), ("entry", Entry), ("tournament", Tournament))}


def match_validator(match_id: int, slug: str | None = None) -> tuple[Any, ...] | None:
    """``(revision, updated_at, status)`` of the match, or None if it is not there (or not in
    the tournament ``slug``). One query on the primary key."""
    t = _tables()
    if slug is None:
        return _fetch_one(f"SELECT m.revision, m.updated_at, m.status FROM {t['match']} m "
                          "WHERE m.id = %s", [match_id])
    return _fetch_one(
        f"SELECT m.revision, m.updated_at, m.status FROM {t['match']} m "
        f"JOIN {t['event']} e ON e.id = m.event_id "
        f"JOIN {t['tournament']} t ON t.id = e.tournament_id "
        "WHERE m.id = %s AND t.slug = %s", [match_id, slug])


def _table_current(slug: str, number: int) -> QuerySet[Match]:
    """The matches of a table, the current one first: playing, then called, then the one that
    finished last (its result stays up until the next match is called)."""
    return (Match.objects.filter(event__tournament__slug=slug, table__number=number)
            .annotate(live_order=Case(
                When(status=Match.Status.PLAYING, then=Value(0)),
                When(status=Match.Status.CALLED, then=Value(1)),
                When(status__in=DONE, then=Value(2)),
                default=Value(3), output_field=IntegerField()))
            .filter(live_order__lt=3)
            .order_by("live_order", F("finished_at").desc(nulls_last=True),
                      F("called_at").desc(nulls_last=True), "-pk"))


def table_validator(slug: str, number: int) -> tuple[Any, ...]:
    """``(match id, revision, updated_at, status)`` of the table's current match, or a tuple of
    Nones when the table has none (one query)."""
    row = _table_current(slug, number).values_list("pk", "revision", "updated_at",
                                                   "status").first()
    return row or (None, None, None, None)


#: The aggregate of a set of matches an ETag is built from (one pass over the rows).
_MATCH_SUMMARY = ("CAST(COUNT(*) AS TEXT) || '|' || COALESCE(CAST(MAX(m.updated_at) AS TEXT), "
                  "'') || '|' || CAST(COALESCE(SUM(m.revision), 0) AS TEXT)")


def event_validator(event_id: int, slug: str | None = None, *, decided: bool = False
                    ) -> tuple[Any, ...] | None:
    """What the event's pages show changes with: its matches (count, last change, sum of
    revisions), its entries (count, withdrawals), its name and status; None if there is no
    such event (in the tournament ``slug``). One query: one pass over the event's matches,
    one over its entries.

    ``decided``: only the decided matches count (standings do not move while a match is being
    played, so strokes at the tables leave their ETag alone)."""
    t = _tables()
    params: list[Any] = []
    where = ""
    if decided:
        where = " AND " + DECIDED_SQL
        params += decided_params()
    sql = (f"SELECT e.name, e.status, (SELECT {_MATCH_SUMMARY} FROM {t['match']} m "
           f"WHERE m.event_id = e.id{where}), "
           "(SELECT CAST(COUNT(*) AS TEXT) || '|' || CAST(COUNT(CASE WHEN n.withdrawn = %s "
           f"THEN 1 END) AS TEXT) FROM {t['entry']} n WHERE n.event_id = e.id) "
           f"FROM {t['event']} e JOIN {t['tournament']} t ON t.id = e.tournament_id "
           "WHERE e.id = %s")
    params += [True, event_id]
    if slug is not None:
        sql += " AND t.slug = %s"
        params.append(slug)
    return _fetch_one(sql, params)


def tournament_validator(slug: str | None = None, *, pk: int | None = None
                         ) -> tuple[Any, ...] | None:
    """Number of matches, last change and sum of revisions over the whole tournament (one
    query)."""
    t = _tables()
    sql = (f"SELECT {_MATCH_SUMMARY} FROM {t['match']} m "
           f"JOIN {t['event']} e ON e.id = m.event_id "
           f"JOIN {t['tournament']} t ON t.id = e.tournament_id ")
    if pk is not None:
        return _fetch_one(sql + "WHERE t.id = %s", [pk])
    return _fetch_one(sql + "WHERE t.slug = %s", [slug])


# --------------------------------------------------------------------------- labels


def side_label(match: Match, side: str | None) -> str:
    """The name of a side's entry, or "Bye" / "to be decided"."""
    if side is None:
        return ""
    entry = match.entry_for(side)
    if entry is not None:
        return entry.name
    return _("Bye") if match.bye else _("to be decided")


def colour_name(colour: str | None) -> str:
    return colour_word(colour)


STATUS_LABELS = {
    Match.Status.SCHEDULED: gettext_lazy("Scheduled"),
    Match.Status.READY: gettext_lazy("Waiting for a table"),
    Match.Status.CALLED: gettext_lazy("Called to the table"),
    Match.Status.PLAYING: gettext_lazy("Playing"),
    Match.Status.FINISHED: gettext_lazy("Finished"),
    Match.Status.CONFIRMED: gettext_lazy("Finished and confirmed"),
}

QUEEN_LABELS = {
    "on_board": gettext_lazy("on the board"),
    "pending_cover:white": gettext_lazy("pocketed by white, cover due"),
    "pending_cover:black": gettext_lazy("pocketed by black, cover due"),
    "covered:white": gettext_lazy("covered by white"),
    "covered:black": gettext_lazy("covered by black"),
}

# --------------------------------------------------------------------------- timelines


@dataclass
class TimelineRow:
    number: int
    event: str
    notes: list[tuple[str, str]]  # (text, law)
    white: int
    black: int
    queen: str
    dues: tuple[int, int]
    on_turn: str
    ending: bool = False


@dataclass
class BoardTimeline:
    rows: list[TimelineRow]
    analysis: BoardAnalysis
    names: dict[str, str]


def _spectator_notes(notes: Sequence[Note], names: dict[str, str]) -> list[tuple[str, str]]:
    """The tablet's rulings in words (:mod:`scoring.rulings`), less what only the umpire acts
    on (who plays on, the extra points he may still claim)."""
    out = []
    for ruling in explain([n for n in notes if n.code != "turn_continues"], names):
        if ruling.code == "claimable":
            continue
        if ruling.code == "interpretation":
            out.append((_("The laws are silent here: this result is the adopted "
                          "interpretation."), ruling.law))
            continue
        out.append((ruling.text, ruling.law))
    return out


def colour_names(match: Match, breaker: str | None) -> dict[str, str]:
    """``{"white": "White (Asha Rao)", "black": "Black (Ben Kirk)"}`` for a board."""
    if breaker not in SIDES:
        return {"white": colour_name("white"), "black": colour_name("black")}
    other = other_side(breaker)
    return {
        "white": _("White (%(name)s)") % {"name": side_label(match, breaker)},
        "black": _("Black (%(name)s)") % {"name": side_label(match, other)},
    }


def board_timeline(match: Match, board: Board, events: Sequence[BoardEvent],
                   scores: dict[str, int]) -> BoardTimeline:
    """A board replayed from its live events: what was pocketed when, fouls, dues, and the
    ruling that ended it, with the law. ``scores`` are the game scores before the board per
    side (the 22-point rule)."""
    analysis = analyse_board([e.payload for e in live_events(list(events))], rules=board.rules,
                             scores=by_colour(scores, board.breaker, 0))
    names = colour_names(match, board.breaker)
    rows = []
    for step in analysis.steps:
        position = step.position
        rows.append(TimelineRow(
            number=step.index,
            event=describe_event(step.event, names),
            notes=_spectator_notes(step.notes, names),
            white=position.on_board.white, black=position.on_board.black,
            queen=str(QUEEN_LABELS.get(position.queen, position.queen)),
            dues=(position.dues.white, position.dues.black),
            on_turn=names.get(position.on_turn or "", ""),
            ending=position.result is not None,
        ))
    return BoardTimeline(rows, analysis, names)


# --------------------------------------------------------------------------- matches


@dataclass
class BoardLine:
    """One stored board of a game as the pages and the API show it."""

    number: int  # the board's sequence in its game (void boards included): the API's {b}
    row: Board
    breaker: str | None
    winner: str | None = None
    points: int = 0
    law: str = ""
    void: bool = False
    finished: bool = False
    queen: str | None = None  # side that covered the queen, where known
    carrommen: int | None = None
    extra_board: bool = False
    interpretation: bool = False
    scores_before: dict[str, int] = field(default_factory=dict)
    scores_after: dict[str, int] = field(default_factory=dict)
    points_by_side: dict[str, int] = field(default_factory=dict)  # point carrom
    point: Any = None  # point carrom: the replayed board (selectors.point_boards.PointBoard)
    breaker_name: str = ""
    winner_name: str = ""
    queen_name: str = ""

    @property
    def kind(self) -> str:
        return self.row.kind

    @property
    def has_log(self) -> bool:
        return self.row.kind == Board.Kind.LOG

    @property
    def withdrawn(self) -> bool:
        """A board entered from paper and withdrawn by an undo: it never counted."""
        return self.void and self.row.kind != Board.Kind.LOG


@dataclass
class GameLine:
    number: int
    row: Game
    scores: dict[str, int]
    winner: str | None
    finished: bool
    boards: list[BoardLine]


@dataclass
class CurrentInfo:
    """The board in progress (or about to start), in words and numbers."""

    game: int
    board: int
    breaker_name: str
    white_name: str
    black_name: str
    started: bool
    white: int | None = None
    black: int | None = None
    queen: str = ""
    on_turn: str = ""
    dues_white: int = 0
    dues_black: int = 0
    change_sides: bool = False
    extra_board: bool = False
    points: list[tuple[str, int]] = field(default_factory=list)  # point carrom: held points


@dataclass
class MatchView:
    """A match with everything the match page, the overlay and the API show."""

    match: Match
    snapshot: MatchSnapshot
    games: list[GameLine]
    timeline: BoardTimeline | None = None  # the board in progress
    info: CurrentInfo | None = None

    @property
    def names(self) -> dict[str, str]:
        return {s: side_label(self.match, s) for s in self.match.sides}

    @property
    def current(self) -> Any:
        return self.snapshot.current

    @property
    def games_won(self) -> dict[str, int]:
        state = self.snapshot.state
        if state is not None and hasattr(state, "games_won"):
            return dict(state.games_won)
        return {s: int((self.match.games_won or {}).get(s, 0)) for s in self.match.sides}

    @property
    def point_current(self) -> Any:
        """Point carrom: the board in progress, replayed (``None`` if none is)."""
        if not self.snapshot.is_points or not self.games or not self.games[-1].boards:
            return None
        line = self.games[-1].boards[-1]
        return line.point if line.point is not None and not line.finished else None

    @property
    def current_game(self) -> GameLine | None:
        return self.games[-1] if self.games else None

    @property
    def scores(self) -> dict[str, int]:
        """Points of the game being played (or of the last game)."""
        current = self.snapshot.current
        state = self.snapshot.state
        if current is not None and state is not None and hasattr(state, "games"):
            if current.game_number <= len(state.games):
                return dict(state.games[current.game_number - 1].scores)
            return dict.fromkeys(self.match.sides, 0)
        game = self.current_game
        return dict(game.scores) if game else dict.fromkeys(self.match.sides, 0)

    @property
    def over(self) -> bool:
        return is_over(self.match)

    @property
    def winner_name(self) -> str:
        return side_label(self.match, self.match.winner_side or None)

    def name(self, side: str) -> str:
        return side_label(self.match, side)


def _counted_rows(rows: list[Board], current_events: list[BoardEvent] | None) -> list[Board]:
    """The stored boards that became game entries (:func:`becomes_entry`)."""
    return [b for b in rows if becomes_entry(b, current_events)]


def _board_line(score: BoardScore, row: Board, before: dict[str, int]) -> BoardLine:
    line = BoardLine(
        number=row.sequence, row=row, breaker=score.breaker,
        winner=None if score.void else score.winner,
        points=0 if score.void else score.points, law=score.law or "", void=score.void,
        finished=True, queen=score.queen, carrommen=score.carrommen,
        extra_board=score.extra_board, interpretation=score.interpretation,
        scores_before=dict(before), scores_after=dict(score.scores_after or before),
    )
    if row.kind == Board.Kind.LOG and row.finished and not score.void:
        line.law = row.result_law or line.law
        line.queen = line.queen or row.result_queen or None
        line.carrommen = row.result_carrommen if line.carrommen is None else line.carrommen
        line.interpretation = line.interpretation or row.result_interpretation
    elif row.kind == Board.Kind.AWARD:
        line.law = row.award_law or line.law
    return line


def _game_lines(snapshot: MatchSnapshot, strokes: bool = False) -> list[GameLine]:
    state = snapshot.state
    current = snapshot.current
    lines: list[GameLine] = []
    if state is None:
        return lines
    if not hasattr(state, "games"):  # point carrom: one game, points per player per board
        from scoring.selectors.point_boards import point_boards

        match = snapshot.match
        names = {s: side_label(match, s) for s in match.sides}
        for game in snapshot.games:
            boards = []
            for point in point_boards(match, names, strokes=strokes,
                                      boards=snapshot.boards.get(game.pk, [])):
                boards.append(BoardLine(
                    number=point.number, row=point.row, breaker=point.breaker,
                    finished=point.finished, void=point.void, law=point.law,
                    queen=point.queen_by, interpretation=point.interpretation,
                    winner=point.top_scorer if point.finished else None,
                    scores_before=dict(point.scores_before),
                    scores_after=point.totals if point.finished else dict(point.scores_before),
                    points_by_side=point.points if point.finished and not point.void else {},
                    point=point,
                ))
            lines.append(GameLine(game.number, game, dict(state.scores), state.winner,
                                  state.finished, boards))
        return lines
    for game, game_state in zip(snapshot.games, state.games, strict=False):
        rows = snapshot.boards.get(game.pk, [])
        in_progress = (current is not None and current.board is not None
                       and current.board.game_id == game.pk)
        counted = _counted_rows(rows, current.events if in_progress else None)
        boards = []
        before = dict.fromkeys(SIDES, 0)
        scores_iter = iter(game_state.boards)
        for row in counted:
            if row.kind == Board.Kind.LOG and not row.finished and not row.void:
                boards.append(BoardLine(number=row.sequence, row=row, breaker=row.breaker,
                                        scores_before=dict(before),
                                        scores_after=dict(before)))
                continue
            score = next(scores_iter, None)
            if score is None:  # pragma: no cover - the caches and the log disagree
                break
            line = _board_line(score, row, before)
            boards.append(line)
            if not score.void:
                before = dict(line.scores_after)
        lines.append(GameLine(game.number, game, dict(game_state.scores), game_state.winner,
                              game_state.finished, boards))
    return lines


def match_view(match: Match, *, timeline: bool = True,
               point_strokes: bool | None = None) -> MatchView:
    """Derive the match (three queries: games, boards, the current board's events) and, with
    ``timeline``, replay the board in progress. Point carrom replays every board; with
    ``point_strokes`` (default: ``timeline``) it keeps each board's strokes."""
    snapshot = match_snapshot(match)
    strokes = timeline if point_strokes is None else point_strokes
    view = MatchView(match, snapshot, _game_lines(snapshot, strokes=strokes))
    names = view.names
    for game in view.games:
        for line in game.boards:
            line.breaker_name = names.get(line.breaker or "", "")
            line.winner_name = names.get(line.winner or "", "")
            line.queen_name = names.get(line.queen or "", "")
    view.info = _current_info(view)
    current = snapshot.current
    if timeline and current is not None and current.board is not None and not snapshot.is_points:
        scores = view.scores
        view.timeline = board_timeline(match, current.board, current.events, scores)
    return view


def _current_info(view: MatchView) -> CurrentInfo | None:
    current = view.snapshot.current
    if current is None:
        return None
    match = view.match
    colours = colour_names(match, current.breaker)
    info = CurrentInfo(
        game=current.game_number, board=current.board_number,
        breaker_name=side_label(match, current.breaker) if current.breaker else "",
        white_name=colours["white"], black_name=colours["black"],
        started=current.board is not None, change_sides=current.change_sides,
        extra_board=current.extra_board,
    )
    position = current.position
    if position is None:
        return info
    if view.snapshot.is_points:
        names = view.names
        rules = get_rules(match.rules)
        info.points = [(names.get(p, p), v) for p, v in position.points(rules).items()]
        info.white, info.black = position.on_board.white, position.on_board.black
        if not position.finished:
            info.on_turn = names.get(position.players[position.on_turn], "")
        return info
    info.white, info.black = position.on_board.white, position.on_board.black
    info.queen = str(QUEEN_LABELS.get(position.queen, position.queen))
    info.on_turn = colours.get(position.on_turn or "", "") if current.board else ""
    info.dues_white, info.dues_black = position.dues.white, position.dues.black
    return info


def get_match(slug: str, match_id: int) -> Match:
    """:raises Match.DoesNotExist:"""
    return match_queryset().get(pk=match_id, event__tournament__slug=slug)


def find_board(view: MatchView, game_number: int, board_number: int) -> BoardLine | None:
    for game in view.games:
        if game.number == game_number:
            for line in game.boards:
                if line.number == board_number:
                    return line
    return None


def board_document(view: MatchView, line: BoardLine) -> dict[str, Any]:
    """``{"log": carrom-board/1 or None, "state": carrom-board-state/1}`` of one board: the
    log with the scores before the board, and the engine's answer for it. A board entered
    as a summary or award has no log; its state is made from the entry (pieces not known
    are ``null``)."""
    from scoring.rules.interchange import replay_board_document
    from scoring.rules.point import replay_point_board_document

    row = line.row
    if row.kind == Board.Kind.LOG:
        log = board_log_document(row, match=view.match, scores=line.scores_before)
        if view.snapshot.is_points:
            state = replay_point_board_document(log)
        else:
            state = replay_board_document(log)
        return {"log": log, "state": state}
    colour = side_colours(row.breaker)
    winner = colour.get(line.winner or "")
    loser = other_colour(winner)
    on_board: dict[str, int | None] = {"white": None, "black": None}
    queen: str | None = None
    if row.kind == Board.Kind.SUMMARY and winner:
        on_board = {winner: 0, loser: line.carrommen}
        queen = f"covered:{colour[line.queen]}" if line.queen in colour else None
    state = {
        "format": "carrom-board-state/1",
        "on_board": on_board, "queen": queen, "dues": {"white": 0, "black": 0},
        "queen_right": {"white": None, "black": None}, "on_turn": None, "break_made": True,
        "break_attempts": 0, "finished": True,
        "result": {"winner": winner, "points": line.points, "law": line.law,
                   "interpretation": False},
        "entered_as": row.kind,
    }
    return {"log": None, "state": state}


def board_events(board: Board) -> list[BoardEvent]:
    return list(board.events.order_by("seq"))


# --------------------------------------------------------------------------- tournament


@dataclass
class MatchLine:
    """A match in a list (home page, hall, table): names, games won, current game points."""

    match: Match
    games: list[Game]

    @property
    def names(self) -> tuple[str, str]:
        return side_label(self.match, "a"), side_label(self.match, "b")

    @property
    def games_won(self) -> tuple[int, int]:
        won = self.match.games_won or {}
        return int(won.get("a", 0) or 0), int(won.get("b", 0) or 0)

    @property
    def points(self) -> tuple[int, int] | None:
        """Points of the game in progress (the last game), if any."""
        if not self.games:
            return None
        scores = self.games[-1].scores or {}
        return int(scores.get("a", 0) or 0), int(scores.get("b", 0) or 0)

    @property
    def game_number(self) -> int | None:
        return self.games[-1].number if self.games else None

    @property
    def is_points(self) -> bool:
        """Point carrom: three players (:attr:`players` lists them)."""
        return bool(self.match.entry_c_id)

    @property
    def players(self) -> list[dict[str, Any]]:
        """Every side in order: name, games won, points of the game in progress, winner."""
        won = self.match.games_won or {}
        scores = (self.games[-1].scores or {}) if self.games else {}
        return [{"side": s, "name": side_label(self.match, s),
                 "games": int(won.get(s, 0) or 0), "points": int(scores.get(s, 0) or 0),
                 "winner": self.match.winner_side == s} for s in self.match.sides]

    @property
    def game_scores(self) -> list[tuple[int, int]]:
        return [(int((g.scores or {}).get("a", 0) or 0), int((g.scores or {}).get("b", 0) or 0))
                for g in self.games]

    @property
    def winner(self) -> str:
        return self.match.winner_side or ""

    @property
    def status_label(self) -> str:
        return str(STATUS_LABELS.get(self.match.status, self.match.status))


def _lines(matches: Iterable[Match]) -> list[MatchLine]:
    return [MatchLine(m, list(m.games.all())) for m in matches]


def _with_games(queryset: QuerySet[Match]) -> QuerySet[Match]:
    return queryset.select_related(*MATCH_RELATED).prefetch_related(
        Prefetch("games", queryset=Game.objects.order_by("number")))


@dataclass
class EventLine:
    event: Event
    round_name: str
    open_matches: int
    total_matches: int


@dataclass
class TableLine:
    table: Table
    line: MatchLine | None


@dataclass
class Overview:
    tournament: Tournament
    events: list[EventLine]
    tables: list[TableLine]  # every active table with its current match, if any
    playing: list[MatchLine]  # playing, without a table
    called: list[MatchLine]  # call-ups: "Table 7: A v B"
    recent: list[MatchLine]


def round_label(rnd: Round | None, group: str = "") -> str:
    name = "" if rnd is None else rnd.label
    if group:
        group_name = _("Group %(name)s") % {"name": group}
        return f"{name} · {group_name}" if name else group_name
    return name


def tournament_overview(tournament: Tournament, *, recent: int = 8) -> Overview:
    """The tournament home and the hall's live slide: seven queries whatever the size."""
    events = list(tournament.events.all())
    rounds = (Round.objects.filter(event__tournament=tournament)
              .annotate(total=Count("matches"),
                        open=Count("matches", filter=~Q(matches__status__in=DONE)))
              .order_by("event_id", "number", "bracket"))
    per_event: dict[int, list[Round]] = defaultdict(list)
    for rnd in rounds:
        per_event[rnd.event_id].append(rnd)
    lines = []
    for event in events:
        rnds = [r for r in per_event.get(event.pk, []) if r.total]
        current = next((r for r in rnds if r.open), rnds[-1] if rnds else None)
        lines.append(EventLine(event, round_label(current), sum(r.open for r in rnds),
                               sum(r.total for r in rnds)))
    tables = list(tournament.tables.filter(active=True).order_by("number"))
    live = _lines(_with_games(Match.objects.filter(event__tournament=tournament,
                                                   status__in=LIVE))
                  .order_by("table__number", "called_at", "pk"))
    by_table: dict[int, MatchLine] = {}
    playing, called = [], []
    for line in live:
        m = line.match
        if m.table_id is not None and (m.table_id not in by_table or (
                m.status == Match.Status.PLAYING
                and by_table[m.table_id].match.status != Match.Status.PLAYING)):
            by_table[m.table_id] = line
        if m.status == Match.Status.CALLED:
            called.append(line)
        elif m.table_id is None:
            playing.append(line)
    finished = _lines(_with_games(Match.objects.filter(event__tournament=tournament,
                                                       status__in=DONE))
                      .order_by(F("finished_at").desc(nulls_last=True), "-pk")[:recent])
    return Overview(
        tournament=tournament, events=lines,
        tables=[TableLine(t, by_table.get(t.pk)) for t in tables],
        playing=playing, called=called, recent=finished,
    )


def table_current(tournament: Tournament, number: int) -> Match | None:
    """The table's current match (playing, called, else the last finished one)."""
    return _table_current(tournament.slug, number).select_related(*MATCH_RELATED).first()


def table_next(tournament: Tournament, number: int) -> Match | None:
    """The next match assigned to the table and not yet called, if any."""
    return (match_queryset().filter(event__tournament=tournament, table__number=number,
                                    status__in=(Match.Status.SCHEDULED, Match.Status.READY))
            .order_by("round__number", "number", "pk").first())


# --------------------------------------------------------------------------- events


def get_event(slug: str, event_id: int) -> Event:
    """:raises Event.DoesNotExist:"""
    return Event.objects.select_related("tournament").get(pk=event_id,
                                                          tournament__slug=slug)


@dataclass
class RoundBlock:
    round: Round | None
    label: str
    matches: list[MatchLine]
    open: int = 0


def event_rounds(event: Event) -> list[RoundBlock]:
    """Every match of the event by round (three queries)."""
    blocks: dict[Any, RoundBlock] = {}
    rounds = {r.pk: r for r in event.rounds.all()}
    matches = _lines(_with_games(event.matches.all())
                     .order_by("round__number", "round__bracket", "group", "number", "pk"))
    for line in matches:
        rnd = rounds.get(line.match.round_id) if line.match.round_id else None
        key = rnd.pk if rnd else None
        if key not in blocks:
            blocks[key] = RoundBlock(rnd, round_label(rnd) or _("Matches"), [])
        blocks[key].matches.append(line)
        if line.match.status not in DONE:
            blocks[key].open += 1
    order = {r.pk: (r.number, list(Round.Bracket.values).index(r.bracket)) for r in
             rounds.values()}
    return sorted(blocks.values(),
                  key=lambda b: order.get(b.round.pk if b.round else None, (10_000, 0)))


BRACKET_SECTIONS = (
    (Round.Bracket.MAIN, gettext_lazy("Bracket")),
    (Round.Bracket.WINNERS, gettext_lazy("Winners bracket")),
    (Round.Bracket.LOSERS, gettext_lazy("Losers bracket")),
    (Round.Bracket.FINAL, gettext_lazy("Grand final")),
    (Round.Bracket.PLACEMENT, gettext_lazy("Placement matches")),
)


@dataclass
class BracketCard:
    line: MatchLine
    labels: tuple[str, str]  # names, or where the entrant comes from
    known: tuple[bool, bool]


@dataclass
class BracketColumn:
    label: str
    anchor: str
    cards: list[BracketCard]


@dataclass
class BracketSection:
    key: str
    label: str
    columns: list[BracketColumn]


def event_bracket(event: Event) -> list[BracketSection]:
    """The elimination rounds of the event (knock-out, double elimination, the knock-out
    stage after groups), with "Winner of match 3" where an entrant is not known yet."""
    rounds = [r for r in event.rounds.all() if r.bracket != Round.Bracket.GROUPS]
    if not rounds:
        return []
    ids = [r.pk for r in rounds]
    lines = _lines(_with_games(Match.objects.filter(round_id__in=ids))
                   .order_by("round__number", "position", "number", "pk"))
    feeders: dict[tuple[int, str], tuple[str, Match]] = {}
    for line in lines:
        m = line.match
        if m.winner_to_id:
            feeders[(m.winner_to_id, m.winner_to_side)] = ("winner", m)
        if m.loser_to_id:
            feeders[(m.loser_to_id, m.loser_to_side)] = ("loser", m)
    per_round: dict[int, list[MatchLine]] = defaultdict(list)
    for line in lines:
        per_round[line.match.round_id].append(line)
    sections = []
    for key, label in BRACKET_SECTIONS:
        columns = []
        for rnd in sorted((r for r in rounds if r.bracket == key), key=lambda r: r.number):
            cards = []
            for line in per_round.get(rnd.pk, []):
                labels, known = [], []
                for side in SIDES:
                    entry = line.match.entry_for(side)
                    if entry is not None:
                        labels.append(entry.name)
                        known.append(True)
                        continue
                    known.append(False)
                    feeder = feeders.get((line.match.pk, side))
                    if feeder is not None and (feeder[1].status in DONE or feeder[1].bye):
                        labels.append(_("Bye"))  # decided, and nobody came from it
                    elif feeder is not None:
                        kind, source = feeder
                        text = (_("Winner of match %(number)s") if kind == "winner"
                                else _("Loser of match %(number)s"))
                        labels.append(text % {"number": source.number})
                    elif line.match.bye:
                        labels.append(_("Bye"))
                    else:
                        labels.append(_("to be decided"))
                cards.append(BracketCard(line, (labels[0], labels[1]), (known[0], known[1])))
            columns.append(BracketColumn(round_label(rnd), f"{key}-{rnd.number}", cards))
        if columns:
            sections.append(BracketSection(str(key), str(label), columns))
    return sections


# --------------------------------------------------------------------------- standings


# The tables themselves are defined once, in scoring.standings (live, API, sheet, organiser).


def link_players(tables: Iterable[StandingsTable], slug: str) -> None:
    """Set each row's player page URL (one ``reverse`` for the whole table)."""
    marker = 987654321
    pattern = reverse("scoring:live-player", kwargs={"slug": slug, "player_id": marker})
    for table in tables:
        for row in table.rows:
            if row.entry is not None:
                row.url = pattern.replace(str(marker), str(row.entry.player_id))



# --------------------------------------------------------------------------- players


@dataclass
class PlayerMatch:
    line: MatchLine
    side: str
    partner: str  # doubles: the partner's name

    @property
    def match(self) -> Match:
        return self.line.match

    @property
    def opponent(self) -> str:
        if self.line.is_points:  # point carrom: both other players
            return " · ".join(side_label(self.match, s) for s in self.match.sides
                              if s != self.side)
        return side_label(self.match, other_side(self.side))

    @property
    def result(self) -> str:
        """"won", "lost" or "" (not decided)."""
        winner = self.match.winner_side
        if not winner or self.match.status not in DONE and not self.match.walkover:
            return ""
        return "won" if winner == self.side else "lost"

    @property
    def games(self) -> tuple[int, int]:
        a, b = self.line.games_won
        return (a, b) if self.side == "a" else (b, a)

    @property
    def game_scores(self) -> list[tuple[int, int]]:
        return [(a, b) if self.side == "a" else (b, a) for a, b in self.line.game_scores]


@dataclass
class Slam:
    kind: str  # "white" or "black"
    match: Match
    game: int
    board: int
    opponent: str = ""


@dataclass
class PlayerPage:
    player: Player
    entries: list[Entry]
    matches: list[PlayerMatch]
    stats: SideStats
    slams: list[Slam]


def tournament_players(tournament: Tournament) -> list[tuple[Player, list[Entry]]]:
    """Everyone entered in the tournament, with their entries (one query)."""
    players: dict[int, tuple[Player, list[Entry]]] = {}
    for entry in (Entry.objects.filter(event__tournament=tournament)
                  .select_related("player", "partner", "event")
                  .order_by("event__order", "event__name", "pk")):
        for player in entry.players:
            players.setdefault(player.pk, (player, []))[1].append(entry)
    return sorted(players.values(), key=lambda pe: (pe[0].name.casefold(), pe[0].pk))


def player_page(tournament: Tournament, player: Player) -> PlayerPage:
    """A player's matches in the tournament and statistics from the stroke logs (six queries
    whatever the number of matches and boards)."""

    entries = list(Entry.objects.filter(event__tournament=tournament)
                   .filter(Q(player=player) | Q(partner=player))
                   .select_related("event", "player", "partner"))
    ids = [e.pk for e in entries]
    matches = list(_with_games(Match.objects.filter(
        Q(entry_a_id__in=ids) | Q(entry_b_id__in=ids) | Q(entry_c_id__in=ids)))
        .order_by(F("started_at").asc(nulls_last=True), "round__number", "number", "pk"))
    rows: dict[int, list[Board]] = defaultdict(list)
    for board in (Board.objects.filter(game__match__in=[m.pk for m in matches])
                  .order_by("game_id", "sequence")):
        rows[board.game_id].append(board)
    logs = [b.pk for bs in rows.values() for b in bs
            if b.kind == Board.Kind.LOG and b.finished and not b.void]
    events: dict[int, list[BoardEvent]] = defaultdict(list)
    for event in BoardEvent.objects.filter(board_id__in=logs).order_by("board_id", "seq"):
        events[event.board_id].append(event)

    stats = SideStats()
    slams: list[Slam] = []
    out: list[PlayerMatch] = []
    for match in matches:
        line = MatchLine(match, list(match.games.all()))
        side = next(s for s in match.sides if getattr(match, f"entry_{s}_id") in ids)
        entry = match.entry_for(side)
        partner = ""
        if entry is not None and entry.partner_id:
            partner = entry.partner.name if entry.player_id == player.pk else entry.player.name
        out.append(PlayerMatch(line, side, partner))
        if get_rules(match.rules).family == "points" or side not in SIDES:
            continue
        if match.status in DONE and match.winner_side and not match.walkover and not match.bye:
            stats.matches += 1
            stats.matches_won += int(match.winner_side == side)
        rules = get_rules(match.rules)
        for game in line.games:
            finished_rows = [b for b in rows.get(game.pk, []) if b.finished or b.kind != "log"]
            if not finished_rows:
                continue
            try:
                state = derive_game(game_entries(finished_rows, None),
                                    players=SIDES, first_breaker=game.first_breaker,
                                    rules=rules, stage=match.stage)
            except Exception:  # pragma: no cover - a damaged cache must not break the page
                continue
            if game.finished and game.winner_side:
                stats.games += 1
                stats.games_won += int(game.winner_side == side)
            _add_game(stats, slams, match, game, state, finished_rows, events, side)
    return PlayerPage(player, entries, out, stats, slams)


def _add_game(stats: SideStats, slams: list[Slam], match: Match, game: Game,
              state: GameState, rows: list[Board], events: dict[int, list[BoardEvent]],
              side: str) -> None:
    before = dict.fromkeys(SIDES, 0)
    for row, score in zip(rows, state.boards, strict=False):
        if score.void:
            continue
        stats.add_board(won=score.winner == side, points=score.points)
        if row.kind == Board.Kind.LOG and row.pk in events:
            analysis = analyse_board([e.payload for e in live_events(events[row.pk])],
                                     rules=row.rules, scores=by_colour(before, row.breaker, 0))
            colour = "white" if row.breaker == side else "black"
            count = len(stats.slam_boards)
            stats.add_log(analysis, colour)
            if len(stats.slam_boards) > count:
                slams.append(Slam(stats.slam_boards[-1][0], match, game.number, row.sequence,
                                  side_label(match, other_side(side))))
        before = dict(score.scores_after or before)
