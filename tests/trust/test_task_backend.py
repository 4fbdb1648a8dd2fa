"""The thread backend of ``django.tasks`` (issue 31): a task runs in its own thread, the
request that enqueued it answers at once, and a failing task is recorded as failed."""

from __future__ import annotations

import threading

from django.tasks import task

from scoring.task_backends import ThreadBackend

RAN: dict[str, object] = {}
GO = threading.Event()
DONE = threading.Event()


@task
def remember(word: str) -> str:
    GO.wait(5)
    RAN["word"], RAN["thread"] = word, threading.current_thread().name
    DONE.set()
    return word


def test_a_task_runs_in_its_own_thread_after_enqueue_returns() -> None:
    backend = ThreadBackend("threads", {})
    GO.clear()
    DONE.clear()
    result = backend.enqueue(remember, ["carrom"], {})
    assert "word" not in RAN  # the caller is not held while the task waits
    GO.set()
    assert DONE.wait(5)
    assert RAN["word"] == "carrom" and RAN["thread"] != threading.current_thread().name
    assert str(RAN["thread"]).startswith("task-")
    assert result.backend == "threads"
