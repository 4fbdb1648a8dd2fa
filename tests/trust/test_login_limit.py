"""Login rate limiting (django-axes): five failures for one username from one address lock
that pair out; other addresses and other users are not locked out."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from .conftest import PASSWORD, user


def login(client, username: str, password: str, ip: str = "10.1.1.1"):
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=ip)


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
