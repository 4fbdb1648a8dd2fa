"""A match's result confirmed: by each side at the table (a PIN or a tap, which locks it), and
an official's entry of the paper scoresheet, compared board by board with the tablet's log."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.models.sides import SIDE_CHOICES


class MatchConfirmation(models.Model):
    """A side confirms the match result at the table (a PIN or a tap), which locks it."""

    match = models.ForeignKey(
        "scoring.Match",
        on_delete=models.CASCADE,
        related_name="confirmations",
        verbose_name=_("match"),
    )
    side = models.CharField(_("side"), max_length=1, choices=SIDE_CHOICES)
    method = models.CharField(
        _("method"),
        max_length=10,
        choices=[("tap", _("Tap")), ("pin", _("PIN")), ("organiser", _("By the organiser"))],
    )
    device = models.CharField(_("device"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("confirmed at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at"]
        verbose_name = _("match confirmation")
        verbose_name_plural = _("match confirmations")
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], name="confirmation_side_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}: {self.side} ({self.method})"


class PaperScoresheet(models.Model):
    """An official's entry of a match's paper scoresheet, compared board by board with the
    tablet's log (double entry)."""

    match = models.ForeignKey(
        "scoring.Match",
        on_delete=models.CASCADE,
        related_name="paper_sheets",
        verbose_name=_("match"),
    )
    games = models.JSONField(
        _("games"),
        default=list,
        help_text=_("Per game a list of boards: winner, carrommen, queen or points and law."),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    note = models.TextField(_("note"), blank=True)
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "-created_at"]
        verbose_name = _("paper scoresheet")
        verbose_name_plural = _("paper scoresheets")

    def __str__(self) -> str:
        return f"{self.match_id}: {self.created_at:%Y-%m-%d %H:%M}"
