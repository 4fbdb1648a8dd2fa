"""The process's caches of stored data, emptied in one place.

A running process keeps what it read or rendered so that the next request of the same tablet or
poller is cheap: the board in play's log (``records/snapshot.py``), the board's replay
(``records/boards.py``), the tablet's rendered regions and history lines
(``templatetags/umpire_regions.py``), and Django's cache (rendered fragments and the kept
conditional-GET answers, ``scoring/conditional.py``). The root conftest empties them before
every test (``_reset_process_caches``); a test that compares a warm answer with a cold one
calls :func:`empty_process_caches` between the two.
"""

from __future__ import annotations

from typing import Any


def process_caches() -> dict[str, dict[Any, Any]]:
    """The per-process memos of stored data, by name (``module.name``)."""
    from scoring.records import boards, snapshot
    from scoring.templatetags import umpire_regions

    return {
        "records.snapshot._LOGS": snapshot._LOGS,
        "records.boards._REPLAYS": boards._REPLAYS,
        "templatetags.umpire_regions._MEMO": umpire_regions._MEMO,
        "templatetags.umpire_regions._LINES": umpire_regions._LINES,
    }


def empty_process_caches() -> None:
    """Forget everything this process kept of stored data: the memos and Django's cache."""
    from django.core.cache import cache

    for memo in process_caches().values():
        memo.clear()
    cache.clear()
