"""Separation saved with the draw: Swiss round 1 and groups keep clubmates apart and the
"why this pair" reason says when separation moved someone."""

from __future__ import annotations

import pytest

from scoring.models import Match, Player
from scoring.services import draws
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def _clubs(event, clubs):
    for entry, club in zip(event.entries.order_by("pk"), clubs, strict=True):
        Player.objects.filter(pk=entry.player_id).update(club=club)


def test_swiss_round_one_keeps_clubmates_apart(tournament, actor):
    event = make_event(tournament, 8, fmt="swiss", settings={"rounds": 3, "separate": "club"})
    # usual pairing: rank 1 v 5, 2 v 6, 3 v 7, 4 v 8: make 1 and 5 clubmates
    _clubs(event, ["A", "B", "C", "D", "A", "E", "F", "G"])
    draws.draw_event(event=event, actor=actor, random_seed=1)
    club = {e.pk: e.player.club for e in event.entries.select_related("player")}
    matches = list(Match.objects.filter(event=event, round__number=1))
    assert all(club[m.entry_a_id] != club[m.entry_b_id] for m in matches)
    assert any(m.draw_reason["code"] == "sep_moved" for m in matches)


def test_groups_keep_clubmates_apart(tournament, actor):
    event = make_event(
        tournament, 8, fmt="groups", settings={"groups": 2, "qualifiers": 1, "separate": "club"}
    )
    # snake: A = 1, 4, 5, 8; B = 2, 3, 6, 7 -> 1 and 4 are clubmates in A
    _clubs(event, ["R", "x", "y", "R", "z", "w", "v", "u"])
    draws.draw_event(event=event, actor=actor, random_seed=1)
    club = {e.pk: e.player.club for e in event.entries.select_related("player")}
    groups: dict[str, set[int]] = {}
    for m in Match.objects.filter(event=event):
        groups.setdefault(m.group, set()).update({m.entry_a_id, m.entry_b_id})
    for members in groups.values():
        assert sum(1 for e in members if club[e] == "R") <= 1
    assert Match.objects.filter(event=event, draw_reason__code="sep_group").exists()


def test_without_separation_the_draw_is_unchanged(tournament, actor):
    event = make_event(tournament, 8, fmt="swiss", settings={"rounds": 3})
    _clubs(event, ["A", "B", "C", "D", "A", "E", "F", "G"])
    draws.draw_event(event=event, actor=actor, random_seed=1)
    assert not Match.objects.filter(event=event, draw_reason__code="sep_moved").exists()


def test_knockout_draw_puts_clubmates_in_different_halves(tournament, actor):
    event = make_event(tournament, 8, settings={"separate": "club", "random_draw": True})
    _clubs(event, ["R", "R", "R", "R", "x", "y", "z", "w"])  # unseeded: four of one club
    draws.draw_event(event=event, actor=actor, random_seed=4)
    club = {e.pk: e.player.club for e in event.entries.select_related("player")}
    first = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    assert all(not (club[m.entry_a_id] == club[m.entry_b_id] == "R") for m in first)
    halves = [first[:2], first[2:]]
    for half in halves:  # two of four in each half: they meet no earlier than a semi-final
        assert sum(club[e] == "R" for m in half for e in (m.entry_a_id, m.entry_b_id)) == 2
    draws.sync_bracket(event)  # the saved draw still rebuilds (bracket lines consistent)


def test_later_swiss_round_keeps_clubmates_of_one_score_group_apart(tournament, actor):
    """Round 2 (SoL's "delay compatriots"): the usual pairing would pair two clubmates of the
    winners' group; with separation they meet others of that group and the reason says so."""
    from tests.factories import play_and_confirm

    event = make_event(tournament, 8, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=actor, random_seed=1)
    for m in Match.objects.filter(event=event, round__number=1, bye=False):
        play_and_confirm(m, "a")
    draws.next_round(event=event, actor=actor)
    usual = list(Match.objects.filter(event=event, round__number=2).order_by("position"))
    top = usual[0]
    draws.delete_last_round(event=event, actor=actor, expected_rounds=2)
    clubs = {top.entry_a_id: "R", top.entry_b_id: "R"}
    for entry in event.entries.all():
        Player.objects.filter(pk=entry.player_id).update(club=clubs.get(entry.pk, f"c{entry.pk}"))
    event.settings["separate"] = "club"
    event.save(update_fields=["settings"])
    draws.next_round(event=event, actor=actor)
    separated = list(Match.objects.filter(event=event, round__number=2).order_by("position"))
    pairs = {frozenset((m.entry_a_id, m.entry_b_id)) for m in separated}
    assert frozenset((top.entry_a_id, top.entry_b_id)) not in pairs
    assert any(m.draw_reason["code"] == "sep_moved" for m in separated)
    met = {
        frozenset((m.entry_a_id, m.entry_b_id))
        for m in Match.objects.filter(event=event, round__number=1, bye=False)
    }
    assert not pairs & met  # no repeat
    # the same players on the same boards' score groups: only partners changed
    assert {e for m in separated[:2] for e in (m.entry_a_id, m.entry_b_id)} == {
        e for m in usual[:2] for e in (m.entry_a_id, m.entry_b_id)
    }


def test_double_elimination_seeding_puts_clubmates_in_different_halves(tournament, actor):
    event = make_event(
        tournament, 8, fmt="double_elimination", settings={"separate": "club", "random_draw": True}
    )
    _clubs(event, ["R", "R", "R", "R", "x", "y", "z", "w"])  # unseeded: four of one club
    draws.draw_event(event=event, actor=actor, random_seed=4)
    club = {e.pk: e.player.club for e in event.entries.select_related("player")}
    first = list(
        Match.objects.filter(event=event, round__number=1, round__bracket="winners").order_by(
            "position"
        )
    )
    assert len(first) == 4
    assert all(not (club[m.entry_a_id] == club[m.entry_b_id] == "R") for m in first)
    for half in (first[:2], first[2:]):  # two in each half of the winners' bracket
        assert sum(club[e] == "R" for m in half for e in (m.entry_a_id, m.entry_b_id)) == 2
    draws.sync_bracket(event)  # the saved draw still rebuilds (bracket lines consistent)
