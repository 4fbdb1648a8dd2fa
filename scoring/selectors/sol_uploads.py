"""The organiser's SoL uploads (issue 31): one upload, only for the account that made it (or
a superuser), and the account's recent uploads."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from scoring.models import SolImport
from scoring.report_words import spoken

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


def readable(stored: dict[str, Any], *keys: str) -> dict[str, Any]:
    """The stored preview or report with its lines (``keys``) in the reader's language
    (:func:`scoring.report_words.spoken`; an older report's plain strings as they are)."""
    return stored | {key: [spoken(line) for line in stored.get(key) or []] for key in keys}


def failure(upload: SolImport) -> str:
    """Why the import failed, in the reader's language: the reason kept with its words, else
    the stored message (an older upload's, or the unexpected error's, which the catalogue has)."""
    kept = (upload.result or {}).get("failure")
    if kept:
        return str(spoken(kept))
    return gettext(upload.message) if upload.message else ""


def upload_state(upload: SolImport) -> dict[str, Any]:
    """What the progress part shows: the status (a stalled import as failed), the tourneys
    read so far, the percentage, whether the page goes on polling, and the preview and the
    report with their lines in the reader's language."""
    is_stalled = stalled(upload)
    total, done = upload.tourneys_total, upload.tourneys_done
    return {
        "upload": upload,
        "preview": readable(upload.preview or {}, "warnings"),
        "report": readable(upload.result or {}, "warnings", "flagged"),
        "failure": failure(upload),
        "stalled": is_stalled,
        "percent": 100 * done // total if total else 0,
        "polling": upload.status in (SolImport.Status.QUEUED, SolImport.Status.RUNNING)
        and not is_stalled,
    }
