"""Team events (issue 34): teams, their players, tie formats, ties, lineups and rubbers.

A team event's **entries are teams**: each :class:`Team` owns one :class:`~scoring.models.Entry`
of the event (its ``player`` is the captain), so the draw pairs teams like any entries. A
match the draw makes between two team entries is a **tie** (:class:`Tie`, one row beside that
match); the tie is played as **rubbers** (:class:`Rubber`), each a normal
:class:`~scoring.models.Match` of the event between the same two entries, with the players of
the side's lineup (:class:`Lineup`). How a tie is played and counted is its format, data
checked by the pure :mod:`scoring.draws.ties` (:class:`TieFormat` rows are an organiser's own
formats; the built-in ones live in code). Nothing here is a result: a tie's result is derived
from its rubbers' decided results (``scoring.standings.ties``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.draws.ties import TieFormat as TieFormatData
from scoring.draws.ties import format_from_data
from scoring.models.match import new_umpire_token

SIDES = [("a", "A"), ("b", "B")]


class TieFormat(models.Model):
    """An organiser's own tie format for a tournament's team events (the built-in ones, ``sds``
    and ``4s1d``, are :data:`scoring.draws.ties.BUILT_IN`); its key is ``t-<id>``."""

    class PlayerRule(models.TextChoices):
        ONE_EACH = "one_each", _("A player plays at most one singles and one doubles rubber")
        ONE_RUBBER = "one_rubber", _("A player plays only one rubber of a tie")

    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        related_name="tie_formats",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=120)
    rubbers = models.JSONField(
        _("rubbers"),
        default=list,
        help_text=_(
            "The rubbers in order: singles or doubles, games to win (2: best of "
            "three, 1: one game)."
        ),
    )
    stop_when_decided = models.BooleanField(
        _("stop when decided"),
        default=True,
        help_text=_("The remaining rubbers are not played once a team has won the tie."),
    )
    player_rule = models.CharField(
        _("player rule"), max_length=12, choices=PlayerRule.choices, default=PlayerRule.ONE_EACH
    )
    win = models.PositiveSmallIntegerField(_("points for a tie won"), default=2)
    draw = models.PositiveSmallIntegerField(_("points for a tie drawn"), default=1)
    loss = models.PositiveSmallIntegerField(_("points for a tie lost"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament_id", "name"]
        verbose_name = _("tie format")
        verbose_name_plural = _("tie formats")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="tie_format_name_unique")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def key(self) -> str:
        return f"t-{self.pk}"

    def as_format(self) -> TieFormatData:
        """The pure format (checked by :func:`scoring.draws.ties.format_from_data`)."""
        return format_from_data(
            {
                "key": self.key,
                "name": self.name,
                "rubbers": self.rubbers,
                "stop_when_decided": self.stop_when_decided,
                "player_rule": self.player_rule,
                "win": self.win,
                "draw": self.draw,
                "loss": self.loss,
            }
        )


class Team(models.Model):
    """A team entered in a team event: a name, a club or nation, 2–8 players of the register,
    one of them its captain."""

    event = models.ForeignKey(
        "scoring.Event", on_delete=models.CASCADE, related_name="teams", verbose_name=_("event")
    )
    entry = models.OneToOneField(
        "scoring.Entry", on_delete=models.CASCADE, related_name="team", verbose_name=_("entry")
    )
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(
        _("club or nation"),
        max_length=120,
        blank=True,
        help_text=_("What the draw's separation keeps apart."),
    )
    captain = models.ForeignKey(
        "scoring.Player",
        on_delete=models.PROTECT,
        related_name="captained_teams",
        verbose_name=_("captain"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["event_id", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="team_name_unique")]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player of a team; a player is in one team of an event (and may play other events)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team")
    )
    event = models.ForeignKey(
        "scoring.Event", on_delete=models.CASCADE, related_name="+", verbose_name=_("event")
    )
    player = models.ForeignKey(
        "scoring.Player",
        on_delete=models.PROTECT,
        related_name="team_memberships",
        verbose_name=_("player"),
    )
    number = models.PositiveSmallIntegerField(_("number"), default=0)

    class Meta:
        ordering = ["team_id", "number", "id"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="team_member_unique")
        ]

    def __str__(self) -> str:
        return f"{self.team} – {self.player}"


class Tie(models.Model):
    """A tie: the draw's match between two team entries, played as the rubbers of ``format``
    (the format's data as it was when the tie was made)."""

    class Walkover(models.TextChoices):
        NONE = "", _("No walkover")
        A = "a", _("Team A wins by walkover")
        B = "b", _("Team B wins by walkover")
        BOTH = "both", _("Double walkover")

    event = models.ForeignKey(
        "scoring.Event", on_delete=models.CASCADE, related_name="ties", verbose_name=_("event")
    )
    match = models.OneToOneField(
        "scoring.Match", on_delete=models.CASCADE, related_name="tie", verbose_name=_("match")
    )
    format = models.JSONField(_("tie format"), default=dict, blank=True)
    walkover = models.CharField(
        _("walkover of the whole tie"),
        max_length=4,
        blank=True,
        choices=Walkover.choices,
        default="",
    )
    # each captain's private link to the lineup page (like an umpire link)
    captain_token_a = models.CharField(
        _("captain link of team A"),
        max_length=64,
        unique=True,
        default=new_umpire_token,
        editable=False,
    )
    captain_token_b = models.CharField(
        _("captain link of team B"),
        max_length=64,
        unique=True,
        default=new_umpire_token,
        editable=False,
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["event_id", "pk"]
        verbose_name = _("tie")
        verbose_name_plural = _("ties")

    def __str__(self) -> str:
        return str(self.match)

    def tie_format(self) -> TieFormatData:
        return format_from_data(self.format)


class Lineup(models.Model):
    """One side's lineup of a tie: player ids per rubber, in the format's order."""

    tie = models.ForeignKey(
        Tie, on_delete=models.CASCADE, related_name="lineups", verbose_name=_("tie")
    )
    side = models.CharField(_("side"), max_length=1, choices=SIDES)
    players = models.JSONField(_("players per rubber"), default=list, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("submitted by"),
    )
    submitted_via = models.CharField(
        _("submitted via"),
        max_length=10,
        blank=True,
        help_text=_("captain (a phone) or desk (the organiser)"),
    )
    submitted_at = models.DateTimeField(_("submitted at"), auto_now=True)

    class Meta:
        ordering = ["tie_id", "side"]
        verbose_name = _("lineup")
        verbose_name_plural = _("lineups")
        constraints = [models.UniqueConstraint(fields=["tie", "side"], name="lineup_side_unique")]

    def __str__(self) -> str:
        return f"{self.tie} {self.side}"


class Rubber(models.Model):
    """One rubber of a tie: a singles or doubles :class:`~scoring.models.Match` between the two
    teams' entries, played by the lineups' players for it."""

    tie = models.ForeignKey(
        Tie, on_delete=models.CASCADE, related_name="rubbers", verbose_name=_("tie")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    kind = models.CharField(
        _("kind"), max_length=10, choices=[("singles", _("Singles")), ("doubles", _("Doubles"))]
    )
    match = models.OneToOneField(
        "scoring.Match",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rubber",
        verbose_name=_("match"),
    )
    players_a = models.JSONField(_("players of side A"), default=list, blank=True)
    players_b = models.JSONField(_("players of side B"), default=list, blank=True)

    class Meta:
        ordering = ["tie_id", "number"]
        verbose_name = _("rubber")
        verbose_name_plural = _("rubbers")
        constraints = [
            models.UniqueConstraint(fields=["tie", "number"], name="rubber_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.tie} – {self.number}"

    @property
    def player_ids(self) -> list[Any]:
        return [*self.players_a, *self.players_b]
