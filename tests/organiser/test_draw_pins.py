"""Pin a pairing by hand (issue 14): two entries of the round that can still change are made
to meet (one swap), the Swiss rules re-checked with a logged override, byes included."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Match
from scoring.services import draws
from scoring.services.draw_edits import pin_pairing
from scoring.services.draws import DrawServiceError
from tests.factories import make_event, play, swiss_in_round_two

pytestmark = pytest.mark.django_db


def _pairs(event, number):
    return {
        frozenset((m.entry_a_id, m.entry_b_id)) - {None}
        for m in Match.objects.filter(event=event, round__number=number)
    }


def test_pin_two_entries_of_a_swiss_round(tournament, actor):
    event = make_event(tournament, 8, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=actor, random_seed=1)
    m1, m2 = Match.objects.filter(event=event, round__number=1).order_by("position")[:2]
    x, y = m1.entry_a_id, m2.entry_a_id
    a_opponent, b_opponent = m1.entry_b_id, m2.entry_b_id
    assert pin_pairing(event=event, first=x, second=y, actor=actor) == []
    pairs = _pairs(event, 1)
    assert frozenset((x, y)) in pairs
    assert frozenset((a_opponent, b_opponent)) in pairs  # the two opponents meet instead
    assert len(pairs) == 4
    log = AuditEntry.objects.get(action="draw_pin")
    assert log.detail["override"] is False
    with pytest.raises(DrawServiceError) as err:
        pin_pairing(event=event, first=x, second=y, actor=actor)
    assert err.value.code == "pin_already"
    with pytest.raises(DrawServiceError) as err:
        pin_pairing(event=event, first=x, second=x, actor=actor)
    assert err.value.code == "pin_same_entry"


def test_a_pin_that_repeats_a_pairing_needs_an_override_and_a_reason(tournament, actor):
    event = swiss_in_round_two(tournament, actor)
    earlier = Match.objects.filter(event=event, round__number=1).first()
    x, y = earlier.entry_a_id, earlier.entry_b_id
    before = _pairs(event, 2)
    with pytest.raises(DrawServiceError) as err:
        pin_pairing(event=event, first=x, second=y, actor=actor)
    assert err.value.code == "draw_invariant"
    assert _pairs(event, 2) == before  # refused: nothing changed
    with pytest.raises(DrawServiceError) as err:
        pin_pairing(event=event, first=x, second=y, actor=actor, override=True)
    assert err.value.code == "override_reason"
    broken = pin_pairing(
        event=event,
        first=x,
        second=y,
        actor=actor,
        override=True,
        reason="players asked for a rematch",
    )
    assert [b["code"] for b in broken] == ["repeat_pairing", "repeat_pairing"]
    assert frozenset((x, y)) in _pairs(event, 2)
    log = AuditEntry.objects.get(action="draw_pin")
    assert log.detail["override"] is True and log.detail["reason"] == "players asked for a rematch"


def test_pin_the_entry_with_the_bye(tournament, actor):
    event = make_event(tournament, 5, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=actor, random_seed=2)
    bye = Match.objects.get(event=event, round__number=1, bye=True)
    lucky = bye.entry_a_id or bye.entry_b_id
    other = Match.objects.filter(event=event, round__number=1, bye=False).first()
    pin_pairing(event=event, first=lucky, second=other.entry_a_id, actor=actor)
    assert frozenset((lucky, other.entry_a_id)) in _pairs(event, 1)
    bye.refresh_from_db()
    assert (bye.entry_a_id or bye.entry_b_id) == other.entry_b_id  # the opponent has the bye


def test_no_pin_once_the_round_has_started(tournament, actor):
    event = make_event(tournament, 4, seeds=4)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    m1, m2 = Match.objects.filter(event=event, round__number=1).order_by("position")
    play(m1, "a", actor)
    with pytest.raises(DrawServiceError) as err:
        pin_pairing(event=event, first=m1.entry_a_id, second=m2.entry_a_id, actor=actor)
    assert err.value.code == "round_started"


def test_the_pin_page(client, organiser, tournament, actor):
    client.force_login(organiser)
    event = make_event(tournament, 4, seeds=4)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    m1, m2 = Match.objects.filter(event=event, round__number=1).order_by("position")
    page = reverse("scoring:organiser-draw-pin", args=[tournament.slug, event.pk])
    edit = reverse("scoring:organiser-draw-edit", args=[tournament.slug, event.pk])
    assert page in client.get(edit).text  # the way there from the hand changes
    shown = client.get(page).text
    assert "Pin this pairing" in shown and m1.entry_a.name in shown
    r = client.post(page, {"first": m1.entry_a_id, "second": m2.entry_a_id}, follow=True)
    assert "Pairing pinned." in r.text
    assert frozenset((m1.entry_a_id, m2.entry_a_id)) in _pairs(event, 1)
    r = client.post(page, {"first": "x", "second": m2.entry_a_id}, follow=True)
    assert "Choose two different entries." in r.text
    r = client.post(page, {"first": m1.entry_a_id, "second": m2.entry_a_id}, follow=True)
    assert "These two entries already play each other." in r.text
