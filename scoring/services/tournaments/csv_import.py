"""The CSV import of players and entries (column layout: ``docs/CSV.md``): every line is
checked first, and nothing is saved unless every line is valid; then one short bulk
transaction."""

from __future__ import annotations

import csv
import datetime
import io
import re
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction

from scoring.identity import name_key
from scoring.limits import RATING_MAX, RATING_MIN, SEED_MAX, has_bidi_control
from scoring.models import Entry, Event, Player, Tournament
from scoring.services.audit import Actor
from scoring.services.errors import ServiceError
from scoring.services.players import PlayerBook
from scoring.services.tournaments.base import audit
from scoring.services.tournaments.entries import PlayerData, entries_open

NATIONALITY = re.compile(r"^[A-Za-z]{2,3}$")

#: Column names (lower case) the import understands, with English and German aliases.
COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "spieler", "spielerin"),
    "club": ("club", "verein"),
    "nationality": ("nationality", "country", "nation", "land", "nationalität"),
    "rating": ("rating", "wertung", "elo"),
    "licence": ("licence", "license", "licence number", "lizenz", "lizenznummer", "pass"),
    "born": ("born", "date of birth", "birth date", "birthdate", "dob", "geboren", "geburtsdatum"),
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
    #: lines whose player may already exist under another club (nothing imported while
    #: ``duplicates="ask"``): line, code "possible_duplicate", the name and the known players
    duplicates: list[LineError] = field(default_factory=list)
    text: str = ""  # the decoded file, so the page can ask and send it again


#: What the import does with a name known under another club (issue 31): stop and show the
#: lines ("ask"), enter the known player ("same"), or make a new player ("new").
DUPLICATE_CHOICES = ("ask", "same", "new")


class ImportFailed(ServiceError):
    """A CSV file refused as a whole: ``errors`` says what is wrong on which line."""

    def __init__(self, errors: list[LineError]) -> None:
        super().__init__("csv_import_failed", f"{len(errors)} errors", count=len(errors))
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
        key = next(
            (
                k
                for k, aliases in COLUMNS.items()
                if name in aliases or name.replace("_", " ") in aliases
            ),
            None,
        )
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


def import_csv(
    *,
    tournament: Tournament,
    data: bytes | str,
    actor: Actor,
    default_event: Event | None = None,
    dry_run: bool = False,
    duplicates: str = "new",
) -> ImportResult:
    """Import players and entries from CSV (``docs/CSV.md``): all lines or none.

    Every line is checked first; any error leaves the database as it was and the result lists
    each error with its line number. ``dry_run`` checks only. Players are found by the
    name's key (any case and Unicode form, :mod:`scoring.identity`), club, licence and date of
    birth; ``duplicates`` (:data:`DUPLICATE_CHOICES`) says what a name known only under
    another club becomes.
    """
    text = decode_csv(data)
    errors: list[LineError] = []
    if not text.strip():
        return ImportResult(False, errors=[LineError(1, "csv_empty")])
    delimiter = _delimiter(text)
    if delimiter is None:
        first = text.lstrip().splitlines()[0][:80]
        if any(word in COLUMNS["name"] for word in re.split(r"[^\w]+", first.lower())):
            return ImportResult(
                False, errors=[LineError(1, "csv_wrong_delimiter", {"line": first})]
            )
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
            if any(has_bidi_control(cell(k)) for k in ("name", "club", "partner", "partner_club")):
                row_errors.append(LineError(line, "name_bidi"))
            nationality = cell("nationality")
            if nationality and not NATIONALITY.match(nationality):
                row_errors.append(LineError(line, "bad_nationality", {"value": nationality}))
            rating = None
            if cell("rating"):
                rating = _whole(cell("rating"), RATING_MIN, RATING_MAX, decimals=True)
                if rating is None:
                    row_errors.append(
                        LineError(
                            line,
                            "bad_rating",
                            {"value": cell("rating")[:40], "min": RATING_MIN, "max": RATING_MAX},
                        )
                    )
            seed = None
            if cell("seed"):
                seed = _whole(cell("seed"), 1, SEED_MAX)
                if seed is None:
                    row_errors.append(
                        LineError(
                            line, "bad_seed_value", {"value": cell("seed")[:40], "max": SEED_MAX}
                        )
                    )
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
                    key = (event.pk, name_key(name), name_key(club))
                    if key in seen:
                        row_errors.append(LineError(line, "duplicate_line", {"other": seen[key]}))
                    seen[key] = line
                if seed is not None:
                    other = seeds.get((event.pk, seed))
                    if other is not None:
                        row_errors.append(
                            LineError(line, "duplicate_seed", {"seed": seed, "other": other})
                        )
                    seeds[(event.pk, seed)] = line
            if row_errors:
                errors.extend(row_errors)
                continue
            born = None
            if cell("born"):
                born = parse_born(cell("born"))
                if born is None:
                    row_errors.append(LineError(line, "bad_born", {"value": cell("born")[:40]}))
                    errors.extend(row_errors)
                    continue
            rows.append(
                (
                    line,
                    event,
                    PlayerData(name, club, nationality, rating, cell("licence")[:40], born),
                    partner,
                    seed,
                )
            )
    except csv.Error as exc:
        errors.append(LineError(reader.line_num, "csv_broken", {"detail": str(exc)}))
    if not rows and not errors:
        errors.append(LineError(1, "csv_empty"))
    if errors:
        return ImportResult(False, rows=count, errors=errors, counts=_counts(), text=text)
    result = _import_rows(tournament, rows, actor, dry_run, count, duplicates)
    result.text = text
    return result


def _counts(**values: int) -> dict[str, int]:
    counts = {
        "players_created": 0,
        "players_updated": 0,
        "players_copied": 0,
        "players_not_changed": 0,
        "entries_created": 0,
        "entries_kept": 0,
    }
    counts.update(values)
    return counts


def parse_born(text: str) -> datetime.date | None:
    """A date of birth as spreadsheets write it: 2001-04-30, 30.04.2001 or 30/04/2001."""
    text = text.strip()
    for pattern, order in (
        (r"(\d{4})-(\d{1,2})-(\d{1,2})", (0, 1, 2)),
        (r"(\d{1,2})[./](\d{1,2})[./](\d{4})", (2, 1, 0)),
    ):
        found = re.fullmatch(pattern, text)
        if found:
            parts = [int(found.group(i + 1)) for i in order]
            try:
                day = datetime.date(*parts)
            except ValueError:
                return None
            return day if 1900 <= day.year <= datetime.date.today().year else None
    return None


def _import_rows(
    tournament: Tournament,
    rows: list[Any],
    actor: Actor,
    dry_run: bool,
    count: int,
    duplicates: str = "new",
) -> ImportResult:
    """Plan every entry with a few reads (no lock), then write them with bulk inserts in one
    short transaction: strokes posted meanwhile wait well under a second for the write lock
    (issue 16: a 5,000-line import held SQLite's lock for 22 s)."""
    book = PlayerBook(tournament)
    book.load(
        [
            (name_key(p.name), name_key(p.club))
            for _l, _e, player, partner, _s in rows
            for p in (player, partner)
            if p is not None
        ]
    )
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
    asked: list[LineError] = []
    for line, event, player, partner, seed in rows:
        same: dict[int, Player | None] = {}
        for n, p in enumerate((player, partner)):
            if p is None or duplicates == "new":
                continue
            known = book.similar(p.name, p.club, p.licence, p.born)
            if known and duplicates == "same":
                same[n] = known[0]
            elif known:
                asked.append(
                    LineError(
                        line,
                        "possible_duplicate",
                        {
                            "name": ", ".join(x for x in (p.name, p.club) if x),
                            "known": "; ".join(
                                ", ".join(x for x in (k.name, k.club) if x) for k in known[:3]
                            ),
                        },
                    )
                )
        first = book.resolve(
            player.name,
            player.club,
            player.nationality,
            player.rating,
            player.licence,
            player.born,
            same_as=same.get(0),
        )
        mate = (
            book.resolve(partner.name, partner.club, same_as=same.get(1))
            if partner is not None
            else None
        )
        if mate is first:
            errors.append(LineError(line, "partner_self"))
            continue
        people = [p for p in (first, mate) if p is not None]
        found = [taken.get((event.pk, p.pk if p.pk else id(p))) for p in people]
        existing = found[0]
        if (
            existing is not None
            and existing.pk
            and existing.player_id == first.pk
            and existing.partner_id == (mate.pk if mate else None)
        ):
            if seed is not None and existing.seed != seed:
                other = seeds.get((event.pk, seed))
                if other is not None and other is not existing:
                    errors.append(
                        LineError(line, "seed_taken", {"seed": seed, "name": _entry_name(other)})
                    )
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
            errors.append(
                LineError(
                    line, "seed_taken", {"seed": seed, "name": _entry_name(seeds[(event.pk, seed)])}
                )
            )
            continue
        entry = Entry(event=event, player=first, partner=mate, seed=seed)
        for p in people:
            taken[(event.pk, p.pk if p.pk else id(p))] = entry
        if seed is not None:
            seeds[(event.pk, seed)] = entry
        new.append(entry)
    counts = _counts(
        players_created=len(book.new) - len(book.copies),
        players_updated=len(book.changes),
        players_copied=len(book.copies),
        players_not_changed=len(book.kept),
        entries_created=len(new),
        entries_kept=len(rows) - len(new) - len(errors),
    )
    if errors:
        return ImportResult(False, rows=count, errors=errors, counts=counts, duplicates=asked)
    if asked:
        return ImportResult(False, rows=count, counts=counts, duplicates=asked)
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
            audit(
                tournament,
                actor=actor,
                action="players_imported",
                detail={"lines": len(rows), **counts, **book.detail()},
            )
    except IntegrityError:
        return ImportResult(
            False, rows=count, counts=counts, errors=[LineError(1, "csv_changed_meanwhile")]
        )
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
