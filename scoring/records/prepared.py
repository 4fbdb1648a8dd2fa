"""The one prepared-query helper (issue 17; issue 36: one home): a query compiled once per
database connection and run with new parameters.

The ORM compiles a query on every run (joins, columns, ordering): for the queries of every
stroke (the match behind the tablet's link with its tournament and entries; the snapshot's
games, boards and the board in play's events, about fifty columns) that costs more than
running them: ``bench/stroke_post.py --compare-prepared`` measured a stroke POST at 2.1 times
the CPU with the plain ORM (colour game; 1.8 times in point carrom). :class:`Prepared`
compiles a ``values_list`` queryset built for sentinel values once per connection and runs its
SQL with the real values, converting the columns as the ORM does (JSON, UUIDs, datetimes,
booleans); :class:`Joined` makes model instances of such rows, a model with the rows its
foreign keys reach (as ``select_related`` would), through the public ``Model.from_db`` and
the relations' own descriptors. The compiled SQL text and the columns' converters are the only
things taken from the ORM's compiler; only the statement's text is kept, never a row."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet

from scoring.records.sql import fetch_all

#: An id no row has; the compiled parameters hold it where the real id goes.
SENTINEL = -7_001_337

_FORMAT = re.compile(r"(?<!%)%s")


def named(sql: str) -> tuple[str, list[str]]:
    """``sql`` with its ``%s`` parameters named (``%(p0)s``, …) and the names in order. A
    statement run with its parameters by name (a dict) is not scanned again on every run:
    Django's SQLite cursor turns ``%s`` into ``?`` with a regular expression over the whole
    text (tens of microseconds for the stroke's few-kilobyte joins), names with one ``%``
    formatting; PostgreSQL (psycopg) takes either."""
    names: list[str] = []

    def name(_match: re.Match[str]) -> str:
        names.append(f"p{len(names)}")
        return f"%({names[-1]})s"

    return _FORMAT.sub(name, sql), names


#: A value to prepare for the database as a field does (a datetime: SQLite takes text).
Prep = Callable[[Any, Any], Any]


class Prepared:
    """``build(*markers)`` is a ``values_list`` queryset of one parameter per marker
    (``SENTINEL`` alone by default: one id)."""

    def __init__(
        self,
        build: Callable[..., QuerySet[Any]],
        repeated: int = 0,
        markers: tuple[Any, ...] = (SENTINEL,),
        prep: tuple[Prep | None, ...] = (),
    ) -> None:
        """``repeated``: the leading columns whose values repeat from row to row (a join's
        parent columns); each distinct value of those is converted once, not once a row.
        ``markers``: unlikely values, one per parameter, that the compiled SQL's parameters
        are found by; ``prep``: for each marker, how its value goes to the database (None:
        as it is), as the queryset's lookup prepares it."""
        self.build = build
        self.repeated = repeated
        self.markers = markers
        self.prep = prep + (None,) * (len(markers) - len(prep))
        self._compiled: dict[
            int, tuple[str, list[str], list[Any], list[tuple[int, int]], Any, Any]
        ] = {}

    def _compile(
        self, alias: str
    ) -> tuple[str, list[str], list[Any], list[tuple[int, int]], Any, Any]:
        connection = connections[alias]
        key = id(connection)
        compiled = self._compiled.get(key)
        if compiled is None:
            queryset = self.build(*self.markers)
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            wanted = [self._prepped(n, m, connection) for n, m in enumerate(self.markers)]
            slots = [(i, wanted.index(p)) for i, p in enumerate(params) if p in wanted]
            if {n for _i, n in slots} != set(range(len(wanted))):
                raise ValueError("a marker of the prepared query is not among its parameters")
            fields = [s[0] for s in compiler.select[0 : compiler.col_count]]
            sql, names = named(sql)
            compiled = (sql, names, list(params), slots, compiler, compiler.get_converters(fields))
            self._compiled[key] = compiled
        return compiled

    def _prepped(self, number: int, value: Any, connection: Any) -> Any:
        prep = self.prep[number]
        return value if prep is None else prep(value, connection)

    def rows(self, *values: Any, alias: str = "default") -> Iterator[list[Any]]:
        """The rows for ``values`` in place of the markers, converted."""
        if len(values) != len(self.markers):
            raise TypeError(f"expected {len(self.markers)} values")
        sql, names, params, slots, compiler, converters = self._compile(alias)
        connection = connections[alias]
        params = list(params)
        for i, number in slots:
            params[i] = self._prepped(number, values[number], connection)
        rows = fetch_all(sql, dict(zip(names, params, strict=True)), alias=alias)
        if not converters:
            return iter(rows)
        if not self.repeated:
            converted: Iterator[list[Any]] = compiler.apply_converters(rows, converters)
            return converted
        return iter(self._convert(rows, converters, connections[alias]))

    def _convert(
        self, rows: list[tuple[Any, ...]], converters: dict[int, Any], connection: Any
    ) -> list[list[Any]]:
        """The rows converted as the ORM does; when a row's repeated columns are those of the
        row before (the same parent rows), their converted values are reused."""
        lead = [(pos, c) for pos, c in converters.items() if pos < self.repeated]
        rest = [(pos, c) for pos, c in converters.items() if pos >= self.repeated]
        repeated = self.repeated
        before: tuple[Any, ...] | None = None
        converted: list[Any] = []
        out = []
        for raw_row in rows:
            row = list(raw_row)
            prefix = raw_row[:repeated]
            if prefix == before:
                row[:repeated] = converted
            else:
                for pos, (functions, expression) in lead:
                    value = row[pos]
                    for function in functions:
                        value = function(value, expression, connection)
                    row[pos] = value
                before, converted = prefix, row[:repeated]
            for pos, (functions, expression) in rest:
                value = row[pos]
                for function in functions:
                    value = function(value, expression, connection)
                row[pos] = value
            out.append(row)
        return out


@dataclass(frozen=True)
class _Part:
    """A model of a :class:`Joined` row: the base (``path`` ``""``) or one a foreign key
    reaches, the field that reaches it from its parent, and its columns' place in a row."""

    path: str
    model: type[Model]
    parent: str
    name: str  # the foreign key's name on the parent ("" for the base)
    attnames: tuple[str, ...]
    start: int


class Joined:
    """``model`` and the models its ``related`` paths (``select_related``'s, e.g.
    ``"event__tournament"``) reach, read as plain columns (:meth:`columns`, for a
    ``values_list`` run by :class:`Prepared`) and made into instances (:meth:`instance`):
    each with every concrete field loaded, each relation's instance (or None) in place, so
    reading ``match.event.tournament`` makes no query."""

    def __init__(self, model: type[Model], related: Sequence[str]) -> None:
        plans: list[tuple[str, type[Model], str, str]] = [("", model, "", "")]
        models: dict[str, type[Model]] = {"": model}
        for path in related:
            names = path.split("__")
            for depth in range(1, len(names) + 1):
                here, parent = "__".join(names[:depth]), "__".join(names[: depth - 1])
                if here not in models:
                    field = models[parent]._meta.get_field(names[depth - 1])
                    models[here] = field.related_model  # type: ignore[assignment]
                    plans.append((here, models[here], parent, names[depth - 1]))
        parts, start = [], 0
        for here, part_model, parent, name in plans:
            attnames = tuple(f.attname for f in part_model._meta.concrete_fields)
            parts.append(_Part(here, part_model, parent, name, attnames, start))
            start += len(attnames)
        self.parts = tuple(parts)
        self.width = start

    def columns(self) -> list[str]:
        """The ``values_list`` names of every model's columns, in the rows' order."""
        return [
            f"{part.path}__{name}" if part.path else name
            for part in self.parts
            for name in part.attnames
        ]

    def instance(self, row: Sequence[Any], db: str) -> Model:
        """The base model's instance of ``row`` (its first :attr:`width` columns), with the
        instances of its relations set through their descriptors (None for a null key)."""
        made: dict[str, Model | None] = {}
        for part in self.parts:
            values = row[part.start : part.start + len(part.attnames)]
            pk_at = part.attnames.index(part.model._meta.pk.attname)
            obj = None if values[pk_at] is None else part.model.from_db(db, part.attnames, values)
            made[part.path] = obj
            parent = made.get(part.parent) if part.path else None
            if parent is not None:
                setattr(parent, part.name, obj)
        base = made[""]
        assert base is not None
        return base
