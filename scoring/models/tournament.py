from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.preset_words import preset_choices
from scoring.timezones import default_time_zone, time_zone_choices, validate_time_zone


class Tournament(models.Model):
    """A carrom tournament held at one venue over one or more days."""

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(
        _("slug"),
        max_length=100,
        unique=True,
        help_text=_("Short name used in web addresses, e.g. spring-open-2026."),
    )
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    table_count = models.PositiveSmallIntegerField(
        _("number of tables"), default=8, help_text=_("Carrom boards in the hall.")
    )
    default_rules = models.CharField(
        _("default rules"),
        max_length=20,
        default="icf",
        choices=preset_choices(),
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="organised_tournaments",
        verbose_name=_("organisers"),
        help_text=_("Staff users who may change this tournament."),
    )
    umpires = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="umpire_tournaments",
        verbose_name=_("umpires"),
        help_text=_("Umpires the call-up may assign to matches."),
    )
    auto_callup = models.BooleanField(
        _("automatic call-up"),
        default=False,
        help_text=_("Call the next ready match to a table as soon as one is free."),
    )
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=default_time_zone,
        choices=time_zone_choices,
        validators=[validate_time_zone],
        help_text=_(
            "Where the tournament is played: the hall screen, the live pages, the "
            "sheets and the exports show its local 24-hour time."
        ),
    )
    rating = models.ForeignKey(
        "scoring.Rating",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("rating"),
        help_text=_("The rating this tournament is rated under (empty: not rated)."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")),
                name="tournament_end_not_before_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("scoring:live-tournament", kwargs={"slug": self.slug})
