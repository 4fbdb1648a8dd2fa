"""A ``django.tasks`` backend that runs each task in a thread of the web process, so that a
long job (a SoL import of hundreds of tourneys, issue 31) never holds a request: the request
answers at once and the page polls the job's progress, which the task writes to the database.

The task's own rows carry its state (e.g. :class:`scoring.models.SolImport`); the thread
closes its database connections when it ends. A job whose process stops (a restart) is seen
as stalled by its page, never as running for ever."""

from __future__ import annotations

import threading
from typing import Any

from django.db import close_old_connections, connections
from django.tasks.backends.immediate import ImmediateBackend
from django.tasks.base import TaskResult, TaskResultStatus
from django.utils.crypto import get_random_string


class ThreadBackend(ImmediateBackend):
    """Like Django's immediate backend, but each task runs in its own daemon thread."""

    def enqueue(self, task: Any, args: Any, kwargs: Any) -> TaskResult[Any, Any]:
        self.validate_task(task)
        result: TaskResult[Any, Any] = TaskResult(
            task=task,
            id=get_random_string(32),
            status=TaskResultStatus.READY,
            enqueued_at=None,
            started_at=None,
            last_attempted_at=None,
            finished_at=None,
            args=args,
            kwargs=kwargs,
            backend=self.alias,
            errors=[],
            worker_ids=[],
        )
        thread = threading.Thread(
            target=self._run, args=(result,), daemon=True, name=f"task-{task.name}"
        )
        thread.start()
        return result

    def _run(self, result: TaskResult[Any, Any]) -> None:
        close_old_connections()
        try:
            self._execute_task(result)  # type: ignore[attr-defined]  # Django's, not in its stubs
        finally:
            connections.close_all()
