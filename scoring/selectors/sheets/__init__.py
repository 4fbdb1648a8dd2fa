"""Reads for the printable sheets: the plain data of :mod:`scoring.pdf.data`, from the database.

The renderers in :mod:`scoring.pdf` never touch the ORM; everything they print is decided here
from the stored rows, the rules engine and the draws:

* a **scoresheet** is filled from the match's recorded log, derived exactly as
  :func:`scoring.records.match_snapshot` derives it (the same board entries, the same
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

from scoring.selectors.sheets.common import (
    BOARD_FIELDS,
    FALLBACK_BASE_URL,
    MATCH_RELATED,
    ORDINARY_LAW,
    SIDE_INDEX,
    SIDES,
    SheetUnavailable,
    StoredBoard,
    _absolute,
    _match_date,
    _match_times,
    _reverse_or,
    _round_name,
    _seats,
    _side,
    _side_data,
    _table_name,
    default_base_url,
    event_for_sheet,
    live_match_path,
    live_table_path,
    match_for_sheet,
    match_for_umpire_link,
    sheet_language,
    tournament_for_sheet,
)
from scoring.selectors.sheets.events import (
    BRACKET_KINDS,
    BRACKET_ORDER,
    UNPRINTED_COLUMNS,
    UNPRINTED_GROUP_COLUMNS,
    PrintableEvent,
    PrintableRound,
    _bracket_match,
    _club,
    _last_standings_round,
    _standings_tables,
    bracket_data,
    printable_events,
    standings_data,
    table_label_data,
)
from scoring.selectors.sheets.scoresheets import (
    PER_MATCH_RELATED,
    SHEET_READS,
    _board_row,
    _counted_rows,
    _derive_state,
    _game_sheet,
    _load_logs,
    _match_queryset,
    _point_scoresheet,
    _round_match_list,
    _scoresheet,
    round_matches,
    round_scoresheets,
    scoresheet_data,
    scoresheets_data,
)

__all__ = [
    "BOARD_FIELDS",
    "BRACKET_KINDS",
    "BRACKET_ORDER",
    "FALLBACK_BASE_URL",
    "MATCH_RELATED",
    "ORDINARY_LAW",
    "PER_MATCH_RELATED",
    "PrintableEvent",
    "PrintableRound",
    "SHEET_READS",
    "SIDES",
    "SIDE_INDEX",
    "SheetUnavailable",
    "StoredBoard",
    "UNPRINTED_COLUMNS",
    "UNPRINTED_GROUP_COLUMNS",
    "_absolute",
    "_board_row",
    "_bracket_match",
    "_club",
    "_counted_rows",
    "_derive_state",
    "_game_sheet",
    "_last_standings_round",
    "_load_logs",
    "_match_date",
    "_match_queryset",
    "_match_times",
    "_point_scoresheet",
    "_reverse_or",
    "_round_match_list",
    "_round_name",
    "_scoresheet",
    "_seats",
    "_side",
    "_side_data",
    "_standings_tables",
    "_table_name",
    "bracket_data",
    "default_base_url",
    "event_for_sheet",
    "live_match_path",
    "live_table_path",
    "match_for_sheet",
    "match_for_umpire_link",
    "printable_events",
    "round_matches",
    "round_scoresheets",
    "scoresheet_data",
    "scoresheets_data",
    "sheet_language",
    "standings_data",
    "table_label_data",
    "tournament_for_sheet",
]
