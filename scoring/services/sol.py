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
import json
import uuid
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
from scoring.rules import RulesError
from scoring.services.backup import ArchiveTooLarge, gunzip_capped, yaml_documents
from scoring.services.matches import (
    Actor,
    MatchError,
    match_snapshot,
    record_quick_board,
    record_toss,
)

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


# --- reading ---------------------------------------------------------------------------------


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
    documents = read_archive(content)
    lists = documents[0]
    report = SolReport()
    actor = Actor(user=user if getattr(user, "pk", None) else None, via="import",
                  device=f"SoL import {file_name}"[:200])
    for index, tourney in enumerate(documents[1:], 1):
        with transaction.atomic():
            _import_tourney(tourney, index, lists, report, actor, user, file_name)
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
    )
    players = lists.get("players") or []
    entries: list[Entry] = []
    for c_index, competitor in enumerate(competitors, 1):
        if not isinstance(competitor, dict) or not competitor.get("players"):
            raise SolError(f"{where}: competitor {c_index} has no players")
        members = [_player(_item(players, p, "player"), lists, report)
                   for p in competitor["players"]]
        entries.append(Entry.objects.create(
            event=event, player=members[0], partner=members[1] if len(members) > 1 else None,
            withdrawn=bool(competitor.get("retired"))))

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
                      entries, tournament, actor, report, f"{description}, round {turn}")

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


def _import_match(smatch: dict[str, Any], number: int, event: Event, round_: Round,
                  table: Table | None, entries: list[Entry], tournament: Tournament,
                  actor: Actor, report: SolReport, where: str) -> None:
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
        bye=entry_b is None, status=Match.Status.READY,
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
    if plan is None:
        plan = _awards_from_score(score1, score2)
        source = "score"
    warnings: list[str] = []
    for board in plan:
        try:
            record_quick_board(match=match, client_id=uuid.uuid4(), actor=actor, **board)
        except (MatchError, RulesError) as err:
            warnings.append(f"{where}, table {smatch.get('board')}: board {board} not "
                            f"imported ({err})")
            break
        report.boards += 1
    match.refresh_from_db()
    snapshot = match_snapshot(match)
    derived: dict[str, int] = {}
    if snapshot.state is not None and snapshot.state.games:
        derived = dict(snapshot.state.games[0].scores)
    if derived and (derived.get("a"), derived.get("b")) != (score1, score2):
        warnings.append(f"{where}, table {smatch.get('board')}: SoL says {score1}–{score2}, "
                        f"the boards give {derived.get('a')}–{derived.get('b')}")
    time_limited = not snapshot.finished
    if time_limited:
        # a game stopped by the round's time limit: over, but no winner by our rules yet
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED,
                                                 finished_at=day_end)
    else:
        Match.objects.filter(pk=match.pk).update(finished_at=day_end)
    report.warnings.extend(warnings)
    AuditEntry.objects.create(
        tournament=tournament, match=match, actor=actor.user, via="import",
        device=actor.device, action="sol_result",
        detail={**sol_result, "from": source, "breaker_known": breaker is not None,
                "derived": derived, "time_limited": time_limited, "warnings": warnings},
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

    first, second = ("b", "a") if score1 >= score2 else ("a", "b")
    scores = {"a": score1, "b": score2}
    return chunks(first, scores[first]) + chunks(second, scores[second])
