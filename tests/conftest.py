"""Fixtures shared by the whole suite (rules, draws, pdf, foundation and browser tests)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.utils import translation

# Playwright's sync API runs an event loop in the test thread; Django's live_server and ORM calls
# from the test then need this (known pytest-django + Playwright interaction).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Debian's Chromium; never a browser downloaded by `playwright install` (no download works here).
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
TABLET_PORTRAIT = {"width": 768, "height": 1024}
TABLET_LANDSCAPE = {"width": 1024, "height": 768}

E2E_DIR = Path(__file__).parent / "e2e"


def pytest_report_header(config: pytest.Config) -> str:
    """Say which database this run uses (CI runs the suite on SQLite and on PostgreSQL)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    vendor = database["ENGINE"].rsplit(".", 1)[-1]
    host = f" on {database['HOST']}:{database['PORT']}" if database.get("HOST") else ""
    return f"database: {vendor}{host}; browser: {CHROMIUM}"


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove what is left of this process's SQLite test database (tests/settings.py): Django
    deletes the file, but the -wal and -shm files of the live server's connections stay."""
    from django.conf import settings

    if not settings.configured:
        return
    name = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3") and name:
        for left in Path(name).parent.glob(f"{Path(name).name}*"):
            left.unlink(missing_ok=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/e2e/ is a browser test, marked ``e2e`` (still run by make test)."""
    for item in items:
        if E2E_DIR in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}. Install Debian's: apt-get install -y chromium "
            "(or set CHROMIUM_PATH). Never run `playwright install`.",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A touch tablet in portrait orientation, English unless a test switches language."""
    return {
        **browser_context_args,
        "viewport": TABLET_PORTRAIT,
        "has_touch": True,
        "locale": "en-GB",
    }


@pytest.fixture(autouse=True)
def _live_server_idle(request: pytest.FixtureRequest):
    """A browser test begins when the live server answers no request left from the test
    before (tests/inflight.py), and its database is emptied only when the requests of its
    closed pages are answered (this fixture then depends on ``transactional_db``, so its
    teardown runs before the flush)."""
    if request.node.get_closest_marker("e2e") is None:
        yield
        return
    from tests.inflight import wait_idle

    if "transactional_db" in request.fixturenames:
        request.getfixturevalue("transactional_db")
    wait_idle()
    yield
    wait_idle()


@pytest.fixture(autouse=True)
def _reset_language():
    """Each test starts in English, whatever the previous one activated, with an empty cache
    (rendered live partials and API documents are cached under their ETags)."""
    from django.core.cache import cache

    cache.clear()
    translation.activate("en")
    yield
    translation.activate("en")
