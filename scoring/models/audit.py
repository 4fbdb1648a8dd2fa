"""The audit trail: who did what, when, from where (every organiser action and umpire event)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    """Who did what, when, from where: every organiser action and umpire event."""

    # indexed by Meta.indexes: (tournament, time), (match, time) where a match is named, the
    # actor where there is one (an umpire link has none)
    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("tournament"),
        db_index=False,
    )
    match = models.ForeignKey(
        "scoring.Match",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("match"),
        db_index=False,
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
        db_index=False,
    )
    via = models.CharField(_("via"), max_length=20, blank=True)
    device = models.CharField(_("device"), max_length=200, blank=True)
    ip = models.GenericIPAddressField(_("IP address"), null=True, blank=True)
    action = models.CharField(_("action"), max_length=60)
    detail = models.JSONField(
        _("detail"), default=dict, blank=True, help_text=_("Before and after, where it applies.")
    )
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        indexes = [
            models.Index(fields=["tournament", "-created_at"], name="audit_tournament_idx"),
            models.Index(
                fields=["match", "-created_at"],
                name="audit_match_idx",
                condition=models.Q(match__isnull=False),
            ),
            models.Index(
                fields=["actor"], name="audit_actor_idx", condition=models.Q(actor__isnull=False)
            ),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}"
