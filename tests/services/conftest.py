"""Fixtures for service tests: a tournament with an event, entries and a match."""

from __future__ import annotations

import pytest

from scoring.models import Match
from tests.factories import make_match


@pytest.fixture
def match(db) -> Match:
    return make_match()
