"""The organiser's fixtures (a tournament, its organiser acting, on-commit callbacks run)."""

from tests.organiser.conftest import actor, organiser, run_on_commit, tournament

__all__ = ["actor", "organiser", "run_on_commit", "tournament"]
