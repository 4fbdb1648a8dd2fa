# The app's code as it was before issue 36 (tree ddc7042): hand-written statements the ORM
# replaced, kept only as bench/plain_sql.py's rival (not used by the app).
"""The draw's own reads and writes in plain, portable SQL (SQLite, PostgreSQL; issue 17).

A draw runs a handful of fixed queries whatever the field size; at 64 players the ORM's
compiling of each (the model orderings pull in joins of the event and the tournament) costs
more than the pairing itself. These helpers do the same work with prepared SQL text:

- :func:`lock_event`: the event and its tournament, read inside the draw's transaction and
  locked (``FOR UPDATE`` where the database has it; SQLite's ``BEGIN IMMEDIATE`` already holds
  the write lock);
- :func:`round_heads`: the event's rounds as ``(number, bracket)``;
- :func:`entry_rows`: the event's entries as the pairing reads them (id, seed, withdrawn,
  rating), without the players' names;
- :func:`has_open_roll_call`: whether the roll call service has anything to apply;
- :func:`insert_round`: one :class:`~scoring.models.Round` row, returned as a saved instance;
- :func:`insert_matches`: many :class:`~scoring.models.Match` rows in one ``executemany``.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models

from scoring.models import Entry, Event, Match, Player, RollCall, Round, Tournament
from scoring.records.sql import insert_one


def _db() -> Any:
    """The default connection itself (not the proxy ``django.db.connection``, whose every
    attribute is a thread-local lookup)."""
    return connections[DEFAULT_DB_ALIAS]


@functools.cache
def _sql(vendor: str, key: str) -> str:
    """The SQL text ``key`` for a database ``vendor``, made once per process."""
    db = _db()
    q = db.ops.quote_name
    if key in ("event", "tournament"):
        model: type[models.Model] = Event if key == "event" else Tournament
        columns = ", ".join(q(f.column) for f in model._meta.concrete_fields)
        sql = f"SELECT {columns} FROM {q(model._meta.db_table)} WHERE {q('id')} = %s"
        if key == "event" and db.features.has_select_for_update:
            sql += " FOR UPDATE"
        return sql
    if key == "rounds":
        return (
            f"SELECT {q('number')}, {q('bracket')} FROM {q(Round._meta.db_table)} "
            f"WHERE {q('event_id')} = %s ORDER BY {q('number')}, {q('bracket')}"
        )
    if key == "roll_call":
        return (
            f"SELECT 1 FROM {q(RollCall._meta.db_table)} WHERE {q('event_id')} = %s "
            f"AND {q('open')} = %s"
        )
    if key == "match_ids":
        return (
            f"SELECT {q('number')}, {q('id')} FROM {q(Match._meta.db_table)} "
            f"WHERE {q('event_id')} = %s AND {q('number')} >= %s AND {q('number')} <= %s"
        )
    if key == "entries":
        return (
            f"SELECT e.{q('id')}, e.{q('seed')}, e.{q('withdrawn')}, p.{q('rating')} "
            f"FROM {q(Entry._meta.db_table)} e JOIN {q(Player._meta.db_table)} p "
            f"ON p.{q('id')} = e.{q('player_id')} WHERE e.{q('event_id')} = %s "
            f"ORDER BY e.{q('seed')}, e.{q('id')}"
        )
    raise KeyError(key)


@functools.cache
def _converters(
    vendor: str, model: type[models.Model]
) -> tuple[tuple[str, ...], tuple[tuple[int, Any, tuple[Any, ...]], ...]]:
    """The attribute names of ``model``'s concrete fields and, per column that needs them,
    the converters the ORM applies to its database values (made once per process)."""
    db = _db()
    fields = model._meta.concrete_fields
    out = []
    for n, f in enumerate(fields):
        col = f.get_col(model._meta.db_table)
        found = tuple(db.ops.get_db_converters(col) + col.get_db_converters(db))
        if found:
            out.append((n, col, found))
    return tuple(f.attname for f in fields), tuple(out)


def _one[M: models.Model](model: type[M], key: str, pk: Any) -> M | None:
    """One row of ``model`` by the SQL text ``key``, as the model instance the ORM makes
    (``from_db``, the fields' and the database's converters applied)."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_sql(db.vendor, key), [pk])
        row = cursor.fetchone()
    if row is None:
        return None
    names, converters = _converters(db.vendor, model)
    values = list(row)
    for n, col, found in converters:
        value = values[n]
        for convert in found:
            value = convert(value, col, db)
        values[n] = value
    return model.from_db(db.alias, names, values)


def lock_event(event: Event) -> Event:
    """``event`` read again inside the caller's transaction, locked, with its tournament (two
    plain queries; model instances as the ORM makes them, converters applied)."""
    fresh = _one(Event, "event", event.pk)
    if fresh is None:
        raise Event.DoesNotExist(event.pk)
    fresh.tournament = _one(Tournament, "tournament", fresh.tournament_id)
    return fresh


def round_heads(event: Event) -> list[tuple[int, str]]:
    """The event's rounds as (number, bracket), by number."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_sql(db.vendor, "rounds"), [event.pk])
        return [(number, bracket) for number, bracket in cursor.fetchall()]


def entry_rows(event: Event) -> list[tuple[int, int | None, bool, int | None]]:
    """The event's entries as (id, seed, withdrawn, first player's rating), in the order of
    :func:`scoring.standings.entry_lines` (seed, registration)."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_sql(db.vendor, "entries"), [event.pk])
        return cursor.fetchall()


def has_open_roll_call(event: Event) -> bool:
    """Whether ``event`` has an open roll call (:func:`scoring.services.checkin.before_draw`
    applies it; without one a draw need not ask that service)."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_sql(db.vendor, "roll_call"), [event.pk, True])
        return cursor.fetchone() is not None


def insert_round(event: Event, **fields: Any) -> Round:
    """One new round of ``event`` (``number``, ``bracket``, ``stage``, ``games_to_win``,
    ``name``), inserted with its id returned (:func:`scoring.services.sql_rows.insert_one`)."""
    return insert_one(Round(event=event, **fields))
