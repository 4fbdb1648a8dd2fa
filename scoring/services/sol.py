"""Import of SoL archives (``.sol`` / ``.sol.gz``), the format of Scarry On Line.

SoL (by Lele Gaifax) keeps European carrom history. Its portable archive is a stream of YAML
documents (gzip-compressed for ``.sol.gz``; a JSON list in some versions):

- the first document holds lists — ``players``, ``clubs``, ``championships`` (``seasons`` in
  SoL 3), ``ratings``, ``rates``, ``users`` — whose items are referred to elsewhere by their
  1-based position in the list;
- every further document is one tournament ("tourney"): ``guid``, ``description``, ``date``,
  ``location``, ``championship`` (a position), ``system``, ``competitors`` (each with
  ``players``: positions in the players list, ``retired``) and ``matches``: ``competitor1``,
  ``competitor2`` (positions in the competitors list; none for the phantom, a bye), ``turn``
  (the round), ``board`` (the table), ``final``, ``breaker`` (``"1"``/``"2"``), ``score1``,
  ``score2`` and optionally ``boards``: ``number``, ``coins1``, ``coins2`` — in a normal board
  the carrommen of the *opponent* still on the table, so the side with coins won the board with
  that many points — and ``queen`` (``"1"``/``"2"``, who pocketed it).

This module is our own reading of that format (see docs/EXPORT.md); no SoL code is used. What
it makes of a tourney: a :class:`~scoring.models.Tournament` with one event (singles or
doubles), entries, a round per turn, and a single-game match per SoL match. Boards given in the
archive become quick-entry *summary* boards (winner, carrommen, queen: our engine computes the
points, 22-point rule included); a match with only its final score gets *award* boards of at
most 12 points marked ``SoL result`` (the loser's first). Every board goes through
:func:`scoring.services.matches.record_quick_board` with an import :class:`Actor`, so the engine
checks it and the audit trail records it.

Nothing is imported twice: SoL's ``guid`` of players and tourneys is kept in
:class:`~scoring.models.ExternalRecord`; a tourney already imported is skipped, a player
already imported is reused. Personal data beyond names, club and nationality (e-mail, birth
date, phone, portrait) is not imported.
"""

from __future__ import annotations

import datetime
import io
import json
import uuid
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Any

import yaml
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from scoring.limits import strip_bidi
from scoring.models import (
    AuditEntry,
    Entry,
    Event,
    ExternalRecord,
    Match,
    Player,
    Round,
    Table,
    Tournament,
)
from scoring.round_clock import limit_minutes
from scoring.rules import RulesError, derive_game
from scoring.rules.game import SummaryEntry
from scoring.services.backup import (
    ArchiveTooLarge,
    gunzip_capped,
    yaml_documents,
)
from scoring.services.backup import archive as backups
from scoring.services.matches import (
    Actor,
    MatchError,
    match_snapshot,
    record_quick_board,
    record_toss,
)
from scoring.services.time_up import record_time_up

SOURCE = "sol"
AWARD_LAW = "SoL result"
BOARD_MAX = 12

SYSTEMS = {
    "swiss": Event.Format.SWISS,
    "knockout": Event.Format.KNOCKOUT,
    "roundrobin": Event.Format.GROUPS,
}


class SolError(Exception):
    """A file that is not a readable SoL archive."""


@dataclass
class SolReport:
    tournaments: list[Tournament] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # tourneys imported before
    players_created: int = 0
    players_reused: int = 0
    matches: int = 0
    boards: int = 0
    warnings: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # what SoL recorded that was kept as such
    flagged: list[str] = field(default_factory=list)  # matches flagged for the organiser


# --- reading ---------------------------------------------------------------------------------


def read_members(content: bytes) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each SoL archive in ``content``: one (plain or gzip), or every ``.sol``/``.sol.gz``
    member of a ``.zip`` backup (SoL's backups hold an ``everything.sol``), read member by
    member; ``(member name, documents)``.

    :raises SolError: not an archive, or a zip without a SoL member.
    """
    if content[:4] != b"PK\x03\x04":
        return [("", read_archive(content))]
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            names = [n for n in archive.namelist()
                     if n.lower().endswith((".sol", ".sol.gz")) and not n.endswith("/")]
            if not names:
                raise SolError("the zip file holds no .sol archive")
            out = []
            for name in names:
                try:
                    out.append((name, read_archive(_read_member(archive, name))))
                except SolError as err:
                    raise SolError(f"{name}: {err}") from None
            return out
    except zipfile.BadZipFile as err:
        raise SolError(f"the zip data is damaged ({err})") from None


def _read_member(archive: zipfile.ZipFile, name: str) -> bytes:
    """One zip member, read in pieces and refused past the unpacking cap (a zip bomb never
    fills the memory, whatever its header claims)."""
    limit = backups.MAX_UNPACKED_BYTES
    out = bytearray()
    with archive.open(name) as member:
        while chunk := member.read(1 << 20):
            out += chunk
            if len(out) > limit:
                raise SolError(f"the archive unpacks to more than {limit // 2**20} MiB")
    return bytes(out)


def read_archive(content: bytes) -> list[dict[str, Any]]:
    """The documents of a SoL archive (gzip-compressed or not, YAML or JSON).

    :raises SolError: not an archive.
    """
    if content[:2] == b"\x1f\x8b":
        try:
            content = gunzip_capped(content)
        except ArchiveTooLarge as err:
            raise SolError(str(err)) from None
        except (OSError, EOFError, zlib.error) as err:
            raise SolError(f"the gzip data is damaged ({err})") from None
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise SolError("the file is not UTF-8 text (nor gzip-compressed text)") from None
    try:
        documents = (json.loads(text) if text.lstrip().startswith("[")
                     else yaml_documents(text))
    except ArchiveTooLarge as err:
        raise SolError(str(err)) from None
    except (ValueError, yaml.YAMLError) as err:
        raise SolError(f"the file is neither YAML nor JSON: {err}") from None
    documents = [d for d in documents if d is not None]
    if not documents or not all(isinstance(d, dict) for d in documents):
        raise SolError("a SoL archive is a list of YAML documents (mappings)")
    if "players" not in documents[0]:
        raise SolError("the first document of a SoL archive lists the players; it is missing")
    return documents


def _item(items: list[Any], position: Any, what: str) -> Any:
    if isinstance(position, dict):  # SoL 2 wrote the item itself
        return position
    if not isinstance(position, int) or not 1 <= position <= len(items):
        raise SolError(f"{what} {position!r} does not exist in the archive")
    return items[position - 1]


def _date(value: Any, what: str) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value[:10])
        except ValueError:
            pass
    raise SolError(f"{what}: {value!r} is not a date")


def _text(value: Any) -> str:
    """A text of the archive, without text-direction controls (they would flip names)."""
    return "" if value is None else strip_bidi(str(value)).strip()


# --- import ----------------------------------------------------------------------------------


def import_sol(content: bytes, *, user: Any = None, file_name: str = "") -> SolReport:
    """Import every tourney of a SoL archive that was not imported before.

    :param user: who imports (audit trail) and becomes an organiser of the new tournaments.
    :raises SolError: the file is not a SoL archive, or a tourney in it is malformed (nothing
        of that tourney is written; tourneys before it stay imported).
    """
    members = read_members(content)
    report = SolReport()
    actor = Actor(user=user if getattr(user, "pk", None) else None, via="import",
                  device=f"SoL import {file_name}"[:200])
    for member, documents in members:
        lists = documents[0]
        name = f"{file_name}:{member}" if member else file_name
        for index, tourney in enumerate(documents[1:], 1):
            with transaction.atomic():
                _import_tourney(tourney, index, lists, report, actor, user, name)
    return report


def _player_key(splayer: dict[str, Any]) -> str:
    guid = _text(splayer.get("guid"))
    if guid:
        return guid
    parts = [_text(splayer.get(k)).casefold() for k in ("lastname", "firstname", "nickname")]
    return "name:" + "|".join(parts)


def _player(splayer: Any, lists: dict[str, Any], report: SolReport) -> Player:
    if not isinstance(splayer, dict):
        raise SolError("a player must be a mapping")
    key = _player_key(splayer)
    record = ExternalRecord.objects.filter(source=SOURCE, kind="player", key=key).first()
    if record is not None and record.player is not None:
        report.players_reused += 1
        return record.player
    first, last = _text(splayer.get("firstname")), _text(splayer.get("lastname"))
    name = " ".join(p for p in (first, last) if p)
    nickname = _text(splayer.get("nickname"))
    if nickname:
        name = f"{name} ({nickname})"
    if not name:
        raise SolError("a player has no name")
    club = ""
    if splayer.get("club") is not None:
        sclub = _item(lists.get("clubs") or [], splayer["club"], "club")
        club = _text(sclub.get("description") if isinstance(sclub, dict) else sclub)
    nationality = _text(splayer.get("nationality"))[:3].upper()
    player = Player.objects.create(name=name[:120], club=club[:120], nationality=nationality)
    ExternalRecord.objects.create(
        source=SOURCE, kind="player", key=key[:100], player=player,
        data={"firstname": first, "lastname": last, "nickname": nickname,
              "nationality": nationality, "club": club},
    )
    report.players_created += 1
    return player


def _unique_slug(base: str) -> str:
    base = (slugify(base) or "sol-tournament")[:90]
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _import_tourney(tourney: dict[str, Any], index: int, lists: dict[str, Any],
                    report: SolReport, actor: Actor, user: Any, file_name: str) -> None:
    where = f"tourney {index}"
    description = _text(tourney.get("description")) or where
    day = _date(tourney.get("date"), f"{where} ({description})")
    championships = lists.get("championships") or lists.get("seasons") or []
    position = tourney.get("championship", tourney.get("season"))
    championship = _item(championships, position, "championship") if position else {}
    cname = _text(championship.get("description")) if isinstance(championship, dict) else ""
    key = _text(tourney.get("guid")) or f"{cname}|{day.isoformat()}|{description}"
    if ExternalRecord.objects.filter(source=SOURCE, kind="tournament", key=key[:100]).exists():
        report.skipped.append(f"{description} ({day.isoformat()})")
        return

    competitors = tourney.get("competitors") or []
    matches = tourney.get("matches") or []
    if not isinstance(competitors, list) or not isinstance(matches, list):
        raise SolError(f"{where}: competitors and matches must be lists")
    players_per = max((len(c.get("players") or []) for c in competitors
                       if isinstance(c, dict)), default=1)
    if players_per > 2:
        report.warnings.append(f"{description} ({day.isoformat()}): teams of {players_per} "
                               "players are not supported; tourney skipped")
        return

    tables_needed = max((m.get("board") or 0 for m in matches if isinstance(m, dict)),
                        default=0)
    tournament = Tournament.objects.create(
        name=description[:200], slug=_unique_slug(f"{description} {day.isoformat()}"),
        start_date=day, end_date=day, venue=_text(tourney.get("location"))[:200],
        table_count=max(tables_needed, 1))
    if getattr(user, "pk", None):
        tournament.organisers.add(user)
    played = [m for m in matches if isinstance(m, dict)
              and (m.get("score1") or m.get("score2") or m.get("competitor2") is None)]
    event = Event.objects.create(
        tournament=tournament, name=(cname or description)[:120],
        kind=Event.Kind.DOUBLES if players_per == 2 else Event.Kind.SINGLES,
        format=SYSTEMS.get(_text(tourney.get("system")), Event.Format.SWISS),
        games_to_win=1,
        status=Event.Status.FINISHED if matches and len(played) == len(matches)
        else Event.Status.RUNNING,
        settings={"ranking": "european", "bye_points": _phantom_score(tourney)},
        round_minutes=limit_minutes(tourney.get("duration")),  # SoL's round time limit
    )
    group = "A" if event.format == Event.Format.GROUPS else ""  # a round robin: one table
    players = lists.get("players") or []
    entries: list[Entry] = []
    for c_index, competitor in enumerate(competitors, 1):
        if not isinstance(competitor, dict) or not competitor.get("players"):
            raise SolError(f"{where}: competitor {c_index} has no players")
        members = [_player(_item(players, p, "player"), lists, report)
                   for p in competitor["players"]]
        rating = _number(competitor.get("rate", competitor.get("rating")))
        if rating is not None and members[0].rating != rating:
            members[0].rating = rating  # SoL's rating: the last tie-break of its ranking
            members[0].save(update_fields=["rating"])
            report.kept.append(f"{members[0].name}: rating {rating}")
        position = _number(competitor.get("position"))
        entries.append(Entry.objects.create(
            event=event, player=members[0], partner=members[1] if len(members) > 1 else None,
            withdrawn=bool(competitor.get("retired")),
            seed=position if position and position > 0 else None))

    rounds: dict[tuple[int, bool], Round] = {}
    tables: dict[int, Table] = {}
    ordered = sorted((m for m in matches if isinstance(m, dict)),
                     key=lambda m: (m.get("turn") or 0, bool(m.get("final")), m.get("board") or 0))
    for number, smatch in enumerate(ordered, 1):
        turn = smatch.get("turn") or 1
        final = bool(smatch.get("final"))
        if (turn, final) not in rounds:
            rounds[(turn, final)] = Round.objects.create(
                event=event, number=turn, games_to_win=1,
                bracket=Round.Bracket.FINAL if final else Round.Bracket.MAIN,
                stage=Round.Stage.LATE, name="")
        table_no = smatch.get("board")
        if isinstance(table_no, int) and table_no > 0 and table_no not in tables:
            tables[table_no] = Table.objects.get_or_create(tournament=tournament,
                                                           number=table_no)[0]
        _import_match(smatch, number, event, rounds[(turn, final)], tables.get(table_no),
                      entries, tournament, actor, report, f"{description}, round {turn}",
                      group=group)

    ExternalRecord.objects.create(
        source=SOURCE, kind="tournament", key=key[:100], tournament=tournament,
        data={"description": description, "date": day.isoformat(), "championship": cname,
              "location": _text(tourney.get("location")), "file": file_name,
              "system": _text(tourney.get("system")), "matches": len(matches)},
    )
    AuditEntry.objects.create(
        tournament=tournament, actor=actor.user, via="import", device=actor.device,
        action="import_sol",
        detail={"file": file_name, "guid": _text(tourney.get("guid")),
                "description": description, "date": day.isoformat(),
                "competitors": len(entries), "matches": len(ordered)},
    )
    report.tournaments.append(tournament)


def _entry(entries: list[Entry], position: Any, where: str) -> Entry | None:
    if position is None:
        return None
    if not isinstance(position, int) or not 1 <= position <= len(entries):
        raise SolError(f"{where}: competitor {position!r} does not exist")
    return entries[position - 1]


def _side(flag: Any) -> str | None:
    return {"1": "a", "2": "b", 1: "a", 2: "b"}.get(flag)


def _phantom_score(tourney: dict[str, Any]) -> int:
    """SoL's phantom score: what a bye is worth (25 by default)."""
    value = _number(tourney.get("phantomscore"))
    return value if value is not None and value >= 0 else 25


def _number(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _board_scores(plan: list[dict[str, Any]], breaker: str | None) -> dict[str, int]:
    """What ``plan`` (summary boards) adds up to by the engine (22-point rule included),
    as a game stopped by time after its last board."""
    entries = [SummaryEntry(b["winner"], b["carrommen"], b["queen"] or None) for b in plan]
    try:
        state = derive_game(entries, players=("a", "b"), first_breaker=breaker or "a",
                            time_up=True)
    except RulesError:
        return {}
    return dict(state.scores)


def _import_match(smatch: dict[str, Any], number: int, event: Event, round_: Round,
                  table: Table | None, entries: list[Entry], tournament: Tournament,
                  actor: Actor, report: SolReport, where: str, group: str = "") -> None:
    entry_a = _entry(entries, smatch.get("competitor1"), where)
    entry_b = _entry(entries, smatch.get("competitor2"), where)
    if entry_a is None:
        raise SolError(f"{where}: a match without its first competitor")
    score1, score2 = smatch.get("score1") or 0, smatch.get("score2") or 0
    day_end = timezone.make_aware(datetime.datetime.combine(tournament.end_date,
                                                            datetime.time(23, 59)))
    match = Match.objects.create(
        event=event, round=round_, number=number, entry_a=entry_a, entry_b=entry_b,
        table=table, rules="icf", stage=Round.Stage.LATE, games_to_win=1,
        bye=entry_b is None, status=Match.Status.READY, group=group,
    )
    report.matches += 1
    sol_result = {"score1": score1, "score2": score2, "turn": smatch.get("turn"),
                  "board": smatch.get("board"), "final": bool(smatch.get("final"))}
    if entry_b is None:  # the phantom: a bye
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED,
                                                 winner_side="a", finished_at=day_end)
        AuditEntry.objects.create(tournament=tournament, match=match, actor=actor.user,
                                  via="import", device=actor.device, action="sol_result",
                                  detail={**sol_result, "bye": True})
        return
    if not score1 and not score2 and not smatch.get("boards"):
        return  # not played (yet)
    breaker = _side(smatch.get("breaker"))
    record_toss(match=match, winner=breaker or "a", choice="break", actor=actor)
    plan = _boards_from_sol(smatch.get("boards") or [], where, report)
    source = "boards"
    warnings: list[str] = []
    review = ""
    rows = smatch.get("boards") or []
    if plan is not None:
        added = _board_scores(plan, breaker)
        if (added.get("a"), added.get("b")) != (score1, score2):
            # SoL's score is what SoL ranked by: it wins; the rows stay in the audit trail
            review = (f"SoL says {score1}–{score2}, its board rows give "
                      f"{added.get('a', '?')}–{added.get('b', '?')}")
            warnings.append(f"{where}, table {smatch.get('board')}: {review}; SoL's score "
                            "is kept, the board rows are noted for the organiser")
            plan = None
    if plan is None:
        plan = _awards_from_score(score1, score2)
        source = "score"
    if score1 == score2 and score1 >= 25:
        review = review or f"SoL says {score1}–{score2}"
        warnings.append(f"{where}, table {smatch.get('board')}: SoL says {score1}–{score2}; a "
                        "game ends at 25, so it is kept as 24–24 drawn by time")
    for board in plan:
        try:
            record_quick_board(match=match, client_id=uuid.uuid4(), actor=actor, **board)
        except (MatchError, RulesError) as err:
            warnings.append(f"{where}, table {smatch.get('board')}: board {board} not "
                            f"imported ({err})")
            review = review or "a board could not be imported"
            break
        report.boards += 1
    match.refresh_from_db()
    time_limited = not match_snapshot(match).finished
    if time_limited:
        # the round's time limit stopped the game: the leader wins, level is a draw
        record_time_up(match=match, actor=actor)
    match.refresh_from_db()
    snapshot = match_snapshot(match)
    derived: dict[str, int] = {}
    if snapshot.state is not None and snapshot.state.games:
        derived = dict(snapshot.state.games[0].scores)
    Match.objects.filter(pk=match.pk).update(finished_at=day_end, needs_review=review[:200])
    if review:
        report.flagged.append(f"{where}, table {smatch.get('board')}: {review}")
    if time_limited:
        report.kept.append(f"{where}, table {smatch.get('board')}: stopped by time, "
                           f"{score1}–{score2}" + (" (draw)" if match.draw else ""))
    report.warnings.extend(warnings)
    AuditEntry.objects.create(
        tournament=tournament, match=match, actor=actor.user, via="import",
        device=actor.device, action="sol_result",
        detail={**sol_result, "from": source, "breaker_known": breaker is not None,
                "derived": derived, "time_limited": time_limited, "warnings": warnings,
                "sol_boards": rows if isinstance(rows, list) else [],
                "needs_review": review},
    )


def _boards_from_sol(sboards: Any, where: str, report: SolReport) -> list[dict[str, Any]] | None:
    """Summary boards from SoL's board rows, or ``None`` when they cannot be used (the
    match's score is used instead)."""
    if not isinstance(sboards, list) or not sboards:
        return None
    plan = []
    for sboard in sorted((b for b in sboards if isinstance(b, dict)),
                         key=lambda b: b.get("number") or 0):
        coins1, coins2 = sboard.get("coins1") or 0, sboard.get("coins2") or 0
        queen = _side(sboard.get("queen"))
        if (coins1 and coins2) or max(coins1, coins2) > 9:
            report.warnings.append(f"{where}: board {sboard.get('number')} is impossible "
                                   f"({coins1}–{coins2}); the match's score is used instead "
                                   "of its boards")
            return None
        if coins1 or coins2:
            winner = "a" if coins1 else "b"
        elif queen:
            winner = queen
        else:
            continue  # an empty row
        plan.append({"winner": winner, "carrommen": coins1 or coins2,
                     "queen": queen or ""})
    return plan or None


def _awards_from_score(score1: int, score2: int) -> list[dict[str, Any]]:
    """Award boards of at most 12 points that add up to the final score, the loser's first so
    that the game does not end before them."""
    def chunks(side: str, points: int) -> list[dict[str, Any]]:
        out = []
        while points > 0:
            step = min(points, BOARD_MAX)
            out.append({"winner": side, "points": step, "law": AWARD_LAW})
            points -= step
        return out

    if score1 == score2 and score1 >= 25:
        score1 = score2 = 24  # a game ends at 25: level at the limit is kept as 24–24
    first, second = ("b", "a") if score1 >= score2 else ("a", "b")
    scores = {"a": score1, "b": score2}
    return chunks(first, scores[first]) + chunks(second, scores[second])
