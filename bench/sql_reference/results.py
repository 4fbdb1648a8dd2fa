# The app's code as it was before issue 36 (tree ddc7042): hand-written statements the ORM
# replaced, kept only as bench/plain_sql.py's rival (not used by the app).
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

The SQL is portable (SQLite, PostgreSQL): for a Swiss round of 256 players that is about 770
matches, and the ORM's per-row conversions would cost more than the ranking. A match's totals
(games won and points per side) are read from its cache columns only (:func:`match_totals`,
written by every writer of games; 0, the fields' default, for a match without games); a stale
cache is rebuilt from the log (``refresh_caches``, the backup import), never summed here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Q

from scoring.draws import MatchResult, RankingRule, rule_for
from scoring.models import Event, Match, Round, Rubber

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
#: the entries and a winner or a draw; the SQL (:data:`DECIDED_SQL`), the ``Q``
#: (:func:`decided_q`) and the flags of :func:`decided_results` are made from these terms.
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


def terms_sql(terms: Terms, alias: str = "m") -> tuple[str, list[Any]]:
    """``terms`` as SQL over the match table aliased ``alias``, with its parameters."""
    parts: list[str] = []
    params: list[Any] = []
    for column, value in terms:
        if isinstance(value, tuple):
            parts.append(f"{alias}.{column} IN ({', '.join(['%s'] * len(value))})")
            params += value
        else:
            parts.append(f"{alias}.{column} = %s")
            params.append(value)
    return "(" + " OR ".join(parts) + ")", params


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

#: The decided matches, as SQL over the match table aliased ``m`` (with :func:`decided_params`).
DECIDED_SQL = terms_sql(DECIDED)[0]


def decided_params() -> list[Any]:
    return terms_sql(DECIDED)[1]


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


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _fetch(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def _where(
    event: Event, bracket: str | None, alias: str, exclude_brackets: tuple[str, ...] = ()
) -> tuple[str, list[Any]]:
    where = f"{alias}.{_q('event_id')} = %s"
    params: list[Any] = [event.pk]
    # a team tie's rubbers are matches of the event, counted through their tie
    # (scoring.standings.ties), never as matches of the draw
    where += (
        f" AND NOT EXISTS (SELECT 1 FROM {_q(Rubber._meta.db_table)} r WHERE "
        f"r.{_q('match_id')} = {alias}.{_q('id')})"
    )
    rounds = f"SELECT {_q('id')} FROM {_q(Round._meta.db_table)} WHERE {_q('event_id')} = %s"
    if bracket is not None:
        where += f" AND {alias}.{_q('round_id')} IN ({rounds} AND {_q('bracket')} = %s)"
        params += [event.pk, bracket]
    if exclude_brackets:
        marks = ", ".join(["%s"] * len(exclude_brackets))
        where += (
            f" AND ({alias}.{_q('round_id')} IS NULL OR {alias}.{_q('round_id')} NOT IN "
            f"({rounds} AND {_q('bracket')} IN ({marks})))"
        )
        params += [event.pk, *exclude_brackets]
    return where, params


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


@functools.cache
def _totals_sql(vendor: str, excluded: int) -> str:
    """Entry a, entry b, the flags (``_A`` … ``_CONFIRMED``), the match number and the cached
    match totals (:data:`TOTAL_COLUMNS`): one narrow read of the match table, integers only, no
    games (made once per shape; parameters :func:`_totals_params`)."""
    where, _params = _where(Event(pk=0), None, "m", ("x",) * excluded)
    m = {c: "m." + _q(c) for c in ("winner_side", "bye", "walkover", "draw", "status")}
    decided = ", ".join(["%s"] * len(DONE))
    settled = ", ".join(["%s"] * len(SETTLED))
    flags = (
        f"(CASE WHEN {m['winner_side']} = %s THEN {_A} WHEN {m['winner_side']} = %s "
        f"THEN {_B} ELSE 0 END + CASE WHEN {m['bye']} THEN {_BYE} ELSE 0 END "
        f"+ CASE WHEN {m['walkover']} THEN {_WALKOVER} ELSE 0 END "
        f"+ CASE WHEN {m['draw']} THEN {_DRAW} ELSE 0 END "
        f"+ CASE WHEN {m['status']} IN ({settled}) THEN {_DECIDED | _CONFIRMED} "
        f"WHEN {m['status']} IN ({decided}) THEN {_DECIDED} ELSE 0 END)"
    )
    listed = ", ".join(
        [
            "m." + _q("entry_a_id"),
            "m." + _q("entry_b_id"),
            flags,
            "m." + _q("number"),
            *("m." + _q(c) for c in TOTAL_COLUMNS),
        ]
    )
    return f"SELECT {listed} FROM {_q(Match._meta.db_table)} m WHERE {where} ORDER BY m.{_q('id')}"


def _totals_params(event: Event, exclude_brackets: tuple[str, ...]) -> list[Any]:
    return [
        "a",
        "b",
        *SETTLED,
        *DONE,
        event.pk,
        *([event.pk, *exclude_brackets] if exclude_brackets else ()),
    ]


def decided_results(
    event: Event, *, exclude_brackets: tuple[str, ...] = ()
) -> tuple[list[MatchResult], bool, int]:
    """The event's decided results (none of the ``exclude_brackets``), whether every match is
    confirmed, and the highest match number: what the standings and the next Swiss round
    need, read as integers (:func:`_totals_sql`) rather than the columns of
    :func:`event_results`, with the same definition, :func:`result_of` (a won match, the
    common case, is made by :meth:`MatchResult.won` without the general path). The totals
    are the matches' cache (:func:`match_totals`): one query."""
    rows = _fetch(
        _totals_sql(connection.vendor, len(exclude_brackets)),
        _totals_params(event, exclude_brackets),
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
    is undecided, in match id order. One query of the match table: the totals are the
    matches' cache (:func:`match_totals`)."""
    where, params = _where(event, bracket, "m", exclude_brackets)
    columns = ", ".join("m." + _q(c) for c in (*RESULT_COLUMNS, *TOTAL_COLUMNS))
    rows = _fetch(
        f"SELECT {columns} FROM {_q(Match._meta.db_table)} m WHERE {where} ORDER BY m.{_q('id')}",
        params,
    )
    width = len(RESULT_COLUMNS)
    return [(r[:width], result_of(r[:width], r[width:])) for r in rows]
