"""Shared helpers for the rules-engine tests (pure Python, no database)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def scenarios_dir() -> Path:
    """The rulebook's worked scenarios: ``../shared/rules/scenarios`` beside the project root
    (``CARROM_SCENARIOS`` may point elsewhere)."""
    override = os.environ.get("CARROM_SCENARIOS")
    if override:
        return Path(override)
    return PROJECT_ROOT.parent / "shared" / "rules" / "scenarios"
