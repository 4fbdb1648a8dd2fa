"""Fixtures of the round clock's tests: the organiser area's (a tournament, its organiser)
and a timed event."""

import pytest

from scoring.models import Event
from scoring.services import draws
from tests.organiser.conftest import actor, make_event, organiser, tournament  # noqa: F401


@pytest.fixture
def timed(tournament, actor) -> Event:  # noqa: F811
    """A 4-player knock-out with a 30-minute round time limit, drawn (round 1 ready)."""
    event = make_event(tournament, 4, name="Timed Singles")
    event.round_minutes = 30
    event.save()
    draws.draw_event(event=event, actor=actor)
    return event
