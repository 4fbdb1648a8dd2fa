"""The tournament day without the administration: invitations to set a password (people and
roles) and the roll call of an event before its draw (check-in)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Invitation(models.Model):
    """A one-time way for a new organiser or umpire to set his password: a link (token) or a
    short code printed for the hall. Only hashes are stored; the first use spends it."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        UMPIRE = "umpire", _("Umpire")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="invitations",
        verbose_name=_("account"),
    )
    tournament = models.ForeignKey(
        "scoring.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations",
        verbose_name=_("tournament"),
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    token_hash = models.CharField(_("link hash"), max_length=64, unique=True)
    code_hash = models.CharField(_("code hash"), max_length=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)
    #: the account was made by this invitation (the tournament created it): only such an
    #: account may get a password code from the tournament's organisers (issue 29)
    new_account = models.BooleanField(_("new account"), default=False)
    #: the role is given when the person accepts (their own account or the link), never
    #: before: an existing login is never attached silently (issue 29)
    role_pending = models.BooleanField(_("role on acceptance"), default=False)
    #: the name the organiser typed (shown on his page; an existing account's own name is not)
    name = models.CharField(_("name as typed"), max_length=150, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.user} ({self.role})"


class RollCall(models.Model):
    """The roll call of an event: while it is open the organiser (or, if allowed, each player
    with the hall's code) marks who is present; the next draw uses only those present and
    deals with the absent as the organiser chose (withdrawn, or a walkover)."""

    class Absent(models.TextChoices):
        WITHDRAW = "withdraw", _("Withdraw them (the draw leaves them out)")
        WALKOVER = "walkover", _("Draw them and give their opponents a walkover")

    event = models.OneToOneField(
        "scoring.Event", on_delete=models.CASCADE, related_name="roll_call", verbose_name=_("event")
    )
    open = models.BooleanField(
        _("open"), default=True, help_text=_("The next draw applies an open roll call.")
    )
    self_checkin = models.BooleanField(
        _("players check in themselves"),
        default=False,
        help_text=_("Players may confirm their presence on the live page with the code."),
    )
    code = models.CharField(
        _("check-in code"),
        max_length=8,
        blank=True,
        help_text=_("Shown in the hall; players type it to check in."),
    )
    absent = models.CharField(
        _("absent entries"), max_length=10, choices=Absent.choices, default=Absent.WITHDRAW
    )
    opened_at = models.DateTimeField(_("opened at"), auto_now_add=True)
    applied_at = models.DateTimeField(_("applied at"), null=True, blank=True)

    class Meta:
        verbose_name = _("roll call")
        verbose_name_plural = _("roll calls")

    def __str__(self) -> str:
        return str(self.event)


class AttemptCounter(models.Model):
    """Failed tries of something typed by a person (a login's password, a check-in code, a
    set-password code), counted per scope and key (a device, an account, an address, a roll
    call; the key is a hash): ``scoring/attempts.py`` derives the wait from it (issue 29)."""

    scope = models.CharField(_("scope"), max_length=24)
    key = models.CharField(_("key hash"), max_length=64)
    failures = models.PositiveIntegerField(_("failures"), default=0)
    last_failure_at = models.DateTimeField(_("last failure at"))

    class Meta:
        verbose_name = _("failed attempts")
        verbose_name_plural = _("failed attempts")
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="attempt_counter_scope_key")
        ]

    def __str__(self) -> str:
        return f"{self.scope}: {self.failures}"
