"""`manage.py check --deploy` is clean with the documented production variables."""

from __future__ import annotations

import secrets

from tests.foundation.helpers import read_env_example, run_manage


def production_env(**overrides: str) -> dict[str, str]:
    env = read_env_example()
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    env.update(overrides)
    return env


def test_check_deploy_reports_no_warnings_with_production_variables():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_flags_debug_true():
    """Control: the same check does complain when production settings are wrong."""
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING", env=production_env(DEBUG="true")
    )

    assert result.returncode != 0
    assert "security.W018" in result.stdout + result.stderr


def test_missing_secret_key_is_refused_when_debug_is_off():
    env = production_env()
    env["SECRET_KEY"] = ""

    result = run_manage("check", env=env)

    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is false" in result.stderr
