# The app's code as it was before issue 36 (tree ddc7042): hand-written statements the ORM
# replaced, kept only as bench/plain_sql.py's rival (not used by the app).
"""ETag validators: what a public page's ETag is built from, in one query each, so a poll that
changed nothing costs one cheap query and a ``304 Not Modified``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import Case, F, IntegerField, QuerySet, Value, When

from bench.sql_reference.results import DECIDED_SQL, decided_params
from scoring.models import Entry, Event, Match, Tournament
from scoring.selectors.live.common import DONE


def _fetch_one(sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    """One row of a hand-written query: the validators run on every poll, and the ORM's
    compilation of a query costs more than SQLite takes to answer it."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _tables() -> dict[str, str]:
    quote = connection.ops.quote_name
    return {
        name: quote(model._meta.db_table)
        for name, model in (
            ("match", Match),
            ("event", Event),
            ("entry", Entry),
            ("tournament", Tournament),
        )
    }


def match_validator(match_id: int, slug: str | None = None) -> tuple[Any, ...] | None:
    """``(revision, updated_at, status)`` of the match, or None if it is not there (or not in
    the tournament ``slug``). One query on the primary key."""
    t = _tables()
    if slug is None:
        return _fetch_one(
            f"SELECT m.revision, m.updated_at, m.status FROM {t['match']} m WHERE m.id = %s",
            [match_id],
        )
    return _fetch_one(
        f"SELECT m.revision, m.updated_at, m.status FROM {t['match']} m "
        f"JOIN {t['event']} e ON e.id = m.event_id "
        f"JOIN {t['tournament']} t ON t.id = e.tournament_id "
        "WHERE m.id = %s AND t.slug = %s",
        [match_id, slug],
    )


def _table_current(slug: str, number: int) -> QuerySet[Match]:
    """The matches of a table, the current one first: playing, then called, then the one that
    finished last (its result stays up until the next match is called)."""
    return (
        Match.objects.filter(event__tournament__slug=slug, table__number=number)
        .annotate(
            live_order=Case(
                When(status=Match.Status.PLAYING, then=Value(0)),
                When(status=Match.Status.CALLED, then=Value(1)),
                When(status__in=DONE, then=Value(2)),
                default=Value(3),
                output_field=IntegerField(),
            )
        )
        .filter(live_order__lt=3)
        .order_by(
            "live_order",
            F("finished_at").desc(nulls_last=True),
            F("called_at").desc(nulls_last=True),
            "-pk",
        )
    )


def table_validator(slug: str, number: int) -> tuple[Any, ...]:
    """``(match id, revision, updated_at, status)`` of the table's current match, or a tuple of
    Nones when the table has none (one query)."""
    row = _table_current(slug, number).values_list("pk", "revision", "updated_at", "status").first()
    return row or (None, None, None, None)


#: The aggregate of a set of matches an ETag is built from (one pass over the rows).
_MATCH_SUMMARY = (
    "CAST(COUNT(*) AS TEXT) || '|' || COALESCE(CAST(MAX(m.updated_at) AS TEXT), "
    "'') || '|' || CAST(COALESCE(SUM(m.revision), 0) AS TEXT)"
)


def event_validator(
    event_id: int, slug: str | None = None, *, decided: bool = False
) -> tuple[Any, ...] | None:
    """What the event's pages show changes with: its matches (count, last change, sum of
    revisions), its entries (count, withdrawals), its name and status; None if there is no
    such event (in the tournament ``slug``). One query: one pass over the event's matches,
    one over its entries.

    ``decided``: only the decided matches count (standings do not move while a match is being
    played, so strokes at the tables leave their ETag alone)."""
    t = _tables()
    params: list[Any] = []
    where = ""
    if decided:
        where = " AND " + DECIDED_SQL
        params += decided_params()
    sql = (
        f"SELECT e.name, e.status, (SELECT {_MATCH_SUMMARY} FROM {t['match']} m "
        f"WHERE m.event_id = e.id{where}), "
        "(SELECT CAST(COUNT(*) AS TEXT) || '|' || CAST(COUNT(CASE WHEN n.withdrawn = %s "
        f"THEN 1 END) AS TEXT) FROM {t['entry']} n WHERE n.event_id = e.id) "
        f"FROM {t['event']} e JOIN {t['tournament']} t ON t.id = e.tournament_id "
        "WHERE e.id = %s"
    )
    params += [True, event_id]
    if slug is not None:
        sql += " AND t.slug = %s"
        params.append(slug)
    return _fetch_one(sql, params)


def tournament_validator(
    slug: str | None = None, *, pk: int | None = None
) -> tuple[Any, ...] | None:
    """Number of matches, last change and sum of revisions over the whole tournament (one
    query)."""
    t = _tables()
    sql = (
        f"SELECT {_MATCH_SUMMARY} FROM {t['match']} m "
        f"JOIN {t['event']} e ON e.id = m.event_id "
        f"JOIN {t['tournament']} t ON t.id = e.tournament_id "
    )
    if pk is not None:
        return _fetch_one(sql + "WHERE t.id = %s", [pk])
    return _fetch_one(sql + "WHERE t.slug = %s", [slug])
