"""Reads of the umpire tablet's views (views/umpire/): the match behind a link or an id,
the matches an umpire may score, a tournament by its slug. Views never query models."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.models import AuditEntry, Match, Tournament
from scoring.records.prepared import SENTINEL, Joined, Prepared
from scoring.records.steps import INTERVAL_ENDED, STEP, WARNING, Warning, warning_of

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


def _last_warning() -> Subquery:
    """The newest stroke-clock warning of the match (ICF 50) as a column of its row (the
    stroke POST reads it). Compiled once per connection with the rest of the look-up
    (:data:`_BY_LINK`, :data:`_BY_ID`), so the subquery costs nothing to build per request."""
    return Subquery(
        AuditEntry.objects.filter(match=OuterRef("pk"), action=WARNING)
        .order_by("-pk")
        .values("pk")[:1]
    )


#: The match with its related rows, read as plain columns; a write does not read the table
#: (shown in the page's header only): its answer is the update, or a redirect to the page.
_JOINED = {
    lock: Joined(Match, [name for name in MATCH_RELATED if not (lock and name == "table")])
    for lock in (False, True)
}


def _rows(lock: bool, **where: Any) -> QuerySet[Any]:
    """The columns of :data:`_JOINED` of the match ``where`` names, and ``last_warning``: a
    stroke's answer sends the warnings only when the tablet shows an older one. A write's
    look-up locks the match row in the same query (FOR UPDATE OF the match only: PostgreSQL
    refuses to lock the nullable side of the joins)."""
    matches = Match.objects.filter(**where).annotate(last_warning=_last_warning())
    if lock:
        matches = matches.select_for_update(of=("self",))
    return matches.order_by("pk").values_list(*_JOINED[lock].columns(), "last_warning")[:1]


# the two look-ups of every tablet request, their SQL compiled once per connection
# (records/prepared.py)
_BY_LINK = {
    lock: Prepared(lambda token, lock=lock: _rows(lock, umpire_token=token), markers=("\x00link",))
    for lock in (False, True)
}
_BY_ID = {
    lock: Prepared(lambda pk, lock=lock: _rows(lock, pk=pk), markers=(SENTINEL,))
    for lock in (False, True)
}


def _match_of(found: Prepared, value: Any, lock: bool) -> Match | None:
    if lock and not transaction.get_connection().in_atomic_block:
        raise transaction.TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    db = Match.objects.db
    for row in found.rows(value, alias=db):
        match = _JOINED[lock].instance(row, db)
        match.last_warning = row[-1]  # type: ignore[attr-defined]
        assert isinstance(match, Match)
        return match
    return None


def match_for_link(token: str, *, lock: bool = False) -> Match | None:
    """The match of an umpire link, or None for an unknown link."""
    return _match_of(_BY_LINK[lock], str(token), lock)


def match_by_id(match_id: int, *, lock: bool = False) -> Match:
    """The match with this id (404 if there is none)."""
    match = _match_of(_BY_ID[lock], int(match_id), lock)
    if match is None:
        raise Http404("No match matches the given query.")
    return match


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
