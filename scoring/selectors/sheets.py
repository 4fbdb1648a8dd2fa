"""Reads for the printable sheets: the plain data of :mod:`scoring.pdf.data`, from the database.

The renderers in :mod:`scoring.pdf` never touch the ORM; everything they print is decided here
from the stored rows, the rules engine and the draws:

* a **scoresheet** is filled from the match's recorded log, derived exactly as
  :func:`scoring.services.matches.match_snapshot` derives it (the same board entries, the same
  :func:`scoring.rules.derive_match`), with the details the engine's game state does not carry
  for boards counted from their cached result (carrommen, the Queen, claimed extra points) taken
  from the board's cache (``Board.result_*``) or its quick entry (``Board.summary_*``);
* a **round** of scoresheets is built in a constant number of queries
  (:func:`scoresheets_data` prefetches games, boards and the events of the boards in progress);
* **brackets** come from the event's rounds and matches, **standings** are the live page's own
  tables (:func:`scoring.standings.event_standings`, so paper and screen rank alike),
  **table labels** from its tables.

Absolute URLs for the QR codes are ``base_url`` + path; the views pass the request's scheme
and host, the management commands :func:`default_base_url` (``settings.SITE_URL``).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Prefetch, QuerySet
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring import standings
from scoring.models import Board, BoardEvent, Entry, Event, Game, Match, Round, Table, Tournament
from scoring.names import display_name  # the name as printed
from scoring.pdf.data import (
    LANGUAGES,
    BoardRow,
    BracketMatch,
    BracketRound,
    BracketSection,
    BracketSheetData,
    GameSheet,
    ScoresheetData,
    SeatedPlayer,
    SideData,
    StandingsColumn,
    StandingsGroup,
    StandingsRow,
    StandingsSheetData,
    TableLabelData,
    TossData,
)
from scoring.pdf.point_sheet import PointSheetData
from scoring.records import (
    becomes_entry,
    game_entries,  # the one definition of "which stored board counts as what"
    live_events,
    rules_for_match,
)
from scoring.rules import MatchState, SheetKind, derive_match, get_rules, variant_for
from scoring.rules.game import BoardScore, GameState
from scoring.standings.tables import FINAL_BRACKETS
from scoring.timezones import clock, local_date

SIDES = ("a", "b")
SIDE_INDEX = {"a": 0, "b": 1}
#: The law of an ordinary board end (ICF 53): not printed as a special case.
ORDINARY_LAW = "ICF 53"
#: Used for QR codes when neither a request nor ``settings.SITE_URL`` gives the site's address.
FALLBACK_BASE_URL = "http://localhost:8000"

#: What a sheet reads of a board (the rest, e.g. timestamps, is not loaded).
BOARD_FIELDS = (
    "id", "game_id", "sequence", "kind", "breaker", "rules", "summary_winner",
    "summary_carrommen", "summary_queen", "award_points", "award_law", "finished", "void",
    "result_winner", "result_points", "result_law", "result_interpretation",
    "result_carrommen", "result_queen", "result_extra_points", "last_seq", "recorded_scores",
)



class StoredBoard:
    """A stored board as a sheet reads it: the :data:`BOARD_FIELDS` of a ``Board`` row, loaded
    as plain values (a round has thousands of boards; model instances cost four times as much).
    It answers the same attribute names, so the services' board-entry code reads it as a row."""

    __slots__ = BOARD_FIELDS

    def __init__(self, values: Sequence[Any]) -> None:
        for name, value in zip(BOARD_FIELDS, values, strict=True):
            setattr(self, name, value)

    @property
    def pk(self) -> int:
        return self.id  # type: ignore[attr-defined]


MATCH_RELATED = (
    "event__tournament", "round", "table", "umpire",
    "entry_a__player", "entry_a__partner", "entry_b__player", "entry_b__partner",
    "entry_c__player",
)


class SheetUnavailable(Exception):
    """This sheet cannot be printed for this match or event (e.g. point carrom, a knock-out
    event's standings); the message says why."""


# --------------------------------------------------------------------------- lookups


def match_for_sheet(match_id: int) -> Match | None:
    """The match (with its event and tournament) a sheet is asked for, or ``None``."""
    return Match.objects.select_related("event__tournament").filter(pk=match_id).first()


def match_for_umpire_link(token: str) -> Match | None:
    """The match behind an umpire link, or ``None``."""
    return (Match.objects.select_related("event__tournament").filter(umpire_token=token)
            .first())


def event_for_sheet(event_id: int) -> Event | None:
    """The event (with its tournament) a sheet is asked for, or ``None``."""
    return Event.objects.select_related("tournament").filter(pk=event_id).first()


def tournament_for_sheet(slug: str) -> Tournament | None:
    return Tournament.objects.filter(slug=slug).first()


# --------------------------------------------------------------------------- helpers


def sheet_language(language: str | None) -> str:
    """``"de"`` or ``"en"`` from a language code such as ``de-ch``; default: the active one."""
    code = (language or translation.get_language() or settings.LANGUAGE_CODE or "en").lower()
    code = code.split("-")[0].split("_")[0]
    return code if code in LANGUAGES else "en"


def default_base_url() -> str:
    """The site's address for absolute URLs outside a request (``settings.SITE_URL``)."""
    return (getattr(settings, "SITE_URL", "") or FALLBACK_BASE_URL).rstrip("/")


def _absolute(base_url: str | None, path: str) -> str:
    base = (base_url if base_url is not None else default_base_url()).rstrip("/")
    return f"{base}{path}"


def _reverse_or(name: str, kwargs: dict[str, Any], fallback: str) -> str:
    """The path of a URL another area owns, or the agreed path while it does not exist yet."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return fallback


def live_match_path(match: Match) -> str:
    """Path of the match's public live page (``/t/<slug>/match/<id>/``): read-only, the only
    link a sheet posted at a table carries (never the umpire's write link)."""
    slug = match.event.tournament.slug
    return _reverse_or("scoring:live-match", {"slug": slug, "match_id": match.pk},
                       f"/t/{slug}/match/{match.pk}/")


def live_table_path(tournament: Tournament, number: int) -> str:
    """Path of the public page of a table's current match (``/t/<slug>/table/<n>/``)."""
    return _reverse_or("scoring:live-table", {"slug": tournament.slug, "number": number},
                       f"/t/{tournament.slug}/table/{number}/")


def _side(value: str | None) -> int | None:
    return SIDE_INDEX.get(value) if value else None


def _table_name(table: Table | None) -> str:
    if table is None:
        return ""
    return table.label or str(table.number)


def _round_name(match: Match) -> str:
    rnd = match.round
    if rnd is None:
        return _("Group %(name)s") % {"name": match.group} if match.group else ""
    name = str(rnd)
    if match.group:
        name = f"{name} · {_('Group %(name)s') % {'name': match.group}}"
    return name


def _side_data(match: Match, side: str, doubles: bool) -> SideData:
    entry: Entry | None = match.entry_for(side)
    if entry is None:
        return SideData(name="")
    players = entry.players
    clubs = list(dict.fromkeys(p.club for p in players if p.club))
    if not doubles:
        return SideData(name=entry.name, club=" / ".join(clubs))
    seats = {pid: n for n, pid in enumerate(match.seating or [], start=1)}
    ordered = sorted(players, key=lambda p: seats.get(p.pk, 99))
    return SideData(
        name=entry.name, club=" / ".join(clubs),
        players=tuple(SeatedPlayer(p.name, str(seats[p.pk]) if p.pk in seats else "")
                      for p in ordered),
    )


def _match_date(match: Match) -> datetime.date | None:
    """The day of the match at the venue (the tournament's time zone)."""
    return local_date(match.started_at or match.called_at, match.event.tournament)


def _match_times(match: Match) -> dict[str, str]:
    """Start and end of play as the venue's 24-hour clock reads them ("14:05")."""
    tournament = match.event.tournament
    return {"start_time": clock(match.started_at, tournament),
            "end_time": clock(match.finished_at, tournament)}


def _seats(match: Match) -> tuple[tuple[int, str], ...]:
    """Doubles: the four seats in turn order as ``(side, name)`` (ICF 78: partners opposite),
    from the recorded seating; empty while it is not recorded."""
    side_of: dict[int, tuple[int, str]] = {}
    for side in SIDES:
        entry = match.entry_for(side)
        for player in entry.players if entry is not None else ():
            side_of[player.pk] = (SIDE_INDEX[side], player.name)
    seating = [p for p in (match.seating or []) if p in side_of]
    if len(seating) != 4:
        return ()
    return tuple(side_of[p] for p in seating)


# --------------------------------------------------------------------------- match state


def _derive_state(match: Match, games: list[Game], boards: dict[int, list[StoredBoard]],
                  events: list[BoardEvent]) -> MatchState | None:
    """The match state exactly as ``match_snapshot`` derives it, from rows already loaded."""
    if not match.toss_winner or not match.toss_choice:
        return None
    last_board = None
    for game in reversed(games):
        if boards[game.id]:
            last_board = boards[game.id][-1]
            break
    rules = rules_for_match(get_rules(match.rules), match.games_to_win)
    entries = []
    for game in games:
        rows = boards[game.id]
        is_last = bool(rows) and rows[-1] is last_board
        entries.append(game_entries(rows, events if is_last else None))
    return derive_match(entries, players=SIDES, toss_winner=match.toss_winner,
                        toss_choice=match.toss_choice, rules=rules, stage=match.stage,
                        time_up=bool(games and games[-1].time_up))


def _counted_rows(rows: list[StoredBoard], current_events: list[BoardEvent] | None
                  ) -> list[StoredBoard]:
    """The stored boards that became game entries (:func:`becomes_entry`)."""
    return [board for board in rows if becomes_entry(board, current_events)]


def _board_row(score: BoardScore, row: StoredBoard | None, before: dict[str, int], rules: Any,
               side_change_after: int | None, language: str) -> BoardRow:
    """One printed row: the engine's count of the board, completed from the stored row."""
    carrommen = score.carrommen
    queen = score.queen
    queen_counted = score.queen_counted
    extra_points = score.extra_points
    interpretation = score.interpretation
    law = score.law or ""
    if row is not None and score.position is None and not score.void:
        if row.kind == Board.Kind.LOG and row.finished:
            # counted from the cache (an award entry): take its details from the cache too
            carrommen = row.result_carrommen if carrommen is None else carrommen
            queen = queen or row.result_queen or None
            extra_points = extra_points or row.result_extra_points
            interpretation = interpretation or row.result_interpretation
            law = row.result_law or law
            if score.winner is not None:
                queen_counted = (law == ORDINARY_LAW and queen == score.winner
                                 and rules.queen_counts_for(before.get(score.winner, 0)))
        elif row.kind == Board.Kind.AWARD:
            law = row.award_law or law
    if law == ORDINARY_LAW or (score.void and law == "void"):
        law = ""  # ordinary end; a void board is marked as such by the sheet itself
    note = ""
    if interpretation and law:
        with translation.override(language):
            note = _("interpretation")
    totals = score.scores_after or before
    return BoardRow(
        number=score.number,
        breaker=_side(score.breaker),
        winner=None if score.void else _side(score.winner),
        carrommen=carrommen or 0,
        queen_by=_side(queen),
        queen_counted=bool(queen_counted) and not score.void,
        points=0 if score.void else score.points,
        extra_points=extra_points or 0,
        totals=(totals.get("a", 0), totals.get("b", 0)),
        extra_board=score.extra_board,
        side_change_after=(side_change_after is not None and not score.void
                           and score.number == side_change_after),
        void=score.void,
        law=law,
        note=note,
    )


def _game_sheet(number: int, state: GameState, rows: list[StoredBoard],
                current_events: list[BoardEvent] | None, rules: Any,
                side_change_after: int | None, language: str) -> GameSheet:
    counted = _counted_rows(rows, current_events)
    printed = []
    before = {"a": 0, "b": 0}
    for i, score in enumerate(state.boards):
        row = counted[i] if i < len(counted) else None
        printed.append(_board_row(score, row, before, rules, side_change_after, language))
        if score.scores_after:
            before = dict(score.scores_after)
    finished = state.finished and not state.draw
    return GameSheet(
        number=number,
        boards=printed,
        score=(state.scores["a"], state.scores["b"]) if state.finished else None,
        winner=_side(state.winner) if finished else None,
    )


# --------------------------------------------------------------------------- scoresheets


def _match_queryset() -> QuerySet[Match]:
    return Match.objects.select_related(*MATCH_RELATED)


def _load_logs(matches: Sequence[Match]) -> tuple[dict[int, list[Game]],
                                                   dict[int, list[StoredBoard]],
                                                   dict[int, list[BoardEvent]]]:
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
    for values in (Board.objects.filter(game__match_id__in=ids).order_by("game_id", "sequence")
                   .values_list(*BOARD_FIELDS)):
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
        for event in BoardEvent.objects.filter(board_id__in=last_logs).order_by("board_id",
                                                                                 "seq"):
            events[event.board_id].append(event)
    return games, boards, events


def _scoresheet(match: Match, games: list[Game], boards: dict[int, list[StoredBoard]],
                board_events: dict[int, list[BoardEvent]], *, blank: bool, language: str,
                base_url: str | None) -> ScoresheetData:
    event = match.event
    rules = get_rules(match.rules)
    if variant_for(rules).sheet_kind == SheetKind.POINTS:
        return _point_scoresheet(match, blank=blank, language=language, base_url=base_url)
    doubles = event.kind == Event.Kind.DOUBLES or bool(
        match.entry_a and match.entry_a.partner_id)
    with translation.override(language):
        round_name = _round_name(match)
    common: dict[str, Any] = {
        "tournament": event.tournament.name,
        "event": event.name,
        "round_name": round_name,
        "match_number": str(match.number),
        "table": _table_name(match.table),
        "sides": (_side_data(match, "a", doubles), _side_data(match, "b", doubles)),
        "date": _match_date(match),
        "umpire": display_name(match.umpire),
        "kind": "doubles" if doubles else "singles",
        "seats": _seats(match) if doubles else (),
        # the public match page: a sheet lies at the table, so never the umpire's write link
        "qr_url": _absolute(base_url, live_match_path(match)),
        "language": language,
        "board_limit": rules.board_limit_for(match.stage),
        "reference": f"#{match.pk}",
    }
    if blank:
        return ScoresheetData(blank=True, **common)
    common.update(_match_times(match))
    toss = TossData(winner=_side(match.toss_winner),
                    choice=match.toss_choice or None)  # type: ignore[arg-type]
    if match.walkover:  # decided without play: "walkover" and the winner, not a blank sheet
        return ScoresheetData(toss=toss, walkover=True, winner=_side(match.winner_side),
                              **common)
    game_rows = {g.pk: boards.get(g.pk, []) for g in games}
    last_board = None
    for game in reversed(games):
        if game_rows[game.pk]:
            last_board = game_rows[game.pk][-1]
            break
    current_events: list[BoardEvent] = []
    if last_board is not None and last_board.kind == Board.Kind.LOG:
        current_events = live_events(board_events.get(last_board.pk, []))
    state = _derive_state(match, games, game_rows, current_events)
    if state is None:
        return ScoresheetData(toss=toss, **common)
    printed = []
    for index, (game, game_state) in enumerate(zip(games, state.games, strict=False)):
        rows = game_rows[game.pk]
        is_last = bool(rows) and rows[-1] is last_board
        change = (state.side_change_after[index]
                  if index < len(state.side_change_after) else None)
        printed.append(_game_sheet(game.number, game_state, rows,
                                   current_events if is_last else None, rules, change,
                                   language))
    finished = state.finished
    return ScoresheetData(
        toss=toss,
        games=printed,
        games_won=(state.games_won["a"], state.games_won["b"]) if finished else None,
        winner=_side(state.winner) if finished else None,
        draw=finished and bool(getattr(state, "draw", False)),
        **common,
    )


def _point_scoresheet(match: Match, *, blank: bool, language: str,
                      base_url: str | None) -> PointSheetData:
    """Point carrom's three-player sheet (:mod:`scoring.selectors.point_sheets`)."""
    from scoring.selectors.point_sheets import point_sheet_data

    with translation.override(language):
        round_name = _round_name(match)
    header = {
        "tournament": match.event.tournament.name, "event": match.event.name,
        "round_name": round_name, "match_number": str(match.number),
        "table": _table_name(match.table), "date": _match_date(match),
        "umpire": display_name(match.umpire),
        "qr_url": _absolute(base_url, live_match_path(match)), "language": language,
        "reference": f"#{match.pk}",
    }
    players = tuple(_side_data(match, side, False) for side in match.sides)
    return point_sheet_data(match, header, players, blank=blank)


def scoresheets_data(matches: Iterable[Match], *, blank: bool = False,
                     language: str | None = None, base_url: str | None = None,
                     skip_unavailable: bool = False
                     ) -> list[ScoresheetData | PointSheetData]:
    """Scoresheets of many matches in a constant number of queries (a round, a table's
    matches). ``matches`` should come with :data:`MATCH_RELATED` selected; a queryset is
    evaluated once. ``skip_unavailable`` leaves out matches that have no sheet instead of
    raising :class:`SheetUnavailable`; point-carrom matches get the three-player sheet."""
    language = sheet_language(language)
    matches = list(matches)
    games, boards, events = _load_logs([]) if blank else _load_logs(matches)
    sheets = []
    for match in matches:
        try:
            sheets.append(_scoresheet(match, games.get(match.pk, []), boards, events,
                                      blank=blank, language=language, base_url=base_url))
        except SheetUnavailable:
            if not skip_unavailable:
                raise
    return sheets


def scoresheet_data(match: Match, *, blank: bool = False, language: str | None = None,
                    base_url: str | None = None) -> ScoresheetData | PointSheetData:
    """The scoresheet of one match: filled from the recorded log (a finished or running match),
    or ``blank`` but pre-filled with names, table and the QR code of the umpire link (point
    carrom: the three-player sheet, :mod:`scoring.selectors.point_sheets`)."""
    match = _match_queryset().get(pk=match.pk)
    return scoresheets_data([match], blank=blank, language=language, base_url=base_url)[0]


def round_matches(event: Event, round_number: int, bracket: str | None = None
                  ) -> QuerySet[Match]:
    """The matches of round ``round_number`` of ``event`` (every bracket with that number
    unless ``bracket`` is given), in print order, byes left out."""
    matches = _match_queryset().filter(event=event, round__number=round_number, bye=False)
    if bracket:
        matches = matches.filter(round__bracket=bracket)
    return matches.order_by("round__bracket", "number", "pk")


#: What each match of a round brings along; the event and its tournament are the same for
#: all of them and are attached once (:func:`_round_match_list`).
PER_MATCH_RELATED = tuple(r for r in MATCH_RELATED if r != "event__tournament")


def _round_match_list(event: Event, round_number: int, bracket: str | None) -> list[Match]:
    """:func:`round_matches` as a list, each match sharing one event (with its tournament): a
    round of 32 matches makes 64 model instances fewer than with the event and tournament
    joined to every row (issue 17); no query more when ``event`` has its tournament."""
    matches = Match.objects.select_related(*PER_MATCH_RELATED).filter(
        event=event, round__number=round_number, bye=False)
    if bracket:
        matches = matches.filter(round__bracket=bracket)
    loaded = list(matches.order_by("round__bracket", "number", "pk"))
    if not loaded:
        return loaded
    if not Event._meta.get_field("tournament").is_cached(event):
        event = Event.objects.select_related("tournament").get(pk=event.pk)
    for match in loaded:
        match.event = event
    return loaded


def round_scoresheets(event: Event, round_number: int, *, blank: bool = False,
                      language: str | None = None, base_url: str | None = None,
                      bracket: str | None = None) -> list[ScoresheetData | PointSheetData]:
    """Every scoresheet of a round, one match a page (the organiser's "print the round")."""
    return scoresheets_data(_round_match_list(event, round_number, bracket), blank=blank,
                            language=language, base_url=base_url, skip_unavailable=True)


# --------------------------------------------------------------------------- bracket


BRACKET_KINDS = {
    Round.Bracket.MAIN: "main",
    Round.Bracket.WINNERS: "winners",
    Round.Bracket.LOSERS: "losers",
    Round.Bracket.FINAL: "final",
}
BRACKET_ORDER = [Round.Bracket.MAIN, Round.Bracket.WINNERS, Round.Bracket.LOSERS,
                 Round.Bracket.PLACEMENT, Round.Bracket.FINAL]


def _bracket_match(match: Match, language: str) -> BracketMatch:
    names: list[str | None] = []
    for side in SIDES:
        entry = match.entry_for(side)
        if entry is not None:
            names.append(entry.name)
        else:
            names.append("" if match.bye else None)
    winner = _side(match.winner_side)
    scores = ("", "")
    if match.walkover and winner is not None:
        scores = ("", "w/o") if winner == 1 else ("w/o", "")
    elif match.games_won and (winner is not None or match.status == Match.Status.PLAYING):
        won = match.games_won
        scores = (str(won.get("a", 0)), str(won.get("b", 0)))
    label = f"M{match.number}"
    if match.table_id and winner is None:
        with translation.override(language):
            label = f"{label} · {_('Table %(number)s') % {'number': match.table.number}}"
    return BracketMatch(entries=(names[0], names[1]), scores=scores, winner=winner,
                        label=label)


def bracket_data(event: Event, *, language: str | None = None) -> BracketSheetData:
    """The event's knock-out tree, or the winners and losers brackets and the grand final of a
    double elimination, from its rounds and matches (two queries)."""
    language = sheet_language(language)
    rounds = list(
        event.rounds.exclude(bracket=Round.Bracket.GROUPS)
        .prefetch_related(Prefetch("matches", queryset=_match_queryset()
                                   .order_by("position", "number", "pk")))
        .order_by("number")
    )
    by_bracket: dict[str, list[Round]] = defaultdict(list)
    for rnd in rounds:
        by_bracket[rnd.bracket].append(rnd)
    sections = []
    with translation.override(language):
        for bracket in BRACKET_ORDER:
            rows = by_bracket.get(bracket)
            if not rows:
                continue
            printed = [BracketRound(str(rnd), [_bracket_match(m, language)
                                               for m in rnd.matches.all()]) for rnd in rows]
            printed = [r for r in printed if r.matches]
            if not printed:
                continue
            if bracket == Round.Bracket.PLACEMENT:
                sections.append(BracketSection(printed, kind="main",
                                               title=_("Placement matches")))
            else:
                sections.append(BracketSection(printed, kind=BRACKET_KINDS[bracket]))
        if not sections:
            raise SheetUnavailable(_("This event has no bracket yet."))
        return BracketSheetData(
            tournament=event.tournament.name, event=event.name, sections=sections,
            language=language, date=local_date(timezone.now(), event.tournament),
            subtitle=_("as of %(time)s") % {"time": clock(timezone.now(), event.tournament)},
        )


# --------------------------------------------------------------------------- standings


def _club(entry: Entry) -> str:
    return " / ".join(dict.fromkeys(p.club for p in entry.players if p.club))


#: Live standings columns left off the printed table (not ranking criteria; the net points are
#: printed), so that the names keep their width on an A4 page.
UNPRINTED_COLUMNS = frozenset({"points_for", "points_against"})
UNPRINTED_GROUP_COLUMNS = UNPRINTED_COLUMNS


def _standings_tables(event: Event, language: str) -> tuple[list[StandingsColumn],
                                                             list[StandingsGroup], str]:
    """The live page's tables (:func:`scoring.standings.event_standings`, the one definition:
    the same rows, order and figures), with their columns, short headers and the rule in
    force with its column explanations as the footnote (its name goes in the subtitle)."""
    with translation.override(language):
        tables = standings.event_standings(event)
        withdrawn = _("withdrawn")
    if not tables:
        return [], [], ""
    shown = [c for c in tables[0].columns if c.key not in UNPRINTED_COLUMNS]
    columns = [StandingsColumn(c.key, c.short) for c in shown]
    groups = [StandingsGroup([StandingsRow(
        rank=row.rank, name=f"{row.name} ({withdrawn})" if row.withdrawn else row.name,
        club=_club(row.entry) if row.entry else "",
        values={c.key: row.values.get(c.key, "") for c in shown},
    ) for row in table.rows], name=table.group) for table in tables]
    legend = " · ".join(f"{c.short} = {c.label}" for c in shown)
    return columns, groups, f"{tables[0].order} {legend}"


def _last_standings_round(event: Event, has_groups: bool) -> int | None:
    """The last round with a decided match that counts for the table: a group round of a
    group stage, a Swiss round; never the knock-out (or final) round played after it."""
    rounds = event.rounds.filter(matches__winner_side__in=SIDES)
    if has_groups or event.format == Event.Format.GROUPS:
        rounds = rounds.filter(bracket=Round.Bracket.GROUPS)
    else:
        rounds = rounds.exclude(bracket__in=FINAL_BRACKETS)
    return rounds.order_by("-number").values_list("number", flat=True).first()


def standings_data(event: Event, *, language: str | None = None) -> StandingsSheetData:
    """Group standings (round-robin groups) or the Swiss table of ``event``.

    :raises SheetUnavailable: the event has neither groups nor Swiss rounds.
    """
    language = sheet_language(language)
    has_groups = Match.objects.filter(event=event).exclude(group="").exists()
    if event.format == Event.Format.SWISS or has_groups or \
            event.format == Event.Format.GROUPS:
        columns, groups, footnote = _standings_tables(event, language)
    else:
        with translation.override(language):
            raise SheetUnavailable(_("Standings are printed for group and Swiss events."))
    last = _last_standings_round(event, has_groups)
    with translation.override(language):
        subtitle = _("after round %(number)s") % {"number": last} if last else ""
        rule = standings.rule_name(standings.ranking_rule(event))
    subtitle = f"{subtitle} · {rule}" if subtitle else rule
    return StandingsSheetData(
        tournament=event.tournament.name, event=event.name, columns=columns, groups=groups,
        language=language, subtitle=subtitle, date=local_date(timezone.now(), event.tournament),
        footnote=footnote,
    )


# --------------------------------------------------------------------------- table labels


def table_label_data(tournament: Tournament, *, language: str | None = None,
                     base_url: str | None = None) -> list[TableLabelData]:
    """A label per active table (or per table of ``tournament.table_count`` when no tables
    are stored) with a QR code to the public page of the table's current match."""
    language = sheet_language(language)
    tables = list(tournament.tables.filter(active=True).order_by("number"))
    numbers = [(t.number, t.label) for t in tables] or [
        (n, "") for n in range(1, tournament.table_count + 1)]
    return [
        TableLabelData(
            table=str(number), tournament=tournament.name, language=language, caption=label,
            qr_url=_absolute(base_url, live_table_path(tournament, number)),
        )
        for number, label in numbers
    ]


# --------------------------------------------------------------------------- index page


@dataclass(frozen=True)
class PrintableRound:
    """A round on the organiser's print page; ``bracket`` is passed on when the event has
    rounds of the same number in several brackets (double elimination)."""

    number: int
    name: str
    bracket: str
    needs_bracket: bool
    matches: list[Match]


@dataclass(frozen=True)
class PrintableEvent:
    event: Event
    rounds: list[PrintableRound]
    other_matches: list[Match]
    has_bracket: bool
    has_standings: bool


def printable_events(tournament: Tournament) -> list[PrintableEvent]:
    """What the organiser can print, per event (three queries)."""
    matches = (_match_queryset().filter(event__tournament=tournament, bye=False)
               .order_by("number", "pk"))
    events = list(
        tournament.events.order_by("order", "name").prefetch_related(
            Prefetch("rounds", queryset=Round.objects.order_by("number", "bracket")),
        )
    )
    by_round: dict[int, list[Match]] = defaultdict(list)
    loose: dict[int, list[Match]] = defaultdict(list)
    grouped: set[int] = set()
    for match in matches:
        if match.round_id is None:
            loose[match.event_id].append(match)
        else:
            by_round[match.round_id].append(match)
        if match.group:
            grouped.add(match.event_id)
    result = []
    for event in events:
        rounds = list(event.rounds.all())
        numbers = defaultdict(int)
        for rnd in rounds:
            numbers[rnd.number] += 1
        printed = [PrintableRound(rnd.number, str(rnd), rnd.bracket, numbers[rnd.number] > 1,
                                  by_round.get(rnd.pk, []))
                   for rnd in rounds if by_round.get(rnd.pk)]
        result.append(PrintableEvent(
            event=event, rounds=printed, other_matches=loose.get(event.pk, []),
            has_bracket=any(r.bracket != Round.Bracket.GROUPS for r in rounds),
            has_standings=event.format in (Event.Format.SWISS, Event.Format.GROUPS)
            or event.pk in grouped,
        ))
    return result
