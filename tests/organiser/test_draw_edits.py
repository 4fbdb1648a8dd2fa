"""Draw edits by hand (issue 14): swaps in a round not started, byes included, the Swiss
invariants re-checked with an explicit, logged override, and a Swiss round paired again."""

from __future__ import annotations

import pytest

from scoring.models import AuditEntry, Match
from scoring.services import draws
from scoring.services.draw_edits import pair_round_again, swap_entries
from scoring.services.draws import DrawServiceError
from tests.factories import make_event, play, swiss_in_round_two

pytestmark = pytest.mark.django_db


def test_swap_two_entries_of_the_first_knockout_round(tournament, actor):
    event = make_event(tournament, 4, seeds=4)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    m1, m2 = Match.objects.filter(event=event, round__number=1).order_by("position")
    a, b = m1.entry_a_id, m2.entry_b_id
    assert swap_entries(event=event, first=(m1.pk, "a"), second=(m2.pk, "b"), actor=actor) == []
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert (m1.entry_a_id, m2.entry_b_id) == (b, a)
    assert m1.draw_reason["code"] == "manual_swap"
    assert AuditEntry.objects.filter(action="draw_swap").count() == 1
    play(m1, "a", actor)  # started: no more swaps in this round
    with pytest.raises(DrawServiceError) as err:
        swap_entries(event=event, first=(m1.pk, "b"), second=(m2.pk, "a"), actor=actor)
    assert err.value.code == "round_started"


def test_swap_an_entry_with_a_bye(tournament, actor, django_capture_on_commit_callbacks):
    event = make_event(tournament, 3, seeds=1)
    with django_capture_on_commit_callbacks(execute=True):
        draws.draw_event(event=event, actor=actor, random_seed=2)
    first = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    bye = next(m for m in first if m.bye)
    other = next(m for m in first if not m.bye)
    was_bye, moved = bye.entry_a_id or bye.entry_b_id, other.entry_a_id
    swap_entries(event=event, first=(bye.pk, "a"), second=(other.pk, "a"), actor=actor)
    bye.refresh_from_db()
    other.refresh_from_db()
    final = Match.objects.get(event=event, round__number=2)
    assert (bye.entry_a_id or bye.entry_b_id) == moved and other.entry_a_id == was_bye
    assert moved in (final.entry_a_id, final.entry_b_id)  # the bye's new entrant advanced
    assert was_bye not in (final.entry_a_id, final.entry_b_id)


def test_a_swiss_swap_that_repeats_a_pairing_needs_an_override(tournament, actor):
    event = swiss_in_round_two(tournament, actor)
    r1 = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    r2 = list(Match.objects.filter(event=event, round__number=2).order_by("position"))
    # put round 1's pair of r1[0] together again in round 2
    x, y = r1[0].entry_a_id, r1[0].entry_b_id
    mx = next(m for m in r2 if x in (m.entry_a_id, m.entry_b_id))
    my = next(m for m in r2 if y in (m.entry_a_id, m.entry_b_id))
    side_x = "a" if mx.entry_a_id == x else "b"
    opp_side = "b" if side_x == "a" else "a"
    side_y = "a" if my.entry_a_id == y else "b"
    with pytest.raises(DrawServiceError) as err:
        swap_entries(event=event, first=(mx.pk, opp_side), second=(my.pk, side_y), actor=actor)
    assert err.value.code == "draw_invariant"
    assert err.value.params["broken"][0]["code"] == "repeat_pairing"
    with pytest.raises(DrawServiceError) as err:
        swap_entries(
            event=event, first=(mx.pk, opp_side), second=(my.pk, side_y), actor=actor, override=True
        )
    assert err.value.code == "override_reason"
    mx.refresh_from_db()
    assert y not in (mx.entry_a_id, mx.entry_b_id)  # nothing saved
    broken = swap_entries(
        event=event,
        first=(mx.pk, opp_side),
        second=(my.pk, side_y),
        actor=actor,
        override=True,
        reason="they travel together",
    )
    assert broken and AuditEntry.objects.get(action="draw_swap").detail["override"] is True
    mx.refresh_from_db()
    assert {mx.entry_a_id, mx.entry_b_id} == {x, y}
    # round 1 is not the last round: not editable any more
    with pytest.raises(DrawServiceError) as err:
        swap_entries(event=event, first=(r1[0].pk, "a"), second=(r1[1].pk, "a"), actor=actor)
    assert err.value.code == "edit_not_last_round"
    rounds = pair_round_again(event=event, actor=actor, expected_rounds=2)
    again = Match.objects.filter(round=rounds[0])
    assert all({m.entry_a_id, m.entry_b_id} != {x, y} for m in again)  # invariant restored


def test_the_draw_edit_page_swaps_and_refuses_a_repeat(client, organiser, tournament, actor):
    from django.urls import reverse

    client.force_login(organiser)
    event = make_event(tournament, 4, seeds=4)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    m1, m2 = Match.objects.filter(event=event, round__number=1).order_by("position")
    page = reverse("scoring:organiser-draw-edit", args=[tournament.slug, event.pk])
    assert "Swap two places" in client.get(page).text
    r = client.post(page, {"first": f"{m1.pk}:a", "second": f"{m2.pk}:a"}, follow=True)
    assert "Swapped." in r.text
    r = client.post(page, {"first": "x", "second": f"{m2.pk}:a"}, follow=True)
    assert "Choose two different places of one round." in r.text


def test_a_refused_swap_names_the_repeat_and_keeps_the_selections(
    client, organiser, tournament, actor
):
    """Issue 30: the refusal says which pairing repeats (names and round) and the page keeps
    the two places chosen."""
    from django.urls import reverse

    client.force_login(organiser)
    event = swiss_in_round_two(tournament, actor)
    r1 = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    r2 = list(Match.objects.filter(event=event, round__number=2).order_by("position"))
    x, y = r1[0].entry_a_id, r1[0].entry_b_id
    mx = next(m for m in r2 if x in (m.entry_a_id, m.entry_b_id))
    my = next(m for m in r2 if y in (m.entry_a_id, m.entry_b_id))
    opp_side = "b" if mx.entry_a_id == x else "a"
    side_y = "a" if my.entry_a_id == y else "b"
    page = reverse("scoring:organiser-draw-edit", args=[tournament.slug, event.pk])
    first, second = f"{mx.pk}:{opp_side}", f"{my.pk}:{side_y}"
    r = client.post(page, {"first": first, "second": second}, follow=True)
    names = {r1[0].entry_a.name, r1[0].entry_b.name}
    assert "already played each other in round 1" in r.text
    assert all(name in r.text for name in names)
    assert f'<option value="{first}" selected>' in r.text
    assert f'<option value="{second}" selected>' in r.text
