"""Benchmark: strokes posted while an organiser imports a 5,000-line CSV (issue 16, finding 2).

A fresh database (SQLite file in WAL mode by default, or ``--database-url`` for PostgreSQL: a
new database of that name with a random suffix, dropped afterwards), a tournament with a
match ready to score, and a second tournament with an empty event. A thread records a
"nothing pocketed" stroke every ``--interval`` seconds through the services (as the tablet's
view does) while the main thread imports ``--lines`` CSV lines (``--doubles``: pairs, so twice
the players). Every stroke's time includes its wait for the write lock.

Target: every stroke answered in at most 1 s, the import well inside gunicorn's 30 s. The last
line reads ``import_lock: lines=<n> doubles=<0|1> import_s=<x> strokes=<n> stroke_max_ms=<y>
stroke_p95_ms=<z> ok=<0|1>``.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import fresh_database, make_tournament, percentile, setup_django, temp_dir  # noqa: E402


def csv_text(lines: int, doubles: bool) -> str:
    header = "name,club,nationality,rating,seed" + (",partner" if doubles else "")
    rows = [header]
    for i in range(lines):
        row = f"Import Player {i:05d},Club {i % 97},DE,{1000 + i % 900},"
        if i < 16:
            row += str(i + 1)
        if doubles:
            row += f",Import Partner {i:05d}"
        rows.append(row)
    return "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--doubles", action="store_true")
    parser.add_argument("--interval", type=float, default=0.02)
    args = parser.parse_args()
    tmp = temp_dir("import-lock-")
    db = fresh_database(args.database_url or None, tmp)
    try:
        setup_django(db.url)
        return run(args)
    finally:
        from django.db import connections

        connections.close_all()
        db.drop()


def run(args: argparse.Namespace) -> int:
    import datetime

    from django.db import connection

    from scoring.models import Event, Match, Tournament
    from scoring.services.matches import Actor, record_event
    from scoring.services.tournaments import import_csv

    info = make_tournament(1)[0]
    today = datetime.date.today()
    other = Tournament.objects.create(
        name="Import Open", slug="import-open", start_date=today, end_date=today
    )
    event = Event.objects.create(
        tournament=other,
        name="Doubles" if args.doubles else "Singles",
        kind="doubles" if args.doubles else "singles",
    )
    text = csv_text(args.lines, args.doubles)
    times: list[float] = []
    failures: list[str] = []
    started, done = threading.Event(), threading.Event()

    def tablet() -> None:
        actor = Actor(via="link", device="bench tablet")
        side = "white"
        try:
            while not done.is_set():
                match = Match.objects.get(pk=info.pk)
                begin = time.perf_counter()
                try:
                    record_event(
                        match=match,
                        payload={"type": "stroke", "by": side},
                        client_id=uuid.uuid4(),
                        actor=actor,
                    )
                except Exception as err:  # any failure is a finding
                    failures.append(f"{type(err).__name__}: {err}")
                times.append(time.perf_counter() - begin)
                side = "black" if side == "white" else "white"
                started.set()
                time.sleep(args.interval)
        finally:
            connection.close()

    thread = threading.Thread(target=tablet)
    thread.start()
    started.wait(30)
    begin = time.perf_counter()
    result = import_csv(
        tournament=other, data=text, actor=Actor(via="system", device="bench"), default_event=event
    )
    import_s = time.perf_counter() - begin
    time.sleep(0.3)
    done.set()
    thread.join()
    if not result.ok:
        print(f"import failed: {result.errors[:3]}", file=sys.stderr)
    for failure in failures[:5]:
        print(f"stroke failed: {failure}", file=sys.stderr)
    worst = max(times) * 1000
    p95 = percentile([t * 1000 for t in times], 0.95)
    ok = result.ok and not failures and worst <= 1000 and import_s < 30
    print(
        f"import_lock: lines={args.lines} doubles={int(args.doubles)} import_s={import_s:.2f} "
        f"strokes={len(times)} stroke_max_ms={worst:.0f} stroke_p95_ms={p95:.0f} "
        f"ok={int(ok)}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
