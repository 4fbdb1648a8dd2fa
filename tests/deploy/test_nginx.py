"""The hall's reverse proxy (issue 29): nginx started with the repository's configuration
(``deploy/nginx.conf`` rendered by ``deploy/serve.py``) in front of a test server. The public
polled answers are kept one second and answered with 304 for a current ETag; tablets,
organisers, anything asked with a login session and any answer made for one visitor are never
kept; the tablets' addresses go to their own workers; static files come from nginx.

Skipped only where nginx is not installed (CI installs Debian's package)."""

from __future__ import annotations

import http.client
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.test import Client

from deploy import serve
from tests.live import factories as f

pytestmark = pytest.mark.skipif(
    serve.nginx_binary() is None, reason="nginx is not installed (apt-get install nginx)"
)

CSS = b"body { color: #123456 }\n"


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Proxy:
    """nginx on a free port with the repository's configuration."""

    def __init__(self, hall: str, tablets: str) -> None:
        # a folder nginx's workers (nobody, when the tests run as root) can enter
        self.run_dir = Path(tempfile.mkdtemp(prefix="carrom-nginx-", dir="/tmp"))
        self.static = self.run_dir / "static"
        self.static.mkdir()
        (self.static / "css").mkdir()
        (self.static / "css" / "hall.0123456789ab.css").write_bytes(CSS)
        for path in (self.run_dir, self.static, self.static / "css"):
            path.chmod(0o755)
        (self.static / "css" / "hall.0123456789ab.css").chmod(0o644)
        self.port = _free_port()
        config = serve.render(
            listen=f"127.0.0.1:{self.port}",
            hall=hall,
            tablets=tablets,
            run_dir=self.run_dir,
            static_root=self.static,
        )
        self.proc = serve.start_nginx(serve.prepare(self.run_dir, config), self.run_dir)

    def get(self, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("GET", path, headers={"Host": "localhost", **(headers or {})})
        answer = conn.getresponse()
        answer.body = answer.read()  # type: ignore[attr-defined]
        conn.close()
        return answer

    def close(self) -> None:
        serve.stop(self.proc)
        shutil.rmtree(self.run_dir, ignore_errors=True)


@pytest.fixture
def hall(live_server: Any, transactional_db: None) -> Iterator[Proxy]:
    """nginx with both pools on the test server."""
    address = urlsplit(live_server.url).netloc
    proxy = Proxy(hall=address, tablets=address)
    yield proxy
    proxy.close()


@pytest.fixture
def match(transactional_db: None) -> Any:
    t = f.tournament("proxy-open")
    e, (a, b, *_) = f.event(t)
    return f.toss(f.match(e, a, b))


def _part(match: Any) -> str:
    return f"/t/{match.event.tournament.slug}/match/{match.pk}/live/"


HTMX = {"HX-Request": "true"}


def _status(answer: http.client.HTTPResponse) -> str | None:
    return answer.getheader("X-Cache-Status")


def test_a_public_part_is_kept_one_second_and_then_current(hall, match) -> None:
    first = hall.get(_part(match), HTMX)
    assert first.status == 200 and _status(first) == "MISS"
    again = hall.get(_part(match), HTMX)
    assert again.status == 200 and _status(again) == "HIT"
    assert again.body == first.body and again.getheader("ETag") == first.getheader("ETag")
    f.post(match, f.stroke("white", white=1))  # the board changes
    time.sleep(2.1)  # nginx counts whole seconds: kept until the next second ends
    stale = hall.get(_part(match), HTMX)  # the old copy once, while it is renewed
    assert stale.status == 200 and _status(stale) in ("STALE", "UPDATING", "EXPIRED")
    after = _renewed(hall, _part(match), HTMX, first.getheader("ETag"))
    assert after.status == 200 and after.body != first.body


def _renewed(
    hall: Proxy, path: str, headers: dict[str, str], old: str | None
) -> http.client.HTTPResponse:
    """The first answer with another ETag than ``old`` (within two seconds)."""
    deadline = time.monotonic() + 2
    while True:
        answer = hall.get(path, headers)
        if answer.getheader("ETag") != old or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


def test_the_etag_is_respected(hall, match) -> None:
    first = hall.get(_part(match), HTMX)
    etag = first.getheader("ETag")
    assert etag
    same = hall.get(_part(match), {**HTMX, "If-None-Match": etag})
    assert same.status == 304 and same.body == b"" and _status(same) == "HIT"
    other = hall.get(_part(match), {**HTMX, "If-None-Match": '"something-else"'})
    assert other.status == 200 and other.body == first.body
    # an expired copy is served once more while it is renewed in the background (with the
    # app's 304 after one query, not a new render), then kept again
    time.sleep(2.1)  # nginx counts whole seconds: kept until the next second ends
    renewing = hall.get(_part(match), {**HTMX, "If-None-Match": etag})
    assert renewing.status == 304 and _status(renewing) in ("STALE", "UPDATING")
    time.sleep(0.5)
    kept = hall.get(_part(match), {**HTMX, "If-None-Match": etag})
    assert kept.status == 304 and _status(kept) == "HIT"


def test_the_api_is_kept_without_a_session_and_never_with_one(
    hall, match, django_user_model
) -> None:
    path = f"/api/v1/matches/{match.pk}/"
    assert _status(hall.get(path)) == "MISS"
    assert _status(hall.get(path)) == "HIT"
    user = django_user_model.objects.create_user("olga", password="x-not-used")
    client = Client()
    client.force_login(user)
    session = {"Cookie": f"sessionid={client.cookies['sessionid'].value}"}
    for _ in range(2):
        answer = hall.get(path, session)
        assert answer.status == 200 and _status(answer) == "BYPASS"
    # nginx passes the client's own If-None-Match when it skips the cache: an organiser's
    # poll of an unchanged resource is still a 304 from the app
    etag = answer.getheader("ETag")
    again = hall.get(path, {**session, "If-None-Match": etag})
    assert again.status == 304 and again.body == b"" and _status(again) == "BYPASS"
    changed = hall.get(path, {**session, "If-None-Match": '"an-older-one"'})
    assert changed.status == 200 and changed.body


def test_an_organiser_page_is_never_kept(hall, match, django_user_model) -> None:
    user = django_user_model.objects.create_user("olga", password="x-not-used")
    match.event.tournament.organisers.add(user)
    client = Client()
    client.force_login(user)
    session = {"Cookie": f"sessionid={client.cookies['sessionid'].value}"}
    path = f"/t/{match.event.tournament.slug}/organiser/"
    for _ in range(2):
        answer = hall.get(path, session)
        assert answer.status == 200 and _status(answer) == "BYPASS"
        assert b"Lakeside Open" in answer.body
    # without the session: the login page's redirect, never a kept organiser page
    for _ in range(2):
        answer = hall.get(path)
        assert answer.status == 302 and _status(answer) == "BYPASS"


def test_a_tablet_is_never_kept(hall, match) -> None:
    path = f"/u/{match.umpire_token}/"
    bodies = []
    for _ in range(2):
        answer = hall.get(path)
        assert answer.status == 200 and _status(answer) is None  # not through the cache
        bodies.append(answer.body)
    f.post(match, f.stroke("white", white=1))
    answer = hall.get(path)
    assert answer.body != bodies[-1]  # the stroke shows at once


def test_a_page_made_for_one_visitor_is_never_kept(hall, match) -> None:
    """A full page carries the visitor's CSRF token (Vary: Cookie, or Set-Cookie): never
    handed to another."""
    path = f"/t/{match.event.tournament.slug}/match/{match.pk}/"
    first = hall.get(path)
    assert first.status == 200 and _status(first) == "MISS"
    cookie = first.getheader("Set-Cookie", "").split(";")[0]
    assert cookie.startswith("csrftoken=")
    for headers in ({}, {"Cookie": cookie}):
        answer = hall.get(path, headers)
        assert answer.status == 200 and _status(answer) == "MISS"


def test_static_files_come_from_nginx(hall) -> None:
    answer = hall.get("/static/css/hall.0123456789ab.css")
    assert answer.status == 200 and answer.body == CSS and _status(answer) is None
    assert "immutable" in answer.getheader("Cache-Control", "")
    assert hall.get("/static/css/missing.css").status == 404


class _Named(BaseHTTPRequestHandler):
    name = b""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.name)))
        self.send_header("Cache-Control", "max-age=0")
        self.end_headers()
        self.wfile.write(self.name)

    def log_message(self, *args: Any) -> None:
        pass


def _named_server(name: bytes) -> ThreadingHTTPServer:
    handler = type("Handler", (_Named,), {"name": name})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.mark.parametrize(
    "path, pool",
    [
        ("/u/abc/", b"tablets"),
        ("/u/abc/event/", b"tablets"),
        ("/m/12/score/", b"tablets"),
        ("/umpire/", b"tablets"),
        ("/umpire-sw.js", b"tablets"),
        ("/", b"hall"),
        ("/t/open/", b"hall"),
        ("/api/v1/matches/3/", b"hall"),
        ("/t/open/organiser/", b"hall"),
        ("/accounts/login/", b"hall"),
    ],
)
def test_the_tablets_have_their_own_workers(path, pool) -> None:
    servers = {name: _named_server(name) for name in (b"hall", b"tablets")}
    address = {name: f"127.0.0.1:{s.server_address[1]}" for name, s in servers.items()}
    proxy = Proxy(hall=address[b"hall"], tablets=address[b"tablets"])
    try:
        assert proxy.get(path).body == pool
    finally:
        proxy.close()
        for server in servers.values():
            server.shutdown()


def test_the_configuration_renders_for_make_serve() -> None:
    """``deploy/serve.py render`` fills every value, and nginx accepts the result."""
    run_dir = Path(tempfile.mkdtemp(prefix="carrom-nginx-", dir="/tmp"))
    try:
        text = serve.render(
            listen="0.0.0.0:8000", hall="127.0.0.1:8002", tablets="127.0.0.1:8001", run_dir=run_dir
        )
        assert "@@" not in text
        path = serve.prepare(run_dir, text)
        binary = serve.nginx_binary()
        assert binary is not None
        check = subprocess.run(
            [binary, "-t", "-p", str(run_dir), "-e", str(run_dir / "error.log"), "-c", str(path)],
            capture_output=True,
            text=True,
        )
        assert check.returncode == 0, check.stderr
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)


def test_make_serve_uses_nginx_when_installed_and_gunicorn_alone_otherwise() -> None:
    makefile = (Path(serve.ROOT) / "Makefile").read_text()
    recipe = makefile.split("\nserve:", 1)[1].split("\n\n", 1)[0]
    assert "deploy/serve.py" in recipe and "command -v nginx" in recipe
    assert "gunicorn carrom_tournament.wsgi" in recipe
    assert os.access(serve.TEMPLATE, os.R_OK)


def test_the_load_benchmark_runs_through_nginx() -> None:
    """``bench/load.py --via-nginx``: every client through nginx, strokes routed to the tablets'
    gunicorn, polls kept a second; a short run on a fresh database, every stroke in the log."""
    import re
    import sys

    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    args = [
        sys.executable,
        str(serve.ROOT / "bench" / "load.py"),
        "--via-nginx",
        "--seconds",
        "4",
        "--tablets",
        "3",
        "--spectators",
        "30",
        "--stroke-interval",
        "0.5",
        "--workers",
        "1",
        "--threads",
        "2",
    ]
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        args += ["--database-url", url]
    run = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300, cwd=serve.ROOT)
    out = run.stdout
    assert run.returncode == 0, out[-3000:] + run.stderr[-3000:]
    assert "behind nginx on 127.0.0.1:" in out and "the tablets' own gunicorn" in out
    assert re.search(r"stroke +n=[1-9]", out) and re.search(r"poll match +n=[1-9]", out)
    assert "log check: lost=0 duplicates=0" in out
    assert out.strip().splitlines()[-1].endswith("errors=0")


class _Echo(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = self.headers.get("X-Forwarded-For", "").encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def test_a_client_cannot_claim_another_address() -> None:
    """The login limits count by the address nginx passes on: the client's own, whatever
    X-Forwarded-For it sends."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"127.0.0.1:{server.server_address[1]}"
    proxy = Proxy(hall=address, tablets=address)
    try:
        for path in ("/accounts/login/", "/u/abc/"):
            answer = proxy.get(path, {"X-Forwarded-For": "203.0.113.9"})
            assert answer.body == b"127.0.0.1"
    finally:
        proxy.close()
        server.shutdown()
