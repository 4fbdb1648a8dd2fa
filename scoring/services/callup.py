"""The call-up queue: matches ready to play go to free tables and umpires.

- A match is **ready** when both entries are known (``Match.Status.READY``); it waits in the queue
  ordered by round, then event order, then match number.
- A **table** is free when it is active and no match on it is called or being played.
- A match is **held back** while one of its players is called or playing in another match of
  the tournament (any event): DartConnect's "player hold".
- A **rubber** of a team tie (issue 34) holds the players of its lineup, not its teams' whole
  entries; a **tie** itself is never called (its rubbers are).
- An **umpire** of the tournament's pool (``Tournament.umpires``) is free when not assigned to a
  called or playing match. Umpires are optional: the umpire link on the table works too.

:func:`call_match` calls one match to a table (the organiser's tap or drag), :func:`auto_assign`
fills every free table in queue order, :func:`release` takes a called match back into the queue
and :func:`move_match` moves a called or playing match to another table. All writes lock the
match rows, bump their revision (tablets reload) and leave an audit entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone

from scoring.models import Match, Player, Table, Tournament
from scoring.services.audit import Actor
from scoring.services.tournaments import TournamentError, audit

ACTIVE = (Match.Status.CALLED, Match.Status.PLAYING)
#: A match holds its table and players while called or playing, or ready at a table (a
#: stand-alone match created at its table).
OCCUPYING = Q(status__in=ACTIVE) | Q(status=Match.Status.READY, table__isnull=False)
SYSTEM = Actor(via="system", device="call-up")
RELATED = (
    "event",
    "round",
    "table",
    "umpire",
    "entry_a__player",
    "entry_a__partner",
    "entry_b__player",
    "entry_b__partner",
    "entry_c__player",
    "rubber",
)


def _rubber_of(match: Match) -> Any:
    """The match's :class:`~scoring.models.Rubber` if it is one (selected with ``RELATED``)."""
    try:
        return match.rubber
    except ObjectDoesNotExist:
        return None


def players_of(match: Match) -> set[int]:
    """The players ``match`` holds: its entries' players, or a rubber's lineup players."""
    rubber = _rubber_of(match)
    if rubber is not None:
        return set(rubber.player_ids)
    ids = set()
    for side in ("a", "b", "c"):
        entry = match.entry_for(side)
        if entry is not None:
            ids.add(entry.player_id)
            if entry.partner_id:
                ids.add(entry.partner_id)
    return ids


def _player_ids(row: Mapping[str, Any]) -> set[int]:
    if row.get("rubber__id") is not None:
        return {*(row["rubber__players_a"] or ()), *(row["rubber__players_b"] or ())}
    keys = (
        "entry_a__player_id",
        "entry_a__partner_id",
        "entry_b__player_id",
        "entry_b__partner_id",
        "entry_c__player_id",
    )
    return {row[k] for k in keys if row.get(k)}


@dataclass
class Busy:
    """Players and umpires on called or playing matches, and which table they are at."""

    players: dict[int, tuple[int, int | None]] = field(default_factory=dict)  # -> (match, table)
    umpires: set[int] = field(default_factory=set)
    tables: dict[int, int] = field(default_factory=dict)  # table id -> match id


def busy(tournament: Tournament) -> Busy:
    """One query: who and what is taken right now."""
    out = Busy()
    rows = Match.objects.filter(OCCUPYING, event__tournament=tournament).values(
        "pk",
        "table_id",
        "umpire_id",
        "entry_a__player_id",
        "entry_a__partner_id",
        "entry_b__player_id",
        "entry_b__partner_id",
        "entry_c__player_id",
        "rubber__id",
        "rubber__players_a",
        "rubber__players_b",
    )
    for row in rows:
        for player in _player_ids(row):
            out.players[player] = (row["pk"], row["table_id"])
        if row["umpire_id"]:
            out.umpires.add(row["umpire_id"])
        if row["table_id"]:
            out.tables[row["table_id"]] = row["pk"]
    return out


@dataclass
class QueueItem:
    match: Match
    held_by: list[tuple[Any, Match | None]] = field(default_factory=list)  # (player, match)

    @property
    def held(self) -> bool:
        return bool(self.held_by)


@dataclass
class TableLine:
    table: Table
    match: Match | None
    since: Any = None  # when called / started

    @property
    def free(self) -> bool:
        return self.match is None and self.table.active


@dataclass
class Board:
    """Everything the call-up page shows."""

    tournament: Tournament
    tables: list[TableLine]
    queue: list[QueueItem]
    umpires: list[Any]
    free_umpires: list[Any]
    waiting_confirmation: list[Match]
    playing_elsewhere: list[Match]  # called or playing without a table

    @property
    def free_tables(self) -> list[Table]:
        return [line.table for line in self.tables if line.free]

    @property
    def ready(self) -> list[QueueItem]:
        return [q for q in self.queue if not q.held]


def _queue_matches(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(
            event__tournament=tournament,
            status=Match.Status.READY,
            table__isnull=True,
            tie__isnull=True,
        )
        .select_related(*RELATED)
        .order_by(
            F("round__number").asc(nulls_last=True), "event__order", "event_id", "number", "pk"
        )
    )


def board(tournament: Tournament) -> Board:
    """The call-up board: every table with what it plays since when, the queue (held-back
    matches marked with who is busy where), the umpires."""
    active = list(
        Match.objects.filter(OCCUPYING, event__tournament=tournament)
        .select_related(*RELATED)
        .order_by("called_at", "pk")
    )
    on_table = {m.table_id: m for m in active if m.table_id}
    tables = [
        TableLine(
            t,
            on_table.get(t.pk),
            (on_table[t.pk].started_at or on_table[t.pk].called_at) if t.pk in on_table else None,
        )
        for t in tournament.tables.order_by("number")
    ]
    by_player: dict[int, Match] = {}
    for m in active:
        for p in players_of(m):
            by_player[p] = m
    queue = []
    for m in _queue_matches(tournament):
        held: list[tuple[Any, Match | None]] = []
        rubber = _rubber_of(m)
        lists = (
            [list(Player.objects.filter(pk__in=rubber.player_ids))]
            if rubber is not None
            else [e.players for e in (m.entry_a, m.entry_b, m.entry_c) if e is not None]
        )
        for players in lists:
            for player in players:
                other = by_player.get(player.pk)
                if other is not None and other.pk != m.pk:
                    held.append((player, other))
        queue.append(QueueItem(m, held))
    umpires = list(tournament.umpires.order_by("username"))
    taken = {m.umpire_id for m in active if m.umpire_id}
    waiting = list(
        Match.objects.filter(event__tournament=tournament, status=Match.Status.FINISHED)
        .select_related(*RELATED)
        .order_by("finished_at", "pk")
    )
    return Board(
        tournament,
        tables,
        queue,
        umpires,
        [u for u in umpires if u.pk not in taken],
        waiting,
        [m for m in active if not m.table_id],
    )


def _lock_match(match_id: int) -> Match:
    return Match.objects.select_for_update(of=("self",)).select_related(*RELATED).get(pk=match_id)


def _bump(match: Match, **fields: Any) -> None:
    match.revision += 1
    for key, value in fields.items():
        setattr(match, key, value)
    Match.objects.filter(pk=match.pk).update(
        revision=F("revision") + 1, updated_at=timezone.now(), **fields
    )


def _free_umpire(tournament: Tournament, taken: set[int]) -> Any:
    """The pool's free umpire with the fewest matches so far (then by name)."""
    user_model = get_user_model()
    return (
        user_model.objects.filter(umpire_tournaments=tournament, is_active=True)
        .exclude(pk__in=taken)
        .annotate(
            n=Count("umpired_matches", filter=Q(umpired_matches__event__tournament=tournament))
        )
        .order_by("n", "username")
        .first()
    )


def call_match(
    *,
    match: Match,
    table: Table,
    actor: Actor,
    umpire: Any = None,
    auto_umpire: bool = True,
    force: bool = False,
) -> Match:
    """Call ``match`` to ``table`` (and an umpire: the given one, else a free one of the pool).

    :raises TournamentError: the match is not ready, the table is taken or inactive, a player
        is busy in another match (unless ``force``), or the umpire is busy.
    """
    tournament = table.tournament
    with transaction.atomic():
        match = _lock_match(match.pk)
        if match.event.tournament_id != tournament.pk:
            raise TournamentError("wrong_tournament")
        if (
            match.status != Match.Status.READY
            or match.table_id is not None
            or hasattr(match, "tie")
        ):
            raise TournamentError("not_ready", number=match.number)
        if not table.active:
            raise TournamentError("table_inactive", table=str(table))
        now_busy = busy(tournament)
        if table.pk in now_busy.tables:
            raise TournamentError("table_taken", table=str(table))
        if not force:
            for player in players_of(match):
                if player in now_busy.players:
                    other = Match.objects.select_related("table").get(
                        pk=now_busy.players[player][0]
                    )
                    raise TournamentError(
                        "player_busy",
                        name=Player.objects.get(pk=player).name,
                        where=str(other.table or other.number),
                    )
        if umpire is not None and umpire.pk in now_busy.umpires:
            raise TournamentError(
                "umpire_busy", name=(umpire.get_full_name() or umpire.get_username())
            )
        if umpire is None and auto_umpire:
            umpire = _free_umpire(tournament, now_busy.umpires)
        fields: dict[str, Any] = {
            "table": table,
            "status": Match.Status.CALLED,
            "called_at": timezone.now(),
        }
        if umpire is not None:
            fields["umpire"] = umpire
        _bump(match, **fields)
        audit(
            tournament,
            actor=actor,
            action="called",
            detail={"table": table.number, "umpire": umpire.get_username() if umpire else ""},
            match=match,
        )
        return match


def auto_assign(*, tournament: Tournament, actor: Actor = SYSTEM) -> list[Match]:
    """Fill every free table with the first ready match none of whose players is busy
    (queue order); each gets a free umpire of the pool if there is one."""
    called: list[Match] = []
    with transaction.atomic():
        # serialise automatic call-ups of one tournament (two tablets finishing together)
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        now_busy = busy(tournament)
        free = [
            t
            for t in tournament.tables.filter(active=True).order_by("number")
            if t.pk not in now_busy.tables
        ]
        if not free:
            return []
        taken_players = set(now_busy.players)
        taken_umpires = set(now_busy.umpires)
        for m in _queue_matches(tournament):
            if not free:
                break
            players = players_of(m)
            if players & taken_players:
                continue
            table = free.pop(0)
            umpire = _free_umpire(tournament, taken_umpires)
            match = call_match(match=m, table=table, actor=actor, umpire=umpire, auto_umpire=False)
            taken_players |= players
            if umpire is not None:
                taken_umpires.add(umpire.pk)
            called.append(match)
    return called


def release(*, match: Match, actor: Actor) -> Match:
    """Take a called match back into the queue (the table is free again)."""
    with transaction.atomic():
        match = _lock_match(match.pk)
        if match.status != Match.Status.CALLED:
            raise TournamentError("not_called", number=match.number)
        table = match.table
        _bump(match, table=None, status=Match.Status.READY, called_at=None)
        audit(
            match.event.tournament,
            actor=actor,
            action="call_released",
            detail={"table": table.number if table else None},
            match=match,
        )
        return match


def move_match(*, match: Match, table: Table, actor: Actor) -> Match:
    """Move a called or playing match to another free table (SoL #43)."""
    with transaction.atomic():
        match = _lock_match(match.pk)
        if match.status not in (*ACTIVE, Match.Status.READY) or match.table_id is None:
            raise TournamentError("not_called", number=match.number)
        if not table.active:
            raise TournamentError("table_inactive", table=str(table))
        if table.pk in busy(match.event.tournament).tables:
            raise TournamentError("table_taken", table=str(table))
        before = match.table.number if match.table else None
        _bump(match, table=table)
        audit(
            match.event.tournament,
            actor=actor,
            action="match_moved",
            detail={"before": before, "after": table.number},
            match=match,
        )
        return match


def set_auto(*, tournament: Tournament, on: bool, actor: Actor) -> list[Match]:
    """Switch the automatic call-up on or off; switching it on fills the free tables at once."""
    Tournament.objects.filter(pk=tournament.pk).update(auto_callup=on)
    tournament.auto_callup = on
    audit(tournament, actor=actor, action="auto_callup", detail={"on": on})
    return auto_assign(tournament=tournament, actor=actor) if on else []
