"""A stored board's log as plain values (no model instance per row)."""

from __future__ import annotations

import datetime
import uuid
from typing import Any, NamedTuple

from scoring.models import Board, BoardEvent


class EventRow(NamedTuple):
    """A stored board event as the derivations read it: the columns of
    :class:`~scoring.models.BoardEvent`, without building a model instance per row (a board
    being played is read on every stroke)."""

    id: int
    board_id: int
    seq: int
    client_id: uuid.UUID
    type: str
    payload: dict[str, Any]
    retracts_id: int | None
    recorded_by_id: int | None
    via: str
    device: str
    created_at: datetime.datetime

    @property
    def pk(self) -> int:
        return self.id


def event_rows(board: Board) -> list[EventRow]:
    """The events of ``board`` in order (undo rows included), as :class:`EventRow`."""
    return [
        EventRow(*values)
        for values in BoardEvent.objects.filter(board_id=board.pk)
        .order_by("seq")
        .values_list(*EventRow._fields)
    ]


def live_events[E: (BoardEvent, EventRow)](events: list[E]) -> list[E]:
    """The events that count: not undo rows, and not retracted by one."""
    retracted = {e.retracts_id for e in events if e.type == BoardEvent.Type.UNDO}
    return [e for e in events if e.type != BoardEvent.Type.UNDO and e.id not in retracted]


def board_events(board: Board) -> list[EventRow]:
    """The live events of a stored ``board``, oldest first (one query)."""
    return live_events(event_rows(board))
