"""Scoresheets: a match's sheet filled from its recorded log, a round's sheets in a constant
number of queries (see the package)."""

from __future__ import annotations

import functools
import operator
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.db.models import DEFERRED, Exists, OuterRef, QuerySet
from django.utils import translation

from scoring.models import Board, BoardEvent, Event, Game, Match
from scoring.names import display_name  # the name as printed
from scoring.pdf.data import (
    ScoresheetData,
    TossData,
)
from scoring.pdf.point_sheet import PointSheetData
from scoring.records import (
    live_events,
)
from scoring.records.prepared import SENTINEL, Prepared
from scoring.rules import SheetKind, get_rules, variant_for
from scoring.selectors.house_presets import rules_summary
from scoring.selectors.sheets.common import (
    BOARD_FIELDS,
    MATCH_RELATED,
    SheetUnavailable,
    StoredBoard,
    absolute_url,
    live_match_path,
    match_date,
    match_times,
    seats_in_turn,
    sheet_language,
    sheet_round_name,
    side_data,
    side_index,
    table_name,
)
from scoring.selectors.sheets.games import derive_state, game_sheet
from scoring.selectors.ties import LineupSide, rubber_sides

# --------------------------------------------------------------------------- scoresheets


def match_queryset() -> QuerySet[Match]:
    return Match.objects.select_related(*MATCH_RELATED)


def _load_logs(
    matches: Sequence[Match],
) -> tuple[dict[int, list[Game]], dict[int, list[StoredBoard]], dict[int, list[BoardEvent]]]:
    """Games, boards and the events of each last (possibly running) log board, in three
    queries for any number of matches."""
    ids = [m.pk for m in matches]
    games: dict[int, list[Game]] = defaultdict(list)
    boards: dict[int, list[StoredBoard]] = defaultdict(list)
    events: dict[int, list[BoardEvent]] = defaultdict(list)
    if not ids:
        return games, boards, events
    for game in Game.objects.filter(match_id__in=ids).order_by("match_id", "number"):
        games[game.match_id].append(game)
    if not games:  # a round not yet played (printed before play): no boards to read
        return games, boards, events
    for values in (
        Board.objects.filter(game__match_id__in=ids)
        .order_by("game_id", "sequence")
        .values_list(*BOARD_FIELDS)
    ):
        board = StoredBoard(values)
        boards[board.game_id].append(board)
    last_logs = []
    for match_games in games.values():
        for game in reversed(match_games):
            rows = boards.get(game.pk)
            if rows:
                if rows[-1].kind == Board.Kind.LOG:
                    last_logs.append(rows[-1].pk)
                break
    if last_logs:
        for event in BoardEvent.objects.filter(board_id__in=last_logs).order_by("board_id", "seq"):
            events[event.board_id].append(event)
    return games, boards, events


def _rules_words(match: Match, language: str) -> dict[str, Any]:
    """The rules' name and their differences from ICF in the sheet's language (nothing for
    rules that play as ICF)."""
    with translation.override(language):
        summary = rules_summary(match.rules, match.event.tournament_id)
    if not summary.differences:
        return {}
    return {"rules_name": summary.name, "rules_differences": summary.differences}


def _scoresheet(
    match: Match,
    games: list[Game],
    boards: dict[int, list[StoredBoard]],
    board_events: dict[int, list[BoardEvent]],
    *,
    blank: bool,
    language: str,
    base_url: str | None,
    lineup: dict[str, LineupSide] | None = None,
) -> ScoresheetData | PointSheetData:
    """``lineup``: a team event's rubber names the lineup's players of each side (issue 34)."""
    event = match.event
    rules = get_rules(match.rules)
    if variant_for(rules).sheet_kind == SheetKind.POINTS:
        return _point_scoresheet(match, blank=blank, language=language, base_url=base_url)
    lineup = lineup or {}
    doubles = (
        event.kind == Event.Kind.DOUBLES
        or bool(match.entry_a and match.entry_a.partner_id)
        or any(len(side.players) == 2 for side in lineup.values())
    )
    with translation.override(language):
        round_name = sheet_round_name(match)
    common: dict[str, Any] = {
        "tournament": event.tournament.name,
        "event": event.name,
        "round_name": round_name,
        "match_number": str(match.number),
        "table": table_name(match.table),
        "sides": (
            side_data(match, "a", doubles, lineup.get("a")),
            side_data(match, "b", doubles, lineup.get("b")),
        ),
        "date": match_date(match),
        "umpire": display_name(match.umpire),
        "kind": "doubles" if doubles else "singles",
        "seats": seats_in_turn(match) if doubles else (),
        # the public match page: a sheet lies at the table, so never the umpire's write link
        "qr_url": absolute_url(base_url, live_match_path(match)),
        "language": language,
        "board_limit": rules.board_limit_for(match.stage),
        "reference": f"#{match.pk}",
        **_rules_words(match, language),
    }
    if blank:
        return ScoresheetData(blank=True, **common)
    common.update(match_times(match))
    toss = TossData(winner=side_index(match.toss_winner), choice=_toss_choice(match.toss_choice))
    if match.walkover:  # decided without play: "walkover" and the winner, not a blank sheet
        return ScoresheetData(
            toss=toss, walkover=True, winner=side_index(match.winner_side), **common
        )
    game_rows = {g.pk: boards.get(g.pk, []) for g in games}
    last_board = None
    for game in reversed(games):
        if game_rows[game.pk]:
            last_board = game_rows[game.pk][-1]
            break
    current_events: list[BoardEvent] = []
    if last_board is not None and last_board.kind == Board.Kind.LOG:
        current_events = live_events(board_events.get(last_board.pk, []))
    state = derive_state(match, games, game_rows, current_events)
    if state is None:
        return ScoresheetData(toss=toss, **common)
    printed = []
    for index, (game, game_state) in enumerate(zip(games, state.games, strict=False)):
        rows = game_rows[game.pk]
        is_last = bool(rows) and rows[-1] is last_board
        change = state.side_change_after[index] if index < len(state.side_change_after) else None
        printed.append(
            game_sheet(
                game.number,
                game_state,
                rows,
                current_events if is_last else None,
                rules,
                change,
                language,
            )
        )
    finished = state.finished
    return ScoresheetData(
        toss=toss,
        games=printed,
        games_won=(state.games_won["a"], state.games_won["b"]) if finished else None,
        winner=side_index(state.winner) if finished else None,
        draw=finished and bool(getattr(state, "draw", False)),
        time_up=finished and bool(games and games[-1].time_up),
        **common,
    )


def _point_scoresheet(
    match: Match, *, blank: bool, language: str, base_url: str | None
) -> PointSheetData:
    """Point carrom's three-player sheet (:mod:`scoring.selectors.point_sheets`)."""
    from scoring.selectors.point_sheets import point_sheet_data

    with translation.override(language):
        round_name = sheet_round_name(match)
    header = {
        "tournament": match.event.tournament.name,
        "event": match.event.name,
        "round_name": round_name,
        "match_number": str(match.number),
        "table": table_name(match.table),
        "date": match_date(match),
        "umpire": display_name(match.umpire),
        "qr_url": absolute_url(base_url, live_match_path(match)),
        "language": language,
        "reference": f"#{match.pk}",
    }
    players = tuple(side_data(match, side, False) for side in match.sides)
    return point_sheet_data(match, header, players, blank=blank)


def scoresheets_data(
    matches: Iterable[Match],
    *,
    blank: bool = False,
    language: str | None = None,
    base_url: str | None = None,
    skip_unavailable: bool = False,
    unplayed: bool = False,
) -> list[ScoresheetData | PointSheetData]:
    """Scoresheets of many matches in a constant number of queries (a round, a table's
    matches). ``matches`` should come with :data:`MATCH_RELATED` selected; a queryset is
    evaluated once. ``skip_unavailable`` leaves out matches that have no sheet instead of
    raising :class:`SheetUnavailable`; point-carrom matches get the three-player sheet.
    ``unplayed``: the caller knows that none of the matches has games (no query for them)."""
    language = sheet_language(language)
    matches = list(matches)
    games, boards, events = _load_logs([]) if blank or unplayed else _load_logs(matches)
    lineups = rubber_sides(matches)
    sheets: list[ScoresheetData | PointSheetData] = []
    for match in matches:
        try:
            sheets.append(
                _scoresheet(
                    match,
                    games.get(match.pk, []),
                    boards,
                    events,
                    blank=blank,
                    language=language,
                    base_url=base_url,
                    lineup=lineups.get(match.pk),
                )
            )
        except SheetUnavailable:
            if not skip_unavailable:
                raise
    return sheets


def scoresheet_data(
    match: Match, *, blank: bool = False, language: str | None = None, base_url: str | None = None
) -> ScoresheetData | PointSheetData:
    """The scoresheet of one match: filled from the recorded log (a finished or running match),
    or ``blank`` but pre-filled with names, table and the QR code of the umpire link (point
    carrom: the three-player sheet, :mod:`scoring.selectors.point_sheets`)."""
    match = match_queryset().get(pk=match.pk)
    return scoresheets_data([match], blank=blank, language=language, base_url=base_url)[0]


def round_matches(event: Event, round_number: int, bracket: str | None = None) -> QuerySet[Match]:
    """The matches of round ``round_number`` of ``event`` (every bracket with that number
    unless ``bracket`` is given), in print order, byes left out."""
    matches = match_queryset().filter(event=event, round__number=round_number, bye=False)
    if bracket:
        matches = matches.filter(round__bracket=bracket)
    return matches.order_by("round__bracket", "number", "pk")


#: What each match of a round brings along; the event and its tournament are the same for
#: all of them and are attached once (:func:`round_match_list`).
PER_MATCH_RELATED = tuple(r for r in MATCH_RELATED if r != "event__tournament")

#: What a round's sheets read of these models besides the keys (:func:`round_match_list`);
#: the rest (timestamps, the draw's reasons, caches) is not loaded, as for boards
#: (:data:`BOARD_FIELDS`). A field read all the same is loaded when read (a query).
SHEET_READS = {
    "scoring.Match": (
        "number",
        "group",
        "rules",
        "stage",
        "games_to_win",
        "toss_winner",
        "toss_choice",
        "seating",
        "walkover",
        "winner_side",
        "called_at",
        "started_at",
        "finished_at",
    ),
    "scoring.Entry": ("team_name",),  # Entry.name: a team entry is named by its team
    "scoring.Player": ("name", "club"),
    "scoring.Round": ("number", "name"),
}


@dataclass(frozen=True)
class _Join:
    """A model of :func:`round_match_list`'s query: the match (``path`` ``""``) or one of
    :data:`PER_MATCH_RELATED`, the foreign key that reaches it from its parent, and where its
    columns are in a row."""

    path: str
    model: Any
    parent: str
    field: Any
    columns: tuple[Any, ...]
    loaded: frozenset[str]  # attnames
    start: int
    pk: int  # the primary key's column in a row
    values: Any  # a row (ending in DEFERRED) -> the model's concrete fields, in order


@functools.cache
def _round_joins() -> tuple[_Join, ...]:
    """The match and every model of :data:`PER_MATCH_RELATED`, each with its
    :data:`SHEET_READS` columns (all columns of a model not named there)."""
    plans: list[tuple[str, Any, str, Any]] = [("", Match, "", None)]
    models: dict[str, Any] = {"": Match}
    for related in PER_MATCH_RELATED:
        parts = related.split("__")
        for depth in range(1, len(parts) + 1):
            path, parent = "__".join(parts[:depth]), "__".join(parts[: depth - 1])
            if path not in models:
                field = models[parent]._meta.get_field(parts[depth - 1])
                models[path] = field.related_model
                plans.append((path, field.related_model, parent, field))
    columns = []
    for _path, model, _parent, _field in plans:
        reads = SHEET_READS.get(model._meta.label)
        columns.append(
            tuple(
                f
                for f in model._meta.concrete_fields
                if reads is None or f.primary_key or f.is_relation or f.name in reads
            )
        )
    # a row ends in whether the match has games (_round_query); DEFERRED is appended after it
    deferred = sum(map(len, columns)) + 1
    joins, start = [], 0
    for (path, model, parent, field), fields in zip(plans, columns, strict=True):
        at = {f.attname: start + i for i, f in enumerate(fields)}
        picks = [at.get(f.attname, deferred) for f in model._meta.concrete_fields]
        joins.append(
            _Join(
                path,
                model,
                parent,
                field,
                fields,
                frozenset(at),
                start,
                at[model._meta.pk.attname],
                operator.itemgetter(*picks),
            )
        )
        start += len(fields)
    return tuple(joins)


#: A round's parameters in the compiled query: the event, the round number (in the range of
#: its small positive field, else the ORM would compile an empty query), the bracket.
_ROUND_MARKERS = (SENTINEL, 32_761, "~bracket-marker~")


def _round_query(event_id: Any, number: Any, bracket: Any | None) -> QuerySet[Any]:
    """:func:`round_matches` with :data:`PER_MATCH_RELATED`, as the columns of
    :func:`_round_joins` in their order; the last one says whether the match has games."""
    names = [
        f"{j.path}__{f.attname}" if j.path else f.attname for j in _round_joins() for f in j.columns
    ]
    matches = Match.objects.filter(event_id=event_id, round__number=number, bye=False)
    if bracket is not None:
        matches = matches.filter(round__bracket=bracket)
    return (
        matches.annotate(has_games=Exists(Game.objects.filter(match=OuterRef("pk"))))
        .order_by("round__bracket", "number", "pk")
        .values_list(*names, "has_games")
    )


#: The round's query compiled once per connection (:class:`scoring.records.prepared.Prepared`),
#: with and without a bracket.
_ROUND_ROWS = {
    False: Prepared(
        lambda event_id, number: _round_query(event_id, number, None), markers=_ROUND_MARKERS[:2]
    ),
    True: Prepared(_round_query, markers=_ROUND_MARKERS),
}


def round_match_list(
    event: Event, round_number: int, bracket: str | None
) -> tuple[list[Match], bool]:
    """:func:`round_matches` as a list, in one query compiled once per connection
    (:data:`_ROUND_ROWS`, rows converted as the ORM does): every
    match with :data:`PER_MATCH_RELATED` attached as ``select_related`` would, each sharing one
    event (with its tournament). Compiling the queryset and the model instances it joins cost
    more than the query (issue 17); the instances are the same, from ``Model.from_db``. No
    query more when ``event`` has its tournament. Also: whether any of them has games (a round
    printed before play has none, and its sheets need no query for them)."""
    db = Match.objects.db
    joins = _round_joins()
    values = (event.pk, round_number) + ((bracket,) if bracket else ())
    rows = list(_ROUND_ROWS[bool(bracket)].rows(*values, alias=db))
    if not rows:
        return [], False
    if not Event._meta.get_field("tournament").is_cached(event):
        event = Event.objects.select_related("tournament").get(pk=event.pk)
    loaded = []
    played = False
    for converted in rows:
        row = [*converted, DEFERRED]
        objects: dict[str, Any] = {}
        for join in joins:
            obj = (
                None
                if row[join.pk] is None
                else join.model.from_db(db, join.loaded, join.values(row))
            )
            if join.path:
                parent = objects[join.parent]
                if parent is not None:
                    join.field.set_cached_value(parent, obj)
            objects[join.path] = obj
        match = objects[""]
        match.event = event
        loaded.append(match)
        played = played or bool(row[-2])
    return loaded, played


def round_scoresheets(
    event: Event,
    round_number: int,
    *,
    blank: bool = False,
    language: str | None = None,
    base_url: str | None = None,
    bracket: str | None = None,
) -> list[ScoresheetData | PointSheetData]:
    """Every scoresheet of a round, one match a page (the organiser's "print the round")."""
    matches, played = round_match_list(event, round_number, bracket)
    return scoresheets_data(
        matches,
        blank=blank,
        language=language,
        base_url=base_url,
        skip_unavailable=True,
        unplayed=not played,
    )


def _toss_choice(choice: str) -> Literal["break", "side"] | None:
    """What the toss winner chose, as the sheet prints it (ICF 40); none before the toss."""
    if choice == Match.TossChoice.BREAK:
        return "break"
    if choice == Match.TossChoice.SIDE:
        return "side"
    return None
