"""Requests the live server is still answering (browser tests only).

A request still running when a browser test ends (a poll of the page the test has just closed)
must not write into the next test's database, nor be cut off by the flush that empties it.
:class:`InFlightMiddleware` counts the requests being answered and :func:`wait_idle` waits until
none is: tests/conftest.py calls it before a browser test begins and before its database is
emptied.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

_idle = threading.Condition()
_running = 0


class InFlightMiddleware:
    """Counts the requests being answered (the outermost middleware of the test settings)."""

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        global _running
        with _idle:
            _running += 1
        try:
            return self.get_response(request)
        finally:
            with _idle:
                _running -= 1
                _idle.notify_all()


def wait_idle(timeout: float = 10.0) -> bool:
    """Wait until no request is being answered (at most ``timeout`` seconds); ``True`` when
    idle."""
    with _idle:
        return _idle.wait_for(lambda: _running == 0, timeout)
