"""Keys of records imported from other programs (e.g. SoL), so that nothing is imported twice."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class ExternalRecord(models.Model):
    """A player or tournament that came from another program, under that program's stable key
    (SoL: its ``guid``). A second import of the same file finds these rows and skips them."""

    class Kind(models.TextChoices):
        PLAYER = "player", _("Player")
        TOURNAMENT = "tournament", _("Tournament")

    source = models.CharField(_("source"), max_length=20, help_text=_("e.g. sol"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    key = models.CharField(_("key"), max_length=100)
    player = models.ForeignKey(
        "scoring.Player",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="external_records",
        verbose_name=_("player"),
    )
    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="external_records",
        verbose_name=_("tournament"),
    )
    data = models.JSONField(
        _("data"),
        default=dict,
        blank=True,
        help_text=_("What the other program said, as imported."),
    )
    created_at = models.DateTimeField(_("imported at"), auto_now_add=True)

    class Meta:
        ordering = ["source", "kind", "key"]
        verbose_name = _("imported record")
        verbose_name_plural = _("imported records")
        constraints = [
            models.UniqueConstraint(
                fields=["source", "kind", "key"], name="external_record_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.source}:{self.kind}:{self.key}"
