"""Matches, games, boards and the append-only event log of each board.

The log (:class:`BoardEvent`) is the record: rows are only ever added. An undo is a new row of
type ``undo`` that retracts the last live event. Everything else here that looks like a result
(``Board.result_*``, ``Game.score_*``, ``Match.winner_side``) is a cache written only by
``scoring.services`` after replaying the log through ``scoring.rules``; ``manage.py
replay_boards`` can rebuild it.

The match's games, boards and log are :mod:`scoring.models.board`, its confirmations and paper
sheets :mod:`scoring.models.confirmation`, the audit trail :mod:`scoring.models.audit` (all
importable from here).
"""

from __future__ import annotations

import base64
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.models.audit import AuditEntry
from scoring.models.board import Board, BoardEvent, Game
from scoring.models.confirmation import MatchConfirmation, PaperScoresheet
from scoring.models.event import RULES_HELP, Entry, Player
from scoring.models.sides import SIDE_CHOICES
from scoring.report_words import spoken_text

__all__ = [
    "SIDE_CHOICES",
    "STAGES",
    "UMPIRE_TOKEN_BYTES",
    "AuditEntry",
    "Board",
    "BoardEvent",
    "Game",
    "Match",
    "MatchConfirmation",
    "PaperScoresheet",
    "new_umpire_token",
    "new_umpire_tokens",
]


#: Random bytes of an umpire link's token: 32 URL-safe base64 characters, no padding.
UMPIRE_TOKEN_BYTES = 24


def new_umpire_token() -> str:
    """An unguessable token for the match's private umpire link."""
    return secrets.token_urlsafe(UMPIRE_TOKEN_BYTES)


def new_umpire_tokens(count: int) -> list[str]:
    """``count`` tokens as :func:`new_umpire_token` makes them, from one read of the system's
    randomness (a round's matches at once; 24 bytes are exactly 32 base64 characters)."""
    text = base64.urlsafe_b64encode(secrets.token_bytes(UMPIRE_TOKEN_BYTES * count)).decode()
    width = UMPIRE_TOKEN_BYTES * 4 // 3
    return [text[n : n + width] for n in range(0, width * count, width)]


# A match's ICF stage (the tablet names a drawn match's round from its event instead).
STAGES = [
    ("early", _("Up to the pre-quarter-finals")),
    ("late", _("Quarter-finals and later")),
]


class Match(models.Model):
    """A match between entries (two sides; three in point carrom), best of three games by
    default (ICF 57)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")  # an entry is not known yet
        READY = "ready", _("Ready")  # both entries known, waiting for a table
        CALLED = "called", _("Called to a table")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished, awaiting confirmation")
        CONFIRMED = "confirmed", _("Confirmed")

    class TossChoice(models.TextChoices):
        BREAK = "break", _("Break")
        SIDE = "side", _("Side")

    event = models.ForeignKey(
        "scoring.Event", on_delete=models.CASCADE, related_name="matches", verbose_name=_("event")
    )
    round = models.ForeignKey(
        "scoring.Round",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="matches",
        verbose_name=_("round"),
    )
    number = models.PositiveIntegerField(_("match number"), default=1)
    position = models.PositiveIntegerField(
        _("bracket position"),
        default=0,
        help_text=_("Slot in the round, used to place winners into the next round."),
    )
    group = models.CharField(_("group"), max_length=10, blank=True)
    entry_a = models.ForeignKey(
        "scoring.Entry",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entry A"),
    )
    entry_b = models.ForeignKey(
        "scoring.Entry",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entry B"),
    )
    entry_c = models.ForeignKey(
        "scoring.Entry",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entry C"),
        help_text=_("Point carrom only: the third player."),
        db_index=False,  # a partial index, Meta.indexes
    )
    rules = models.CharField(_("rules"), max_length=20, default="icf", help_text=RULES_HELP)
    stage = models.CharField(
        _("stage"),
        max_length=5,
        default="early",
        choices=STAGES,
    )
    games_to_win = models.PositiveSmallIntegerField(_("games to win"), default=2)
    # draw progression: where the winner (and, in double elimination, the loser) goes next
    winner_to = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("winner goes to"),
        db_index=False,
    )
    winner_to_side = models.CharField(_("winner's side there"), max_length=1, blank=True)
    loser_to = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("loser goes to"),
        db_index=False,
    )
    loser_to_side = models.CharField(_("loser's side there"), max_length=1, blank=True)
    advances = models.CharField(
        _("goes on by decision"),
        max_length=1,
        choices=SIDE_CHOICES,
        blank=True,
        help_text=_(
            "The side that goes on in the bracket by an organiser's decision although "
            "the corrected result says otherwise (the later results are kept)."
        ),
    )
    draw_reason = models.JSONField(
        _("why this pairing"),
        default=dict,
        blank=True,
        help_text=_("Reason code and parameters from the draw (shown to organisers and players)."),
    )
    # before the match (ICF 40) and at the table
    toss_winner = models.CharField(_("toss winner"), max_length=1, choices=SIDE_CHOICES, blank=True)
    toss_choice = models.CharField(
        _("toss winner chose"), max_length=5, choices=TossChoice.choices, blank=True
    )
    seating = models.JSONField(
        _("seating"),
        default=list,
        blank=True,
        help_text=_(
            "Player ids around the board in turn order (to the right), doubles and point carrom."
        ),
    )
    table = models.ForeignKey(
        "scoring.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="matches",
        verbose_name=_("table"),
        db_index=False,
    )
    umpire = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="umpired_matches",
        verbose_name=_("umpire"),
        db_index=False,
    )
    umpire_token = models.CharField(
        _("umpire link token"), max_length=64, unique=True, default=new_umpire_token, editable=False
    )
    umpire_token_revoked_at = models.DateTimeField(
        _("umpire link revoked at"), null=True, blank=True
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    walkover = models.BooleanField(_("walkover"), default=False)
    bye = models.BooleanField(_("bye"), default=False)
    winner_side = models.CharField(_("winner"), max_length=1, choices=SIDE_CHOICES, blank=True)
    games_won = models.JSONField(_("games won"), default=dict, blank=True)
    draw = models.BooleanField(
        _("draw"),
        default=False,
        help_text=_(
            "Finished level: a match stopped by the round's time limit with equal "
            "scores and no winner (a tournament rule; the ICF Laws set no time "
            "limit)."
        ),
    )  # cache, written only by the services
    # The match's totals over its games (cache, rebuilt from the log with the games'
    # caches: scoring.standings.results.match_totals; 0 without games). The standings read
    # only these: every writer of a match's games writes them.
    games_a = models.PositiveSmallIntegerField(_("games won by side a"), default=0)
    games_b = models.PositiveSmallIntegerField(_("games won by side b"), default=0)
    points_a = models.PositiveIntegerField(_("points of side a"), default=0)
    points_b = models.PositiveIntegerField(_("points of side b"), default=0)
    needs_review = models.CharField(
        _("flagged for the organiser"),
        max_length=200,
        blank=True,
        help_text=_(
            "Why an imported result needs a look (e.g. board rows that do not add up "
            "to the recorded score)."
        ),
    )
    revision = models.PositiveIntegerField(
        _("revision"),
        default=0,
        help_text=_(
            "Goes up with every recorded change; a tablet showing an older revision "
            "is told to reload."
        ),
    )
    called_at = models.DateTimeField(_("called at"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["event", "round__number", "number"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        # The links a new match mostly leaves empty (a third entry, the next matches, a
        # table, an umpire) are indexed only where set: a lookup by one of them (``= id``)
        # reads the same index, and a round's insert writes five indexes fewer (issue 17).
        indexes = [
            models.Index(fields=["status"], name="match_status_idx"),
            *(
                models.Index(
                    fields=[name],
                    condition=models.Q(**{f"{name}__isnull": False}),
                    name=f"match_{name}_idx",
                )
                for name in ("entry_c", "winner_to", "loser_to", "table", "umpire")
            ),
        ]

    def __str__(self) -> str:
        names = [e.name if e else "—" for e in (self.entry_a, self.entry_b)]
        return f"#{self.number} {names[0]} – {names[1]}"

    @property
    def sides(self) -> list[str]:
        return ["a", "b", "c"] if self.entry_c_id else ["a", "b"]

    def entry_for(self, side: str) -> Entry | None:
        return {"a": self.entry_a, "b": self.entry_b, "c": self.entry_c}[side]

    def players_of(self, side: str) -> list[Player]:
        """The players of ``side``'s entry; none while the side is not known yet."""
        entry = self.entry_for(side)
        return entry.players if entry is not None else []

    def round_label(self) -> str:
        """The match's round as its event's format names it: "Round 3" (Swiss, groups),
        the knock-out round's name ("Quarter-final"), else the ICF stage (a single match).
        The words are :meth:`Round.title`'s, as ``draw_words.round_title`` says them."""
        if not self.round_id or self.round is None:
            return str(self.get_stage_choice_display())
        return self.round.title(self.group)

    def get_stage_choice_display(self) -> str:
        return str(dict(STAGES).get(self.stage, self.stage))

    # Overrides the display Django generates for the field's choices, on purpose.
    def get_stage_display(self) -> str:  # type: ignore[no-redef]
        """Pages (the tablet's header) name the match's round from the event's format, not
        the ICF stage: a Swiss round is "Round 3" (issue 14)."""
        return self.round_label()

    @property
    def review_text(self) -> str:
        """Why an imported result needs a look, in the reader's language (kept as its message
        id and parameters, :func:`scoring.report_words.stored_text`; an older row as written)."""
        return spoken_text(self.needs_review)

    @property
    def is_locked(self) -> bool:
        """Confirmed by both sides: later corrections need an organiser."""
        return self.confirmed_at is not None
