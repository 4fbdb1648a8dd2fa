"""What the umpire tablet shows, derived from a :class:`~scoring.records.MatchSnapshot`.

:func:`tablet` turns a snapshot into plain dataclasses for the templates: the sides with their
colours and scores, who is on turn (in doubles the individual player, the turn passing to the
right around the seating, ICF 49(b)), the pieces, the queen, dues and break attempts, the
history of the board with the engine's rulings in words, the end of a board, game or match.

It reuses the snapshot (no second replay of the stored log through the services) and replays
only the board shown, once, to explain each event; it runs at most one query (the events of a
board that has just ended). Nothing here writes.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring import rulings
from scoring.models import Board, Match
from scoring.records import (
    MatchSnapshot,
    board_steps,
    live_events,
    other_colour,
    other_side,
    point_scores_before_each,
    point_steps,
    scores_before_each,
    side_colours,
)
from scoring.records.interval import interval_end, step_key
from scoring.rules import MatchState, get_rules
from scoring.rules.point import PointPosition
from scoring.rules.position import PerColour
from scoring.rules.variant import Variant
from scoring.rulings import Ruling


@dataclass
class SideView:
    side: str  # "a", "b" ("c")
    name: str  # the entry: "Asha Rao" or "Asha Rao / Ben Kirk"
    colour: str | None = None  # "white" / "black" on the board shown (colour game)
    score: int = 0  # game score (the current game)
    games_won: int = 0
    on_turn: bool = False
    board_points: int = 0  # point carrom: what the player holds on this board
    held: PerColour | None = None  # point carrom: pieces held on this board
    dues: int = 0
    confirmed: bool = False

    @property
    def colour_label(self) -> str:
        return rulings.colour_word(self.colour)

    @property
    def label(self) -> str:
        """"White (Asha Rao)", or the name alone when no colour applies."""
        if self.colour:
            return f"{self.colour_label} ({self.name})"
        return self.name


@dataclass(frozen=True)
class Seat:
    pk: int
    name: str
    side: str
    seat: int  # 1-4 in the recorded seating


@dataclass
class TurnView:
    player: str  # the individual striker (doubles) or the entry's name
    side: str
    colour: str | None
    seat: int | None = None  # doubles: 1-4 around the board, in turn order

    @property
    def colour_label(self) -> str:
        return rulings.colour_word(self.colour)


@dataclass
class HistoryItem:
    number: int  # 1-based among the live events of the board
    seq: int
    kind: str
    text: str
    striker: str
    rulings: list[Ruling]
    key: str = ""  # the event's request key: with ``Tablet.history_key`` names the line


@dataclass
class BoardEnd:
    """A board that has just ended (shown until the next board's first event)."""

    number: int
    game_number: int
    kind: str  # Board.Kind
    void: bool
    winner: SideView | None
    points: int | None
    law: str
    interpretation: bool
    winner_colour: str | None
    breaker: str = ""
    claimable: int = 0
    by_side: dict[str, int] = field(default_factory=dict)  # point carrom


@dataclass
class Tablet:
    match: Match
    snapshot: MatchSnapshot
    phase: str  # "toss", "seating", "play", "finished", "confirmed"
    sides: list[SideView]
    game_number: int = 0
    board_number: int = 0
    breaker: SideView | None = None
    extra_board: bool = False  # a toss decides who breaks (the board's breaker is unknown)
    board_started: bool = False  # the current board has events
    confirmed_by_organiser: bool = False  # an organiser confirmed the result (not the players)
    turn: TurnView | None = None
    on_board: PerColour | None = None
    queen: str = ""  # in words
    queen_state: str = ""
    dues: list[Ruling] = field(default_factory=list)
    to_place: list[Ruling] = field(default_factory=list)
    break_made: bool = True
    break_attempts_left: int | None = None
    last_rulings: list[Ruling] = field(default_factory=list)
    history: list[HistoryItem] = field(default_factory=list)
    history_board: int | None = None
    history_key: str = ""  # what an event's line depends on besides the event (for caching)
    history_game: int | None = None
    history_append: bool = False  # the history holds only the event just recorded
    board_end: BoardEnd | None = None
    game_boards: list[dict[str, Any]] = field(default_factory=list)
    game_end: dict[str, Any] | None = None  # the game that just ended
    change_sides: bool = False
    interval_end: datetime.datetime | None = None
    can_undo: bool = False
    undo_text: str = ""  # what the undo button takes back
    last_board_is_quick: bool = False
    forgo_by: str | None = None  # the colour that may forgo placing now
    on_turn_by: str | None = None  # the stroke's "by": a colour, or a side in point carrom
    seating_names: list[str] = field(default_factory=list)
    finished_games: list[dict[str, Any]] = field(default_factory=list)
    # the walk through the board shown
    seats: list[Seat] | None = None  # doubles: turn order from the board's breaker
    turn_changes: int = 0
    last_notes: tuple = ()
    due_placers: dict[str, str] = field(default_factory=dict)  # placing colour -> player
    # the seats at the table: the side panels are shown in seat order (ICF 58-60)
    seats_flipped: bool = False  # after the side changes so far, B sits on the left
    cover_due: bool = False  # the player on turn must cover the queen (ICF 52)

    @property
    def variant(self) -> Variant:
        """The engine's variant of the match (the colour game, point carrom): the screen asks
        it (``has_colours``, ``seats``), never the family."""
        return self.snapshot.variant

    @property
    def card(self) -> bool:
        """Between boards and games: one summary card holds the pad until the umpire goes
        on (the result, the game's end, the interval, the side change)."""
        return self.phase == "play" and not self.board_started and bool(
            self.board_end or self.game_end or self.change_sides or self.interval_end)

    @property
    def last_ruling_texts(self) -> set[str]:
        return {r.text for r in self.last_rulings}

    @property
    def step_key(self) -> str:
        """Names the step between boards that the umpire acknowledges on this tablet."""
        return step_key(self.match.pk, self.game_number, self.board_number)

    @property
    def sides_in_seats(self) -> list[SideView]:
        """The side panels left to right as the players sit (ICF 58-60)."""
        return list(reversed(self.sides)) if self.seats_flipped else list(self.sides)

    @property
    def side_by_colour(self) -> dict[str, SideView]:
        return {s.colour: s for s in self.sides if s.colour}

    @property
    def names(self) -> dict[str, str]:
        """Colour (or point-carrom side) -> how the rulings name it."""
        if not self.variant.has_colours:
            return {s.side: s.name for s in self.sides}
        return {s.colour: s.label for s in self.sides if s.colour}

    @property
    def winner(self) -> SideView | None:
        for side in self.sides:
            if side.side == self.snapshot.winner:
                return side
        return None


def tablet(snapshot: MatchSnapshot, *, appended: str | None = None) -> Tablet:
    """Everything the umpire screen shows about ``snapshot``'s match.

    ``appended``: the request key of the event just recorded. When it is the newest event of
    the board shown and not its first, the history holds only its line and
    ``history_append`` is set (the tablet adds the line on top of those it has)."""
    match = snapshot.match
    sides = [SideView(side=s, name=snapshot.side_name(s)) for s in match.sides]
    by_side = {s.side: s for s in sides}
    confirmed = set()
    by_organiser = False
    if snapshot.finished:
        confirmations = list(match.confirmations.all())
        confirmed = {c.side for c in confirmations}
        by_organiser = any(c.method == "organiser" for c in confirmations)
    for s in sides:
        s.games_won = int((match.games_won or {}).get(s.side, 0))
        s.confirmed = s.side in confirmed
    if not snapshot.variant.has_colours:
        view = _points_tablet(snapshot, sides, by_side, appended)
        view.confirmed_by_organiser = by_organiser
        return view

    state = snapshot.state
    if state is None:  # no toss yet
        phase = "seating" if match.toss_winner and _needs_seating(match) else "toss"
        return Tablet(match, snapshot, phase, sides)
    assert isinstance(state, MatchState)
    for s in sides:
        s.games_won = state.games_won.get(s.side, 0)
    view = Tablet(match, snapshot, "play", sides)
    view.confirmed_by_organiser = by_organiser
    if snapshot.finished:
        view.phase = "confirmed" if match.is_locked else "finished"
    elif _needs_seating(match) and not snapshot.games:
        view.phase = "seating"
    view.finished_games = [
        {"number": n, "scores": g.scores, "winner": by_side.get(g.winner)}
        for n, g in enumerate(state.games, start=1) if g.finished
    ]
    current = snapshot.current
    last_board = _last_board(snapshot)
    view.last_board_is_quick = last_board is not None and (
        last_board.kind != Board.Kind.LOG) and not last_board.void
    if current is not None:
        view.game_number, view.board_number = current.game_number, current.board_number
        view.change_sides = current.change_sides
        game_state = state.games[current.game_number - 1] if (
            current.game_number <= len(state.games)) else None
        scores = game_state.scores if game_state is not None else {"a": 0, "b": 0}
        for s in sides:
            s.score = scores.get(s.side, 0)
        if current.breaker is not None:
            by_side[current.breaker].colour = "white"
            by_side[other_side(current.breaker)].colour = "black"
            view.breaker = by_side[current.breaker]
        else:
            view.extra_board = True
        if game_state is not None:  # board 1 of a new game: none yet (the card shows the last)
            view.game_boards = _game_boards(game_state, by_side)
        view.seats_flipped = _seats_flipped(state, current, match)
        if current.game_number > 1 and current.board is None and current.board_number == 1:
            previous = state.games[current.game_number - 2]
            view.game_end = {"number": current.game_number - 1, "scores": previous.scores,
                             "winner": by_side.get(previous.winner)}
            view.interval_end = interval_end(snapshot)  # IT 102, before the deciding game
    # The board shown: the one being played, or the one that has just ended.
    shown = current.board if current is not None and current.board is not None else last_board
    if shown is not None and shown.kind == Board.Kind.LOG:
        _explain_board(view, shown, state, appended)
    if (current is None or current.board is None) and last_board is not None:
        view.board_end = _board_end(view, last_board, by_side)
    if current is None and state.games:  # the match is over: the last game as it ended
        view.game_boards = _game_boards(state.games[-1], by_side)
        for s in sides:
            s.score = state.games[-1].scores.get(s.side, 0)
    if current is not None:
        view.board_started = current.board is not None
        if current.position is not None:
            _position(view, current.position, by_side, match)
        elif current.breaker is None:  # the extra board: the toss winner breaks with white
            view.on_board = PerColour(9, 9)
            view.queen_state = "on_board"
            view.queen = _queen_text("on_board", {})
            view.break_made = False
            view.break_attempts_left = get_rules(match.rules).break_attempts
            view.on_turn_by = "white"
    view.can_undo = (bool(view.history) or view.last_board_is_quick) and (
        view.phase in ("play", "finished"))
    if view.last_board_is_quick:  # the undo withdraws the board entered from paper
        view.undo_text = _("Board %(number)s, entered from paper") % {
            "number": last_board.sequence}
    elif view.history:
        view.undo_text = view.history[0].text
    return view


def _seats_flipped(state: MatchState, current: Any, match: Match) -> bool:
    """Whether B sits on the left after the side changes made before the current board:
    before games 2 and 3 (ICF 58, 59) and once within game 3 (ICF 60). A change due before
    this board counts only once the umpire acknowledges it (the tablet turns the panels
    then), so this is the arrangement before it. Singles only: in doubles every player moves
    one seat to the right."""
    if match.event.is_doubles:
        return False
    changes = current.game_number - 1
    after = (state.side_change_after[current.game_number - 1]
             if current.game_number <= len(state.side_change_after) else None)
    if after is not None and current.board_number > after:
        changes += 1
    if current.change_sides:
        changes -= 1
    return changes % 2 == 1


def _needs_seating(match: Match) -> bool:
    return match.event.is_doubles and len(match.seating or []) != 4


def _last_board(snapshot: MatchSnapshot) -> Board | None:
    for game in reversed(snapshot.games):
        rows = snapshot.boards.get(game.pk) or []
        if rows:
            return rows[-1]
    return None


def _game_boards(game_state: Any, by_side: dict[str, SideView]) -> list[dict[str, Any]]:
    out = []
    for b in game_state.boards:
        out.append({"number": b.number, "void": b.void, "winner": by_side.get(b.winner),
                    "points": b.points, "law": b.law or "", "scores": b.scores_after,
                    "breaker": by_side.get(b.breaker)})
    return out


def scores_before_each_point(match: Match, snapshot: MatchSnapshot, board: Board
                             ) -> dict[str, int]:
    """Point carrom: the game scores before ``board`` (its game's stored boards)."""
    return point_scores_before_each(match, snapshot.boards.get(board.game_id, [])).get(
        board.pk, {})


def _game_number(view: Tablet, board: Board) -> int:
    return next((g.number for g in view.snapshot.games if g.pk == board.game_id), 0)


def _explain_board(view: Tablet, board: Board, state: MatchState,
                   appended: str | None = None) -> None:
    """The board shown, with the engine's notes for every event (or, when ``appended`` is
    its newest event and not its first, explained in words for that one only): the
    snapshot's replay of it when it has one (the board in play, or the one the write has
    just ended), else one replay here."""
    snapshot = view.snapshot
    game_number = _game_number(view, board)
    rules = get_rules(board.rules)
    if snapshot.replayed_board is board:
        steps = snapshot.replayed_steps
    else:
        game = state.games[game_number - 1] if 0 < game_number <= len(state.games) else None
        scores = scores_before_each(game, snapshot.boards.get(board.game_id, [])).get(
            board.pk, {"a": 0, "b": 0})
        steps = board_steps(board, live_events(list(board.events.order_by("seq"))), scores)
    white, black = board.breaker, other_side(board.breaker)
    names = {"white": _label("white", view, white), "black": _label("black", view, black)}
    view.seats = _doubles_seats(view, board.breaker, board.pk)
    changes = 0
    items = []
    notes: tuple = ()
    placers: dict[str, str] = {}
    view.history_append = appended is not None and len(steps) > 1 and (
        str(steps[-1].row.client_id) == appended)
    first_explained = len(steps) if view.history_append else 1
    for number, done in enumerate(steps, start=1):
        row, before, after = done.row, done.before, done.after
        explained = number >= first_explained
        if explained:
            done = done.explain(rules)
        notes = done.notes
        placers = _due_placers(view, notes, changes, before.on_turn)
        if explained:
            items.append(HistoryItem(number, row.seq, row.type,
                                     rulings.describe_event(row.payload, names),
                                     _striker(view, changes, before.on_turn, white),
                                     _explain(notes, names, placers)
                                     + rulings.explained_more(before, after, row.payload,
                                                              notes, rules, names),
                                     str(row.client_id)))
        if after.on_turn is not None and before.on_turn is not None and (
            after.on_turn != before.on_turn
        ):
            changes += 1
    view.history = list(reversed(items))
    view.history_board = board.sequence
    view.history_game = game_number
    view.history_key = _history_key(board, names, view.match)
    view.last_rulings = items[-1].rulings if items else []
    view.last_notes = notes
    view.due_placers = placers
    view.turn_changes = changes


def _due_placers(view: Tablet, notes: tuple, changes: int, on_turn: str | None
                 ) -> dict[str, str]:
    """Doubles, ICF 78(b): who places the dues an event took out, by the placing colour: the
    player on turn when he is an opponent of the offender (he pocketed the offender's
    carromman, or the offender's technical foul came in his turn), otherwise the player on
    his right (the next seat in turn order). ``changes``: the turn changes before the event.
    Empty in singles and before the seating is recorded (the side is named)."""
    if view.seats is None or on_turn is None:
        return {}
    placers = {}
    for note in notes:
        placer = note.params.get("placed_by") if note.code == "to_place" else None
        if placer is not None:
            seat = view.seats[changes % 4] if placer == on_turn else view.seats[(changes + 1) % 4]
            placers[placer] = seat.name
    return placers


def _explain(notes: tuple, names: dict[str, str], placers: dict[str, str]
             ) -> list[rulings.Ruling]:
    """The notes of one event in words; a due names the player who places it (doubles)."""
    if not placers:
        return rulings.explain(notes, names)
    out: list[rulings.Ruling] = []
    for note in notes:
        placer = note.params.get("placed_by") if note.code == "to_place" else None
        out.extend(rulings.describe(note, {**names, placer: placers[placer]}
                                    if placer in placers else names))
    return out


def _history_key(board: Board, names: dict[str, str], match: Match) -> str:
    """The names the rulings use and the seating: with the event (its request key and its
    number) and the language, all a line of the history depends on. (The events before a
    live event never change: an undo retracts the last one.)"""
    return "|".join([str(board.pk), *sorted(names.values()), str(match.seating)])


def _label(colour: str, view: Tablet, side: str) -> str:
    entry = next(s for s in view.sides if s.side == side)
    return f"{rulings.colour_word(colour)} ({entry.name})"


def _doubles_seats(view: Tablet, breaker_side: str, board_pk: int | None
                   ) -> list[Seat] | None:
    """Doubles: the players around the board in turn order, starting with the one who breaks
    the board (ICF 49(b): the turn and the break pass to the right). ``None`` in singles or
    before the seating is recorded.

    The break passes to the right every board, so the partners of a side break its boards in
    turn, in seat order; a void board is replayed by the same player.
    """
    match = view.match
    seating = list(match.seating or [])
    if not match.event.is_doubles or len(seating) != 4:
        return None
    players: dict[int, tuple[str, str]] = {}
    for side in ("a", "b"):
        entry = match.entry_for(side)
        if entry is not None:
            for p in entry.players:
                players[p.pk] = (p.name, side)
    if any(pk not in players for pk in seating):
        return None
    ring = [Seat(pk, players[pk][0], players[pk][1], n)
            for n, pk in enumerate(seating, start=1)]
    view.seating_names = [seat.name for seat in ring]
    earlier = 0
    for row in _boards_in_order(view):
        if board_pk is not None and row.pk == board_pk:
            break
        if row.breaker == breaker_side and not row.void:
            earlier += 1
    order = [i for i, seat in enumerate(ring) if seat.side == breaker_side]
    first = order[earlier % len(order)]
    return ring[first:] + ring[:first]


def _boards_in_order(view: Tablet) -> list[Board]:
    return [row for game in view.snapshot.games for row in view.snapshot.boards.get(game.pk, [])]


def _striker(view: Tablet, changes: int, colour: str | None, white_side: str) -> str:
    if view.seats is not None:
        return view.seats[changes % 4].name
    if colour is None:
        return ""
    side = white_side if colour == "white" else other_side(white_side)
    return next(s.name for s in view.sides if s.side == side)


def _position(view: Tablet, position: Any, by_side: dict[str, SideView], match: Match) -> None:
    view.on_board = position.on_board
    view.queen_state = position.queen
    view.queen = _queen_text(position.queen, view.side_by_colour)
    view.break_made = position.break_made
    rules = get_rules(match.rules)
    if not position.break_made:
        view.break_attempts_left = rules.break_attempts - position.break_attempts
    names = view.names
    for colour in ("white", "black"):
        if position.dues[colour]:
            view.dues.append(rulings.Ruling(
                _("%(player)s owes %(pieces)s.") % {
                    "player": names.get(colour, colour),
                    "pieces": rulings.carrommen(colour, position.dues[colour])},
                "ICF 72(b)", rulings.WARNING, "due_outstanding"))
        if position.to_place[colour]:
            # doubles: the individual player the last event named (ICF 78(b))
            placer = view.due_placers.get(other_colour(colour))
            view.to_place.append(rulings.Ruling(
                _("Due: %(pieces)s to be placed by %(player)s.") % {
                    "pieces": rulings.carrommen(colour, position.to_place[colour]),
                    "player": placer or names.get(
                        other_colour(colour), "")},
                "ICF 78(b)" if placer else "ICF 78(a)", rulings.WARNING, "to_place"))
        side = view.side_by_colour.get(colour)
        if side is not None:
            side.dues = position.dues[colour]
    # ICF 87: forgo is offered only while carrommen wait to be placed (rulebook engine details).
    offender = next((c for c in ("white", "black") if position.to_place[c]), None)
    if offender is not None:
        view.forgo_by = other_colour(offender)
    colour = position.on_turn
    if colour is None or view.breaker is None:
        return
    view.on_turn_by = colour
    view.cover_due = position.queen == f"pending_cover:{colour}"
    side = view.side_by_colour[colour]
    side.on_turn = True
    if view.snapshot.current is not None and view.snapshot.current.board is None:
        # the next board has not started: its breaker strikes first
        view.seats = _doubles_seats(view, view.breaker.side, None)
        view.turn_changes = 0
    if view.seats is not None:
        seat = view.seats[view.turn_changes % 4]
        view.turn = TurnView(seat.name, seat.side, colour, seat.seat)
    else:
        view.turn = TurnView(side.name, side.side, colour)


def _queen_text(state: str, by_colour: dict[str, SideView]) -> str:
    if state == "on_board":
        return _("On the board")
    kind, _sep, colour = state.partition(":")
    who = by_colour[colour].label if colour in by_colour else rulings.colour_word(colour)
    if kind == "pending_cover":
        return _("Pocketed by %(player)s, cover due") % {"player": who}
    return _("Covered by %(player)s") % {"player": who}


def _board_end(view: Tablet, board: Board, by_side: dict[str, SideView]) -> BoardEnd:
    winner_side = board.result_winner or board.summary_winner or None
    game_number = _game_number(view, board)
    points = board.result_points if board.kind == Board.Kind.LOG else None
    law = board.result_law
    if board.kind != Board.Kind.LOG:
        game = view.snapshot.state.games[game_number - 1] if view.snapshot.state else None
        last = game.boards[-1] if game and game.boards else None
        if last is not None:
            points, law = last.points, last.law or ""
    claimable = 0
    for note in view.last_notes:
        if note.code == "board_won":
            claimable = int(note.params.get("claimable", 0))
    winner_colour = side_colours(board.breaker).get(winner_side) if winner_side else None
    return BoardEnd(
        number=board.sequence, game_number=game_number, kind=board.kind, void=board.void,
        winner=by_side.get(winner_side) if winner_side else None, points=points, law=law,
        interpretation=board.result_interpretation, winner_colour=winner_colour,
        breaker=board.breaker, claimable=claimable,
    )


# --- point carrom ------------------------------------------------------------------------------


def _points_tablet(snapshot: MatchSnapshot, sides: list[SideView],
                   by_side: dict[str, SideView], appended: str | None = None) -> Tablet:
    match = snapshot.match
    state = snapshot.state
    view = Tablet(match, snapshot, "play", sides)
    if snapshot.finished:
        view.phase = "confirmed" if match.is_locked else "finished"
    for s in sides:
        s.score = state.scores.get(s.side, 0) if state is not None else 0
    rules = get_rules(match.rules)
    current = snapshot.current
    last_board = _last_board(snapshot)
    shown = current.board if current is not None and current.board is not None else last_board
    if shown is not None:
        names = {s.side: s.name for s in sides}
        if current is not None and shown is current.board:
            steps = current.steps  # the snapshot has just replayed this board
        else:
            steps = list(point_steps(match, shown, live_events(list(shown.events.order_by(
                "seq"))), scores_before_each_point(match, snapshot, shown), rules))
        items = []
        for number, done in enumerate(steps, start=1):
            row, event = done.row, done.event  # a stroke, board loss, ruling or void
            by = getattr(event, "by", "")
            items.append(HistoryItem(number, row.seq, row.type,
                                     rulings.describe_event(row.payload, names),
                                     names.get(by, by),
                                     rulings.point_rulings(done.before, done.after, event,
                                                           names, rules),
                                     str(row.client_id)))
        view.history = list(reversed(items))
        view.history_append = appended is not None and len(items) > 1 and (
            items[-1].key == appended)
        view.history_board = shown.sequence
        view.history_game = 1
        view.history_key = _history_key(shown, names, match)
        view.last_rulings = items[-1].rulings if items else []
    if current is not None:
        view.game_number, view.board_number = current.game_number, current.board_number
        if current.breaker is not None:
            view.breaker = by_side[current.breaker]
        position = current.position
        if isinstance(position, PointPosition):
            view.on_board = position.on_board
            view.queen_state = position.queen
            view.queen = _point_queen(position.queen, by_side)
            view.break_made = position.break_made
            if not position.break_made:
                view.break_attempts_left = rules.break_attempts - position.break_attempts
            totals = position.points(rules)
            for i, name in enumerate(position.players):
                side = by_side[name]
                side.held = position.held[i]
                side.board_points = totals[name]
                side.dues = position.dues[i]
            if not position.finished:
                on_turn = position.players[position.on_turn]
                by_side[on_turn].on_turn = True
                view.on_turn_by = on_turn
                view.turn = TurnView(by_side[on_turn].name, on_turn, None)
    view.board_started = current is not None and current.board is not None
    if (current is None or current.board is None) and last_board is not None:
        view.board_end = BoardEnd(
            number=last_board.sequence, game_number=1, kind=last_board.kind,
            void=last_board.void,
            winner=None, points=None, law="", interpretation=False, winner_colour=None,
            breaker=last_board.breaker, by_side=dict(last_board.result_points_by_side),
        )
    view.game_boards = [
        {"number": b.sequence, "by_side": b.result_points_by_side}
        for b in snapshot.boards.get(snapshot.games[0].pk, []) if b.finished
    ] if snapshot.games else []
    view.can_undo = bool(view.history) and view.phase in ("play", "finished")
    view.undo_text = view.history[0].text if view.history else ""
    return view


def _point_queen(state: str, by_side: dict[str, SideView]) -> str:
    if state == "on_board":
        return _("On the board")
    kind, _sep, side = state.partition(":")
    who = by_side[side].name if side in by_side else side
    if kind == "pending_cover":
        return _("Pocketed by %(player)s, cover due") % {"player": who}
    return _("Covered by %(player)s") % {"player": who}
