"""Ratings (issue 33): a named Glicko-2 rating that tournaments are rated under, and each
player's rate after each tournament (the history). The computation is ``scoring.ratings``
(pure); ``scoring.services.ratings`` writes the history from the decided results."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Rating(models.Model):
    """A named rating with its Glicko-2 parameters (SoL's defaults)."""

    class Level(models.TextChoices):
        INTERNATIONAL = "international", _("International")
        NATIONAL = "national", _("National")
        REGIONAL = "regional", _("Regional")
        CLUB = "club", _("Club")

    class Outcome(models.TextChoices):
        STANDARD = "standard", _("Standard (1, ½, 0)")
        GUIDO = "guido", _("Carrom: each side's share of the points (Guido's formula)")

    class Scope(models.TextChoices):
        """The events whose matches a rating rates (docs/RATINGS.md, "What is rated")."""

        EVERY_EVENT = "all", _("Every event (a pair as one opponent)")
        SINGLES = "singles", _("Singles events")
        SWISS_SINGLES = "swiss_singles", _("Singles Swiss events (as SoL rates)")

    name = models.CharField(_("name"), max_length=120, unique=True)
    level = models.CharField(
        _("level"), max_length=16, choices=Level.choices, default=Level.NATIONAL
    )
    nation = models.CharField(
        _("nation"),
        max_length=3,
        blank=True,
        help_text=_("Country code of a national rating, e.g. DE."),
    )
    default_rate = models.PositiveSmallIntegerField(
        _("default rate"),
        default=1500,
        validators=[MinValueValidator(1), MaxValueValidator(3000)],
        help_text=_("The rate of a new player when the rating has no range for new players."),
    )
    default_deviation = models.PositiveSmallIntegerField(
        _("default deviation"),
        default=350,
        validators=[MinValueValidator(1), MaxValueValidator(500)],
        help_text=_("A new player's rating deviation (how uncertain his rate is)."),
    )
    default_volatility = models.FloatField(
        _("default volatility"),
        default=0.06,
        validators=[MinValueValidator(0.00001), MaxValueValidator(1)],
        help_text=_("A new player's volatility (how erratic his results may be)."),
    )
    tau = models.FloatField(
        _("tau"),
        default=0.5,
        validators=[MinValueValidator(0.01), MaxValueValidator(2)],
        help_text=_("Glicko-2's constraint on the change of volatility (0.3 to 1.2 usual)."),
    )
    lower_rate = models.PositiveSmallIntegerField(
        _("lower rate of new players"),
        null=True,
        blank=True,
        default=1600,
        validators=[MaxValueValidator(3000)],
        help_text=_(
            "A new player's rate is interpolated from his place in his first "
            "tournament between this rate (last place) and the higher rate (first "
            "place); empty: the default rate."
        ),
    )
    higher_rate = models.PositiveSmallIntegerField(
        _("higher rate of new players"),
        null=True,
        blank=True,
        default=2600,
        validators=[MaxValueValidator(3000)],
    )
    outcomes = models.CharField(
        _("match outcome formula"), max_length=10, choices=Outcome.choices, default=Outcome.GUIDO
    )
    scope = models.CharField(
        _("events rated"),
        max_length=16,
        choices=Scope.choices,
        default=Scope.EVERY_EVENT,
        help_text=_(
            "Which events of its tournaments the rating rates. SoL rates singles Swiss "
            "tourneys only."
        ),
    )
    inherit = models.BooleanField(
        _("inherit rates of higher ratings"),
        default=False,
        help_text=_(
            "A player new to this rating starts from his latest rate in a rating of a higher "
            'level (SoL\'s "inherit"), not as a new player.'
        ),
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="owned_ratings",
        verbose_name=_("owner"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(lower_rate__isnull=True, higher_rate__isnull=True)
                | models.Q(
                    lower_rate__isnull=False,
                    higher_rate__isnull=False,
                    lower_rate__lte=models.F("higher_rate"),
                ),
                name="rating_range_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("scoring:rating", kwargs={"rating_id": self.pk})


class Rate(models.Model):
    """A player's rate, deviation and volatility under a rating after one tournament (one
    rating period), with the matches he played in it. Rebuilt from the decided results by
    ``scoring.services.ratings``; never edited by hand."""

    rating = models.ForeignKey(
        Rating, on_delete=models.CASCADE, related_name="rates", verbose_name=_("rating")
    )
    player = models.ForeignKey(
        "scoring.Player", on_delete=models.CASCADE, related_name="rates", verbose_name=_("player")
    )
    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        related_name="rates",
        verbose_name=_("tournament"),
    )
    date = models.DateField(_("date"), help_text=_("The tournament's last day."))
    rate = models.FloatField(_("rate"))
    deviation = models.FloatField(_("deviation"))
    volatility = models.FloatField(_("volatility"))
    matches = models.PositiveIntegerField(_("matches"), default=0)

    class Meta:
        ordering = ["rating", "player", "date", "id"]
        verbose_name = _("rate")
        verbose_name_plural = _("rates")
        constraints = [
            models.UniqueConstraint(
                fields=["rating", "player", "tournament"], name="rate_one_per_tournament"
            ),
        ]
        indexes = [models.Index(fields=["rating", "date"], name="rate_rating_date_idx")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.rate:.0f}"


class ImportedRate(models.Model):
    """A rate as SoL recorded it in an imported archive (issue 33), kept beside this app's own
    history (:class:`Rate`, recomputed from the imported matches, never from these) and shown
    as imported. Never edited; a later import of the same rate adds nothing."""

    rating = models.ForeignKey(
        Rating, on_delete=models.CASCADE, related_name="imported_rates", verbose_name=_("rating")
    )
    player = models.ForeignKey(
        "scoring.Player",
        on_delete=models.CASCADE,
        related_name="imported_rates",
        verbose_name=_("player"),
    )
    date = models.DateField(_("date"))
    rate = models.FloatField(_("rate"))
    deviation = models.FloatField(_("deviation"))
    volatility = models.FloatField(_("volatility"))

    class Meta:
        ordering = ["rating", "player", "date", "id"]
        verbose_name = _("imported rate")
        verbose_name_plural = _("imported rates")
        constraints = [
            models.UniqueConstraint(
                fields=["rating", "player", "date"], name="imported_rate_one_per_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.rate:.0f} (SoL)"
