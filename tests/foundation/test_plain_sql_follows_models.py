"""The hand-written SQL follows the models (issue 17's hot writes; issue 36: one home).

``scoring/records/sql.py`` writes rows in SQL whose text is made once per process. If a model
gains a field, a statement naming its columns by hand would silently leave it out. This test
runs the real services that use it (draws, a toss, strokes, a quick board, an undo) on the test
database and catches every statement issued from inside that module but those the ORM's
compiler wrote (``fetch_all``, for ``records/prepared.py``) (``connection.execute_wrapper``);
it needs no list of its statements, so it keeps passing (and checking) when statements are
added:

- an ``INSERT`` names exactly the model's concrete columns (the auto id aside);
- an ``UPDATE`` names model columns only, exactly those its caller asked for, by primary key;
- a ``SELECT`` read into model instances (``Model.objects.raw``) names exactly the concrete
  columns; any other ``SELECT`` (a round's match ids, the standings' reads) names columns of
  its tables' models only (an aliased table's columns by their alias).

``test_a_field_the_statement_does_not_write_fails`` shows the check failing when the model
has a field the statement leaves out (a field list extended by monkeypatch).
"""

from __future__ import annotations

import re
import sys
import uuid
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.db import connection, models

from scoring.models import Event, Match
from scoring.records import sql
from scoring.services import draws
from scoring.services.matches import (
    Actor,
    record_event,
    record_quick_board,
    record_toss,
    undo_last_event,
)
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.django_db

MODULES = ("scoring/records/sql.py",)
NAME = r'"?(\w+)"?'


@dataclass(frozen=True)
class Statement:
    sql: str
    raw: bool  # read into model instances (Model.objects.raw, Model.from_db)
    update_names: tuple[str, ...] | None  # the fields update_row was asked for


def _origin() -> tuple[bool, bool]:
    """(issued from one of MODULES, not as the ORM's compiler wrote it; read into model
    instances: ``RawQuerySet``)."""
    frame, ours, raw = sys._getframe(2), False, False
    while frame is not None:
        name = frame.f_code.co_filename.replace("\\", "/")
        ours = ours or (name.endswith(MODULES) and frame.f_code.co_name != "fetch_all")
        raw = raw or (
            name.endswith("django/db/models/query.py")
            and frame.f_code.co_name == "iterator"
            and type(frame.f_locals.get("self")).__name__ == "RawQuerySet"
        )
        frame = frame.f_back
    return ours, raw


def _workload(monkeypatch: pytest.MonkeyPatch) -> list[Statement]:
    """The services that use the module, run for real; their statements caught."""
    caught: list[Statement] = []
    asked: list[tuple[str, ...]] = []
    real_update = sql.update_row

    def spy_update(model: type[models.Model], pk: Any, **values: Any) -> None:
        asked.append(tuple(values))
        try:
            real_update(model, pk=pk, **values)
        finally:
            asked.pop()

    for module in ("scoring.services.matches.base", "scoring.services.matches.caches"):
        if hasattr(sys.modules.get(module), "update_row"):
            monkeypatch.setattr(f"{module}.update_row", spy_update)

    def spy(execute, sql, params, many, context):
        ours, raw = _origin()
        if ours:
            caught.append(
                Statement(
                    sql,
                    raw,
                    asked[-1] if asked and sql.lstrip().upper().startswith("UPDATE") else None,
                )
            )
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        tournament = make_tournament()
        for fmt in (Event.Format.SWISS, Event.Format.KNOCKOUT):
            event = make_event(tournament, 8, name=f"Plain {fmt}", fmt=fmt)
            draws.draw_event(
                event=event, actor=Actor(via="organiser", device="test", may_edit_locked=True)
            )
        match = Match.objects.filter(event__format=Event.Format.SWISS).order_by("pk").first()
        umpire = Actor(via="link", device="test tablet")
        record_toss(match=match, winner="a", choice="break", actor=umpire)
        for payload in (
            {"type": "stroke", "by": "white", "pocketed": {"white": 1}},
            {"type": "stroke", "by": "white"},
        ):
            record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=umpire)
        undo_last_event(match=Match.objects.get(pk=match.pk), client_id=uuid.uuid4(), actor=umpire)
        other = Match.objects.filter(event=match.event).exclude(pk=match.pk).first()
        record_toss(match=other, winner="b", choice="break", actor=umpire)
        record_quick_board(
            match=other,
            winner="a",
            carrommen=5,
            queen="a",
            breaker=None,
            client_id=uuid.uuid4(),
            actor=umpire,
        )
    return caught


def _models_by_table() -> dict[str, type[models.Model]]:
    return {m._meta.db_table: m for m in apps.get_models()}


def _columns(text: str) -> list[str]:
    return [re.fullmatch(NAME, part.strip()).group(1) for part in text.split(",")]


def _joined(sql: str, tables: dict[str, type[models.Model]], fields_of) -> bool:
    """A read of tables by alias (``FROM "a" x JOIN "b" y ON …``, ``FROM "a" m WHERE NOT
    EXISTS (SELECT 1 FROM "b" r …)``: the standings' reads): each column named by its alias,
    selected, joined on or filtered by, is a column of its alias's model. False when ``sql``
    is no such read."""
    aliases = {
        alias: table
        for table, alias in re.findall(
            rf"(?:FROM|JOIN) {NAME} (\w+)\b(?<!\bON)(?<!\bWHERE)(?<!\bORDER)", sql, re.I
        )
    }
    if not aliases:
        return False
    for alias, column in re.findall(r'\b(\w+)\."?(\w+)"?', sql):
        if alias in aliases:
            columns = {f.column for f in fields_of(tables[aliases[alias]])}
            assert column in columns, (sql, alias, column)
    return True


def check(statement: Statement, fields_of=lambda m: m._meta.concrete_fields) -> None:
    """Assert the statement names its model's columns as the module says it does."""
    tables = _models_by_table()
    sql = " ".join(statement.sql.split())
    if found := re.match(rf"INSERT INTO {NAME} \((.*?)\) VALUES", sql, re.I):
        model = tables[found.group(1)]
        wanted = {f.column for f in fields_of(model) if not f.primary_key}
        named = _columns(found.group(2))
        assert len(named) == len(set(named)) and set(named) == wanted, (sql, wanted)
    elif found := re.match(rf"UPDATE {NAME} SET (.*) WHERE {NAME} = %s$", sql, re.I):
        model = tables[found.group(1)]
        columns = {f.column for f in fields_of(model)}
        named = [
            re.fullmatch(rf"{NAME} = %s", part.strip()).group(1)
            for part in found.group(2).split(",")
        ]
        assert set(named) <= columns, (sql, columns)
        assert found.group(3) == model._meta.pk.column, sql
        if statement.update_names is not None:
            asked = {model._meta.get_field(n).column for n in statement.update_names}
            assert set(named) == asked, (sql, asked)
    elif re.match("SELECT ", sql, re.I) and _joined(sql, tables, fields_of):
        assert not statement.raw, sql  # a join is never read into one model's instances
    elif found := re.match(rf"SELECT (.*?) FROM {NAME}", sql, re.I):
        model = tables[found.group(2)]
        columns = {f.column for f in fields_of(model)}
        named = [] if found.group(1).strip() == "1" else _columns(found.group(1))
        if statement.raw:
            assert set(named) == columns, (sql, columns)  # every field of the instance
        else:
            assert set(named) <= columns, (sql, columns)
        for where in re.findall(rf"{NAME} (?:=|>=|<=) %s", sql.split(" WHERE ", 1)[-1]):
            assert where in columns, (sql, where)
    else:
        raise AssertionError(f"a statement of an unknown form: {sql}")


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> list[Statement]:
    caught = _workload(monkeypatch)
    kinds = {
        (s.sql.split()[0].upper(), re.search(r'(?:INTO|UPDATE|FROM) "?(\w+)', s.sql).group(1))
        for s in caught
    }
    # the workload reaches the statements kept by hand: a round's matches (inserts, their
    # ids read back), a bracket's links and the caches (updates), the audit row and the
    # board's log row (inserts)
    for kind in [
        ("INSERT", "scoring_match"),
        ("SELECT", "scoring_match"),
        ("UPDATE", "scoring_match"),
        ("INSERT", "scoring_auditentry"),
        ("INSERT", "scoring_boardevent"),
        ("UPDATE", "scoring_board"),
    ]:
        assert kind in kinds, (kind, sorted(kinds))
    return caught


def test_every_statement_names_its_models_columns(statements: list[Statement]) -> None:
    for statement in statements:  # each ran on the test database in the workload
        check(statement)
    assert any(s.update_names for s in statements)


def test_a_field_the_statement_does_not_write_fails(statements: list[Statement]) -> None:
    """A model with one more field than its statements name (the field list extended as if a
    field had been added after the statements were made): the check fails for each model
    the statements write or read whole."""
    extra = models.IntegerField(name="added_later")
    extra.column = "added_later"
    extra.primary_key = False
    for table in ("scoring_match", "scoring_boardevent", "scoring_auditentry"):
        model = _models_by_table()[table]

        def fields_of(m, model=model):
            fields = tuple(m._meta.concrete_fields)
            return (*fields, extra) if m is model else fields

        failed = False
        for statement in statements:
            if f'INTO "{table}"' in statement.sql or (
                statement.raw and f'FROM "{table}"' in statement.sql
            ):
                with pytest.raises(AssertionError):
                    check(statement, fields_of)
                failed = True
        assert failed, table


def test_an_update_that_writes_a_field_it_was_not_asked_for_fails() -> None:
    wrong = Statement(
        'UPDATE "scoring_match" SET "revision" = %s, "status" = %s WHERE "id" = %s',
        raw=False,
        update_names=("revision",),
    )
    with pytest.raises(AssertionError):
        check(wrong)
    with pytest.raises(AssertionError):
        check(Statement('UPDATE "scoring_match" SET "gone" = %s WHERE "id" = %s', False, None))
