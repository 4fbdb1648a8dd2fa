"""Persistence for the scoring app. One module per concept; re-export every model here.

Models store data (for example the stroke log); they do not compute games. Game logic lives in
the pure rules engine ``scoring.rules`` and is applied by services.
"""

from __future__ import annotations

from scoring.models.audit import AuditEntry
from scoring.models.board import Board, BoardEvent, Game
from scoring.models.confirmation import MatchConfirmation, PaperScoresheet
from scoring.models.day import AttemptCounter, Invitation, RollCall
from scoring.models.event import Entry, Event, Player, Round, Table
from scoring.models.external import ExternalRecord
from scoring.models.house import HousePreset
from scoring.models.identity import PlayerMerge
from scoring.models.match import Match
from scoring.models.rating import ImportedRate, Rate, Rating
from scoring.models.season import Championship, Club, Membership
from scoring.models.sol_import import SolImport
from scoring.models.team import Lineup, Rubber, Team, TeamMember, Tie, TieFormat
from scoring.models.tournament import Tournament

__all__ = [
    "AuditEntry",
    "Championship",
    "Club",
    "Board",
    "BoardEvent",
    "Entry",
    "Event",
    "ExternalRecord",
    "Game",
    "HousePreset",
    "Lineup",
    "Rubber",
    "Team",
    "TeamMember",
    "Tie",
    "TieFormat",
    "AttemptCounter",
    "Invitation",
    "Match",
    "MatchConfirmation",
    "Membership",
    "PaperScoresheet",
    "Player",
    "PlayerMerge",
    "ImportedRate",
    "Rate",
    "Rating",
    "RollCall",
    "SolImport",
    "Round",
    "Table",
    "Tournament",
]
