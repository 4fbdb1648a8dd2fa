"""The text notation both ways: event -> text -> event (scoring.rules.notation)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import (
    COLOURS,
    BoardLoss,
    Forgo,
    InvalidEvent,
    Pieces,
    PointRuling,
    PointStroke,
    Stroke,
    TechnicalFoul,
    UmpireRuling,
    Void,
    from_notation,
    from_point_notation,
    parse_event,
    parse_point_event,
    to_notation,
    to_point_notation,
    variant_for,
)
from scoring.rules.events import FOULS, LOSS_REASONS

LAWS = st.one_of(st.none(), st.from_regex(r"(ICF|IT) [0-9]{1,3}(\([a-z]\))?", fullmatch=True))
NAMES = st.from_regex(r"[A-Za-zÄÖÜäöüß][A-Za-z0-9ÄÖÜäöüß_.'-]{0,11}", fullmatch=True)
PIECES = st.builds(Pieces, st.integers(0, 9), st.integers(0, 9), st.booleans(), st.booleans())
FOUL = st.one_of(st.none(), st.sampled_from(FOULS))

COLOUR_EVENTS = st.one_of(
    st.builds(Stroke, st.sampled_from(COLOURS), PIECES, PIECES, st.booleans(), FOUL, st.booleans()),
    st.builds(TechnicalFoul, st.sampled_from(COLOURS)),
    st.builds(Forgo, st.sampled_from(COLOURS)),
    st.builds(BoardLoss, st.sampled_from(COLOURS), st.sampled_from(LOSS_REASONS)),
    st.builds(UmpireRuling, st.sampled_from(COLOURS), st.integers(0, 14), LAWS),
    st.just(Void()),
)
POINT_EVENTS = st.one_of(
    st.builds(PointStroke, NAMES, PIECES, PIECES, st.booleans(), FOUL),
    st.builds(BoardLoss, NAMES, st.sampled_from(LOSS_REASONS)),
    st.builds(
        PointRuling,
        st.dictionaries(NAMES, st.integers(0, 32), max_size=3).map(
            lambda d: tuple(sorted(d.items()))
        ),
        LAWS,
    ),
    st.just(Void()),
)


@settings(max_examples=400, deadline=None)
@given(COLOUR_EVENTS)
def test_colour_event_round_trip(event: object) -> None:
    text = to_notation(event)  # type: ignore[arg-type]
    assert from_notation(text) == event
    assert to_notation(from_notation(text)) == text  # one canonical text
    # and the JSON form agrees with the text
    assert parse_event(event.to_dict()) == from_notation(text)  # type: ignore[attr-defined]


@settings(max_examples=400, deadline=None)
@given(POINT_EVENTS)
def test_point_event_round_trip(event: object) -> None:
    text = to_point_notation(event)  # type: ignore[arg-type]
    assert from_point_notation(text) == event
    assert to_point_notation(from_point_notation(text)) == text
    assert parse_point_event(event.to_dict()) == event  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("W: 2w b q s", Stroke("white", Pieces(2, 1, True, True))),
        ("B: off:b off:q", Stroke("black", off_board=Pieces(0, 1, True))),
        ("W: nt", Stroke("white", touched=False)),
        ("W: s foul", Stroke("white", Pieces(striker=True), foul="improper_stroke")),
        ("W: bbp", Stroke("white", foul="break_before_play")),
        ("W: 2w claim", Stroke("white", Pieces(2), extra_claimed=True)),
        ("W:", Stroke("white")),
        ("B: tf", TechnicalFoul("black")),
        ("B: forgo", Forgo("black")),
        ("B: loss:left_seat", BoardLoss("black", "left_seat")),
        ("ruling W 3 ICF 107", UmpireRuling("white", 3, "ICF 107")),
        ("ruling B 2", UmpireRuling("black", 2)),
        ("void", Void()),
    ],
)
def test_colour_notation_examples(text: str, event: object) -> None:
    assert to_notation(event) == text  # type: ignore[arg-type]
    assert from_notation(text) == event


def test_point_notation_examples() -> None:
    assert to_point_notation(PointStroke("Asha", Pieces(2, 1, True))) == "Asha: 2w b q"
    assert from_point_notation("ruling Bela=0 Asha=3 IT 101") == PointRuling(
        (("Asha", 3), ("Bela", 0)), "IT 101"
    )
    assert from_point_notation("ruling") == PointRuling(())
    assert from_point_notation("Chen: loss:other") == BoardLoss("Chen", "other")


@pytest.mark.parametrize(
    "text",
    ["X: w", "W: 2x", "W: 2q", "ruling W x", "ruling", "W: loss:nap", "hello", "W: off:claim"],
)
def test_bad_colour_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidEvent) as err:
        from_notation(text)
    assert err.value.code == "bad_notation"


@pytest.mark.parametrize(
    "text", ["Asha w", ": w", "Asha: claim", "ruling Asha=x", "Asha: loss:nap"]
)
def test_bad_point_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidEvent):
        from_point_notation(text)


def test_unwritable_names_are_refused() -> None:
    with pytest.raises(InvalidEvent):
        to_point_notation(PointStroke("Anna Lena"))


def test_variants_write_their_own_notation() -> None:
    colour, point = variant_for("icf"), variant_for("point-carrom")
    assert colour.from_notation(colour.to_notation(Stroke("white", Pieces(1)))) == Stroke(
        "white", Pieces(1)
    )
    assert point.from_notation("Asha: q") == PointStroke("Asha", Pieces(queen=True))
