"""Attempt limits on everything a person types that a stranger could guess (issue 29): a
login's password, a check-in code, a set-password code.

Failures are counted in the database (``AttemptCounter``, so every app server sees them) per
*scope* and *key*: a device, an account, a roll call, an address. After a scope's free failures
each further try on that key waits 1, 2, 4 … at most ``max_delay`` seconds after the last
failure (HTTP 429 with ``Retry-After``); failures older than ``forget`` seconds are forgotten.

The care that keeps a hall in (the same as for logins, ``scoring/login_limit.py``): a browser
gets a **device token** (a signed cookie) on the first page that shows such a form, before its
first try. A request with a device token is limited by its own failures and by its target's
(the account, the roll call), never by the address it shares with the whole hall behind one
NAT; only a request without a token (a script that keeps no cookies) is limited by its
address. A stranger's failures so cost the honest devices of the hall nothing, except on the
very account or roll call he attacks, where the wait is short.
"""

from __future__ import annotations

import datetime
import hashlib
import math
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

DEVICE_TOKEN_COOKIE = "carrom_device_id"
DEVICE_TOKEN_SALT = "scoring.attempts.device"
DEVICE_TOKEN_MAX_AGE = 365 * 24 * 3600


@dataclass(frozen=True)
class Limit:
    """A scope of failures: ``free`` failures before any wait, then 1, 2, 4 … seconds up to
    ``max_delay``; failures older than ``forget`` seconds do not count."""

    scope: str
    free: int
    max_delay: int
    forget: int = 3600


#: a browser's own failures (any account or code)
LOGIN_DEVICE = Limit("login-device", free=5, max_delay=60)
#: one account's failures from every device that has not logged in to it before: a short
#: delay per account, never a lock-out of the hall
LOGIN_ACCOUNT = Limit("login-account", free=10, max_delay=30)
#: failures of requests without a device token, per address
LOGIN_ADDRESS = Limit("login-address", free=20, max_delay=60)

CHECKIN_DEVICE = Limit("checkin-device", free=5, max_delay=60)
#: one roll call's failures from everywhere: many, short waits (6 digits: 262,144 codes)
CHECKIN_ROLL_CALL = Limit("checkin-roll-call", free=100, max_delay=10)
CHECKIN_ADDRESS = Limit("checkin-address", free=20, max_delay=60)

WELCOME_DEVICE = Limit("welcome-device", free=5, max_delay=60)
WELCOME_ACCOUNT = Limit("welcome-account", free=5, max_delay=60)
WELCOME_ADDRESS = Limit("welcome-address", free=20, max_delay=60)

Check = tuple[Limit, str]

#: rows older than this (longer than any ``forget``) are deleted, on one failure in
#: ``PURGE_ONE_IN``
PURGE_AFTER = 24 * 3600
PURGE_ONE_IN = 50


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


def _enabled() -> bool:
    return bool(getattr(settings, "ATTEMPT_LIMITS", True))


def delay_after(limit: Limit, failures: int) -> int:
    """Seconds to wait after the last of ``failures`` failures (0: none)."""
    if failures < limit.free:
        return 0
    return int(min(2 ** min(failures - limit.free, 16), limit.max_delay))


def wait(checks: Iterable[Check]) -> int:
    """Seconds still to wait before the next try of ``checks`` (0: go ahead); one query."""
    checks = [(limit, key) for limit, key in checks if key]
    if not checks or not _enabled():
        return 0
    from scoring.models import AttemptCounter

    by_key = {(limit.scope, _hash(key)): limit for limit, key in checks}
    query = Q()
    for scope, hashed in by_key:
        query |= Q(scope=scope, key=hashed)
    now = timezone.now()
    longest = 0.0
    for row in AttemptCounter.objects.filter(query):
        limit = by_key[(row.scope, row.key)]
        since = (now - row.last_failure_at).total_seconds()
        if since > limit.forget:
            continue
        longest = max(longest, delay_after(limit, row.failures) - since)
    return max(0, math.ceil(longest))


def failed(checks: Iterable[Check]) -> None:
    """Count one failure for each of ``checks``."""
    if not _enabled():
        return
    from scoring.models import AttemptCounter

    now = timezone.now()
    if secrets.randbelow(PURGE_ONE_IN) == 0:  # the table stays small: old rows go now and then
        AttemptCounter.objects.filter(
            last_failure_at__lt=now - datetime.timedelta(seconds=PURGE_AFTER)
        ).delete()
    for limit, key in checks:
        if not key:
            continue
        hashed = _hash(key)
        rows = AttemptCounter.objects.filter(scope=limit.scope, key=hashed)
        stale = now - datetime.timedelta(seconds=limit.forget)
        if rows.filter(last_failure_at__lt=stale).update(failures=1, last_failure_at=now):
            continue
        if rows.update(failures=F("failures") + 1, last_failure_at=now):
            continue
        try:
            with transaction.atomic():
                AttemptCounter.objects.create(
                    scope=limit.scope, key=hashed, failures=1, last_failure_at=now
                )
        except IntegrityError:  # another request made the row first
            rows.update(failures=F("failures") + 1, last_failure_at=now)


def cleared(checks: Iterable[Check]) -> None:
    """Forget the failures of ``checks`` (after a success: the device's and the account's)."""
    from scoring.models import AttemptCounter

    query = Q()
    any_check = False
    for limit, key in checks:
        if key:
            query |= Q(scope=limit.scope, key=_hash(key))
            any_check = True
    if any_check:
        AttemptCounter.objects.filter(query).delete()


# --- the device token ---------------------------------------------------------------------------


def device_token(request: HttpRequest) -> str:
    """This browser's device token (``""`` when it has none or a forged one)."""
    cached = getattr(request, "_device_token", None)
    if cached is not None:
        return str(cached)
    try:
        value = request.get_signed_cookie(
            DEVICE_TOKEN_COOKIE, default="", salt=DEVICE_TOKEN_SALT, max_age=DEVICE_TOKEN_MAX_AGE
        )
    except Exception:  # noqa: BLE001 - a bad signature or a garbled cookie: no token
        value = ""
    value = value if isinstance(value, str) and 16 <= len(value) <= 64 else ""
    request._device_token = value  # type: ignore[attr-defined]
    return value


def give_device_token(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Set a device token on ``response`` unless the browser has one (the pages that show a
    login or code form call this on GET: the token exists before the first try)."""
    if not device_token(request):
        token = secrets.token_urlsafe(18)
        request._device_token = token  # type: ignore[attr-defined]
        response.set_signed_cookie(
            DEVICE_TOKEN_COOKIE,
            token,
            salt=DEVICE_TOKEN_SALT,
            max_age=DEVICE_TOKEN_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response


def address(request: HttpRequest) -> str:
    """The client's address as django-axes reads it (``AXES_IPWARE_PROXY_COUNT``)."""
    try:
        from axes.helpers import get_client_ip_address

        return str(get_client_ip_address(request) or "")
    except Exception:  # noqa: BLE001 - no axes configured: the socket's address
        return str(request.META.get("REMOTE_ADDR") or "")


def checks_for(
    request: HttpRequest, *, device: Limit, address_limit: Limit, targets: Iterable[Check] = ()
) -> list[Check]:
    """The checks of one try: the device's own (or, without a device token, the address's)
    and the target's."""
    token = device_token(request)
    first: Check = (device, token) if token else (address_limit, address(request))
    return [first, *targets]


def throttled_response(response: HttpResponse, seconds: int) -> HttpResponse:
    """``response`` as HTTP 429 with ``Retry-After``."""
    response.status_code = 429
    response["Retry-After"] = str(seconds)
    return response
