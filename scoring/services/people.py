"""People and roles of a tournament without the administration: an organiser adds umpires and
co-organisers (name as printed, login), each new account gets a one-time way to set its
password (a link, or a short code printed for the hall; e-mailed only when mail is set up), and
every role is shown and revocable. ``python manage.py create_organiser`` makes the first one.

Nothing here sees a request: views pass an :class:`~scoring.services.matches.Actor`. The invited
person's side (accept, decline, the slip's code, the password) is :mod:`.invitations`; its names
are importable from here.
"""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Invitation, Match, Tournament
from scoring.names import display_name  # re-exported: the read lives there
from scoring.services.audit import Actor
from scoring.services.invitations import PeopleError as PeopleError
from scoring.services.invitations import accept_invitation as accept_invitation
from scoring.services.invitations import decline_invitation as decline_invitation
from scoring.services.invitations import invitation_for_code as invitation_for_code
from scoring.services.invitations import invitation_for_token as invitation_for_token
from scoring.services.invitations import invitation_of_user as invitation_of_user
from scoring.services.invitations import invitations_of as invitations_of
from scoring.services.invitations import normal_code, secret_hash
from scoring.services.invitations import set_password as set_password
from scoring.services.tournaments import audit, clean_text

#: How long a set-password link or code stays valid.
INVITATION_DAYS = 7
#: Letters of a printed code: no 0/O, 1/I/L that are mixed up when typed from paper.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
ROLES = ("organiser", "umpire")
#: a role in the reader's words (the e-mails are written in the language of the organiser who
#: sends them)
ROLE_WORDS = {"organiser": lambda: _("organiser"), "umpire": lambda: _("umpire")}


@dataclass(frozen=True)
class Welcome:
    """What the organiser hands over once: the link token and the printed code."""

    user: Any
    role: str
    token: str
    code: str
    expires_at: datetime.datetime
    mailed: bool = False
    #: the name the organiser typed (an existing account's own name is never shown to him)
    name: str = ""
    #: the role is given when the person accepts (every invitation of the people page)
    role_pending: bool = False


@dataclass
class Person:
    """One row of the tournament's people page."""

    user: Any
    name: str
    login: str
    roles: list[str] = field(default_factory=list)
    pending: bool = False  # has not set a password yet
    #: invitations not yet accepted (role, invitation id); such a row shows the typed name
    invited: list[tuple[str, int]] = field(default_factory=list)
    #: may the tournament's organisers give this account a password code (``may_reissue``)
    code_allowed: bool = False
    #: otherwise: may a password link be e-mailed to the account's own address
    mail_allowed: bool = False


def mail_configured() -> bool:
    """Is outgoing mail set up (``SEND_MAIL``, from ``EMAIL_HOST``)? Without it nothing is ever
    e-mailed and the password reset by e-mail is not offered."""
    return bool(getattr(settings, "SEND_MAIL", False))


def _new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def invite(
    *,
    user: Any,
    tournament: Tournament | None,
    role: str,
    actor: Actor | None,
    send: bool = True,
    new_account: bool = True,
    role_pending: bool = False,
    name: str = "",
) -> Welcome:
    """A new one-time link and code for ``user``; earlier unused ones of the same tournament
    stop working. ``new_account``: the link or code sets the password (only for accounts the
    tournament created); otherwise the person logs in and accepts. ``role_pending``: the role
    is given on acceptance."""
    now = timezone.now()
    token, code = secrets.token_urlsafe(24), _new_code()
    with transaction.atomic():
        Invitation.objects.filter(user=user, tournament=tournament, used_at__isnull=True).update(
            used_at=now
        )
        Invitation.objects.create(
            user=user,
            tournament=tournament,
            role=role,
            token_hash=secret_hash(token),
            code_hash=secret_hash(normal_code(code)),
            new_account=new_account,
            role_pending=role_pending,
            name=name[:150],
            created_by=getattr(actor, "user", None)
            if getattr(getattr(actor, "user", None), "pk", None)
            else None,
            expires_at=now + datetime.timedelta(days=INVITATION_DAYS),
        )
    mailed = False
    if send and user.email and mail_configured():
        base = getattr(settings, "SITE_URL", "").rstrip("/")
        words = {
            "name": display_name(user),
            "login": user.get_username(),
            "link": f"{base}/welcome/{token}/",
            "code": code,
            "page": f"{base}/welcome/",
            "invitations": f"{base}/invitations/",
            "role": ROLE_WORDS[role]() if role in ROLE_WORDS else role,
            "tournament": str(tournament or ""),
        }
        if new_account:
            body = (
                _(
                    "Hello %(name)s,\n\nyour login is %(login)s.\n"
                    "Set your password here: %(link)s\n"
                    "(or type the code %(code)s at %(page)s)\n"
                )
                % words
            )
            what = _("set your password")
        else:  # the owner's own address: an invitation he may accept or ignore
            body = (
                _(
                    "Hello %(name)s,\n\nyou are invited as %(role)s of %(tournament)s. "
                    "To accept, log in as %(login)s and open %(link)s (or %(invitations)s).\n"
                    "If you do not know this tournament, ignore this message.\n"
                )
                % words
            )
            what = _("invitation")
        send_mail(
            subject=_("%(tournament)s: %(what)s") % {"tournament": tournament, "what": what}
            if tournament
            else what,
            message=body,
            from_email=None,
            recipient_list=[user.email],
        )
        mailed = True
    return Welcome(
        user=user,
        role=role,
        token=token,
        code=code,
        expires_at=now + datetime.timedelta(days=INVITATION_DAYS),
        mailed=mailed,
        name=name,
        role_pending=role_pending,
    )


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


def add_person(
    *, tournament: Tournament, role: str, name: str, username: str, email: str = "", actor: Actor
) -> Welcome:
    """Invite a person to ``role`` in ``tournament`` under the login ``username`` (issue 29).

    The answer is the same whether the login exists or not (no account is revealed): an
    invitation slip. A new login is created for it (with the name as printed, no password);
    the role is given only when the person accepts — by setting the password with the slip's
    link or code (a new login), or by logging in to their existing account and accepting.
    An existing login is never attached silently, and its name and e-mail are never shown."""
    if role not in ROLES:
        raise PeopleError("bad_role")
    username = _check_login(username)
    name = clean_text((name or "").strip(), field="name")[:150]
    email = (email or "").strip()[:254]
    if not name:
        raise PeopleError("account_name_missing")
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.select_for_update().filter(username__iexact=username).first()
        created = user is None
        if user is None:
            user = User(username=username, first_name=name, email=email)
            user.set_unusable_password()
            try:
                with transaction.atomic():
                    user.save()
            except IntegrityError:  # made at the same moment by another request: try again
                raise PeopleError("busy") from None
        else:
            relation = tournament.organisers if role == "organiser" else tournament.umpires
            if relation.filter(pk=user.pk).exists():  # shown on this very page already
                raise PeopleError("has_role", name=display_name(user))
        audit(
            tournament,
            actor=actor,
            action="person_invited",
            detail={"login": username, "name": name, "role": role},
        )
    # an existing account's invitation goes to its owner's own address (never the typed one)
    return invite(
        user=user,
        tournament=tournament,
        role=role,
        actor=actor,
        new_account=created,
        role_pending=True,
        name=name,
    )


def _created_here(tournament: Tournament, user: Any) -> bool:
    return Invitation.objects.filter(user=user, tournament=tournament, new_account=True).exists()


def _roles_elsewhere(tournament: Tournament, user: Any) -> bool:
    return bool(
        user.organised_tournaments.exclude(pk=tournament.pk).exists()
        or user.umpire_tournaments.exclude(pk=tournament.pk).exists()
    )


def may_reissue(tournament: Tournament, *, user: Any) -> bool:
    """May the tournament's organisers give ``user`` a set-password code? Only for an account
    the tournament created (its invitation made the login), that holds no role in another
    tournament and can do no more than the tournament (no staff, no superuser): an organiser
    can never take over someone else's account (issue 29)."""
    if user.is_staff or user.is_superuser or not user.is_active:
        return False
    if not _created_here(tournament, user) or _roles_elsewhere(tournament, user):
        return False
    return (
        tournament.organisers.filter(pk=user.pk).exists()
        or tournament.umpires.filter(pk=user.pk).exists()
    )


def may_mail_reset(tournament: Tournament, *, user: Any) -> bool:
    """Otherwise a person of the tournament may be sent a password link to the account's own
    e-mail address (the organiser never sees it)."""
    return (
        mail_configured()
        and bool(user.email)
        and user.is_active
        and (
            tournament.organisers.filter(pk=user.pk).exists()
            or tournament.umpires.filter(pk=user.pk).exists()
        )
    )


def _mail_reset(user: Any) -> None:
    from django.contrib.auth.tokens import default_token_generator
    from django.urls import reverse
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    base = getattr(settings, "SITE_URL", "").rstrip("/")
    path = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )
    send_mail(
        subject=_("Set a new password"),
        message=_(
            "Hello %(name)s,\n\nan organiser asked for a new password for your login "
            "%(login)s. Set it here: %(link)s\n"
            "If you did not ask for this, ignore this message.\n"
        )
        % {"name": display_name(user), "login": user.get_username(), "link": f"{base}{path}"},
        from_email=None,
        recipient_list=[user.email],
    )


def reissue(*, tournament: Tournament, user: Any, actor: Actor) -> Welcome | None:
    """A new set-password link and code for a person of the tournament (forgotten password),
    when :func:`may_reissue`; else, with mail, a reset link to the account's own e-mail
    address (``None``: nothing to show the organiser). Audited either way."""
    if may_reissue(tournament, user=user):
        role = "organiser" if tournament.organisers.filter(pk=user.pk).exists() else "umpire"
        audit(
            tournament,
            actor=actor,
            action="password_code_issued",
            detail={"login": user.get_username()},
        )
        return invite(
            user=user,
            tournament=tournament,
            role=role,
            actor=actor,
            new_account=True,
            role_pending=False,
            name=display_name(user),
        )
    if may_mail_reset(tournament, user=user):
        _mail_reset(user)
        audit(
            tournament,
            actor=actor,
            action="password_link_mailed",
            detail={"login": user.get_username()},
        )
        return None
    audit(
        tournament,
        actor=actor,
        action="password_code_refused",
        detail={"login": user.get_username()},
    )
    raise PeopleError("not_reissuable")


def pending_invitation(tournament: Tournament, *, invitation_id: int | None) -> Invitation | None:
    """An invitation of ``tournament`` not yet accepted, declined or withdrawn."""
    if invitation_id is None:
        return None
    return (
        Invitation.objects.select_related("user")
        .filter(pk=invitation_id, tournament=tournament, role_pending=True, used_at__isnull=True)
        .first()
    )


def renew_invitation(*, tournament: Tournament, invitation: Invitation, actor: Actor) -> Welcome:
    """A new slip for a pending invitation (the old link and code stop working); the same
    answer for a new and an existing login."""
    audit(
        tournament,
        actor=actor,
        action="invitation_renewed",
        detail={"login": invitation.user.get_username(), "role": invitation.role},
    )
    return invite(
        user=invitation.user,
        tournament=tournament,
        role=invitation.role,
        actor=actor,
        new_account=invitation.new_account,
        role_pending=True,
        name=invitation.name,
    )


def withdraw_invitation(*, tournament: Tournament, invitation: Invitation, actor: Actor) -> None:
    """The organiser takes a pending invitation back: its link and code stop working."""
    Invitation.objects.filter(pk=invitation.pk, used_at__isnull=True).update(used_at=timezone.now())
    audit(
        tournament,
        actor=actor,
        action="invitation_withdrawn",
        detail={"login": invitation.user.get_username(), "role": invitation.role},
    )


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
                status=Match.Status.CONFIRMED
            ).update(umpire=None)
        audit(
            tournament,
            actor=actor,
            action=f"{role}_revoked",
            detail={"login": user.get_username(), "name": display_name(user)},
        )


def people(tournament: Tournament) -> list[Person]:
    """Everyone with a role in ``tournament``, organisers first, by name, then the pending
    invitations (the typed name and login only, the same for a new and an existing login)."""
    rows: dict[int, Person] = {}
    for role, relation in (("organiser", tournament.organisers), ("umpire", tournament.umpires)):
        for user in relation.all():
            person = rows.setdefault(
                user.pk,
                Person(
                    user=user,
                    name=display_name(user),
                    login=user.get_username(),
                    pending=not user.has_usable_password(),
                ),
            )
            person.roles.append(role)
    for person in rows.values():
        person.code_allowed = may_reissue(tournament, user=person.user)
        person.mail_allowed = not person.code_allowed and may_mail_reset(
            tournament, user=person.user
        )
    listed = sorted(rows.values(), key=lambda p: ("organiser" not in p.roles, p.name.lower()))
    invited: dict[int, Person] = {}
    for invitation in (
        Invitation.objects.select_related("user")
        .filter(
            tournament=tournament,
            role_pending=True,
            used_at__isnull=True,
            expires_at__gt=timezone.now(),
        )
        .order_by("name", "pk")
    ):
        person = invited.setdefault(
            invitation.user_id,
            Person(
                user=invitation.user,
                name=invitation.name or invitation.user.get_username(),
                login=invitation.user.get_username(),
            ),
        )
        person.invited.append((invitation.role, invitation.pk))
    return listed + list(invited.values())


def create_organiser(*, username: str, name: str, email: str = "") -> Welcome:
    """The first organiser of an installation (``manage.py create_organiser``): a staff
    account that may create tournaments, with a set-password link and code."""
    username = _check_login(username)
    User = get_user_model()
    if User.objects.filter(username__iexact=username).exists():
        raise PeopleError("login_taken", login=username)
    user = User(
        username=username, first_name=(name or username).strip()[:150], email=email, is_staff=True
    )
    user.set_unusable_password()
    user.save()
    return invite(
        user=user, tournament=None, role="organiser", actor=None, send=False, new_account=True
    )
