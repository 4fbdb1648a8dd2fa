"""The organiser's SoL uploads (issue 31): one upload, only for the account that made it (or
a superuser), and the account's recent uploads."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import Http404
from django.utils import timezone

from scoring.models import SolImport

#: How many of the account's uploads the upload page lists.
RECENT = 10
#: A running import that wrote no progress for this long was stopped (the server restarted).
STALLED_AFTER = timedelta(minutes=10)


def stalled(upload: SolImport) -> bool:
    """A queued or running import that has written nothing for :data:`STALLED_AFTER`: its
    worker was stopped (a restart); the tourneys it read stay imported."""
    return (
        upload.status in (SolImport.Status.QUEUED, SolImport.Status.RUNNING)
        and timezone.now() - upload.updated_at > STALLED_AFTER
    )


def upload_of(user: Any, upload_id: int) -> SolImport:
    """The upload, if this account made it (a superuser sees every upload); else 404."""
    uploads = SolImport.objects.defer("content")
    if not getattr(user, "is_superuser", False):
        uploads = uploads.filter(created_by=user)
    upload = uploads.filter(pk=upload_id).first()
    if upload is None:
        raise Http404("no such upload")
    return upload


def recent_uploads(user: Any) -> list[SolImport]:
    return list(SolImport.objects.defer("content").filter(created_by=user)[:RECENT])


def upload_state(upload: SolImport) -> dict[str, Any]:
    """What the progress part shows: the status (a stalled import as failed), the tourneys
    read so far, the percentage, and whether the page goes on polling."""
    is_stalled = stalled(upload)
    total, done = upload.tourneys_total, upload.tourneys_done
    return {
        "upload": upload,
        "stalled": is_stalled,
        "percent": 100 * done // total if total else 0,
        "polling": upload.status in (SolImport.Status.QUEUED, SolImport.Status.RUNNING)
        and not is_stalled,
    }
