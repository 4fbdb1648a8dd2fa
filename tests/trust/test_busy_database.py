"""A database that stays busy past its limit answers 503 "nothing saved", never a 500 (issue 16:
"no request runs past the worker's timeout (a clear message instead)")."""

from __future__ import annotations

import threading

import pytest
from django.db import OperationalError, connection
from django.test import RequestFactory
from django.utils import translation

from scoring.views.errors import DatabaseBusyMiddleware, database_busy
from tests.foundation.helpers import run_manage


def _middleware() -> DatabaseBusyMiddleware:
    return DatabaseBusyMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]


@pytest.mark.parametrize(
    "words",
    [
        "database is locked",
        "database table is locked: scoring_match",
        "canceling statement due to statement timeout",
        "canceling statement due to lock timeout",
    ],
)
def test_busy_words_are_recognised(words):
    assert database_busy(OperationalError(words))


@pytest.mark.parametrize(
    "exception",
    [
        OperationalError("no such table: scoring_match"),
        ValueError("database is locked"),
        RuntimeError("boom"),
    ],
)
def test_other_errors_stay_errors(exception):
    assert not database_busy(exception)
    request = RequestFactory().post("/t/x/")
    assert _middleware().process_exception(request, exception) is None


@pytest.mark.django_db
def test_page_answers_503_with_a_clear_message_and_retry_after():
    request = RequestFactory().post("/t/cup/organiser/event/1/import/")
    with translation.override("en"):
        response = _middleware().process_exception(request, OperationalError("database is locked"))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Cache-Control"] == "no-store"
    text = response.content.decode()
    assert "nothing was saved" in text
    assert "Traceback" not in text


@pytest.mark.django_db
def test_page_answer_is_german_when_the_language_is():
    request = RequestFactory().get("/t/cup/")
    with translation.override("de"):
        response = _middleware().process_exception(request, OperationalError("database is locked"))
    assert "nichts gespeichert" in response.content.decode()


def test_api_answers_json():
    request = RequestFactory().get("/api/v1/matches/1/")
    response = _middleware().process_exception(
        request, OperationalError("canceling statement due to statement timeout")
    )
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/json")
    assert b'"status": 503' in response.content


def test_the_500_handler_answers_503_for_a_busy_database_raised_outside_a_view():
    from scoring.views.errors import server_error

    request = RequestFactory().get("/api/v1/matches/1/")
    try:
        raise OperationalError("database is locked")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503
    try:
        raise KeyError("x")
    except KeyError:
        assert server_error(request).status_code == 500


def test_middleware_is_installed_after_the_api_errors():
    from django.conf import settings

    names = settings.MIDDLEWARE
    assert names.index("scoring.views.errors.DatabaseBusyMiddleware") > names.index(
        "scoring.views.errors.ApiErrorsMiddleware"
    )


@pytest.mark.django_db(transaction=True)
def test_a_write_behind_a_held_lock_gets_503_and_writes_nothing(client, django_user_model):
    """A real lock: another connection holds SQLite's write lock longer than this request's
    wait limit; the organiser's form post answers 503 and no tournament is made."""
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL's limits are connection options (test below)")
    from scoring.models import Tournament

    organiser = django_user_model.objects.create_user("olga", password="pw", is_staff=True)
    client.force_login(organiser)
    held, release = threading.Event(), threading.Event()

    def hold_lock() -> None:
        import sqlite3

        other = sqlite3.connect(connection.settings_dict["NAME"], timeout=5)
        other.execute("BEGIN IMMEDIATE")
        held.set()
        release.wait(10)
        other.rollback()
        other.close()

    holder = threading.Thread(target=hold_lock)
    holder.start()
    assert held.wait(5)
    options = connection.settings_dict["OPTIONS"]
    previous = options.get("timeout")
    connection.close()
    options["timeout"] = 0.2
    try:
        response = client.post(
            "/organiser/tournaments/new/",
            {
                "name": "Busy Cup",
                "start_date": "2026-12-05",
                "end_date": "2026-12-06",
                "table_count": 4,
                "default_rules": "icf",
            },
            HTTP_ACCEPT_LANGUAGE="en",
        )
    finally:
        release.set()
        holder.join()
        connection.close()
        options["timeout"] = previous
    assert response.status_code == 503
    assert "nothing was saved" in response.content.decode()
    assert not Tournament.objects.filter(name="Busy Cup").exists()


def test_postgresql_connections_get_statement_and_lock_timeouts():
    result = run_manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DATABASES['default']['OPTIONS'])",
        env={
            "DATABASE_URL": "postgres://carrom:secret@db.example:5432/carrom",
            "DB_STATEMENT_TIMEOUT_MS": "15000",
        },
    )
    assert result.returncode == 0, result.stderr
    assert "-c statement_timeout=15000 -c lock_timeout=10000" in result.stdout
