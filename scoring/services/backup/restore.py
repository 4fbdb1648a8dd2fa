"""The restore: a document checked value by value, then written into the database under its slug
(or another), its stroke logs replayed.
"""

from __future__ import annotations

import datetime
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone

from scoring.limits import has_bidi_control
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
from scoring.models.match import new_umpire_token
from scoring.rules import RULESETS, RulesError, variant_for
from scoring.rules.house import compose
from scoring.services.backup.check import replay_problems, result_problems
from scoring.services.backup.common import (
    FORMAT,
    TIMESTAMPED,
    BackupError,
    document_digest,
    parse_day,
    parse_timestamp,
)
from scoring.services.backup.export import detail_ids
from scoring.services.backup.teams import import_teams
from scoring.services.players import PlayerBook
from scoring.services.tournaments import TournamentError, clean_settings
from scoring.standings.results import match_totals


@dataclass
class ImportReport:
    tournament: Tournament
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    created_users: list[str] = field(default_factory=list)
    #: roles the file names for logins that existed before it ("olga (organiser)"): not given
    roles_not_granted: list[str] = field(default_factory=list)


def _parse_born(value: Any, where: str) -> datetime.date | None:
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
def _document_timestamps() -> Iterator[None]:
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


def _valid(obj: Any, where: str) -> Any:
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
            isinstance(obj, (Match, Event, Board)) and rules in _HOUSE_KEYS.get({}).values()
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


def import_tournament(
    document: Any,
    *,
    slug: str | None = None,
    user: Any = None,
    allow_replay_differences: bool = False,
    source_name: str = "",
    grant_existing_roles: bool = False,
) -> ImportReport:
    """Write ``document`` (an export) into the database as a new tournament.

    The file is checked like the log: every board's stroke log replayed, every paper board
    within its preset, every match's and game's result derived again from its boards through
    the engine. A file grants roles (organiser, umpire, a match's umpire) only to the
    logins it makes itself (inactive, without a password); a login that existed before is
    named in :attr:`ImportReport.roles_not_granted` and in the warnings instead.

    :param slug: import under this slug instead of the document's (to make a copy).
    :param user: who restores (for the audit trail; becomes an organiser of the copy);
        ``None`` for the command line.
    :param grant_existing_roles: the server's administrator confirms the file's roles for
        existing logins (``import_tournament --grant-existing-roles``; a restore on the
        server it was made on).
    :raises BackupError: a malformed document, an existing slug, or boards whose replay does
        not give the result stored with them, or matches whose stored result contradicts
        their games. Nothing is written then.
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
        report = _import(document, data, slug, grant_existing_roles)
        if getattr(user, "pk", None):
            report.tournament.organisers.add(user)
        problems = replay_problems(report.tournament)
        if problems and not allow_replay_differences:
            raise BackupError(
                "replay_mismatch",
                "boards whose log does not replay to the result stored with them: "
                + "; ".join(problems[:10])
                + (" …" if len(problems) > 10 else ""),
            )
        contradictions = result_problems(report.tournament)
        if contradictions and not allow_replay_differences:
            raise BackupError(
                "result_mismatch",
                "matches whose stored result contradicts their games: "
                + "; ".join(contradictions[:10])
                + (" …" if len(contradictions) > 10 else ""),
            )
        report.warnings.extend(problems + contradictions)
        AuditEntry.objects.create(
            tournament=report.tournament,
            actor=user if getattr(user, "pk", None) else None,
            via="import",
            action="restore",
            detail={
                "file": source_name,
                "sha256": document_digest(document),
                "exported_at": document.get("exported_at"),
                "slug_in_file": data.get("slug"),
                "created_users": report.created_users,
                "roles_not_granted": report.roles_not_granted,
                "warnings": report.warnings,
            },
            created_at=timezone.now(),
        )
    return report


#: The house presets' keys of the document being imported (old key -> the key the engine
#: gives the same switches now), for :func:`_valid` and :func:`_rules_key`.
_HOUSE_KEYS: ContextVar[dict[str, str]] = ContextVar("house_keys")


def _rules_key(rules: Any) -> Any:
    """A row's rules with a house preset's key as the engine composes it now."""
    return _HOUSE_KEYS.get({}).get(rules, rules) if isinstance(rules, str) else rules


def _import_house_presets(tournament: Tournament, rows: list[dict[str, Any]]) -> None:
    """The tournament's house presets, each checked by the engine (``scoring/rules/house.py``);
    the events, matches and boards that name a preset's key follow it."""
    keys: dict[str, str] = {}
    for i, row in enumerate(rows):
        where = f"house_presets[{i}]"
        name = _require(row, "name", where)
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
        _new(
            HousePreset,
            where,
            tournament=tournament,
            name=name.strip(),
            base=rules.base or "icf",
            switches=dict(rules.switches),
            key=rules.key,
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )
    _HOUSE_KEYS.set(keys)


def _import(
    document: dict[str, Any], data: dict[str, Any], slug: str, grant_existing_roles: bool = False
) -> ImportReport:
    User = get_user_model()
    users: dict[str, Any] = {}
    created_users: list[str] = []
    not_granted: list[str] = []

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

    def role_for(name: Any, role: str, where: str) -> Any:
        """The login a role goes to: one this import made, never one that existed before
        (a file must not make someone organiser or umpire of anything)."""
        user = user_for(name, where)
        if user is None or grant_existing_roles or name in created_users:
            return user
        if f"{name} ({role})" not in not_granted:
            not_granted.append(f"{name} ({role})")
        return None

    tournament = _new(
        Tournament,
        "tournament",
        name=_require(data, "name", "tournament"),
        slug=slug,
        start_date=parse_day(_require(data, "start_date", "tournament"), where="start_date"),
        end_date=parse_day(_require(data, "end_date", "tournament"), where="end_date"),
        venue=data.get("venue", ""),
        table_count=data.get("table_count", 8),
        default_rules=data.get("default_rules", "icf"),
        auto_callup=bool(data.get("auto_callup", False)),
        time_zone=str(
            data.get("time_zone") or Tournament._meta.get_field("time_zone").get_default()
        ),
        created_at=parse_timestamp(data.get("created_at"), where="tournament") or timezone.now(),
    )
    roles = {"organisers": "organiser", "umpires": "umpire"}
    for key, role in roles.items():
        names = data.get(key, [])
        if not isinstance(names, list):
            raise BackupError("bad_field", f"tournament: {key!r} must be a list")
        getattr(tournament, key).set(
            [u for u in (role_for(n, role, key) for n in names) if u is not None]
        )
    report = ImportReport(
        tournament=tournament, created_users=created_users, roles_not_granted=not_granted
    )

    tables: dict[str, Table] = {}
    for i, row in enumerate(_list(document, "tables")):
        tables[_require(row, "ref", f"tables[{i}]")] = _new(
            Table,
            f"tables[{i}]",
            tournament=tournament,
            number=_require(row, "number", f"tables[{i}]"),
            label=row.get("label", ""),
            active=row.get("active", True),
        )

    _import_house_presets(tournament, _list(document, "house_presets"))

    players: dict[str, Player] = {}
    # one person, one player (issue 31): the book finds a known player by the name's key,
    # club, licence and date of birth, as every import does
    book = PlayerBook(tournament)
    for i, row in enumerate(_list(document, "players")):
        where = f"players[{i}]"
        fields = {
            "name": _require(row, "name", where),
            "club": row.get("club", ""),
            "nationality": row.get("nationality", ""),
            "rating": row.get("rating"),
            "licence": row.get("licence") or "",
            "born": _parse_born(row.get("born"), where),
            "sex": row.get("sex") or "",
            "created_at": parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        }
        _valid(Player(**fields), where)
        player = book.resolve(
            fields["name"],
            fields["club"],
            fields["nationality"],
            fields["rating"],
            fields["licence"],
            fields["born"],
        )
        if player.pk is None:
            player.created_at = fields["created_at"]
            player.sex = fields["sex"]  # the rating lists' filter (issue 33)
        players[_require(row, "ref", where)] = player
    book.save()

    events: dict[str, Event] = {}
    for i, row in enumerate(_list(document, "events")):
        where = f"events[{i}]"
        events[_require(row, "ref", where)] = _new(
            Event,
            where,
            tournament=tournament,
            name=_require(row, "name", where),
            kind=row.get("kind", Event.Kind.SINGLES),
            format=row.get("format", "knockout"),
            rules=_rules_key(row.get("rules", "icf")),
            games_to_win=row.get("games_to_win", 2),
            settings=row.get("settings") or {},
            status=row.get("status", "entry"),
            order=row.get("order", 0),
            round_minutes=row.get("round_minutes"),
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )
        if isinstance(row.get("roll_call"), dict):
            rc = row["roll_call"]
            RollCall.objects.create(
                event=events[row["ref"]],
                open=bool(rc.get("open", False)),
                self_checkin=bool(rc.get("self_checkin", False)),
                code=rc.get("code") or "",
                absent=rc.get("absent") or RollCall.Absent.WITHDRAW,
                opened_at=parse_timestamp(rc.get("opened_at"), where=where) or timezone.now(),
                applied_at=parse_timestamp(rc.get("applied_at"), where=where),
            )

    entries: dict[str, Entry] = {}
    for i, row in enumerate(_list(document, "entries")):
        where = f"entries[{i}]"
        entries[_require(row, "ref", where)] = _new(
            Entry,
            where,
            event=_ref(events, row.get("event"), where, optional=False),
            player=_ref(players, row.get("player"), where, optional=False),
            partner=_ref(players, row.get("partner"), where),
            seed=row.get("seed"),
            rating=row.get("rating"),
            withdrawn=bool(row.get("withdrawn", False)),
            prize=row.get("prize"),
            present_at=parse_timestamp(row.get("present_at"), where=where),
            present_via=row.get("present_via") or "",
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )

    rounds: dict[str, Round] = {}
    for i, row in enumerate(_list(document, "rounds")):
        where = f"rounds[{i}]"
        rounds[_require(row, "ref", where)] = _new(
            Round,
            where,
            event=_ref(events, row.get("event"), where, optional=False),
            number=_require(row, "number", where),
            name=row.get("name", ""),
            bracket=row.get("bracket", "main"),
            stage=row.get("stage", "early"),
            games_to_win=row.get("games_to_win", 2),
            clock_started_at=parse_timestamp(row.get("clock_started_at"), where=where),
            clock_extra_minutes=row.get("clock_extra_minutes", 0),
            clock_stopped_at=parse_timestamp(row.get("clock_stopped_at"), where=where),
            clock_stopped_seconds=row.get("clock_stopped_seconds", 0),
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )

    player_ids = {ref: p.pk for ref, p in players.items()}
    matches: dict[str, Match] = {}
    board_ids: dict[str, int] = {}
    links: list[tuple[Match, dict[str, Any], str]] = []
    counts = {
        "players": len(players),
        "events": len(events),
        "entries": len(entries),
        "matches": 0,
        "games": 0,
        "boards": 0,
        "board_events": 0,
    }
    for i, row in enumerate(_list(document, "matches")):
        where = f"matches[{i}]"
        ref = _require(row, "ref", where)
        token = row.get("umpire_token") or new_umpire_token()
        if Match.objects.filter(umpire_token=token).exists():
            token = new_umpire_token()
            report.warnings.append(
                f"{ref}: its umpire link is in use by another match; a new link was issued"
            )
        seating = row.get("seating") or []
        match = _new(
            Match,
            where,
            event=_ref(events, row.get("event"), where, optional=False),
            round=_ref(rounds, row.get("round"), where),
            number=row.get("number", 1),
            position=row.get("position", 0),
            group=row.get("group", ""),
            entry_a=_ref(entries, row.get("entry_a"), where),
            entry_b=_ref(entries, row.get("entry_b"), where),
            entry_c=_ref(entries, row.get("entry_c"), where),
            rules=_rules_key(row.get("rules", "icf")),
            stage=row.get("stage", "early"),
            games_to_win=row.get("games_to_win", 2),
            winner_to_side=row.get("winner_to_side", ""),
            loser_to_side=row.get("loser_to_side", ""),
            advances=row.get("advances", "") if row.get("advances") in ("a", "b") else "",
            draw_reason=row.get("draw_reason") or {},
            toss_winner=row.get("toss_winner", ""),
            toss_choice=row.get("toss_choice", ""),
            seating=[
                _ref(player_ids, p, f"{where}: seating", optional=False)
                for p in _seats(seating, where)
            ],
            table=_ref(tables, row.get("table"), where),
            umpire=role_for(row.get("umpire"), "umpire of a match", where),
            umpire_token=token,
            umpire_token_revoked_at=parse_timestamp(
                row.get("umpire_token_revoked_at"), where=where
            ),
            status=row.get("status", Match.Status.SCHEDULED),
            walkover=bool(row.get("walkover", False)),
            bye=bool(row.get("bye", False)),
            winner_side=row.get("winner_side", ""),
            games_won=row.get("games_won") or {},
            draw=bool(row.get("draw", False)),
            needs_review=row.get("needs_review", ""),
            revision=row.get("revision", 0),
            called_at=parse_timestamp(row.get("called_at"), where=where),
            started_at=parse_timestamp(row.get("started_at"), where=where),
            finished_at=parse_timestamp(row.get("finished_at"), where=where),
            confirmed_at=parse_timestamp(row.get("confirmed_at"), where=where),
            updated_at=parse_timestamp(row.get("updated_at"), where=where) or timezone.now(),
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )
        matches[ref] = match
        links.append((match, row, where))
        counts["matches"] += 1
        for c in _list(row, "confirmations"):
            _new(
                MatchConfirmation,
                where,
                match=match,
                side=_require(c, "side", where),
                method=c.get("method", "tap"),
                device=c.get("device", ""),
                created_at=parse_timestamp(c.get("created_at"), where=where) or timezone.now(),
            )
        for g in _list(row, "games"):
            _import_game(match, ref, g, where, user_for, board_ids, counts)
        # the match's cached totals over the games just imported (not in the document)
        Match.objects.filter(pk=match.pk).update(
            **match_totals((g.get("winner_side", ""), g.get("scores")) for g in _list(row, "games"))
        )

    for match, row, where in links:
        winner_to = _ref(matches, row.get("winner_to"), where)
        loser_to = _ref(matches, row.get("loser_to"), where)
        if winner_to or loser_to:
            Match.objects.filter(pk=match.pk).update(winner_to=winner_to, loser_to=loser_to)

    for i, row in enumerate(_list(document, "paper_scoresheets")):
        where = f"paper_scoresheets[{i}]"
        _new(
            PaperScoresheet,
            where,
            match=_ref(matches, row.get("match"), where, optional=False),
            games=row.get("games") or [],
            entered_by=user_for(row.get("entered_by"), where),
            note=row.get("note", ""),
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )

    for i, row in enumerate(_list(document, "audit")):
        where = f"audit[{i}]"
        action = _require(row, "action", where)
        _new(
            AuditEntry,
            where,
            tournament=tournament,
            match=_ref(matches, row.get("match"), where),
            actor=user_for(row.get("actor"), where),
            via=row.get("via", ""),
            device=row.get("device", ""),
            ip=row.get("ip"),
            action=action,
            detail=detail_ids(
                action, detail=row.get("detail") or {}, board_ids=board_ids, player_ids=player_ids
            ),
            created_at=parse_timestamp(row.get("created_at"), where=where, required=True),
        )
    counts["audit"] = len(document.get("audit", []))

    counts.update(
        import_teams(
            document,
            tournament=tournament,
            events=events,
            entries=entries,
            players=players,
            matches=matches,
            new=_new,
            ref=_ref,
            rows=_list,
        )
    )  # team events (issue 34)

    for i, row in enumerate(_list(document, "external_records")):
        where = f"external_records[{i}]"
        record_key = {
            "source": _require(row, "source", where),
            "kind": _require(row, "kind", where),
            "key": _require(row, "key", where),
        }
        if ExternalRecord.objects.filter(**record_key).exists():
            report.warnings.append(
                f"{where}: {record_key['source']} key {record_key['key']} is already "
                "imported elsewhere; not copied"
            )
            continue
        _new(
            ExternalRecord,
            where,
            **record_key,
            player=_ref(players, row.get("player"), where),
            tournament=tournament if row.get("tournament") else None,
            data=row.get("data") or {},
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )
    report.counts = counts
    report.warnings.extend(
        f"{held}: a login that existed before the import; the file's role was not given "
        "(add the person from the People page)"
        for held in not_granted
    )
    return report


def _import_game(
    match: Match,
    match_ref: str,
    g: dict[str, Any],
    where: str,
    user_for: Any,
    board_ids: dict[str, int],
    counts: dict[str, int],
) -> None:
    number = _require(g, "number", where)
    game = _new(
        Game,
        where,
        match=match,
        number=number,
        first_breaker=g.get("first_breaker", "a"),
        scores=g.get("scores") or {},
        winner_side=g.get("winner_side", ""),
        finished=bool(g.get("finished", False)),
        time_up=bool(g.get("time_up", False)),
        started_at=parse_timestamp(g.get("started_at"), where=where) or timezone.now(),
    )
    counts["games"] += 1
    for b in _list(g, "boards"):
        result = b.get("result") or {}
        sequence = _require(b, "sequence", where)
        board = _new(
            Board,
            where,
            game=game,
            sequence=sequence,
            kind=b.get("kind", Board.Kind.LOG),
            breaker=_require(b, "breaker", where),
            rules=_rules_key(b["rules"]) if "rules" in b else match.rules,
            summary_winner=b.get("summary_winner", ""),
            summary_carrommen=b.get("summary_carrommen"),
            summary_queen=b.get("summary_queen", ""),
            award_points=b.get("award_points"),
            award_law=b.get("award_law", ""),
            recorded_scores=b.get("recorded_scores") or {},
            finished=bool(result.get("finished", False)),
            void=bool(result.get("void", False)),
            result_winner=result.get("winner", ""),
            result_points=result.get("points"),
            result_law=result.get("law", ""),
            result_interpretation=bool(result.get("interpretation", False)),
            result_carrommen=result.get("carrommen"),
            result_queen=result.get("queen", ""),
            result_extra_points=result.get("extra_points", 0),
            result_points_by_side=result.get("points_by_side") or {},
            last_seq=b.get("last_seq", 0),
            created_at=parse_timestamp(b.get("created_at"), where=where) or timezone.now(),
            finished_at=parse_timestamp(b.get("finished_at"), where=where),
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
            raise BackupError("bad_client_id", f"{where} #{seq}: client_id is not a UUID") from None
        event = BoardEvent(
            board=board,
            seq=seq,
            client_id=client_id,
            type=_require(row, "type", where),
            payload=row.get("payload") or {},
            recorded_by=user_for(row.get("recorded_by"), where),
            via=row.get("via", ""),
            device=row.get("device", ""),
            created_at=parse_timestamp(
                row.get("created_at"), where=f"{where} #{seq}", required=True
            ),
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
            raise BackupError(
                "bad_undo", f"{where} #{event.seq}: undo of an unknown event #{retracts}"
            )
        event.retracts = by_seq[retracts]
    BoardEvent.objects.bulk_create([e for e, _ in undos])
