"""Clubs, federations, memberships over time and championships (issue 33, part 1).

A federation is a club that players are licensed with (``Club.federation``). A player's club
and federation are kept over time as :class:`Membership` rows, so a past tournament keeps the
club the player had on its day. A :class:`Championship` is a season of a club or federation:
the events that count, the prize method (SoL's names) and how many worst prizes are skipped.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A carrom club, or a federation (a club that players are licensed with)."""

    name = models.CharField(_("name"), max_length=120)
    nation = models.CharField(
        _("nation"), max_length=3, blank=True, help_text=_("Country code, e.g. DE, FR, IN.")
    )
    federation = models.BooleanField(
        _("federation"), default=False, help_text=_("A federation: players are licensed with it.")
    )
    email = models.EmailField(_("email"), blank=True)
    website = models.URLField(_("website"), blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="owned_clubs",
        verbose_name=_("owner"),
    )
    co_owners = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="co_owned_clubs",
        verbose_name=_("co-owners"),
        help_text=_("Users who may manage it with the owner."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [
            models.UniqueConstraint(fields=["name", "nation"], name="club_name_nation_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A player's membership of a club or licence with a federation, from ``since`` until
    ``until`` (both inclusive, empty: open). Past tournaments keep the club of their day."""

    player = models.ForeignKey(
        "scoring.Player",
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("player"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    since = models.DateField(_("since"), null=True, blank=True)
    until = models.DateField(_("until"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["player", "since", "id"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(until__isnull=True)
                | models.Q(since__isnull=True)
                | models.Q(until__gte=models.F("since")),
                name="membership_until_not_before_since",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.club_id}"

    def covers(self, day: datetime.date) -> bool:
        return (self.since is None or self.since <= day) and (
            self.until is None or day <= self.until
        )


class Championship(models.Model):
    """A season: a named series of tournaments (their events that count) owned by a club or
    federation; its ranking sums each player's (or pair's) prizes (SoL's prize methods)."""

    class Prizes(models.TextChoices):
        ASIS = "asis", _("As is: the reversed final place (last 1, winner the field's size)")
        FIXED = "fixed", _("Fixed: 18, 16, 14, 13 … 1 to the first 16")
        FIXED40 = "fixed40", _("Fixed 40: 1000, 900, 800, 750 … 1 to the first 40")
        MILLESIMAL = "millesimal", _("Millesimal: 1000 down in equal steps")
        CENTESIMAL = "centesimal", _("Centesimal: 100 down to 1 in equal steps")

    name = models.CharField(_("name"), max_length=150)
    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        related_name="championships",
        verbose_name=_("club or federation"),
    )
    prizes = models.CharField(
        _("prize method"), max_length=12, choices=Prizes.choices, default=Prizes.FIXED
    )
    skip_worst = models.PositiveSmallIntegerField(
        _("worst prizes skipped"),
        default=0,
        help_text=_("How many of each player's worst prizes do not count (0: all count)."),
    )
    previous = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="next_seasons",
        verbose_name=_("previous season"),
    )
    rating = models.ForeignKey(
        "scoring.Rating",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="championships",
        verbose_name=_("rated under"),
        help_text=_(
            "Its tournaments are rated under this rating unless they name their own (as SoL)."
        ),
    )
    closed = models.BooleanField(
        _("closed"), default=False, help_text=_("A closed season takes no more tournaments.")
    )
    pairs_by_order = models.BooleanField(
        _("pairs by order entered"),
        default=False,
        help_text=_(
            "A pair is its two players in the order entered, as SoL ranks them (A/B and B/A "
            "are two pairs); otherwise the same two players in either order are one pair."
        ),
    )
    events = models.ManyToManyField(
        "scoring.Event",
        blank=True,
        related_name="championships",
        verbose_name=_("events that count"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("championship")
        verbose_name_plural = _("championships")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="championship_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name
