"""ETag validators: what a public page's ETag is built from, in one query each, so a poll that
changed nothing costs one cheap query and a ``304 Not Modified``.

The queries are written with the ORM and compiled once per connection
(:class:`scoring.records.prepared.Prepared`): a 304 is little more than its validator, and
``bench/plain_sql.py`` measured the ORM's compiling on every poll at twice the CPU of the
whole 304 (a match's live part 0.36 → 0.71 ms; the standings page 0.88 → 4.05 ms: the ORM's
subqueries are built again each time; docs/BENCHMARKS.md, "Hand-written SQL, measured").
"""

from __future__ import annotations

from typing import Any

from django.db.models import (
    Case,
    CharField,
    Count,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    StringAgg,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, Concat

from scoring.models import Entry, Event, ExternalRecord, Match, Table, Tournament
from scoring.records.prepared import SENTINEL, Prepared
from scoring.standings import decided_q
from scoring.standings.results import DONE

#: The marker of a tournament's slug in a prepared query (no slug has it).
_SLUG = "\x00slug"


def _match_row(pk: int, slug: str | None = None) -> QuerySet[Any]:
    matches = Match.objects.filter(pk=pk)
    if slug is not None:
        matches = matches.filter(event__tournament__slug=slug)
    return matches.order_by().values_list("revision", "updated_at", "status")[:1]


_MATCH = Prepared(_match_row)
_MATCH_IN = Prepared(_match_row, markers=(SENTINEL, _SLUG))


def _first(prepared: Prepared, *values: Any) -> tuple[Any, ...] | None:
    """The first row of a prepared query, as a tuple, or None."""
    for row in prepared.rows(*values):
        return tuple(row)
    return None


def match_validator(match_id: int, slug: str | None = None) -> tuple[Any, ...] | None:
    """``(revision, updated_at, status)`` of the match, or None if it is not there (or not in
    the tournament ``slug``). One query on the primary key."""
    if slug is None:
        return _first(_MATCH, int(match_id))
    return _first(_MATCH_IN, int(match_id), str(slug))


def table_matches(slug: str, number: int) -> QuerySet[Match]:
    """The matches of a table, the current one first: playing, then called, then the one that
    finished last (its result stays up until the next match is called)."""
    return (
        Match.objects.filter(event__tournament__slug=slug, table__number=number)
        .annotate(
            live_order=Case(
                When(status=Match.Status.PLAYING, then=Value(0)),
                When(status=Match.Status.CALLED, then=Value(1)),
                When(status__in=DONE, then=Value(2)),
                default=Value(3),
                output_field=IntegerField(),
            )
        )
        .filter(live_order__lt=3)
        .order_by(
            "live_order",
            F("finished_at").desc(nulls_last=True),
            F("called_at").desc(nulls_last=True),
            "-pk",
        )
    )


def table_validator(slug: str, number: int) -> tuple[Any, ...]:
    """``(match id, revision, updated_at, status)`` of the table's current match, or a tuple of
    Nones when the table has none (one query)."""
    row = table_matches(slug, number).values_list("pk", "revision", "updated_at", "status").first()
    return row or (None, None, None, None)


def _text(expression: Any) -> Cast:
    return Cast(expression, output_field=CharField())


def _summary(matches: QuerySet[Match], group: str) -> Any:
    """The aggregate of ``matches`` an ETag is built from, one pass over the rows grouped by
    ``group``: count, last change and sum of revisions as one text."""
    return (
        matches.order_by()
        .values(group)
        .annotate(
            summary=Concat(
                _text(Count("pk")),
                Value("|"),
                Coalesce(_text(Max("updated_at")), Value("")),
                Value("|"),
                _text(Coalesce(Sum("revision"), 0)),
                output_field=CharField(),
            )
        )
        .values("summary")
    )


def _entries_summary(entries: QuerySet[Entry], group: str) -> Any:
    """The aggregate of ``entries`` an ETag is built from, one pass grouped by ``group``:
    count, withdrawals and which players they hold (sums of the player and partner ids), so
    that an entry added, withdrawn or moved to another record of its person (a merge) changes
    it."""
    return (
        entries.order_by()
        .values(group)
        .annotate(
            summary=Concat(
                _text(Count("pk")),
                Value("|"),
                _text(Count("pk", filter=Q(withdrawn=True))),
                Value("|"),
                _text(Coalesce(Sum("player_id"), 0)),
                Value("|"),
                _text(Coalesce(Sum("partner_id"), 0)),
                output_field=CharField(),
            )
        )
        .values("summary")
    )


def _external_summary() -> Any:
    """The SoL keys the players of the outer event carry here (the API's ``external``): count
    and sum of the records' ids. A key given to one of them (an import, a merge that brings
    the merged record's key) changes it; a key moving between two of its players moves an
    entry too (the entries' summary)."""
    players = Entry.objects.filter(event=OuterRef(OuterRef("pk")))
    return (
        ExternalRecord.objects.filter(
            Q(player_id__in=players.values("player_id"))
            | Q(player_id__in=players.filter(partner__isnull=False).values("partner_id")),
            kind=ExternalRecord.Kind.PLAYER,
        )
        .order_by()
        .annotate(group=Value(1))
        .values("group")
        .annotate(
            summary=Concat(
                _text(Count("pk")),
                Value("|"),
                _text(Coalesce(Sum("pk"), 0)),
                output_field=CharField(),
            )
        )
        .values("summary")
    )


def _event_row(
    pk: int, slug: str | None = None, *, decided: bool = False, external: bool = False
) -> QuerySet[Any]:
    """The event's name and status, and the summaries of its matches (decided ones only if
    ``decided``) and of its entries (count, withdrawals, and which players they hold, so that a
    merge of two records of one person changes it): one pass over each."""
    matches = Match.objects.filter(event=OuterRef("pk"))
    if decided:
        matches = matches.filter(decided_q())
    entries = _entries_summary(Entry.objects.filter(event=OuterRef("pk")), "event")
    events = Event.objects.filter(pk=pk)
    if slug is not None:
        events = events.filter(tournament__slug=slug)
    fields: list[Any] = ["name", "status", Subquery(_summary(matches, "event")), Subquery(entries)]
    if external:
        fields.append(Subquery(_external_summary()))
    return events.order_by().values_list(*fields)[:1]


_EVENT = {
    (in_tournament, decided): Prepared(
        lambda pk, slug=None, decided=decided: _event_row(pk, slug, decided=decided),
        markers=(SENTINEL, _SLUG) if in_tournament else (SENTINEL,),
    )
    for in_tournament in (False, True)
    for decided in (False, True)
}


#: The API's event (no tournament slug), whose players carry their SoL keys.
_EVENT_EXTERNAL = Prepared(lambda pk: _event_row(pk, external=True))


def event_validator(
    event_id: int, slug: str | None = None, *, decided: bool = False, external: bool = False
) -> tuple[Any, ...] | None:
    """What the event's pages show changes with: its matches (count, last change, sum of
    revisions), its entries (count, withdrawals, their players), its name and status; None if
    there is no such event (in the tournament ``slug``). One query: one pass over the event's
    matches, one over its entries.

    ``decided``: only the decided matches count (standings do not move while a match is being
    played, so strokes at the tables leave their ETag alone). ``external``: also the SoL keys
    its players carry (the API's event, by id)."""
    if external:
        return _first(_EVENT_EXTERNAL, int(event_id))
    if slug is None:
        return _first(_EVENT[False, decided], int(event_id))
    return _first(_EVENT[True, decided], int(event_id), str(slug))


def _rows_text(rows: QuerySet[Any], group: str, key: str, *fields: str) -> Any:
    """The rows' ``key`` and ``fields`` as one text, grouped by ``group`` (a tournament's tables
    or events as its pages show them). No order (SQLite before 3.44 has none in aggregates):
    each part starts with its unique ``key``, so two different sets never give one text; an
    order that differs only costs one full answer."""
    parts: list[Any] = [_text(key)]
    for name in fields:
        parts += [Value(":"), _text(name)]
    return (
        rows.order_by()
        .values(group)
        .annotate(
            summary=StringAgg(Concat(*parts, output_field=CharField()), delimiter=Value("\n"))
        )
        .values("summary")
    )


def _tournament_row(pk: int | None = None, slug: str | None = None) -> QuerySet[Any]:
    tournaments = (
        Tournament.objects.filter(slug=slug)
        if slug is not None
        else Tournament.objects.filter(pk=pk or 0)
    )
    matches = Match.objects.filter(event__tournament=OuterRef("pk"))
    entries = Entry.objects.filter(event__tournament=OuterRef("pk"))
    tables = _rows_text(
        Table.objects.filter(tournament=OuterRef("pk")), "tournament", "number", "active", "label"
    )
    events = _rows_text(
        Event.objects.filter(tournament=OuterRef("pk")),
        "tournament",
        "pk",
        *("name", "status", "kind", "format"),
    )
    return tournaments.order_by().values_list(
        *("name", "start_date", "end_date", "venue", "time_zone"),
        Subquery(_summary(matches, "event__tournament")),
        Subquery(_entries_summary(entries, "event__tournament")),
        Subquery(tables),
        Subquery(events),
    )[:1]


_TOURNAMENT = Prepared(lambda pk: _tournament_row(pk=pk))
_TOURNAMENT_BY_SLUG = Prepared(lambda slug: _tournament_row(slug=slug), markers=(_SLUG,))


def tournament_validator(
    slug: str | None = None, *, pk: int | None = None
) -> tuple[Any, ...] | None:
    """The tournament's heading (name, dates, venue, time zone); the number of matches, last
    change and sum of revisions over the whole tournament; the summary of its entries (count,
    withdrawals, their players: the players' pages list them before any match is drawn); its
    tables (number, active, label: the hall screen and the tables' API show them) and its
    events (name, status, kind, format: its home page lists them). One query; None if there
    is no such tournament."""
    if pk is not None:
        return _first(_TOURNAMENT, int(pk))
    return _first(_TOURNAMENT_BY_SLUG, str(slug))
