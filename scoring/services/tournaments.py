"""Organiser writes for tournaments, events, players, entries and tables; the CSV import.

Every function takes an :class:`~scoring.services.matches.Actor` (for the audit trail), runs in
a transaction and raises :class:`TournamentError` (a stable ``code`` plus ``params``, translated
by the view) for anything the organiser can fix. The CSV import validates every line first and
saves nothing unless every line is valid (column layout: ``docs/CSV.md``).
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.text import slugify

from scoring.limits import RATING_MAX, RATING_MIN, SEED_MAX, has_bidi_control
from scoring.models import AuditEntry, Entry, Event, Player, Table, Tournament
from scoring.rules import RULESETS, variant_for
from scoring.services.matches import Actor
from scoring.services.players import PlayerBook
from scoring.services.sql_rows import insert_one

#: Format options kept in ``Event.settings`` (anything else there is left alone).
SETTING_KEYS = ("third_place", "random_draw", "rounds", "groups", "qualifiers", "reset",
                "single_game_rounds", "ranking", "bye_points", "walkover", "round_minutes",
                "time_up_board", "separate")
#: Text options and their allowed values (the ranking rule, docs/STANDINGS.md).
TEXT_SETTINGS = {"ranking": ("current", "european"), "walkover": ("bye", "as_played"),
                 "time_up_board": ("finish", "stop")}

#: Formats whose entries close with the draw (a Swiss event takes late entries between rounds).
CLOSED_AFTER_DRAW = (Event.Format.KNOCKOUT, Event.Format.GROUPS,
                     Event.Format.DOUBLE_ELIMINATION)


class TournamentError(Exception):
    """Something the organiser can fix; ``code`` is stable, the view translates it."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def audit(tournament: Tournament, actor: Actor, action: str, detail: dict[str, Any],
          match: Any = None) -> None:
    """One audit row for an organiser action (its INSERT made once per process: a draw's
    fixed cost, issue 17)."""
    insert_one(AuditEntry(
        tournament=tournament, match=match,
        actor=actor.user if getattr(actor.user, "pk", None) else None,
        via=actor.via, device=actor.device[:200], ip=actor.ip, action=action, detail=detail,
    ))


# --- tournaments -------------------------------------------------------------------------------


def unique_slug(name: str, wanted: str = "") -> str:
    base = slugify(wanted or name)[:90] or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


def create_tournament(*, name: str, start_date: datetime.date, end_date: datetime.date,
                      actor: Actor, slug: str = "", venue: str = "", table_count: int = 8,
                      default_rules: str = "icf") -> Tournament:
    """A new tournament; whoever creates it becomes its organiser; tables 1…n are created."""
    if end_date < start_date:
        raise TournamentError("end_before_start")
    if default_rules not in RULESETS:
        raise TournamentError("unknown_rules", rules=default_rules)
    with transaction.atomic():
        if slug and Tournament.objects.filter(slug=slug).exists():
            raise TournamentError("slug_taken", slug=slug)
        tournament = Tournament.objects.create(
            name=name.strip(), slug=slug or unique_slug(name), start_date=start_date,
            end_date=end_date, venue=venue.strip(), table_count=table_count,
            default_rules=default_rules,
        )
        if getattr(actor.user, "pk", None):
            tournament.organisers.add(actor.user)
        sync_tables(tournament)
        audit(tournament, actor, "tournament_created",
              {"name": tournament.name, "slug": tournament.slug})
        return tournament


def update_tournament(*, tournament: Tournament, actor: Actor, **fields: Any) -> Tournament:
    """Change name, dates, venue, number of tables or default rules (logged before/after)."""
    allowed = {"name", "start_date", "end_date", "venue", "table_count", "default_rules",
               "auto_callup", "time_zone"}
    unknown = set(fields) - allowed
    if unknown:
        raise TournamentError("bad_field", field=sorted(unknown)[0])
    start = fields.get("start_date", tournament.start_date)
    end = fields.get("end_date", tournament.end_date)
    if end < start:
        raise TournamentError("end_before_start")
    with transaction.atomic():
        before, after = {}, {}
        for key, value in fields.items():
            old = getattr(tournament, key)
            if old != value:
                before[key], after[key] = str(old), str(value)
                setattr(tournament, key, value)
        if after:
            tournament.save(update_fields=list(after))
            if "table_count" in after:
                sync_tables(tournament)
            audit(tournament, actor, "tournament_changed", {"before": before, "after": after})
        return tournament


def sync_tables(tournament: Tournament) -> list[Table]:
    """Tables 1…``table_count`` exist and are active; tables beyond it are deactivated."""
    existing = {t.number: t for t in tournament.tables.all()}
    missing = [Table(tournament=tournament, number=n)
               for n in range(1, tournament.table_count + 1) if n not in existing]
    Table.objects.bulk_create(missing)
    Table.objects.filter(tournament=tournament, number__gt=tournament.table_count,
                         active=True).update(active=False)
    return list(tournament.tables.order_by("number"))


def update_table(*, table: Table, actor: Actor, label: str | None = None,
                 active: bool | None = None) -> Table:
    changed = {}
    if label is not None and label != table.label:
        changed["label"] = label.strip()[:40]
    if active is not None and active != table.active:
        changed["active"] = active
    if changed:
        for key, value in changed.items():
            setattr(table, key, value)
        table.save(update_fields=list(changed))
        audit(table.tournament, actor, "table_changed", {"table": table.number, **changed})
    return table


def set_umpires(*, tournament: Tournament, users: Iterable[Any], actor: Actor) -> None:
    users = list(users)
    tournament.umpires.set(users)
    audit(tournament, actor, "umpires_changed",
          {"umpires": sorted(u.get_username() for u in users)})


# --- events ------------------------------------------------------------------------------------


def clean_settings(fmt: str, settings: dict[str, Any]) -> dict[str, Any]:
    """Only the options that mean something for ``fmt``, with their types checked."""
    out: dict[str, Any] = {}
    for key in SETTING_KEYS:
        if key not in settings or settings[key] in (None, ""):
            continue
        value = settings[key]
        if key in ("third_place", "random_draw", "reset"):
            out[key] = bool(value)
        elif key == "separate":  # players of one club or nation kept apart (draws)
            if value not in ("club", "nation", "none"):
                raise TournamentError("bad_setting", setting=key)
            if value != "none":
                out[key] = value
        elif key in TEXT_SETTINGS:
            if value not in TEXT_SETTINGS[key]:
                raise TournamentError("bad_setting", setting=key)
            out[key] = value
        else:
            try:
                out[key] = int(value)
            except (TypeError, ValueError):
                raise TournamentError("bad_setting", setting=key) from None
            if out[key] < 0:
                raise TournamentError("bad_setting", setting=key)
    if fmt == Event.Format.GROUPS and out.get("groups", 1) < 1:
        raise TournamentError("bad_setting", setting="groups")
    return out


def _check_event(kind: str, fmt: str, games_to_win: int, rules: str) -> None:
    if rules not in RULESETS:
        raise TournamentError("unknown_rules", rules=rules)
    points = not variant_for(RULESETS[rules]).has_colours
    if (kind == Event.Kind.POINTS) != points:
        raise TournamentError("points_rules")
    if kind == Event.Kind.POINTS and fmt not in (Event.Format.SINGLE_MATCH,
                                                 Event.Format.GROUPS):
        # point carrom: single matches, or a round robin of three-player tables
        raise TournamentError("points_no_draw")
    if games_to_win not in (1, 2, 3):
        raise TournamentError("bad_setting", setting="games_to_win")


def create_event(*, tournament: Tournament, name: str, actor: Actor, kind: str = "singles",
                 format: str = "knockout", rules: str = "", games_to_win: int = 2,
                 settings: dict[str, Any] | None = None, order: int | None = None) -> Event:
    rules = rules or tournament.default_rules
    _check_event(kind, format, games_to_win, rules)
    with transaction.atomic():
        if tournament.events.filter(name__iexact=name.strip()).exists():
            raise TournamentError("event_exists", name=name)
        if order is None:
            order = tournament.events.count() + 1
        event = Event.objects.create(
            tournament=tournament, name=name.strip(), kind=kind, format=format, rules=rules,
            games_to_win=games_to_win, settings=clean_settings(format, settings or {}),
            order=order,
        )
        audit(tournament, actor, "event_created",
              {"event": event.pk, "name": event.name, "format": format, "kind": kind})
        return event


def update_event(*, event: Event, actor: Actor, **fields: Any) -> Event:
    """Change an event; kind, format and rules are fixed once the draw is made."""
    drawn = event.rounds.exists()
    settings = fields.pop("settings", None)
    with transaction.atomic():
        before, after = {}, {}
        for key in ("kind", "format", "rules") if drawn else ():
            if key in fields and fields[key] != getattr(event, key):
                raise TournamentError("drawn_fixed", field=key)
        new = {k: fields.get(k, getattr(event, k)) for k in ("kind", "format", "rules",
                                                             "games_to_win")}
        _check_event(new["kind"], new["format"], int(new["games_to_win"]), new["rules"])
        if "name" in fields and fields["name"].strip().lower() != event.name.lower() and (
                event.tournament.events.filter(name__iexact=fields["name"].strip())
                .exclude(pk=event.pk).exists()):
            raise TournamentError("event_exists", name=fields["name"])
        for key, value in fields.items():
            if key not in ("name", "kind", "format", "rules", "games_to_win", "order",
                           "status"):
                raise TournamentError("bad_field", field=key)
            if getattr(event, key) != value:
                before[key], after[key] = str(getattr(event, key)), str(value)
                setattr(event, key, value)
        if settings is not None:
            merged = {k: v for k, v in event.settings.items() if k not in SETTING_KEYS}
            merged.update(clean_settings(event.format, settings))
            if merged != event.settings:
                before["settings"], after["settings"] = event.settings, merged
                event.settings = merged
        if after:
            event.save()
            audit(event.tournament, actor, "event_changed",
                  {"event": event.pk, "before": before, "after": after})
        return event


def delete_event(*, event: Event, actor: Actor) -> None:
    if event.matches.exists():
        raise TournamentError("event_has_matches")
    with transaction.atomic():
        audit(event.tournament, actor, "event_deleted", {"event": event.pk, "name": event.name})
        event.delete()


# --- players and entries -----------------------------------------------------------------------


NATIONALITY = re.compile(r"^[A-Za-z]{2,3}$")


def entries_open(event: Event) -> bool:
    """Can entries still be added? Knock-out, groups and double elimination close with the
    draw; a Swiss event takes late entries until it is finished."""
    if event.status == Event.Status.FINISHED:
        return False
    if event.format in CLOSED_AFTER_DRAW:
        return not event.rounds.exists()
    return True


def find_player(name: str, club: str = "") -> Player | None:
    """An existing player with this name and club (case-insensitive)."""
    return (Player.objects.filter(name__iexact=name.strip(), club__iexact=club.strip())
            .order_by("pk").first())


@dataclass
class PlayerData:
    name: str
    club: str = ""
    nationality: str = ""
    rating: int | None = None
    licence: str = ""  # the federation's licence number (issue 15)


def add_entry(*, event: Event, player: PlayerData, actor: Actor, partner: PlayerData | None = None,
              seed: int | None = None) -> Entry:
    """Enter a player (or a pair in doubles) by hand; players are found by name and club or
    created. A player who plays in another tournament is never changed: a new nationality or
    rating makes this tournament's own record of the player (:mod:`scoring.services.players`)."""
    with transaction.atomic():
        book = PlayerBook(event.tournament)
        entry, created = _add_entry(event, player, partner, seed, book)
        if not created:
            raise TournamentError("already_entered", name=entry.name)
        audit(event.tournament, actor, "entry_added",
              {"event": event.pk, "entry": entry.pk, "name": entry.name, "seed": seed,
               **book.detail()})
        return entry


def _add_entry(event: Event, player: PlayerData, partner: PlayerData | None, seed: int | None,
               book: PlayerBook) -> tuple[Entry, bool]:
    if not entries_open(event):
        raise TournamentError("entries_closed", event=event.name)
    if event.is_doubles and partner is None:
        raise TournamentError("partner_missing")
    if not event.is_doubles and partner is not None:
        raise TournamentError("partner_singles")
    first = book.resolve(player.name, player.club, player.nationality, player.rating,
                         player.licence)
    mate = book.resolve(partner.name, partner.club) if partner is not None else None
    if mate is not None and mate is first:
        raise TournamentError("partner_self")
    book.save()
    taken = Entry.objects.filter(event=event).filter(
        Q(player__in=[p for p in (first, mate) if p]) |
        Q(partner__in=[p for p in (first, mate) if p]))
    existing = next((e for e in taken if e.player_id == first.pk and
                     e.partner_id == (mate.pk if mate else None)), None)
    if existing is not None:
        if seed is not None and existing.seed != seed:
            _check_seed(event, seed, existing.pk)
            existing.seed = seed
            existing.save(update_fields=["seed"])
        return existing, False
    if taken:
        clash = taken[0]
        raise TournamentError("already_entered", name=(first if clash.player_id == first.pk or
                                                       clash.partner_id == first.pk
                                                       else mate).name)
    if seed is not None:
        _check_seed(event, seed)
    try:
        with transaction.atomic():
            entry = Entry.objects.create(event=event, player=first, partner=mate, seed=seed)
    except IntegrityError:
        raise TournamentError("already_entered", name=first.name) from None
    return entry, True


def _check_seed(event: Event, seed: int, exclude: int | None = None) -> None:
    if not 1 <= seed <= SEED_MAX:
        raise TournamentError("bad_seed")
    clash = Entry.objects.filter(event=event, seed=seed).exclude(pk=exclude)
    if clash.exists():
        raise TournamentError("seed_taken", seed=seed, name=clash.first().name)


def set_seed(*, entry: Entry, seed: int | None, actor: Actor) -> Entry:
    with transaction.atomic():
        if entry.event.rounds.exists() and entry.event.format in CLOSED_AFTER_DRAW:
            raise TournamentError("entries_closed", event=entry.event.name)
        if seed is not None:
            _check_seed(entry.event, seed, entry.pk)
        before = entry.seed
        entry.seed = seed
        entry.save(update_fields=["seed"])
        audit(entry.event.tournament, actor, "entry_seed",
              {"entry": entry.pk, "before": before, "after": seed})
        return entry


def remove_entry(*, entry: Entry, actor: Actor) -> None:
    """Delete an entry that has no match yet (otherwise: withdraw it)."""
    from scoring.models import Match

    with transaction.atomic():
        if Match.objects.filter(Q(entry_a=entry) | Q(entry_b=entry) | Q(entry_c=entry)).exists():
            raise TournamentError("entry_has_matches", name=entry.name)
        audit(entry.event.tournament, actor, "entry_removed",
              {"event": entry.event_id, "entry": entry.pk, "name": entry.name})
        entry.delete()


# --- CSV import --------------------------------------------------------------------------------

#: Column names (lower case) the import understands, with English and German aliases.
COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "spieler", "spielerin"),
    "club": ("club", "verein"),
    "nationality": ("nationality", "country", "nation", "land", "nationalität"),
    "rating": ("rating", "wertung", "elo"),
    "licence": ("licence", "license", "licence number", "lizenz", "lizenznummer", "pass"),
    "event": ("event", "wettbewerb", "disziplin"),
    "seed": ("seed", "setzplatz", "setzung"),
    "partner": ("partner", "partnerin", "doubles partner", "doppelpartner"),
    "partner_club": ("partner_club", "partner club", "partnerverein", "verein partner"),
}
MAX_LINES = 5000


@dataclass
class LineError:
    line: int  # 1-based line number in the file (the header is line 1)
    code: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class ImportResult:
    ok: bool
    rows: int = 0
    errors: list[LineError] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


class ImportFailed(Exception):
    def __init__(self, errors: list[LineError]) -> None:
        super().__init__(f"{len(errors)} errors")
        self.errors = errors


def decode_csv(raw: bytes | str) -> str:
    """UTF-8 (with or without BOM); Windows-1252 as the fallback of old spreadsheet exports."""
    if isinstance(raw, str):
        return raw.lstrip("\ufeff")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _header_map(header: list[str]) -> tuple[dict[str, int], list[str]]:
    mapping: dict[str, int] = {}
    unknown: list[str] = []
    for index, raw in enumerate(header):
        name = raw.strip().lower().replace("-", "_")
        key = next((k for k, aliases in COLUMNS.items()
                    if name in aliases or name.replace("_", " ") in aliases), None)
        if key is None:
            if name:
                unknown.append(raw.strip())
        elif key not in mapping:
            mapping[key] = index
    return mapping, unknown


#: Column separators the import reads: comma, semicolon (German Excel) and tab (pasted cells).
DELIMITERS = (",", ";", "\t")


def _delimiter(text: str) -> str | None:
    """The separator of the header line that yields a name column (the most frequent first);
    rows may be shorter than the header (spreadsheets drop trailing empty cells)."""
    first = text.lstrip("\r\n").splitlines()[0] if text.strip() else ""
    for delimiter in sorted(DELIMITERS, key=lambda d: -first.count(d)):
        try:
            header = next(csv.reader([first], delimiter=delimiter))
        except (StopIteration, csv.Error):
            continue
        if "name" in _header_map(header)[0]:
            return delimiter
    return None


def import_csv(*, tournament: Tournament, data: bytes | str, actor: Actor,
               default_event: Event | None = None, dry_run: bool = False) -> ImportResult:
    """Import players and entries from CSV (``docs/CSV.md``): all lines or none.

    Every line is checked first; any error leaves the database as it was and the result lists
    each error with its line number. ``dry_run`` checks only.
    """
    text = decode_csv(data)
    errors: list[LineError] = []
    if not text.strip():
        return ImportResult(False, errors=[LineError(1, "csv_empty")])
    delimiter = _delimiter(text)
    if delimiter is None:
        first = text.lstrip().splitlines()[0][:80]
        if any(word in COLUMNS["name"] for word in re.split(r"[^\w]+", first.lower())):
            return ImportResult(False, errors=[LineError(1, "csv_wrong_delimiter",
                                                         {"line": first})])
        return ImportResult(False, errors=[LineError(1, "csv_no_name_column")])
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader)
    except (StopIteration, csv.Error):
        return ImportResult(False, errors=[LineError(1, "csv_empty")])
    mapping, unknown = _header_map(header)
    if unknown:
        errors.append(LineError(1, "csv_unknown_columns", {"columns": ", ".join(unknown)}))
    events = {e.name.lower(): e for e in tournament.events.all()}
    rows: list[tuple[int, Event | None, PlayerData, PlayerData | None, int | None]] = []
    seen: dict[tuple[int, str, str], int] = {}
    seeds: dict[tuple[int, int], int] = {}
    open_events: dict[int, bool] = {}
    count = 0
    try:
        for record in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            count += 1
            if count > MAX_LINES:
                errors.append(LineError(line, "csv_too_long", {"max": MAX_LINES}))
                break

            def cell(key: str, record: list[str] = record) -> str:
                index = mapping.get(key)
                return record[index].strip() if index is not None and index < len(record) else ""

            row_errors: list[LineError] = []
            name = cell("name")
            if not name:
                row_errors.append(LineError(line, "name_missing"))
            elif len(name) > 120:
                row_errors.append(LineError(line, "name_too_long"))
            club = cell("club")[:120]
            if any(has_bidi_control(cell(k)) for k in ("name", "club", "partner",
                                                        "partner_club")):
                row_errors.append(LineError(line, "name_bidi"))
            nationality = cell("nationality")
            if nationality and not NATIONALITY.match(nationality):
                row_errors.append(LineError(line, "bad_nationality", {"value": nationality}))
            rating = None
            if cell("rating"):
                rating = _whole(cell("rating"), RATING_MIN, RATING_MAX, decimals=True)
                if rating is None:
                    row_errors.append(LineError(line, "bad_rating", {
                        "value": cell("rating")[:40], "min": RATING_MIN, "max": RATING_MAX}))
            seed = None
            if cell("seed"):
                seed = _whole(cell("seed"), 1, SEED_MAX)
                if seed is None:
                    row_errors.append(LineError(line, "bad_seed_value",
                                                {"value": cell("seed")[:40], "max": SEED_MAX}))
            event_name = cell("event")
            event = default_event
            if event_name:
                event = events.get(event_name.lower())
                if event is None:
                    row_errors.append(LineError(line, "unknown_event", {"value": event_name}))
            elif event is None:
                row_errors.append(LineError(line, "event_missing"))
            partner_name = cell("partner")
            partner = None
            if partner_name:
                partner = PlayerData(partner_name[:120], cell("partner_club")[:120] or club)
            if event is not None:
                if event.pk not in open_events:
                    open_events[event.pk] = entries_open(event)
                if not open_events[event.pk]:
                    row_errors.append(LineError(line, "entries_closed", {"event": event.name}))
                elif event.is_doubles and partner is None:
                    row_errors.append(LineError(line, "partner_missing"))
                elif not event.is_doubles and partner is not None:
                    row_errors.append(LineError(line, "partner_singles"))
                if name:
                    key = (event.pk, name.lower(), club.lower())
                    if key in seen:
                        row_errors.append(LineError(line, "duplicate_line",
                                                    {"other": seen[key]}))
                    seen[key] = line
                if seed is not None:
                    other = seeds.get((event.pk, seed))
                    if other is not None:
                        row_errors.append(LineError(line, "duplicate_seed",
                                                    {"seed": seed, "other": other}))
                    seeds[(event.pk, seed)] = line
            if row_errors:
                errors.extend(row_errors)
                continue
            rows.append((line, event, PlayerData(name, club, nationality, rating,
                                                 cell("licence")[:40]), partner, seed))
    except csv.Error as exc:
        errors.append(LineError(reader.line_num, "csv_broken", {"detail": str(exc)}))
    if not rows and not errors:
        errors.append(LineError(1, "csv_empty"))
    if errors:
        return ImportResult(False, rows=count, errors=errors, counts=_counts())
    return _import_rows(tournament, rows, actor, dry_run, count)


def _counts(**values: int) -> dict[str, int]:
    counts = {"players_created": 0, "players_updated": 0, "players_copied": 0,
              "players_not_changed": 0, "entries_created": 0, "entries_kept": 0}
    counts.update(values)
    return counts


def _import_rows(tournament: Tournament, rows: list[Any], actor: Actor, dry_run: bool,
                 count: int) -> ImportResult:
    """Plan every entry with a few reads (no lock), then write them with bulk inserts in one
    short transaction: strokes posted meanwhile wait well under a second for the write lock
    (issue 16: a 5,000-line import held SQLite's lock for 22 s)."""
    book = PlayerBook(tournament)
    book.load([(p.name.lower(), p.club.lower()) for _l, _e, player, partner, _s in rows
               for p in (player, partner) if p is not None])
    events = {event.pk for _l, event, _p, _q, _s in rows}
    taken: dict[tuple[int, Any], Entry] = {}
    seeds: dict[tuple[int, int], Entry] = {}
    for entry in Entry.objects.filter(event_id__in=events):
        taken[(entry.event_id, entry.player_id)] = entry
        if entry.partner_id:
            taken[(entry.event_id, entry.partner_id)] = entry
        if entry.seed is not None:
            seeds[(entry.event_id, entry.seed)] = entry
    errors: list[LineError] = []
    new: list[Entry] = []
    reseeded: list[Entry] = []
    for line, event, player, partner, seed in rows:
        first = book.resolve(player.name, player.club, player.nationality, player.rating,
                         player.licence)
        mate = book.resolve(partner.name, partner.club) if partner is not None else None
        if mate is first:
            errors.append(LineError(line, "partner_self"))
            continue
        people = [p for p in (first, mate) if p is not None]
        found = [taken.get((event.pk, p.pk if p.pk else id(p))) for p in people]
        existing = found[0]
        if (existing is not None and existing.pk and existing.player_id == first.pk
                and existing.partner_id == (mate.pk if mate else None)):
            if seed is not None and existing.seed != seed:
                other = seeds.get((event.pk, seed))
                if other is not None and other is not existing:
                    errors.append(LineError(line, "seed_taken", {"seed": seed,
                                                                 "name": _entry_name(other)}))
                    continue
                existing.seed = seed
                seeds[(event.pk, seed)] = existing
                reseeded.append(existing)
            continue
        clash = next((p for p, e in zip(people, found, strict=True) if e is not None), None)
        if clash is not None:
            errors.append(LineError(line, "already_entered", {"name": clash.name}))
            continue
        if seed is not None and (event.pk, seed) in seeds:
            errors.append(LineError(line, "seed_taken", {
                "seed": seed, "name": _entry_name(seeds[(event.pk, seed)])}))
            continue
        entry = Entry(event=event, player=first, partner=mate, seed=seed)
        for p in people:
            taken[(event.pk, p.pk if p.pk else id(p))] = entry
        if seed is not None:
            seeds[(event.pk, seed)] = entry
        new.append(entry)
    counts = _counts(players_created=len(book.new) - len(book.copies),
                     players_updated=len(book.changes), players_copied=len(book.copies),
                     players_not_changed=len(book.kept), entries_created=len(new),
                     entries_kept=len(rows) - len(new) - len(errors))
    if errors:
        return ImportResult(False, rows=count, errors=errors, counts=counts)
    if dry_run:
        return ImportResult(True, rows=count, counts=counts)
    try:
        with transaction.atomic():
            book.save()
            for entry in new:  # the players' ids exist now
                entry.player = entry.player
                entry.partner = entry.partner
            Entry.objects.bulk_create(new, batch_size=500)
            if reseeded:
                Entry.objects.bulk_update(reseeded, ["seed"], batch_size=500)
            audit(tournament, actor, "players_imported",
                  {"lines": len(rows), **counts, **book.detail()})
    except IntegrityError:
        return ImportResult(False, rows=count, counts=counts,
                            errors=[LineError(1, "csv_changed_meanwhile")])
    return ImportResult(True, rows=count, counts=counts)


def _entry_name(entry: Entry) -> str:
    return entry.name if entry.player_id else entry.player.name


def _whole(text: str, low: int, high: int, decimals: bool = False) -> int | None:
    """``text`` as a whole number in low…high, else ``None`` ("inf", "1e400", "1e30" and
    20-digit numbers included). ``decimals``: "1500.0" or "1500,7" count (cut to 1500)."""
    text = text.strip()
    pattern = r"[+-]?\d{1,12}([.,]\d{0,6})?" if decimals else r"[+-]?\d{1,12}"
    if not re.fullmatch(pattern, text):
        return None
    number = int(float(text.replace(",", ".")))
    return number if low <= number <= high else None


def tournament_players(tournament: Tournament) -> list[Player]:
    """Players with an entry (or as a partner) in any event of the tournament."""
    return list(Player.objects.filter(
        Q(entries__event__tournament=tournament) |
        Q(partner_entries__event__tournament=tournament)).distinct().order_by("name", "club"))
