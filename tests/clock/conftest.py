"""Fixtures of the round clock's tests: a timed event in the root conftest's tournament."""

import pytest

from scoring.models import Event
from scoring.services import draws
from tests.factories import make_event


@pytest.fixture
def timed(tournament, actor) -> Event:
    """A 4-player knock-out with a 30-minute round time limit, drawn (round 1 ready)."""
    event = make_event(tournament, 4, name="Timed Singles")
    event.round_minutes = 30
    event.save()
    draws.draw_event(event=event, actor=actor)
    return event
