"""Shared helpers of ``bench/load.py`` and ``bench/kill.py`` (issue 8): a fresh database
(SQLite file or a new PostgreSQL database), a tournament with matches ready to score, gunicorn
on 127.0.0.1 in its own process group (so ``kill -9`` reaches the master and every worker), a
tiny asyncio HTTP/1.1 client, simulated tablets that pick legal strokes with the pure engine,
the tablets' stroke loop, the end check of the log (every acknowledged stroke exactly once,
every board replays), and the frame of a run (``bench_session``: temporary folder, database,
server, clean-up).

Traffic only ever goes to 127.0.0.1. Nothing here is imported by the app.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
VENV_BIN = ROOT / ".venv" / "bin"
HOST = "127.0.0.1"
SLUG = "bench-open"


# --- database ------------------------------------------------------------------------------------


@dataclass
class Database:
    url: str
    cleanup: list[Any] = field(default_factory=list)

    def drop(self) -> None:
        for action in reversed(self.cleanup):
            try:
                action()
            except Exception as err:  # pragma: no cover - best effort
                print(f"cleanup failed: {err}", file=sys.stderr)


def fresh_database(url: str | None, tmp: Path, keep: bool = False) -> Database:
    """A new, empty database: a SQLite file under ``tmp`` (default), or for a PostgreSQL URL a
    new database of that name (a ``bench_<random>`` suffix is added, so nothing existing is
    touched); dropped at the end unless ``keep``."""
    if not url:
        return Database(f"sqlite:///{tmp / 'bench.sqlite3'}")
    parts = urlsplit(url)
    if parts.scheme.startswith("sqlite"):
        return Database(url)
    if not parts.scheme.startswith("postgres"):
        raise SystemExit(f"unsupported database URL: {url}")
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("benchmarks only run against a local database")
    import psycopg

    base = parts.path.lstrip("/") or "carrom"
    name = f"{base}_bench_{secrets.token_hex(4)}"
    admin = urlunsplit(("postgresql", parts.netloc, "/postgres", "", ""))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    db = Database(urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, "")))
    if not keep:

        def drop() -> None:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        db.cleanup.append(drop)
    return db


def server_env(database_url: str) -> dict[str, str]:
    """The environment of gunicorn and of this process's Django: the test settings (plain
    static files, no login lock-out), production switches otherwise, DEBUG off."""
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database_url,
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DEBUG": "false",
            "SECRET_KEY": env.get("BENCH_SECRET_KEY", "bench-only-" + "x" * 50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
            "SECURE_HSTS_SECONDS": "0",
            "PYTHONPATH": str(ROOT),
        }
    )
    return env


def setup_django(database_url: str) -> None:
    os.environ.update(server_env(database_url))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


@dataclass
class MatchInfo:
    pk: int
    token: str
    revision: int


def make_tournament(matches: int) -> list[MatchInfo]:
    """A tournament with ``matches`` singles matches, each with an umpire link, its toss
    recorded (A won and breaks: A plays white on board 1), ready to score."""
    from scoring.models import Entry, Event, Match, Player, Tournament
    from scoring.services.matches import Actor, record_toss

    today = datetime.date.today()
    tournament = Tournament.objects.create(
        name="Bench Open", slug=SLUG, start_date=today, end_date=today + datetime.timedelta(days=2)
    )
    event = Event.objects.create(tournament=tournament, name="Singles")
    players = Player.objects.bulk_create(
        [Player(name=f"Player {i:03d}") for i in range(2 * matches)]
    )
    entries = Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])
    actor = Actor(via="system", device="bench")
    out = []
    for i in range(matches):
        match = Match.objects.create(
            event=event,
            number=i + 1,
            entry_a=entries[2 * i],
            entry_b=entries[2 * i + 1],
            status=Match.Status.READY,
        )
        record_toss(match=match, winner="a", choice="break", actor=actor)
        match.refresh_from_db()
        out.append(MatchInfo(match.pk, match.umpire_token, match.revision))
    return out


# --- gunicorn ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class Server:
    """gunicorn (gthread workers) on 127.0.0.1 in a new session: ``kill9`` ends the master and
    its workers at once (the whole process group)."""

    def __init__(
        self,
        env: dict[str, str],
        log: Path,
        *,
        workers: int = 3,
        threads: int = 4,
        port: int | None = None,
        keep_alive: int = 0,
        worker_class: str = "gthread",
        nice: int = 0,
    ) -> None:
        self.env = env
        self.nice = nice  # the scheduler's niceness of the whole gunicorn (0: as started)
        self.worker_class = worker_class
        self.keep_alive = keep_alive
        self.log = log
        self.workers = workers
        self.threads = threads
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, wait: float = 60.0) -> None:
        # BENCH_WSGI_APP: another WSGI module (e.g. one that profiles each request)
        app = self.env.get("BENCH_WSGI_APP", "carrom_tournament.wsgi")
        cmd = [
            str(VENV_BIN / "gunicorn"),
            app,
            "--bind",
            f"{HOST}:{self.port}",
            "--workers",
            str(self.workers),
            "--threads",
            str(self.threads),
            "--worker-class",
            self.worker_class,
            "--timeout",
            "60",
            "--graceful-timeout",
            "5",
            "--backlog",
            "2048",
            "--keep-alive",
            str(self.keep_alive or 2),
            "--preload",
            "--no-control-socket",
        ]
        if self.nice:
            cmd = ["nice", "-n", str(self.nice), *cmd]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, env=self.env, stdout=out, stderr=out, start_new_session=True
            )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"gunicorn exited ({self.proc.returncode}); see {self.log}")
            try:
                with socket.create_connection((HOST, self.port), timeout=1) as sock:
                    sock.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                    if sock.recv(12).startswith(b"HTTP/1."):
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise SystemExit(f"gunicorn did not answer within {wait:.0f} s; see {self.log}")

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of gunicorn's master and live workers so far."""
        if self.proc is None:
            return 0.0
        return process_cpu(lambda fields, _cmd: int(fields[2]) == self.proc.pid)

    def kill9(self) -> None:
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.proc = None

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            self.kill9()
        self.proc = None


def process_cpu(select: Callable[[list[str], str], bool]) -> float:
    """Seconds of CPU (user + system) of the processes ``select(stat fields after the name,
    command line)`` picks, read from /proc (Linux)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if select(fields, cmd):
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def database_cpu(url: str) -> float:
    """CPU seconds of the PostgreSQL server processes serving the database of ``url`` (0 for
    SQLite, whose work is inside the app's processes)."""
    name = urlsplit(url).path.lstrip("/")
    if not url.startswith("postgres") or not name:
        return 0.0
    return process_cpu(lambda _fields, cmd: cmd.startswith("postgres: ") and f" {name} " in cmd)


@dataclass
class CpuMeter:
    """Where the CPU went during a run: gunicorn, PostgreSQL's backends of the run's database,
    and this load client itself."""

    servers: list[Server]
    database_url: str
    started: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def _now(self) -> tuple[float, float, float]:
        import resource

        own = resource.getrusage(resource.RUSAGE_SELF)
        return (
            sum(s.cpu_seconds() for s in self.servers),
            database_cpu(self.database_url),
            own.ru_utime + own.ru_stime,
        )

    def start(self) -> None:
        self.started = self._now()

    def line(self, requests: int, seconds: float) -> str:
        server, database, client = (b - a for a, b in zip(self.started, self._now(), strict=True))
        per = (server + database) * 1000 / max(1, requests)
        return (
            f"cpu over {seconds:.0f} s: gunicorn {server:.1f} s, database {database:.1f} s, "
            f"load client (this process) {client:.1f} s; app {per:.2f} ms per answered request"
        )


# --- HTTP ----------------------------------------------------------------------------------------

CSRF = "benchcsrf" + "0" * 23  # any 32 alphanumerics: Django compares cookie and header


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


def _request_bytes(
    port: int,
    method: str,
    path: str,
    form: dict[str, Any] | None,
    headers: dict[str, str] | None,
    keep_alive: bool,
) -> bytes:
    from urllib.parse import urlencode

    body = urlencode(form).encode() if form is not None else b""
    lines = [
        f"{method} {path} HTTP/1.1",
        f"Host: {HOST}:{port}",
        f"Connection: {'keep-alive' if keep_alive else 'close'}",
        "User-Agent: carrom-bench",
    ]
    if form is not None:
        lines += [
            "Content-Type: application/x-www-form-urlencoded",
            f"Content-Length: {len(body)}",
            f"Cookie: csrftoken={CSRF}",
            f"X-CSRFToken: {CSRF}",
        ]
    for key, value in (headers or {}).items():
        lines.append(f"{key}: {value}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def _read_answer(reader: asyncio.StreamReader, method: str) -> tuple[Answer, bool]:
    """One HTTP/1.1 answer (Content-Length, chunked, or up to the end of the stream) and
    whether the connection stays open."""
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1."):
        raise ConnectionError("no HTTP answer")
    first, *header_lines = head[:-4].decode("latin-1").split("\r\n")
    hdrs = {}
    for line in header_lines:
        key, _, value = line.partition(":")
        hdrs[key.strip().lower()] = value.strip()
    status = int(first.split()[1])
    open_after = "close" not in hdrs.get("connection", "").lower()
    if method == "HEAD" or status in (204, 304) or status < 200:
        body = b""
    elif "content-length" in hdrs:
        body = await reader.readexactly(int(hdrs["content-length"]))
    elif "chunked" in hdrs.get("transfer-encoding", "").lower():
        parts = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            parts.append(await reader.readexactly(size + 2))
            if size == 0:
                break
        body = b"".join(p[:-2] for p in parts)
    else:
        body, open_after = await reader.read(), False
    return Answer(status, hdrs, body), open_after


class Client:
    """One browser or tablet talking to 127.0.0.1: HTTP/1.1 keep-alive as browsers keep it (a
    new connection when the server has closed the old one; a request that finds its reused
    connection closed before any answer is sent again once, as browsers do), or with
    ``keep_alive=False`` a new connection per request (``Connection: close``)."""

    def __init__(self, keep_alive: bool = True) -> None:
        self.keep_alive = keep_alive
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter, int] | None = None

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None

    async def _once(self, port: int, method: str, raw: bytes) -> Answer:
        if self.streams is None or self.streams[2] != port:
            self.close()
            reader, writer = await asyncio.open_connection(HOST, port)
            self.streams = (reader, writer, port)
        reader, writer, _ = self.streams  # type: ignore[misc]
        writer.write(raw)
        await writer.drain()
        answer, open_after = await _read_answer(reader, method)
        if not (open_after and self.keep_alive):
            self.close()
        return answer

    async def request(
        self,
        port: int,
        method: str,
        path: str,
        *,
        form: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 10.0,
    ) -> Answer:
        """One request. Raises OSError / TimeoutError / ConnectionError."""
        raw = _request_bytes(port, method, path, form, headers, self.keep_alive)

        async def go() -> Answer:
            for attempt in (1, 2):
                reused = self.streams is not None and self.streams[2] == port
                try:
                    return await self._once(port, method, raw)
                except (OSError, ConnectionError, asyncio.IncompleteReadError) as err:
                    reused = attempt == 1 and reused
                    self.close()
                    closed_before_answer = isinstance(
                        err, (asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError)
                    ) and (not isinstance(err, asyncio.IncompleteReadError) or not err.partial)
                    if not (reused and closed_before_answer):
                        raise ConnectionError(str(err)) from err
            raise ConnectionError("unreachable")  # pragma: no cover

        try:
            return await asyncio.wait_for(go(), timeout)
        except BaseException:
            self.close()
            raise


async def request(
    port: int,
    method: str,
    path: str,
    *,
    form: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10.0,
) -> Answer:
    """One request on a new connection (Connection: close). Raises OSError / TimeoutError."""
    return await Client(keep_alive=False).request(
        port, method, path, form=form, headers=headers, timeout=timeout
    )


# --- tablets -------------------------------------------------------------------------------------

REVISION = re.compile(rb'data-revision="(\d+)"')


def stroke_fields(position: Any, rng: random.Random) -> tuple[dict[str, str], dict[str, Any]]:
    """A legal stroke for ``position`` that does not end the board: the tablet's form fields
    and the interchange event the form turns them into (StrokeForm.payload)."""
    from scoring.rules import apply, parse_event

    by = position.on_turn
    opp = "black" if by == "white" else "white"
    candidates: list[dict[str, Any]] = []
    roll = rng.random()
    if roll < 0.3 and position.on_board[by] > 1:
        candidates.append({by: rng.randint(1, min(2, position.on_board[by] - 1))})
    elif roll < 0.4 and position.on_board[opp] > 1:
        candidates.append({opp: 1})
    elif roll < 0.47:
        candidates.append({"striker": True})
    elif roll < 0.55 and position.queen == "on_board":
        candidates.append({"queen": True} | ({by: 1} if position.on_board[by] > 1 else {}))
    foul = rng.random() < 0.04
    candidates.append({})  # nothing pocketed: always legal, never ends a board
    for pocketed in candidates:
        payload: dict[str, Any] = {"type": "stroke", "by": by}
        if pocketed:
            payload["pocketed"] = pocketed
        if foul and pocketed:
            payload["foul"] = "improper_stroke"
        try:
            after = apply(position, parse_event(payload))
        except Exception:
            continue
        if after.finished:
            continue
        fields = {"by": by}
        for key, value in pocketed.items():
            fields[key] = "on" if value is True else str(value)
        if "foul" in payload:
            fields["foul"] = "on"
        return fields, payload
    raise RuntimeError("no legal stroke found")  # pragma: no cover


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    #: (monotonic time the answer came, kind, ms) of every answer, for ``timeline``
    answers: list[tuple[float, str, float]] = field(default_factory=list)

    def ok(self, kind: str, ms: float) -> None:
        self.latencies.setdefault(kind, []).append(ms)
        self.answers.append((time.monotonic(), kind, ms))

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def all(self) -> list[float]:
        return [v for values in self.latencies.values() for v in values]


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


class Tablet:
    """One umpire tablet on one match: keeps the board's position with the pure engine, posts a
    legal stroke through ``u/<token>/event/`` with a fresh client_id and the revision it saw,
    and retries with the same client_id after a timeout or a lost connection."""

    def __init__(
        self,
        info: MatchInfo,
        port_of: Any,
        stats: Stats,
        rng: random.Random,
        *,
        timeout: float = 10.0,
        keep_alive: bool = False,
    ) -> None:
        from scoring.rules import Position

        self.client = Client(keep_alive)
        self.info = info
        self.port_of = port_of  # callable: the server's current port
        self.stats = stats
        self.rng = rng
        self.timeout = timeout
        self.position = Position()
        self.revision = info.revision
        self.acknowledged: list[str] = []
        self.retries = 0
        self.failed_at: dict[str, float] = {}  # client_id -> when its first attempt failed

    async def resync(self) -> None:
        """Read the match back from the database (after a refusal the tablet reloads)."""

        def read() -> tuple[Any, int]:
            from django.db import close_old_connections

            from scoring.models import Match
            from scoring.services.matches import match_snapshot

            close_old_connections()
            match = Match.objects.get(pk=self.info.pk)
            snap = match_snapshot(match)
            return snap.current.position, match.revision

        self.position, self.revision = await asyncio.to_thread(read)

    async def post_one(self, deadline: float) -> bool:
        """Post one stroke until it is answered (retrying the same client_id); False when the
        run ended first."""
        from scoring.rules import apply, parse_event

        fields, payload = stroke_fields(self.position, self.rng)
        client_id = str(uuid.uuid4())
        form = dict(fields, client_id=client_id, revision=str(self.revision))
        path = f"/u/{self.info.token}/event/"
        attempt = 0
        while True:
            if time.monotonic() > deadline + 30:
                return False
            started = time.perf_counter()
            try:
                answer = await self.client.request(
                    self.port_of(),
                    "POST",
                    path,
                    form=form,
                    headers={"HX-Request": "true"},
                    timeout=self.timeout,
                )
            except (OSError, TimeoutError, ConnectionError, asyncio.IncompleteReadError):
                attempt += 1
                self.retries += 1
                self.failed_at.setdefault(client_id, time.time())
                self.stats.error("tablet: no answer (retried with the same client_id)")
                await asyncio.sleep(min(0.2 * attempt, 2.0))
                continue
            ms = (time.perf_counter() - started) * 1000
            if answer.status == 200:
                self.stats.ok("stroke", ms)
                self.acknowledged.append(client_id)
                self.position = apply(self.position, parse_event(payload))
                found = REVISION.search(answer.body)
                self.revision = int(found.group(1)) if found else self.revision + 1
                return True
            if answer.status >= 500 and attempt < 20:
                attempt += 1
                self.stats.error(f"tablet: HTTP {answer.status} (retried)")
                await asyncio.sleep(min(0.2 * attempt, 2.0))
                continue
            self.stats.error(f"tablet: HTTP {answer.status}")
            await self.resync()
            return True


async def tablet_loop(tablet: Tablet, deadline: float, interval: float, rng: random.Random) -> None:
    """Drive one tablet until ``deadline``: a random start within ``interval``, then a stroke
    about every ``interval`` seconds (0.5 to 1.5 times it)."""
    await asyncio.sleep(rng.uniform(0, interval))
    while time.monotonic() < deadline:
        if not await tablet.post_one(deadline):
            return
        await asyncio.sleep(rng.uniform(0.5 * interval, 1.5 * interval))


def tablet_loops(
    matches: list[MatchInfo],
    port_of: Callable[[], int],
    stats: Stats,
    rng: random.Random,
    *,
    deadline: float,
    interval: float,
    timeout: float,
    keep_alive: bool = False,
) -> tuple[list[Tablet], list[Coroutine[Any, Any, None]]]:
    """A tablet on each match and the loop that drives it (to gather with the rest of a run);
    each tablet, then each loop, takes its own random generator seeded from ``rng``."""
    tablets = [
        Tablet(
            info,
            port_of,
            stats,
            random.Random(rng.random()),
            timeout=timeout,
            keep_alive=keep_alive,
        )
        for info in matches
    ]
    loops = [tablet_loop(t, deadline, interval, random.Random(rng.random())) for t in tablets]
    return tablets, loops


# --- the end check -------------------------------------------------------------------------------


@dataclass
class LogCheck:
    acknowledged: int
    lost: int
    duplicates: int
    boards: int
    events: int
    replay_failures: list[str]
    cache_mismatches: list[str]


def answered_from_the_log(failed_at: dict[str, float]) -> int:
    """Strokes whose row was written before the tablet saw its request fail (killed after the
    commit, before the answer): the retry with the same client_id was answered from the log."""
    from scoring.models import BoardEvent

    created = dict(
        BoardEvent.objects.filter(client_id__in=list(failed_at)).values_list(
            "client_id", "created_at"
        )
    )
    return sum(1 for cid, at in created.items() if at.timestamp() < failed_at[str(cid)])


def check_log(acknowledged: list[str]) -> LogCheck:
    """From the database: every acknowledged client_id is in the log exactly once, no client_id
    is there twice, and every log board replays through the engine (and the cached results
    agree with a rebuild from the log)."""
    from django.db import close_old_connections
    from django.db.models import Count

    from scoring.models import Board, BoardEvent, Match
    from scoring.records import live_events, match_snapshot, replay_board, scores_before
    from scoring.rules import get_rules
    from scoring.services.matches import rebuild_match

    close_old_connections()
    counts = dict(
        BoardEvent.objects.values_list("client_id")
        .annotate(n=Count("id"))
        .values_list("client_id", "n")
    )
    counts = {str(k): v for k, v in counts.items()}
    lost = sum(1 for cid in acknowledged if counts.get(cid, 0) == 0)
    duplicates = sum(n - 1 for n in counts.values() if n > 1)
    duplicates += len(acknowledged) - len(set(acknowledged))  # one key acknowledged twice
    failures: list[str] = []
    mismatches: list[str] = []
    boards = 0
    for match in Match.objects.select_related("event__tournament").order_by("pk"):
        before = match_snapshot(match)
        for board in Board.objects.filter(game__match=match, kind=Board.Kind.LOG):
            boards += 1
            events = live_events(list(board.events.order_by("seq")))
            try:
                replay_board(board, events, scores_before(match, board), get_rules(board.rules))
            except Exception as err:
                failures.append(f"match {match.pk} board {board.pk}: {err!r}")
        after = rebuild_match(match)
        if (before.winner, before.finished, before.revision) != (
            after.winner,
            after.finished,
            after.revision,
        ):
            mismatches.append(f"match {match.pk}")
    return LogCheck(
        len(acknowledged), lost, duplicates, boards, sum(counts.values()), failures, mismatches
    )


def summary(stats: Stats) -> list[str]:
    lines = []
    for kind, values in sorted(stats.latencies.items()):
        lines.append(
            f"  {kind:<16} n={len(values):<6} p50={percentile(values, 0.5):7.1f} ms  "
            f"p95={percentile(values, 0.95):7.1f} ms  max={max(values):7.1f} ms"
        )
    for what, n in sorted(stats.errors.items()):
        lines.append(f"  error: {what}: {n}")
    return lines


def timeline(stats: Stats, started: float, step: float = 5.0) -> list[str]:
    """Per ``step`` seconds of the run: answers, the strokes' p95 and every answer's p95 (a
    tail that comes from the first seconds, or from one stall, shows here)."""
    lines = []
    slots: dict[int, list[tuple[str, float]]] = {}
    for at, kind, ms in stats.answers:
        slots.setdefault(int((at - started) // step), []).append((kind, ms))
    for slot in sorted(slots):
        every = [ms for _kind, ms in slots[slot]]
        strokes = [ms for kind, ms in slots[slot] if kind == "stroke"]
        lines.append(
            f"  {slot * step:5.0f}-{(slot + 1) * step:<4.0f}s answers={len(every):<5} "
            f"stroke p95={percentile(strokes, 0.95):7.1f} ms (n={len(strokes)})  "
            f"every p95={percentile(every, 0.95):7.1f} ms"
        )
    return lines


class WaitSampler(threading.Thread):
    """What PostgreSQL's backends of the run's database are doing, sampled every ``every``
    seconds from ``pg_stat_activity`` (state and wait event) and ``pg_locks`` (lock waits and
    the relation they wait on): where a stroke's tail comes from when it is not the CPU."""

    def __init__(self, url: str, every: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.url, self.every = url, every
        self.samples = 0
        self.counts: dict[str, int] = {}
        self.lock_waits: dict[str, int] = {}
        self.halt = threading.Event()

    def run(self) -> None:
        import psycopg

        name = urlsplit(self.url).path.lstrip("/")
        url = urlunsplit(("postgresql", *urlsplit(self.url)[1:3], "", ""))
        with psycopg.connect(url, autocommit=True) as conn:
            while not self.halt.wait(self.every):
                self.samples += 1
                rows = conn.execute(
                    "SELECT state, coalesce(wait_event_type, 'CPU'), coalesce(wait_event, '-')"
                    " FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()"
                    " AND state <> 'idle'",
                    (name,),
                ).fetchall()
                for state, kind, event in rows:
                    key = f"{state}: {kind}/{event}"
                    self.counts[key] = self.counts.get(key, 0) + 1
                for locktype, relation, mode in conn.execute(
                    "SELECT l.locktype, coalesce(c.relname, ''), l.mode FROM pg_locks l"
                    " LEFT JOIN pg_class c ON c.oid = l.relation"
                    " JOIN pg_stat_activity a ON a.pid = l.pid"
                    " WHERE NOT l.granted AND a.datname = %s",
                    (name,),
                ).fetchall():
                    key = f"{locktype} {relation} {mode}".strip()
                    self.lock_waits[key] = self.lock_waits.get(key, 0) + 1

    def stop(self) -> list[str]:
        self.halt.set()
        self.join(timeout=5)
        per = max(1, self.samples)
        lines = [f"pg_stat_activity, {self.samples} samples: mean busy backends by state/wait"]
        for key, n in sorted(self.counts.items(), key=lambda kv: -kv[1]):
            lines.append(f"  {n / per:6.2f}  {key}")
        lines.append(
            "lock waits (mean waiting): "
            + (
                ", ".join(
                    f"{key} {n / per:.2f}"
                    for key, n in sorted(self.lock_waits.items(), key=lambda kv: -kv[1])
                )
                or "none"
            )
        )
        return lines


def temp_dir(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))


# --- a run ---------------------------------------------------------------------------------------


def add_run_arguments(parser: argparse.ArgumentParser, *, seed: int) -> None:
    """The options load and kill share: the server's size, the tablets' timeout, the database,
    the seed and ``--keep``."""
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--tablet-workers",
        type=int,
        default=0,
        help="the tablets on a gunicorn of their own with this many sync "
        "workers (a reverse proxy routes /u/ there); default 0: one gunicorn",
    )
    parser.add_argument(
        "--spectator-nice",
        type=int,
        default=0,
        choices=range(0, 20),
        metavar="N",
        help="with --tablet-workers: run the spectators' gunicorn "
        "at niceness N (the tablets' keeps 0), so strokes go first when the "
        "CPU is short",
    )
    parser.add_argument(
        "--via-nginx",
        action="store_true",
        help="every client through nginx with deploy/nginx.conf, as make serve "
        "runs it: the public polls micro-cached a second, the tablets routed "
        "to their own gunicorn (--tablet-workers, 2 unless given)",
    )
    parser.add_argument(
        "--worker-class",
        default="gthread",
        choices=("gthread", "sync"),
        help="gunicorn's worker class (sync: one request at a time per worker, "
        "as `make serve` runs)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="seconds a tablet waits for an answer (umpire.js: 10)",
    )
    parser.add_argument(
        "--database-url", default="", help="default: a fresh SQLite file under /tmp"
    )
    parser.add_argument(
        "--keep-alive",
        type=int,
        default=0,
        metavar="SECONDS",
        help="clients keep their connection open (HTTP keep-alive) and gunicorn "
        "keeps an idle one this long (e.g. 5: longer than the 3 s between a "
        "spectator's polls); default 0: a new connection per request. Measured "
        "2026-12-01: gunicorn 27's gthread worker answers keep-alive clients "
        "worse (p95 of a poll 764 ms against 23 ms at 200 spectators)",
    )
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--keep", action="store_true", help="keep the database and logs")


def first_traceback(log: Path, limit: int = 40) -> list[str]:
    """The first traceback in the server's log (a 5xx answer's cause, printed before the
    temporary folder goes), at most ``limit`` lines."""
    try:
        lines = log.read_text(errors="replace").splitlines()
    except OSError:
        return [f"(no log at {log})"]
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            block = [line]
            for follow in lines[i + 1 : i + limit]:
                block.append(follow)
                going_on = (" ", "\t", "Traceback", "During", "The above")
                if follow and not follow.startswith(going_on):
                    break
            return block
    return ["(no traceback in the server's log)"]


@dataclass
class Session:
    tmp: Path
    db: Database
    server: Server | None = None
    #: the umpire tablets' own gunicorn (``--tablet-workers``), or None: they use ``server``
    tablet_server: Server | None = None
    #: nginx in front of both (``--via-nginx``: deploy/nginx.conf), or None
    nginx: Nginx | None = None

    def serve(
        self,
        matches: int,
        *,
        workers: int,
        threads: int,
        keep_alive: int = 0,
        worker_class: str = "gthread",
        tablet_workers: int = 0,
        spectator_nice: int = 0,
        via_nginx: bool = False,
    ) -> list[MatchInfo]:
        """Migrate the database, make a tournament of ``matches`` matches ready to score and
        start gunicorn on it; with ``tablet_workers`` a second gunicorn (sync workers) on the
        same database for the tablets, as a reverse proxy would route ``/u/`` to it; with
        ``spectator_nice`` the spectators' gunicorn runs that much nicer, so that a hall's
        polls take the CPU the tablets leave (a deployment choice, README); ``via_nginx``:
        nginx with the repository's configuration in front of both, as ``make serve`` runs
        it (every client then talks to nginx)."""
        print(f"database: {self.db.url}")
        setup_django(self.db.url)
        made = make_tournament(matches)
        self.server = Server(
            server_env(self.db.url),
            self.tmp / "gunicorn.log",
            workers=workers,
            threads=threads,
            keep_alive=keep_alive,
            worker_class=worker_class,
            nice=spectator_nice if tablet_workers else 0,
        )
        self.server.start()
        if tablet_workers:
            self.tablet_server = Server(
                server_env(self.db.url),
                self.tmp / "tablets.log",
                workers=tablet_workers,
                threads=1,
                worker_class="sync",
            )
            self.tablet_server.start()
        if via_nginx:
            tablets = self.tablet_server or self.server
            self.nginx = Nginx(self.tmp / "nginx", hall=self.server.port, tablets=tablets.port)
        return made

    @property
    def servers(self) -> list[Server]:
        return [s for s in (self.server, self.tablet_server) if s is not None]


class Nginx:
    """nginx on a free port with ``deploy/nginx.conf`` (rendered by ``deploy/serve.py``) in
    front of the hall's and the tablets' gunicorn."""

    def __init__(self, run_dir: Path, *, hall: int, tablets: int) -> None:
        sys.path.insert(0, str(ROOT))
        from deploy import serve

        self._serve = serve
        run_dir.mkdir(parents=True, exist_ok=True)
        for folder in (run_dir.parent, run_dir):  # nginx's workers run as nobody under root
            folder.chmod(0o755)
        self.port = free_port()
        config = serve.render(
            listen=f"{HOST}:{self.port}",
            hall=f"{HOST}:{hall}",
            tablets=f"{HOST}:{tablets}",
            run_dir=run_dir,
            access_log=bool(os.environ.get("BENCH_NGINX_ACCESS_LOG")),
        )
        self.proc: subprocess.Popen[bytes] | None = serve.start_nginx(
            serve.prepare(run_dir, config), run_dir
        )

    def stop(self) -> None:
        self._serve.stop(self.proc)
        self.proc = None


@contextlib.contextmanager
def bench_session(prefix: str, database_url: str, keep: bool) -> Iterator[Session]:
    """A temporary folder and a fresh database for one run; at the end the server is stopped,
    the database dropped and the folder removed (both kept with ``keep``)."""
    tmp = temp_dir(prefix)
    session = Session(tmp, fresh_database(database_url, tmp, keep=keep))
    try:
        yield session
    finally:
        if session.nginx is not None:
            session.nginx.stop()
        for server in session.servers:
            server.stop()
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        session.db.drop()
        if not keep:
            import shutil

            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print(f"kept: {tmp}")
