"""People and roles of a tournament without the administration: an organiser adds umpires and
co-organisers (name as printed, login), each new account gets a one-time way to set its
password (a link, or a short code printed for the hall; e-mailed only when mail is set up), and
every role is shown and revocable. ``python manage.py create_organiser`` makes the first one.

Nothing here sees a request: views pass an :class:`~scoring.services.matches.Actor`.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from scoring.models import Invitation, Match, Tournament
from scoring.names import display_name  # re-exported: the read lives there
from scoring.services.matches import Actor
from scoring.services.tournaments import TournamentError, audit

#: How long a set-password link or code stays valid.
INVITATION_DAYS = 7
#: Letters of a printed code: no 0/O, 1/I/L that are mixed up when typed from paper.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
ROLES = ("organiser", "umpire")


class PeopleError(TournamentError):
    """Something the organiser can fix; ``code`` is stable, the view translates it."""


@dataclass(frozen=True)
class Welcome:
    """What the organiser hands over once: the link token and the printed code."""

    user: Any
    role: str
    token: str
    code: str
    expires_at: datetime.datetime
    mailed: bool = False


@dataclass
class Person:
    """One row of the tournament's people page."""

    user: Any
    name: str
    login: str
    roles: list[str] = field(default_factory=list)
    pending: bool = False  # has not set a password yet


def mail_configured() -> bool:
    """Is outgoing mail set up (``SEND_MAIL``, from ``EMAIL_HOST``)? Without it nothing is ever
    e-mailed and the password reset by e-mail is not offered."""
    return bool(getattr(settings, "SEND_MAIL", False))


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _normal_code(code: str) -> str:
    return "".join(ch for ch in str(code)[:100].upper() if ch.isascii() and ch.isalnum())


def _new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def invite(*, user: Any, tournament: Tournament | None, role: str, actor: Actor | None,
           send: bool = True) -> Welcome:
    """A new one-time link and code for ``user``; earlier unused ones stop working."""
    now = timezone.now()
    token, code = secrets.token_urlsafe(24), _new_code()
    with transaction.atomic():
        Invitation.objects.filter(user=user, used_at__isnull=True).update(used_at=now)
        Invitation.objects.create(
            user=user, tournament=tournament, role=role, token_hash=_hash(token),
            code_hash=_hash(_normal_code(code)),
            created_by=getattr(actor, "user", None) if getattr(
                getattr(actor, "user", None), "pk", None) else None,
            expires_at=now + datetime.timedelta(days=INVITATION_DAYS))
    mailed = False
    if send and user.email and mail_configured():
        base = getattr(settings, "SITE_URL", "").rstrip("/")
        send_mail(
            subject=f"{tournament or ''}: set your password".strip(": "),
            message=(f"Hello {display_name(user)},\n\nyour login is {user.get_username()}.\n"
                     f"Set your password here: {base}/welcome/{token}/\n"
                     f"(or type the code {code} at {base}/welcome/)\n"),
            from_email=None, recipient_list=[user.email])
        mailed = True
    return Welcome(user=user, role=role, token=token, code=code,
                   expires_at=now + datetime.timedelta(days=INVITATION_DAYS), mailed=mailed)


def _check_login(username: str) -> str:
    username = (username or "").strip()
    if not username:
        raise PeopleError("login_missing")
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError as err:
        raise PeopleError("login_invalid") from err
    if len(username) > 150:
        raise PeopleError("login_invalid")
    return username


def add_person(*, tournament: Tournament, role: str, name: str, username: str,
               email: str = "", actor: Actor) -> Welcome | None:
    """Give ``role`` in ``tournament`` to the account ``username``, creating it (with the name
    as printed) when there is none. A new account gets a :class:`Welcome`; an existing one only
    gains the role (``None``)."""
    if role not in ROLES:
        raise PeopleError("bad_role")
    username = _check_login(username)
    name = (name or "").strip()[:150]
    email = (email or "").strip()[:254]
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.filter(username__iexact=username).first()
        created = user is None
        if created:
            if not name:
                raise PeopleError("account_name_missing")
            user = User(username=username, first_name=name, email=email)
            user.set_unusable_password()
            user.save()
        elif not user.is_active:
            raise PeopleError("account_inactive", login=user.get_username())
        relation = tournament.organisers if role == "organiser" else tournament.umpires
        if relation.filter(pk=user.pk).exists():
            raise PeopleError("has_role", name=display_name(user))
        relation.add(user)
        audit(tournament, actor, f"{role}_added",
              {"login": user.get_username(), "name": display_name(user), "new": created})
    if created:
        return invite(user=user, tournament=tournament, role=role, actor=actor)
    return None


def may_reissue(tournament: Tournament, user: Any) -> bool:
    """An organiser may give a new set-password code only to accounts that have a role in
    this tournament and are neither staff nor superusers (he can never take over an account
    that can do more than his tournament)."""
    if user.is_staff or user.is_superuser:
        return False
    return (tournament.organisers.filter(pk=user.pk).exists()
            or tournament.umpires.filter(pk=user.pk).exists())


def reissue(*, tournament: Tournament, user: Any, actor: Actor) -> Welcome:
    """A new set-password link and code for a person of the tournament (forgotten password)."""
    if not may_reissue(tournament, user):
        raise PeopleError("not_reissuable")
    role = "organiser" if tournament.organisers.filter(pk=user.pk).exists() else "umpire"
    audit(tournament, actor, "password_code_issued", {"login": user.get_username()})
    return invite(user=user, tournament=tournament, role=role, actor=actor)


def revoke(*, tournament: Tournament, user: Any, role: str, actor: Actor) -> None:
    """Take ``role`` in ``tournament`` away from ``user``. A revoked umpire loses the matches
    assigned to him that are not confirmed; the last organiser cannot be removed."""
    if role not in ROLES:
        raise PeopleError("bad_role")
    with transaction.atomic():
        if role == "organiser":
            if not tournament.organisers.filter(pk=user.pk).exists():
                raise PeopleError("no_role")
            if tournament.organisers.count() <= 1:
                raise PeopleError("last_organiser")
            tournament.organisers.remove(user)
        else:
            if not tournament.umpires.filter(pk=user.pk).exists():
                raise PeopleError("no_role")
            tournament.umpires.remove(user)
            Match.objects.filter(event__tournament=tournament, umpire=user).exclude(
                status=Match.Status.CONFIRMED).update(umpire=None)
        audit(tournament, actor, f"{role}_revoked",
              {"login": user.get_username(), "name": display_name(user)})


def people(tournament: Tournament) -> list[Person]:
    """Everyone with a role in ``tournament`` (two queries), organisers first, by name."""
    rows: dict[int, Person] = {}
    for role, relation in (("organiser", tournament.organisers), ("umpire", tournament.umpires)):
        for user in relation.all():
            person = rows.setdefault(user.pk, Person(
                user=user, name=display_name(user), login=user.get_username(),
                pending=not user.has_usable_password()))
            person.roles.append(role)
    return sorted(rows.values(), key=lambda p: ("organiser" not in p.roles, p.name.lower()))


def _valid(invitation: Invitation | None) -> Invitation | None:
    if invitation is None or invitation.used_at is not None:
        return None
    if invitation.expires_at < timezone.now() or not invitation.user.is_active:
        return None
    return invitation


def invitation_for_token(token: str) -> Invitation | None:
    """The unused, unexpired invitation of a link token, or ``None``."""
    if not token or len(token) > 100:
        return None
    return _valid(Invitation.objects.select_related("user").filter(
        token_hash=_hash(token)).first())


def invitation_for_code(username: str, code: str) -> Invitation | None:
    """The unused, unexpired invitation of a login and printed code, or ``None``."""
    normal = _normal_code(code)
    if not username or len(normal) != 8:
        return None
    found = Invitation.objects.select_related("user").filter(
        user__username__iexact=username.strip(), code_hash=_hash(normal),
        used_at__isnull=True).first()
    return _valid(found)


def set_password(*, invitation: Invitation, password: str) -> Any:
    """Spend ``invitation``: the account's password is set (Django's validators apply).

    :raises PeopleError: ``bad_password`` with the validators' messages, or ``spent``.
    """
    user = invitation.user
    try:
        validate_password(password, user)
    except ValidationError as err:
        raise PeopleError("bad_password", messages=list(err.messages)) from err
    with transaction.atomic():
        spent = Invitation.objects.filter(pk=invitation.pk, used_at__isnull=True).update(
            used_at=timezone.now())
        if not spent:
            raise PeopleError("spent")
        user.set_password(password)
        user.save(update_fields=["password"])
    return user


def create_organiser(*, username: str, name: str, email: str = "") -> Welcome:
    """The first organiser of an installation (``manage.py create_organiser``): a staff
    account that may create tournaments, with a set-password link and code."""
    username = _check_login(username)
    User = get_user_model()
    if User.objects.filter(username__iexact=username).exists():
        raise PeopleError("login_taken", login=username)
    user = User(username=username, first_name=(name or username).strip()[:150],
                email=email, is_staff=True)
    user.set_unusable_password()
    user.save()
    return invite(user=user, tournament=None, role="organiser", actor=None, send=False)
