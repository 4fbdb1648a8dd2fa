"""Settings for the test suite: the project settings with test-friendly overrides."""

from __future__ import annotations

from carrom_tournament.settings import *  # noqa: F403

# Tests never depend on the developer's production-style environment.
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "testserver"]
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False

# Plain storage: the manifest storage would need `collectstatic` before every test run.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from the finders (pytest-django forces DEBUG=False).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Fast hashing: tests create users often.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Login rate limiting is off for the suite (logins in tests pass no request to authenticate());
# tests/trust/test_login_limit.py switches it on to show the lockout.
AXES_ENABLED = False

# The browser tests wait until the live server answers no request before they begin
# (tests/inflight.py: a request left over from the previous test would hold SQLite's tables).
# Right after security and static files (served without the database), as the project's order
# requires (tests/foundation/test_settings.py).
MIDDLEWARE = [*MIDDLEWARE[:2], "tests.inflight.InFlightMiddleware", *MIDDLEWARE[2:]]  # noqa: F405
