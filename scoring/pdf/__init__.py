"""Printable sheets as PDF bytes: scoresheets, brackets, standings, table labels, a round's
pairing and call-up lists.

Pure: the renderers take the plain dataclasses of :mod:`scoring.pdf.data` (built by the
selectors) and return ``bytes``; nothing here imports Django or touches the database.
"""

from __future__ import annotations

from .bracket import render_bracket
from .cards import render_score_cards
from .data import (
    BoardRow,
    BracketMatch,
    BracketRound,
    BracketSection,
    BracketSheetData,
    CallupRow,
    GameSheet,
    PairingRow,
    RoundListData,
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
from .round_lists import render_callup_list, render_pairing_list
from .scoresheet import render_scoresheet, render_scoresheets
from .standings import render_standings
from .table_labels import render_table_labels

__all__ = [
    "BoardRow",
    "BracketMatch",
    "BracketRound",
    "BracketSection",
    "BracketSheetData",
    "CallupRow",
    "GameSheet",
    "PairingRow",
    "RoundListData",
    "ScoresheetData",
    "SeatedPlayer",
    "SideData",
    "StandingsColumn",
    "StandingsGroup",
    "StandingsRow",
    "StandingsSheetData",
    "TableLabelData",
    "TossData",
    "render_bracket",
    "render_callup_list",
    "render_pairing_list",
    "render_score_cards",
    "render_scoresheet",
    "render_scoresheets",
    "render_standings",
    "render_table_labels",
]
