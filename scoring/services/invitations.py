"""The invited person's side of an invitation (issue 16): the invitations a login holds,
accepting or declining one, finding it by the slip's link or code, and setting the password
with it. The organiser's side (inviting, re-issuing, revoking) is :mod:`.people`, which
re-exports these names."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring.models import Invitation
from scoring.names import display_name
from scoring.services.audit import Actor, audit
from scoring.services.tournaments import TournamentError


class PeopleError(TournamentError):
    """Something the organiser can fix; ``code`` is stable, the view translates it."""


def secret_hash(value: str) -> str:
    """What is stored of a link's token or a slip's code: its SHA-256, never the secret."""
    return hashlib.sha256(value.encode()).hexdigest()


def normal_code(code: str) -> str:
    """A slip's code as typed (spaces, dashes, lower case) in the form that was hashed."""
    return "".join(ch for ch in str(code)[:100].upper() if ch.isascii() and ch.isalnum())


def _grant(invitation: Invitation, via: str) -> None:
    """Give the invitation's role (inside the caller's transaction) and audit it."""
    tournament = invitation.tournament
    if tournament is None or not invitation.role_pending:
        return
    relation = tournament.organisers if invitation.role == "organiser" else tournament.umpires
    relation.add(invitation.user)
    audit(
        tournament,
        actor=Actor(user=invitation.user, via=via),
        action="invitation_accepted",
        detail={
            "login": invitation.user.get_username(),
            "role": invitation.role,
            "name": display_name(invitation.user),
        },
    )


def _spend(invitation: Invitation) -> None:
    if not Invitation.objects.filter(pk=invitation.pk, used_at__isnull=True).update(
        used_at=timezone.now()
    ):
        raise PeopleError("spent")


def accept_invitation(*, invitation: Invitation, user: Any) -> None:
    """The invited person, logged in to their own account, accepts: the role is theirs."""
    if invitation.user_id != getattr(user, "pk", None):
        raise PeopleError("not_your_invitation")
    if _valid(invitation) is None:
        raise PeopleError("spent")
    with transaction.atomic():
        _spend(invitation)
        _grant(invitation, via="account")


def decline_invitation(*, invitation: Invitation, user: Any) -> None:
    """The invited person declines (audited); nothing else changes."""
    if invitation.user_id != getattr(user, "pk", None):
        raise PeopleError("not_your_invitation")
    with transaction.atomic():
        _spend(invitation)
        if invitation.tournament is not None:
            audit(
                invitation.tournament,
                actor=Actor(user=user, via="account"),
                action="invitation_declined",
                detail={"login": user.get_username(), "role": invitation.role},
            )


def invitations_of(user: Any) -> list[Invitation]:
    """The pending invitations of ``user`` (their own invitations page)."""
    now = timezone.now()
    return list(
        Invitation.objects.select_related("tournament")
        .filter(
            user=user,
            role_pending=True,
            used_at__isnull=True,
            expires_at__gt=now,
            tournament__isnull=False,
        )
        .order_by("-created_at")[:50]
    )


def invitation_of_user(user: Any, *, invitation_id: int | None) -> Invitation | None:
    if invitation_id is None:
        return None
    return _valid(
        Invitation.objects.select_related("user", "tournament")
        .filter(pk=invitation_id, user=user, role_pending=True)
        .first()
    )


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
    return _valid(
        Invitation.objects.select_related("user").filter(token_hash=secret_hash(token)).first()
    )


def invitation_for_code(username: str, *, code: str) -> Invitation | None:
    """The unused, unexpired invitation of a login and printed code, or ``None``."""
    normal = normal_code(code)
    if not username or len(normal) != 8:
        return None
    found = (
        Invitation.objects.select_related("user")
        .filter(
            user__username__iexact=username.strip(),
            code_hash=secret_hash(normal),
            used_at__isnull=True,
        )
        .first()
    )
    return _valid(found)


def set_password(*, invitation: Invitation, password: str) -> Any:
    """Spend ``invitation``: the account's password is set (Django's validators apply) and a
    pending role is given. Only an invitation that made its account sets a password; an
    existing account is accepted by logging in (issue 29).

    :raises PeopleError: ``bad_password`` with the validators' messages, ``spent``, or
        ``log_in_to_accept``.
    """
    user = invitation.user
    if not invitation.new_account:
        raise PeopleError("log_in_to_accept", login=user.get_username())
    try:
        validate_password(password, user)
    except ValidationError as err:
        raise PeopleError("bad_password", messages=list(err.messages)) from err
    with transaction.atomic():
        _spend(invitation)
        user.set_password(password)
        user.save(update_fields=["password"])
        _grant(invitation, via="link")
    return user
