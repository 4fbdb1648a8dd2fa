"""Benchmark: the organiser's draw buttons, database work included (issue 5).

Builds a temporary SQLite database (migrated from scratch) with a tournament and

- a Swiss event of 256 players with six rounds drawn by :func:`scoring.services.draws.next_round`
  and played: every match confirmed with two or three games and their scores (the caches the
  match services write), byes as the service saves them;
- a knock-out event of 256 entries (16 seeded), not drawn yet.

Then times, as the organiser's buttons do:

- ``swiss``: :func:`scoring.services.draws.next_round` for round 7 — read the entries, the
  standings and every earlier pairing from the database, pair with
  :func:`scoring.draws.swiss.pair_round`, save the round and its 128 matches;
- ``knockout``: :func:`scoring.services.draws.draw_event` for the knock-out — draw the bracket
  (byes, seeding), save its 8 rounds and 255 matches with their winner links.

Each sample is undone (untimed) before the next. Targets: Swiss round ≤ 65 ms (SoL 5.26 on this
kind of machine), knock-out ≤ 200 ms. The last line reads
``draws: swiss_s=<x> knockout_s=<y>`` (medians in seconds).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = 256
PLAYED_ROUNDS = 6


def setup_django(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DEBUG"] = "false"  # no query log
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ["DJANGO_SETTINGS_MODULE"] = "carrom_tournament.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def play_round(event, number: int, rng: random.Random) -> None:
    """Confirm every match of round ``number``: the stronger (lower id) player wins 70 % of the
    time, 2:0 or 2:1, with game scores as the caches of recorded games hold them."""
    from django.utils import timezone

    from scoring.models import Game, Match
    from scoring.standings.results import TOTAL_COLUMNS, match_totals

    now = timezone.now()
    games = []
    matches = list(Match.objects.filter(event=event, round__number=number, bye=False))
    for m in matches:
        strong = "a" if m.entry_a_id < m.entry_b_id else "b"
        weak = "b" if strong == "a" else "a"
        winner = strong if rng.random() < 0.7 else weak
        loser = "b" if winner == "a" else "a"
        order = [winner, winner] if rng.random() < 0.6 else [winner, loser, winner]
        for n, game_winner in enumerate(order, start=1):
            other = "b" if game_winner == "a" else "a"
            games.append(
                Game(
                    match=m,
                    number=n,
                    first_breaker="a",
                    winner_side=game_winner,
                    finished=True,
                    scores={game_winner: 25, other: rng.randint(0, 24)},
                )
            )
        m.status = Match.Status.CONFIRMED
        m.winner_side = winner
        m.games_won = {winner: 2, loser: len(order) - 2}
        m.finished_at = m.confirmed_at = now
        for key, value in match_totals(
            (g.winner_side, g.scores) for g in games[-len(order) :]
        ).items():
            setattr(m, key, value)
    Game.objects.bulk_create(games)
    Match.objects.bulk_update(
        matches,
        ["status", "winner_side", "games_won", "finished_at", "confirmed_at", *TOTAL_COLUMNS],
    )


def build(seed: int):
    import datetime

    from scoring.models import Entry, Event, Player, Tournament
    from scoring.services import draws
    from scoring.services.matches import Actor

    actor = Actor(via="system", device="bench")
    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name="Bench Open",
        slug="bench-open",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 3),
        table_count=128,
    )
    players = Player.objects.bulk_create(
        [
            Player(
                name=f"Player {i:03d}", club=f"Club {i % 17}", nationality="DE", rating=2200 - i * 3
            )
            for i in range(PLAYERS)
        ]
    )
    swiss = Event.objects.create(
        tournament=tournament, name="Open Swiss", format="swiss", settings={"rounds": 9}
    )
    Entry.objects.bulk_create([Entry(event=swiss, player=p) for p in players])
    knockout = Event.objects.create(
        tournament=tournament,
        name="Open Knock-out",
        format="knockout",
        settings={"third_place": True},
    )
    Entry.objects.bulk_create(
        [
            Entry(event=knockout, player=p, seed=i + 1 if i < 16 else None)
            for i, p in enumerate(players)
        ]
    )
    draws.draw_event(event=swiss, actor=actor)
    play_round(swiss, 1, rng)
    for number in range(2, PLAYED_ROUNDS + 1):
        draws.next_round(event=swiss, actor=actor)
        play_round(swiss, number, rng)
    return actor, swiss, knockout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp) / "bench.sqlite3")
        from django.db import connection

        from scoring.models import Match
        from scoring.services import draws

        actor, swiss, knockout = build(args.seed)

        cpu: dict[str, list[float]] = {}

        def timed(action, undo, name: str = "") -> list[float]:
            samples = []
            for _ in range(args.repeat + 2):  # two warm-up runs
                started, started_cpu = time.perf_counter(), time.process_time()
                action()
                samples.append(time.perf_counter() - started)
                cpu.setdefault(name, []).append(time.process_time() - started_cpu)
                undo()
            cpu[name] = cpu[name][2:]
            return samples[2:]

        swiss_samples = timed(
            lambda: draws.next_round(event=swiss, actor=actor, expected_rounds=PLAYED_ROUNDS),
            lambda: draws.delete_last_round(
                event=swiss, actor=actor, expected_rounds=PLAYED_ROUNDS + 1
            ),
            "swiss",
        )
        knockout_samples = timed(
            lambda: draws.draw_event(
                event=knockout, actor=actor, random_seed=args.seed, expected_rounds=0
            ),
            lambda: draws.delete_last_round(
                event=knockout, actor=actor, expected_rounds=knockout.rounds.count()
            ),
            "knockout",
        )
        # what the round looks like (one more time, kept)
        draws.next_round(event=swiss, actor=actor)
        made = Match.objects.filter(event=swiss, round__number=PLAYED_ROUNDS + 1).count()
        ko_matches = draws.draw_event(event=knockout, actor=actor, random_seed=args.seed)
        ko_count = Match.objects.filter(event=knockout).count()
        swiss_s = statistics.median(swiss_samples)
        knockout_s = statistics.median(knockout_samples)
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(
            f"database: {connection.vendor}; repeats={args.repeat}; cpus={os.cpu_count()}; "
            f"load average {load:.1f} (wall-clock times grow on a busy machine; the CPU time "
            "of this process is given too)"
        )
        print(
            f"swiss round {PLAYED_ROUNDS + 1} of {PLAYERS} players: {made} matches; "
            f"min={min(swiss_samples) * 1000:.1f} ms, median={swiss_s * 1000:.1f} ms "
            f"(cpu {statistics.median(cpu['swiss']) * 1000:.1f} ms; target 65 ms)"
        )
        print(
            f"knock-out of {PLAYERS} entries: {len(ko_matches)} rounds, {ko_count} matches; "
            f"min={min(knockout_samples) * 1000:.1f} ms, median={knockout_s * 1000:.1f} ms "
            f"(cpu {statistics.median(cpu['knockout']) * 1000:.1f} ms; target 200 ms)"
        )
        print(f"draws: swiss_s={swiss_s:.4f} knockout_s={knockout_s:.4f}")


if __name__ == "__main__":
    main()
