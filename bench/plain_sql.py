"""Benchmark: each hand-written SQL statement against its plain-ORM equivalent, timed on the
path a user waits on (issue 36: "hand-written SQL only where a benchmark shows a need a user
would feel, in one module").

Every case builds a temporary SQLite database (WAL, migrated from scratch) and times the real
path with the app's code, alternating sample by sample between the ORM and one *place* swapped
for its hand-written statement (the app's code as it was before issue 36, kept in
``bench/sql_reference/``, or the statements kept in ``scoring/records/sql.py``). The swap
replaces the function in every module of ``scoring`` that holds it, so callers are untouched.

Cases (each in its own process; ``--case all`` runs them one after the other):

- ``draw``: bench/draws.py's data — a 256-player Swiss event with six rounds played and a
  256-entry knock-out. Times the organiser's buttons: ``next_round`` (round 7, 128 matches)
  and ``draw_event`` for the knock-out (8 rounds, 255 matches with their winner links), each
  undone untimed. Places: ``draw_reads`` (lock the event, its rounds, entries, roll call, the
  new round's row), ``insert_matches``, ``bracket_links``, ``standings`` (the decided results
  and entry lines the pairing reads).
- ``polls``: the same Swiss event with round 7 under way; the 304 answers of the live pages'
  polls (what 1,000 spectators' browsers ask: a match's live part, the standings, the API's
  tables), each with the ``If-None-Match`` of its last answer, through Django's test client
  (middleware, early answers). Place: ``validators``.
- ``import``: a 5,000-line CSV import of players and entries (the organiser's import, as
  bench/import_lock.py makes its lines). Place: ``row_writes`` (its audit row).
- ``stroke``: bench/stroke_post.py's data — one stroke POST of the umpire tablet on a
  40-event board of a hall's matches. Places: ``row_writes`` (the log row, the audit row,
  the caches' updates) and ``last_warning`` (the umpire link's look-up of the match with its
  newest stroke-clock warning: the tablet's every request, in a 40-table hall).

Figures are CPU time of this process per operation (steadier than wall time on a shared
machine), median of ``--samples`` for each side. The last line reads
``plain_sql: <place>=<sql_ms>/<orm_ms> …`` (milliseconds, hand-written / ORM, on its path).
Run: ``.venv/bin/python bench/plain_sql.py`` (``--case draw|polls|stroke|import|all``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def bench_module(name: str) -> ModuleType:
    """One of the other benches (bench/<name>.py), imported for its data builders."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def swap(pairs: Iterable[tuple[Any, Any]]) -> Callable[[], None]:
    """Put each pair's second object (the rival) wherever a module of ``scoring`` holds its
    first (what the app runs); return the undo."""
    pairs = list(pairs)
    changed = []
    for name, module in list(sys.modules.items()):
        if not (name == "scoring" or name.startswith("scoring.")) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            for orm, sql in pairs:
                if value is orm:
                    setattr(module, attr, sql)
                    changed.append((module, attr, orm))

    def undo() -> None:
        for module, attr, orm in changed:
            setattr(module, attr, orm)

    return undo


def alternate(
    places: dict[str, list[tuple[Any, Any]]],
    run: Callable[[], Any],
    samples: int,
    undo: Callable[[], Any] | None = None,
    warmup: int = 2,
    before: Callable[[], Any] | None = None,
) -> dict[str, tuple[float, float]]:
    """For each place: ``samples`` runs with what the app runs and as many with its rival
    swapped in, alternating; the median CPU milliseconds of each, as (rival, app) (``before``
    and ``undo`` around each run, untimed)."""
    out = {}
    for place, pairs in places.items():
        times: dict[bool, list[float]] = {False: [], True: []}
        for n in range(2 * (samples + warmup)):
            hand = n % 2 == 1
            if before is not None:
                before()
            back = swap(pairs) if hand else (lambda: None)
            try:
                cpu = time.process_time()
                run()
                spent = (time.process_time() - cpu) * 1000
            finally:
                back()
            if undo is not None:
                undo()
            if n >= 2 * warmup:
                times[hand].append(spent)
        out[place] = (statistics.median(times[True]), statistics.median(times[False]))
    return out


#: The places whose hand-written statements the app keeps (scoring/records/sql.py): their
#: rivals are their ORM twins.
KEPT = {"insert_matches", "bracket_links", "row_writes"}


def report(path: str, figures: dict[str, tuple[float, float]]) -> list[str]:
    """Print and give each place's (hand-written, ORM) figures (from (rival, app))."""
    lines = []
    for place, (rival, app) in figures.items():
        sql, orm = (app, rival) if place in KEPT else (rival, app)
        print(
            f"{path:28s} {place:16s} hand-written {sql:8.2f} ms   ORM {orm:8.2f} ms   "
            f"ORM-SQL {orm - sql:+7.2f} ms ({(orm - sql) / sql:+.0%})"
        )
        lines.append(f"{place}@{path}={sql:.2f}/{orm:.2f}")
    return lines


# --- draw ---------------------------------------------------------------------------------------


def case_draw(samples: int) -> list[str]:
    draws_bench = bench_module("draws")
    folder = Path(tempfile.mkdtemp(prefix="plain-sql-"))
    draws_bench.setup_django(folder / "bench.sqlite3")
    from bench.sql_reference import draw_rows as ref_rows
    from bench.sql_reference import results as ref_results
    from bench.sql_reference import tables as ref_tables
    from scoring.records import sql
    from scoring.services import draw_rows, draws
    from scoring.standings import results, tables

    actor, swiss, knockout = draws_bench.build(5)
    places = {
        "draw_reads": [
            (getattr(draw_rows, n), getattr(ref_rows, n))
            for n in (
                "lock_event",
                "round_heads",
                "entry_rows",
                "has_open_roll_call",
                "insert_round",
            )
        ],
        "insert_matches": [(sql.insert_matches, sql.insert_matches_orm)],
        "bracket_links": [(sql.link_matches, sql.link_matches_orm)],
        "standings": [
            (results.decided_results, ref_results.decided_results),
            (results.event_results, ref_results.event_results),
            (tables.entry_lines, ref_tables.entry_lines),
        ],
    }
    swiss_figures = alternate(
        places,
        lambda: draws.next_round(event=swiss, actor=actor, expected_rounds=6),
        samples,
        lambda: draws.delete_last_round(event=swiss, actor=actor, expected_rounds=7),
    )
    del places["standings"]
    knockout_figures = alternate(
        places,
        lambda: draws.draw_event(event=knockout, actor=actor, random_seed=5, expected_rounds=0),
        samples,
        lambda: draws.delete_last_round(
            event=knockout, actor=actor, expected_rounds=knockout.rounds.count()
        ),
    )
    del swiss_figures["bracket_links"]  # a Swiss round has none
    return report("swiss round 7 (256)", swiss_figures) + report(
        "knock-out draw (256)", knockout_figures
    )


# --- polls --------------------------------------------------------------------------------------


def case_polls(samples: int) -> list[str]:
    draws_bench = bench_module("draws")
    folder = Path(tempfile.mkdtemp(prefix="plain-sql-"))
    draws_bench.setup_django(folder / "bench.sqlite3")
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    settings.ALLOWED_HOSTS = ["testserver"]
    settings.STORAGES = {  # plain static storage: no collectstatic needed
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    from bench.sql_reference import validators as ref
    from scoring.models import Match
    from scoring.selectors import live
    from scoring.selectors.live import validators
    from scoring.services import draws

    actor, swiss, _knockout = draws_bench.build(5)
    draws.next_round(event=swiss, actor=actor)
    playing = list(Match.objects.filter(event=swiss, round__number=7, bye=False).order_by("pk"))
    Match.objects.filter(pk__in=[m.pk for m in playing[:40]]).update(status=Match.Status.PLAYING)
    slug = swiss.tournament.slug
    urls = [reverse("scoring:live-match-live", args=[slug, m.pk]) for m in playing[:40]]
    urls += [
        reverse("scoring:live-standings", args=[slug, swiss.pk]),
        f"/api/v1/tournaments/{swiss.tournament_id}/tables/",
    ]
    client = Client()
    places = {
        "validators": [
            (getattr(validators, n), getattr(ref, n))
            for n in ("match_validator", "event_validator", "tournament_validator")
        ]
    }
    orm_validator = validators.match_validator
    etags = {}  # by (hand-written, url): the two forms' values differ (text against datetimes)
    for hand in (False, True):
        back = swap(places["validators"]) if hand else (lambda: None)
        for url in urls:
            response = client.get(url, secure=True)
            assert response.status_code == 200, (url, response.status_code)
            etags[hand, url] = response["ETag"]
        back()
    figures = {}
    for label, chosen in (
        ("match live part 304", urls[:40]),
        ("standings page 304", urls[40:41]),
        ("API tables 304", urls[41:]),
    ):
        turn = iter(range(10**9))

        def poll(chosen: list[str] = chosen, turn: Any = turn) -> None:
            url = chosen[next(turn) % len(chosen)]
            hand = live.match_validator is not orm_validator
            for _ in range(10):  # ten polls a sample
                response = client.get(url, secure=True, HTTP_IF_NONE_MATCH=etags[hand, url])
                assert response.status_code == 304, (url, response.status_code)

        found = alternate(places, poll, samples * 5)
        figures[label] = {p: (sql / 10, orm / 10) for p, (sql, orm) in found.items()}
    lines = []
    for label, found in figures.items():
        lines += report(label, found)
    return lines


# --- stroke -------------------------------------------------------------------------------------


def case_stroke(samples: int) -> list[str]:
    stroke = bench_module("stroke_post")
    folder = Path(tempfile.mkdtemp(prefix="plain-sql-"))
    stroke.setup_django(folder / "bench.sqlite3")
    import random

    from django.db import connection
    from django.db.models.expressions import RawSQL
    from django.test import Client

    from scoring.models import AuditEntry, Match
    from scoring.records import sql
    from scoring.records.prepared import SENTINEL, Prepared
    from scoring.records.steps import WARNING
    from scoring.selectors import umpire_matches
    from scoring.services.matches import match_snapshot
    from tools.tablet_wire import Tablet

    match = stroke.make_match()
    stroke.record_board(match, random.Random(4))
    copies = stroke.copy_match(match, max(4 * (samples + 2) + 4, 40))
    current = match_snapshot(match).current
    data = {"by": current.position.on_turn, "preset": "nothing"}
    client = Client()
    queue = iter(copies)
    opened: list[Any] = []

    def open_next() -> None:
        """The tablet shows the board before its umpire records a stroke (untimed)."""
        m = next(queue)
        opened[:] = [m, Tablet(client, m)]

    def post() -> None:
        m, tablet = opened
        status, _html = tablet.post(dict(data), revision=m.revision)
        assert status == 200, status

    def raw_last_warning() -> Any:
        audit, table = (connection.ops.quote_name(m._meta.db_table) for m in (AuditEntry, Match))
        return RawSQL(
            f"SELECT MAX(w.id) FROM {audit} w WHERE w.match_id = {table}.id AND w.action = %s",
            (WARNING,),
        )

    def rows(lock: bool, **where: Any) -> Any:
        matches = Match.objects.filter(**where).annotate(last_warning=raw_last_warning())
        if lock:
            matches = matches.select_for_update(of=("self",))
        columns = umpire_matches._JOINED[lock].columns()
        return matches.order_by("pk").values_list(*columns, "last_warning")[:1]

    hand_link = {
        lock: Prepared(lambda t, lock=lock: rows(lock, umpire_token=t), markers=("\x00link",))
        for lock in (False, True)
    }
    hand_id = {
        lock: Prepared(lambda pk, lock=lock: rows(lock, pk=pk), markers=(SENTINEL,))
        for lock in (False, True)
    }
    places = {
        "row_writes": [
            (getattr(sql, n), getattr(sql, f"{n}_orm"))
            for n in ("insert_one", "insert_values", "update_row")
        ],
        "last_warning": [
            (umpire_matches._BY_LINK, hand_link),
            (umpire_matches._BY_ID, hand_id),
        ],
    }
    lines = report("stroke POST (40 events)", alternate(places, post, samples, before=open_next))

    tokens = [m.umpire_token for m in copies[:40]]  # a 40-table hall's links
    turn = iter(range(10**9))

    def look_up() -> None:
        for _ in range(40):
            umpire_matches.match_for_link(tokens[next(turn) % 40])

    found = alternate({"last_warning": places["last_warning"]}, look_up, samples)
    return lines + report("40 link look-ups", found)


# --- import -------------------------------------------------------------------------------------


def case_import(samples: int) -> list[str]:
    """A 5,000-line CSV import of players and entries (``import_csv``, as bench/import_lock.py
    makes its lines), each run into a tournament and players of its own."""
    draws_bench = bench_module("draws")
    folder = Path(tempfile.mkdtemp(prefix="plain-sql-"))
    draws_bench.setup_django(folder / "bench.sqlite3")
    import datetime

    from scoring.models import Event, Tournament
    from scoring.records import sql
    from scoring.services.matches import Actor
    from scoring.services.tournaments import import_csv

    actor = Actor(via="system", device="bench")
    runs = iter(range(10**6))

    def run() -> None:
        n = next(runs)
        tournament = Tournament.objects.create(
            name=f"Import {n}",
            slug=f"import-{n}",
            start_date=datetime.date(2026, 5, 1),
            end_date=datetime.date(2026, 5, 2),
        )
        event = Event.objects.create(tournament=tournament, name="Singles")
        lines = ["name,club,nationality,rating,seed"] + [
            f"Import Player {n} {i:05d},Club {i % 97},DE,{1000 + i % 900}," for i in range(5000)
        ]
        result = import_csv(
            tournament=tournament, data="\n".join(lines) + "\n", actor=actor, default_event=event
        )
        assert result.ok, result.errors[:3]

    places = {
        "row_writes": [
            (getattr(sql, n), getattr(sql, f"{n}_orm"))
            for n in ("insert_one", "insert_values", "update_row")
        ]
    }
    return report("CSV import (5,000 lines)", alternate(places, run, samples, warmup=1))


CASES = {"draw": case_draw, "polls": case_polls, "stroke": case_stroke, "import": case_import}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=(*CASES, "all"), default="all")
    parser.add_argument("--samples", type=int, default=10)
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.case == "all":
        found = []
        for case in CASES:
            done = subprocess.run(
                [sys.executable, __file__, "--case", case, "--samples", str(args.samples)],
                check=True,
                capture_output=True,
                text=True,
            )
            out = done.stdout.strip().splitlines()
            print("\n".join(out[:-1]))
            found.append(out[-1].split(": ", 1)[1])
        print(f"load average at start {load:.1f}")
        print("plain_sql: " + " ".join(found))
        return
    lines = CASES[args.case](args.samples)
    print(f"load average at start {load:.1f}")
    print(f"plain_sql: {' '.join(lines)}")


if __name__ == "__main__":
    main()
