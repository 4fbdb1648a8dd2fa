"""The call-up queue: ready matches to free tables and umpires, busy players held back, tables
at a glance, automatic call-up when tables free up."""

from __future__ import annotations

import pytest

from scoring.models import Match
from scoring.services import callup, draws
from scoring.services.tournaments import TournamentError
from tests.factories import make_event, play, play_and_confirm

pytestmark = pytest.mark.django_db


@pytest.fixture
def umpires(django_user_model, tournament):
    users = [django_user_model.objects.create_user(f"ump{i}") for i in range(2)]
    tournament.umpires.set(users)
    return users


def test_auto_assign_fills_free_tables_and_holds_busy_players(tournament, actor, umpires):
    singles = make_event(tournament, 8, name="Singles")
    draws.draw_event(event=singles, actor=actor)
    # a doubles event whose pairs include two singles players
    doubles = make_event(tournament, 0, name="Doubles", kind="doubles")
    from scoring.models import Entry, Player

    singles_players = [e.player for e in singles.entries.order_by("pk")]
    Entry.objects.create(
        event=doubles, player=singles_players[0], partner=Player.objects.create(name="X1")
    )
    Entry.objects.create(
        event=doubles,
        player=Player.objects.create(name="X2"),
        partner=Player.objects.create(name="X3"),
    )
    draws.draw_event(event=doubles, actor=actor)
    called = callup.auto_assign(tournament=tournament, actor=actor)
    assert len(called) == 4  # four tables
    assert len({m.table_id for m in called}) == 4
    assert {m.umpire_id for m in called if m.umpire_id} == {u.pk for u in umpires}
    board = callup.board(tournament)
    assert not board.free_tables
    assert all(line.match is not None and line.since is not None for line in board.tables)
    # the doubles match waits: its player is busy in a singles match
    item = next(q for q in board.queue if q.match.event_id == doubles.pk)
    assert item.held and item.held_by[0][0] == singles_players[0]
    # a table frees: the automatic call-up would skip the held match
    first = called[0]
    play(first)
    board = callup.board(tournament)
    assert len(board.free_tables) == 1


def test_call_by_tap_checks_table_player_and_umpire(tournament, actor, umpires):
    event = make_event(tournament, 4)
    draws.draw_event(event=event, actor=actor)
    m1, m2 = Match.objects.filter(event=event, round__number=1).order_by("number")
    t1, t2 = tournament.tables.order_by("number")[:2]
    callup.call_match(match=m1, table=t1, actor=actor, umpire=umpires[0])
    m1.refresh_from_db()
    assert m1.status == "called" and m1.table == t1 and m1.umpire == umpires[0]
    assert m1.called_at is not None and m1.revision == 1
    with pytest.raises(TournamentError) as err:
        callup.call_match(match=m2, table=t1, actor=actor)
    assert err.value.code == "table_taken"
    with pytest.raises(TournamentError) as err:
        callup.call_match(match=m2, table=t2, actor=actor, umpire=umpires[0])
    assert err.value.code == "umpire_busy"
    with pytest.raises(TournamentError) as err:
        callup.call_match(match=m1, table=t2, actor=actor)
    assert err.value.code == "not_ready"
    callup.move_match(match=m1, table=t2, actor=actor)
    m1.refresh_from_db()
    assert m1.table == t2
    callup.release(match=m1, actor=actor)
    m1.refresh_from_db()
    assert m1.status == "ready" and m1.table is None


def test_busy_player_is_refused_unless_forced(tournament, actor):
    a = make_event(tournament, 2, name="A")
    b = make_event(tournament, 0, name="B")
    from scoring.models import Entry, Player

    Entry.objects.create(event=b, player=a.entries.first().player)
    Entry.objects.create(event=b, player=Player.objects.create(name="Other"))
    draws.draw_event(event=a, actor=actor)
    draws.draw_event(event=b, actor=actor)
    ma = Match.objects.get(event=a)
    mb = Match.objects.get(event=b)
    t1, t2 = tournament.tables.order_by("number")[:2]
    callup.call_match(match=ma, table=t1, actor=actor)
    with pytest.raises(TournamentError) as err:
        callup.call_match(match=mb, table=t2, actor=actor)
    assert err.value.code == "player_busy"
    callup.call_match(match=mb, table=t2, actor=actor, force=True)


def test_automatic_call_up_after_a_result(tournament, actor, django_capture_on_commit_callbacks):
    tournament.table_count = 1
    tournament.save()
    tournament.tables.exclude(number=1).update(active=False)
    event = make_event(tournament, 4)
    draws.draw_event(event=event, actor=actor)
    with django_capture_on_commit_callbacks(execute=True):
        called = callup.set_auto(tournament=tournament, on=True, actor=actor)
    assert len(called) == 1
    first = called[0]
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(first, "a", actor)
    nxt = Match.objects.filter(event=event, status="called")
    assert nxt.count() == 1 and nxt.first().pk != first.pk
