"""The sheets' shared reads: what a sheet loads of a board, the lookups of the printed
objects, and the small helpers (names, times, URLs for the QR codes); see the package."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.models import Entry, Event, Match, Table, Tournament
from scoring.pdf.data import (
    LANGUAGES,
    Language,
    SeatedPlayer,
    Side,
    SideData,
)
from scoring.timezones import clock, local_date

if TYPE_CHECKING:
    from scoring.selectors.ties import LineupSide

SIDES = ("a", "b")
SIDE_INDEX: dict[str, Side] = {"a": 0, "b": 1}
#: The law of an ordinary board end (ICF 53): not printed as a special case.
ORDINARY_LAW = "ICF 53"
#: Used for QR codes when neither a request nor ``settings.SITE_URL`` gives the site's address.
FALLBACK_BASE_URL = "http://localhost:8000"

#: What a sheet reads of a board (the rest, e.g. timestamps, is not loaded).
BOARD_FIELDS = (
    "id",
    "game_id",
    "sequence",
    "kind",
    "breaker",
    "rules",
    "summary_winner",
    "summary_carrommen",
    "summary_queen",
    "award_points",
    "award_law",
    "finished",
    "void",
    "result_winner",
    "result_points",
    "result_law",
    "result_interpretation",
    "result_carrommen",
    "result_queen",
    "result_extra_points",
    "last_seq",
    "recorded_scores",
)


class StoredBoard:
    """A stored board as a sheet reads it: the :data:`BOARD_FIELDS` of a ``Board`` row, loaded
    as plain values (a round has thousands of boards; model instances cost four times as much).
    It answers the same attribute names, so the services' board-entry code reads it as a row."""

    __slots__ = BOARD_FIELDS

    id: int
    game_id: int
    sequence: int
    kind: str
    breaker: str
    rules: str
    summary_winner: str
    summary_carrommen: int | None
    summary_queen: str
    award_points: int | None
    award_law: str
    finished: bool
    void: bool
    result_winner: str
    result_points: int | None
    result_law: str
    result_interpretation: bool
    result_carrommen: int | None
    result_queen: str
    result_extra_points: int
    last_seq: int
    recorded_scores: Any

    def __init__(self, values: Sequence[Any]) -> None:
        for name, value in zip(BOARD_FIELDS, values, strict=True):
            setattr(self, name, value)

    @property
    def pk(self) -> int:
        return self.id


MATCH_RELATED = (
    "event__tournament",
    "round",
    "table",
    "umpire",
    "entry_a__player",
    "entry_a__partner",
    "entry_b__player",
    "entry_b__partner",
    "entry_c__player",
)


class SheetUnavailable(Exception):
    """This sheet cannot be printed for this match or event (e.g. point carrom, a knock-out
    event's standings); the message says why."""


# --------------------------------------------------------------------------- lookups


def match_for_sheet(match_id: int) -> Match | None:
    """The match (with its event and tournament) a sheet is asked for, or ``None``."""
    return Match.objects.select_related("event__tournament").filter(pk=match_id).first()


def match_for_umpire_link(token: str) -> Match | None:
    """The match behind an umpire link, or ``None``."""
    return Match.objects.select_related("event__tournament").filter(umpire_token=token).first()


def event_for_sheet(event_id: int) -> Event | None:
    """The event (with its tournament) a sheet is asked for, or ``None``."""
    return Event.objects.select_related("tournament").filter(pk=event_id).first()


def tournament_for_sheet(slug: str) -> Tournament | None:
    return Tournament.objects.filter(slug=slug).first()


# --------------------------------------------------------------------------- helpers


def sheet_language(language: str | None) -> Language:
    """A sheet language (``"en"``, ``"de"``, ``"fr"``, ``"it"``) from a language code such as
    ``de-ch`` or ``fr-ch``; default: the active one."""
    code = (language or translation.get_language() or settings.LANGUAGE_CODE or "en").lower()
    code = code.split("-")[0].split("_")[0]
    return cast("Language", code) if code in LANGUAGES else "en"


def default_base_url() -> str:
    """The site's address for absolute URLs outside a request (``settings.SITE_URL``)."""
    return (getattr(settings, "SITE_URL", "") or FALLBACK_BASE_URL).rstrip("/")


def absolute_url(base_url: str | None, path: str) -> str:
    base = (base_url if base_url is not None else default_base_url()).rstrip("/")
    return f"{base}{path}"


def reverse_or(name: str, kwargs: dict[str, Any], fallback: str) -> str:
    """The path of a URL another area owns, or the agreed path while it does not exist yet."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return fallback


#: Stands for the match id in :func:`_live_match_parts` (its last occurrence in the path: the
#: id follows the slug).
_ANY_MATCH = 987_654_321_987_654_321


@functools.lru_cache(maxsize=256)
def _live_match_parts(slug: str, prefix: str, urlconf: Any) -> tuple[str, str]:
    """The live page's path around the match id, reversed once per tournament, script prefix
    and URLconf (a round's sheets: one ``reverse`` instead of one a match)."""
    path = reverse_or(
        "scoring:live-match",
        {"slug": slug, "match_id": _ANY_MATCH},
        f"/t/{slug}/match/{_ANY_MATCH}/",
    )
    head, _, tail = path.rpartition(str(_ANY_MATCH))
    return head, tail


def live_match_path(match: Match) -> str:
    """Path of the match's public live page (``/t/<slug>/match/<id>/``): read-only, the only
    link a sheet posted at a table carries (never the umpire's write link)."""
    head, tail = _live_match_parts(
        match.event.tournament.slug, get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF
    )
    return f"{head}{match.pk}{tail}"


def live_table_path(tournament: Tournament, number: int) -> str:
    """Path of the public page of a table's current match (``/t/<slug>/table/<n>/``)."""
    return reverse_or(
        "scoring:live-table",
        {"slug": tournament.slug, "number": number},
        f"/t/{tournament.slug}/table/{number}/",
    )


def side_index(value: str | None) -> Side | None:
    return SIDE_INDEX.get(value) if value else None


def table_name(table: Table | None) -> str:
    if table is None:
        return ""
    return table.label or str(table.number)


def sheet_round_name(match: Match) -> str:
    rnd = match.round
    if rnd is None:
        return _("Group %(name)s") % {"name": match.group} if match.group else ""
    name = str(rnd)
    if match.group:
        name = f"{name} · {_('Group %(name)s') % {'name': match.group}}"
    return name


def side_data(match: Match, side: str, doubles: bool, lineup: LineupSide | None = None) -> SideData:
    """A side of the sheet: the entry's name and club; a team event's rubber (``lineup``)
    names the lineup's players, their team beside (issue 34)."""
    if lineup is not None and lineup.players:
        return SideData(
            name=lineup.name,
            club=lineup.team,
            players=tuple(SeatedPlayer(p.name, "") for p in lineup.players)
            if len(lineup.players) > 1
            else (),
        )
    entry: Entry | None = match.entry_for(side)
    if entry is None:
        return SideData(name="")
    players = entry.players
    clubs = list(dict.fromkeys(p.club for p in players if p.club))
    if not doubles:
        return SideData(name=entry.name, club=" / ".join(clubs))
    seats = {pid: n for n, pid in enumerate(match.seating or [], start=1)}
    ordered = sorted(players, key=lambda p: seats.get(p.pk, 99))
    return SideData(
        name=entry.name,
        club=" / ".join(clubs),
        players=tuple(
            SeatedPlayer(p.name, str(seats[p.pk]) if p.pk in seats else "") for p in ordered
        ),
    )


def match_date(match: Match) -> datetime.date | None:
    """The day of the match at the venue (the tournament's time zone); a walkover's is the
    day it was decided (never played: no start, no call)."""
    return local_date(
        match.started_at
        or match.called_at
        or (match.finished_at or match.confirmed_at if match.walkover else None),
        match.event.tournament,
    )


def match_times(match: Match) -> dict[str, str]:
    """Start and end of play as the venue's 24-hour clock reads them ("14:05")."""
    tournament = match.event.tournament
    return {
        "start_time": clock(match.started_at, tournament),
        "end_time": clock(match.finished_at, tournament),
    }


def seats_in_turn(match: Match) -> tuple[tuple[int, str], ...]:
    """Doubles: the four seats in turn order as ``(side, name)`` (ICF 78: partners opposite),
    from the recorded seating; empty while it is not recorded."""
    side_of: dict[int, tuple[int, str]] = {}
    for side in SIDES:
        entry = match.entry_for(side)
        for player in entry.players if entry is not None else ():
            side_of[player.pk] = (SIDE_INDEX[side], player.name)
    seating = [p for p in (match.seating or []) if p in side_of]
    if len(seating) != 4:
        return ()
    return tuple(side_of[p] for p in seating)
