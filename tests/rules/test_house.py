"""House presets as data (``scoring/rules/house.py``): composing, validating every switch and
combination, the built-in ``uk-29``, its scenarios and the command with ``--rules``."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import InvalidDocument, get_rules
from scoring.rules.cli import run
from scoring.rules.house import (
    COMBINATION_CODES,
    SWITCHES,
    compose,
    describe,
    differences_from_icf,
    document_rules,
    read_rules_document,
    rules_document,
)
from scoring.rules.presets import ICF, RULESETS

from .test_scenarios import _mismatches

HOUSE_SCENARIOS = sorted((Path(__file__).parent / "house_scenarios").glob("*.json"))
UK_SWITCHES = {"game_points": 29, "queen_value": 5, "board_max": 14, "off_board_foul": True}


def call(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(args, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_house_scenarios_are_there() -> None:
    assert len(HOUSE_SCENARIOS) >= 12


@pytest.mark.parametrize("path", HOUSE_SCENARIOS, ids=[p.stem for p in HOUSE_SCENARIOS])
def test_house_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    assert scenario["laws"] and scenario["description"]
    status, out, err = call(["replay", "-"], json.dumps(scenario["input"]))
    if scenario["expect"].get("error"):
        assert status == 2 and out == ""
        assert err.startswith("error: ") and err.count("\n") == 1
        return
    assert status == 0, err
    assert not _mismatches(scenario["expect"], json.loads(out))


def test_uk_29_is_composed_from_icf() -> None:
    uk = RULESETS["uk-29"]
    assert (uk.game_points, uk.queen_value, uk.board_max, uk.off_board_foul) == (29, 5, 14, True)
    assert uk.base == "icf" and dict(uk.switches) == UK_SWITCHES
    again = compose("icf", UK_SWITCHES)
    for field in (
        "game_points",
        "queen_value",
        "queen_cutoff",
        "reduced_queen_value",
        "board_max",
        "board_limit",
        "late_board_limit",
        "off_board_foul",
    ):
        assert getattr(again, field) == getattr(uk, field)
    assert get_rules("uk-29") is uk
    assert uk.name_de == "UK-Regeln bis 29"


def test_content_key_finds_the_same_rule_set() -> None:
    a = compose("icf", {"game_points": 22, "board_limit": 6}, name="Club 22")
    b = compose("icf", {"board_limit": 6, "game_points": 22})
    assert a.key == b.key and a.key.startswith("h-") and len(a.key) == 12
    assert get_rules(a.key).game_points == 22
    assert compose("icf", {"game_points": 23}).key != a.key


def test_switches_equal_to_the_base_are_dropped() -> None:
    rules = compose("icf", {"game_points": 25, "queen_value": 3})
    assert rules.switches == () and rules.differences == ()


def test_a_house_preset_as_base_keeps_its_switches() -> None:
    rules = compose("uk-29", {"time_limit": 45})
    assert rules.base == "icf"
    assert dict(rules.switches) == UK_SWITCHES | {"time_limit": 45}


def test_queen_cutoff_off_gives_the_full_value_in_the_special_cases() -> None:
    rules = compose("icf", {"queen_cutoff": None})
    assert rules.reduced_queen_value == 3
    assert compose("queen-5", {"queen_cutoff": 21}).reduced_queen_value == 1


# --- every switch refused with its name ------------------------------------------------------

BAD_VALUES: dict[str, list[Any]] = {
    "game_points": [0, 100, -1, "29", None, True, 2.5],
    "board_limit": [0, 51, None, "8"],
    "late_board_limit": [0, 51, "x", False],
    "extra_board_on_tie": [1, "yes", None],
    "queen_value": [0, 21, None],
    "queen_cutoff": [-1, 99, "21"],
    "board_max": [0, 41, None],
    "off_board_foul": [0, "true", None],
    "time_limit": [0, 601, "45"],
    "time_up": ["later", None, 1],
    "queen_right_same_stroke": ["no"],
    "game_end": ["never"],
}


def test_every_switch_has_bad_values() -> None:
    assert set(BAD_VALUES) == set(SWITCHES)


@pytest.mark.parametrize(
    ("switch", "value"), [(k, v) for k, values in BAD_VALUES.items() for v in values]
)
def test_bad_value_refused_naming_the_switch(switch: str, value: Any) -> None:
    base = (
        "point-carrom"
        if "points" in SWITCHES[switch].families and "colours" not in SWITCHES[switch].families
        else "icf"
    )
    with pytest.raises(InvalidDocument) as caught:
        compose(base, {switch: value})
    assert caught.value.where == f"switches.{switch}"
    assert switch in caught.value.message


@pytest.mark.parametrize(
    "switch", [k for k, s in SWITCHES.items() if s.families != ("colours", "points")]
)
def test_switch_of_the_other_game_refused(switch: str) -> None:
    only = SWITCHES[switch].families[0]
    base = "icf" if only == "points" else "point-carrom"
    good = {"int": 5, "int_or_none": 5, "bool": True}.get(SWITCHES[switch].kind)
    value = good if good is not None else SWITCHES[switch].choices[-1]
    with pytest.raises(InvalidDocument) as caught:
        compose(base, {switch: value})
    assert caught.value.code == "switch_not_for_family"
    assert caught.value.where == f"switches.{switch}" and switch in caught.value.message


@pytest.mark.parametrize(
    ("switches", "blamed"),
    [
        ({"board_max": 13}, "board_max"),
        ({"queen_value": 1}, "queen_value"),  # 12 > 9 + 1
        ({"queen_value": 8, "board_max": 7}, "board_max"),
        ({"queen_cutoff": 25}, "queen_cutoff"),
        ({"game_points": 20}, "game_points"),  # the cutoff 21 could never apply
        ({"late_board_limit": 6}, "late_board_limit"),
    ],
)
def test_unplayable_combination_refused_naming_the_switch(
    switches: dict[str, Any],
    blamed: str,
) -> None:
    with pytest.raises(InvalidDocument) as caught:
        compose("icf", switches)
    assert caught.value.code in COMBINATION_CODES
    assert caught.value.where == f"switches.{blamed}"
    assert blamed in caught.value.message


def test_unknown_base_and_switch_refused() -> None:
    with pytest.raises(InvalidDocument) as caught:
        compose("uk-30", {})
    assert caught.value.where == "rules"
    with pytest.raises(InvalidDocument) as caught:
        compose("icf", {"queen_points": 5})
    assert caught.value.code == "unknown_switch" and "queen_points" in caught.value.message
    with pytest.raises(InvalidDocument):
        compose("icf", [("game_points", 29)])


def _value(switch: str) -> st.SearchStrategy[Any]:
    s = SWITCHES[switch]
    if s.kind == "bool":
        return st.booleans()
    if s.kind == "choice":
        return st.sampled_from(s.choices)
    numbers = st.integers(s.low, s.high)
    return numbers | st.none() if s.kind == "int_or_none" else numbers


@settings(deadline=None)  # a shared machine: time is no invariant here
@given(st.sampled_from(["icf", "dcv", "queen-5", "family-21", "uk-29"]), st.data())
def test_every_combination_composes_or_is_refused_by_name(base: str, data: Any) -> None:
    """Every combination of colour switches either composes into a rule set the engine plays
    within its own limits, or is refused naming one of the switches given."""
    keys = data.draw(
        st.sets(
            st.sampled_from([k for k, s in SWITCHES.items() if "colours" in s.families]), max_size=6
        )
    )
    switches = {k: data.draw(_value(k)) for k in sorted(keys)}
    try:
        rules = compose(base, switches)
    except InvalidDocument as err:
        assert err.code in COMBINATION_CODES
        assert err.where is not None
        assert err.where.removeprefix("switches.") in switches
        return
    assert rules.board_max <= 9 + rules.queen_value
    assert rules.board_max >= rules.queen_value
    if {"queen_cutoff", "game_points"} & set(dict(rules.switches)):  # changed from the base
        assert rules.queen_cutoff is None or rules.queen_cutoff < rules.game_points
    assert get_rules(rules.key) == rules
    # replays a whole game to its end under the composed rules
    doc = {
        "format": "carrom-game/1",
        "rules": rules.base or rules.key,
        "switches": dict(rules.switches),
        "players": ["A", "B"],
        "boards": [{"winner": "A", "carrommen": 9, "queen": "A"}] * 99,
    }
    status, out, err = call(["replay", "-"], json.dumps(doc))
    assert status == 2 and "the game has already ended" in err


def test_documents_and_words() -> None:
    uk = RULESETS["uk-29"]
    assert document_rules(uk) == {"rules": "icf", "switches": UK_SWITCHES}
    assert document_rules(ICF) == {"rules": "icf"}
    assert rules_document(uk)["switches"] == UK_SWITCHES
    assert read_rules_document(rules_document(uk)).key == compose("icf", UK_SWITCHES).key
    assert [k for k, _icf, _v in differences_from_icf(uk)] == list(UK_SWITCHES)
    assert describe(ICF, {"queen_value": 5})[0].startswith("The queen's value: 5 (icf: 3")
    assert differences_from_icf(RULESETS["point-carrom"]) == []
    for bad in (
        {"format": "carrom-board/1"},
        {"format": "carrom-rules/1", "extra": 1},
        {"format": "carrom-rules/1", "name": 5},
    ):
        with pytest.raises(InvalidDocument):
            read_rules_document(bad)


# --- the command --------------------------------------------------------------------------------

GAME = {
    "format": "carrom-game/1",
    "players": ["A", "B"],
    "boards": [{"winner": "A", "carrommen": 9, "queen": "A"}] * 2,
}


def test_command_replays_a_file_under_a_preset_file(tmp_path: Path) -> None:
    preset = tmp_path / "uk.json"
    preset.write_text(
        json.dumps(
            {"format": "carrom-rules/1", "name": "Club", "rules": "icf", "switches": UK_SWITCHES}
        )
    )
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    status, out, err = call(["replay", "--rules", str(preset), str(game)])
    assert status == 0, err
    assert json.loads(out)["scores"] == {"A": 28, "B": 0}
    status, out, _ = call(["replay", str(game)])
    assert json.loads(out)["scores"] == {"A": 24, "B": 0}
    status, out, _ = call(["validate", "--rules", str(preset), str(game)])
    assert (status, out) == (0, "OK\n")


def test_command_refuses_a_bad_preset_file(tmp_path: Path) -> None:
    preset = tmp_path / "bad.json"
    preset.write_text(
        json.dumps({"format": "carrom-rules/1", "rules": "icf", "switches": {"queen_value": 0}})
    )
    status, out, err = call(["replay", "--rules", str(preset), "-"], json.dumps(GAME))
    assert (status, out) == (2, "")
    assert err.startswith("error: switches.queen_value: queen_value must be 1 to 20")
    status, _, err = call(["replay", "--rules", str(tmp_path / "none.json"), "-"], "{}")
    assert status == 2 and "cannot read" in err
    both = GAME | {"switches": {"game_points": 29}}
    preset.write_text(json.dumps({"format": "carrom-rules/1"}))
    status, _, err = call(["replay", "--rules", str(preset), "-"], json.dumps(both))
    assert status == 2 and err.startswith("error: switches: ")


def test_command_rules_prints_the_differences() -> None:
    status, out, err = call(
        ["rules", "-"],
        json.dumps(
            {"format": "carrom-rules/1", "name": "UK", "rules": "icf", "switches": UK_SWITCHES}
        ),
    )
    assert status == 0, err
    answer = json.loads(out)
    assert answer["switches"] == UK_SWITCHES and answer["key"].startswith("h-")
    assert answer["differences_from_icf"][0] == {"switch": "game_points", "icf": 25, "value": 29}


def test_point_carrom_house_preset_plays() -> None:
    rules = compose("point-carrom", {"game_points": 17, "game_end": "board_end"})
    assert rules.family == "points" and rules.game_points == 17
    assert get_rules(rules.key).game_end == "board_end"


def test_rules_as_an_object_and_logs_inside_a_game() -> None:
    board = {
        "format": "carrom-board/1",
        "rules": {"rules": "icf", "name": "UK", "switches": UK_SWITCHES},
        "events": [{"type": "stroke", "by": "white", "off_board": {"black": 1}}],
    }
    status, out, err = call(["replay", "-"], json.dumps(board))
    assert status == 0, err
    assert json.loads(out)["on_board"] == {"white": 9, "black": 9}  # a foul before a pocket
    log = {
        "format": "carrom-board/1",
        "rules": "icf",
        "switches": UK_SWITCHES,
        "events": [{"type": "stroke", "by": "white", "pocketed": {"white": 9, "queen": True}}],
    }
    game = {
        "format": "carrom-game/1",
        "rules": "icf",
        "switches": UK_SWITCHES,
        "players": ["A", "B"],
        "boards": [{"log": log}, {"log": log | {"switches": None, "rules": "icf"}}],
    }
    del game["boards"][1]["log"]["switches"]
    status, out, err = call(["replay", "-"], json.dumps(game))
    assert status == 0, err
    assert json.loads(out)["scores"] == {"A": 14, "B": 14}
    match = {
        "format": "carrom-match/1",
        "rules": "icf",
        "switches": UK_SWITCHES,
        "players": ["A", "B"],
        "games": [[{"log": log}]],
    }
    status, out, err = call(["replay", "-"], json.dumps(match))
    assert status == 0, err
    other = game | {"boards": [{"log": log | {"switches": {"game_points": 30}}}]}
    status, _, err = call(["replay", "-"], json.dumps(other))
    assert status == 2 and "boards[0]" in err
    twice = board | {"switches": {"game_points": 30}}
    status, _, err = call(["replay", "-"], json.dumps(twice))
    assert status == 2 and "switches" in err
