"""The restore: a document checked value by value, then written into the database under its slug
(or another), its stroke logs replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring.models import (
    AuditEntry,
    Entry,
    Event,
    ExternalRecord,
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
from scoring.services.backup.check import replay_problems, result_problems
from scoring.services.backup.common import (
    FORMAT,
    BackupError,
    document_digest,
    parse_day,
    parse_timestamp,
)
from scoring.services.backup.export import detail_ids
from scoring.services.backup.games import import_game
from scoring.services.backup.rows import TOKEN as TOKEN
from scoring.services.backup.rows import (
    document_timestamps,
    import_house_presets,
    list_of,
    new_row,
    parse_born,
    ref_to,
    require,
    rules_key,
    seats_of,
    valid_row,
)
from scoring.services.backup.teams import import_teams
from scoring.services.players import PlayerBook
from scoring.standings.results import match_totals


@dataclass
class ImportReport:
    tournament: Tournament
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    created_users: list[str] = field(default_factory=list)
    #: roles the file names for logins that existed before it ("olga (organiser)"): not given
    roles_not_granted: list[str] = field(default_factory=list)


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
    data = require(document, key="tournament", where="the document")
    slug = slug or require(data, key="slug", where="tournament")
    if Tournament.objects.filter(slug=slug).exists():
        raise BackupError(
            "exists",
            f"a tournament with the slug {slug!r} exists already; nothing was imported "
            "(import under another slug with --slug to make a copy)",
        )
    with transaction.atomic(), document_timestamps():
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

    tournament = new_row(
        Tournament,
        where="tournament",
        name=require(data, key="name", where="tournament"),
        slug=slug,
        start_date=parse_day(
            require(data, key="start_date", where="tournament"), where="start_date"
        ),
        end_date=parse_day(require(data, key="end_date", where="tournament"), where="end_date"),
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
    for i, row in enumerate(list_of(document, key="tables")):
        tables[require(row, key="ref", where=f"tables[{i}]")] = new_row(
            Table,
            where=f"tables[{i}]",
            tournament=tournament,
            number=require(row, key="number", where=f"tables[{i}]"),
            label=row.get("label", ""),
            active=row.get("active", True),
        )

    import_house_presets(tournament, rows=list_of(document, key="house_presets"))

    players: dict[str, Player] = {}
    # one person, one player (issue 31): the book finds a known player by the name's key,
    # club, licence and date of birth, as every import does
    book = PlayerBook(tournament)
    for i, row in enumerate(list_of(document, key="players")):
        where = f"players[{i}]"
        fields = {
            "name": require(row, key="name", where=where),
            "club": row.get("club", ""),
            "nationality": row.get("nationality", ""),
            "rating": row.get("rating"),
            "licence": row.get("licence") or "",
            "born": parse_born(row.get("born"), where=where),
            "sex": row.get("sex") or "",
            "created_at": parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        }
        valid_row(Player(**fields), where=where)
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
        players[require(row, key="ref", where=where)] = player
    book.save()

    events: dict[str, Event] = {}
    for i, row in enumerate(list_of(document, key="events")):
        where = f"events[{i}]"
        events[require(row, key="ref", where=where)] = new_row(
            Event,
            where=where,
            tournament=tournament,
            name=require(row, key="name", where=where),
            kind=row.get("kind", Event.Kind.SINGLES),
            format=row.get("format", "knockout"),
            rules=rules_key(row.get("rules", "icf")),
            games_to_win=row.get("games_to_win", 2),
            settings=row.get("settings") or {},
            status=row.get("status", "entry"),
            order=row.get("order", 0),
            round_minutes=row.get("round_minutes"),
            prized=bool(row.get("prized", False)),
            prizes_pending=bool(row.get("prizes_pending", False)),
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
    for i, row in enumerate(list_of(document, key="entries")):
        where = f"entries[{i}]"
        entries[require(row, key="ref", where=where)] = new_row(
            Entry,
            where=where,
            event=ref_to(events, ref=row.get("event"), where=where, optional=False),
            player=ref_to(players, ref=row.get("player"), where=where, optional=False),
            partner=ref_to(players, ref=row.get("partner"), where=where),
            seed=row.get("seed"),
            rating=row.get("rating"),
            withdrawn=bool(row.get("withdrawn", False)),
            prize=row.get("prize"),
            present_at=parse_timestamp(row.get("present_at"), where=where),
            present_via=row.get("present_via") or "",
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )

    rounds: dict[str, Round] = {}
    for i, row in enumerate(list_of(document, key="rounds")):
        where = f"rounds[{i}]"
        rounds[require(row, key="ref", where=where)] = new_row(
            Round,
            where=where,
            event=ref_to(events, ref=row.get("event"), where=where, optional=False),
            number=require(row, key="number", where=where),
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
    for i, row in enumerate(list_of(document, key="matches")):
        where = f"matches[{i}]"
        ref = require(row, key="ref", where=where)
        token = row.get("umpire_token") or new_umpire_token()
        if Match.objects.filter(umpire_token=token).exists():
            token = new_umpire_token()
            report.warnings.append(
                f"{ref}: its umpire link is in use by another match; a new link was issued"
            )
        seating = row.get("seating") or []
        match = new_row(
            Match,
            where=where,
            event=ref_to(events, ref=row.get("event"), where=where, optional=False),
            round=ref_to(rounds, ref=row.get("round"), where=where),
            number=row.get("number", 1),
            position=row.get("position", 0),
            group=row.get("group", ""),
            entry_a=ref_to(entries, ref=row.get("entry_a"), where=where),
            entry_b=ref_to(entries, ref=row.get("entry_b"), where=where),
            entry_c=ref_to(entries, ref=row.get("entry_c"), where=where),
            rules=rules_key(row.get("rules", "icf")),
            stage=row.get("stage", "early"),
            games_to_win=row.get("games_to_win", 2),
            winner_to_side=row.get("winner_to_side", ""),
            loser_to_side=row.get("loser_to_side", ""),
            advances=row.get("advances", "") if row.get("advances") in ("a", "b") else "",
            draw_reason=row.get("draw_reason") or {},
            toss_winner=row.get("toss_winner", ""),
            toss_choice=row.get("toss_choice", ""),
            seating=[
                ref_to(player_ids, ref=p, where=f"{where}: seating", optional=False)
                for p in seats_of(seating, where=where)
            ],
            table=ref_to(tables, ref=row.get("table"), where=where),
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
        for c in list_of(row, key="confirmations"):
            new_row(
                MatchConfirmation,
                where=where,
                match=match,
                side=require(c, key="side", where=where),
                method=c.get("method", "tap"),
                device=c.get("device", ""),
                created_at=parse_timestamp(c.get("created_at"), where=where) or timezone.now(),
            )
        for g in list_of(row, key="games"):
            import_game(
                match,
                match_ref=ref,
                g=g,
                where=where,
                user_for=user_for,
                board_ids=board_ids,
                counts=counts,
            )
        # the match's cached totals over the games just imported (not in the document)
        Match.objects.filter(pk=match.pk).update(
            **match_totals(
                (g.get("winner_side", ""), g.get("scores")) for g in list_of(row, key="games")
            )
        )

    for match, row, where in links:
        winner_to = ref_to(matches, ref=row.get("winner_to"), where=where)
        loser_to = ref_to(matches, ref=row.get("loser_to"), where=where)
        if winner_to or loser_to:
            Match.objects.filter(pk=match.pk).update(winner_to=winner_to, loser_to=loser_to)

    for i, row in enumerate(list_of(document, key="paper_scoresheets")):
        where = f"paper_scoresheets[{i}]"
        new_row(
            PaperScoresheet,
            where=where,
            match=ref_to(matches, ref=row.get("match"), where=where, optional=False),
            games=row.get("games") or [],
            entered_by=user_for(row.get("entered_by"), where),
            note=row.get("note", ""),
            created_at=parse_timestamp(row.get("created_at"), where=where) or timezone.now(),
        )

    for i, row in enumerate(list_of(document, key="audit")):
        where = f"audit[{i}]"
        action = require(row, key="action", where=where)
        new_row(
            AuditEntry,
            where=where,
            tournament=tournament,
            match=ref_to(matches, ref=row.get("match"), where=where),
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
        )
    )  # team events (issue 34)

    for i, row in enumerate(list_of(document, key="external_records")):
        where = f"external_records[{i}]"
        record_key = {
            "source": require(row, key="source", where=where),
            "kind": require(row, key="kind", where=where),
            "key": require(row, key="key", where=where),
        }
        if ExternalRecord.objects.filter(**record_key).exists():
            report.warnings.append(
                f"{where}: {record_key['source']} key {record_key['key']} is already "
                "imported elsewhere; not copied"
            )
            continue
        new_row(
            ExternalRecord,
            where=where,
            **record_key,
            player=ref_to(players, ref=row.get("player"), where=where),
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
