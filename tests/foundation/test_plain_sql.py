"""The statements kept by hand (``scoring/records/sql.py``, issue 36) give what their ORM twins
give, on the models: the same draw, drawn twice from the same seed, once with the hand-written
statements and once with the ORM (``insert_matches_orm``: ``bulk_create``;
``link_matches_orm``: ``bulk_update``), has the same matches, column by column, with the same
winner and loser links. Hypothesis picks the format, the field size, the seeds and the draw's
random seed. The standings' reads by hand give their ORM twins' rows on any mix of match
states, brackets and rubbers."""

from __future__ import annotations

import datetime
import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Event, Match, Round
from scoring.records import sql
from scoring.records.prepared import Prepared
from scoring.services import draw_brackets, draw_rows, draws
from tests.factories import SYSTEM, make_event, make_tournament

pytestmark = pytest.mark.django_db

#: Columns that differ between two draws by nature: ids, links by id, the link token, times.
OWN = {"id", "event", "round", "winner_to", "loser_to", "umpire_token", "created_at", "updated_at"}
_slugs = itertools.count()


def _drawn(event: Event) -> list[dict[str, Any]]:
    """The event's matches by number, every column but :data:`OWN`, with the round and the
    links as what they point at (the round's bracket and number, the target's match number)."""
    numbers = dict(Match.objects.filter(event=event).values_list("pk", "number"))
    lines = {
        pk: n for n, pk in enumerate(event.entries.order_by("pk").values_list("pk", flat=True))
    }
    rounds = {r.pk: (r.bracket, r.number, r.stage, r.games_to_win) for r in event.rounds.all()}
    out = []
    for match in Match.objects.filter(event=event).order_by("number"):
        row = {
            f.name: getattr(match, f.attname)
            for f in Match._meta.concrete_fields
            if f.name not in OWN
        }
        for name in ("entry_a", "entry_b", "entry_c"):  # as the entry's line, 0 the first
            row[name] = lines.get(row[name])
        for name, value in row.items():  # a time as set or not (each draw has its own)
            if isinstance(value, datetime.datetime):
                row[name] = "set"
        row["round"] = rounds.get(match.round_id)
        row["winner_to"] = numbers.get(match.winner_to_id)
        row["loser_to"] = numbers.get(match.loser_to_id)
        out.append(row)
    return out


def _draw(fmt: str, size: int, seeds: int, seed: int, settings_: dict[str, Any]) -> Event:
    tournament = make_tournament(slug=f"twin-{next(_slugs)}")
    event = make_event(tournament, size, fmt=fmt, seeds=seeds, settings=settings_)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=seed)
    return event


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    fmt=st.sampled_from(
        [
            Event.Format.KNOCKOUT,
            Event.Format.DOUBLE_ELIMINATION,
            Event.Format.SWISS,
            Event.Format.GROUPS,
        ]
    ),
    size=st.integers(min_value=2, max_value=16),
    seeded=st.integers(min_value=0, max_value=8),
    seed=st.integers(min_value=0, max_value=10_000),
    third_place=st.booleans(),
)
def test_the_hand_written_draw_writes_what_the_orm_writes(
    monkeypatch: pytest.MonkeyPatch, fmt: str, size: int, seeded: int, seed: int, third_place: bool
) -> None:
    options: dict[str, Any] = {"third_place": third_place}
    if fmt == Event.Format.SWISS:
        options = {"rounds": 3}
    by_hand = _drawn(_draw(fmt, size, min(seeded, size), seed, options))
    with monkeypatch.context() as patch:
        patch.setattr(draw_rows, "insert_matches", sql.insert_matches_orm)
        patch.setattr(draw_brackets, "insert_matches", sql.insert_matches_orm)
        patch.setattr(draws, "_insert_matches", sql.insert_matches_orm)
        patch.setattr(draw_brackets, "link_matches", sql.link_matches_orm)
        by_orm = _drawn(_draw(fmt, size, min(seeded, size), seed, options))
    assert by_hand == by_orm
    assert by_hand  # every format of two or more entries draws matches


def test_the_twins_agree_on_ids_and_links_by_themselves() -> None:
    """Each statement on its own: the ids by match number that ``insert_matches`` reads back are
    the rows' ids, as ``bulk_create`` returns them; the links ``link_matches`` writes are those
    ``bulk_update`` writes (a null link, a side, a loser's link)."""
    event = make_event(make_tournament(slug="twins"), 6, fmt=Event.Format.KNOCKOUT)
    rnd = Round.objects.create(event=event, number=1, stage="early", games_to_win=2)
    entries = list(event.entries.order_by("pk").values_list("pk", flat=True))
    rows = [
        {
            "round": rnd,
            "number": n + 1,
            "entry_a_id": entries[2 * n],
            "entry_b_id": entries[2 * n + 1],
        }
        for n in range(3)
    ]
    rows_orm = [{**row, "number": row["number"] + 10} for row in rows]
    ids = sql.insert_matches(event, [dict(r) for r in rows])
    ids_orm = sql.insert_matches_orm(event, [dict(r) for r in rows_orm])
    assert ids == dict(Match.objects.filter(event=event, number__lte=3).values_list("number", "pk"))
    assert ids_orm == dict(
        Match.objects.filter(event=event, number__gt=10).values_list("number", "pk")
    )
    assert {m.games_to_win for m in Match.objects.filter(event=event)} == {2}
    links = [(ids[3], "a", None, "", ids[1]), (ids[3], "b", ids[2], "a", ids[2])]
    sql.link_matches(links)
    sql.link_matches_orm(
        [
            (ids_orm[w - 1 + 11] if w else None, ws, ids_orm[lo - 1 + 11] if lo else None, ls, pk)
            for (w, ws, lo, ls, pk) in (
                (3, "a", None, "", ids_orm[11]),
                (3, "b", 2, "a", ids_orm[12]),
            )
        ]
    )
    columns = ("number", "winner_to__number", "winner_to_side", "loser_to__number", "loser_to_side")
    hand = list(
        Match.objects.filter(event=event, number__lte=3).order_by("number").values_list(*columns)
    )
    orm = [
        (n - 10, w - 10 if w else None, ws, lo - 10 if lo else None, ls)
        for n, w, ws, lo, ls in Match.objects.filter(event=event, number__gt=10)
        .order_by("number")
        .values_list(*columns)
    ]
    assert hand == orm
    assert hand[0] == (1, 3, "a", None, "")


def test_the_prepared_cursor_gives_the_orms_rows() -> None:
    """``fetch_all`` runs what the ORM's compiler wrote: a prepared query's rows are the
    queryset's own, converted alike (a datetime, a boolean, text)."""
    event = make_event(make_tournament(slug="prepared"), 4, fmt=Event.Format.SWISS)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=1)
    columns = ("pk", "number", "created_at", "bye", "status", "draw_reason")
    prepared = Prepared(
        lambda pk: Match.objects.filter(event_id=pk).order_by("pk").values_list(*columns)
    )
    assert [tuple(row) for row in prepared.rows(event.pk)] == list(
        Match.objects.filter(event_id=event.pk).order_by("pk").values_list(*columns)
    )


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=12)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    detail=st.dictionaries(_TEXT, st.one_of(st.integers(-99, 99), _TEXT, st.none()), max_size=4),
    device=_TEXT,
    revision=st.integers(min_value=0, max_value=10_000),
    status=st.sampled_from(Match.Status.values),
    games=st.integers(min_value=0, max_value=5),
)
def test_the_single_rows_are_what_the_orm_writes(
    detail: dict[str, Any], device: str, revision: int, status: str, games: int
) -> None:
    """A stroke's audit row (``insert_values``), log row (``insert_one``) and cache update
    (``update_row``) write what ``create``, ``save(force_insert=True)`` and
    ``filter().update()`` write: the same columns read back, defaults and times included."""
    from scoring.models import AuditEntry, BoardEvent

    event = Event.objects.first() or make_event(make_tournament(slug="rows"), 4)
    a, b = event.entries.order_by("pk")[:2]
    one, other = (
        Match.objects.create(event=event, entry_a=a, entry_b=b, number=1000 + next(_slugs))
        for _n in (1, 2)
    )
    values = {
        "tournament_id": event.tournament_id,
        "match_id": one.pk,
        "via": "link",
        "device": device,
        "action": "stroke",
        "detail": detail,
    }
    by_hand = AuditEntry.objects.get(pk=sql.insert_values(AuditEntry, **values))
    by_orm = AuditEntry.objects.get(pk=sql.insert_values_orm(AuditEntry, **values))
    skip = {"id", "created_at"}
    assert {k: v for k, v in _row(by_hand).items() if k not in skip} == {
        k: v for k, v in _row(by_orm).items() if k not in skip
    }
    assert abs(by_hand.created_at - by_orm.created_at) < datetime.timedelta(seconds=5)

    for m, update in ((one, sql.update_row), (other, sql.update_row_orm)):
        update(Match, pk=m.pk, revision=revision, status=status, games_a=games, table=None)
    assert {k: v for k, v in _row(Match.objects.get(pk=one.pk)).items() if k in _CACHES} == {
        k: v for k, v in _row(Match.objects.get(pk=other.pk)).items() if k in _CACHES
    }
    assert Match.objects.get(pk=one.pk).revision == revision

    from scoring.models import Board, Game

    game = Game.objects.create(match=one, number=1)
    board = Board.objects.create(game=game, sequence=1, breaker="a")
    rows = [
        insert(BoardEvent(board=board, seq=seq, type="stroke", payload=detail, device=device))
        for seq, insert in ((1, sql.insert_one), (2, sql.insert_one_orm))
    ]
    assert all(r.pk and not r._state.adding for r in rows)
    read = [_row(BoardEvent.objects.get(pk=r.pk)) for r in rows]
    skip = {"id", "seq", "created_at", "client_id"}
    assert {k: v for k, v in read[0].items() if k not in skip} == {
        k: v for k, v in read[1].items() if k not in skip
    }


#: The columns the caches' update above writes.
_CACHES = {"revision", "status", "games_a", "table"}


def _row(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


def test_the_validators_compiled_once_give_the_plain_querysets_rows() -> None:
    """The live pages' ETag validators (ORM querysets compiled once per connection) answer what
    the same querysets answer when the ORM runs them, and move with a decided result only
    where they should (``decided``)."""
    from scoring.selectors.live import validators as v

    event = make_event(make_tournament(slug="validators"), 6, fmt=Event.Format.SWISS)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=2)
    slug = event.tournament.slug
    match = Match.objects.filter(event=event).order_by("pk").first()
    assert match is not None
    for args in ((match.pk,), (match.pk, slug)):
        assert v.match_validator(*args) == tuple(v._match_row(*args).get())
    assert v.match_validator(match.pk, "elsewhere") is None
    for decided in (False, True):
        for args in ((event.pk,), (event.pk, slug)):
            plain = tuple(v._event_row(*args, decided=decided).get())
            assert v.event_validator(*args, decided=decided) == plain
    assert v.tournament_validator(slug) == tuple(v._tournament_row(slug=slug).get())
    assert v.tournament_validator(pk=event.tournament_id) == v.tournament_validator(slug)
    assert v.tournament_validator("no-such-tournament") is None

    before = v.event_validator(event.pk, decided=True)
    playing = v.event_validator(event.pk)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.PLAYING, revision=5)
    assert v.event_validator(event.pk, decided=True) == before  # a stroke leaves standings be
    assert v.event_validator(event.pk) != playing
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, winner_side="a", revision=9
    )
    assert v.event_validator(event.pk, decided=True) != before


_MATCH_STATE = st.fixed_dictionaries(
    {
        "status": st.sampled_from(Match.Status.values),
        "winner_side": st.sampled_from(["", "a", "b"]),
        "bye": st.booleans(),
        "walkover": st.booleans(),
        "draw": st.booleans(),
        "games_a": st.integers(0, 3),
        "points_b": st.integers(0, 50),
    }
)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    states=st.lists(_MATCH_STATE, min_size=1, max_size=12),
    brackets=st.lists(st.sampled_from(["", "final", "plate"]), min_size=1, max_size=12),
    doubles=st.booleans(),
)
def test_the_standings_reads_are_what_the_orm_reads(
    states: list[dict[str, Any]], brackets: list[str], doubles: bool
) -> None:
    """The standings' reads by hand (``draw_flag_rows``, ``draw_rows``, ``entry_rows``) give
    the rows of their ORM twins (``decided_rows_orm``, ``event_rows_orm``, ``entry_rows_orm``)
    on any mix of statuses, sides, byes, walkovers, draws and cached totals, with matches of
    other brackets, matches without a round and a team tie's rubber left out alike."""
    from decimal import Decimal

    from scoring.models import Entry, Rubber, Tie
    from scoring.standings import results, tables

    kind = "doubles" if doubles else "singles"
    event = make_event(make_tournament(slug=f"reads-{next(_slugs)}"), 6, fmt="swiss", kind=kind)
    entries = list(event.entries.order_by("pk"))
    Entry.objects.filter(pk=entries[1].pk).update(withdrawn=True, prize=Decimal("12.30"))
    Entry.objects.filter(pk=entries[2].pk).update(seed=1, team_name="Strikers")
    rounds = {
        name: Round.objects.create(event=event, number=n + 1, bracket=name)
        for n, name in enumerate(("", "final", "plate"))
    }
    for n, state in enumerate(states):
        a, b = entries[n % 6], None if state["bye"] else entries[(n + 1) % 6]
        bracket = brackets[n % len(brackets)]
        rnd = None if n == 3 else rounds[bracket]
        Match.objects.create(event=event, round=rnd, entry_a=a, entry_b=b, number=n + 1, **state)
    other = make_event(make_tournament(slug=f"other-{next(_slugs)}"), 2, fmt="swiss")
    Match.objects.create(event=other, entry_a=other.entries.first(), number=1, status="confirmed")
    tie_match = Match.objects.create(event=event, number=90)
    rubber = Match.objects.create(
        event=event, entry_a=entries[0], entry_b=entries[1], number=91, status="confirmed"
    )
    Rubber.objects.create(
        tie=Tie.objects.create(event=event, match=tie_match), number=1, kind="singles", match=rubber
    )
    r = results
    flags = (r._A, r._B, r._BYE, r._WALKOVER, r._DRAW, r._DECIDED, r._CONFIRMED)
    for excluded in ((), ("final",), ("final", "plate")):
        hand = sql.draw_flag_rows(
            event.pk,
            exclude_brackets=excluded,
            flags=flags,
            done=results.DONE,
            settled=results.SETTLED,
            totals=results.TOTAL_COLUMNS,
        )
        orm = results.decided_rows_orm(event, exclude_brackets=excluded)
        assert [tuple(r) for r in hand] == [tuple(r) for r in orm]
        assert rubber.number not in [r[3] for r in hand]
        for bracket in (None, "", "plate"):
            hand = sql.draw_rows(
                event.pk,
                columns=(*results.RESULT_COLUMNS, *results.TOTAL_COLUMNS),
                bracket=bracket,
                exclude_brackets=excluded,
            )
            orm = results.event_rows_orm(event, bracket=bracket, exclude_brackets=excluded)
            assert [tuple(r) for r in hand] == [tuple(r) for r in orm]
    assert [tuple(r) for r in sql.entry_rows(event.pk)] == [
        tuple(r) for r in tables.entry_rows_orm(event)
    ]
    assert len(sql.entry_rows(event.pk)) == 6
    line = tables.entry_lines(event)[entries[1].pk]
    assert (line.prize, line.withdrawn, str(line.prize)) == (Decimal("12.30"), True, "12.30")
