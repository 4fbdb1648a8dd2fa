"""Login limiting that cannot be turned against a hall (issue 16, finding 3).

django-axes counts failures per (username, address) and locks that pair for a short cool-off
(``AXES_COOLOFF_SECONDS``, default 60 s, not 15 minutes). Behind a venue's NAT everybody shares
one address, so two more rules keep the real user in:

* **Known device.** A successful login leaves a signed cookie naming the account on that
  browser. A login for that account from that browser is never locked out
  (``AXES_WHITELIST_CALLABLE``): a stranger's five wrong passwords do not refuse the
  organiser's right one at her own tablet.
* **Per-address throttle with progressive delays.** After ``LOGIN_IP_FREE_FAILURES`` failures
  from one address (any usernames, counted from axes' records in the database, so every app
  server sees them), each further try from that address must wait 1, 2, 4 … at most
  ``LOGIN_IP_MAX_DELAY`` seconds after the last failure (HTTP 429 with ``Retry-After``).

Issue 29 (one failure a minute from the hall's address kept every new device out): the login
page gives each browser a **device token** before its first try (``scoring/attempts.py``). A
try with a device token is never limited by the address nor by axes' pair lock; it is limited
by its own device's failures (5 free, then 1, 2, 4 … 60 s) and by a short **per-account
delay** (after 10 failures on one account from devices that have not logged in to it: 1, 2, 4
… 30 s). So a stranger's failures slow down only the account he attacks, and only new devices
on it, for seconds; every other account's honest logins from new devices go through. The
address throttle and axes' pair lock remain for tries without a device token (scripts that
keep no cookies).

The client's address is axes' (``REMOTE_ADDR``; behind a reverse proxy set
``AXES_IPWARE_PROXY_COUNT`` so ``X-Forwarded-For`` is read: README, Production).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.views import LoginView
from django.core import signing
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import attempts

DEVICE_COOKIE = "carrom_device"
DEVICE_SALT = "scoring.login_limit.device"
DEVICE_MAX_AGE = 180 * 24 * 3600
#: accounts remembered per browser (a shared hall tablet may have a few)
DEVICE_ACCOUNTS = 5


def _accounts(request: HttpRequest) -> list[str]:
    try:
        value = request.get_signed_cookie(
            DEVICE_COOKIE, default="", salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE
        )
    except signing.BadSignature:
        return []
    return [name for name in (value or "").split("\n") if name][:DEVICE_ACCOUNTS]


def _username(credentials: dict[str, Any] | None, request: HttpRequest) -> str:
    name = (credentials or {}).get("username") or request.POST.get("username") or ""
    return str(name).strip().lower()


def remembered(request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
    """This browser has logged in to this account before."""
    name = _username(credentials, request)
    return bool(name) and name in _accounts(request)


def known_device(request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
    """``AXES_WHITELIST_CALLABLE``: this browser has logged in to this account before, or it
    carries a device token (then ``scoring.attempts`` limits it by device and account, not
    axes by address)."""
    return remembered(request, credentials) or bool(attempts.device_token(request))


def login_checks(request: HttpRequest) -> list[attempts.Check]:
    """What a login try is limited by: its device's failures (or, without a token, nothing
    here: the address throttle and axes do it) and the account's, unless this browser has
    logged in to that account before."""
    name = _username(None, request)[:150]
    checks: list[attempts.Check] = []
    token = attempts.device_token(request)
    if token:
        checks.append((attempts.LOGIN_DEVICE, token))
    if name and not remembered(request):
        checks.append((attempts.LOGIN_ACCOUNT, name))
    return checks


def remember_device(request: HttpRequest, response: HttpResponse, username: str) -> None:
    names = [username.lower()] + [n for n in _accounts(request) if n != username.lower()]
    response.set_signed_cookie(
        DEVICE_COOKIE,
        "\n".join(names[:DEVICE_ACCOUNTS]),
        salt=DEVICE_SALT,
        max_age=DEVICE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def address_wait(request: HttpRequest) -> int:
    """Seconds this address must still wait before its next login try (0: go ahead)."""
    if not getattr(settings, "AXES_ENABLED", False):
        return 0
    from axes.helpers import get_client_ip_address
    from axes.models import AccessAttempt

    ip = get_client_ip_address(request)
    if not ip:
        return 0
    free = getattr(settings, "LOGIN_IP_FREE_FAILURES", 20)
    row = AccessAttempt.objects.filter(ip_address=ip).aggregate(
        failures=Sum("failures_since_start"), last=Max("attempt_time")
    )
    failures, last = row["failures"] or 0, row["last"]
    if failures < free or last is None:
        return 0
    delay = min(2 ** min(failures - free, 16), getattr(settings, "LOGIN_IP_MAX_DELAY", 60))
    waited = (timezone.now() - last).total_seconds()
    return max(0, int(delay - waited + 0.999))


class LimitedLoginView(LoginView):
    """Django's login with the device token, the per-device and per-account limits, the
    per-address throttle for tries without a token, and the known-device cookie."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return attempts.give_device_token(request, super().get(request, *args, **kwargs))

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        wait = attempts.wait(login_checks(request))
        if not wait and not attempts.device_token(request) and not remembered(request):
            wait = address_wait(request)
        if wait:
            # an unbound form: validating this one would try the password (and count)
            form = self.get_form_class()(
                request=request, initial={"username": request.POST.get("username", "")}
            )
            message = (
                _("Too many failed logins from this network. Try again in %(seconds)s seconds.")
                if not attempts.device_token(request)
                else _("Too many failed logins. Try again in %(seconds)s seconds.")
            )
            response = self.render_to_response(
                self.get_context_data(form=form, throttled=message % {"seconds": wait})
            )
            return attempts.throttled_response(response, wait)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: Any) -> HttpResponse:
        if form.data.get("username") and form.data.get("password"):
            attempts.failed(login_checks(self.request))
        return super().form_invalid(form)

    def form_valid(self, form: Any) -> HttpResponse:
        checks = login_checks(self.request)
        response = super().form_valid(form)
        attempts.cleared(checks)
        remember_device(self.request, response, form.get_user().get_username())
        return response

    def get_success_url(self) -> str:
        """Pending invitations first, when no page was asked for (issue 29)."""
        url = self.get_redirect_url()
        if not url:
            from scoring.services.people import invitations_of

            if invitations_of(self.request.user):
                from django.urls import reverse

                return reverse("scoring:people-invitations")
        return url or self.get_default_redirect_url()
