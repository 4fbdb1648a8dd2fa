"""The engine's own notes of what ICF 54 and 55 did to a won board (issue 36): the words layer
(``rulings.explained_more``) only puts them in words, it computes no law."""

from __future__ import annotations

from scoring.rules import Note, get_rules, parse_event, step
from scoring.rules.interchange import parse_start
from scoring.rules.position import PerColour

ICF = get_rules("icf")

COVER_AND_WIN = [
    {"type": "stroke", "by": "white", "pocketed": {"white": 1}},
    {"type": "stroke", "by": "white", "pocketed": {"white": 1, "queen": True}},
    {"type": "stroke", "by": "white", "pocketed": {"white": 7}},
]


def _last_notes(events: list[dict], scores: tuple[int, int] = (0, 0)) -> tuple[Note, ...]:
    position, notes = parse_start(None, PerColour(*scores)), ()
    for payload in events:
        position, notes = step(position, parse_event(payload), ICF)
    return notes


def _end(notes: tuple[Note, ...]) -> list[tuple[str, str, dict]]:
    codes = ("queen_not_counted", "board_max", "dues_lapse")
    return [(n.code, n.law, dict(n.params)) for n in notes if n.code in codes]


def test_the_queen_not_counted_at_22_is_the_engines_note():
    notes = _last_notes(COVER_AND_WIN, scores=(22, 10))
    assert notes[0].code == "board_won" and notes[0].params["points"] == 9
    assert _end(notes) == [("queen_not_counted", "ICF 54", {"colour": "white", "score": 22})]
    assert _end(_last_notes(COVER_AND_WIN, scores=(21, 10))) == []  # at 21 it counts: 12


def test_the_board_maximum_is_the_engines_note():
    """Nine carrommen and the queen are 12 at most (ICF 55): said only when the score was cut
    (here 9 + 3 = 12 exactly: nothing was cut, no note)."""
    assert _end(_last_notes(COVER_AND_WIN)) == []
    assert _last_notes(COVER_AND_WIN)[0].params["points"] == 12


def test_dues_outstanding_at_the_end_lapse_in_the_engines_note():
    events = [
        {"type": "stroke", "by": "white"},  # the break: nothing pocketed
        {"type": "stroke", "by": "black", "pocketed": {"striker": True}},  # black owes 1
        {"type": "stroke", "by": "white", "pocketed": {"white": 1}},
        {"type": "stroke", "by": "white", "pocketed": {"white": 1, "queen": True}},
        {"type": "stroke", "by": "white", "pocketed": {"white": 7}},
    ]
    notes = _last_notes(events)
    assert notes[0].code == "board_won"
    assert ("dues_lapse", "ICF 55", {"colour": "black", "count": 1}) in _end(notes)
