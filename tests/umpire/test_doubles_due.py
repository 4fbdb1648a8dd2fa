"""ICF 78(b): in doubles the tablet names the individual player who places the due carrommen —
the player sitting to the right of the player on turn, or the player on turn himself when he
made them available by pocketing the offender's carrommen. Singles and a doubles match without
a recorded seating keep naming the side."""

from __future__ import annotations

import pytest

from scoring.models import Match
from scoring.selectors.umpire import tablet
from scoring.services.matches import match_snapshot, record_seating, record_toss
from tests.factories import make_match

from .conftest import UMPIRE, record


def to_place(match: Match) -> list[tuple[str, str]]:
    match.refresh_from_db()
    view = tablet(match_snapshot(match))
    return [(r.text, r.law) for r in view.to_place]


def on_turn(match: Match) -> str:
    match.refresh_from_db()
    return tablet(match_snapshot(match)).turn.player


def stroke(match: Match, by: str, **pocketed) -> None:
    payload = {"type": "stroke", "by": by, "touched": True}
    if pocketed:
        payload["pocketed"] = pocketed
    record(match, payload)


@pytest.fixture
def doubles(db) -> Match:
    """A (Asha Rao / Ben Kirk) won the toss and breaks; seated Asha, Chen, Ben, Dora in turn
    order (ICF 49(b): the turn passes to the right)."""
    match = make_match(kind="doubles")
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    ids = {p.name: p.pk for e in (match.entry_a, match.entry_b) for p in e.players}
    record_seating(
        match=match,
        seating=[ids["Asha Rao"], ids["Chen Li"], ids["Ben Kirk"], ids["Dora Vik"]],
        actor=UMPIRE,
    )
    match.refresh_from_db()
    return match


def test_striker_pocketed_turn_lost_the_player_to_the_right_places(doubles):
    stroke(doubles, "white", white=1)  # Asha breaks and pockets one: her turn continues
    stroke(doubles, "white", striker=True)  # one due, the turn is lost
    assert on_turn(doubles) == "Chen Li"
    # Chen Li sits to the right of Asha Rao, who was on turn
    assert to_place(doubles) == [("Due: 1 white carromman to be placed by Chen Li.", "ICF 78(b)")]


def test_striker_with_own_turn_continues_the_player_to_the_right_places(doubles):
    stroke(doubles, "white")  # Asha breaks, nothing pocketed: Chen Li
    stroke(doubles, "black", black=1)  # Chen Li continues
    stroke(doubles, "black", black=1, striker=True)  # ICF 74: that one + one due, continues
    assert on_turn(doubles) == "Chen Li"
    # Ben Kirk sits to the right of Chen Li
    assert to_place(doubles) == [("Due: 2 black carrommen to be placed by Ben Kirk.", "ICF 78(b)")]


def test_later_in_the_turn_order_the_player_to_the_right_of_dora_places(doubles):
    stroke(doubles, "white")  # Asha -> Chen
    stroke(doubles, "black")  # Chen -> Ben
    stroke(doubles, "white")  # Ben -> Dora
    stroke(doubles, "black", black=1)  # Dora continues
    stroke(doubles, "black", striker=True)  # one due, the turn is lost
    assert on_turn(doubles) == "Asha Rao"
    # Asha Rao sits to the right of Dora Vik (the turn has gone round the table)
    assert to_place(doubles) == [("Due: 1 black carromman to be placed by Asha Rao.", "ICF 78(b)")]


def test_the_player_on_turn_who_pockets_the_offenders_carromman_places_it_himself(doubles):
    stroke(doubles, "white")  # Asha -> Chen
    stroke(doubles, "black", striker=True)  # Chen: a due, nothing to pay: outstanding
    assert on_turn(doubles) == "Ben Kirk"
    assert to_place(doubles) == []
    stroke(doubles, "white", black=1)  # Ben pockets a black one: the due is paid, turn lost
    assert on_turn(doubles) == "Dora Vik"
    # not Asha Rao (to the right of Dora Vik, now on turn): Ben Kirk made it available
    assert to_place(doubles) == [("Due: 1 black carromman to be placed by Ben Kirk.", "ICF 78(b)")]


def test_doubles_without_a_recorded_seating_names_the_side(db):
    match = make_match(kind="doubles")
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    match.refresh_from_db()
    stroke(match, "white", white=1)
    stroke(match, "white", striker=True)
    assert to_place(match) == [
        ("Due: 1 white carromman to be placed by Black (Chen Li / Dora Vik).", "ICF 78(a)")
    ]


def test_singles_still_names_the_opponent_with_his_colour(db):
    match = make_match()
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)  # Ben Kirk: white
    match.refresh_from_db()
    stroke(match, "white", white=1)
    stroke(match, "white", striker=True)
    assert to_place(match) == [
        ("Due: 1 white carromman to be placed by Black (Asha Rao).", "ICF 78(a)")
    ]


def rulings_of_last_event(match: Match) -> list[str]:
    match.refresh_from_db()
    return [r.text for r in tablet(match_snapshot(match)).last_rulings]


def test_the_ruling_of_the_event_names_the_same_player_as_the_scoreboard(doubles):
    stroke(doubles, "white", white=1)  # Asha continues
    stroke(doubles, "white", striker=True)  # the due: Chen Li (on Asha's right) places it
    assert "Due: 1 white carromman to be placed by Chen Li." in rulings_of_last_event(doubles)
    stroke(doubles, "black")  # Chen -> Ben
    stroke(doubles, "white", white=1, striker=True)  # Ben: one own + striker, continues
    texts = rulings_of_last_event(doubles)
    # Dora Vik sits to the right of Ben Kirk; the history keeps the earlier line as it was
    assert any(t.endswith("to be placed by Dora Vik.") for t in texts), texts
    history = tablet(match_snapshot(doubles)).history
    assert any("placed by Chen Li" in r.text for r in history[-2].rulings)
