"""One row inserted or updated through the ORM (issue 17's hot writes; issue 36: measured).

A stroke's log row and its audit row, a board's and a match's caches: ``bench/plain_sql.py``
timed these writes as plain SQL against the ORM (docs/BENCHMARKS.md, "Hand-written SQL,
measured"); the ORM's own ``save``/``create``/``update`` are used. Like ``QuerySet.update``,
:func:`update_row` sends no signals.
"""

from __future__ import annotations

from typing import Any

from django.db import models


def insert_one[M: models.Model](obj: M) -> M:
    """Insert the unsaved ``obj`` (``save(force_insert=True)``: its new id set). Database
    errors (a unique constraint) propagate."""
    obj.save(force_insert=True)
    return obj


def insert_values(model: type[models.Model], **values: Any) -> Any:
    """Insert one row of ``model`` from values by attribute name (a foreign key as
    ``<name>_id``) and return its new id; a field not given gets its default."""
    return model._default_manager.create(**values).pk


def update_row(model: type[models.Model], *, pk: Any, **values: Any) -> None:
    """``model.objects.filter(pk=pk).update(**values)``."""
    model._default_manager.filter(pk=pk).update(**values)
