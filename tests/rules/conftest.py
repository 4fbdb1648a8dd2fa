"""Shared helpers for the rules-engine tests (pure Python, no database)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
#: The repository's own copy of the rulebook's worked scenarios (the tests need nothing outside
#: the repository); ``test_scenarios`` checks it equals the rulebook's whenever that is beside us.
OWN_SCENARIOS = Path(__file__).resolve().parent / "scenarios"
#: The rulebook the code is checked against: ``../shared/rules/scenarios`` beside the project root.
RULEBOOK_SCENARIOS = PROJECT_ROOT.parent / "shared" / "rules" / "scenarios"


def scenarios_dir() -> Path:
    """The scenarios the tests replay: the repository's copy (``CARROM_SCENARIOS`` may point
    elsewhere)."""
    override = os.environ.get("CARROM_SCENARIOS")
    if override:
        return Path(override)
    return OWN_SCENARIOS
