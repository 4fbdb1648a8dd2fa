"""The rulings the engine applies without a note of its own, in words (issue 12): the queen
not counted at 22 or more (ICF 54), the striker in a foul (ruling 7), dues written off at the
board's end (ICF 55); German too."""

from __future__ import annotations

from django.utils import translation

from scoring import rulings
from scoring.rules import get_rules, parse_event, step
from scoring.rules.interchange import parse_start
from scoring.rules.position import PerColour

NAMES = {"white": "White (Ben Kirk)", "black": "Black (Asha Rao)"}
ICF = get_rules("icf")


def play(strokes: list[dict], scores=(0, 0)) -> list[list[str]]:
    """Each stroke's extra words, after replaying the strokes from a fresh board."""
    position = parse_start(None, PerColour(*scores))
    out = []
    for payload in strokes:
        payload = {"type": "stroke", **payload}
        result = step(position, parse_event(payload), ICF, explain=True)
        out.append([r.text for r in rulings.explained_more(payload, result.notes, NAMES)])
        position = result.position
    return out


COVER_AND_WIN = [
    {"by": "white", "pocketed": {"white": 1}},
    {"by": "white", "pocketed": {"white": 1, "queen": True}},
    {"by": "white", "pocketed": {"white": 7}},
]


def test_the_queen_is_not_counted_at_22_or_more():
    words = play(COVER_AND_WIN, scores=(22, 10))
    assert words[-1] == [
        "The queen is not counted: White (Ben Kirk) had 22 points before this board (22 or more)."
    ]
    assert play(COVER_AND_WIN, scores=(21, 10))[-1] == []  # at 21 it counts


def test_the_striker_in_a_foul_is_named():
    words = play(
        [
            {"by": "white", "pocketed": {"white": 1}},
            {"by": "white", "pocketed": {"striker": True}, "foul": "improper_stroke"},
        ]
    )
    assert words[1] == [
        "White (Ben Kirk) pocketed the striker in the foul stroke: it costs "
        "two carrommen, the due and the penalty (ruling 7)."
    ]


def test_outstanding_dues_lapse_at_the_end_of_the_board():
    words = play(
        [
            {"by": "white", "pocketed": {"white": 1}},
            {"by": "white", "pocketed": {"white": 1, "queen": True}},
            {"by": "white", "pocketed": {"black": 9, "striker": True}},  # black owes nothing yet
        ]
    )
    assert not any("lapse" in w for w in words[-1])
    words = play(
        [
            {"by": "white"},  # the break: nothing pocketed
            {"by": "black", "pocketed": {"striker": True}},  # black owes 1, nothing to pay with
            {"by": "white", "pocketed": {"white": 1}},
            {"by": "white", "pocketed": {"white": 1, "queen": True}},
            {"by": "white", "pocketed": {"white": 7}},
        ]
    )
    assert (
        "Black (Asha Rao)'s outstanding due of 1 carromman lapses with the end of the "
        "board." in words[-1]
    )


def test_the_words_in_german():
    with translation.override("de"):
        words = play(COVER_AND_WIN, scores=(23, 0))
    assert words[-1] and "Königin" in words[-1][0]
