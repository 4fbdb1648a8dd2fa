"""What the laws made of an event: a :class:`Note` (a code, its law, its words' values) and
the :class:`Step` a board takes (the position after the event and its notes); the colour
game's steps (:mod:`.board`) and point carrom's (:mod:`.point_step`) explain every event so."""

from __future__ import annotations

from typing import Any, NamedTuple

from .position import Position


class Note(NamedTuple):
    """One thing the laws made of an event, for the umpire to read.

    ``code`` is stable (the UI translates it), ``params`` fill the message, ``law`` cites it.
    """

    code: str
    law: str = ""
    params: dict[str, Any] = {}  # noqa: RUF012 - never mutated


class Step(NamedTuple):
    """The position after an event and the notes explaining it."""

    position: Position
    notes: tuple[Note, ...]
