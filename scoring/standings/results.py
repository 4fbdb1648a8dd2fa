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
it. What moves the event on (the next Swiss round, the knock-out after the groups, a winner into
the bracket) waits for confirmation (:mod:`scoring.services.draws`).

The SQL is portable (SQLite, PostgreSQL): for a Swiss round of 256 players that is about 770
matches, and the ORM's per-row conversions would cost more than the ranking. A match's totals
(games won and points per side) are read from its cache columns only (:func:`match_totals`,
written by every writer of games; 0, the fields' default, for a match without games); a stale
cache is rebuilt from the log (``refresh_caches``, the backup import), never summed here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from django.db import connection
from django.db.models import Q

from scoring.draws import MatchResult, RankingRule, rule_for
from scoring.models import Event, Match, Round

#: Statuses of a match whose result stands (with a winner, or drawn).
DECIDED_STATUSES = (Match.Status.FINISHED, Match.Status.CONFIRMED)

#: A match row as read for results: id, entry a, entry b, bye, walkover, winner side, status,
#: round id, group, number, draw.
RESULT_COLUMNS = ("id", "entry_a_id", "entry_b_id", "bye", "walkover", "winner_side", "status",
                  "round_id", "group", "number", "draw")

#: The decided matches, as SQL over the match table aliased ``m`` (with :func:`decided_params`).
DECIDED_SQL = "(m.status IN (%s, %s) OR m.bye = %s OR m.walkover = %s)"


def decided_params() -> list[Any]:
    return [*DECIDED_STATUSES, True, True]


def decided_q() -> Q:
    """The decided matches as a ``Q`` (a superset: a finished match still needs a winner or a
    draw, checked by :func:`result_of`)."""
    return Q(status__in=DECIDED_STATUSES) | Q(bye=True) | Q(walkover=True)


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
    return rule_for(settings.get("ranking"), bye_points=bye_points,
                    walkover=settings.get("walkover"))


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _fetch(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _where(event: Event, bracket: str | None, alias: str,
           exclude_brackets: tuple[str, ...] = ()) -> tuple[str, list[Any]]:
    where, params = f"{alias}.{_q('event_id')} = %s", [event.pk]
    rounds = f"SELECT {_q('id')} FROM {_q(Round._meta.db_table)} WHERE {_q('event_id')} = %s"
    if bracket is not None:
        where += f" AND {alias}.{_q('round_id')} IN ({rounds} AND {_q('bracket')} = %s)"
        params += [event.pk, bracket]
    if exclude_brackets:
        marks = ", ".join(["%s"] * len(exclude_brackets))
        where += (f" AND ({alias}.{_q('round_id')} IS NULL OR {alias}.{_q('round_id')} NOT IN "
                  f"({rounds} AND {_q('bracket')} IN ({marks})))")
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


def result_of(row: tuple[Any, ...], totals: Any = (0, 0, 0, 0)) -> MatchResult | None:
    """A match row (:data:`RESULT_COLUMNS`) as a :class:`MatchResult` if it is decided (see the
    module docstring), else None. ``totals``: games won a/b, points a/b."""
    _pk, a, b, bye, walkover, winner_side, status = row[:7]
    drawn = bool(row[10]) if len(row) > 10 else False
    if bye:
        only = a or b
        return MatchResult.for_bye(only) if only is not None else None
    if a is None or b is None:
        return None
    ga, gb, pa, pb = totals
    if walkover:
        winner = a if winner_side == "a" else b if winner_side == "b" else None
        if winner is None:
            return MatchResult(a, b, None, games_a=ga, games_b=gb, points_a=pa, points_b=pb,
                               walkover=True)
    elif status in DECIDED_STATUSES and winner_side in ("a", "b"):
        winner = a if winner_side == "a" else b
    elif status in DECIDED_STATUSES and drawn:
        return MatchResult(a, b, None, games_a=ga, games_b=gb, points_a=pa, points_b=pb,
                           draw=True)
    else:
        return None
    return MatchResult.won(a, b, winner, ga, gb, pa, pb, bool(walkover))


#: The columns :func:`decided_results` reads: what a result needs, and the match number.
LEAN_COLUMNS = ("entry_a_id", "entry_b_id", "bye", "walkover", "winner_side", "status",
                "number", "draw")


@functools.cache
def _totals_sql(vendor: str, excluded: int) -> str:
    """The lean columns and the match's cached totals (:data:`TOTAL_COLUMNS`): one narrow
    read of the match table, no games (made once per shape)."""
    where, _params = _where(Event(pk=0), None, "m", ("x",) * excluded)
    listed = ", ".join("m." + _q(c) for c in (*LEAN_COLUMNS, *TOTAL_COLUMNS))
    return (f"SELECT {listed} FROM {_q(Match._meta.db_table)} m WHERE {where} "
            f"ORDER BY m.{_q('id')}")


def decided_results(event: Event, *, exclude_brackets: tuple[str, ...] = ()
                    ) -> tuple[list[MatchResult], bool, int]:
    """The event's decided results (none of the ``exclude_brackets``), whether every match is
    confirmed, and the highest match number: what the standings and the next Swiss round
    need, read with fewer columns than :func:`event_results` (the same definition,
    :func:`result_of`; a won match, the common case, is made by :meth:`MatchResult.won`
    without the general path). The totals are the matches' cache (:func:`match_totals`):
    one query of plain columns."""
    rows = _fetch(_totals_sql(connection.vendor, len(exclude_brackets)),
                  [event.pk, *([event.pk, *exclude_brackets] if exclude_brackets else ())])
    confirmed = Match.Status.CONFIRMED
    decided = frozenset(DECIDED_STATUSES)
    won = MatchResult.won
    out: list[MatchResult] = []
    append = out.append
    all_confirmed = all(row[5] == confirmed for row in rows)
    last = max((row[6] for row in rows), default=0)
    for a, b, bye, walkover, side, status, number, drawn, ga, gb, pa, pb in rows:
        if side in ("a", "b") and not bye and not walkover and status in decided \
                and a is not None and b is not None:
            append(won(a, b, a if side == "a" else b, ga, gb, pa, pb))
            continue
        result = result_of((None, a, b, bye, walkover, side, status, None, None, number,
                            drawn), (ga, gb, pa, pb))
        if result is not None:
            append(result)
    return out, all_confirmed, last


def event_results(event: Event, *, bracket: str | None = None,
                  exclude_brackets: tuple[str, ...] = ()
                  ) -> list[tuple[tuple[Any, ...], MatchResult | None]]:
    """Every match of the event (of one ``Round.bracket`` if given, none of the
    ``exclude_brackets``) as a :data:`RESULT_COLUMNS` tuple with its result, or None while it
    is undecided, in match id order. One query of the match table: the totals are the
    matches' cache (:func:`match_totals`)."""
    where, params = _where(event, bracket, "m", exclude_brackets)
    columns = ", ".join("m." + _q(c) for c in (*RESULT_COLUMNS, *TOTAL_COLUMNS))
    rows = _fetch(f"SELECT {columns} FROM {_q(Match._meta.db_table)} m WHERE {where} "
                  f"ORDER BY m.{_q('id')}", params)
    width = len(RESULT_COLUMNS)
    return [(r[:width], result_of(r[:width], r[width:])) for r in rows]
