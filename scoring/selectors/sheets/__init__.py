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
    absolute_url,
    default_base_url,
    event_for_sheet,
    live_match_path,
    live_table_path,
    match_date,
    match_for_sheet,
    match_for_umpire_link,
    match_times,
    reverse_or,
    seats_in_turn,
    sheet_language,
    sheet_round_name,
    side_data,
    side_index,
    table_name,
    tournament_for_sheet,
)
from scoring.selectors.sheets.events import (
    BRACKET_KINDS,
    BRACKET_ORDER,
    UNPRINTED_COLUMNS,
    UNPRINTED_GROUP_COLUMNS,
    PrintableEvent,
    PrintableRound,
    bracket_data,
    printable_events,
    standings_data,
    table_label_data,
)
from scoring.selectors.sheets.games import board_row, counted_rows, derive_state, game_sheet
from scoring.selectors.sheets.scoresheets import (
    PER_MATCH_RELATED,
    SHEET_READS,
    match_queryset,
    round_match_list,
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
    "absolute_url",
    "board_row",
    "bracket_data",
    "counted_rows",
    "default_base_url",
    "derive_state",
    "event_for_sheet",
    "game_sheet",
    "live_match_path",
    "live_table_path",
    "match_date",
    "match_for_sheet",
    "match_for_umpire_link",
    "match_queryset",
    "match_times",
    "printable_events",
    "reverse_or",
    "round_match_list",
    "round_matches",
    "round_scoresheets",
    "scoresheet_data",
    "scoresheets_data",
    "seats_in_turn",
    "sheet_language",
    "sheet_round_name",
    "side_data",
    "side_index",
    "standings_data",
    "table_label_data",
    "table_name",
    "tournament_for_sheet",
]
