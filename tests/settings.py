"""Settings for the test suite: the project settings with test-friendly overrides."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

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

# On SQLite the test database is a file, not Django's default in-memory database: an in-memory
# database is shared with the live server as ONE connection, which the live server's request
# threads (a page's polls, answered at once) would then use together ("bad parameter or other
# API misuse", lost sessions). With a file every thread has a connection of its own, in WAL
# mode as in a deployment. In RAM where the machine has /dev/shm; one file per test process
# (pytest-django adds the xdist worker's suffix), removed when the run ends.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    _shm = Path("/dev/shm")
    _test_db_dir = _shm if os.access(_shm, os.W_OK) else Path(tempfile.gettempdir())
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(_test_db_dir / f"carrom-test-{os.getpid()}.sqlite3"),
    }

# Background tasks run at once, inside the request that enqueues them (issue 31).
TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
