"""The one definition of a **decided result** (docs/STANDINGS.md), read in one plain query.

A match is decided, and counts in every standings table (live page, API, printed sheet,
organiser's page), when it is

- a **bye** (one entry, no opponent): a won match, one game of the event's bye value to 0;
- a **walkover** (``Match.walkover``; withdrawal or no-show): the present side wins, credited by
  the event's ranking rule (like a bye, or as recorded); a double walkover has no winner;
- **finished or confirmed** with a winner, or as a **draw** (a match stopped by the round's
  time limit with level scores).

A finished match counts as soon as the engine says it is over (before the players' or the
organiser's confirmation): confirmation protects the result against changes, it does not make
it. The rubbers of a team tie are not matches of the draw: they count through their tie, whose
match carries the tie's result (:mod:`scoring.standings.ties`). What moves the event on
(the next Swiss round, the knock-out after the groups, a winner into
the bracket) waits for confirmation (:mod:`scoring.services.draws`).

Read by hand-written SQL in its one home, one query each (:mod:`scoring.records.sql`; their
ORM twins here: ``bench/vs_sol.py`` measured the ORM at less than half the Swiss round's and
the standings' speed: docs/BENCHMARKS.md, "Hand-written SQL, measured"). A match's totals
(games won and points per side) are read from its cache columns only (:func:`match_totals`,
written by every writer of games; 0, the fields' default, for a match without games); a stale
cache is rebuilt from the log (``refresh_caches``, the backup import), never summed here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from django.db.models import Case, Exists, IntegerField, OuterRef, Q, QuerySet, Value, When

from scoring.draws import MatchResult, RankingRule, rule_for
from scoring.models import Event, Match, Rubber
from scoring.records import sql

#: The statuses of a match that is over: played to its end, confirmed or not. The one
#: definition; every module that asks whether a match is over imports it from here.
DONE = (Match.Status.FINISHED, Match.Status.CONFIRMED)

#: The statuses of a result that is settled for good: confirmed (a finished match may still be
#: corrected). The placings wait for it (:mod:`scoring.standings.placings`).
SETTLED = (Match.Status.CONFIRMED,)

#: A rule on a match's columns: (column, value) terms, any of which holds (a tuple value: the
#: column is one of its values).
Terms = tuple[tuple[str, Any], ...]


def over_terms(statuses: Sequence[str]) -> Terms:
    """The one rule for "the result stands" on a match's columns, of which every form below
    is made: a status of ``statuses``, a bye or a walkover."""
    return (("status", tuple(statuses)), ("bye", True), ("walkover", True))


#: **Decided**: over (:data:`DONE`), a bye or a walkover. :func:`result_of` further asks for
#: the entries and a winner or a draw; the ``Q`` (:func:`decided_q`) and the flags of
#: :func:`decided_results` are made from these terms.
DECIDED = over_terms(DONE)

#: **Settled**: confirmed (:data:`SETTLED`), a bye or a walkover: what places an entry for good.
SETTLED_TERMS = over_terms(SETTLED)


def holds(terms: Terms, match: Any) -> bool:
    """Does ``match`` (a row or any object with the columns as attributes) meet ``terms``?"""
    for column, value in terms:
        have = getattr(match, column)
        if have in value if isinstance(value, tuple) else have == value:
            return True
    return False


def terms_q(terms: Terms) -> Q:
    """``terms`` as a ``Q`` over the match table."""
    q = Q()
    for column, value in terms:
        q |= Q(**{f"{column}__in" if isinstance(value, tuple) else column: value})
    return q


#: A match row as read for results: id, entry a, entry b, bye, walkover, winner side, status,
#: round id, group, number, draw.
RESULT_COLUMNS = (
    "id",
    "entry_a_id",
    "entry_b_id",
    "bye",
    "walkover",
    "winner_side",
    "status",
    "round_id",
    "group",
    "number",
    "draw",
)


def decided_q() -> Q:
    """The decided matches as a ``Q`` (:data:`DECIDED`; a superset: a finished match still
    needs a winner or a draw, checked by :func:`result_of`)."""
    return terms_q(DECIDED)


def ranking_rule(event: Event) -> RankingRule:
    """The event's ranking rule: ``settings["ranking"]`` (``current`` or ``european``), its bye
    value (``settings["bye_points"]``, SoL's phantom score) and walkover credit
    (``settings["walkover"]``: ``bye`` or ``as_played``)."""
    settings = event.settings or {}
    bye = settings.get("bye_points")
    try:
        bye_points = int(bye) if bye not in (None, "") else None
    except (TypeError, ValueError):
        bye_points = None
    return rule_for(
        settings.get("ranking"),
        bye_points=bye_points,
        walkover=settings.get("walkover"),
        bye_total=settings.get("bye_total"),
    )


def draw_matches(
    event: Event, *, bracket: str | None = None, exclude_brackets: tuple[str, ...] = ()
) -> QuerySet[Match]:
    """The matches of the event's draw (of one ``Round.bracket`` if given, none of the
    ``exclude_brackets``), by id. A team tie's rubbers are matches of the event, counted
    through their tie (:mod:`scoring.standings.ties`), never as matches of the draw."""
    matches = Match.objects.filter(event=event).exclude(
        Exists(Rubber.objects.filter(match=OuterRef("pk")))
    )
    if bracket is not None:
        matches = matches.filter(round__bracket=bracket)
    if exclude_brackets:
        matches = matches.exclude(round__bracket__in=exclude_brackets)
    return matches.order_by("pk")


#: The match's cached totals over its games (:func:`match_totals`), in this order.
TOTAL_COLUMNS = ("games_a", "games_b", "points_a", "points_b")


def match_totals(games: Iterable[tuple[str, Any]]) -> dict[str, int]:
    """A match's totals over its games, given as (winner side, scores) pairs: games won by
    side a and by b, the points of all games of a and of b. Kept on the match as a cache,
    written with the games' caches (:func:`scoring.services.matches.refresh_caches`; 0 for a
    match without games, the fields' default), and the only totals the standings read."""
    ga = gb = pa = pb = 0
    for winner, scores in games:
        if winner == "a":
            ga += 1
        elif winner == "b":
            gb += 1
        if scores:
            pa += int(scores.get("a", 0) or 0)
            pb += int(scores.get("b", 0) or 0)
    return {"games_a": ga, "games_b": gb, "points_a": pa, "points_b": pb}


class _Columns(NamedTuple):
    """The columns :data:`DECIDED` reads, of a result row."""

    status: str
    bye: bool
    walkover: bool


def result_of(row: tuple[Any, ...], totals: Any = (0, 0, 0, 0)) -> MatchResult | None:
    """A match row (:data:`RESULT_COLUMNS`) as a :class:`MatchResult` if it is decided (see the
    module docstring: :data:`DECIDED`, with its entries and a winner or a draw), else None.
    ``totals``: games won a/b, points a/b."""
    _pk, a, b, bye, walkover, winner_side, status = row[:7]
    drawn = bool(row[10]) if len(row) > 10 else False
    if not holds(DECIDED, _Columns(status, bye, walkover)):
        return None
    if bye:
        only = a or b
        if only is None:
            return None
        # a score recorded on the bye (SoL's tourneys): the total score may count it
        return MatchResult.for_bye(only, totals[2]) if totals[2] else MatchResult.for_bye(only)
    if a is None or b is None:
        return None
    ga, gb, pa, pb = totals
    if walkover:
        winner = a if winner_side == "a" else b if winner_side == "b" else None
        if winner is None:
            return MatchResult(
                a, b, None, games_a=ga, games_b=gb, points_a=pa, points_b=pb, walkover=True
            )
    elif winner_side in ("a", "b"):  # over (DONE)
        winner = a if winner_side == "a" else b
    elif drawn:
        return MatchResult(a, b, None, games_a=ga, games_b=gb, points_a=pa, points_b=pb, draw=True)
    else:
        return None
    return MatchResult.won(a, b, winner, ga, gb, pa, pb, bool(walkover))


#: What :func:`decided_results` reads of a match as one integer, summed in SQL: the winner's
#: side (``_A`` or ``_B``, read together with ``_SIDE``), bye, walkover, draw, a status of
#: :data:`DONE` (``_DECIDED``) and of :data:`SETTLED` (``_CONFIRMED``, which is done too); the
#: flags are read back into the columns :func:`result_of` decides on.
_A, _B, _SIDE, _BYE, _WALKOVER, _DRAW, _DECIDED, _CONFIRMED = 1, 2, 3, 4, 8, 16, 32, 64
#: The common result, a decided match won by a side, by its flags: the winner's index in (a, b).
_WON = {
    _DECIDED | _A: 0,
    _DECIDED | _B: 1,
    _DECIDED | _CONFIRMED | _A: 0,
    _DECIDED | _CONFIRMED | _B: 1,
}


def _flag(condition: Q, value: int) -> Case:
    return Case(When(condition, then=Value(value)), default=Value(0))


def _flags() -> Any:
    """A match's flags (``_A`` … ``_CONFIRMED``) as one integer column."""
    return (
        Case(
            When(winner_side="a", then=Value(_A)),
            When(winner_side="b", then=Value(_B)),
            default=Value(0),
        )
        + _flag(Q(bye=True), _BYE)
        + _flag(Q(walkover=True), _WALKOVER)
        + _flag(Q(draw=True), _DRAW)
        + Case(
            When(status__in=SETTLED, then=Value(_DECIDED | _CONFIRMED)),
            When(status__in=DONE, then=Value(_DECIDED)),
            default=Value(0),
            output_field=IntegerField(),
        )
    )


def decided_rows_orm(event: Event, *, exclude_brackets: tuple[str, ...] = ()) -> list[Any]:
    """The rows of :func:`scoring.records.sql.draw_flag_rows` written with the ORM: its
    oracle in the tests and its rival in the benchmark."""
    return list(
        draw_matches(event, exclude_brackets=exclude_brackets)
        .annotate(flags=_flags())
        .values_list("entry_a_id", "entry_b_id", "flags", "number", *TOTAL_COLUMNS)
    )


def event_rows_orm(
    event: Event, *, bracket: str | None = None, exclude_brackets: tuple[str, ...] = ()
) -> list[Any]:
    """The rows of :func:`scoring.records.sql.draw_rows` for :func:`event_results` written
    with the ORM: its oracle in the tests and its rival in the benchmark."""
    return list(
        draw_matches(event, bracket=bracket, exclude_brackets=exclude_brackets).values_list(
            *RESULT_COLUMNS, *TOTAL_COLUMNS
        )
    )


def decided_results(
    event: Event, *, exclude_brackets: tuple[str, ...] = ()
) -> tuple[list[MatchResult], bool, int]:
    """The event's decided results (none of the ``exclude_brackets``), whether every match is
    confirmed, and the highest match number: what the standings and the next Swiss round
    need, read as integers (:func:`scoring.records.sql.draw_flag_rows`; its ORM twin
    :func:`decided_rows_orm`) rather than the columns of
    :func:`event_results`, with the same definition, :func:`result_of` (a won match, the
    common case, is made by :meth:`MatchResult.won` without the general path). The totals
    are the matches' cache (:func:`match_totals`): one query."""
    rows = sql.draw_flag_rows(
        event.pk,
        exclude_brackets=exclude_brackets,
        flags=(_A, _B, _BYE, _WALKOVER, _DRAW, _DECIDED, _CONFIRMED),
        done=DONE,
        settled=SETTLED,
        totals=TOTAL_COLUMNS,
    )
    won, common = MatchResult.won, _WON.get
    out: list[MatchResult] = []
    append = out.append
    all_confirmed = all(row[2] & _CONFIRMED for row in rows)
    last = max((row[3] for row in rows), default=0)
    for a, b, flags, number, ga, gb, pa, pb in rows:
        side = common(flags)
        if side is not None and a is not None and b is not None:
            append(won(a, b, b if side else a, ga, gb, pa, pb))
            continue
        # the general path takes the row's columns: the status only as decided or not, and
        # confirmed or not (all result_of and the check above ask of it)
        status = SETTLED[0] if flags & _CONFIRMED else DONE[0] if flags & _DECIDED else ""
        winner_side = {_A: "a", _B: "b"}.get(flags & _SIDE, "")
        result = result_of(
            (
                None,
                a,
                b,
                bool(flags & _BYE),
                bool(flags & _WALKOVER),
                winner_side,
                status,
                None,
                None,
                number,
                bool(flags & _DRAW),
            ),
            (ga, gb, pa, pb),
        )
        if result is not None:
            append(result)
    return out, all_confirmed, last


def event_results(
    event: Event, *, bracket: str | None = None, exclude_brackets: tuple[str, ...] = ()
) -> list[tuple[tuple[Any, ...], MatchResult | None]]:
    """Every match of the event (of one ``Round.bracket`` if given, none of the
    ``exclude_brackets``) as a :data:`RESULT_COLUMNS` tuple with its result, or None while it
    is undecided, in match id order. One query of the match table
    (:func:`scoring.records.sql.draw_rows`, its ORM twin :func:`event_rows_orm`): the totals
    are the matches' cache (:func:`match_totals`)."""
    rows = sql.draw_rows(
        event.pk,
        columns=(*RESULT_COLUMNS, *TOTAL_COLUMNS),
        bracket=bracket,
        exclude_brackets=exclude_brackets,
    )
    width = len(RESULT_COLUMNS)
    return [(r[:width], result_of(r[:width], r[width:])) for r in rows]
