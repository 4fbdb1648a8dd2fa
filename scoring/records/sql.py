"""The one home of hand-written SQL (issue 36): only what a benchmark showed a user would feel.

Everything else reads and writes through the ORM. ``bench/plain_sql.py`` timed every statement
the app once wrote by hand against its plain-ORM equivalent on the path a user waits on
(docs/BENCHMARKS.md, "Hand-written SQL, measured"); the ORM replaced those within 20 % of
their path. What stays, each with its figure in its docstring and its ORM twin
(``…_orm``, the oracle that ``tests/foundation/test_plain_sql.py`` compares it with on the
models and that the bench times it against):

- :func:`insert_one`, :func:`insert_values`, :func:`update_row`: a stroke's log row, its
  audit row and its caches' updates, each statement's text made once per process;
- :func:`insert_matches`: a round's matches in one ``executemany``;
- :func:`link_matches`: a new bracket's winner and loser links in one ``executemany``;
- :func:`draw_flag_rows`, :func:`draw_rows`, :func:`entry_rows`: the standings' reads (the
  next Swiss round's pairing, every standings table), statements made once per shape (their
  ORM twins are ``scoring.standings``' own querysets);
- :func:`fetch_all`: the cursor of :class:`scoring.records.prepared.Prepared`, which runs SQL
  the ORM's compiler wrote, compiled once per connection (the stroke's look-ups, the live
  pages' ETag validators: twice the CPU of a 304 poll when compiled on every poll).

``tests/foundation/test_one_sql_home.py`` keeps every other module of ``scoring/`` free of
``cursor()``, ``RawSQL``, ``.raw()`` and ``.extra()``. The statements are portable (SQLite,
PostgreSQL), their text made once per process from the models' own metadata, the values
prepared by the fields themselves (``get_db_prep_save``); like ``bulk_create`` and
``bulk_update``, they send no signals.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, cast

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.utils import timezone

from scoring.models import Entry, Event, Match, Player, Round, Rubber
from scoring.models.match import new_umpire_tokens


def _db() -> Any:
    """The default connection itself (not the proxy ``django.db.connection``, whose every
    attribute is a thread-local lookup)."""
    return connections[DEFAULT_DB_ALIAS]


def fetch_all(sql: str, params: Any, *, alias: str = DEFAULT_DB_ALIAS) -> list[Any]:
    """Run a statement the ORM's compiler wrote (:mod:`scoring.records.prepared`, compiled
    once per connection) with new parameters and give its rows.

    Measured: compiled on every run instead, the stroke POST's queries cost 2.1 times its CPU
    (``bench/stroke_post.py --compare-prepared``), and a live page's ETag validator twice the
    CPU of its whole 304 (``bench/plain_sql.py``, 256 players: a match's live part 0.36 →
    0.71 ms, the standings page 0.88 → 4.05 ms)."""
    with connections[alias].cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[Any] = cursor.fetchall()
        return rows


# --- single rows (a stroke's log and audit rows, its caches) ---


@functools.cache
def _insert(
    vendor: str, model: type[models.Model]
) -> tuple[tuple[models.Field[Any, Any], ...], str]:
    q = _db().ops.quote_name
    fields = tuple(f for f in model._meta.concrete_fields if not f.primary_key)
    sql = (
        f"INSERT INTO {q(model._meta.db_table)} ({', '.join(q(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {q(model._meta.pk.column)}"
    )
    return fields, sql


def insert_one[M: models.Model](obj: M) -> M:
    """Insert the unsaved ``obj`` (every concrete field; ``auto_now_add`` set as ``save``
    does) and give it its new id (``RETURNING``, both databases). Database errors (a unique
    constraint) propagate as from ``save``. A stroke's log row.

    Measured with :func:`insert_values` and :func:`update_row` (``bench/plain_sql.py --case
    stroke``, CPU, SQLite): with the three ORM twins at once a stroke POST cost +13–26 % CPU
    (three runs); one twin at a time +4, +12 and +9 % (4.0, 5.0, 4.8 ms); the stroke POST's
    own target, at most twice the trivial view's CPU, stood at 1.9–2.0 already."""
    db = _db()
    fields, sql = _insert(db.vendor, type(obj))
    obj.pk = _returning(db, sql, [f.get_db_prep_save(f.pre_save(obj, True), db) for f in fields])
    obj._state.adding = False
    obj._state.db = db.alias
    return obj


def insert_values(model: type[models.Model], **values: Any) -> Any:
    """Insert one row of ``model`` from column values by attribute name (a foreign key as
    ``<name>_id``) without making a model instance, and return its new id: the statement of
    :func:`insert_one`; a field not given gets its default, an ``auto_now(_add)`` time now.
    For rows nobody reads back at once (the audit trail): no instance, no per-field
    ``__init__`` work. A stroke's audit row (measured: :func:`insert_one`)."""
    db = _db()
    fields, sql = _insert(db.vendor, model)
    now = None
    params = []
    for f in fields:
        if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False):
            now = now or timezone.now()
            value = now
        elif f.attname in values:
            value = values[f.attname]
        else:
            value = f.get_default()
        params.append(f.get_db_prep_save(value, db))
    return _returning(db, sql, params)


def _returning(db: Any, sql: str, params: list[Any]) -> Any:
    """Run the INSERT of :func:`_insert` and give the new row's id."""
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()[0]


@functools.cache
def _update(
    vendor: str, model: type[models.Model], names: tuple[str, ...]
) -> tuple[tuple[models.Field[Any, Any], ...], str]:
    q = _db().ops.quote_name
    meta = model._meta
    fields = tuple(cast("models.Field[Any, Any]", meta.get_field(name)) for name in names)
    sets = ", ".join(f"{q(f.column)} = %s" for f in fields)
    return fields, f"UPDATE {q(meta.db_table)} SET {sets} WHERE {q(meta.pk.column)} = %s"


def update_row(model: type[models.Model], *, pk: Any, **values: Any) -> None:
    """``model.objects.filter(pk=pk).update(**values)`` for plain values and saved instances
    of related models (no expressions), with the statement's text made once per process. A
    stroke's board and match caches (measured: :func:`insert_one`)."""
    db = _db()
    fields, sql = _update(db.vendor, model, tuple(values))
    params = [
        f.get_db_prep_save(value.pk if isinstance(value, models.Model) else value, db)
        for f, value in zip(fields, values.values(), strict=True)
    ]
    with db.cursor() as cursor:
        cursor.execute(sql, [*params, pk])


def insert_one_orm[M: models.Model](obj: M) -> M:
    """:func:`insert_one` written with the ORM: its oracle and its rival."""
    obj.save(force_insert=True)
    return obj


def insert_values_orm(model: type[models.Model], **values: Any) -> Any:
    """:func:`insert_values` written with the ORM: its oracle and its rival."""
    return model._default_manager.create(**values).pk


def update_row_orm(model: type[models.Model], *, pk: Any, **values: Any) -> None:
    """:func:`update_row` written with the ORM: its oracle and its rival."""
    model._default_manager.filter(pk=pk).update(**values)


# --- a round's matches at once ---


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
    from that template, prepared for the database by the fields themselves.

    Measured (``bench/plain_sql.py``, CPU, SQLite): the 256-player Swiss round's draw
    7.9 ms, with :func:`insert_matches_orm` (``bulk_create``: a model instance per row)
    28.9 ms (64 players: 2.6 against 8.1); the 256-entry knock-out 12.5 against 55.8 ms.
    """
    if not rows:
        return {}
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
    q = db.ops.quote_name
    with db.cursor() as cursor:
        cursor.execute(
            f"SELECT {q('number')}, {q('id')} FROM {q(Match._meta.db_table)} "
            f"WHERE {q('event_id')} = %s AND {q('number')} >= %s AND {q('number')} <= %s",
            [event.pk, min(numbers), max(numbers)],
        )
        return dict(cursor.fetchall())


@functools.cache
def _links_sql(vendor: str) -> str:
    q = _db().ops.quote_name
    return (
        f"UPDATE {q(Match._meta.db_table)} SET {q('winner_to_id')} = %s, "
        f"{q('winner_to_side')} = %s, {q('loser_to_id')} = %s, "
        f"{q('loser_to_side')} = %s WHERE {q('id')} = %s"
    )


def link_matches(links: Sequence[tuple[int | None, str, int | None, str, int]]) -> None:
    """Where each match of a new bracket sends its winner and loser: (winner_to id, side,
    loser_to id, side, match id) rows, one ``executemany``.

    Measured (``bench/plain_sql.py``, CPU, SQLite): the 256-entry knock-out's draw 13.9
    ms, with :func:`link_matches_orm` (``bulk_update``: one ``CASE`` per column over 255 ids)
    148.6 ms (64 entries: 4.5 against 35.3)."""
    db = _db()
    with db.cursor() as cursor:
        cursor.executemany(_links_sql(db.vendor), links)


def insert_matches_orm(
    event: Event, rows: list[dict[str, Any]], *, ids: bool = True
) -> dict[int, int]:
    """:func:`insert_matches` written with the ORM (``bulk_create``): its oracle in the tests
    and its rival in the benchmark."""
    matches = []
    for row, token in zip(rows, new_umpire_tokens(len(rows)), strict=True):
        rnd = row.pop("round", None)
        if rnd is not None:
            row.setdefault("round_id", rnd.pk)
            row.setdefault("stage", rnd.stage)
            row.setdefault("games_to_win", rnd.games_to_win)
        matches.append(Match(event=event, rules=event.rules, umpire_token=token, **row))
    Match.objects.bulk_create(matches)
    return {m.number: m.pk for m in matches} if ids else {}


def link_matches_orm(links: Sequence[tuple[int | None, str, int | None, str, int]]) -> None:
    """:func:`link_matches` written with the ORM (``bulk_update``): its oracle in the tests and
    its rival in the benchmark."""
    Match.objects.bulk_update(
        [
            Match(pk=pk, winner_to_id=w, winner_to_side=ws, loser_to_id=lo, loser_to_side=ls)
            for w, ws, lo, ls, pk in links
        ],
        ["winner_to", "winner_to_side", "loser_to", "loser_to_side"],
    )


# --- the standings' reads: an event's draw, its results' flags, its entries ---


@functools.cache
def _draw_where(vendor: str, bracket: bool, excluded: int) -> str:
    """The matches of an event's draw over the match table aliased ``m`` (parameters
    :func:`_draw_params`): a team tie's rubbers are counted through their tie, never as
    matches of the draw; of one bracket if ``bracket``, none of ``excluded`` brackets."""
    q = _db().ops.quote_name
    where = (
        f"m.{q('event_id')} = %s AND NOT EXISTS (SELECT 1 FROM {q(Rubber._meta.db_table)} r "
        f"WHERE r.{q('match_id')} = m.{q('id')})"
    )
    rounds = f"SELECT {q('id')} FROM {q(Round._meta.db_table)} WHERE {q('event_id')} = %s"
    if bracket:
        where += f" AND m.{q('round_id')} IN ({rounds} AND {q('bracket')} = %s)"
    if excluded:
        where += (
            f" AND (m.{q('round_id')} IS NULL OR m.{q('round_id')} NOT IN "
            f"({rounds} AND {q('bracket')} IN ({', '.join(['%s'] * excluded)})))"
        )
    return where


def _draw_params(event_id: int, bracket: str | None, excluded: tuple[str, ...]) -> list[Any]:
    params: list[Any] = [event_id]
    if bracket is not None:
        params += [event_id, bracket]
    if excluded:
        params += [event_id, *excluded]
    return params


@functools.cache
def _flag_sql(vendor: str, shape: tuple[Any, ...]) -> str:
    """The statement of :func:`draw_flag_rows` for ``shape``: (brackets excluded, flags,
    statuses done, statuses settled, totals' columns)."""
    excluded, flags, done, settled, totals = shape
    q = _db().ops.quote_name
    side_a, side_b, bye, walkover, draw, decided, confirmed = flags
    m = {c: "m." + q(c) for c in ("winner_side", "bye", "walkover", "draw", "status")}
    summed = (
        f"(CASE WHEN {m['winner_side']} = %s THEN {side_a} WHEN {m['winner_side']} = %s "
        f"THEN {side_b} ELSE 0 END + CASE WHEN {m['bye']} THEN {bye} ELSE 0 END "
        f"+ CASE WHEN {m['walkover']} THEN {walkover} ELSE 0 END "
        f"+ CASE WHEN {m['draw']} THEN {draw} ELSE 0 END "
        f"+ CASE WHEN {m['status']} IN ({', '.join(['%s'] * settled)}) "
        f"THEN {decided | confirmed} WHEN {m['status']} IN ({', '.join(['%s'] * done)}) "
        f"THEN {decided} ELSE 0 END)"
    )
    listed = ", ".join(
        ["m." + q("entry_a_id"), "m." + q("entry_b_id"), summed, "m." + q("number")]
        + ["m." + q(c) for c in totals]
    )
    where = _draw_where(vendor, False, excluded)
    return f"SELECT {listed} FROM {q(Match._meta.db_table)} m WHERE {where} ORDER BY m.{q('id')}"


def draw_flag_rows(
    event_id: int,
    *,
    exclude_brackets: tuple[str, ...],
    flags: tuple[int, int, int, int, int, int, int],
    done: Sequence[str],
    settled: Sequence[str],
    totals: tuple[str, ...],
) -> list[tuple[Any, ...]]:
    """The matches of an event's draw (none of ``exclude_brackets``) by id: entry a, entry b,
    one integer of ``flags`` (winner side a, b, bye, walkover, draw, a status of ``done``, of
    ``settled``; summed in SQL) and the match number, then the ``totals`` columns: integers
    only. ``scoring.standings.results.decided_results``' read (its ORM twin there).

    Measured (``bench/vs_sol.py --quick``, SoL's time over the app's, one run): with this and
    :func:`draw_rows` and :func:`entry_rows` by hand the Swiss round 7.77 and the standings
    6.74 times faster than SoL (ddc7042); with their ORM twins 3.40 and 2.33 (docs/BENCHMARKS.md,
    "Hand-written SQL, measured")."""
    vendor = _db().vendor
    sql = _flag_sql(vendor, (len(exclude_brackets), flags, len(done), len(settled), totals))
    params = ["a", "b", *settled, *done, *_draw_params(event_id, None, exclude_brackets)]
    return fetch_all(sql, params)


@functools.cache
def _rows_sql(vendor: str, columns: tuple[str, ...], bracket: bool, excluded: int) -> str:
    q = _db().ops.quote_name
    listed = ", ".join("m." + q(c) for c in columns)
    where = _draw_where(vendor, bracket, excluded)
    return f"SELECT {listed} FROM {q(Match._meta.db_table)} m WHERE {where} ORDER BY m.{q('id')}"


def draw_rows(
    event_id: int,
    *,
    columns: tuple[str, ...],
    bracket: str | None = None,
    exclude_brackets: tuple[str, ...] = (),
) -> list[tuple[Any, ...]]:
    """The ``columns`` of the matches of an event's draw (of one bracket if given, none of
    ``exclude_brackets``) by id, as the database gives them.
    ``scoring.standings.results.event_results``' read (measured: :func:`draw_flag_rows`)."""
    sql = _rows_sql(_db().vendor, columns, bracket is not None, len(exclude_brackets))
    return fetch_all(sql, _draw_params(event_id, bracket, exclude_brackets))


@functools.cache
def _entries_sql(vendor: str) -> str:
    q = _db().ops.quote_name
    player = q(Player._meta.db_table)
    return (
        f"SELECT e.{q('id')}, e.{q('seed')}, e.{q('withdrawn')}, e.{q('rating')}, "
        f"e.{q('team_name')}, e.{q('prize')}, p.{q('id')}, p.{q('name')}, p.{q('club')}, "
        f"p.{q('rating')}, r.{q('id')}, r.{q('name')}, r.{q('club')}, r.{q('rating')} "
        f"FROM {q(Entry._meta.db_table)} e JOIN {player} p ON p.{q('id')} = e.{q('player_id')} "
        f"LEFT JOIN {player} r ON r.{q('id')} = e.{q('partner_id')} "
        f"WHERE e.{q('event_id')} = %s ORDER BY e.{q('seed')}, e.{q('id')}"
    )


def entry_rows(event_id: int) -> list[tuple[Any, ...]]:
    """An event's entries by seed and id: id, seed, withdrawn, rating, team name, prize, then
    the player's and the partner's (or NULLs) id, name, club and rating, as the database
    gives them but the prize, a ``Decimal`` of its places as the ORM gives it (SQLite gives
    a float). ``scoring.standings.tables.entry_lines``' read (its ORM twin there;
    measured: :func:`draw_flag_rows`)."""
    rows = fetch_all(_entries_sql(_db().vendor), [event_id])
    places = Decimal(1).scaleb(-Entry._meta.get_field("prize").decimal_places)
    return [
        (*r[:5], None if r[5] is None else Decimal(str(r[5])).quantize(places), *r[6:])
        for r in rows
    ]
