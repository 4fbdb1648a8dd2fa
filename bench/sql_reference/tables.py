"""``scoring.standings.tables.entry_lines`` as it was before issue 36 (tree ``ddc7042``): the
event's entry lines in one hand-written query; the ORM replaced it (``bench/plain_sql.py``'s
rival, not used by the app)."""

from __future__ import annotations

from decimal import Decimal

from django.db import connection

from bench.sql_reference.results import _fetch
from scoring.models import Entry, Event, Player
from scoring.standings.tables import EntryLine, PlayerLine


def entry_lines(event: Event) -> dict[int, EntryLine]:
    """The event's entries in their order (seed, registration) with their players: one query
    of plain values."""
    q = connection.ops.quote_name
    player = q(Player._meta.db_table)
    rows = _fetch(
        f"SELECT e.{q('id')}, e.{q('seed')}, e.{q('withdrawn')}, e.{q('rating')}, "
        f"e.{q('team_name')}, e.{q('prize')}, "
        f"p.{q('id')}, p.{q('name')}, "
        f"p.{q('club')}, p.{q('rating')}, r.{q('id')}, r.{q('name')}, r.{q('club')}, "
        f"r.{q('rating')} FROM {q(Entry._meta.db_table)} e "
        f"JOIN {player} p ON p.{q('id')} = e.{q('player_id')} "
        f"LEFT JOIN {player} r ON r.{q('id')} = e.{q('partner_id')} "
        f"WHERE e.{q('event_id')} = %s ORDER BY e.{q('seed')}, e.{q('id')}",
        [event.pk],
    )
    out = {}
    for (
        pk,
        seed,
        withdrawn,
        entry_rating,
        team_name,
        prize,
        pid,
        name,
        club,
        rating,
        qid,
        qname,
        qclub,
        qrating,
    ) in rows:
        players: tuple[PlayerLine, ...] = (PlayerLine(pid, name, club, rating),)
        if qid is not None:
            players += (PlayerLine(qid, qname, qclub, qrating),)
        out[pk] = EntryLine(
            pk,
            seed,
            bool(withdrawn),
            players,
            entry_rating,
            team_name or "",
            None if prize is None else Decimal(prize),
        )
    return out
