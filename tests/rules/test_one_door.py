"""The Variant is the only door into the engine (issue 36): no Python module above the engine
branches on ``has_colours``; each layer asks the Variant's fact named for what it decides, and
those facts say what the game is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scoring.rules import (
    RULESETS,
    PadKind,
    Pieces,
    PointPosition,
    Position,
    Stroke,
    variant_for,
)
from scoring.rules import variant as variant_module

SCORING = Path(variant_module.__file__).resolve().parent.parent
ASKED = re.compile(r"\bhas_colours\b")


def test_no_layer_above_the_engine_asks_has_colours():
    askers = sorted(
        str(path.relative_to(SCORING))
        for path in SCORING.rglob("*.py")
        if path.parent.name != "rules" and ASKED.search(path.read_text(encoding="utf-8"))
    )
    assert askers == []


def test_no_template_asks_has_colours():
    """A template draws what the Variant's facts say (``pad_kind``, ``one_game``,
    ``points_by_player``, ``breaker_white``, ``plays_stages``), never the game's family."""
    templates = SCORING.parent / "templates"
    askers = sorted(
        str(path.relative_to(templates))
        for path in templates.rglob("*.html")
        if ASKED.search(path.read_text(encoding="utf-8"))
    )
    assert askers == []


def test_the_variant_module_keeps_under_500_lines_and_its_imports():
    rules = SCORING / "rules"
    for name in ("variant.py", "variant_base.py", "colour_game.py", "point_carrom.py"):
        assert len((rules / name).read_text(encoding="utf-8").splitlines()) <= 500, name
    from scoring.rules.variant import ColourGame, PointCarrom, Variant, VariantBoard, Walked

    assert issubclass(ColourGame, Variant) and issubclass(PointCarrom, Variant)
    assert VariantBoard and Walked


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_the_facts_say_what_the_game_is(key):
    variant = variant_for(key)
    points = RULESETS[key].family == "points"
    assert variant.pad_kind is (PadKind.POINTS if points else PadKind.COLOURS)
    assert variant.points_by_player is points
    assert variant.one_game is points
    assert variant.offline_rulings is not points
    assert variant.stroke_stats is not points
    assert variant.breaker_white is not points
    assert variant.plays_stages is not points
    assert variant.event_kinds == (
        frozenset({"points"}) if points else frozenset({"singles", "doubles", "teams"})
    )


def test_state_of_writes_each_games_own_position():
    colour = variant_for("icf")
    assert colour.state_of(Position()) == Position().to_state()
    point = variant_for("point-carrom")
    board = point.start(("a", "b", "c"))
    assert isinstance(board.position, PointPosition)
    assert point.state_of(board.position) == board.position.to_state(point.rules)
    assert point.to_state(board) == point.state_of(board.position)
    with pytest.raises(TypeError):
        colour.state_of(board.position)
    played = colour.apply(colour.start(("a", "b")), Stroke("white", Pieces()))
    assert colour.to_state(played.board) == colour.state_of(played.board.position)
