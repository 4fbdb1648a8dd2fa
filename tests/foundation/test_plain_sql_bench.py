"""``bench/plain_sql.py`` times every statement kept by hand against its ORM twin (issue 36):
a statement added to ``scoring/records/sql.py`` without a twin in the bench fails here, and
the bench's swap puts the twin where the app calls the statement and takes it back."""

from __future__ import annotations

import inspect

from bench.plain_sql import swap, twins
from scoring.records import sql
from scoring.records.prepared import Prepared
from scoring.services import draw_brackets, draw_rows


def test_the_bench_times_every_statement_kept_by_hand() -> None:
    kept = {
        name
        for name, value in vars(sql).items()
        if inspect.isfunction(value)
        and value.__module__ == sql.__name__
        and not name.startswith("_")
        and not name.endswith("_orm")
    }
    assert "insert_matches" in kept and "fetch_all" in kept
    assert set(twins()) == kept


def test_the_swap_reaches_the_callers_and_is_undone() -> None:
    pairs = twins()
    rows = vars(Prepared)["rows"]
    back = swap([pairs["insert_matches"], pairs["link_matches"], pairs["fetch_all"]])
    try:
        assert draw_rows.insert_matches is sql.insert_matches_orm
        assert sql.insert_matches is sql.insert_matches_orm
        assert draw_brackets.link_matches is sql.link_matches_orm
        assert vars(Prepared)["rows"] is pairs["fetch_all"][1]
    finally:
        back()
    assert draw_rows.insert_matches is pairs["insert_matches"][0]
    assert sql.insert_matches is pairs["insert_matches"][0]
    assert draw_brackets.link_matches is pairs["link_matches"][0]
    assert vars(Prepared)["rows"] is rows
