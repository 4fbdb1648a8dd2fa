"""Load test (issue 8): gunicorn on a fresh database, 100 umpire tablets recording strokes and
500 spectators polling the live pages, for ``--seconds`` (default 120).

1. Makes a fresh database (SQLite under /tmp by default; ``--database-url
   postgres://carrom:carrom@127.0.0.1:5432/carrom`` makes a new ``carrom_bench_<random>``
   database there and drops it afterwards), migrates it and creates a tournament with
   ``--tablets`` matches, each with its umpire link and the toss recorded.
2. Starts gunicorn (``carrom_tournament.wsgi``, gthread workers) on 127.0.0.1 only.
3. Each tablet keeps its board's position with the pure engine (``scoring.rules.apply``),
   picks a legal stroke that does not end the board, and posts it as htmx does to
   ``u/<token>/event/`` with a fresh client_id and the revision it last saw; after a timeout it
   retries with the SAME client_id. Think time ``--stroke-interval`` (mean seconds, default
   10: a real umpire records a stroke every 10-15 s).
   With ``--tablet-polls 2`` each tablet also polls as the scoring page does (issue 36: its one
   poll, ``u/<token>/state/``, every 2 s with its ETag: the revision and the round clock's
   chip); off by default, as in the figures before it.
4. Each spectator polls like the live pages do: the match's live part every 3 s with its ETag
   (70 %), the match in the JSON API (15 %), the tournament's "now" part every 10 s (15 %).
5. At the end the log is checked (every acknowledged stroke once, boards replay).

The spectators run in processes of their own (``--spectator-processes``, 1 by default, at
``--client-nice`` 10): 5,000 spectators ask about 1,500 times a second, and one asyncio loop doing
that and timing the strokes too measured its own queue, not the server's (issue 29). Each loop
samples how late its timers fire ("loop lag"): the line ``client:`` gives it for the tablets'
loop and the spectators', with the client's CPU, and says when a loop was too late for its
figures to be the server's alone. ``--spectator-processes 0`` runs everything in one loop, as
before.

``--via-nginx`` puts nginx with the repository's configuration (deploy/nginx.conf, as ``make
serve`` runs it) in front: every client asks nginx, which micro-caches the public polls for a
second and routes the tablets to their own gunicorn (``--tablet-workers``, 2 unless given; the
spectators' gunicorn runs at ``--spectator-nice``). The CPU line counts gunicorn and the
database, not nginx.

Errors: no answer / timeout (a tablet gives up after 10 s like umpire.js; a spectator waits up
to 60 s, as htmx polls have no timeout), 5xx, and any refusal (4xx).
``--timeline`` prints the p95 of every 5 s (a start-up tail shows there); with PostgreSQL,
``--sample-waits`` samples ``pg_stat_activity`` and ``pg_locks`` every 50 ms (lock waits,
WAL flushes, backends waiting for the app).
Run ``.venv/bin/python bench/load.py --seconds 30``. The last line reads
``load: p50_ms=<x> p95_ms=<y> errors=<n>`` (over every request: strokes and polls).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import multiprocessing
import os
import random
import resource
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _server as srv  # noqa: E402

#: a loop whose timers fire later than this (p95) measured itself, not only the server
LAG_LIMIT_MS = 20.0

LIVE_MATCH = "/t/{slug}/match/{pk}/live/"
API_MATCH = "/api/v1/matches/{pk}/"
NOW = "/t/{slug}/now/"


async def spectator(
    port: int,
    matches: list[srv.MatchInfo],
    stats: srv.Stats,
    deadline: float,
    rng: random.Random,
    timeout: float,
    keep_alive: bool = False,
) -> None:
    info = rng.choice(matches)
    roll = rng.random()
    if roll < 0.70:
        kind, path, every = "poll match", LIVE_MATCH.format(slug=srv.SLUG, pk=info.pk), 3.0
    elif roll < 0.85:
        kind, path, every = "poll api", API_MATCH.format(pk=info.pk), 3.0
    else:
        kind, path, every = "poll now", NOW.format(slug=srv.SLUG), 10.0
    etag = ""
    client = srv.Client(keep_alive)
    await asyncio.sleep(rng.uniform(0, every))  # spread the first polls
    while time.monotonic() < deadline:
        started = time.perf_counter()
        headers = {"HX-Request": "true"} if kind != "poll api" else {}
        if etag:
            headers["If-None-Match"] = etag
        try:
            answer = await client.request(port, "GET", path, headers=headers, timeout=timeout)
        except (OSError, TimeoutError, ConnectionError):
            stats.error(f"{kind}: no answer")
        else:
            ms = (time.perf_counter() - started) * 1000
            if answer.status in (200, 304, 286):
                stats.ok(kind, ms)
                etag = answer.headers.get("etag", etag)
            else:
                stats.error(f"{kind}: HTTP {answer.status}")
        await asyncio.sleep(every)
    client.close()


async def loop_lag(deadline: float, lags: list[float], every: float = 0.1) -> None:
    """How late this loop's timers fire (ms), sampled every ``every`` seconds: a loop short of
    CPU adds that much to every latency it measures."""
    while time.monotonic() < deadline:
        started = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(max(0.0, (time.perf_counter() - started - every) * 1000))


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


class Share(NamedTuple):
    """What one spectators' process was given (pickled to it)."""

    seeds: list[float]
    port: int
    matches: list[srv.MatchInfo]
    deadline: float
    timeout: float
    keep_alive: bool
    nice: int


class ShareResult(NamedTuple):
    latencies: dict[str, list[float]]
    errors: dict[str, int]
    answers: list[tuple[float, str, float]]
    lags: list[float]
    cpu: float


def _ready(_number: int) -> int:
    return os.getpid()


def spectators_process(share: Share) -> ShareResult:
    """A spectators' process: its spectators in one asyncio loop until the deadline (the
    monotonic clock is the machine's, so the parent's deadline holds here)."""
    if share.nice:
        os.nice(share.nice)
    stats = srv.Stats()
    lags: list[float] = []
    cpu = _cpu_seconds()

    async def go() -> None:
        await asyncio.gather(
            loop_lag(share.deadline, lags),
            *(
                spectator(
                    share.port,
                    share.matches,
                    stats,
                    share.deadline,
                    random.Random(seed),
                    share.timeout,
                    share.keep_alive,
                )
                for seed in share.seeds
            ),
        )

    asyncio.run(go())
    return ShareResult(stats.latencies, stats.errors, stats.answers, lags, _cpu_seconds() - cpu)


class Client(NamedTuple):
    """How the load client itself fared: its loops' lag and its CPU."""

    tablet_lags: list[float]
    spectator_lags: list[float]
    cpu: float
    processes: int

    def line(self) -> str:
        def lag(values: list[float]) -> str:
            if not values:
                return "-"
            return f"p95 {srv.percentile(values, 0.95):.1f} ms, max {max(values):.0f} ms"

        where = (
            f"{self.processes} process(es) of their own" if self.processes else "the tablets' loop"
        )
        text = (
            f"client: tablets' loop lag {lag(self.tablet_lags)}; spectators in {where}, "
            f"loop lag {lag(self.spectator_lags)}; client CPU {self.cpu:.1f} s"
        )
        verdict = []
        if self.tablet_lags and srv.percentile(self.tablet_lags, 0.95) > LAG_LIMIT_MS:
            verdict.append("the stroke times include the client's own delay")
        if self.spectator_lags and srv.percentile(self.spectator_lags, 0.95) > LAG_LIMIT_MS:
            verdict.append("the poll times include the client's own delay")
        return text + ("; NOT the server alone: " + ", ".join(verdict) if verdict else "")

    @property
    def own_delay(self) -> bool:
        return bool(self.tablet_lags) and srv.percentile(self.tablet_lags, 0.95) > LAG_LIMIT_MS


async def tablet_poller(
    info: srv.MatchInfo,
    port: int,
    stats: srv.Stats,
    deadline: float,
    rng: random.Random,
    *,
    every: float,
    timeout: float,
    keep_alive: bool = False,
) -> None:
    """One tablet's poll as the scoring page makes it (static/js/umpire.js, issue 36): its one
    stream, ``u/<token>/state/`` every ``every`` seconds with the ETag it holds (304 while
    neither the match's revision nor its round clock changed)."""
    path = f"/u/{info.token}/state/"
    etag = ""
    client = srv.Client(keep_alive)
    await asyncio.sleep(rng.uniform(0, every))  # spread the first polls
    while time.monotonic() < deadline:
        started = time.perf_counter()
        headers = {"If-None-Match": etag} if etag else {}
        try:
            answer = await client.request(port, "GET", path, headers=headers, timeout=timeout)
        except (OSError, TimeoutError, ConnectionError):
            stats.error("tablet poll: no answer")
        else:
            ms = (time.perf_counter() - started) * 1000
            if answer.status in (200, 304):
                stats.ok("tablet poll", ms)
                etag = answer.headers.get("etag", etag)
            else:
                stats.error(f"tablet poll: HTTP {answer.status}")
        await asyncio.sleep(every)
    client.close()


async def run(
    args: argparse.Namespace,
    port: int,
    tablet_port: int,
    matches: list[srv.MatchInfo],
    stats: srv.Stats,
) -> tuple[list[srv.Tablet], Client]:
    rng = random.Random(args.seed)
    processes = min(args.spectator_processes, args.spectators)
    context = multiprocessing.get_context("spawn")  # no Django state copied into the children
    pool = concurrent.futures.ProcessPoolExecutor(max(processes, 1), mp_context=context)
    # the spectators' processes started and their modules imported before the clock runs
    list(pool.map(_ready, range(processes)))
    deadline = time.monotonic() + args.seconds
    tablets, tasks = srv.tablet_loops(
        matches,
        lambda: tablet_port,
        stats,
        rng,
        deadline=deadline,
        interval=args.stroke_interval,
        timeout=args.timeout,
        keep_alive=args.keep_alive > 0,
    )
    if args.tablet_polls > 0:
        tasks += [
            tablet_poller(
                info,
                tablet_port,
                stats,
                deadline,
                random.Random(rng.random()),
                every=args.tablet_polls,
                timeout=args.timeout,
                keep_alive=args.keep_alive > 0,
            )
            for info in matches
        ]
    seeds = [rng.random() for _ in range(args.spectators)]
    tablet_lags: list[float] = []
    spectator_lags: list[float] = []
    cpu = _cpu_seconds()
    if processes == 0:
        pool.shutdown()
        tasks += [
            spectator(
                port,
                matches,
                stats,
                deadline,
                random.Random(seed),
                args.poll_timeout,
                args.keep_alive > 0,
            )
            for seed in seeds
        ]
        await asyncio.gather(loop_lag(deadline, tablet_lags), *tasks)
        return tablets, Client(tablet_lags, [], _cpu_seconds() - cpu, 0)
    shares = [
        Share(
            seeds[i::processes],
            port,
            matches,
            deadline,
            args.poll_timeout,
            args.keep_alive > 0,
            args.client_nice,
        )
        for i in range(processes)
    ]
    loop = asyncio.get_running_loop()
    with pool:
        running = [loop.run_in_executor(pool, spectators_process, share) for share in shares]
        await asyncio.gather(loop_lag(deadline, tablet_lags), *tasks)
        results: list[ShareResult] = await asyncio.gather(*running)
    child_cpu = 0.0
    for result in results:
        for kind, values in result.latencies.items():
            stats.latencies.setdefault(kind, []).extend(values)
        for what, n in result.errors.items():
            stats.errors[what] = stats.errors.get(what, 0) + n
        stats.answers.extend(result.answers)
        spectator_lags.extend(result.lags)
        child_cpu += result.cpu
    return tablets, Client(tablet_lags, spectator_lags, _cpu_seconds() - cpu + child_cpu, processes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--tablets", type=int, default=100)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument(
        "--stroke-interval",
        type=float,
        default=10.0,
        help="mean seconds between two strokes of one tablet (default 10; "
        "a real board of 60-80 strokes takes 15-20 minutes)",
    )
    parser.add_argument(
        "--tablet-polls",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="each tablet also polls its state as the scoring page does, every SECONDS "
        "(2 as static/js/umpire.js; default 0: the tablets only post strokes)",
    )
    parser.add_argument(
        "--poll-timeout",
        type=float,
        default=60.0,
        help="seconds a spectator waits (htmx polls have no timeout)",
    )
    parser.add_argument(
        "--timeline", action="store_true", help="print the p95 of every 5 s of the run"
    )
    parser.add_argument(
        "--sample-waits",
        action="store_true",
        help="PostgreSQL: sample pg_stat_activity and pg_locks every 50 ms",
    )
    parser.add_argument(
        "--spectator-processes",
        type=int,
        default=1,
        metavar="N",
        help="the spectators in N processes of their own (default 1), so that "
        "the client's work for their polls does not delay the tablets' loop "
        "that times the strokes; 0: one loop for everything (as before)",
    )
    parser.add_argument(
        "--client-nice",
        type=int,
        default=10,
        choices=range(0, 20),
        metavar="N",
        help="niceness of the spectators' processes (default 10): the phones are "
        "other devices in a hall, here they share the CPU with the server",
    )
    srv.add_run_arguments(parser, seed=8)
    args = parser.parse_args()
    args.seconds = max(1.0, min(args.seconds, 3600.0))

    if args.via_nginx and not args.tablet_workers:
        args.tablet_workers = 2  # the layout make serve runs
    with srv.bench_session("carrom-load-", args.database_url, args.keep) as session:
        matches = session.serve(
            args.tablets,
            workers=args.workers,
            threads=args.threads,
            keep_alive=args.keep_alive,
            worker_class=args.worker_class,
            tablet_workers=args.tablet_workers,
            spectator_nice=args.spectator_nice,
            via_nginx=args.via_nginx,
        )
        server = session.server
        assert server is not None
        tablet_port = (session.tablet_server or server).port
        port = server.port
        if session.nginx is not None:  # every client asks nginx, which routes the tablets
            port = tablet_port = session.nginx.port
        size = (
            f"{args.workers} sync workers"
            if args.worker_class == "sync"
            else f"{args.workers} workers x {args.threads} threads"
        )
        if session.tablet_server is not None:
            size += f"; the tablets' own gunicorn: {args.tablet_workers} sync workers"
            if args.spectator_nice:
                size += f", the spectators' at nice {args.spectator_nice}"
        if session.nginx is not None:
            size += f"; behind nginx on 127.0.0.1:{port} (deploy/nginx.conf)"
        print(
            f"gunicorn on 127.0.0.1:{server.port} ({size}); {args.tablets} tablets (a "
            f"stroke every ~{args.stroke_interval:g} s), {args.spectators} spectators; "
            f"{args.seconds:g} s; "
            + (
                f"keep-alive connections ({args.keep_alive} s idle)"
                if args.keep_alive
                else "a connection per request"
            )
        )
        stats = srv.Stats()
        meter = srv.CpuMeter(session.servers, session.db.url)
        sampler = (
            srv.WaitSampler(session.db.url)
            if args.sample_waits and session.db.url.startswith("postgres")
            else None
        )
        if sampler is not None:
            sampler.start()
        meter.start()
        started = time.monotonic()
        tablets, client = asyncio.run(run(args, port, tablet_port, matches, stats))
        elapsed = time.monotonic() - started
        if sampler is not None:
            for line in sampler.stop():
                print(line)
        if args.timeline:
            for line in srv.timeline(stats, started):
                print(line)
        cpu = meter.line(len(stats.all()), elapsed)
        if session.nginx is not None:
            session.nginx.stop()
        for each in session.servers:
            each.stop()
        acknowledged = [cid for t in tablets for cid in t.acknowledged]
        check = srv.check_log(acknowledged)
        everything = stats.all()
        print(
            f"{len(everything)} answered requests in {elapsed:.0f} s "
            f"({len(everything) / elapsed:.0f}/s); strokes acknowledged: {len(acknowledged)}"
        )
        print(cpu)
        print(client.line())
        polls = sum(len(v) for k, v in stats.latencies.items() if k.startswith("poll"))
        offered = args.spectators * (0.85 / 3.0 + 0.15 / 10.0)  # the mix of `spectator`
        print(
            f"spectators: {polls / args.seconds:.0f} polls/s answered of about {offered:.0f}/s "
            f"offered ({polls / args.seconds / max(offered, 1e-9):.0%}); a share well below 100 % "
            "with a large spectators' loop lag means the client could not ask that often"
        )
        for line in srv.summary(stats):
            print(line)
        print(
            f"log check: lost={check.lost} duplicates={check.duplicates} "
            f"boards={check.boards} replay_failures={len(check.replay_failures)} "
            f"cache_mismatches={len(check.cache_mismatches)}"
        )
        for failure in check.replay_failures[:10] + check.cache_mismatches[:10]:
            print(f"  {failure}")
        if any("HTTP 5" in kind for kind in stats.errors):
            for each in session.servers:
                for line in srv.first_traceback(each.log):
                    print(f"  server: {line}")
        errors = (
            sum(stats.errors.values()) + check.lost + check.duplicates + len(check.replay_failures)
        )
        strokes = stats.latencies.get("stroke", [])
        print(
            f"strokes: p95_ms={srv.percentile(strokes, 0.95):.1f} "
            f"client_delay={'yes' if client.own_delay else 'no'}"
        )
        print(
            f"load: p50_ms={srv.percentile(everything, 0.5):.1f} "
            f"p95_ms={srv.percentile(everything, 0.95):.1f} errors={errors}"
        )
        return 0 if errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
