"""Login rate limiting (django-axes): five failures for one username from one address lock
that pair out; other addresses and other users are not locked out."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from .conftest import PASSWORD, user


def login(client, username: str, password: str, ip: str = "10.1.1.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def test_production_settings_limit_logins() -> None:
    import carrom_tournament.settings as production

    assert production.AXES_ENABLED is True and production.AXES_FAILURE_LIMIT == 5
    assert production.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]
    assert production.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert "axes.middleware.AxesMiddleware" in settings.MIDDLEWARE


@pytest.mark.django_db
@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5)
def test_five_failed_logins_lock_the_username_from_that_address(client) -> None:
    user("olga")
    assert login(client, "olga", PASSWORD).status_code == 302  # works
    client.logout()
    for _ in range(4):
        assert login(client, "olga", "wrong").status_code == 200  # the form again
    assert login(client, "olga", "wrong").status_code == 429  # the fifth: locked out
    # now even the right password is refused from this address...
    response = login(client, "olga", PASSWORD)
    assert response.status_code == 429 and "_auth_user_id" not in client.session
    # ...while another address, or another user from this one, may still log in
    assert login(client, "olga", PASSWORD, ip="10.2.2.2").status_code == 302
    client.logout()
    user("ulf")
    assert login(client, "ulf", PASSWORD).status_code == 302


# --- issue 16, finding 3: the lockout cannot be turned against a hall --------------------------


def logout_keeping_device(client) -> None:
    """Log out as the site's logout does (the test client's logout drops every cookie)."""
    from scoring.login_limit import DEVICE_COOKIE

    device = client.cookies[DEVICE_COOKIE].value
    client.logout()
    client.cookies[DEVICE_COOKIE] = device


def test_cool_off_is_seconds_not_minutes() -> None:
    import carrom_tournament.settings as production

    assert production.AXES_COOLOFF_TIME.total_seconds() <= 60
    assert production.AXES_WHITELIST_CALLABLE == "scoring.login_limit.known_device"


@pytest.mark.django_db
@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5)
def test_a_stranger_behind_the_nat_cannot_lock_the_organiser_out_of_her_tablet(client) -> None:
    from django.test import Client

    user("olga")
    assert login(client, "olga", PASSWORD).status_code == 302  # her tablet: known from now on
    logout_keeping_device(client)
    stranger = Client()
    for _ in range(8):  # the same address (the venue's NAT), wrong passwords
        login(stranger, "olga", "wrong")
    assert login(stranger, "olga", PASSWORD).status_code == 429  # a new device: locked
    response = login(client, "olga", PASSWORD)  # her own tablet: still in
    assert response.status_code == 302 and "_auth_user_id" in client.session


@pytest.mark.django_db
@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5)
def test_the_pair_lock_ends_after_the_cool_off(client) -> None:
    from axes.models import AccessAttempt

    user("olga")
    for _ in range(5):
        login(client, "olga", "wrong")
    assert login(client, "olga", PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=F_past(61))
    assert login(client, "olga", PASSWORD).status_code == 302


def F_past(seconds: int):
    from django.utils import timezone

    return timezone.now() - datetime.timedelta(seconds=seconds)


class AddressClock:
    """The throttle's clock (``scoring.login_limit``'s "now"), held still: :meth:`after` sets
    it ``seconds`` after the address's last failure, so a wait is measured exactly, however
    long a login takes on a busy machine (the failures themselves are stored by axes at the
    real time)."""

    def __init__(self) -> None:
        from django.utils import timezone

        self.frozen = timezone.now()

    def now(self):
        return self.frozen

    def after(self, seconds: float) -> None:
        from axes.models import AccessAttempt
        from django.db.models import Max

        last = AccessAttempt.objects.aggregate(last=Max("attempt_time"))["last"]
        self.frozen = last + datetime.timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch) -> AddressClock:
    import types

    from django.utils import timezone

    held = AddressClock()
    monkeypatch.setattr(
        "scoring.login_limit.timezone", types.SimpleNamespace(**{**vars(timezone), "now": held.now})
    )
    return held


@pytest.mark.django_db
@override_settings(
    AXES_ENABLED=True, AXES_FAILURE_LIMIT=5, LOGIN_IP_FREE_FAILURES=20, LOGIN_IP_MAX_DELAY=60
)
def test_one_address_trying_many_usernames_is_slowed_down(client, clock) -> None:
    from axes.models import AccessAttempt

    answers = [login(client, f"guess{i:02d}", "wrong").status_code for i in range(60)]
    assert answers[:20] == [200] * 20  # 20 free failures
    assert set(answers[20:]) == {429}  # then: a wait between tries (the clock stands still)
    clock.after(0)
    response = login(client, "guess99", "wrong")
    assert response.status_code == 429 and response["Retry-After"] == "1"
    assert "Try again in" in response.content.decode()
    # the wait grows with every failure (1, 2, 4 … seconds) and stops at the maximum
    from django.db.models import Sum

    assert AccessAttempt.objects.aggregate(n=Sum("failures_since_start"))["n"] == 20
    clock.after(0.9)
    assert login(client, "guess98", "wrong").status_code == 429  # 20 failures: 1 s ...
    clock.after(1)
    assert login(client, "guess98", "wrong").status_code == 200  # ... waited
    clock.after(1.5)
    assert login(client, "guess95", "wrong").status_code == 429  # 21 failures: 2 s ...
    clock.after(2)
    assert login(client, "guess94", "wrong").status_code == 200  # ... waited
    clock.after(3)
    assert login(client, "guess93", "wrong").status_code == 429  # 22 failures: 4 s
    for i in range(12):  # 34 failures: 2**14 s, held at the maximum
        clock.after(60)
        assert login(client, f"more{i:02d}", "wrong").status_code == 200
    clock.after(59)
    answer = login(client, "guess97", "wrong")
    assert answer.status_code == 429 and answer["Retry-After"] == "1"
    clock.after(60)
    assert login(client, "guess97", "wrong").status_code == 200  # waited the maximum
    # another address is not slowed down
    assert login(client, "guess96", "wrong", ip="10.9.9.9").status_code == 200


@pytest.mark.django_db
@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5, LOGIN_IP_FREE_FAILURES=3)
def test_a_known_device_is_not_slowed_down_by_the_address(client) -> None:
    from django.test import Client

    user("olga")
    assert login(client, "olga", PASSWORD).status_code == 302
    logout_keeping_device(client)
    stranger = Client()
    for i in range(6):
        login(stranger, f"guess{i}", "wrong")
    assert login(stranger, "olga", PASSWORD).status_code == 429
    assert login(client, "olga", PASSWORD).status_code == 302
