"""Backup and restore of one tournament as a JSON document (format: docs/EXPORT.md).

:func:`export_tournament` reads everything of a tournament — organisers, tables, players,
events, entries, rounds, matches with their draw links, games, boards with *every* row of their
event log (undo rows included), confirmations, paper scoresheets and the audit trail — into one
plain ``dict``; :func:`import_tournament` writes such a document back into a database.

Database ids never appear in the document: every object has a *reference* (``p3``, ``m12``,
``m12/g1/b4``) given by its place in the document, and refers to others by reference. Users are
referred to by username. So an export, its import and a second export give the same document
(``exported_at`` aside), which :func:`comparable` prepares for comparing.

The import refuses a document whose slug already exists (import it under another slug to make a
copy), checks it, and replays every stroke log: a board whose replay does not give the cached
result it carries is refused too, unless the caller allows it. The restore itself is recorded
in the audit trail (action ``restore``).
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import json
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from scoring.limits import has_bidi_control
from scoring.models import (
    AuditEntry,
    Board,
    BoardEvent,
    Entry,
    Event,
    ExternalRecord,
    Game,
    Match,
    MatchConfirmation,
    PaperScoresheet,
    Player,
    RollCall,
    Round,
    Table,
    Tournament,
)
from scoring.models.match import new_umpire_token
from scoring.records import (
    board_log_document,
    colour_sides,
    is_points,
    match_snapshot,
    point_scores_before_each,
    scores_before_each,
)
from scoring.rules import RULESETS, RulesError, get_rules
from scoring.rules.interchange import replay_board_document
from scoring.services.tournaments import TournamentError, clean_settings

FORMAT = "carrom-tournament-export/1"

#: Models whose ``auto_now``/``auto_now_add`` timestamps an import sets from the document.
_TIMESTAMPED = (Tournament, Player, Event, Entry, Round, Match, Game, Board, BoardEvent,
                MatchConfirmation, PaperScoresheet, AuditEntry, ExternalRecord, RollCall)


#: Per model, the fields the document leaves out on purpose (ids and links given by the
#: document's structure). Every other field must be exported: tests/trust/test_backup.py fails
#: when a model gains a field the export does not know, so a backup never silently loses it.
NOT_EXPORTED = {
    Tournament: {"id"},
    Player: {"id"},
    Table: {"id", "tournament"},
    Event: {"id", "tournament"},
    Entry: {"id"},
    Round: {"id"},
    Match: {"id"},
    Game: {"id", "match"},
    Board: {"id", "game"},
    BoardEvent: {"id", "board"},
    MatchConfirmation: {"id", "match"},
    PaperScoresheet: {"id"},
    AuditEntry: {"id", "tournament"},
    ExternalRecord: {"id"},
    RollCall: {"id", "event"},
}

#: Names in the document where they differ from the model's field names.
EXPORT_NAMES = {
    Board: {"finished": "result", "void": "result", "result_winner": "result",
            "result_points": "result", "result_law": "result",
            "result_interpretation": "result", "result_carrommen": "result",
            "result_queen": "result", "result_extra_points": "result",
            "result_points_by_side": "result"},
}


#: The most a compressed archive may unpack to (a 1 MB ``.sol.gz`` grew to 1 GiB: issue 16).
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
#: The most YAML documents, and aliases (``*ref``), an archive may hold.
MAX_YAML_DOCUMENTS = 5000
MAX_YAML_ALIASES = 10000


class ArchiveTooLarge(ValueError):
    """An archive beyond the caps above; the message says which."""


def gunzip_capped(content: bytes, limit: int | None = None) -> bytes:
    """Decompress gzip data in pieces, refusing as soon as the output passes ``limit``
    (never holding more than ``limit`` plus one piece in memory).

    :raises ArchiveTooLarge: bigger than ``limit``; ``OSError``/``EOFError``: damaged data.
    """
    import zlib

    limit = MAX_UNPACKED_BYTES if limit is None else limit
    unpack = zlib.decompressobj(wbits=31)
    out, size, view, step = [], 0, memoryview(content), 64 * 1024
    for start in range(0, len(view), step):
        data = view[start:start + step]
        while data:
            piece = unpack.decompress(data, step)
            size += len(piece)
            if size > limit:
                raise ArchiveTooLarge(f"the archive unpacks to more than {limit // 2**20} MiB")
            out.append(piece)
            data = unpack.unconsumed_tail
            if unpack.eof:
                if unpack.unused_data.startswith(b"\x1f\x8b"):  # another gzip member
                    rest = unpack.unused_data + bytes(view[start + step:])
                    return b"".join(out) + gunzip_capped(rest, limit - size)
                return b"".join(out)
    if not unpack.eof:
        raise EOFError("the compressed data ends early")
    return b"".join(out)


def yaml_documents(text: str) -> list[Any]:
    """``yaml.safe_load_all(text)`` with caps on documents and aliases (a YAML bomb expands
    a few aliases into millions of nodes).

    :raises ArchiveTooLarge: over a cap; ``yaml.YAMLError``: not YAML.
    """
    import yaml

    documents = aliases = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > MAX_YAML_DOCUMENTS:
                raise ArchiveTooLarge(f"more than {MAX_YAML_DOCUMENTS} YAML documents")
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_YAML_ALIASES:
                raise ArchiveTooLarge(f"more than {MAX_YAML_ALIASES} YAML aliases")
    return list(yaml.safe_load_all(text))


class BackupError(Exception):
    """A document that cannot be imported; ``code`` is stable, the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# --- small conversions -----------------------------------------------------------------------


def _dt(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _date(value: datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def _parse_dt(value: Any, where: str, *, required: bool = False) -> datetime.datetime | None:
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


def _parse_date(value: Any, where: str) -> datetime.date:
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


# --- export ----------------------------------------------------------------------------------


def _player_sort_key(player: Player) -> tuple:
    # A natural order (not the id alone): players are shared between tournaments, so an import
    # may reuse existing rows whose ids are in another order.
    return (player.name, player.club, player.nationality, player.rating or 0,
            player.created_at, player.pk)


def _scores_before_boards(match: Match, boards: list[Board]) -> dict[int, dict[str, int]]:
    """Game scores per side before each log board of ``match`` (for the 22-point rule), from
    the engine's derived state (:func:`scoring.records.scores_before_each`)."""
    if is_points(match.rules):
        return point_scores_before_each(match, boards)
    out: dict[int, dict[str, int]] = {}
    if not match.toss_winner:
        return out
    try:
        snapshot = match_snapshot(match)
    except RulesError:  # pragma: no cover - logs are validated on write
        return out
    state = snapshot.state
    if state is None:
        return out
    for game, game_state in zip(snapshot.games, state.games, strict=False):
        out.update(scores_before_each(game_state, [b for b in boards if b.game_id == game.pk]))
    return out


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """Everything of ``tournament`` as one JSON-ready document (docs/EXPORT.md)."""
    t = tournament
    events = list(Event.objects.filter(tournament=t).order_by("pk"))
    entries = list(Entry.objects.filter(event__tournament=t).order_by("pk"))
    rounds = list(Round.objects.filter(event__tournament=t).order_by("pk"))
    tables = list(Table.objects.filter(tournament=t).order_by("pk"))
    matches = list(Match.objects.filter(event__tournament=t).select_related("umpire")
                   .order_by("pk"))
    games = list(Game.objects.filter(match__event__tournament=t).order_by("match_id", "number"))
    boards = list(Board.objects.filter(game__match__event__tournament=t)
                  .order_by("game_id", "sequence"))
    rows = list(BoardEvent.objects.filter(board__game__match__event__tournament=t)
                .select_related("recorded_by").order_by("board_id", "seq"))
    confirmations = list(MatchConfirmation.objects.filter(match__event__tournament=t)
                         .order_by("pk"))
    sheets = list(PaperScoresheet.objects.filter(match__event__tournament=t)
                  .select_related("entered_by").order_by("pk"))
    audit = list(AuditEntry.objects.filter(Q(tournament=t) | Q(match__event__tournament=t))
                 .select_related("actor").distinct().order_by("pk"))

    player_ids = {e.player_id for e in entries} | {e.partner_id for e in entries if e.partner_id}
    for match in matches:
        player_ids.update(p for p in match.seating if isinstance(p, int))
    players = sorted(Player.objects.filter(pk__in=player_ids), key=_player_sort_key)
    externals = list(ExternalRecord.objects.filter(Q(tournament=t) | Q(player__in=players))
                     .order_by("pk"))

    p_ref = {p.pk: f"p{i}" for i, p in enumerate(players, 1)}
    e_ref = {e.pk: f"e{i}" for i, e in enumerate(events, 1)}
    n_ref = {n.pk: f"n{i}" for i, n in enumerate(entries, 1)}
    r_ref = {r.pk: f"r{i}" for i, r in enumerate(rounds, 1)}
    t_ref = {x.pk: f"t{i}" for i, x in enumerate(tables, 1)}
    m_ref = {m.pk: f"m{i}" for i, m in enumerate(matches, 1)}
    games_of: dict[int, list[Game]] = {}
    for game in games:
        games_of.setdefault(game.match_id, []).append(game)
    boards_of: dict[int, list[Board]] = {}
    for board in boards:
        boards_of.setdefault(board.game_id, []).append(board)
    rows_of: dict[int, list[BoardEvent]] = {}
    for row in rows:
        rows_of.setdefault(row.board_id, []).append(row)
    confirmations_of: dict[int, list[MatchConfirmation]] = {}
    for c in confirmations:
        confirmations_of.setdefault(c.match_id, []).append(c)
    b_ref: dict[int, str] = {}
    for match in matches:
        for game in games_of.get(match.pk, []):
            for board in boards_of.get(game.pk, []):
                b_ref[board.pk] = f"{m_ref[match.pk]}/g{game.number}/b{board.sequence}"

    roll_calls = {r.event_id: r for r in RollCall.objects.filter(event__tournament=t)}

    def roll_call_out(r: RollCall | None) -> dict[str, Any] | None:
        if r is None:
            return None
        return {"open": r.open, "self_checkin": r.self_checkin, "code": r.code,
                "absent": r.absent, "opened_at": _dt(r.opened_at),
                "applied_at": _dt(r.applied_at)}

    def seating_out(values: Any) -> Any:
        if not isinstance(values, list):
            return values
        return [p_ref.get(v, v) if isinstance(v, int) else v for v in values]

    def match_out(match: Match) -> dict[str, Any]:
        scores = _scores_before_boards(
            match, [b for g in games_of.get(match.pk, []) for b in boards_of.get(g.pk, [])])
        return {
            "ref": m_ref[match.pk],
            "event": e_ref[match.event_id],
            "round": r_ref.get(match.round_id),
            "number": match.number,
            "position": match.position,
            "group": match.group,
            "entry_a": n_ref.get(match.entry_a_id),
            "entry_b": n_ref.get(match.entry_b_id),
            "entry_c": n_ref.get(match.entry_c_id),
            "rules": match.rules,
            "stage": match.stage,
            "games_to_win": match.games_to_win,
            "winner_to": m_ref.get(match.winner_to_id),
            "winner_to_side": match.winner_to_side,
            "loser_to": m_ref.get(match.loser_to_id),
            "loser_to_side": match.loser_to_side,
            "draw_reason": match.draw_reason,
            "toss_winner": match.toss_winner,
            "toss_choice": match.toss_choice,
            "seating": seating_out(match.seating),
            "table": t_ref.get(match.table_id),
            "umpire": _username(match.umpire),
            "umpire_token": match.umpire_token,
            "umpire_token_revoked_at": _dt(match.umpire_token_revoked_at),
            "status": match.status,
            "walkover": match.walkover,
            "bye": match.bye,
            "winner_side": match.winner_side,
            "games_won": match.games_won,
            "draw": match.draw,
            "needs_review": match.needs_review,
            "revision": match.revision,
            "called_at": _dt(match.called_at),
            "started_at": _dt(match.started_at),
            "finished_at": _dt(match.finished_at),
            "confirmed_at": _dt(match.confirmed_at),
            "updated_at": _dt(match.updated_at),
            "created_at": _dt(match.created_at),
            "confirmations": [
                {"side": c.side, "method": c.method, "device": c.device,
                 "created_at": _dt(c.created_at)}
                for c in confirmations_of.get(match.pk, [])
            ],
            "games": [game_out(match, game, scores) for game in games_of.get(match.pk, [])],
        }

    def game_out(match: Match, game: Game, scores: dict[int, dict[str, int]]) -> dict[str, Any]:
        return {
            "number": game.number,
            "first_breaker": game.first_breaker,
            "scores": game.scores,
            "winner_side": game.winner_side,
            "finished": game.finished,
            "time_up": game.time_up,
            "started_at": _dt(game.started_at),
            "boards": [board_out(match, board, scores.get(board.pk))
                       for board in boards_of.get(game.pk, [])],
        }

    def board_out(match: Match, board: Board, scores: dict[str, int] | None) -> dict[str, Any]:
        board_rows = rows_of.get(board.pk, [])
        seq_of = {row.pk: row.seq for row in board_rows}
        out: dict[str, Any] = {
            "sequence": board.sequence,
            "kind": board.kind,
            "breaker": board.breaker,
            "rules": board.rules,
            "summary_winner": board.summary_winner,
            "summary_carrommen": board.summary_carrommen,
            "summary_queen": board.summary_queen,
            "award_points": board.award_points,
            "award_law": board.award_law,
            "result": {
                "finished": board.finished,
                "void": board.void,
                "winner": board.result_winner,
                "points": board.result_points,
                "law": board.result_law,
                "interpretation": board.result_interpretation,
                "carrommen": board.result_carrommen,
                "queen": board.result_queen,
                "extra_points": board.result_extra_points,
                "points_by_side": board.result_points_by_side,
            },
            "last_seq": board.last_seq,
            "created_at": _dt(board.created_at),
            "finished_at": _dt(board.finished_at),
        }
        if board.kind == Board.Kind.LOG:
            out["log"] = board_log_document(board, board_rows, match=match, scores=scores)
        if board.kind == Board.Kind.LOG or board_rows:  # a paper board's withdrawal row
            out["events"] = [
                {
                    "seq": row.seq,
                    "client_id": str(row.client_id),
                    "type": row.type,
                    "payload": row.payload,
                    "retracts": seq_of.get(row.retracts_id),
                    "recorded_by": _username(row.recorded_by),
                    "via": row.via,
                    "device": row.device,
                    "created_at": _dt(row.created_at),
                }
                for row in board_rows
            ]
        return out

    def audit_out(entry: AuditEntry) -> dict[str, Any]:
        return {
            "match": m_ref.get(entry.match_id),
            "actor": _username(entry.actor),
            "via": entry.via,
            "device": entry.device,
            "ip": entry.ip,
            "action": entry.action,
            "detail": _detail_refs(entry.action, entry.detail, b_ref, p_ref),
            "created_at": _dt(entry.created_at),
        }

    return {
        "format": FORMAT,
        "exported_at": _dt(timezone.now()),
        "tournament": {
            "name": t.name,
            "slug": t.slug,
            "start_date": _date(t.start_date),
            "end_date": _date(t.end_date),
            "venue": t.venue,
            "table_count": t.table_count,
            "default_rules": t.default_rules,
            "organisers": sorted(u.get_username() for u in t.organisers.all()),
            "umpires": sorted(u.get_username() for u in t.umpires.all()),
            "auto_callup": t.auto_callup,
            "created_at": _dt(t.created_at),
        },
        "tables": [
            {"ref": t_ref[x.pk], "number": x.number, "label": x.label, "active": x.active}
            for x in tables
        ],
        "players": [
            {"ref": p_ref[p.pk], "name": p.name, "club": p.club, "nationality": p.nationality,
             "rating": p.rating, "licence": p.licence, "created_at": _dt(p.created_at)}
            for p in players
        ],
        "events": [
            {"ref": e_ref[e.pk], "name": e.name, "kind": e.kind, "format": e.format,
             "rules": e.rules, "games_to_win": e.games_to_win, "settings": e.settings,
             "status": e.status, "order": e.order, "created_at": _dt(e.created_at),
             "roll_call": roll_call_out(roll_calls.get(e.pk))}
            for e in events
        ],
        "entries": [
            {"ref": n_ref[n.pk], "event": e_ref[n.event_id], "player": p_ref[n.player_id],
             "partner": p_ref.get(n.partner_id), "seed": n.seed, "withdrawn": n.withdrawn,
             "present_at": _dt(n.present_at), "present_via": n.present_via,
             "created_at": _dt(n.created_at)}
            for n in entries
        ],
        "rounds": [
            {"ref": r_ref[r.pk], "event": e_ref[r.event_id], "number": r.number,
             "name": r.name, "bracket": r.bracket, "stage": r.stage,
             "games_to_win": r.games_to_win, "created_at": _dt(r.created_at)}
            for r in rounds
        ],
        "matches": [match_out(m) for m in matches],
        "paper_scoresheets": [
            {"match": m_ref[s.match_id], "games": s.games, "entered_by": _username(s.entered_by),
             "note": s.note, "created_at": _dt(s.created_at)}
            for s in sheets
        ],
        "audit": [audit_out(a) for a in audit],
        "external_records": [
            {"source": x.source, "kind": x.kind, "key": x.key,
             "player": p_ref.get(x.player_id), "tournament": x.tournament_id == t.pk,
             "data": x.data, "created_at": _dt(x.created_at)}
            for x in externals
        ],
    }


def _detail_refs(action: str, detail: Any, b_ref: dict[int, str],
                 p_ref: dict[int, str]) -> Any:
    """Replace the database ids the audit trail keeps (a board, seated players) by refs."""
    if not isinstance(detail, dict):
        return detail
    out = copy.deepcopy(detail)
    board = out.get("board")
    if isinstance(board, int) and not isinstance(board, bool) and board in b_ref:
        out["board"] = b_ref[board]
    if action == "seating":
        for key in ("before", "after"):
            if isinstance(out.get(key), list):
                out[key] = [p_ref.get(v, v) if isinstance(v, int) else v for v in out[key]]
    return out


def _detail_ids(action: str, detail: Any, board_ids: dict[str, int],
                player_ids: dict[str, int]) -> Any:
    if not isinstance(detail, dict):
        return detail
    out = copy.deepcopy(detail)
    if isinstance(out.get("board"), str) and out["board"] in board_ids:
        out["board"] = board_ids[out["board"]]
    if action == "seating":
        for key in ("before", "after"):
            if isinstance(out.get(key), list):
                out[key] = [player_ids.get(v, v) if isinstance(v, str) else v
                            for v in out[key]]
    return out


def comparable(document: dict[str, Any], *, ignore_tokens: bool = False) -> dict[str, Any]:
    """The document without what differs between two exports of the same tournament: the
    export time and the audit entries of restores (and, for a copy imported beside the
    original, the umpire tokens, which must be unique)."""
    out = copy.deepcopy(document)
    out.pop("exported_at", None)
    out["audit"] = [a for a in out.get("audit", []) if a.get("action") != "restore"]
    if ignore_tokens:
        for match in out.get("matches", []):
            match.pop("umpire_token", None)
    return out


# --- import ----------------------------------------------------------------------------------


@dataclass
class ImportReport:
    tournament: Tournament
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    created_users: list[str] = field(default_factory=list)


@contextmanager
def _document_timestamps() -> Iterator[None]:
    """Let the import write the timestamps of the document instead of "now"."""
    fields = [f for model in _TIMESTAMPED for f in model._meta.concrete_fields
              if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)]
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


def _valid(obj: Any, where: str) -> Any:
    """Check every value of ``obj`` against its model field (type, choices, length, range)
    and the app's own rules for JSON fields, names and links; one clear message, before
    anything of it is written (issue 16, finding 5)."""
    relations = [f.name for f in obj._meta.fields if f.is_relation]
    try:
        obj.full_clean(exclude=relations, validate_unique=False, validate_constraints=False)
    except ValidationError as err:
        problems = "; ".join(f"{name}: {' '.join(str(m) for m in messages)}"
                             for name, messages in err.message_dict.items())
        raise BackupError("bad_value", f"{where}: {problems}") from None
    except (TypeError, ValueError, OverflowError) as err:
        raise BackupError("bad_value", f"{where}: {err}") from None
    for name in ("name", "club", "venue", "label"):
        value = getattr(obj, name, None)
        if isinstance(value, str) and has_bidi_control(value):
            raise BackupError("bad_value", f"{where}: {name}: text-direction control "
                                           "characters are not allowed")
    if isinstance(obj, Tournament) and obj.end_date < obj.start_date:
        raise BackupError("bad_value", f"{where}: the end date is before the start date")
    if isinstance(obj, (Match, Event, Board, Tournament)):
        rules = getattr(obj, "default_rules", None) or getattr(obj, "rules", None)
        if rules not in RULESETS:
            raise BackupError("bad_value", f"{where}: unknown rules {rules!r}")
    if isinstance(obj, Event):
        try:
            obj.settings = clean_settings(obj.format, obj.settings)
        except TournamentError:
            raise BackupError("bad_value", f"{where}: the settings are not valid") from None
    if isinstance(obj, Match):
        if not TOKEN.match(obj.umpire_token or ""):
            raise BackupError("bad_value", f"{where}: umpire_token is not a link token of "
                                           "this app")
        _side_counts(obj.games_won, f"{where}: games_won", 0, 5)
    if isinstance(obj, Game):
        _side_counts(obj.scores, f"{where}: scores", 0, 999)
    if isinstance(obj, Board):
        _side_counts(obj.result_points_by_side, f"{where}: points_by_side", -999, 999)
    return obj


def _side_counts(value: Any, where: str, low: int, high: int) -> None:
    if not isinstance(value, dict) or any(
            k not in _SIDES or isinstance(v, bool) or not isinstance(v, int)
            or not low <= v <= high for k, v in value.items()):
        raise BackupError("bad_value", f"{where} must map sides to whole numbers "
                                       f"{low}…{high}")


def _seats(seating: Any, where: str) -> list[str]:
    """Seating names players by their references in this file, never by raw ids."""
    if not isinstance(seating, list) or not all(isinstance(p, str) for p in seating):
        raise BackupError("bad_value", f"{where}: seating must list player references")
    return seating


def _new(model: Any, where: str, /, **fields: Any) -> Any:
    """``model.objects.create(**fields)`` after :func:`_valid`."""
    obj = _valid(model(**fields), where)
    obj.save(force_insert=True)
    return obj


def _require(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise BackupError("missing_field", f"{where}: the field {key!r} is missing")
    return data[key]


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BackupError("bad_field", f"{key!r} must be a list")
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise BackupError("bad_field", f"{key}[{i}] must be an object")
    return value


def _ref(refs: dict[str, Any], ref: Any, where: str, *, optional: bool = True) -> Any:
    if ref is None and optional:
        return None
    if ref not in refs:
        raise BackupError("bad_reference", f"{where}: unknown reference {ref!r}")
    return refs[ref]


def import_tournament(document: Any, *, slug: str | None = None, user: Any = None,
                      allow_replay_differences: bool = False,
                      source_name: str = "") -> ImportReport:
    """Write ``document`` (an export) into the database as a new tournament.

    :param slug: import under this slug instead of the document's (to make a copy).
    :param user: who restores (for the audit trail); ``None`` for the command line.
    :raises BackupError: a malformed document, an existing slug, or boards whose replay does
        not give the result stored with them. Nothing is written then.
    """
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("bad_format", f"not a tournament export (format {FORMAT!r} expected)")
    data = _require(document, "tournament", "the document")
    slug = slug or _require(data, "slug", "tournament")
    if Tournament.objects.filter(slug=slug).exists():
        raise BackupError(
            "exists",
            f"a tournament with the slug {slug!r} exists already; nothing was imported "
            "(import under another slug with --slug to make a copy)",
        )
    with transaction.atomic(), _document_timestamps():
        report = _import(document, data, slug)
        problems = replay_problems(report.tournament)
        if problems and not allow_replay_differences:
            raise BackupError(
                "replay_mismatch",
                "boards whose log does not replay to the result stored with them: "
                + "; ".join(problems[:10]) + (" …" if len(problems) > 10 else ""),
            )
        report.warnings.extend(problems)
        AuditEntry.objects.create(
            tournament=report.tournament,
            actor=user if getattr(user, "pk", None) else None,
            via="import", action="restore",
            detail={"file": source_name, "sha256": document_digest(document),
                    "exported_at": document.get("exported_at"),
                    "slug_in_file": data.get("slug"),
                    "created_users": report.created_users, "warnings": report.warnings},
            created_at=timezone.now(),
        )
    return report


def _import(document: dict[str, Any], data: dict[str, Any], slug: str) -> ImportReport:
    User = get_user_model()
    users: dict[str, Any] = {}
    created_users: list[str] = []

    def user_for(name: Any, where: str) -> Any:
        if name is None or name == "":
            return None
        if not isinstance(name, str):
            raise BackupError("bad_field", f"{where}: a username must be a string")
        if name not in users:
            existing = User.objects.filter(**{User.USERNAME_FIELD: name}).first()
            if existing is None:
                existing = User(**{User.USERNAME_FIELD: name}, is_active=False)
                existing.set_unusable_password()
                existing.save()
                created_users.append(name)
            users[name] = existing
        return users[name]

    tournament = _new(Tournament, "tournament",
        name=_require(data, "name", "tournament"),
        slug=slug,
        start_date=_parse_date(_require(data, "start_date", "tournament"), "start_date"),
        end_date=_parse_date(_require(data, "end_date", "tournament"), "end_date"),
        venue=data.get("venue", ""),
        table_count=data.get("table_count", 8),
        default_rules=data.get("default_rules", "icf"),
        auto_callup=bool(data.get("auto_callup", False)),
        created_at=_parse_dt(data.get("created_at"), "tournament") or timezone.now(),
    )
    tournament.organisers.set([user_for(u, "organisers") for u in data.get("organisers", [])])
    tournament.umpires.set([user_for(u, "umpires") for u in data.get("umpires", [])])
    report = ImportReport(tournament=tournament, created_users=created_users)

    tables: dict[str, Table] = {}
    for i, row in enumerate(_list(document, "tables")):
        tables[_require(row, "ref", f"tables[{i}]")] = _new(Table, f"tables[{i}]",
            tournament=tournament, number=_require(row, "number", f"tables[{i}]"),
            label=row.get("label", ""), active=row.get("active", True))

    players: dict[str, Player] = {}
    for i, row in enumerate(_list(document, "players")):
        where = f"players[{i}]"
        fields = {"name": _require(row, "name", where), "club": row.get("club", ""),
                  "nationality": row.get("nationality", ""), "rating": row.get("rating"),
                  "licence": row.get("licence") or "",
                  "created_at": _parse_dt(row.get("created_at"), where) or timezone.now()}
        _valid(Player(**fields), where)
        player = Player.objects.filter(**fields).order_by("pk").first()
        if player is None:
            player = _new(Player, where, **fields)
        players[_require(row, "ref", where)] = player

    events: dict[str, Event] = {}
    for i, row in enumerate(_list(document, "events")):
        where = f"events[{i}]"
        events[_require(row, "ref", where)] = _new(Event, where,
            tournament=tournament, name=_require(row, "name", where),
            kind=row.get("kind", Event.Kind.SINGLES), format=row.get("format", "knockout"),
            rules=row.get("rules", "icf"), games_to_win=row.get("games_to_win", 2),
            settings=row.get("settings") or {}, status=row.get("status", "entry"),
            order=row.get("order", 0),
            created_at=_parse_dt(row.get("created_at"), where) or timezone.now())
        if isinstance(row.get("roll_call"), dict):
            rc = row["roll_call"]
            RollCall.objects.create(
                event=events[row["ref"]], open=bool(rc.get("open", False)),
                self_checkin=bool(rc.get("self_checkin", False)), code=rc.get("code") or "",
                absent=rc.get("absent") or RollCall.Absent.WITHDRAW,
                opened_at=_parse_dt(rc.get("opened_at"), where) or timezone.now(),
                applied_at=_parse_dt(rc.get("applied_at"), where))

    entries: dict[str, Entry] = {}
    for i, row in enumerate(_list(document, "entries")):
        where = f"entries[{i}]"
        entries[_require(row, "ref", where)] = _new(Entry, where,
            event=_ref(events, row.get("event"), where, optional=False),
            player=_ref(players, row.get("player"), where, optional=False),
            partner=_ref(players, row.get("partner"), where),
            seed=row.get("seed"), withdrawn=bool(row.get("withdrawn", False)),
            present_at=_parse_dt(row.get("present_at"), where),
            present_via=row.get("present_via") or "",
            created_at=_parse_dt(row.get("created_at"), where) or timezone.now())

    rounds: dict[str, Round] = {}
    for i, row in enumerate(_list(document, "rounds")):
        where = f"rounds[{i}]"
        rounds[_require(row, "ref", where)] = _new(Round, where,
            event=_ref(events, row.get("event"), where, optional=False),
            number=_require(row, "number", where), name=row.get("name", ""),
            bracket=row.get("bracket", "main"), stage=row.get("stage", "early"),
            games_to_win=row.get("games_to_win", 2),
            created_at=_parse_dt(row.get("created_at"), where) or timezone.now())

    player_ids = {ref: p.pk for ref, p in players.items()}
    matches: dict[str, Match] = {}
    board_ids: dict[str, int] = {}
    links: list[tuple[Match, dict[str, Any], str]] = []
    counts = {"players": len(players), "events": len(events), "entries": len(entries),
              "matches": 0, "games": 0, "boards": 0, "board_events": 0}
    for i, row in enumerate(_list(document, "matches")):
        where = f"matches[{i}]"
        ref = _require(row, "ref", where)
        token = row.get("umpire_token") or new_umpire_token()
        if Match.objects.filter(umpire_token=token).exists():
            token = new_umpire_token()
            report.warnings.append(f"{ref}: its umpire link is in use by another match; "
                                   "a new link was issued")
        seating = row.get("seating") or []
        match = _new(Match, where,
            event=_ref(events, row.get("event"), where, optional=False),
            round=_ref(rounds, row.get("round"), where),
            number=row.get("number", 1), position=row.get("position", 0),
            group=row.get("group", ""),
            entry_a=_ref(entries, row.get("entry_a"), where),
            entry_b=_ref(entries, row.get("entry_b"), where),
            entry_c=_ref(entries, row.get("entry_c"), where),
            rules=row.get("rules", "icf"), stage=row.get("stage", "early"),
            games_to_win=row.get("games_to_win", 2),
            winner_to_side=row.get("winner_to_side", ""),
            loser_to_side=row.get("loser_to_side", ""),
            draw_reason=row.get("draw_reason") or {},
            toss_winner=row.get("toss_winner", ""), toss_choice=row.get("toss_choice", ""),
            seating=[_ref(player_ids, p, f"{where}: seating", optional=False)
                     for p in _seats(seating, where)],
            table=_ref(tables, row.get("table"), where),
            umpire=user_for(row.get("umpire"), where),
            umpire_token=token,
            umpire_token_revoked_at=_parse_dt(row.get("umpire_token_revoked_at"), where),
            status=row.get("status", Match.Status.SCHEDULED),
            walkover=bool(row.get("walkover", False)), bye=bool(row.get("bye", False)),
            winner_side=row.get("winner_side", ""), games_won=row.get("games_won") or {},
            draw=bool(row.get("draw", False)), needs_review=row.get("needs_review", ""),
            revision=row.get("revision", 0),
            called_at=_parse_dt(row.get("called_at"), where),
            started_at=_parse_dt(row.get("started_at"), where),
            finished_at=_parse_dt(row.get("finished_at"), where),
            confirmed_at=_parse_dt(row.get("confirmed_at"), where),
            updated_at=_parse_dt(row.get("updated_at"), where) or timezone.now(),
            created_at=_parse_dt(row.get("created_at"), where) or timezone.now(),
        )
        matches[ref] = match
        links.append((match, row, where))
        counts["matches"] += 1
        for c in _list(row, "confirmations"):
            _new(MatchConfirmation, where,
                match=match, side=_require(c, "side", where), method=c.get("method", "tap"),
                device=c.get("device", ""),
                created_at=_parse_dt(c.get("created_at"), where) or timezone.now())
        for g in _list(row, "games"):
            _import_game(match, ref, g, where, user_for, board_ids, counts)

    for match, row, where in links:
        winner_to = _ref(matches, row.get("winner_to"), where)
        loser_to = _ref(matches, row.get("loser_to"), where)
        if winner_to or loser_to:
            Match.objects.filter(pk=match.pk).update(winner_to=winner_to, loser_to=loser_to)

    for i, row in enumerate(_list(document, "paper_scoresheets")):
        where = f"paper_scoresheets[{i}]"
        _new(PaperScoresheet, where,
            match=_ref(matches, row.get("match"), where, optional=False),
            games=row.get("games") or [], entered_by=user_for(row.get("entered_by"), where),
            note=row.get("note", ""),
            created_at=_parse_dt(row.get("created_at"), where) or timezone.now())

    for i, row in enumerate(_list(document, "audit")):
        where = f"audit[{i}]"
        action = _require(row, "action", where)
        _new(AuditEntry, where,
            tournament=tournament, match=_ref(matches, row.get("match"), where),
            actor=user_for(row.get("actor"), where), via=row.get("via", ""),
            device=row.get("device", ""), ip=row.get("ip"), action=action,
            detail=_detail_ids(action, row.get("detail") or {}, board_ids, player_ids),
            created_at=_parse_dt(row.get("created_at"), where, required=True))
    counts["audit"] = len(document.get("audit", []))

    for i, row in enumerate(_list(document, "external_records")):
        where = f"external_records[{i}]"
        key = {"source": _require(row, "source", where), "kind": _require(row, "kind", where),
               "key": _require(row, "key", where)}
        if ExternalRecord.objects.filter(**key).exists():
            report.warnings.append(f"{where}: {key['source']} key {key['key']} is already "
                                   "imported elsewhere; not copied")
            continue
        _new(ExternalRecord, where,
            **key, player=_ref(players, row.get("player"), where),
            tournament=tournament if row.get("tournament") else None,
            data=row.get("data") or {},
            created_at=_parse_dt(row.get("created_at"), where) or timezone.now())
    report.counts = counts
    return report


def _import_game(match: Match, match_ref: str, g: dict[str, Any], where: str, user_for: Any,
                 board_ids: dict[str, int], counts: dict[str, int]) -> None:
    number = _require(g, "number", where)
    game = _new(Game, where,
        match=match, number=number, first_breaker=g.get("first_breaker", "a"),
        scores=g.get("scores") or {}, winner_side=g.get("winner_side", ""),
        finished=bool(g.get("finished", False)), time_up=bool(g.get("time_up", False)),
        started_at=_parse_dt(g.get("started_at"), where) or timezone.now())
    counts["games"] += 1
    for b in _list(g, "boards"):
        result = b.get("result") or {}
        sequence = _require(b, "sequence", where)
        board = _new(Board, where,
            game=game, sequence=sequence, kind=b.get("kind", Board.Kind.LOG),
            breaker=_require(b, "breaker", where), rules=b.get("rules", match.rules),
            summary_winner=b.get("summary_winner", ""),
            summary_carrommen=b.get("summary_carrommen"),
            summary_queen=b.get("summary_queen", ""),
            award_points=b.get("award_points"), award_law=b.get("award_law", ""),
            finished=bool(result.get("finished", False)), void=bool(result.get("void", False)),
            result_winner=result.get("winner", ""), result_points=result.get("points"),
            result_law=result.get("law", ""),
            result_interpretation=bool(result.get("interpretation", False)),
            result_carrommen=result.get("carrommen"), result_queen=result.get("queen", ""),
            result_extra_points=result.get("extra_points", 0),
            result_points_by_side=result.get("points_by_side") or {},
            last_seq=b.get("last_seq", 0),
            created_at=_parse_dt(b.get("created_at"), where) or timezone.now(),
            finished_at=_parse_dt(b.get("finished_at"), where),
        )
        board_ids[f"{match_ref}/g{number}/b{sequence}"] = board.pk
        counts["boards"] += 1
        rows = _list(b, "events")
        _import_rows(board, rows, f"{where}.g{number}.b{sequence}", user_for)
        counts["board_events"] += len(rows)
        log = b.get("log")
        if isinstance(log, dict) and rows:
            live = [r["payload"] for r in _live_rows(rows)]
            if log.get("events") != live:
                raise BackupError(
                    "log_mismatch",
                    f"{where} game {number} board {sequence}: the log's events are not the "
                    "live events of its rows",
                )


def _live_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    retracted = {r.get("retracts") for r in rows if r.get("type") == "undo"}
    return [r for r in rows if r.get("type") != "undo" and r.get("seq") not in retracted]


def _import_rows(board: Board, rows: list[dict[str, Any]], where: str, user_for: Any) -> None:
    """Recreate every row of a board's log, undo rows included (in two passes: an undo row
    points at an earlier row)."""
    by_seq: dict[int, BoardEvent] = {}
    seen: set[int] = set()
    plain: list[BoardEvent] = []
    undos: list[tuple[BoardEvent, Any]] = []
    for row in rows:
        seq = _require(row, "seq", where)
        if not isinstance(seq, int) or seq in seen:
            raise BackupError("bad_seq", f"{where}: event numbers must be distinct integers")
        seen.add(seq)
        try:
            client_id = uuid.UUID(str(_require(row, "client_id", where)))
        except ValueError:
            raise BackupError("bad_client_id", f"{where} #{seq}: client_id is not a UUID"
                              ) from None
        event = BoardEvent(
            board=board, seq=seq, client_id=client_id, type=_require(row, "type", where),
            payload=row.get("payload") or {}, recorded_by=user_for(row.get("recorded_by"), where),
            via=row.get("via", ""), device=row.get("device", ""),
            created_at=_parse_dt(row.get("created_at"), f"{where} #{seq}", required=True),
        )
        _valid(event, f"{where} #{seq}")
        if event.type == BoardEvent.Type.UNDO:
            undos.append((event, row.get("retracts")))
        else:
            plain.append(event)
    for event in BoardEvent.objects.bulk_create(plain):
        by_seq[event.seq] = event
    for event, retracts in undos:
        if retracts is None and board.kind != Board.Kind.LOG:
            continue  # withdraws the paper board itself (no row to point at)
        if retracts not in by_seq:
            raise BackupError("bad_undo", f"{where} #{event.seq}: undo of an unknown event "
                              f"#{retracts}")
        event.retracts = by_seq[retracts]
    BoardEvent.objects.bulk_create([e for e, _ in undos])


# --- checking --------------------------------------------------------------------------------


def replay_problems(tournament: Tournament) -> list[str]:
    """Replay every stroke log of ``tournament`` through the rules engine and list the boards
    whose cached result (winner, points, law, void) differs from the replay."""
    problems: list[str] = []
    matches = Match.objects.filter(event__tournament=tournament).order_by("pk")
    for match in matches:
        boards = list(Board.objects.filter(game__match=match, kind=Board.Kind.LOG)
                      .select_related("game").order_by("game__number", "sequence"))
        if not boards:
            continue
        scores = _scores_before_boards(match, boards)
        for board in boards:
            rows = list(board.events.order_by("seq"))
            where = f"match {match.number} game {board.game.number} board {board.sequence}"
            document = board_log_document(board, rows, match=match, scores=scores.get(board.pk))
            try:
                state = replay_board_document(document)
            except RulesError as err:
                problems.append(f"{where}: does not replay ({err})")
                continue
            problems.extend(f"{where}: {p}" for p in _compare(board, match, state))
    return problems


def _compare(board: Board, match: Match, state: dict[str, Any]) -> list[str]:
    result = state.get("result")
    if bool(state.get("finished")) != board.finished:
        return [f"finished is {board.finished} in the cache, {state.get('finished')} replayed"]
    if result is None:
        return []
    if get_rules(board.rules).family == "points":
        points = result.get("points") or {}
        if points != board.result_points_by_side:
            return [f"points {board.result_points_by_side} cached, {points} replayed"]
        return []
    if bool(result.get("void")) != board.void:
        return [f"void is {board.void} in the cache, {result.get('void')} replayed"]
    if board.void:
        return []
    winner = colour_sides(board.breaker).get(result.get("winner") or "")
    found = []
    if winner != board.result_winner:
        found.append(f"winner {board.result_winner!r} cached, {winner!r} replayed")
    if result.get("points") != board.result_points:
        found.append(f"points {board.result_points} cached, {result.get('points')} replayed")
    if (result.get("law") or "") != board.result_law:
        found.append(f"law {board.result_law!r} cached, {result.get('law')!r} replayed")
    return found
