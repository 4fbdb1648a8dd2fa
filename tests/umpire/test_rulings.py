"""The engine's notes and refusals in words (scoring/rulings.py), English and German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from scoring import rulings
from scoring.rules import Board, Note, Pieces, Position, RulesError, Stroke, from_notation

NAMES = {"white": "White (Ben Kirk)", "black": "Black (Asha Rao)"}
#: the colour game's board, split by concern (issue 36): board.py and its parts
ENGINE_FILES = [
    Path(rulings.__file__).parent / "rules" / f"{name}.py"
    for name in ("board", "stroke", "board_end", "dues", "note")
]


def say(note: Note) -> list[str]:
    return [r.text for r in rulings.describe(note, NAMES)]


def test_every_note_the_engine_writes_has_its_own_sentence():
    text = "\n".join(p.read_text() for p in ENGINE_FILES)
    codes = set(re.findall(r'Note\(\s*"(\w+)"', text))
    codes |= set(re.findall(r'\("(\w+)", "ICF', text))  # queen notes
    assert {"board_won", "to_place", "cover_due", "queen_back", "foul"} <= codes
    for code in codes:
        params = {
            "colour": "white",
            "count": 1,
            "placed_by": "black",
            "left": 2,
            "next": "black",
            "penalty": 1,
            "winner": "black",
            "points": 3,
            "reason": "left_seat",
            "dues": 0,
            "extra_points": 0,
            "claimable": 0,
            "interpretation": False,
        }
        texts = say(Note(code, "ICF 1", params))
        assert texts and code.replace("_", " ") not in texts, code


@pytest.mark.parametrize(
    "note, expected",
    [
        (
            Note("to_place", "ICF 78(a)", {"colour": "white", "count": 1, "placed_by": "black"}),
            "Due: 1 white carromman to be placed by Black (Asha Rao).",
        ),
        (
            Note("to_place", "ICF 78(a)", {"colour": "black", "count": 2, "placed_by": "white"}),
            "Due: 2 black carrommen to be placed by White (Ben Kirk).",
        ),
        (
            Note("cover_due", "ICF 96", {"colour": "white"}),
            "Queen must be covered in the next stroke by White (Ben Kirk).",
        ),
        (
            Note("break_attempt_failed", "ICF 45(a)", {"colour": "white", "left": 1}),
            "Break attempt failed: White (Ben Kirk) has 1 attempt left.",
        ),
        (
            Note("foul", "ICF 64", {"colour": "black", "penalty": 2}),
            "Foul by Black (Asha Rao): 2 penalty carrommen, the turn is lost.",
        ),
        (
            Note(
                "board_lost",
                "ICF 91",
                {"colour": "white", "winner": "black", "points": 7, "reason": "left_seat"},
            ),
            "White (Ben Kirk) loses the board by conduct: Black (Asha Rao) wins 7 points.",
        ),
    ],
)
def test_sentences(note, expected):
    assert say(note)[0] == expected


def test_a_board_won_with_claimable_points_and_an_interpretation():
    note = Note(
        "board_won",
        "ICF 108",
        {"winner": "black", "points": 3, "extra_points": 0, "claimable": 1, "interpretation": True},
    )
    out = rulings.describe(note, NAMES)
    assert [r.code for r in out] == ["board_won", "claimable", "interpretation"]
    assert out[0].text == "Black (Asha Rao) wins the board: 3 points."
    assert out[0].law == "ICF 108" and out[0].tone == rulings.RESULT
    assert out[1].text == "Black (Asha Rao) may claim 1 more point (if demanded)."


def test_the_engine_notes_of_a_real_stroke():
    board = Board()
    board.push(Stroke("white", Pieces(white=1)))
    step = board.push(from_notation("W: s"))
    texts = [r.text for r in rulings.explain(step.notes, NAMES)]
    assert texts == [
        "Striker pocketed by White (Ben Kirk): one due.",
        "Due: 1 white carromman to be placed by Black (Asha Rao).",
        "Turn passes to Black (Asha Rao).",
    ]


def test_in_german():
    with translation.override("de"):
        note = Note("to_place", "ICF 78(a)", {"colour": "white", "count": 2, "placed_by": "black"})
        names = {"white": "Weiß (Ben Kirk)", "black": "Schwarz (Asha Rao)"}
        assert rulings.describe(note, names)[0].text == (
            "Schuld: 2 weiße Steine, einzusetzen von Schwarz (Asha Rao)."
        )
        assert rulings.colour_word("white") == "Weiß"
        assert rulings.error_text("not_on_turn") == "Diese Farbe ist nicht am Zug."


def test_refusals_of_the_engine_in_words():
    with pytest.raises(RulesError) as err:
        Board(start=Position(on_turn="white")).push(Stroke("black"))
    assert rulings.error_text(err.value.code) == "That colour is not on turn."
    assert rulings.error_text("bad_points", {"max": 14}) == "A board is worth 1 to 14 points."
    assert rulings.error_text("no_such_code", fallback="engine text") == "engine text"


def test_what_was_recorded_in_one_line():
    assert rulings.describe_event(
        {
            "type": "stroke",
            "by": "white",
            "pocketed": {"white": 2, "queen": True},
            "foul": "improper_stroke",
        },
        NAMES,
    ) == ("White (Ben Kirk): 2 white, queen; foul")
    assert rulings.describe_event({"type": "stroke", "by": "black", "touched": False}, NAMES) == (
        "Black (Asha Rao): nothing pocketed; touched no carromman"
    )
    assert rulings.describe_event(
        {"type": "umpire_ruling", "winner": "white", "points": 4, "law": "ICF 91"}, NAMES
    ) == ("Umpire ruling: White (Ben Kirk), 4 points (ICF 91)")
