"""A match's games and boards, and the append-only event log of each board (:class:`BoardEvent`).

The log is the record: rows are only ever added. An undo is a new row of type ``undo`` that
retracts the last live event. What looks like a result here (``Board.result_*``,
``Game.score_*``) is a cache written only by ``scoring.services`` after replaying the log
through ``scoring.rules``; ``manage.py replay_boards`` can rebuild it.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.models.event import RULES_HELP
from scoring.models.sides import SIDE_CHOICES


class Game(models.Model):
    """One game of a match (ICF 56: 25 points or 8 boards)."""

    match = models.ForeignKey(
        "scoring.Match", on_delete=models.CASCADE, related_name="games", verbose_name=_("match")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    first_breaker = models.CharField(_("first breaker"), max_length=1, choices=SIDE_CHOICES)
    scores = models.JSONField(_("scores"), default=dict, blank=True)  # cache
    winner_side = models.CharField(
        _("winner"), max_length=1, choices=SIDE_CHOICES, blank=True
    )  # cache
    finished = models.BooleanField(_("finished"), default=False)  # cache
    time_up = models.BooleanField(
        _("stopped by time"),
        default=False,
        help_text=_(
            "The round's time limit ended this game: the leader wins, level scores "
            "are a draw (a tournament rule: the ICF Laws set no game time limit)."
        ),
    )
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="game_number_unique"),
        ]

    def __str__(self) -> str:
        return str(_("Game %(number)s") % {"number": self.number})


class Board(models.Model):
    """One board of a game: a stroke log, or a summary/award entered from paper."""

    class Kind(models.TextChoices):
        LOG = "log", _("Stroke by stroke")
        SUMMARY = "summary", _("Summary (quick entry)")
        AWARD = "award", _("Award (quick entry)")
        RECORDED = "recorded", _("Score recorded by another system")

    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="boards", verbose_name=_("game")
    )
    sequence = models.PositiveSmallIntegerField(
        _("sequence"),
        help_text=_("Order in the game, void boards included."),
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.LOG)
    breaker = models.CharField(_("breaker"), max_length=1, choices=SIDE_CHOICES)
    rules = models.CharField(_("rules"), max_length=20, default="icf", help_text=RULES_HELP)
    # quick entry (kind summary / award)
    summary_winner = models.CharField(_("winner"), max_length=1, choices=SIDE_CHOICES, blank=True)
    summary_carrommen = models.PositiveSmallIntegerField(_("carrommen left"), null=True, blank=True)
    summary_queen = models.CharField(
        _("queen covered by"), max_length=1, choices=SIDE_CHOICES, blank=True
    )
    award_points = models.PositiveSmallIntegerField(_("points"), null=True, blank=True)
    award_law = models.CharField(_("law"), max_length=30, blank=True)
    # kind recorded: the game's score as another system recorded it (an import, no ICF law)
    recorded_scores = models.JSONField(
        _("recorded scores"),
        default=dict,
        blank=True,
        help_text=_("The game's score per side as another system recorded it (an import)."),
    )
    # cache of the engine's result (written by services only)
    finished = models.BooleanField(_("finished"), default=False)
    void = models.BooleanField(_("void"), default=False)
    result_winner = models.CharField(
        _("board winner"), max_length=1, choices=SIDE_CHOICES, blank=True
    )
    result_points = models.PositiveSmallIntegerField(_("board points"), null=True, blank=True)
    result_law = models.CharField(_("law applied"), max_length=30, blank=True)
    result_interpretation = models.BooleanField(_("interpretation"), default=False)
    result_carrommen = models.PositiveSmallIntegerField(
        _("loser's carrommen left"), null=True, blank=True
    )
    result_queen = models.CharField(
        _("queen covered by"), max_length=1, choices=SIDE_CHOICES, blank=True
    )
    result_extra_points = models.PositiveSmallIntegerField(_("claimed extra points"), default=0)
    result_points_by_side = models.JSONField(
        _("points per player"),
        default=dict,
        blank=True,
        help_text=_("Point carrom: what each side scored on this board."),
    )
    last_seq = models.PositiveIntegerField(_("last event number"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["game", "sequence"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [
            models.UniqueConstraint(fields=["game", "sequence"], name="board_sequence_unique"),
        ]

    def __str__(self) -> str:
        return str(_("Board %(number)s") % {"number": self.sequence})


class BoardEvent(models.Model):
    """One recorded event of a board, in interchange format v1 (``payload``). Append-only."""

    class Type(models.TextChoices):
        STROKE = "stroke", _("Stroke")
        TECHNICAL_FOUL = "technical_foul", _("Technical foul")
        FORGO = "forgo", _("Forgo")
        BOARD_LOSS = "board_loss", _("Board lost by conduct")
        UMPIRE_RULING = "umpire_ruling", _("Umpire ruling")
        VOID = "void", _("Void board")
        UNDO = "undo", _("Undo")
        CORRECTION = "correction", _("Correction by the organiser")

    board = models.ForeignKey(
        Board, on_delete=models.PROTECT, related_name="events", verbose_name=_("board")
    )
    seq = models.PositiveIntegerField(_("number"))
    client_id = models.UUIDField(_("request key"), default=uuid.uuid4)
    type = models.CharField(_("type"), max_length=16, choices=Type.choices)
    payload = models.JSONField(_("event"), default=dict)
    retracts = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="retracted_by",
        verbose_name=_("retracts"),
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    via = models.CharField(
        _("recorded via"),
        max_length=20,
        blank=True,
        help_text=_("umpire link, account, organiser, import"),
    )
    device = models.CharField(_("device"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        ordering = ["board", "seq"]
        verbose_name = _("board event")
        verbose_name_plural = _("board events")
        constraints = [
            models.UniqueConstraint(fields=["board", "seq"], name="boardevent_seq_unique"),
            models.UniqueConstraint(
                fields=["board", "client_id"], name="boardevent_client_id_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board_id}#{self.seq} {self.type}"
