"""The draw's own reads and writes (issue 17; issue 36: through the ORM where a benchmark
showed no need for more).

- :func:`lock_event`: the event and its tournament, read inside the draw's transaction and
  locked (``FOR UPDATE`` where the database has it; SQLite's ``BEGIN IMMEDIATE`` already holds
  the write lock);
- :func:`round_heads`: the event's rounds as ``(number, bracket)``;
- :func:`entry_rows`: the event's entries as the pairing reads them (id, seed, withdrawn,
  rating), without the players' names;
- :func:`has_open_roll_call`: whether the roll call service has anything to apply;
- :func:`insert_round`: one :class:`~scoring.models.Round` row, returned as a saved instance;
- :func:`insert_matches`: a round's :class:`~scoring.models.Match` rows at once, the one
  statement of a draw still written by hand (:mod:`scoring.records.sql`).

``bench/plain_sql.py`` timed each against hand-written SQL on a 256-player Swiss round and a
256-entry knock-out (docs/BENCHMARKS.md, "Hand-written SQL, measured"): the reads and the
round's row through the ORM cost the Swiss round 4 ms more (+12 %).
"""

from __future__ import annotations

from typing import Any

from scoring.models import Entry, Event, RollCall, Round
from scoring.records.sql import insert_matches as insert_matches


def lock_event(event: Event) -> Event:
    """``event`` read again inside the caller's transaction, locked (its row only), with its
    tournament."""
    return (
        Event.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=event.pk)
    )


def round_heads(event: Event) -> list[tuple[int, str]]:
    """The event's rounds as (number, bracket), by number."""
    return list(
        Round.objects.filter(event=event)
        .order_by("number", "bracket")
        .values_list("number", "bracket")
    )


def entry_rows(event: Event) -> list[tuple[int, int | None, bool, int | None]]:
    """The event's entries as (id, seed, withdrawn, first player's rating), in the order of
    :func:`scoring.standings.entry_lines` (seed, registration)."""
    return list(
        Entry.objects.filter(event=event)
        .order_by("seed", "pk")
        .values_list("pk", "seed", "withdrawn", "player__rating")
    )


def has_open_roll_call(event: Event) -> bool:
    """Whether ``event`` has an open roll call (:func:`scoring.services.checkin.before_draw`
    applies it; without one a draw need not ask that service)."""
    return RollCall.objects.filter(event=event, open=True).exists()


def insert_round(event: Event, **fields: Any) -> Round:
    """One new round of ``event`` (``number``, ``bracket``, ``stage``, ``games_to_win``,
    ``name``)."""
    return Round.objects.create(event=event, **fields)
