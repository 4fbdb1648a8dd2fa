"""Fixtures of the round clock's tests: the organiser area's (a tournament, its organiser)."""

from tests.organiser.conftest import actor, organiser, tournament  # noqa: F401
