# The app's code as it was before issue 36 (tree ddc7042): hand-written statements the ORM
# replaced, kept only as bench/plain_sql.py's rival (not used by the app).
"""One row inserted or updated in plain, portable SQL (SQLite, PostgreSQL; issue 17).

The hot writes (a stroke's log row and its audit row, a board's and a match's caches, a draw's
new round) are single rows whose SQL is always the same; the ORM compiles it again on every
call, which costs more than the write itself. These helpers make each statement's text once
per process and prepare the values with the fields themselves (``get_db_prep_save``: JSON,
dates and times as the ORM sends them). Like ``QuerySet.update``, they send no signals.
"""

from __future__ import annotations

import functools
from typing import Any, cast

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.utils import timezone


def _db() -> Any:
    """The default connection itself (not the proxy ``django.db.connection``, whose every
    attribute is a thread-local lookup)."""
    return connections[DEFAULT_DB_ALIAS]


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
    constraint) propagate as from ``save``."""
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
    ``__init__`` work."""
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
    of related models (no expressions), with the statement's text made once per process."""
    db = _db()
    fields, sql = _update(db.vendor, model, tuple(values))
    params = [
        f.get_db_prep_save(value.pk if isinstance(value, models.Model) else value, db)
        for f, value in zip(fields, values.values(), strict=True)
    ]
    with db.cursor() as cursor:
        cursor.execute(sql, [*params, pk])
