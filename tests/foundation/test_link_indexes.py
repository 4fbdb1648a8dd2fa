"""The match's and the audit trail's links that are mostly empty are indexed only where set
(issue 17: a round's insert writes fewer indexes): a lookup by one of them still reads its
index, and the index holds no row whose link is empty."""

from __future__ import annotations

import pytest
from django.db import connection

from scoring.models import AuditEntry, Match

pytestmark = pytest.mark.django_db

_LINKS = [
    (Match, "entry_c", "match_entry_c_idx"),
    (Match, "winner_to", "match_winner_to_idx"),
    (Match, "loser_to", "match_loser_to_idx"),
    (Match, "table", "match_table_idx"),
    (Match, "umpire", "match_umpire_idx"),
    (AuditEntry, "actor", "audit_actor_idx"),
    (AuditEntry, "match", "audit_match_idx"),
]


@pytest.mark.parametrize(
    ("model", "link", "index"), _LINKS, ids=[f"{m.__name__}.{link}" for m, link, _i in _LINKS]
)
def test_a_link_is_indexed_where_set(model, link, index) -> None:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    column = model._meta.get_field(link).column
    assert found[index]["columns"] == [column] or found[index]["columns"][0] == column
    # no other index starts with the column: the partial one is the only one written
    others = [
        name
        for name, c in found.items()
        if name != index and c["index"] and (c["columns"] or [None])[0] == column
    ]
    assert others == []
    if connection.vendor != "sqlite":
        return
    sql, params = model.objects.filter(**{f"{link}_id": 1}).only("id").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        plan = " ".join(str(row[-1]) for row in cursor.fetchall())
    assert index in plan
    with connection.cursor() as cursor:
        cursor.execute("SELECT sql FROM sqlite_master WHERE name = %s", [index])
        (text,) = cursor.fetchone()
    assert "WHERE" in text and "NOT NULL" in text.upper()
