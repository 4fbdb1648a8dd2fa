"""Background tasks of the app, through Django's task framework (``django.tasks``): the
backend is ``settings.TASKS`` (:class:`scoring.task_backends.ThreadBackend` in the server,
Django's immediate backend in the tests)."""

from __future__ import annotations

from django.tasks import task


@task
def import_sol_upload(upload_id: int) -> None:
    """Import a confirmed SoL upload (:func:`scoring.services.sol.upload.run_import`)."""
    from scoring.services.sol.upload import run_import

    run_import(upload_id)
