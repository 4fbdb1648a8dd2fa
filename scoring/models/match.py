"""Matches, games, boards and the append-only event log of each board.

The log (:class:`BoardEvent`) is the record: rows are only ever added. An undo is a new row of
type ``undo`` that retracts the last live event. Everything else here that looks like a result
(``Board.result_*``, ``Game.score_*``, ``Match.winner_side``) is a cache written only by
``scoring.services`` after replaying the log through ``scoring.rules``; ``manage.py
replay_boards`` can rebuild it.
"""

from __future__ import annotations

import base64
import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.models.event import RULES_HELP, Entry

SIDE_CHOICES = [("a", "A"), ("b", "B"), ("c", "C")]


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
    def is_locked(self) -> bool:
        """Confirmed by both sides: later corrections need an organiser."""
        return self.confirmed_at is not None


class Game(models.Model):
    """One game of a match (ICF 56: 25 points or 8 boards)."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="games", verbose_name=_("match")
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


class MatchConfirmation(models.Model):
    """A side confirms the match result at the table (a PIN or a tap), which locks it."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="confirmations", verbose_name=_("match")
    )
    side = models.CharField(_("side"), max_length=1, choices=SIDE_CHOICES)
    method = models.CharField(
        _("method"),
        max_length=10,
        choices=[("tap", _("Tap")), ("pin", _("PIN")), ("organiser", _("By the organiser"))],
    )
    device = models.CharField(_("device"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("confirmed at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at"]
        verbose_name = _("match confirmation")
        verbose_name_plural = _("match confirmations")
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], name="confirmation_side_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}: {self.side} ({self.method})"


class PaperScoresheet(models.Model):
    """An official's entry of a match's paper scoresheet, compared board by board with the
    tablet's log (double entry)."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="paper_sheets", verbose_name=_("match")
    )
    games = models.JSONField(
        _("games"),
        default=list,
        help_text=_("Per game a list of boards: winner, carrommen, queen or points and law."),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    note = models.TextField(_("note"), blank=True)
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "-created_at"]
        verbose_name = _("paper scoresheet")
        verbose_name_plural = _("paper scoresheets")

    def __str__(self) -> str:
        return f"{self.match_id}: {self.created_at:%Y-%m-%d %H:%M}"


class AuditEntry(models.Model):
    """Who did what, when, from where: every organiser action and umpire event."""

    # indexed by Meta.indexes: (tournament, time), (match, time) where a match is named, the
    # actor where there is one (an umpire link has none)
    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("tournament"),
        db_index=False,
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("match"),
        db_index=False,
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
        db_index=False,
    )
    via = models.CharField(_("via"), max_length=20, blank=True)
    device = models.CharField(_("device"), max_length=200, blank=True)
    ip = models.GenericIPAddressField(_("IP address"), null=True, blank=True)
    action = models.CharField(_("action"), max_length=60)
    detail = models.JSONField(
        _("detail"), default=dict, blank=True, help_text=_("Before and after, where it applies.")
    )
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        indexes = [
            models.Index(fields=["tournament", "-created_at"], name="audit_tournament_idx"),
            models.Index(
                fields=["match", "-created_at"],
                name="audit_match_idx",
                condition=models.Q(match__isnull=False),
            ),
            models.Index(
                fields=["actor"], name="audit_actor_idx", condition=models.Q(actor__isnull=False)
            ),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}"
