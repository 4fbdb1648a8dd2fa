"""What the backup's export, restore and check share: the format, the models and fields of a
document, its errors, the value conversions and the document's digest.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from typing import Any, Literal, overload

from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from scoring.models import (
    AuditEntry,
    Board,
    BoardEvent,
    Entry,
    Event,
    ExternalRecord,
    Game,
    HousePreset,
    Match,
    MatchConfirmation,
    PaperScoresheet,
    Player,
    RollCall,
    Round,
    Table,
    Tournament,
)
from scoring.services.errors import ServiceError

FORMAT = "carrom-tournament-export/1"


#: Models whose ``auto_now``/``auto_now_add`` timestamps an import sets from the document.
TIMESTAMPED = (
    Tournament,
    Player,
    Event,
    Entry,
    Round,
    Match,
    Game,
    Board,
    BoardEvent,
    MatchConfirmation,
    PaperScoresheet,
    AuditEntry,
    ExternalRecord,
    RollCall,
)


#: Per model, the fields the document leaves out on purpose (ids and links given by the
#: document's structure). Every other field must be exported: tests/trust/test_backup.py fails
#: when a model gains a field the export does not know, so a backup never silently loses it.
NOT_EXPORTED = {
    # the rating a tournament is rated under is a federation's record across tournaments
    # (issue 33, docs/RATINGS.md): a backup of one tournament does not carry it
    Tournament: {"id", "rating"},
    # the name's key is made from the name; a merged record stays where it is (issue 31)
    Player: {"id", "name_key", "merged_into"},
    Table: {"id", "tournament"},
    Event: {"id", "tournament"},
    # a team entry's name is its team's: the teams' block carries it (backup/teams.py)
    Entry: {"id", "team_name"},
    Round: {"id"},
    # the totals over the games: a cache, made again from the games on import
    Match: {"id", "games_a", "games_b", "points_a", "points_b"},
    Game: {"id", "match"},
    Board: {"id", "game"},
    BoardEvent: {"id", "board"},
    MatchConfirmation: {"id", "match"},
    PaperScoresheet: {"id"},
    AuditEntry: {"id", "tournament"},
    ExternalRecord: {"id"},
    RollCall: {"id", "event"},
    # the last change: the restore is the change
    HousePreset: {"id", "tournament", "updated_at"},
}


#: Names in the document where they differ from the model's field names.
EXPORT_NAMES = {
    Board: {
        "finished": "result",
        "void": "result",
        "result_winner": "result",
        "result_points": "result",
        "result_law": "result",
        "result_interpretation": "result",
        "result_carrommen": "result",
        "result_queen": "result",
        "result_extra_points": "result",
        "result_points_by_side": "result",
    },
    HousePreset: {"base": "rules"},
}


class BackupError(ServiceError):
    """A document that cannot be imported; ``code`` is stable, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


def timestamp_text(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def day_text(value: datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def username_of(user: Any) -> str | None:
    return user.get_username() if user is not None else None


@overload
def parse_timestamp(value: Any, *, where: str, required: Literal[True]) -> datetime.datetime: ...


@overload
def parse_timestamp(
    value: Any, *, where: str, required: bool = False
) -> datetime.datetime | None: ...


def parse_timestamp(value: Any, *, where: str, required: bool = False) -> datetime.datetime | None:
    if value is None:
        if required:
            raise BackupError("missing_field", f"{where}: a timestamp is required")
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise BackupError("bad_timestamp", f"{where}: {value!r} is not an ISO 8601 timestamp")
    if timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, datetime.UTC)
    return parsed


def parse_day(value: Any, *, where: str) -> datetime.date:
    try:
        parsed = parse_date(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise BackupError("bad_date", f"{where}: {value!r} is not a date (YYYY-MM-DD)")
    return parsed


def document_digest(document: dict[str, Any]) -> str:
    """SHA-256 of the document's canonical JSON (sorted keys), for the audit trail."""
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
