"""The draw's own reads and writes in plain, portable SQL (SQLite, PostgreSQL; issue 17).

A draw runs a handful of fixed queries whatever the field size; at 64 players the ORM's
compiling of each (the model orderings pull in joins of the event and the tournament) costs
more than the pairing itself. These helpers do the same work with prepared SQL text:

- :func:`lock_event`: the event and its tournament, read inside the draw's transaction and
  locked (``FOR UPDATE`` where the database has it; SQLite's ``BEGIN IMMEDIATE`` already holds
  the write lock);
- :func:`round_heads`: the event's rounds as ``(number, bracket)``;
- :func:`insert_round`: one :class:`~scoring.models.Round` row, returned as a saved instance;
- :func:`insert_matches`: many :class:`~scoring.models.Match` rows in one ``executemany``.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection, models
from django.utils import timezone

from scoring.models import Event, Match, Round, Tournament


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _select(model: type[models.Model], where: str, *, lock: bool = False) -> str:
    columns = ", ".join(_q(f.column) for f in model._meta.concrete_fields)
    sql = f"SELECT {columns} FROM {_q(model._meta.db_table)} WHERE {where}"
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    return sql


def lock_event(event: Event) -> Event:
    """``event`` read again inside the caller's transaction, locked, with its tournament (two
    plain queries; model instances as the ORM makes them, converters applied)."""
    fresh = next(iter(Event.objects.raw(_select(Event, f"{_q('id')} = %s", lock=True),
                                        [event.pk])), None)
    if fresh is None:
        raise Event.DoesNotExist(event.pk)
    fresh.tournament = next(iter(Tournament.objects.raw(
        _select(Tournament, f"{_q('id')} = %s"), [fresh.tournament_id])))
    return fresh


def round_heads(event: Event) -> list[tuple[int, str]]:
    """The event's rounds as (number, bracket), by number."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_q('number')}, {_q('bracket')} FROM {_q(Round._meta.db_table)} "
                       f"WHERE {_q('event_id')} = %s ORDER BY {_q('number')}, {_q('bracket')}",
                       [event.pk])
        return [(number, bracket) for number, bracket in cursor.fetchall()]


def insert_round(event: Event, **fields: Any) -> Round:
    """One new round of ``event`` (``number``, ``bracket``, ``stage``, ``games_to_win``,
    ``name``), inserted with its id returned (``RETURNING``, both databases)."""
    rnd = Round(event=event, **fields)
    rnd.created_at = timezone.now()
    columns = [f for f in Round._meta.concrete_fields if not f.primary_key]
    values = [f.get_db_prep_save(getattr(rnd, f.attname), connection) for f in columns]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {_q(Round._meta.db_table)} "
            f"({', '.join(_q(f.column) for f in columns)}) "
            f"VALUES ({', '.join(['%s'] * len(columns))}) RETURNING {_q('id')}", values)
        rnd.pk = cursor.fetchone()[0]
    rnd._state.adding = False
    rnd._state.db = connection.alias
    return rnd


@functools.cache
def _match_layout() -> tuple[tuple[models.Field[Any, Any], ...], dict[str, int], frozenset[str],
                             str]:
    """The match table's insert columns, each column's index by attribute name, the columns
    whose ints, strings and booleans go to the database as they are, and the INSERT text."""
    columns = tuple(f for f in Match._meta.concrete_fields if not f.primary_key)
    plain = frozenset(f.attname for f in columns
                      if isinstance(f, (models.IntegerField, models.CharField,
                                        models.BooleanField, models.ForeignKey)))
    sql = (f"INSERT INTO {_q(Match._meta.db_table)} "
           f"({', '.join(_q(f.column) for f in columns)}) "
           f"VALUES ({', '.join(['%s'] * len(columns))})")
    return columns, {f.attname: n for n, f in enumerate(columns)}, plain, sql


def insert_matches(event: Event, rows: list[dict[str, Any]], *, ids: bool = True
                   ) -> dict[int, int]:
    """Insert many matches of ``event`` with one ``executemany`` and return their ids by match
    number (one more query; none with ``ids=False``).

    Each row gives the fields that differ from a new ``Match(event=event)`` (``round`` as a
    :class:`Round`); everything else, including every default of a field added later, comes
    from that template, prepared for the database by the fields themselves. Much faster than
    ``bulk_create`` for a round of 128 matches (no model instance per row).
    """
    if not rows:
        return {}
    from scoring.models.match import new_umpire_token

    columns, index, plain, sql = _match_layout()
    template = Match(event=event, rules=event.rules)
    base = [f.get_db_prep_save(f.pre_save(template, True), connection) for f in columns]
    token = index["umpire_token"]
    json_columns = {f.attname: f.encoder for f in columns if isinstance(f, models.JSONField)}
    adapt_json = connection.ops.adapt_json_value
    values = []
    for row in rows:
        line = base.copy()
        line[token] = new_umpire_token()
        rnd = row.pop("round", None)
        if rnd is not None:
            row.setdefault("round_id", rnd.pk)
            row.setdefault("stage", rnd.stage)
            row.setdefault("games_to_win", rnd.games_to_win)
        for key, value in row.items():
            n = index[key]
            if key in plain and (value is None or type(value) in (int, str, bool)):
                line[n] = value
            elif key in json_columns and value is not None:
                line[n] = adapt_json(value, json_columns[key])
            else:
                line[n] = columns[n].get_db_prep_save(value, connection)
        values.append(line)
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)
    if not ids:
        return {}
    numbers = [row["number"] for row in rows]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_q('number')}, {_q('id')} FROM {_q(Match._meta.db_table)} "
                       f"WHERE {_q('event_id')} = %s AND {_q('number')} >= %s "
                       f"AND {_q('number')} <= %s", [event.pk, min(numbers), max(numbers)])
        return dict(cursor.fetchall())
