"""Draws (pairings) for carrom tournaments: pure Python, no Django import (checked by a test).

Formats (issue 5): :mod:`~scoring.draws.knockout`, :mod:`~scoring.draws.round_robin` (groups and
their knock-out), :mod:`~scoring.draws.swiss`, :mod:`~scoring.draws.double_elimination`. The
Django services turn these plain results into ``Match`` rows; nothing here touches a database.

Glossary
--------
entry
    A player (singles) or a pair (doubles) in one event, identified by an ``EntryId`` (int or
    str) chosen by the caller. :class:`Entry` adds an optional ``seed`` (1 = strongest) and
    ``rating``.
seed / initial order
    Seeded entries by seed, then unseeded by rating (highest first), then input order.
bracket line
    One of the ``2**k`` starting positions of an elimination bracket; an empty line is a bye.
bye
    No opponent: the entry advances (brackets) or scores a won match, one game 25–0 (Swiss).
    A :class:`Pairing` or :class:`~scoring.draws.bracket.MatchState` with ``b=None``.
walkover
    A match not played because one side withdrew or did not show up; the opponent wins and the
    result carries ``walkover=True`` (result lists should mark it).
stage
    "early" or "late" (from the quarter-finals on); the rules engine uses it for the 8-board
    limit and the game-3 side change.
score group (Swiss)
    All players with the same number of match wins.
float (Swiss)
    A player paired into a lower score group, because its own group had an odd number of players
    or no new opponent left.
Buchholz
    Sum of the current wins of a player's opponents (a bye counts as the player's own wins).
net points
    Points for minus points against, over all games (a bye counts 25–0).
head-to-head
    Match wins in the matches among the tied entries only (group standings).
reason
    Why a pair was made: a :class:`Reason` with a machine ``code``, ``params`` and an English
    ``text``; the UI translates by code.

Errors are :class:`DrawError` (a ``ValueError``) with a stable ``code``.
"""

from __future__ import annotations

from .bracket import (
    Bracket,
    BracketMatch,
    MatchState,
    Progress,
    Source,
    advance,
)
from .double_elimination import double_elimination
from .knockout import (
    RoundInfo,
    bracket_size,
    next_round,
    round_infos,
    round_name,
    seeding_order,
    single_elimination,
)
from .ranking import CURRENT, EUROPEAN, PRESETS, RankingRule, Standing, rule_for
from .round_robin import (
    GroupStanding,
    circle_schedule,
    group_standings,
    knockout_from_groups,
    qualifiers,
    snake_groups,
)
from .swiss import SwissRound, SwissStanding, pair_round
from .swiss import standings as swiss_standings
from .types import (
    DrawError,
    Entry,
    EntryId,
    MatchResult,
    Pairing,
    Reason,
    Stage,
    initial_order,
    stage_for,
)

__all__ = [
    "CURRENT",
    "EUROPEAN",
    "PRESETS",
    "RankingRule",
    "Standing",
    "rule_for",
    "Bracket",
    "BracketMatch",
    "DrawError",
    "Entry",
    "EntryId",
    "GroupStanding",
    "MatchResult",
    "MatchState",
    "Pairing",
    "Progress",
    "Reason",
    "RoundInfo",
    "Source",
    "Stage",
    "SwissRound",
    "SwissStanding",
    "advance",
    "bracket_size",
    "circle_schedule",
    "double_elimination",
    "group_standings",
    "initial_order",
    "knockout_from_groups",
    "next_round",
    "pair_round",
    "qualifiers",
    "round_infos",
    "round_name",
    "seeding_order",
    "single_elimination",
    "snake_groups",
    "stage_for",
    "swiss_standings",
]
