"""Fixtures of the organiser area (its ``organiser``, ``tournament`` and ``actor`` are in the
root conftest, shared with the round clock's tests; the builders are in tests/factories.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run on_commit callbacks (the results flow hangs on match_confirmed) inside the test
    transaction."""

    class Runner:
        def __enter__(self):
            self.ctx = django_capture_on_commit_callbacks(execute=True)
            return self.ctx.__enter__()

        def __exit__(self, *exc):
            return self.ctx.__exit__(*exc)

    return Runner
