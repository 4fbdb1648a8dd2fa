"""Benchmark: each statement kept by hand in ``scoring/records/sql.py`` against its ORM oracle,
timed on the path a user waits on, at a large field and a small one (issue 36: "hand-written
SQL only where a benchmark shows a need a user would feel, in one module").

Every statement there has an ORM twin that ``tests/foundation/test_plain_sql.py`` compares it
with: ``insert_one_orm``, ``insert_values_orm``, ``update_row_orm``, ``insert_matches_orm``,
``link_matches_orm`` beside it; ``decided_rows_orm``, ``event_rows_orm``
(``scoring/standings/results.py``) and ``entry_rows_orm`` (``scoring/standings/tables.py``) for
the standings' reads; for ``fetch_all``, the cursor of ``Prepared`` (a query compiled once per
connection), the same queryset run by the ORM (compiled on every run). The bench runs the app's
own code and swaps one statement for its twin wherever a module of ``scoring`` holds it, so
callers are untouched; nothing of the app is copied here.

For each path it first runs the app once with every statement counted, and keeps the statements
the path runs; then, for each of those, runs the path once with its twin and asserts that the
user gets the same answer (the matches drawn, column by column; the standings' cells; the
304s' ETags; the stroke's rows), and that the standings' reads give their twins' rows on the
bench's data. Then it times, alternating sample by sample between the app and the app with
that one statement swapped.

Paths, for each field size N (``--players``, default 256 and 64: the small field is where the
regression of the standings' and draw's reads showed, ``bench/vs_sol.py`` at N=64; each size
in its own process): bench/draws.py's data, a Swiss event of N players with six rounds played
and a knock-out of N entries;

- ``swiss7``: the organiser's next round (``next_round``, round 7), undone untimed;
- ``knockout``: the knock-out's draw (``draw_event``: its rounds, matches and links), undone;
- ``standings``: the Swiss event's standings table (``event_standings``); ``european``: the
  same under the European rule (a table of complete rounds, read with the matches' rows);
- ``poll_match``, ``poll_standings``, ``poll_api``: with round 7 under way (40 matches in
  play), the live pages' polls answered 304 (a match's live part, the standings page, the
  API's tables; ten polls a sample, figures per poll; the same answer: the ETags of the
  pages' full answers).

and, once (``stroke``; its statements write one row each, whatever the field):
bench/stroke_post.py's data, one stroke POST of the umpire tablet on a 40-event board.

Figures are CPU time of this process per operation (steadier than wall time on a shared
machine), median of ``--samples`` for each side. The last line reads
``plain_sql: <statement>@<path>=<hand-written ms>/<ORM ms> …``.
Run: ``.venv/bin/python bench/plain_sql.py`` (``--case field|stroke|all``, ``--players``,
``--samples``).
"""

from __future__ import annotations

import argparse
import copy
import datetime
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

#: A statement kept by hand and its ORM twin: a function (swapped wherever a module of
#: ``scoring`` holds it) or a (class, attribute) pair (swapped on the class).
Pair = tuple[Any, Any]


def bench_module(name: str) -> ModuleType:
    """One of the other benches (bench/<name>.py), imported for its data builders."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def twins() -> dict[str, Pair]:
    """Each statement of ``scoring/records/sql.py`` by name, with its ORM twin in the form the
    app calls it (the standings' twins take the event; here they take its id, as the
    statements do)."""
    from scoring.models import Event
    from scoring.records import sql
    from scoring.records.prepared import Prepared
    from scoring.standings import results, tables

    def event(pk: int) -> Event:
        saved = Event(pk=pk)
        saved._state.adding = False
        return saved

    def draw_flag_rows_orm(
        event_id: int, *, exclude_brackets: tuple[str, ...], **_constants: Any
    ) -> list[Any]:
        # flags, done, settled and totals are the constants decided_rows_orm uses itself
        return results.decided_rows_orm(event(event_id), exclude_brackets=exclude_brackets)

    def draw_rows_orm(
        event_id: int,
        *,
        columns: tuple[str, ...],
        bracket: str | None = None,
        exclude_brackets: tuple[str, ...] = (),
    ) -> list[Any]:
        assert columns == (*results.RESULT_COLUMNS, *results.TOTAL_COLUMNS), columns
        return results.event_rows_orm(
            event(event_id), bracket=bracket, exclude_brackets=exclude_brackets
        )

    def entry_rows_orm(event_id: int) -> list[Any]:
        return tables.entry_rows_orm(event(event_id))

    def rows_orm(self: Prepared, *values: Any, alias: str = "default") -> Any:
        return iter([list(row) for row in self.build(*values).using(alias)])

    return {
        "insert_one": (sql.insert_one, sql.insert_one_orm),
        "insert_values": (sql.insert_values, sql.insert_values_orm),
        "update_row": (sql.update_row, sql.update_row_orm),
        "insert_matches": (sql.insert_matches, sql.insert_matches_orm),
        "link_matches": (sql.link_matches, sql.link_matches_orm),
        "draw_flag_rows": (sql.draw_flag_rows, draw_flag_rows_orm),
        "draw_rows": (sql.draw_rows, draw_rows_orm),
        "entry_rows": (sql.entry_rows, entry_rows_orm),
        "fetch_all": ((Prepared, "rows"), rows_orm),
    }


def swap(pairs: Iterable[Pair]) -> Callable[[], None]:
    """Put each pair's second object wherever the app holds its first; return the undo."""
    changed: list[tuple[Any, str, Any]] = []
    for app, rival in pairs:
        if isinstance(app, tuple):
            owner, attr = app
            changed.append((owner, attr, vars(owner)[attr]))
            setattr(owner, attr, rival)
            continue
        for name, module in list(sys.modules.items()):
            if not (name == "scoring" or name.startswith("scoring.")) or module is None:
                continue
            for attr, value in list(vars(module).items()):
                if value is app:
                    setattr(module, attr, rival)
                    changed.append((module, attr, app))

    def undo() -> None:
        for owner, attr, app in reversed(changed):
            setattr(owner, attr, app)

    return undo


class Path_:
    """A path a user waits on: ``run`` it (``before`` and ``undo`` around it, untimed);
    ``outcome`` is what the user got, without ids and times."""

    def __init__(
        self,
        name: str,
        run: Callable[[], Any],
        outcome: Callable[[Any], Any],
        *,
        before: Callable[[], Any] | None = None,
        undo: Callable[[], Any] | None = None,
        per_run: int = 1,
    ) -> None:
        self.name, self.run, self.outcome = name, run, outcome
        self.before, self.undo, self.per_run = before, undo, per_run

    def once(self, timed: bool = False) -> Any:
        if self.before is not None:
            self.before()
        cpu = time.process_time()
        got = self.run()
        spent = (time.process_time() - cpu) * 1000 / self.per_run
        seen = spent if timed else self.outcome(got)
        if self.undo is not None:
            self.undo()
        return seen


def on_path(path: Path_, statements: dict[str, Pair]) -> list[str]:
    """The statements ``path`` runs (each counted through a wrapper on one run of the app)."""
    seen: set[str] = set()

    def counted(name: str, app: Any) -> Any:
        inner = vars(app[0])[app[1]] if isinstance(app, tuple) else app

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            seen.add(name)
            return inner(*args, **kwargs)

        return wrapper

    back = swap((app, counted(name, app)) for name, (app, _orm) in statements.items())
    try:
        path.once()
    finally:
        back()
    return [name for name in statements if name in seen]


def same_answer(path: Path_, names: list[str], statements: dict[str, Pair]) -> None:
    """Assert that ``path`` gives the user the same answer with each statement's twin."""
    app = path.once()
    assert app, path.name  # an answer to compare, not an empty one
    for name in names:
        back = swap([statements[name]])
        try:
            got = path.once()
        finally:
            back()
        assert got == app, f"{path.name}: {name} and its ORM twin answer differently"


def alternate(path: Path_, pair: Pair, samples: int, warmup: int = 2) -> tuple[float, float]:
    """``samples`` runs of the app and as many with ``pair``'s twin swapped in, alternating;
    the median CPU milliseconds of each: (hand-written, ORM)."""
    times: dict[bool, list[float]] = {False: [], True: []}
    for n in range(2 * (samples + warmup)):
        orm = n % 2 == 1
        back = swap([pair]) if orm else (lambda: None)
        try:
            spent = path.once(timed=True)
        finally:
            back()
        if n >= 2 * warmup:
            times[orm].append(spent)
    return statistics.median(times[False]), statistics.median(times[True])


def measure(paths: list[Path_], samples: int) -> list[str]:
    """Check and time every statement on each path; print a line each; give the last line's
    items."""
    statements = twins()
    items = []
    for path in paths:
        names = on_path(path, statements)
        same_answer(path, names, statements)
        for name in names:
            sql, orm = alternate(path, statements[name], samples)
            print(
                f"{path.name:20s} {name:15s} hand-written {sql:8.2f} ms   ORM {orm:8.2f} ms   "
                f"ORM-SQL {orm - sql:+7.2f} ms ({(orm - sql) / sql:+.0%})",
                flush=True,
            )
            items.append(f"{name}@{path.name}={sql:.2f}/{orm:.2f}")
    return items


# --- what the user got, without ids and times ---------------------------------------------------


def plain(values: dict[str, Any], skip: Iterable[str] = ()) -> dict[str, Any]:
    """``values`` without the columns that differ between two runs by nature: ids, tokens,
    times."""
    drop = {"id", "umpire_token", "client_id", *skip}
    return {
        k: v
        for k, v in values.items()
        if k not in drop and not isinstance(v, datetime.datetime | datetime.date)
    }


def drawn(event: Any) -> list[dict[str, Any]]:
    """The event's matches by number, each column but ids, tokens and times, the round as its
    bracket and number and the links as their targets' numbers."""
    from scoring.models import Match

    numbers = dict(Match.objects.filter(event=event).values_list("pk", "number"))
    rounds = {r.pk: (r.bracket, r.number) for r in event.rounds.all()}
    out = []
    for row in Match.objects.filter(event=event).order_by("number").values():
        row["round_id"] = rounds.get(row["round_id"])
        row["winner_to_id"] = numbers.get(row["winner_to_id"])
        row["loser_to_id"] = numbers.get(row["loser_to_id"])
        out.append(plain(row))
    return out


# --- the field: a Swiss event and a knock-out of N ----------------------------------------------


def case_field(players: int, samples: int) -> list[str]:
    draws_bench = bench_module("draws")
    folder = Path(tempfile.mkdtemp(prefix="plain-sql-"))
    draws_bench.setup_django(folder / "bench.sqlite3")
    draws_bench.PLAYERS = players
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    from scoring.models import Match
    from scoring.records import sql
    from scoring.services import draws
    from scoring.standings import results, tables

    actor, swiss, knockout = draws_bench.build(5)
    n = f"_n{players}"

    # the standings' reads give their twins' rows on this data, before anything is timed
    flags = (
        results._A,
        results._B,
        results._BYE,
        results._WALKOVER,
        results._DRAW,
        results._DECIDED,
        results._CONFIRMED,
    )
    by_hand = sql.draw_flag_rows(
        swiss.pk,
        exclude_brackets=(),
        flags=flags,
        done=results.DONE,
        settled=results.SETTLED,
        totals=results.TOTAL_COLUMNS,
    )
    assert [tuple(r) for r in by_hand] == [tuple(r) for r in results.decided_rows_orm(swiss)]
    by_hand = sql.draw_rows(swiss.pk, columns=(*results.RESULT_COLUMNS, *results.TOTAL_COLUMNS))
    assert [tuple(r) for r in by_hand] == [tuple(r) for r in results.event_rows_orm(swiss)]
    assert len(by_hand) == players // 2 * 6
    assert [tuple(r) for r in sql.entry_rows(swiss.pk)] == [
        tuple(r) for r in tables.entry_rows_orm(swiss)
    ]

    european = copy.copy(swiss)  # the same event under the European rule (complete rounds)
    european.settings = {**swiss.settings, "ranking": "european"}

    def table_cells(found: Any) -> list[Any]:
        return [(t.name, t.order, [[c for _k, c in r.cells] for r in t.rows]) for t in found]

    paths = [
        Path_(
            "swiss7" + n,
            lambda: draws.next_round(event=swiss, actor=actor, expected_rounds=6),
            lambda _rounds: drawn(swiss)[-(players // 2) :],
            undo=lambda: draws.delete_last_round(event=swiss, actor=actor, expected_rounds=7),
        ),
        Path_(
            "knockout" + n,
            lambda: draws.draw_event(event=knockout, actor=actor, random_seed=5, expected_rounds=0),
            lambda _rounds: drawn(knockout),
            undo=lambda: draws.delete_last_round(
                event=knockout, actor=actor, expected_rounds=knockout.rounds.count()
            ),
        ),
        Path_("standings" + n, lambda: tables.event_standings(swiss), table_cells),
        Path_("european" + n, lambda: tables.event_standings(european), table_cells),
    ]
    items = measure(paths, samples)

    # the live pages' polls with round 7 under way
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.STORAGES = {  # plain static storage: no collectstatic needed
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
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
    etags = {}
    for url in urls:
        response = client.get(url, secure=True)
        assert response.status_code == 200, (url, response.status_code)
        etags[url] = response["ETag"]

    def fresh_etags(_got: Any) -> list[str]:
        """The ETags of the pages' full answers: what the validators make of the data."""
        return [client.get(url, secure=True)["ETag"] for url in urls]

    polls = []
    for name, chosen in (
        ("poll_match", urls[:-2]),
        ("poll_standings", urls[-2:-1]),
        ("poll_api", urls[-1:]),
    ):
        turn = iter(range(10**9))

        def poll(chosen: list[str] = chosen, turn: Any = turn) -> None:
            """Ten polls, each answered 304."""
            for _ in range(10):
                url = chosen[next(turn) % len(chosen)]
                response = client.get(url, secure=True, HTTP_IF_NONE_MATCH=etags[url])
                assert response.status_code == 304, (url, response.status_code)

        polls.append(Path_(name + n, poll, fresh_etags, per_run=10))
    return items + measure(polls, samples * 3)


# --- a stroke -----------------------------------------------------------------------------------


def case_stroke(samples: int) -> list[str]:
    stroke = bench_module("stroke_post")
    folder = Path(tempfile.mkdtemp(prefix="plain-sql-"))
    stroke.setup_django(folder / "bench.sqlite3")
    import random

    from django.test import Client

    from scoring.models import AuditEntry, BoardEvent, Match
    from scoring.services.matches import match_snapshot
    from tools.tablet_wire import Tablet

    match = stroke.make_match()
    stroke.record_board(match, random.Random(4))
    # every run of the path takes a copy of its own: the counting run, the twins' answers and
    # each timed sample (two sides, warm-up included) of each statement on the path
    copies = stroke.copy_match(match, 6 + len(twins()) * 2 * (samples + 2))
    current = match_snapshot(match).current
    data = {"by": current.position.on_turn, "preset": "nothing"}
    client = Client()
    queue = iter(copies)
    opened: list[Any] = []

    def open_next() -> None:
        """The tablet shows the board before its umpire records a stroke (untimed)."""
        m = next(queue)
        opened[:] = [m, Tablet(client, m)]

    def post() -> Any:
        m, tablet = opened
        status, _html = tablet.post(dict(data), revision=m.revision)
        assert status == 200, status
        return m

    def written(m: Any) -> dict[str, Any]:
        """The stroke's log row, its audit row and the match's caches."""
        event = BoardEvent.objects.filter(board__game__match=m).order_by("-seq").values()[0]
        audit = AuditEntry.objects.filter(match=m).order_by("-pk").values()[0]
        return {
            "log": plain(event, skip={"board_id"}),
            "audit": plain(audit, skip={"match_id", "tournament_id", "detail"}),
            "audit_detail": {
                k: v for k, v in audit["detail"].items() if k not in {"client_id", "event", "board"}
            },
            "match": plain(
                Match.objects.filter(pk=m.pk).values()[0],
                skip={"entry_a_id", "entry_b_id", "entry_c_id"},
            ),
        }

    path = Path_("stroke_post", post, written, before=open_next)
    return measure([path], samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=("field", "stroke", "all"), default="all")
    parser.add_argument("--players", default="256,64", help="field sizes, comma-separated")
    parser.add_argument("--samples", type=int, default=10)
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    sizes = [int(s) for s in args.players.split(",")]
    if args.case == "field" and len(sizes) == 1:
        items = case_field(sizes[0], args.samples)
    elif args.case == "stroke":
        items = case_stroke(args.samples)
    else:  # each field size and the stroke in a process of its own
        runs = [["--case", "field", "--players", str(s)] for s in sizes]
        if args.case == "all":
            runs.append(["--case", "stroke"])
        items = []
        for extra in runs:
            done = subprocess.run(
                [sys.executable, __file__, *extra, "--samples", str(args.samples)],
                capture_output=True,
                text=True,
            )
            if done.returncode:  # a twin answered differently, or the path failed
                sys.exit(f"{' '.join(extra)}:\n{done.stdout}{done.stderr}")
            out = done.stdout.strip().splitlines()
            print("\n".join(out[:-1]), flush=True)
            items += out[-1].split(": ", 1)[1].split()
        print(f"plain_sql: {' '.join(items)}")  # each process printed its load at start
        return
    print(f"load average at start {load:.1f}")
    print(f"plain_sql: {' '.join(items)}")


if __name__ == "__main__":
    main()
