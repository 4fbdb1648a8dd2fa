"""The organiser's fixtures (a tournament, its organiser acting, on-commit callbacks run)."""

from tests.organiser.conftest import run_on_commit

__all__ = ["run_on_commit"]
