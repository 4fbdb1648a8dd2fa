"""Fixtures shared by the whole suite (rules, draws, pdf, foundation and browser tests)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from tests.browser import CHROMIUM, CHROMIUM_ARGS, TABLET_PORTRAIT

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


def _drives_browser(item: pytest.Item) -> bool:
    """Whether the test uses Playwright (``page``, ``browser`` and ``context`` all depend on the
    session's ``playwright`` fixture)."""
    return "playwright" in getattr(item, "fixturenames", ())


#: Browser tests that check only how pages look to their readers (text zoom, colour, focus,
#: motion, axe, words that fit, no English left): the database behind the pages does not
#: change what they check, so CI's PostgreSQL run may leave them to the SQLite run.
PRESENTATION = {
    "test_text_zoom.py",
    "test_colour_not_alone.py",
    "test_keyboard_focus.py",
    "test_reduced_motion.py",
    "test_accessibility.py",
    "test_words_fit.py",
    "test_languages.py",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/e2e/ is a browser test, marked ``e2e`` (still run by make test);
    the pages' looks are marked ``presentation`` as well (see :data:`PRESENTATION`).

    The tests that drive the browser run last: once Playwright has started, its event loop runs
    in the test thread until the session ends, and Django refuses ORM calls made while a loop
    runs unless ``DJANGO_ALLOW_ASYNC_UNSAFE`` is set (see :func:`playwright`). Run last, they
    are the only tests that see that variable."""
    for item in items:
        if E2E_DIR in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.e2e)
            if Path(str(item.path)).name in PRESENTATION:
                item.add_marker(pytest.mark.presentation)
    items.sort(key=_drives_browser)  # stable: each group keeps its order


@pytest.fixture(scope="session")
def playwright(playwright: Any) -> Iterator[Any]:
    """pytest-playwright's Playwright, with ``DJANGO_ALLOW_ASYNC_UNSAFE`` set for as long as it
    runs: its sync API keeps an event loop running in the test thread, and the browser tests
    (sorted last, see :func:`pytest_collection_modifyitems`) call the ORM from that thread."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield playwright
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


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


@pytest.fixture
def organiser(django_user_model: Any) -> Any:
    """A staff account that organises :func:`tournament`."""
    return django_user_model.objects.create_user("orga", password="pw", is_staff=True)


@pytest.fixture
def tournament(db: None, organiser: Any) -> Any:
    """A two-day tournament with four tables, organised by :func:`organiser` (folders with a
    tournament of their own, such as tests/live and tests/trust, override it)."""
    from tests.factories import make_tournament

    return make_tournament(organiser=organiser)


@pytest.fixture
def actor(organiser: Any) -> Any:
    """The organiser as the services' actor (may edit locked matches)."""
    from scoring.services.matches import Actor

    return Actor(user=organiser, via="organiser", may_edit_locked=True)


@pytest.fixture(autouse=True)
def _reset_process_caches() -> None:
    """Each test starts with nothing kept from the one before: the process's memos of stored
    data (the log, the replays, the tablet's regions) and Django's cache (rendered live
    partials and API documents are cached under their ETags); see tests/caches.py."""
    from tests.caches import empty_process_caches

    empty_process_caches()


@pytest.fixture(autouse=True)
def _reset_language() -> Iterator[None]:
    """Each test starts in English, whatever the previous one activated."""
    translation.activate("en")
    yield
    translation.activate("en")


class _AnsweringCount:
    """The live server's application, counting the requests it is still answering: a request
    is answered once its response is closed (a streamed body reads the database until then)."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.answering = 0
        self._lock = threading.Condition()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        with self._lock:
            self.answering += 1
        try:
            return _Answer(self.app(environ, start_response), self._done)
        except BaseException:
            self._done()
            raise

    def _done(self) -> None:
        with self._lock:
            self.answering -= 1
            self._lock.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Whether no request was being answered for a short while within ``timeout``
        seconds (a request sent just before the browser closed may still be arriving)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                left = deadline - time.monotonic()
                if self.answering == 0:
                    self._lock.wait(min(0.2, max(left, 0)))  # woken only by a new answer's end
                    if self.answering == 0:
                        return True
                if left <= 0:
                    return False
                self._lock.wait(left)


class _Answer:
    """A response body whose ``close`` tells :class:`_AnsweringCount` it is answered."""

    def __init__(self, body: Iterable[bytes], done: Callable[[], None]) -> None:
        self.body = body
        self.done = done

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.done()


@pytest.fixture(autouse=True)
def _live_server_quiet_before_flush(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test's database is emptied (``transactional_db``: TRUNCATE on PostgreSQL)
    only once the browser is closed and the live server has answered every request: a tablet's
    poll still being answered while the tables are truncated can deadlock with the TRUNCATE
    (PostgreSQL then refuses the flush and the next test starts with this one's rows).

    Requested before the test's own fixtures, this fixture is torn down after them (the
    ``page`` and its context are closed by then) and before ``transactional_db``."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # set up first, emptied last
    httpd = request.getfixturevalue("live_server").thread.httpd
    app = httpd.get_app()
    if not isinstance(app, _AnsweringCount):
        app = _AnsweringCount(app)
        httpd.set_app(app)
    yield
    if "browser" in request.fixturenames:  # contexts a test opened itself and left open
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()
    app.wait_idle(timeout=30)
