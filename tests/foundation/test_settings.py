"""Environment-driven settings: database default, SQLite tuning, environment parsing."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from tests.foundation.helpers import run_manage

PROBE_SQLITE = """
import json
from django.conf import settings
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    journal_mode = cursor.fetchone()[0]
    cursor.execute("PRAGMA busy_timeout")
    busy_timeout = cursor.fetchone()[0]
print(json.dumps({
    "name": str(settings.DATABASES["default"]["NAME"]),
    "engine": settings.DATABASES["default"]["ENGINE"],
    "journal_mode": journal_mode,
    "busy_timeout": busy_timeout,
    "transaction_mode": connection.transaction_mode,
}))
"""


def test_default_database_is_sqlite_file_in_project_folder_with_wal_and_busy_timeout(tmp_path):
    # An explicit sqlite URL to a temporary file gets the same tuning as the default file.
    db_file = tmp_path / "probe.sqlite3"
    result = run_manage("shell", "-c", PROBE_SQLITE, env={"DATABASE_URL": f"sqlite:///{db_file}"})

    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout.strip().splitlines()[-1])
    assert probe["engine"] == "django.db.backends.sqlite3"
    assert probe["journal_mode"] == "wal"
    assert probe["busy_timeout"] == 20_000
    assert probe["transaction_mode"] == "IMMEDIATE"


def test_without_database_url_the_default_is_db_sqlite3_in_the_project_folder():
    result = run_manage(
        "shell", "-c", "from django.conf import settings; print(settings.DATABASES)", env={}
    )

    assert result.returncode == 0, result.stderr
    assert str(settings.BASE_DIR / "db.sqlite3") in result.stdout


def test_database_url_selects_postgresql():
    result = run_manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'])",
        env={"DATABASE_URL": "postgres://carrom:secret@db.example:5432/carrom"},
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("django.db.backends.postgresql")


def test_invalid_boolean_is_reported_clearly():
    result = run_manage("check", env={"DEBUG": "maybe"})

    assert result.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in result.stderr


@pytest.mark.parametrize(
    "middleware",
    [
        "django.middleware.locale.LocaleMiddleware",
        "django.middleware.csp.ContentSecurityPolicyMiddleware",
        "django_htmx.middleware.HtmxMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ],
)
def test_required_middleware_is_installed(middleware):
    assert middleware in settings.MIDDLEWARE


def test_whitenoise_comes_right_after_security_middleware():
    assert settings.MIDDLEWARE[:2] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ]


def test_languages_are_english_german_french_and_italian():
    assert [code for code, _name in settings.LANGUAGES] == ["en", "de", "fr", "it"]
