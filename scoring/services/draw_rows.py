"""The draw's own reads and writes (issue 17; issue 36: ORM queries compiled once per
connection, :mod:`scoring.records.prepared`, and the round's rows by hand).

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

An earlier ``bench/plain_sql.py`` timed each against hand-written SQL on a 256-player Swiss
round and a 256-entry knock-out (docs/BENCHMARKS.md, "Hand-written SQL, measured"): the reads
and the round's row through the plain ORM cost the Swiss round 4 ms more (+12 %); at 64 players
``bench/vs_sol.py --quick`` put them at more than a third of its CPU, so they are compiled
once per connection and the round's row goes through :func:`scoring.records.sql.insert_one`.
"""

from __future__ import annotations

from typing import Any

from scoring.models import Entry, Event, RollCall, Round
from scoring.records.prepared import Joined, Prepared
from scoring.records.sql import insert_matches as insert_matches
from scoring.records.sql import insert_one

#: The event with its tournament, locked (its row only: PostgreSQL refuses to lock the nullable
#: side of a join), and the draw's other reads: compiled once per connection
#: (:mod:`scoring.records.prepared`; the module's docstring has the figures).
_EVENT = Joined(Event, ["tournament"])
_LOCKED = Prepared(
    lambda pk: (
        Event.objects.filter(pk=pk)
        .select_for_update(of=("self",))
        .order_by()
        .values_list(*_EVENT.columns())
    )
)
_ROUNDS = Prepared(
    lambda pk: (
        Round.objects.filter(event_id=pk)
        .order_by("number", "bracket")
        .values_list("number", "bracket")
    )
)
_ENTRIES = Prepared(
    lambda pk: (
        Entry.objects.filter(event_id=pk)
        .order_by("seed", "pk")
        .values_list("pk", "seed", "withdrawn", "player__rating")
    )
)
_ROLL_CALL = Prepared(
    lambda pk: RollCall.objects.filter(event_id=pk, open=True).values_list("pk")[:1]
)


def lock_event(event: Event) -> Event:
    """``event`` read again inside the caller's transaction, locked (its row only), with its
    tournament."""
    db = Event.objects.db
    for row in _LOCKED.rows(event.pk, alias=db):
        fresh = _EVENT.instance(row, db)
        assert isinstance(fresh, Event)
        return fresh
    raise Event.DoesNotExist(event.pk)


def round_heads(event: Event) -> list[tuple[int, str]]:
    """The event's rounds as (number, bracket), by number."""
    return [(number, bracket) for number, bracket in _ROUNDS.rows(event.pk)]


def entry_rows(event: Event) -> list[tuple[int, int | None, bool, int | None]]:
    """The event's entries as (id, seed, withdrawn, first player's rating), in the order of
    :func:`scoring.standings.entry_lines` (seed, registration)."""
    return [
        (pk, seed, withdrawn, rating) for pk, seed, withdrawn, rating in _ENTRIES.rows(event.pk)
    ]


def has_open_roll_call(event: Event) -> bool:
    """Whether ``event`` has an open roll call (:func:`scoring.services.checkin.before_draw`
    applies it; without one a draw need not ask that service)."""
    return any(True for _row in _ROLL_CALL.rows(event.pk))


def insert_round(event: Event, **fields: Any) -> Round:
    """One new round of ``event`` (``number``, ``bracket``, ``stage``, ``games_to_win``,
    ``name``), inserted with its id returned (:func:`scoring.records.sql.insert_one`)."""
    return insert_one(Round(event=event, **fields))
