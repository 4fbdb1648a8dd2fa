"""Players, events, entries, rounds and tables of a tournament."""

from __future__ import annotations

from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.identity import KEY_LENGTH, name_key
from scoring.preset_words import preset_choices

RULES_CHOICES = preset_choices()
#: ``rules`` names a built-in preset or a house preset's key (``HousePreset.key``), so the
#: field has no fixed choices; the services check it (``tournaments.events.event_rules``).
RULES_HELP = _("A rules preset (icf, dcv, …) or a house preset's key (h-…).")


class Player(models.Model):
    """A person who plays (kept across tournaments, so history and ratings carry over)."""

    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    nationality = models.CharField(
        _("nationality"),
        max_length=3,
        blank=True,
        help_text=_("Country code, e.g. DE, FR, IN."),
    )
    rating = models.IntegerField(_("rating"), null=True, blank=True)
    licence = models.CharField(
        _("licence number"),
        max_length=40,
        blank=True,
        help_text=_("The player's federation licence number (exported with the placings)."),
    )
    name_key = models.CharField(
        _("name as compared"),
        max_length=KEY_LENGTH,
        blank=True,
        editable=False,
        help_text=_("The name in one case and Unicode form: how imports and forms find a player."),
    )
    born = models.DateField(_("date of birth"), null=True, blank=True)
    sex = models.CharField(
        _("sex"),
        max_length=1,
        blank=True,
        choices=[("F", _("Woman")), ("M", _("Man"))],
        help_text=_("Where known (a SoL import brings it): the rating list's women filter."),
    )
    merged_into = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="merged_records",
        verbose_name=_("merged into"),
        help_text=_(
            "Set when an organiser merged this record into another record of the same "
            "person; kept so the merge can be undone."
        ),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name", "club"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        indexes = [
            models.Index(fields=["name"], name="player_name_idx"),
            models.Index(fields=["name_key"], name="player_name_key_idx"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """The name's key follows the name (:func:`scoring.identity.name_key`)."""
        self.name_key = name_key(self.name)
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields and "name_key" not in fields:
            kwargs["update_fields"] = [*fields, "name_key"]
        super().save(*args, **kwargs)


class Event(models.Model):
    """One competition of a tournament, e.g. Men's Singles (ICF 57: matches best of three)."""

    class Kind(models.TextChoices):
        SINGLES = "singles", _("Singles")
        DOUBLES = "doubles", _("Doubles")
        POINTS = "points", _("Point carrom (three players)")
        TEAMS = "teams", _("Teams (ties of singles and doubles rubbers)")

    class Format(models.TextChoices):
        KNOCKOUT = "knockout", _("Knock-out")
        GROUPS = "groups", _("Round-robin groups and knock-out")
        SWISS = "swiss", _("Swiss system")
        DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
        SINGLE_MATCH = "single_match", _("Single matches")

    class Status(models.TextChoices):
        ENTRY = "entry", _("Taking entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        related_name="events",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=120)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.SINGLES)
    format = models.CharField(
        _("format"), max_length=20, choices=Format.choices, default=Format.KNOCKOUT
    )
    rules = models.CharField(_("rules"), max_length=20, default="icf", help_text=RULES_HELP)
    games_to_win = models.PositiveSmallIntegerField(
        _("games to win a match"),
        default=2,
        help_text=_("2 for best of three (ICF 57); 1 for one-game matches."),
    )
    settings = models.JSONField(
        _("draw settings"),
        default=dict,
        blank=True,
        help_text=_(
            "Format options: groups, qualifiers per group, third-place match, Swiss rounds."
        ),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ENTRY
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    round_minutes = models.PositiveSmallIntegerField(
        _("round time limit (minutes)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
        help_text=_(
            "1 to 600 minutes; empty: no time limit. The clock runs from the "
            "round's start, or from each match's call to its table."
        ),
    )
    prized = models.BooleanField(
        _("prizes given"),
        default=False,
        help_text=_(
            "The prize-giving is done (SoL's \"prized\", kept on import): the entries' prizes "
            "count for a championship as recorded, until the event is prized again from its "
            "results."
        ),
    )
    prizes_pending = models.BooleanField(
        _("prize-giving pending"),
        default=False,
        help_text=_(
            "Imported from SoL, whose prize-giving was never done (or was undone): like SoL, "
            "its championships give it no prizes until it is prized from its results."
        ),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "order", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="event_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_doubles(self) -> bool:
        return self.kind == self.Kind.DOUBLES

    @property
    def is_teams(self) -> bool:
        """A team event: its entries are teams, its matches ties of rubbers (models/team.py)."""
        return self.kind == self.Kind.TEAMS

    @property
    def format_label(self) -> str:
        """The format in words: a point-carrom "groups" event is a round robin of three-player
        tables, with no knock-out after it (``services/point_events.py``)."""
        if self.kind == self.Kind.POINTS and self.format == self.Format.GROUPS:
            return str(_("Round robin of three-player tables"))
        return str(self.get_format_display())


class Entry(models.Model):
    """A player (singles) or a pair (doubles) entered in an event, with an optional seed."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="entries", verbose_name=_("event")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    partner = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="partner_entries",
        null=True,
        blank=True,
        verbose_name=_("partner"),
    )
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    rating = models.IntegerField(
        _("rating at entry"),
        null=True,
        blank=True,
        help_text=_(
            "The entry's rating on the event's day, where a file gave it (a SoL "
            "import: the sum of its players' rates); empty: the player's rating."
        ),
    )
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    prize = models.DecimalField(
        _("prize"),
        max_digits=10,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_(
            "The prize SoL gave the entry at the tourney's prize-giving (a SoL import); "
            "a prized tourney is ranked by its prizes first, as SoL ranks it."
        ),
    )
    team_name = models.CharField(
        _("team name"),
        max_length=120,
        blank=True,
        help_text=_(
            "A team event's entry: the team's name (written with the team, "
            "models/team.py); empty for players and pairs."
        ),
    )
    present_at = models.DateTimeField(
        _("checked in at"),
        null=True,
        blank=True,
        help_text=_("When the roll call found the entry present (empty: not checked in)."),
    )
    present_via = models.CharField(
        _("checked in by"),
        max_length=10,
        blank=True,
        help_text=_("roll call (the organiser) or self (the player, with the hall's code)"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["event", "seed", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entry_player_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        if self.team_name:
            return self.team_name
        if self.partner_id and self.partner is not None:
            return f"{self.player.name} / {self.partner.name}"
        return self.player.name

    @property
    def players(self) -> list[Player]:
        if self.partner_id and self.partner is not None:
            return [self.player, self.partner]
        return [self.player]


class Round(models.Model):
    """A round of an event's draw; its stage decides the 8-board limit and the game-3 side
    change (ICF 56, 60; DCV 56(c))."""

    class Stage(models.TextChoices):
        EARLY = "early", _("Up to the pre-quarter-finals")
        LATE = "late", _("Quarter-finals and later")

    class Bracket(models.TextChoices):
        MAIN = "main", _("Main")
        WINNERS = "winners", _("Winners bracket")
        LOSERS = "losers", _("Losers bracket")
        FINAL = "final", _("Grand final")
        GROUPS = "groups", _("Groups")
        PLACEMENT = "placement", _("Placement")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=60, blank=True)
    bracket = models.CharField(
        _("bracket"), max_length=10, choices=Bracket.choices, default=Bracket.MAIN
    )
    stage = models.CharField(_("stage"), max_length=5, choices=Stage.choices, default=Stage.EARLY)
    games_to_win = models.PositiveSmallIntegerField(_("games to win a match"), default=2)
    # the round's clock (the event's time limit; scoring/round_clock.py), written only by
    # scoring/services/round_clock.py
    clock_started_at = models.DateTimeField(
        _("round clock started at"),
        null=True,
        blank=True,
        help_text=_("When the organiser started the round's clock (empty: not started)."),
    )
    clock_extra_minutes = models.PositiveSmallIntegerField(
        _("minutes added to the round's clock"), default=0
    )
    clock_stopped_at = models.DateTimeField(
        _("round clock stopped at"),
        null=True,
        blank=True,
        help_text=_("When the organiser stopped the clock (empty: running)."),
    )
    clock_stopped_seconds = models.PositiveIntegerField(
        _("seconds the round's clock stood still"),
        default=0,
        help_text=_("Earlier stops, ended by a restart; they move the deadline on."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["event", "number", "bracket"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "bracket", "number"], name="round_number_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """The round's name in the current language (draws store names such as "Final" in
        English; their German is in the catalogue), or "Round n"."""
        if self.name:
            return gettext(self.name)
        return str(_("Round %(number)s") % {"number": self.number})

    def title(self, group: str = "") -> str:
        """:attr:`label`; a numbered round of ``group`` says it: "Group A, round 3". The one
        source of round names (``Match.round_label``, ``draw_words.round_title``)."""
        if group and not self.name:
            return gettext("Group %(group)s, round %(number)s") % {
                "group": group,
                "number": self.number,
            }
        return self.label


class Table(models.Model):
    """A carrom board (table) in the hall."""

    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        related_name="tables",
        verbose_name=_("tournament"),
    )
    number = models.PositiveSmallIntegerField(_("number"))
    label = models.CharField(_("label"), max_length=40, blank=True)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return self.label or str(_("Table %(number)s") % {"number": self.number})
