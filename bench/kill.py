"""Kill test (issue 8): umpire tablets post strokes to gunicorn; ``kill -9`` the server (the
master and every worker: its whole process group) in the middle of the traffic, restart it,
carry on; at the end check from the database that every stroke that got a success answer is in
the log exactly once (by client_id), that no client_id is there twice, and that every board
still replays through the engine.

A tablet that gets no answer (killed mid-request, connection refused while the server is down,
timeout) retries the SAME client_id with the same revision until it gets one, as the real
tablet does: a stroke committed just before the kill is then answered as a duplicate, not
recorded again.

Run ``.venv/bin/python bench/kill.py --seconds 30`` (SQLite under /tmp) or with
``--database-url postgres://carrom:carrom@127.0.0.1:5432/carrom`` (a new
``carrom_bench_<random>`` database, dropped afterwards). The last line reads
``kill: acknowledged=<n> lost=<l> duplicates=<d>``; the exit code is 1 when a stroke was lost
or doubled or a board does not replay. ``--instances 2`` runs two gunicorn instances on the
one database (as on two hosts; tablets spread over both) and kills the first for good
half-way: the tablets retry on the second.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _server as srv  # noqa: E402


async def killer(
    server: srv.Server,
    deadline: float,
    every: float,
    down: float,
    log: list[str],
    rng: random.Random,
) -> None:
    started = time.monotonic()
    while True:
        await asyncio.sleep(rng.uniform(0.6 * every, 1.4 * every))
        if time.monotonic() > deadline - 2:
            return
        server.kill9()
        log.append(f"{time.monotonic() - started:6.1f} s: kill -9 (master and workers)")
        await asyncio.sleep(down)
        await asyncio.to_thread(server.start)
        log.append(f"{time.monotonic() - started:6.1f} s: restarted")


async def kill_one(
    servers: list[srv.Server], live: list[srv.Server], after: float, log: list[str]
) -> None:
    """Two app servers on one database: ``kill -9`` the first once, mid-run, for good; the
    tablets carry on with the other (as when one of two hosts dies)."""
    await asyncio.sleep(after)
    live.remove(servers[0])
    servers[0].kill9()
    log.append(
        f"{after:6.1f} s: kill -9 of app server 1 (master and workers); app server 2 carries on"
    )


async def run(
    args: argparse.Namespace,
    servers: list[srv.Server],
    matches: list[srv.MatchInfo],
    stats: srv.Stats,
    kills: list[str],
) -> list[srv.Tablet]:
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds
    live = list(servers)
    pick = random.Random(rng.random())
    tablets, tasks = srv.tablet_loops(
        matches,
        lambda: pick.choice(live).port,
        stats,
        rng,
        deadline=deadline,
        interval=args.stroke_interval,
        timeout=args.timeout,
    )
    if len(servers) > 1:
        tasks.append(kill_one(servers, live, args.seconds / 2, kills))
    else:
        tasks.append(
            killer(
                servers[0], deadline, args.kill_every, args.down, kills, random.Random(rng.random())
            )
        )
    await asyncio.gather(*tasks)
    return tablets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tablets", type=int, default=20)
    parser.add_argument(
        "--stroke-interval",
        type=float,
        default=1.0,
        help="mean seconds between two strokes of one tablet (default 1)",
    )
    parser.add_argument(
        "--kill-every",
        type=float,
        default=0.0,
        help="mean seconds between two kills (default: seconds / 4)",
    )
    parser.add_argument(
        "--down", type=float, default=0.5, help="seconds the server stays dead before the restart"
    )
    parser.add_argument(
        "--instances",
        type=int,
        default=1,
        choices=(1, 2),
        help="2: two gunicorn instances on the one database; the first is "
        "killed once mid-run and the tablets go on with the second",
    )
    srv.add_run_arguments(parser, seed=9)
    args = parser.parse_args()
    args.seconds = max(5.0, min(args.seconds, 3600.0))
    args.kill_every = args.kill_every or args.seconds / 4

    with srv.bench_session("carrom-kill-", args.database_url, args.keep) as session:
        matches = session.serve(args.tablets, workers=args.workers, threads=args.threads)
        servers = [session.server]
        if args.instances == 2:
            second = srv.Server(
                srv.server_env(session.db.url),
                session.tmp / "gunicorn-2.log",
                workers=args.workers,
                threads=args.threads,
            )
            second.start()
            servers.append(second)
        plan = (
            f"kill -9 of the first at {args.seconds / 2:g} s"
            if args.instances == 2
            else f"kill -9 about every {args.kill_every:g} s"
        )
        print(
            f"gunicorn on 127.0.0.1:{', '.join(str(s.port) for s in servers)}; "
            f"{args.tablets} tablets (a stroke every ~{args.stroke_interval:g} s), {plan}; "
            f"{args.seconds:g} s"
        )
        stats = srv.Stats()
        kills: list[str] = []
        try:
            tablets = asyncio.run(run(args, servers, matches, stats, kills))
        finally:
            for server in servers:
                server.stop()
        for line in kills:
            print(line)
        acknowledged = [cid for t in tablets for cid in t.acknowledged]
        for line in srv.summary(stats):
            print(line)
        print(f"retries with the same client_id: {sum(t.retries for t in tablets)}")
        failed_at = {cid: at for t in tablets for cid, at in t.failed_at.items()}
        print(
            f"strokes committed whose answer was lost (a retry was answered from the log): "
            f"{srv.answered_from_the_log(failed_at)}"
        )
        check = srv.check_log(acknowledged)
        print(
            f"log: {check.events} rows on {check.boards} boards; "
            f"replay_failures={len(check.replay_failures)} "
            f"cache_mismatches={len(check.cache_mismatches)}"
        )
        for failure in check.replay_failures[:10] + check.cache_mismatches[:10]:
            print(f"  {failure}")
        refused = sum(n for what, n in stats.errors.items() if "HTTP 4" in what)
        print(f"kills: {sum('kill' in k for k in kills)}; refusals (4xx): {refused}")
        print(
            f"kill: acknowledged={check.acknowledged} lost={check.lost} "
            f"duplicates={check.duplicates}"
        )
        bad = check.lost or check.duplicates or check.replay_failures
        return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
