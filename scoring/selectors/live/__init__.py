"""Reads for the public live pages, the hall screen, the stream overlay and the JSON API,
by page (nothing here writes; every function runs a bounded number of queries, whatever the
size of the tournament: checked in ``tests/live``):

* :mod:`.validators`: ETag validators (:func:`match_validator`, :func:`table_validator`,
  :func:`event_validator`, :func:`tournament_validator`) answer in **one** query what a page's
  ETag is built from, so a poll that changed nothing costs one cheap query and a ``304``;
* :mod:`.match` and :mod:`.board`: a match derived by :func:`scoring.records.match_snapshot`
  (the same derivation as the umpire tablet and the printed scoresheet), board timelines and
  statistics by replaying stroke logs through the rules engine (:mod:`scoring.stats`);
* :mod:`.tournament` (overview, hall screen, overlay), :mod:`.event` (rounds, bracket,
  standings), :mod:`.players`; :mod:`.common`: statuses and labels;
* standings come from :mod:`scoring.standings` (the one decided-result definition and the one
  table per format); they are re-exported here for the pages.

The names are importable from here as before the split.
"""

from scoring.selectors.live.board import (
    BoardTimeline,
    TimelineRow,
    board_timeline,
    colour_names,
)
from scoring.selectors.live.common import (
    LIVE,
    MATCH_RELATED,
    QUEEN_LABELS,
    SIDES,
    STATUS_LABELS,
    api_status,
    colour_name,
    is_over,
    match_queryset,
    side_label,
)
from scoring.selectors.live.event import (
    BRACKET_SECTIONS,
    BracketCard,
    BracketColumn,
    BracketSection,
    RoundBlock,
    event_bracket,
    event_queryset,
    event_rounds,
    get_event,
    link_players,
)
from scoring.selectors.live.match import (
    BoardLine,
    CurrentInfo,
    GameLine,
    MatchView,
    board_document,
    board_events,
    find_board,
    get_match,
    match_view,
)
from scoring.selectors.live.players import (
    PlayerMatch,
    PlayerPage,
    Slam,
    player_page,
    tournament_players,
)
from scoring.selectors.live.tournament import (
    EventLine,
    MatchLine,
    Overview,
    TableLine,
    all_tournaments,
    round_label,
    table_current,
    table_next,
    tournament_overview,
)
from scoring.selectors.live.validators import (
    event_validator,
    match_validator,
    table_validator,
    tournament_validator,
)
from scoring.standings import (
    Column,
    StandingRow,
    StandingsTable,
    event_standings,
    group_tables,
    has_standings,
)
from scoring.standings.results import DONE

__all__ = [
    "all_tournaments",
    "event_queryset",
    "BRACKET_SECTIONS",
    "BoardLine",
    "BoardTimeline",
    "BracketCard",
    "BracketColumn",
    "BracketSection",
    "Column",
    "CurrentInfo",
    "DONE",
    "EventLine",
    "GameLine",
    "LIVE",
    "MATCH_RELATED",
    "MatchLine",
    "MatchView",
    "Overview",
    "PlayerMatch",
    "PlayerPage",
    "QUEEN_LABELS",
    "RoundBlock",
    "SIDES",
    "STATUS_LABELS",
    "Slam",
    "StandingRow",
    "StandingsTable",
    "TableLine",
    "TimelineRow",
    "api_status",
    "board_document",
    "board_events",
    "board_timeline",
    "colour_name",
    "colour_names",
    "event_bracket",
    "event_rounds",
    "event_standings",
    "event_validator",
    "find_board",
    "get_event",
    "get_match",
    "group_tables",
    "has_standings",
    "is_over",
    "link_players",
    "match_queryset",
    "match_validator",
    "match_view",
    "player_page",
    "round_label",
    "side_label",
    "table_current",
    "table_next",
    "table_validator",
    "tournament_overview",
    "tournament_players",
    "tournament_validator",
]
