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
import re
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.utils import timezone

from scoring.models import Entry, Event, Match, Player, RollCall, Round, Tournament
from scoring.services.sql_rows import insert_one


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


@functools.cache
def _match_layout(
    vendor: str,
) -> tuple[tuple[models.Field[Any, Any], ...], dict[str, int], frozenset[str], dict[str, Any], str]:
    """The match table's insert columns, each column's index by attribute name, the columns
    whose ints, strings and booleans go to the database as they are, the JSON columns' encoders
    and the INSERT's head (``INSERT INTO … (columns)``; :func:`_insert_sql` adds the values)."""
    q = _db().ops.quote_name
    columns = tuple(f for f in Match._meta.concrete_fields if not f.primary_key)
    plain = frozenset(
        f.attname
        for f in columns
        if isinstance(
            f, (models.IntegerField, models.CharField, models.BooleanField, models.ForeignKey)
        )
    )
    json_columns = {f.attname: f.encoder for f in columns if isinstance(f, models.JSONField)}
    head = f"INSERT INTO {q(Match._meta.db_table)} ({', '.join(q(f.column) for f in columns)})"
    return columns, {f.attname: n for n, f in enumerate(columns)}, plain, json_columns, head


#: A template value written into the INSERT's text rather than bound: a string of these
#: characters only (no quote, no ``%``, no ``?``: nothing that could end the literal or be read
#: as a placeholder).
_LITERAL_TEXT = re.compile(r"[\w .:,{}\[\]\"-]*", re.ASCII)


def _literal(value: Any) -> str | None:
    """``value`` as an SQL literal both databases read the same, or None to bind it."""
    if value is None:
        return "NULL"
    if type(value) is bool:
        return "TRUE" if value else "FALSE"
    if type(value) is int:
        return str(value)
    if type(value) is str and _LITERAL_TEXT.fullmatch(value):
        return f"'{value}'"
    return None


@functools.lru_cache(maxsize=64)
def _insert_sql(
    vendor: str, event_id: int, rules: str, varying: frozenset[int]
) -> tuple[str, tuple[int, ...]]:
    """The INSERT of one match of an event and the columns each row binds. A column no row
    sets (not in ``varying``) takes the template's value, the same for every row: written as
    a literal when it is a plain value, it is bound for none of them. A round's rows then bind
    about ten values each instead of forty (binding them cost SQLite more than the insert)."""
    columns, _index, _plain, _json, head = _match_layout(vendor)
    base, fresh = _match_template(vendor, event_id, rules)
    marks, bound = [], []
    for n in range(len(columns)):
        literal = None if n in varying or n in fresh else _literal(base[n])
        if literal is None:
            marks.append("%s")
            bound.append(n)
        else:
            marks.append(literal)
    return f"{head} VALUES ({', '.join(marks)})", tuple(bound)


@functools.lru_cache(maxsize=64)
def _match_template(
    vendor: str, event_id: int, rules: str
) -> tuple[tuple[Any, ...], tuple[int, ...]]:
    """A new ``Match(event=…)``'s column values prepared for the database (made once per
    event) and the columns to make again on each insert: the creation and update times and
    any default that is a function (but ``dict`` and ``list``)."""
    db = _db()
    columns = _match_layout(vendor)[0]
    # a new match has no games: its cached totals are the fields' default, 0 (match_totals)
    template = Match(event_id=event_id, rules=rules)
    base = tuple(f.get_db_prep_save(f.pre_save(template, True), db) for f in columns)
    fresh = tuple(
        n
        for n, f in enumerate(columns)
        if getattr(f, "auto_now", False)
        or getattr(f, "auto_now_add", False)
        or (f.has_default() and callable(f.default) and f.default not in (dict, list))
    )
    return base, fresh


def insert_matches(event: Event, rows: list[dict[str, Any]], *, ids: bool = True) -> dict[int, int]:
    """Insert many matches of ``event`` with one ``executemany`` and return their ids by match
    number (one more query; none with ``ids=False``).

    Each row gives the fields that differ from a new ``Match(event=event)`` (``round`` as a
    :class:`Round`); everything else, including every default of a field added later, comes
    from that template, prepared for the database by the fields themselves. Much faster than
    ``bulk_create`` for a round of 128 matches (no model instance per row).
    """
    if not rows:
        return {}
    from scoring.models.match import new_umpire_tokens

    db = _db()
    columns, index, plain, json_columns, _head = _match_layout(db.vendor)
    kept, fresh = _match_template(db.vendor, event.pk, event.rules)
    base = list(kept)
    now = timezone.now()
    for n in fresh:  # the times of the insert (and any default made per row)
        f = columns[n]
        timed = getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
        made = now if timed else f.get_default()
        base[n] = f.get_db_prep_save(made, db)
    token = index["umpire_token"]
    adapt_json = db.ops.adapt_json_value
    values = []
    plans: dict[tuple[str, ...], list[tuple[int, bool, bool, Any, Any]]] = {}
    for row, umpire_token in zip(rows, new_umpire_tokens(len(rows)), strict=True):
        line = base.copy()
        line[token] = umpire_token
        rnd = row.pop("round", None)
        if rnd is not None:
            row.setdefault("round_id", rnd.pk)
            row.setdefault("stage", rnd.stage)
            row.setdefault("games_to_win", rnd.games_to_win)
        keys = tuple(row)
        plan = plans.get(keys)
        if plan is None:  # per set of keys: each one's column and how its value is sent
            plan = plans[keys] = [
                (index[k], k in plain, k in json_columns, json_columns.get(k), columns[index[k]])
                for k in keys
            ]
        for (n, is_plain, is_json, encoder, f), value in zip(plan, row.values(), strict=True):
            if is_plain and (value is None or type(value) in (int, str, bool)):
                line[n] = value
            elif is_json and value is not None:
                line[n] = adapt_json(value, encoder)
            else:
                line[n] = f.get_db_prep_save(value, db)
        values.append(line)
    varying = frozenset({token, *(n for plan in plans.values() for n, *_rest in plan)})
    sql, bound = _insert_sql(db.vendor, event.pk, event.rules, varying)
    with db.cursor() as cursor:
        cursor.executemany(sql, [[line[n] for n in bound] for line in values])
    if not ids:
        return {}
    numbers = [row["number"] for row in rows]
    with db.cursor() as cursor:
        cursor.execute(_sql(db.vendor, "match_ids"), [event.pk, min(numbers), max(numbers)])
        return dict(cursor.fetchall())
