"""Benchmark: polling the public live pages (issue 7) under gunicorn with 2 sync workers.

1. Builds a temporary SQLite database (WAL, migrated from scratch) with a 256-player Swiss event:
   ``--rounds`` rounds finished (paired by :func:`scoring.draws.pair_round`, results written as
   the services leave them: games with scores, winner, games won), and the next round under way:
   128 matches, 32 of them at tables with a board recorded stroke by stroke.
2. Starts ``gunicorn carrom_tournament.wsgi --workers 2`` on 127.0.0.1 (a free port) with the
   project settings, ``DEBUG=false`` and plain static storage (no collectstatic needed).
3. For ``--seconds`` each, ``--clients`` concurrent pollers behave like browsers: each keeps the
   ETag of what it last got and sends ``If-None-Match``; meanwhile one "umpire" thread records
   a stroke every ``--stroke-every`` seconds on a live match (through the services, into the same
   database), so some polls get fresh content and most get ``304 Not Modified``:

   * **live**: the match score partial ``/t/<slug>/match/<id>/live/``, each poller watching
     one of the live matches;
   * **standings**: the full standings page ``/t/<slug>/event/<id>/standings/`` of the Swiss
     event; the umpire thread finishes one round-6 match every ``--result-every`` seconds.

Only 127.0.0.1 is contacted; gunicorn is stopped at the end (also on errors and Ctrl+C), and the
database is deleted unless ``--keep``. Run: ``.venv/bin/python bench/polling.py``.
The last line reads ``polling: live_rps=<x> standings_rps=<y> share_304=<z>``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = 256
LIVE_TABLES = 32
SLUG = "bench-swiss-open"
SETTINGS = """\
from carrom_tournament.settings import *  # noqa: F403

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
STORAGES = {**STORAGES, "staticfiles": {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
LOGGING = {"version": 1, "disable_existing_loggers": False,
           "root": {"handlers": [], "level": "ERROR"}}
"""


def setup_django(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ["DJANGO_SETTINGS_MODULE"] = "carrom_tournament.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


# --------------------------------------------------------------------------- data


def build(rounds: int, seed: int) -> dict:
    """The tournament: a 256-player Swiss event, ``rounds`` finished, the next one running."""
    import datetime

    from django.db import transaction
    from django.utils import timezone

    from scoring.draws import Entry as DrawEntry
    from scoring.draws import MatchResult, pair_round
    from scoring.models import Entry, Event, Game, Match, Player, Round, Table, Tournament
    from scoring.services.matches import Actor, record_event, record_toss

    rng = random.Random(seed)
    system = Actor(via="system", device="bench")
    today = datetime.date.today()
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name="Bench Swiss Open",
            slug=SLUG,
            start_date=today,
            end_date=today + datetime.timedelta(days=1),
            table_count=LIVE_TABLES,
        )
        Table.objects.bulk_create(
            [Table(tournament=tournament, number=n) for n in range(1, LIVE_TABLES + 1)]
        )
        tables = list(tournament.tables.order_by("number"))
        event = Event.objects.create(
            tournament=tournament,
            name="Open Swiss",
            format="swiss",
            status="running",
            settings={"rounds": rounds + 2},
        )
        players = Player.objects.bulk_create(
            [Player(name=f"Player {n:03d}", rating=2000 - n) for n in range(PLAYERS)]
        )
        entries = Entry.objects.bulk_create(
            [Entry(event=event, player=p, seed=n + 1) for n, p in enumerate(players)]
        )
        draw_entries = [DrawEntry(e.pk, seed=e.seed) for e in entries]
        strength = {e.pk: rng.gauss(0, 1) - e.seed / 100 for e in entries}
        results: list = []
        number = 0
        for r in range(1, rounds + 1):
            rnd = Round.objects.create(event=event, number=r)
            drawn = pair_round(draw_entries, results)
            matches, games = [], []
            for pairing in drawn.pairings:
                number += 1
                if pairing.b is None:
                    matches.append(
                        Match(
                            event=event,
                            round=rnd,
                            number=number,
                            entry_a_id=pairing.a,
                            bye=True,
                            status="finished",
                            winner_side="a",
                            games_won={"a": 1, "b": 0},
                        )
                    )
                    results.append(MatchResult.for_bye(pairing.a))
                    continue
                a_wins = strength[pairing.a] + rng.gauss(0, 1) > strength[pairing.b]
                scores = [(25, rng.randint(0, 24)), (25, rng.randint(0, 24))]
                if not a_wins:
                    scores = [(y, x) for x, y in scores]
                matches.append(
                    Match(
                        event=event,
                        round=rnd,
                        number=number,
                        entry_a_id=pairing.a,
                        entry_b_id=pairing.b,
                        status="confirmed",
                        winner_side="a" if a_wins else "b",
                        games_won={"a": 2, "b": 0} if a_wins else {"a": 0, "b": 2},
                        games_a=2 if a_wins else 0,
                        games_b=0 if a_wins else 2,
                        points_a=sum(s[0] for s in scores),
                        points_b=sum(s[1] for s in scores),
                        revision=8,
                        finished_at=timezone.now(),
                    )
                )
                games.append(scores)
                results.append(
                    MatchResult(
                        pairing.a,
                        pairing.b,
                        pairing.a if a_wins else pairing.b,
                        games_a=2 if a_wins else 0,
                        games_b=0 if a_wins else 2,
                        points_a=sum(s[0] for s in scores),
                        points_b=sum(s[1] for s in scores),
                    )
                )
            created = Match.objects.bulk_create(matches)
            rows = []
            for match, scores in zip([m for m in created if not m.bye], games, strict=True):
                for g, (x, y) in enumerate(scores, start=1):
                    rows.append(
                        Game(
                            match=match,
                            number=g,
                            first_breaker="a",
                            scores={"a": x, "b": y},
                            winner_side="a" if x > y else "b",
                            finished=True,
                        )
                    )
            Game.objects.bulk_create(rows)
        # the round being played
        rnd = Round.objects.create(event=event, number=rounds + 1)
        drawn = pair_round(draw_entries, results)
        running = []
        for i, pairing in enumerate(drawn.pairings):
            number += 1
            live = i < LIVE_TABLES and pairing.b is not None
            running.append(
                Match.objects.create(
                    event=event,
                    round=rnd,
                    number=number,
                    entry_a_id=pairing.a,
                    entry_b_id=pairing.b,
                    table=tables[i] if live else None,
                    status="called" if live else "ready",
                    called_at=timezone.now(),
                )
            )
    live = [m for m in running if m.table_id is not None]
    for match in live:  # a board under way at every table
        record_toss(match=match, winner="a", choice="break", actor=system)
        for payload in (
            {"type": "stroke", "by": "white", "pocketed": {"white": 1}},
            {"type": "stroke", "by": "white"},
        ):
            record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=system)
    return {
        "tournament": tournament,
        "event": event,
        "live": live,
        "waiting": [m for m in running if m.table_id is None and m.entry_b_id],
    }


class Umpire(threading.Thread):
    """Records a plausible stroke on a live match every ``every`` seconds, and (standings
    phase) finishes a waiting match every ``result_every`` seconds."""

    def __init__(self, live, waiting, every: float, result_every: float | None) -> None:
        super().__init__(daemon=True)
        self.live, self.waiting = live, list(waiting)
        self.every, self.result_every = every, result_every
        self.stop = threading.Event()
        self.strokes = self.results = self.errors = 0

    def run(self) -> None:
        from django.db import connection
        from django.utils import timezone

        from scoring.models import Game, Match
        from scoring.services.matches import Actor, match_snapshot, record_event

        system = Actor(via="system", device="bench")
        rng = random.Random(7)
        last_result = time.monotonic()
        try:
            while not self.stop.wait(self.every):
                match = rng.choice(self.live)
                try:
                    snap = match_snapshot(Match.objects.get(pk=match.pk))
                    position = snap.current.position if snap.current else None
                    by = position.on_turn if position is not None and position.on_turn else "white"
                    left = position.on_board[by] if position is not None else 9
                    pocketed = {by: 1} if left > 2 and rng.random() < 0.5 else {}
                    record_event(
                        match=match,
                        payload={"type": "stroke", "by": by, "pocketed": pocketed},
                        client_id=uuid.uuid4(),
                        actor=system,
                    )
                    self.strokes += 1
                except Exception:  # noqa: BLE001 - a bench keeps going
                    self.errors += 1
                if (
                    self.result_every
                    and self.waiting
                    and time.monotonic() - last_result >= self.result_every
                ):
                    last_result = time.monotonic()
                    m = self.waiting.pop()
                    Game.objects.bulk_create(
                        [
                            Game(
                                match=m,
                                number=1,
                                first_breaker="a",
                                scores={"a": 25, "b": 7},
                                winner_side="a",
                                finished=True,
                            ),
                            Game(
                                match=m,
                                number=2,
                                first_breaker="b",
                                scores={"a": 25, "b": 11},
                                winner_side="a",
                                finished=True,
                            ),
                        ]
                    )
                    Match.objects.filter(pk=m.pk).update(
                        status="finished",
                        winner_side="a",
                        games_won={"a": 2, "b": 0},
                        games_a=2,
                        games_b=0,
                        points_a=50,
                        points_b=18,
                        revision=9,
                        finished_at=timezone.now(),
                        updated_at=timezone.now(),
                    )
                    self.results += 1
        finally:
            connection.close()


# --------------------------------------------------------------------------- load


class Poller(threading.Thread):
    """A browser tab: polls one page (``paths[seed]``, round robin) again and again, sending
    the ETag of what it last got, as the browser's cache does for htmx."""

    def __init__(self, port: int, paths: list[str], until: float, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.path, self.until = port, paths[seed % len(paths)], until
        self.etags: dict[str, str] = {}
        self.statuses: Counter[int] = Counter()
        self.failures = 0

    def run(self) -> None:
        path = self.path
        while time.monotonic() < self.until:
            headers = {"Accept-Language": "en", "HX-Request": "true"}
            if path in self.etags:
                headers["If-None-Match"] = self.etags[path]
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
                conn.close()
            except OSError:
                self.failures += 1
                continue
            self.statuses[response.status] += 1
            etag = response.getheader("ETag")
            if etag:
                self.etags[path] = etag


def hammer(port: int, paths: list[str], clients: int, seconds: float) -> dict:
    until = time.monotonic() + seconds
    pollers = [Poller(port, paths, until, seed) for seed in range(clients)]
    start = time.monotonic()
    for p in pollers:
        p.start()
    for p in pollers:
        p.join()
    elapsed = time.monotonic() - start
    statuses: Counter[int] = Counter()
    for p in pollers:
        statuses.update(p.statuses)
    answered = sum(statuses.values())
    return {
        "rps": answered / elapsed,
        "statuses": dict(statuses),
        "answered": answered,
        "failures": sum(p.failures for p in pollers),
        "not_modified": statuses.get(304, 0),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(tmp: Path, db_path: Path, port: int) -> subprocess.Popen:
    (tmp / "bench_polling_settings.py").write_text(SETTINGS, encoding="utf-8")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db_path}",
        "DEBUG": "false",
        "DJANGO_SETTINGS_MODULE": "bench_polling_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp), str(ROOT)]),
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    process = subprocess.Popen(
        [
            str(gunicorn),
            "carrom_tournament.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--timeout",
            "30",
            "--log-level",
            "warning",
            "--chdir",
            str(ROOT),
        ],
        env=env,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/v1/tournaments/")
            if conn.getresponse().status == 200:
                return process
        except OSError:
            pass
        if process.poll() is not None:
            raise SystemExit("gunicorn did not start")
        time.sleep(0.2)
    stop(process)
    raise SystemExit("gunicorn did not answer within 30 s")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="per phase (default 15)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent pollers")
    parser.add_argument("--rounds", type=int, default=5, help="finished Swiss rounds")
    parser.add_argument(
        "--stroke-every",
        type=float,
        default=1.0,
        help="seconds between strokes recorded on live matches",
    )
    parser.add_argument(
        "--result-every",
        type=float,
        default=10.0,
        help="seconds between results of the running round",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary database")
    args = parser.parse_args(argv)

    tmp = Path(tempfile.mkdtemp(prefix="bench-polling-"))
    db_path = tmp / "bench.sqlite3"
    setup_django(db_path)
    started = time.monotonic()
    data = build(args.rounds, seed=1)
    print(
        f"data: {PLAYERS} players, {args.rounds} rounds finished, "
        f"{len(data['live'])} live tables ({time.monotonic() - started:.1f} s)"
    )
    from django.db import connection

    connection.close()
    slug, event = data["tournament"].slug, data["event"]
    live_paths = [f"/t/{slug}/match/{m.pk}/live/" for m in data["live"]]
    standings_paths = [f"/t/{slug}/event/{event.pk}/standings/"]
    port = free_port()
    process = start_gunicorn(tmp, db_path, port)
    try:
        hammer(port, live_paths[:4] + standings_paths, 2, 1.0)  # warm up both workers
        umpire = Umpire(data["live"], [], args.stroke_every, None)
        umpire.start()
        live = hammer(port, live_paths, args.clients, args.seconds)
        umpire.stop.set()
        umpire.join()
        print(
            f"live partial: {live['rps']:.0f} req/s, statuses {live['statuses']}, "
            f"{umpire.strokes} strokes recorded meanwhile"
        )
        umpire = Umpire(data["live"], data["waiting"], args.stroke_every, args.result_every)
        umpire.start()
        standings = hammer(port, standings_paths, args.clients, args.seconds)
        umpire.stop.set()
        umpire.join()
        print(
            f"standings page: {standings['rps']:.0f} req/s, statuses "
            f"{standings['statuses']}, {umpire.results} results came in meanwhile"
        )
    finally:
        stop(process)
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print(f"database kept: {db_path}")
    answered = live["answered"] + standings["answered"]
    share = (live["not_modified"] + standings["not_modified"]) / answered if answered else 0
    failures = live["failures"] + standings["failures"]
    errors = {s: n for phase in (live, standings) for s, n in phase["statuses"].items() if s >= 400}
    if failures or errors:
        print(f"errors: {failures} failed connections, {errors}")
    print(
        f"polling: live_rps={live['rps']:.0f} standings_rps={standings['rps']:.0f} "
        f"share_304={share:.3f}"
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
