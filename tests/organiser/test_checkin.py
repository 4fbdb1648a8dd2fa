"""Check-in before a draw (issue 15): the roll call, the player's own check-in with the hall's
code, and the draw that uses only those present (absent: withdrawn or walkover)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Entry, Match, RollCall
from scoring.services import checkin, draws
from scoring.services.backup import export_tournament, import_tournament
from scoring.services.checkin import CheckInError
from scoring.services.matches import Actor
from tests.factories import make_event, play_and_confirm

pytestmark = pytest.mark.django_db


def _drawn_entries(event) -> set[int]:
    out = set()
    for a, b in Match.objects.filter(event=event).values_list("entry_a_id", "entry_b_id"):
        out |= {a, b} - {None}
    return out


def _roll_call(event, actor, present: int, **options) -> list[Entry]:
    checkin.open_roll_call(event=event, actor=actor, **options)
    entries = list(event.entries.order_by("pk"))
    for entry in entries[:present]:
        checkin.mark(entry=entry, present=True, actor=actor)
    return entries


@pytest.mark.parametrize("fmt", ["knockout", "swiss", "groups", "double_elimination"])
def test_the_draw_leaves_out_the_absent(tournament, actor, fmt):
    event = make_event(tournament, 8, fmt=fmt, settings={"rounds": 3, "groups": 2})
    entries = _roll_call(event, actor, present=6)
    draws.draw_event(event=event, actor=actor, random_seed=7)
    absent = {e.pk for e in entries[6:]}
    assert _drawn_entries(event) & absent == set()
    assert set(Entry.objects.filter(pk__in=absent).values_list("withdrawn", flat=True)) == {True}
    roll_call = RollCall.objects.get(event=event)
    assert not roll_call.open and roll_call.applied_at is not None


def test_without_a_roll_call_the_draw_uses_everyone(tournament, actor):
    event = make_event(tournament, 8, fmt="knockout")
    draws.draw_event(event=event, actor=actor, random_seed=7)
    assert len(_drawn_entries(event)) == 8


def test_walkover_choice_draws_the_absent_and_gives_walkovers(tournament, actor, run_on_commit):
    event = make_event(tournament, 8, fmt="knockout", seeds=8)
    entries = _roll_call(event, actor, present=7, absent=RollCall.Absent.WALKOVER)
    draws.draw_event(event=event, actor=actor, random_seed=7)
    gone = entries[7]
    assert gone.pk in _drawn_entries(event)
    match = Match.objects.get(Q_entry(gone), round__number=1)
    assert match.walkover and match.winner_side == ("b" if match.entry_a_id == gone.pk else "a")
    gone.refresh_from_db()
    assert not gone.withdrawn


def Q_entry(entry):
    from django.db.models import Q

    return Q(entry_a=entry) | Q(entry_b=entry)


def test_a_swiss_roll_call_before_round_two(tournament, actor, run_on_commit):
    event = make_event(tournament, 8, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=actor, random_seed=3)
    for m in Match.objects.filter(event=event):
        play_and_confirm(m)
    entries = _roll_call(event, actor, present=6)
    draws.next_round(event=event, actor=actor)
    second = Match.objects.filter(event=event, round__number=2)
    drawn = {e for m in second for e in (m.entry_a_id, m.entry_b_id) if e}
    assert drawn == {e.pk for e in entries[:6]}


def test_self_check_in_needs_the_code(tournament, actor):
    event = make_event(tournament, 4)
    roll_call = checkin.open_roll_call(event=event, actor=actor, self_checkin=True)
    assert len(roll_call.code) == checkin.CODE_LENGTH and roll_call.code.isdigit()
    entry = event.entries.first()
    player = Actor(via="self")
    with pytest.raises(CheckInError) as err:
        checkin.self_check_in(entry=entry, code="000000", actor=player)
    assert err.value.code == "wrong_code"
    entry.refresh_from_db()
    assert entry.present_at is None
    checkin.self_check_in(entry=entry, code=f" {roll_call.code} ", actor=player)
    entry.refresh_from_db()
    assert entry.present_at is not None and entry.present_via == "self"


def test_self_check_in_only_where_allowed(tournament, actor):
    event = make_event(tournament, 4)
    roll_call = checkin.open_roll_call(event=event, actor=actor, self_checkin=False)
    with pytest.raises(CheckInError) as err:
        checkin.self_check_in(
            entry=event.entries.first(), code=roll_call.code, actor=Actor(via="self")
        )
    assert err.value.code == "no_self_checkin"


def test_marking_needs_an_open_roll_call(tournament, actor):
    event = make_event(tournament, 4)
    with pytest.raises(CheckInError):
        checkin.mark(entry=event.entries.first(), present=True, actor=actor)


def test_roll_call_page_and_htmx_toggle(client, tournament, organiser):
    event = make_event(tournament, 4)
    client.force_login(organiser)
    url = reverse("scoring:checkin-roll-call", args=[tournament.slug, event.pk])
    assert client.get(url).status_code == 200
    assert (
        client.post(url, {"action": "open", "absent": "withdraw", "self_checkin": "on"}).status_code
        == 302
    )
    entry = event.entries.first()
    answer = client.post(
        reverse("scoring:checkin-presence", args=[tournament.slug, entry.pk]),
        {"present": "yes"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200 and "1 present" in answer.content.decode()
    entry.refresh_from_db()
    assert entry.present_at is not None
    assert client.post(url, {"action": "open", "absent": "sideways"}).status_code == 302
    assert RollCall.objects.get(event=event).absent == "withdraw"


def test_the_public_check_in_page(client, tournament, actor):
    event = make_event(tournament, 4)
    url = reverse("scoring:checkin-self", args=[tournament.slug, event.pk])
    assert "not open" in client.get(url).content.decode()
    roll_call = checkin.open_roll_call(event=event, actor=actor, self_checkin=True)
    entry = event.entries.first()
    assert client.post(url, {"entry": entry.pk, "code": "1"}).status_code == 422
    assert client.post(url, {"entry": "x", "code": roll_call.code}).status_code == 422
    answer = client.post(url, {"entry": entry.pk, "code": roll_call.code})
    assert answer.status_code == 200 and "is checked in" in answer.content.decode()


def test_the_roll_call_is_in_the_backup(tournament, actor):
    event = make_event(tournament, 4)
    _roll_call(event, actor, present=2, self_checkin=True)
    document = export_tournament(tournament)
    copy = import_tournament(document, slug="restored").tournament
    restored = RollCall.objects.get(event__tournament=copy)
    assert restored.open and restored.self_checkin and restored.code
    assert Entry.objects.filter(event__tournament=copy, present_at__isnull=False).count() == 2
