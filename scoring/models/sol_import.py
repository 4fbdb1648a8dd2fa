"""An upload of a SoL archive or backup by an organiser (issue 31): read and previewed first,
then imported by a background task (:mod:`scoring.tasks`) whose progress the page polls."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SolImport(models.Model):
    """One uploaded file: the archive as read (a ``.box`` backup stored unlocked, never its
    key), the preview shown before the import, the import's progress and its report."""

    class Status(models.TextChoices):
        PREVIEW = "preview", _("Waiting for confirmation")
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Importing")
        DONE = "done", _("Imported")
        FAILED = "failed", _("Failed")

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="sol_imports",
        verbose_name=_("uploaded by"),
    )
    created_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last change"), auto_now=True)
    file_name = models.CharField(_("file name"), max_length=200)
    content = models.BinaryField(
        _("archive"), blank=True, help_text=_("The archive as read; emptied after the import.")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PREVIEW
    )
    tourneys_total = models.PositiveIntegerField(_("tourneys in the file"), default=0)
    tourneys_done = models.PositiveIntegerField(_("tourneys read so far"), default=0)
    preview = models.JSONField(_("preview"), default=dict, blank=True)
    result = models.JSONField(_("report"), default=dict, blank=True)
    message = models.TextField(_("why it failed"), blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("SoL import")
        verbose_name_plural = _("SoL imports")

    def __str__(self) -> str:
        return f"{self.file_name} ({self.status})"
