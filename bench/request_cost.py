"""CPU cost of each kind of request of ``bench/load.py``, in process (issue 16: where the time
goes).

A fresh database (SQLite under /tmp, or ``--database-url postgres://…``: a new database,
dropped afterwards) with ``--matches`` matches under way; then each kind of request is sent
``--n`` times straight through Django's WSGI handler (the whole middleware stack, as gunicorn
calls it, without gunicorn and the network) and timed by the CPU time of this thread and, on
PostgreSQL, of the server processes of the run's database. Kinds: a spectator's poll that
changed nothing (304), a first visit without an ETag (200), the tournament's "now" part
rendered, a stroke through the tablet's view, and the first poll after a stroke.
Run ``.venv/bin/python bench/request_cost.py``; each line reads
``<kind> cpu=<ms> db_cpu=<ms> wall=<ms> queries=<n>``.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _server as srv  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--n", type=int, default=200, help="requests of each kind")
    parser.add_argument("--matches", type=int, default=100)
    args = parser.parse_args()
    tmp = srv.temp_dir("carrom-cost-")
    db = srv.fresh_database(args.database_url, tmp)
    try:
        srv.setup_django(db.url)
        run(args, db.url, srv.make_tournament(args.matches))
    finally:
        from django.db import connections

        connections.close_all()
        db.drop()
    return 0


def run(args: argparse.Namespace, url: str, matches: list[srv.MatchInfo]) -> None:
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring.rules import Position, apply, parse_event

    app = WSGIHandler()

    def call(
        method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> tuple[str, dict[str, str], bytes]:
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "HTTP_HOST": "127.0.0.1:8000",
            "wsgi.input": io.BytesIO(body),
            "wsgi.url_scheme": "http",
            "SCRIPT_NAME": "",
            "REMOTE_ADDR": "127.0.0.1",
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.errors": sys.stderr,
        }
        if body:
            environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
        for key, value in (headers or {}).items():
            environ["HTTP_" + key.upper().replace("-", "_")] = value
        started: list[tuple[str, dict[str, str]]] = []
        out = b"".join(app(environ, lambda s, h, exc=None: started.append((s, dict(h)))))
        return started[0][0], started[0][1], out

    rng = random.Random(1)
    boards = {m.pk: [Position(), m.revision] for m in matches}

    def stroke(m: srv.MatchInfo) -> None:
        position, revision = boards[m.pk]
        fields, payload = srv.stroke_fields(position, rng)
        body = urlencode(dict(fields, client_id=str(uuid.uuid4()), revision=str(revision))).encode()
        status, _, out = call(
            "POST",
            f"/u/{m.token}/event/",
            {"HX-Request": "true", "Cookie": f"csrftoken={srv.CSRF}", "X-CSRFToken": srv.CSRF},
            body,
        )
        assert status.startswith("200"), (status, out[:300])
        found = srv.REVISION.search(out)
        boards[m.pk] = [
            apply(position, parse_event(payload)),
            int(found.group(1)) if found else revision + 1,
        ]

    etags: dict[str, str] = {}

    def poll(kind: str, m: srv.MatchInfo, conditional: bool = True) -> None:
        path = {
            "match": f"/t/{srv.SLUG}/match/{m.pk}/live/",
            "api": f"/api/v1/matches/{m.pk}/",
            "now": f"/t/{srv.SLUG}/now/",
        }[kind]
        headers = {"HX-Request": "true"} if kind != "api" else {}
        if conditional and path in etags:
            headers["If-None-Match"] = etags[path]
        status, got, out = call("GET", path, headers)
        assert status[:3] in ("200", "304", "286"), (status, out[:300])
        if "ETag" in got:
            etags[path] = got["ETag"]

    for m in matches:
        for _ in range(3):
            stroke(m)
        for kind in ("match", "api", "now"):
            poll(kind, m)

    def measure(name: str, one: Any, n: int) -> None:
        with CaptureQueriesContext(connection) as ctx:
            one(0)
        queries = len(ctx.captured_queries)  # the next request clears the log
        db0, cpu0, wall0 = srv.database_cpu(url), time.thread_time(), time.perf_counter()
        for i in range(n):
            one(i)
        cpu = (time.thread_time() - cpu0) / n * 1000
        wall = (time.perf_counter() - wall0) / n * 1000
        db_cpu = (srv.database_cpu(url) - db0) / n * 1000
        print(
            f"{name:<20} cpu={cpu:6.2f} ms db_cpu={db_cpu:6.2f} ms wall={wall:6.2f} ms "
            f"queries={queries}",
            flush=True,
        )

    count = len(matches)
    measure("match poll 304", lambda i: poll("match", matches[i % count]), args.n)
    measure("api poll 304", lambda i: poll("api", matches[i % count]), args.n)
    measure("now poll 304", lambda i: poll("now", matches[i % count]), args.n)
    measure("match first visit", lambda i: poll("match", matches[i % count], False), args.n)
    measure("api first visit", lambda i: poll("api", matches[i % count], False), args.n)
    measure("now rendered", lambda i: poll("now", matches[i % count], False), max(1, args.n // 4))
    measure("stroke", lambda i: stroke(matches[i % count]), max(1, args.n // 2))

    def after_stroke(i: int) -> None:
        m = matches[i % count]
        stroke(m)
        started = time.thread_time()
        poll("match", m)
        after_stroke.cpu += time.thread_time() - started  # type: ignore[attr-defined]

    after_stroke.cpu = 0.0  # type: ignore[attr-defined]
    rounds = max(1, args.n // 4)
    for i in range(rounds):
        after_stroke(i)
    print(
        f"{'match poll after a stroke':<20} cpu={after_stroke.cpu / rounds * 1000:6.2f} ms "  # type: ignore[attr-defined]
        "(renders the partial)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
