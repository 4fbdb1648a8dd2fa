"""A backup document's rows checked before they are written (issue 16, finding 5): every
value against its model field and the app's own rules, references by the document's own
names, never raw ids; the restore (:mod:`.restore`) and the team rows (:mod:`.teams`) write
through :func:`new_row`."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from scoring.limits import has_bidi_control
from scoring.models import (
    Board,
    Event,
    Game,
    HousePreset,
    Match,
    Tournament,
)
from scoring.rules import RULESETS, RulesError, variant_for
from scoring.rules.house import compose
from scoring.services.backup.common import (
    TIMESTAMPED,
    BackupError,
    parse_timestamp,
)
from scoring.services.tournaments import TournamentError, clean_settings

HOUSE_KEYS: ContextVar[dict[str, str]] = ContextVar(
    "house_keys"
)  # a restore's house-rule keys, old to new


def parse_born(value: Any, *, where: str) -> datetime.date | None:
    """A player's date of birth (ISO 8601 date) or None."""
    if value in (None, ""):
        return None
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise BackupError("bad_timestamp", f"{where}: {value!r} is not an ISO 8601 date") from None


@contextmanager
def document_timestamps() -> Iterator[None]:
    """Let the import write the timestamps of the document instead of "now"."""
    fields = [
        f
        for model in TIMESTAMPED
        for f in model._meta.concrete_fields
        if isinstance(f, models.DateField) and (f.auto_now or f.auto_now_add)
    ]
    saved = [(f, f.auto_now, f.auto_now_add) for f in fields]
    for f in fields:
        f.auto_now = f.auto_now_add = False
    try:
        yield
    finally:
        for f, auto_now, auto_now_add in saved:
            f.auto_now, f.auto_now_add = auto_now, auto_now_add


#: A private umpire link's token as the app makes it (``secrets.token_urlsafe(24)``).
TOKEN = re.compile(r"^[A-Za-z0-9_-]{32}$")


_SIDES = ("a", "b", "c")


def valid_row(obj: Any, *, where: str) -> Any:
    """Check every value of ``obj`` against its model field (type, choices, length, range)
    and the app's own rules for JSON fields, names and links; one clear message, before
    anything of it is written (issue 16, finding 5)."""
    relations = [f.name for f in obj._meta.fields if f.is_relation]
    try:
        obj.full_clean(exclude=relations, validate_unique=False, validate_constraints=False)
    except ValidationError as err:
        problems = "; ".join(
            f"{name}: {' '.join(str(m) for m in messages)}"
            for name, messages in err.message_dict.items()
        )
        raise BackupError("bad_value", f"{where}: {problems}") from None
    except (TypeError, ValueError, OverflowError) as err:
        raise BackupError("bad_value", f"{where}: {err}") from None
    for name in ("name", "club", "venue", "label"):
        value = getattr(obj, name, None)
        if isinstance(value, str) and has_bidi_control(value):
            raise BackupError(
                "bad_value", f"{where}: {name}: text-direction control characters are not allowed"
            )
    if isinstance(obj, Tournament) and obj.end_date < obj.start_date:
        raise BackupError("bad_value", f"{where}: the end date is before the start date")
    if isinstance(obj, (Match, Event, Board, Tournament)):
        rules = getattr(obj, "default_rules", None) or getattr(obj, "rules", None)
        if rules not in RULESETS and not (
            isinstance(obj, (Match, Event, Board)) and rules in HOUSE_KEYS.get({}).values()
        ):
            raise BackupError("bad_value", f"{where}: unknown rules {rules!r}")
    if isinstance(obj, Event):
        try:
            obj.settings = clean_settings(obj.format, settings=obj.settings)
        except TournamentError:
            raise BackupError("bad_value", f"{where}: the settings are not valid") from None
    if isinstance(obj, Match):
        if not TOKEN.match(obj.umpire_token or ""):
            raise BackupError("bad_value", f"{where}: umpire_token is not a link token of this app")
        _side_counts(obj.games_won, f"{where}: games_won", 0, 5)
    if isinstance(obj, Game):
        _side_counts(obj.scores, f"{where}: scores", 0, 999)
    if isinstance(obj, Board):
        _side_counts(obj.result_points_by_side, f"{where}: points_by_side", -999, 999)
        _side_counts(obj.recorded_scores, f"{where}: recorded_scores", 0, 999)
        _paper_board(obj, where)
    return obj


def _paper_board(board: Board, where: str) -> None:
    """A board entered from paper holds what quick entry would take for its preset (ICF
    53–55): a winner A or B, the loser's carrommen left 0 to the preset's carrommen a colour,
    the queen covered by A, B or nobody; an award worth 1 to the preset's board maximum."""
    if board.kind not in (Board.Kind.SUMMARY, Board.Kind.AWARD):
        return
    variant = variant_for(board.rules)
    if not variant.quick_entry:
        raise BackupError(
            "bad_value",
            f"{where}: a board entered from paper in a match of "
            f"{board.rules!r}, which takes no paper boards",
        )
    if board.summary_winner not in ("a", "b"):
        raise BackupError("bad_value", f"{where}: a paper board's winner must be a or b")
    if board.kind == Board.Kind.SUMMARY:
        most = variant.rules.carrommen_per_colour
        carrommen = board.summary_carrommen
        if not isinstance(carrommen, int) or not 0 <= carrommen <= most:
            raise BackupError(
                "bad_value",
                f"{where}: the loser has 0 to {most} carrommen "
                f"left on a {board.rules} board, not {carrommen!r}",
            )
        if board.summary_queen not in ("", "a", "b"):
            raise BackupError("bad_value", f"{where}: the queen was covered by a, b or nobody")
    else:
        most = variant.board_total
        points = board.award_points
        if not isinstance(points, int) or not 1 <= points <= most:
            raise BackupError(
                "bad_value",
                f"{where}: an awarded board is worth 1 to {most} "
                f"points under {board.rules}, not {points!r}",
            )


def _side_counts(value: Any, where: str, low: int, high: int) -> None:
    if not isinstance(value, dict) or any(
        k not in _SIDES or isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high
        for k, v in value.items()
    ):
        raise BackupError("bad_value", f"{where} must map sides to whole numbers {low}…{high}")


def seats_of(seating: Any, *, where: str) -> list[str]:
    """Seating names players by their references in this file, never by raw ids."""
    if not isinstance(seating, list) or not all(isinstance(p, str) for p in seating):
        raise BackupError("bad_value", f"{where}: seating must list player references")
    return seating


def new_row(model: Any, /, *, where: str, **fields: Any) -> Any:
    """``model.objects.create(**fields)`` after :func:`valid_row`."""
    obj = valid_row(model(**fields), where=where)
    obj.save(force_insert=True)
    return obj


def require(data: Any, *, key: str, where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise BackupError("missing_field", f"{where}: the field {key!r} is missing")
    return data[key]


def list_of(data: dict[str, Any], *, key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BackupError("bad_field", f"{key!r} must be a list")
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise BackupError("bad_field", f"{key}[{i}] must be an object")
    return value


def ref_to(refs: dict[str, Any], *, ref: Any, where: str, optional: bool = True) -> Any:
    if ref is None and optional:
        return None
    if ref not in refs:
        raise BackupError("bad_reference", f"{where}: unknown reference {ref!r}")
    return refs[ref]


def rules_key(rules: Any) -> Any:
    """A row's rules with a house preset's key as the engine composes it now."""
    return HOUSE_KEYS.get({}).get(rules, rules) if isinstance(rules, str) else rules


def import_house_presets(tournament: Tournament, *, rows: list[dict[str, Any]]) -> None:
    """The tournament's house presets, each checked by the engine (``scoring/rules/house.py``);
    the events, matches and boards that name a preset's key follow it."""
    keys: dict[str, str] = {}
    for i, row in enumerate(rows):
        where = f"house_presets[{i}]"
        name = require(row, key="name", where=where)
        if (
            not isinstance(name, str)
            or not name.strip()
            or len(name) > 80
            or has_bidi_control(name)
        ):
            raise BackupError("bad_value", f"{where}: name must be a text of 1 to 80 characters")
        try:
            rules = compose(row.get("rules", "icf"), row.get("switches") or {}, name=name)
        except RulesError as err:
            raise BackupError("bad_value", f"{where}: {err.where}: {err.message}") from None
        key = row.get("key", rules.key)
        if not isinstance(key, str) or key in keys:
            raise BackupError("bad_value", f"{where}: key must be a text, once")
        if rules.key in keys.values():
            raise BackupError("bad_value", f"{where}: the same switches as another preset")
        keys[key] = rules.key
        new_row(
            HousePreset,
            where=where,
            tournament=tournament,
            name=name.strip(),
            base=rules.base or "icf",
            switches=dict(rules.switches),
            key=rules.key,
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )
    HOUSE_KEYS.set(keys)
