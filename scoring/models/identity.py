"""Merges of two records of one person (issue 31): what moved, so the merge can be undone."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerMerge(models.Model):
    """One audited merge: ``merged`` (kept as a record with ``merged_into``) into ``kept``.

    ``moved`` lists the ids of every row that moved (entries as player and as partner, imported
    records) and the fields ``kept`` took over, so an undo restores exactly that while nothing
    new was recorded on those entries (:mod:`scoring.services.merges`)."""

    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        related_name="player_merges",
        verbose_name=_("tournament"),
    )
    kept = models.ForeignKey(
        "scoring.Player", on_delete=models.PROTECT, related_name="+", verbose_name=_("player kept")
    )
    merged = models.ForeignKey(
        "scoring.Player",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("player merged"),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    moved = models.JSONField(_("moved"), default=dict, blank=True)
    created_at = models.DateTimeField(_("merged at"), auto_now_add=True)
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("player merge")
        verbose_name_plural = _("player merges")

    def __str__(self) -> str:
        return f"{self.merged_id} → {self.kept_id}"
