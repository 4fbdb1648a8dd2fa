"""A queryset's SQL made once per process (issue 17): the match behind an umpire link, with its
tournament and entries (``select_related``), is read on every stroke, and the ORM compiling that
join again each time cost more than the query itself (about 2 ms of a stroke's 8).

:func:`prepared` compiles the queryset once per database connection (the connection object,
kept across reconnects; each thread of a server has its own) with marker values in place of the
parameters, then each call runs the same SQL with the real values and builds the instances as
the queryset's own iterator does (``from_db``, the related objects, the annotations, the
fields' converters). Only the statement's text is kept, never a row: nothing another app
server could change is cached.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import Model, QuerySet
from django.db.models.query import _get_from_db, get_related_populators

from scoring.records.prepared import named

_serial = itertools.count()


class _Compiled:
    """The SQL of one queryset and what turns its rows into instances."""

    def __init__(self, queryset: QuerySet[Any], markers: tuple[str, ...]) -> None:
        compiler = queryset.query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()
        self.sql, self.names = named(sql)  # run by name: not scanned again (records/prepared)
        # where each parameter goes: a marker's place or a constant of the queryset
        self.params: list[tuple[bool, Any]] = []
        for value in params:
            self.params.append((True, markers.index(value)) if value in markers else (False, value))
        found = {index for is_marker, index in self.params if is_marker}
        if found != set(range(len(markers))):
            raise ValueError("a parameter of the prepared query is not among its SQL's")
        select, klass_info = compiler.select, compiler.klass_info
        fetch_mode = queryset._fetch_mode
        self.track_peers = fetch_mode.track_peers
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        self.model_slice = slice(start, end)
        self.init_list = [f[0].target.attname for f in select[start:end]]
        self.from_db = _get_from_db(klass_info["model"], fetch_mode)
        self.populators = get_related_populators(klass_info, select, queryset.db, fetch_mode)
        self.annotations = dict(compiler.annotation_col_map or {})
        fields = [s[0] for s in select[0 : compiler.col_count]]
        self.converters = list(compiler.get_converters(fields).items())
        self.alias = queryset.db

    def run(self, values: tuple[Any, ...]) -> list[Model]:
        db = connections[self.alias]
        params = {
            name: values[v] if is_marker else v
            for name, (is_marker, v) in zip(self.names, self.params, strict=True)
        }
        with db.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        out: list[Model] = []
        peers: list[Any] = []
        for fetched in rows:
            row = list(fetched)
            for pos, (convs, expression) in self.converters:
                value = row[pos]
                for converter in convs:
                    value = converter(value, expression, db)
                row[pos] = value
            obj = self.from_db(self.alias, self.init_list, row[self.model_slice])
            if self.track_peers:
                peers.append(weakref.ref(obj))
                obj._state.peers = peers
            for populator in self.populators:
                populator.populate(row, obj)
            for name, pos in self.annotations.items():
                setattr(obj, name, row[pos])
            out.append(obj)
        return out


def prepared(
    build: Callable[..., QuerySet[Any]], markers: tuple[Any, ...], *, lock: bool = False
) -> Callable[..., list[Model]]:
    """``build(*values)``'s rows as a list, its SQL compiled once per connection with
    ``markers`` as the values (unlikely ones of the right type: a string, a negative id).
    ``build`` must give the same SQL whatever the values (they are only its parameters);
    ``lock``: the queryset locks its rows (``select_for_update``), so it runs only inside a
    transaction, as the ORM demands."""
    key = f"_prepared_{next(_serial)}"

    def run(*values: Any) -> list[Model]:
        if len(values) != len(markers):
            raise TypeError(f"expected {len(markers)} values")
        db = connections[DEFAULT_DB_ALIAS]
        if lock and not transaction.get_connection().in_atomic_block:
            raise transaction.TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        compiled = db.__dict__.get(key)
        if compiled is None:
            compiled = _Compiled(build(*markers), markers)
            db.__dict__[key] = compiled
        return compiled.run(values)

    return run
