"""A module split by concern keeps its import path (issue 36): every public name the module
defined before the split is still importable from it, and is the very object its new home
defines (a re-export, never a copy: a test that counts the engine's steps by patching
``step``/``step_point`` wherever they are imported still sees one function)."""

from __future__ import annotations

import importlib
import inspect
import sys

import pytest

#: the public names each module defined before its split (issue 36)
BEFORE_THE_SPLIT = {
    "scoring.rules.point": (
        "END_BOARD_LOSS END_CARROMMEN END_GAME_POINTS END_LAWS END_RULING END_VOID ON_BOARD "
        "PointAwardEntry PointBoardScore PointEntry PointEvent PointGame PointPlayedEntry "
        "PointPosition PointRuling PointStep PointStroke PointTechnicalFoul apply_point "
        "board_total derive_point_game derive_point_games json_text opening parse_point_event "
        "parse_point_stroke replay_point replay_point_board_document replay_point_steps "
        "rules_with_settings step_point"
    ),
    "scoring.rules.board": "Board LOSS_LAWS Note Step apply replay step",
    "scoring.rules.game": (
        "AwardEntry BoardEntry BoardScore GameDecision GameState MatchState NextBoard "
        "PlayedEntry ReadsAsPlayed RecordedEntry SummaryEntry VoidEntry board_added "
        "decide_at_time decide_game derive_game derive_match first_breaker_of_game "
        "game_three_side_change summary_points"
    ),
    "scoring.rules.interchange": (
        "BOARD_FORMAT GAME_FORMAT LogEntry MATCH_FORMAT board_document parse_board_entry "
        "parse_start read_board read_events replay_board_document replay_document "
        "replay_game_document replay_match_document"
    ),
    "scoring.pdf.labels": "LABELS POINT_SHARED_KEYS labels_for point_labels",
    "scoring.pdf.scoresheet": "render_scoresheet render_scoresheets",
    "scoring.models.match": (
        "AuditEntry Board BoardEvent Game Match MatchConfirmation PaperScoresheet SIDE_CHOICES "
        "STAGES UMPIRE_TOKEN_BYTES new_umpire_token new_umpire_tokens"
    ),
    "scoring.draws.ties": (
        "BUILT_IN FOUR_ONE LineupProblem MAX_PLAYERS MAX_RUBBERS MIN_PLAYERS PlayerRule "
        "RubberKind RubberSpec SDS TEAM_TIEBREAKS TeamStanding TieFormat TieFormatError "
        "TieResult TieWalkover check_lineup format_from_data players_needed team_table "
        "tie_result"
    ),
}


@pytest.mark.parametrize("module_name", sorted(BEFORE_THE_SPLIT))
def test_every_name_is_still_importable_from_the_old_path(module_name: str) -> None:
    module = importlib.import_module(module_name)
    missing = [n for n in BEFORE_THE_SPLIT[module_name].split() if not hasattr(module, n)]
    assert not missing, f"{module_name} lost {missing}"


@pytest.mark.parametrize("module_name", sorted(BEFORE_THE_SPLIT))
def test_a_moved_function_or_class_is_the_one_its_new_home_defines(module_name: str) -> None:
    module = importlib.import_module(module_name)
    moved = 0
    for name in BEFORE_THE_SPLIT[module_name].split():
        value = getattr(module, name)
        if not (inspect.isfunction(value) or inspect.isclass(value)):
            continue
        home = sys.modules[value.__module__]
        assert home.__name__.startswith(module_name.rsplit(".", 1)[0] + "."), (name, home)
        assert getattr(home, name) is value, f"{module_name}.{name} is a copy"
        moved += home is not module
    if module_name not in ("scoring.pdf.scoresheet", "scoring.pdf.labels"):  # functions stayed
        assert moved, f"nothing of {module_name} moved: the list is stale"
