"""House presets: a rule set an organiser composes for a tournament (``scoring/rules/house.py``).

A preset is stored as data: the built-in preset it starts from (``base``) and the switches it
sets otherwise. ``key`` is the engine's content key of those switches (``h-`` and ten hex
digits): an event, its matches and their boards play the preset by naming that key in their
``rules``, and the engine finds the rule set again by it (``selectors.house_presets``).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rules import RULESETS

#: The built-in presets a house preset may start from.
BASE_CHOICES = [(key, rules.name) for key, rules in RULESETS.items()]


class HousePreset(models.Model):
    """A tournament's own rule set: a built-in preset with some switches set otherwise."""

    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        related_name="house_presets",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=80)
    base = models.CharField(_("starts from"), max_length=20, choices=BASE_CHOICES, default="icf")
    switches = models.JSONField(_("switches"), default=dict, blank=True)
    key = models.CharField(_("rules key"), max_length=20, db_index=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("house preset")
        verbose_name_plural = _("house presets")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="house_preset_unique_name"),
            models.UniqueConstraint(fields=["tournament", "key"], name="house_preset_unique_rules"),
        ]

    def __str__(self) -> str:
        return self.name
