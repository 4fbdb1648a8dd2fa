"""Benchmark: one stroke POST of the umpire tablet against a board with 40 events (issue 4).

Runs the whole Django stack in-process (Django's test client: middleware, CSRF, sessions, CSP,
htmx headers) against a temporary SQLite database in WAL mode, migrated from scratch:

1. records a match's toss and a 40-event board through the services (a realistic mix: mostly
   nothing or one carromman, some opponent's carrommen, strikers, fouls, the queen), then
   copies that match ``--samples`` times, so that every timed POST meets exactly 40 events;
2. times, interleaved, one "nothing pocketed" stroke POST on each copy (the umpire link, as
   htmx sends it: the update with the panel, the scoreboard and the rulings, and the new
   history line out of band) and one GET of a
   trivial view of the same site (the home page: one query, the base template). Each copy is
   opened once before its POST, untimed, as the tablet shows the board before a stroke;
3. counts the SQL queries of one stroke POST (the tests check it does not grow with the
   board: tests/umpire/test_views.py).

Target: the median stroke POST at most 2x the trivial view. Run with
``.venv/bin/python bench/stroke_post.py`` (``--samples N``, ``--keep`` to keep the database;
``--game point``: a three-player point-carrom board of 40 events instead, its stroke's SQL
printed, issue 36; ``--compare-prepared``: every other timed POST with the queries compiled
once per connection replaced by the plain ORM, issue 36: is the prepared-query helper still
worth its code? The two medians and their ratio come from the same run; ``--compare-caches``:
the same with the per-process replay and log caches keeping nothing).
The last line reads ``stroke_post: median_ms=<x> p95_ms=<y> baseline_median_ms=<z>
ratio=<r> queries=<q>``.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.tablet_wire import Tablet  # noqa: E402  (needs the root on the path)

EVENTS = 40


def setup_django(path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    os.environ["DEBUG"] = "false"  # as in production: no query log, no debug toolbar
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    import django

    django.setup()
    from django.conf import settings

    settings.ALLOWED_HOSTS = ["testserver"]
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_match():
    import datetime

    from scoring.models import Entry, Event, Match, Player, Tournament

    tournament = Tournament.objects.create(
        name="Bench Open",
        slug="bench-open",
        start_date=datetime.date.today(),
        end_date=datetime.date.today() + datetime.timedelta(days=1),
    )
    event = Event.objects.create(tournament=tournament, name="Singles")
    a, b = (
        Entry.objects.create(event=event, player=Player.objects.create(name=n))
        for n in ("Asha Rao", "Ben Kirk")
    )
    return Match.objects.create(event=event, entry_a=a, entry_b=b, status=Match.Status.READY)


def make_point_match():
    """A three-player point-carrom match (seed 003) of a new event of the bench's tournament."""
    from scoring.models import Entry, Event, Match, Player

    event = Event.objects.create(
        tournament=Event.objects.get(name="Singles").tournament,
        name="Point carrom",
        rules="point-carrom",
        games_to_win=1,
    )
    a, b, c = (
        Entry.objects.create(event=event, player=Player.objects.create(name=n))
        for n in ("Asha Rao", "Ben Kirk", "Chen Li")
    )
    return Match.objects.create(
        event=event,
        entry_a=a,
        entry_b=b,
        entry_c=c,
        rules="point-carrom",
        games_to_win=1,
        status=Match.Status.READY,
    )


def record_point_board(match, rng: random.Random) -> None:
    """``EVENTS`` legal point-carrom events on the first board, none of which ends it: mostly
    nothing pocketed, some a carromman of either colour."""
    from scoring.records import match_snapshot
    from scoring.rules import RulesError, variant_for
    from scoring.services.matches import Actor, record_event

    actor = Actor(via="system", device="bench")
    variant = variant_for(match.rules)
    count = 0
    while count < EVENTS:
        current = match_snapshot(match).current
        position = current.position
        by = (
            variant.seating(match.sides, current.breaker)[position.on_turn]
            if current.board is not None
            else variant.seating(match.sides, current.breaker)[0]
        )
        roll = rng.random()
        pocketed = {}
        if roll < 0.2 and position.on_board.white > 2:
            pocketed = {"white": 1}
        elif roll < 0.3 and position.on_board.black > 2:
            pocketed = {"black": 1}
        payload = {"type": "stroke", "by": by, **({"pocketed": pocketed} if pocketed else {})}
        try:
            if variant.step(position, variant.parse_event(payload))[0].finished:
                continue
        except RulesError:
            continue
        record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=actor)
        count += 1
    match.refresh_from_db()


def make_match_named(prefix: str):
    from scoring.models import Entry, Event, Match, Player

    event = Event.objects.get(name="Singles")
    a, b = (
        Entry.objects.create(event=event, player=Player.objects.create(name=f"{prefix} {n}"))
        for n in ("Asha", "Ben")
    )
    return Match.objects.create(event=event, entry_a=a, entry_b=b, status=Match.Status.READY)


def record_board(match, rng: random.Random) -> None:
    """``EVENTS`` legal events on the first board, none of which ends it."""
    from scoring.rules import Pieces, RulesError, Stroke, apply
    from scoring.services.matches import Actor, match_snapshot, record_event, record_toss

    actor = Actor(via="system", device="bench")
    record_toss(match=match, winner="a", choice="break", actor=actor)
    match.refresh_from_db()
    count = 0
    while count < EVENTS:
        position = match_snapshot(match).current.position
        by = position.on_turn
        opp = "black" if by == "white" else "white"
        roll = rng.random()
        if roll < 0.5:
            pieces = Pieces()
        elif roll < 0.75:
            pieces = Pieces(**{by: 1}) if position.on_board[by] > 1 else Pieces()
        elif roll < 0.85:
            pieces = Pieces(**{opp: 1}) if position.on_board[opp] > 1 else Pieces()
        elif roll < 0.93:
            pieces = Pieces(striker=True)
        else:
            pieces = Pieces(queen=position.queen == "on_board")
        foul = "improper_stroke" if rng.random() < 0.05 else None
        stroke = Stroke(by, pieces, foul=foul)
        try:
            if apply(position, stroke).finished:
                continue
        except RulesError:
            continue
        record_event(match=match, payload=stroke.to_dict(), client_id=uuid.uuid4(), actor=actor)
        count += 1
    match.refresh_from_db()


def _clone(instance, **changes):
    new = copy.copy(instance)
    new.pk = None
    new._state = copy.copy(instance._state)
    new._state.adding = True
    for name, value in changes.items():
        setattr(new, name, value)
    new.save()
    return new


def copy_match(match, copies: int, shared_players: bool = False) -> list:
    """``copies`` matches with the same games, boards and log (new umpire links). Each copy
    has players of its own (as the tables of a hall do), so no copy's answer is rendered from
    regions another copy's left in the per-process memo; ``shared_players``: the same two."""
    from scoring.models import Board, BoardEvent, Entry, Player
    from scoring.models.match import new_umpire_token

    games = list(match.games.all())
    boards = list(Board.objects.filter(game__match=match))
    rows = list(BoardEvent.objects.filter(board__game__match=match).order_by("seq"))
    out = []
    for number in range(copies):
        own = {}
        if not shared_players:
            own = {
                side: Entry.objects.create(
                    event_id=match.event_id,
                    player=Player.objects.create(name=f"{entry.player.name} {number}"),
                )
                for side, entry in (
                    ("entry_a", match.entry_a),
                    ("entry_b", match.entry_b),
                    ("entry_c", match.entry_c),
                )
                if entry is not None
            }
        clone = _clone(match, umpire_token=new_umpire_token(), **own)
        game_ids = {g.pk: _clone(g, match=clone).pk for g in games}
        board_ids = {b.pk: _clone(b, game_id=game_ids[b.game_id]).pk for b in boards}
        BoardEvent.objects.bulk_create(
            [
                BoardEvent(
                    board_id=board_ids[e.board_id],
                    seq=e.seq,
                    client_id=e.client_id,
                    type=e.type,
                    payload=e.payload,
                    via=e.via,
                    device=e.device,
                )
                for e in rows
            ]
        )
        out.append(clone)
    return out


def board_sizes(client) -> list[tuple[int, int]]:
    """The answer's size (HTML, and gzipped as the tablet receives it) for every stroke of a
    whole board posted through the tablet, from the break to its end."""
    from scoring.rules import Pieces, RulesError, Stroke, apply
    from scoring.services.matches import Actor, match_snapshot, record_toss

    match = make_match_named("Board Sizes")
    record_toss(match=match, winner="a", choice="break", actor=Actor(via="system"))
    rng = random.Random(7)
    tablet = Tablet(client, match)  # sends the fingerprints of what it shows, as a tablet does
    sizes: list[tuple[int, int]] = []
    while len(sizes) < 200:
        match.refresh_from_db()
        current = match_snapshot(match).current
        if current is None or (current.board is not None and current.position.finished):
            break
        if sizes and current.board is None:
            break  # the board has ended
        position = current.position
        by = position.on_turn
        left = position.on_board[by]
        roll = rng.random()
        if position.queen == "on_board" and left > 1 and roll < 0.3:
            pieces = Pieces(**{by: 1}, queen=True)
        elif left > 1 and roll < 0.6 or left == 1 and position.queen != "on_board":
            pieces = Pieces(**{by: 1})
        else:
            pieces = Pieces()
        try:
            apply(position, Stroke(by, pieces))
        except RulesError:
            pieces = Pieces()
        data: dict = {"by": by}
        data.update({k: v for k, v in (("white", pieces.white), ("black", pieces.black)) if v})
        if pieces.queen:
            data["queen"] = "on"
        status, _html = tablet.post(data, revision=match.revision)
        assert status == 200, status
        sizes.append(tablet.wire)
    return sizes


#: What ``--breakdown`` times in each stroke POST (module, function, label): CPU time of the
#: thread, inclusive (a function's time holds the functions it calls).
BREAKDOWN = (
    ("django.test.client", "ClientHandler.__call__", "the whole request (middleware too)"),
    ("scoring.views.umpire.base", "_resolve", "the match looked up and locked, who asks"),
    ("scoring.views.umpire.writes", "StrokeForm.is_valid", "the pad's form"),
    ("scoring.views.umpire.writes", "services.record_event", "the write (record_event)"),
    ("scoring.services.matches.recording", "match_snapshot", "  the snapshot (one query)"),
    ("scoring.records.snapshot", "match_rows", "    its rows"),
    ("scoring.rules.variant", "ColourGame.step", "  the engine's step"),
    ("scoring.rules.variant", "PointCarrom.step", "  the engine's step"),
    ("scoring.services.matches.recording", "append_event", "  the log row (INSERT)"),
    ("scoring.services.matches.recording", "refresh_caches", "  the caches (2 UPDATEs)"),
    ("scoring.services.matches.recording", "audit_match", "  the audit row (INSERT)"),
    ("django.db.transaction", "Atomic.__exit__", "commit"),
    ("scoring.views.umpire.writes", "after_write", "the answer"),
    ("scoring.views.umpire.base", "tablet", "  the screen model"),
    ("scoring.views.umpire.base", "tablet_context", "  the context"),
    ("scoring.views.umpire.base", "render", "  the templates"),
    ("scoring.templatetags.umpire_regions", "key_of", "    the memo keys (template_reads.key_of)"),
    ("scoring.templatetags.umpire_regions", "reads", "    the memo recipes (template_reads.reads)"),
)


def timed_breakdown() -> tuple[list[float], dict[str, list[float]], Any]:
    """Wrap the functions of :data:`BREAKDOWN`; returns the switch (a one-item list: time
    only while it is true), the times by label and a function giving one POST's medians."""
    import functools
    import importlib

    active = [False]
    times: dict[str, list[float]] = {label: [] for _m, _f, label in BREAKDOWN}
    per_post: dict[str, float] = {}

    def wrap(module: str, name: str, label: str) -> None:
        owner: Any = importlib.import_module(module)
        *path, attr = name.split(".")
        for part in path:
            owner = getattr(owner, part)
        original = getattr(owner, attr)

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not active[0]:
                return original(*args, **kwargs)
            start = time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                per_post[label] = per_post.get(label, 0.0) + time.thread_time() - start

        setattr(owner, attr, timed)

    for module, name, label in BREAKDOWN:
        wrap(module, name, label)

    def done() -> None:
        for _m, _f, label in BREAKDOWN:
            times[label].append(per_post.get(label, 0.0))
        per_post.clear()

    return active, times, done


#: ``--compare-prepared``: while true, the prepared queries run as the plain ORM would.
PLAIN = [False]


def plain_orm_switch() -> None:
    """Route the queries compiled once per connection (``records/prepared.py``: the stroke's
    snapshot; the match behind the link, ``selectors/umpire_matches.py``) through the plain
    ORM while :data:`PLAIN` is true: the same queryset, compiled and converted by Django on
    every run."""
    from django.http import Http404

    from scoring.models import Match
    from scoring.records.prepared import Prepared
    from scoring.selectors import umpire_matches

    def plain(lock: bool, **where: Any) -> Any:
        related = [n for n in umpire_matches.MATCH_RELATED if not (lock and n == "table")]
        matches = Match.objects.select_related(*related).annotate(
            last_warning=umpire_matches._last_warning()
        )
        if lock:
            matches = matches.select_for_update(of=("self",))
        found = list(matches.filter(**where).order_by("pk")[:1])
        if not found and "pk" in where:
            raise Http404
        return found[0] if found else None

    kept_link, kept_id = umpire_matches.match_for_link, umpire_matches.match_by_id

    def match_for_link(token: str, *, lock: bool = False) -> Any:
        if PLAIN[0]:
            return plain(lock, umpire_token=str(token))
        return kept_link(token, lock=lock)

    def match_by_id(match_id: int, *, lock: bool = False) -> Any:
        if PLAIN[0]:
            return plain(lock, pk=int(match_id))
        return kept_id(match_id, lock=lock)

    umpire_matches.match_for_link = match_for_link  # type: ignore[assignment]
    umpire_matches.match_by_id = match_by_id  # type: ignore[assignment]

    prepared_rows = Prepared.rows

    def rows(self: Any, *values: Any, alias: str = "default") -> Any:
        if PLAIN[0]:
            return iter([list(row) for row in self.build(*values).using(alias)])
        return prepared_rows(self, *values, alias=alias)

    Prepared.rows = rows  # type: ignore[method-assign]


#: ``--compare-caches``: while true, the per-process replay and log caches keep nothing.
UNCACHED = [False]
#: the caches' sizes as configured (REPLAYS_SIZE, LOGS_SIZE), read at the first switch
_SIZES: list[int] = []


def uncached(off: bool, which: str = "both") -> None:
    """Keep nothing in the per-process caches of a board's replay (``records/boards.py``:
    ``_REPLAYS``) and of the board in play's log (``records/snapshot.py``: ``_LOGS``) while
    ``off``: the page opened before the POST and the POST then replay the board and read its
    whole log (issue 36: are the caches worth their keys?)."""
    from scoring.records import boards, snapshot

    if not _SIZES:
        _SIZES.extend((boards.REPLAYS_SIZE, snapshot.LOGS_SIZE))
    UNCACHED[0] = off
    boards.REPLAYS_SIZE, snapshot.LOGS_SIZE = _SIZES
    if off and which in ("both", "replays"):
        boards.REPLAYS_SIZE = 0
        boards._REPLAYS.clear()
    if off and which in ("both", "logs"):
        snapshot.LOGS_SIZE = 0
        snapshot._LOGS.clear()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--keep", action="store_true", help="keep the temporary database")
    parser.add_argument(
        "--game",
        choices=("colour", "point"),
        default="colour",
        help="the colour game (ICF) or three-player point carrom; point prints its SQL",
    )
    parser.add_argument(
        "--shared-players",
        action="store_true",
        help="every copy with the same two players (their regions then come "
        "from the memo another copy left: a lower bound, not a hall)",
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="print the median CPU time of the stroke's parts (BREAKDOWN; "
        "the wrappers add a little to the stroke's own figures)",
    )
    parser.add_argument(
        "--profile",
        metavar="N",
        type=int,
        default=0,
        help="print the N costliest functions of the timed stroke POSTs (cProfile, cumulative)",
    )
    parser.add_argument(
        "--compare-prepared",
        action="store_true",
        help="time every other POST with the prepared queries run by the plain ORM "
        "(issue 36); prints both medians and their ratio",
    )
    parser.add_argument(
        "--compare-caches",
        nargs="?",
        const="both",
        choices=("both", "replays", "logs"),
        help="time every other POST (and open its page) with the per-process replay and log "
        "caches (or one of them) keeping nothing (issue 36); prints both medians and their ratio",
    )
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="stroke-post-"))
    setup_django(folder / "bench.sqlite3")

    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from scoring.models import BoardEvent
    from scoring.services.matches import match_snapshot

    match = make_match()
    if args.game == "point":
        match = make_point_match()
        record_point_board(match, random.Random(args.seed))
    else:
        record_board(match, random.Random(args.seed))
    warmup = 5
    copies = copy_match(match, args.samples + warmup + 1, args.shared_players)
    current = match_snapshot(match).current
    if args.game == "point":  # the player on turn; a stroke that pockets nothing
        colour = match_snapshot(match).variant.seating(match.sides, current.breaker)[
            current.position.on_turn
        ]
        stroke_data = {"by": colour}
    else:
        colour = current.position.on_turn
        stroke_data = {"by": colour, "preset": "nothing"}
    assert all(
        BoardEvent.objects.filter(board__game__match=m).count() == EVENTS for m in copies[:2]
    )

    client = Client()

    tablets: dict[int, Tablet] = {}

    def post(m) -> int:
        tablet = tablets.get(m.pk) or open_tablet(m)
        status, _html = tablet.post(dict(stroke_data), revision=m.revision)
        assert status == 200, status
        return tablet.wire[0]

    def open_tablet(m) -> Tablet:
        """The tablet shows the board before its umpire records a stroke (untimed): it then
        sends the fingerprints of the regions it shows (only the changed ones come back)."""
        tablets[m.pk] = Tablet(client, m)
        return tablets[m.pk]

    def baseline() -> None:
        response = client.get("/")
        assert response.status_code == 200

    open_tablet(copies[0])  # as a tablet does: the page first (its zone is then remembered)
    with CaptureQueriesContext(connection) as queries:
        size = post(copies[0])
    # SQL statements of the data; BEGIN IMMEDIATE / COMMIT of the write are counted apart
    control = [
        q
        for q in queries.captured_queries
        if q["sql"].split(" ", 1)[0] in ("BEGIN", "COMMIT", "ROLLBACK")
    ]
    query_count = len(queries) - len(control)
    if os.environ.get("BENCH_SHOW_QUERIES") or args.game == "point":
        for q in queries.captured_queries:
            print("query:", q["sql"][:140])
    reset_queries()

    for m in copies[1 : warmup + 1]:
        post(m)
        baseline()

    stroke_ms: list[float] = []
    base_ms: list[float] = []
    stroke_cpu: list[float] = []  # CPU time of this process (steadier on a shared machine)
    base_cpu: list[float] = []
    profile = cProfile.Profile(time.process_time) if args.profile else None
    breakdown = timed_breakdown() if args.breakdown else None
    if args.compare_prepared:
        plain_orm_switch()
    by_mode: dict[bool, list[float]] = {False: [], True: []}
    for number, m in enumerate(copies[warmup + 1 :]):
        PLAIN[0] = args.compare_prepared and number % 2 == 1
        if args.compare_caches:
            uncached(number % 2 == 1, args.compare_caches)
        open_tablet(m)
        start, cpu = time.perf_counter(), time.process_time()
        if profile is not None:
            profile.enable()
        if breakdown is not None:
            breakdown[0][0] = True
        post(m)
        if breakdown is not None:
            breakdown[0][0] = False
            breakdown[2]()
        if profile is not None:
            profile.disable()
        stroke_ms.append((time.perf_counter() - start) * 1000)
        stroke_cpu.append((time.process_time() - cpu) * 1000)
        by_mode[PLAIN[0] or UNCACHED[0]].append(stroke_cpu[-1])
        start, cpu = time.perf_counter(), time.process_time()
        baseline()
        base_ms.append((time.perf_counter() - start) * 1000)
        base_cpu.append((time.process_time() - cpu) * 1000)

    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    if breakdown is not None:
        print("a stroke POST's parts, median CPU time of the thread (ms):")
        for label, values in breakdown[1].items():
            print(f"  {label:45s} {statistics.median(values) * 1000:6.3f}")
    PLAIN[0] = False
    if args.compare_caches:
        uncached(False)
        cached_cpu, uncached_cpu = (statistics.median(by_mode[mode]) for mode in (False, True))
        print(
            f"process caches ({args.compare_caches}): stroke POST CPU median {cached_cpu:.3f} ms; "
            f"without {uncached_cpu:.3f} ms; without/with {uncached_cpu / cached_cpu:.3f} "
            f"({len(by_mode[False])} + {len(by_mode[True])} POSTs, alternating)"
        )
    if args.compare_prepared:
        prepared_cpu, plain_cpu = (statistics.median(by_mode[mode]) for mode in (False, True))
        print(
            f"prepared queries: stroke POST CPU median {prepared_cpu:.3f} ms; plain ORM "
            f"{plain_cpu:.3f} ms; plain/prepared {plain_cpu / prepared_cpu:.3f} "
            f"({len(by_mode[False])} + {len(by_mode[True])} POSTs, alternating)"
        )
    sizes = board_sizes(client) if args.game == "colour" else []
    median = statistics.median(stroke_ms)
    p95 = percentile(stroke_ms, 0.95)
    base = statistics.median(base_ms)
    print(
        f"database: {folder / 'bench.sqlite3'} (SQLite, WAL); board: {EVENTS} events; "
        f"samples: {len(stroke_ms)}"
    )
    print(f"stroke POST ms: min {min(stroke_ms):.2f}, median {median:.2f}, p95 {p95:.2f}")
    print(f"trivial view (GET /) ms: min {min(base_ms):.2f}, median {base:.2f}")
    cpu_median, cpu_base = statistics.median(stroke_cpu), statistics.median(base_cpu)
    print(
        f"CPU time (this process): stroke POST median {cpu_median:.2f} ms, trivial view "
        f"{cpu_base:.2f} ms, ratio {cpu_median / cpu_base:.2f} (load average "
        f"{os.getloadavg()[0]:.1f})"
    )
    print(f"stroke POST answer: {size} bytes (panel, scoreboard, rulings, new history line)")
    if sizes:
        print(
            f"a whole board, stroke by stroke ({len(sizes)} strokes): HTML bytes max "
            f"{max(s for s, _ in sizes)}, median {statistics.median(s for s, _ in sizes):.0f}; "
            f"gzipped max {max(g for _, g in sizes)}, median "
            f"{statistics.median(g for _, g in sizes):.0f}"
        )
    if not args.keep:
        for name in os.listdir(folder):
            os.remove(folder / name)
        os.rmdir(folder)
    print(
        f"stroke_post: median_ms={median:.2f} p95_ms={p95:.2f} baseline_median_ms={base:.2f} "
        f"ratio={median / base:.2f} cpu_ratio={cpu_median / cpu_base:.2f} "
        f"queries={query_count} "
        f"transaction_statements={len(control)} "
        f"answer_bytes_max={max((s for s, _ in sizes), default=size)} "
        f"answer_gzip_bytes_max={max((g for _, g in sizes), default=0)} game={args.game}"
    )


if __name__ == "__main__":
    main()
