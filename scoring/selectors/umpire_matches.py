"""Reads of the umpire tablet's views (views/umpire/): the match behind a link or an id,
the matches an umpire may score, a tournament by its slug. Views never query models."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.models import AuditEntry, Match, Tournament
from scoring.records.steps import INTERVAL_ENDED, STEP, WARNING, Warning, warning_of
from scoring.selectors.umpire.prepared import prepared

#: One query for the match, its tournament (the permission check) and its entries (the names
#: on the tablet); a write locks the match row again and reuses them.
MATCH_RELATED = (
    "event__tournament",
    "entry_a__player",
    "entry_a__partner",
    "entry_b__player",
    "entry_b__partner",
    "entry_c__player",
    "entry_c__partner",
    "table",
)


def _last_warning() -> RawSQL:
    """The newest stroke-clock warning of the match (ICF 50) as a column of its row: plain SQL,
    as the ORM's subquery costs more to build than to run (the stroke POST reads it)."""
    audit, match = (connection.ops.quote_name(m._meta.db_table) for m in (AuditEntry, Match))
    return RawSQL(
        f"SELECT MAX(w.id) FROM {audit} w WHERE w.match_id = {match}.id AND w.action = %s",
        (WARNING,),
    )


def _matches(lock: bool) -> QuerySet[Match]:
    # ``last_warning`` in the same query: a stroke's answer sends the warnings only when the
    # tablet shows an older one
    # a write does not read the table (shown in the page's header only): its answer is the
    # update, or a redirect to the page
    related = [name for name in MATCH_RELATED if not (lock and name == "table")]
    queryset = Match.objects.select_related(*related).annotate(last_warning=_last_warning())
    # a write's resolve locks the match row in the same query (FOR UPDATE OF the match only:
    # PostgreSQL refuses to lock the nullable side of the joins)
    return queryset.select_for_update(of=("self",)) if lock else queryset


# the two look-ups of every tablet request, their SQL made once per process (prepared.py)
_BY_LINK = {
    lock: prepared(
        lambda token, lock=lock: _matches(lock).filter(umpire_token=token).order_by("pk")[:1],
        ("\x00umpire-link\x00",),
        lock=lock,
    )
    for lock in (False, True)
}
_BY_ID = {
    lock: prepared(
        lambda pk, lock=lock: _matches(lock).filter(pk=pk)[:1], (-7_306_011_123,), lock=lock
    )
    for lock in (False, True)
}


def match_for_link(token: str, *, lock: bool = False) -> Match | None:
    """The match of an umpire link, or None for an unknown link."""
    found = _BY_LINK[lock](str(token))
    return found[0] if found else None


def match_by_id(match_id: int, *, lock: bool = False) -> Match:
    """The match with this id (404 if there is none)."""
    found = _BY_ID[lock](int(match_id))
    if not found:
        raise Http404("No match matches the given query.")
    return found[0]


def matches_to_score(user: Any, limit: int = 200) -> list[Match]:
    """The matches a logged-in umpire may score: assigned to him, or (organisers) in his
    tournaments, not yet confirmed."""
    matches: QuerySet[Match] = (
        Match.objects.select_related(*MATCH_RELATED)
        .exclude(status=Match.Status.CONFIRMED)
        .order_by("event__tournament", "event", "number")
    )
    if not user.is_superuser:
        matches = matches.filter(Q(umpire=user) | Q(event__tournament__organisers=user)).distinct()
    return list(matches[:limit])


def tournament_by_slug(slug: str) -> Tournament:
    """The tournament with this slug (404 if there is none)."""
    return get_object_or_404(Tournament, slug=slug)


def warnings_of_board(match: Match, game: int | None, board: int | None) -> list[Warning]:
    """The stroke-clock warnings (ICF 50) given on one board, oldest first (the history)."""
    if not game or not board:
        return []
    rows = AuditEntry.objects.filter(
        match=match, action=WARNING, detail__game=game, detail__board=board
    ).order_by("created_at", "id")
    return [warning_of(row.detail) for row in rows]


def steps_done(match: Match) -> dict[str, set[str]]:
    """The steps between boards acknowledged on this match, and the intervals an organiser
    ended (services/board_steps.py): ``{"acknowledged": {...}, "interval_ended": {...}}``."""
    done = steps_and_tosses(match)
    return {"acknowledged": done.acknowledged, "interval_ended": done.interval_ended}


@dataclass(frozen=True)
class StepsDone:
    """The steps between boards kept on the server (services/board_steps.py)."""

    acknowledged: set[str]
    interval_ended: set[str]
    #: step -> the side that won the extra board's fresh toss and breaks it (ICF 56(b))
    tosses: dict[str, str]


def steps_and_tosses(match: Match) -> StepsDone:
    """The steps acknowledged, the intervals ended and the extra boards' tosses recorded on
    ``match``, in one query."""
    out: dict[str, set[str]] = {STEP: set(), INTERVAL_ENDED: set()}
    tosses: dict[str, str] = {}
    rows = AuditEntry.objects.filter(match=match, action__in=(STEP, INTERVAL_ENDED)).values_list(
        "action", "detail"
    )
    for action, detail in rows:
        step = str((detail or {}).get("step", ""))
        out[action].add(step)
        if action == STEP and (detail or {}).get("breaker"):
            tosses[step] = str(detail["breaker"])
    return StepsDone(out[STEP], out[INTERVAL_ENDED], tosses)
