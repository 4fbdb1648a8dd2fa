"""Benchmark: all scoresheets of a 128-match round as one PDF, from the database to the bytes
(issue 6).

Builds a temporary SQLite database (migrated from scratch) with one event and a round of 128
matches, each with a realistic recorded log: three games of 5-9 boards (the last game of some
matches with the 8-board tie and its extra board), most boards recorded stroke by stroke
(finished, with the cached result the services write), some by quick entry (summary or an
award such as ICF 107), an occasional void board, and 16 matches still running with a board in
progress (its event log replayed for the sheet). Every generated game is checked with the rules
engine before it is stored, so the data is what the services would have written.

Then times :func:`scoring.selectors.sheets.round_scoresheets` + :func:`scoring.pdf.
render_scoresheets` — the organiser's "print the round" button without the HTTP wrapping.

Target: median at most 1 s. The last line reads ``pdf: round_s=<x> pages=<n>``.
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

MATCHES = 128


def setup_django(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DEBUG"] = "false"  # no query log
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ["DJANGO_SETTINGS_MODULE"] = "carrom_tournament.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def simulate_game(rng, rules, first_breaker: str, want: str, *, tie: bool = False) -> list[dict]:
    """Board specs of one game won by ``want`` (winner, kind, points, ...), checked by the
    rules engine."""
    from scoring.rules import AwardEntry, SummaryEntry, derive_game

    while True:
        specs: list[dict] = []
        scores = {"a": 0, "b": 0}
        breaker = first_breaker
        entries = []
        if tie:  # eight boards 4 : 4 (one carromman each), then the extra board
            for n in range(8):
                winner = "a" if n % 2 == 0 else "b"
                specs.append(
                    {
                        "kind": "log",
                        "breaker": breaker,
                        "winner": winner,
                        "points": 1,
                        "law": "ICF 53",
                        "carrommen": 1,
                        "queen": "",
                    }
                )
                breaker = "b" if breaker == "a" else "a"
            specs.append(
                {
                    "kind": "log",
                    "breaker": rng.choice("ab"),
                    "winner": "a",
                    "points": 4,
                    "law": "ICF 53",
                    "carrommen": 4,
                    "queen": "",
                }
            )
        else:
            strong = want
            while max(scores.values()) < rules.game_points and len(specs) < 8:
                if rng.random() < 0.04:
                    specs.append({"kind": "void", "breaker": breaker})
                    continue  # replayed by the same breaker
                winner = strong if rng.random() < 0.7 else ("b" if strong == "a" else "a")
                roll = rng.random()
                if roll < 0.85:
                    carrommen = rng.randint(1, 9)
                    queen = rng.choice([winner, winner, "", "b" if winner == "a" else "a"])
                    counted = queen == winner and rules.queen_counts_for(scores[winner])
                    points = min(carrommen + (3 if counted else 0), rules.board_max)
                    specs.append(
                        {
                            "kind": "log",
                            "breaker": breaker,
                            "winner": winner,
                            "points": points,
                            "law": "ICF 53",
                            "carrommen": carrommen,
                            "queen": queen,
                        }
                    )
                elif roll < 0.95:
                    carrommen = rng.randint(1, 9)
                    queen = rng.choice([winner, ""])
                    specs.append(
                        {
                            "kind": "summary",
                            "breaker": breaker,
                            "winner": winner,
                            "carrommen": carrommen,
                            "queen": queen,
                        }
                    )
                    counted = queen == winner and rules.queen_counts_for(scores[winner])
                    points = min(carrommen + (3 if counted else 0), rules.board_max)
                else:
                    points = 3
                    specs.append(
                        {
                            "kind": "award",
                            "breaker": breaker,
                            "winner": winner,
                            "points": points,
                            "law": "ICF 107",
                        }
                    )
                scores[winner] = min(scores[winner] + points, rules.game_points)
                breaker = "b" if breaker == "a" else "a"
        for spec in specs:
            if spec["kind"] == "summary":
                entries.append(
                    SummaryEntry(
                        spec["winner"], spec["carrommen"], spec["queen"] or None, spec["breaker"]
                    )
                )
            elif spec["kind"] != "void":
                entries.append(
                    AwardEntry(spec["winner"], spec["points"], spec["law"], spec["breaker"])
                )
        state = derive_game(
            entries, players=("a", "b"), first_breaker=first_breaker, rules=rules, stage="early"
        )
        if state.finished and state.winner == want:
            return specs


def build_round(seed: int) -> tuple[object, int]:
    """The event and the number of its round of 128 recorded matches."""
    import datetime

    from django.db import transaction

    from bench.replay import make_board
    from scoring.models import (
        Board,
        BoardEvent,
        Entry,
        Event,
        Game,
        Match,
        Player,
        Round,
        Table,
        Tournament,
    )
    from scoring.rules import first_breaker_of_game, get_rules

    rng = random.Random(seed)
    rules = get_rules("icf")
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name="Carrom Open Rhein-Main 2026",
            slug="bench-open",
            start_date=datetime.date(2026, 11, 28),
            end_date=datetime.date(2026, 11, 29),
            table_count=32,
        )
        tables = Table.objects.bulk_create(
            Table(tournament=tournament, number=n) for n in range(1, 33)
        )
        event = Event.objects.create(tournament=tournament, name="Men's Singles")
        rnd = Round.objects.create(event=event, number=1, name="Round of 256")
        players = Player.objects.bulk_create(
            Player(
                name=f"Łukasz Ünal {n:03d}" if n % 2 else f"Priya Ramaswamy {n:03d}",
                club="CC Frankfurt" if n % 3 else "",
            )
            for n in range(2 * MATCHES)
        )
        entries = Entry.objects.bulk_create(Entry(event=event, player=p) for p in players)
        matches = Match.objects.bulk_create(
            Match(
                event=event,
                round=rnd,
                number=n + 1,
                entry_a=entries[2 * n],
                entry_b=entries[2 * n + 1],
                table=tables[n % 32],
                toss_winner=rng.choice("ab"),
                toss_choice=rng.choice(["break", "side"]),
                status=Match.Status.PLAYING,
            )
            for n in range(MATCHES)
        )
        games, boards, pending = [], [], []
        for n, match in enumerate(matches):
            running = n % 8 == 7  # 16 matches still running: a board in progress
            first_winner = rng.choice("ab")
            # games 1 and 2 split, game 3 decides (the longest sheets)
            winners = [first_winner, "b" if first_winner == "a" else "a", rng.choice("ab")]
            game_count = 2 if running else 3
            for number in range(1, game_count + 1):
                first = first_breaker_of_game(
                    number, ("a", "b"), match.toss_winner, match.toss_choice
                )
                game = Game(match=match, number=number, first_breaker=first)
                tie = number == 3 and n % 5 == 0
                specs = simulate_game(
                    rng, rules, first, "a" if tie else winners[number - 1], tie=tie
                )
                if running and number == 2:
                    specs = [s for s in specs[:3] if s["kind"] != "void"][:2]
                    last_breaker = specs[-1]["breaker"] if specs else first
                    specs.append({"kind": "open", "breaker": "b" if last_breaker == "a" else "a"})
                games.append(game)
                boards.append((game, specs))
        Game.objects.bulk_create(games)
        rows = []
        for game, specs in boards:
            for sequence, spec in enumerate(specs, start=1):
                board = Board(game=game, sequence=sequence, breaker=spec["breaker"], rules="icf")
                if spec["kind"] == "log":
                    board.kind = Board.Kind.LOG
                    board.finished = True
                    board.result_winner = spec["winner"]
                    board.result_points = spec["points"]
                    board.result_law = spec["law"]
                    board.result_carrommen = spec["carrommen"]
                    board.result_queen = spec["queen"]
                    board.last_seq = 40
                elif spec["kind"] == "void":
                    board.kind = Board.Kind.LOG
                    board.finished = board.void = True
                    board.last_seq = 12
                elif spec["kind"] == "summary":
                    board.kind = Board.Kind.SUMMARY
                    board.summary_winner = spec["winner"]
                    board.summary_carrommen = spec["carrommen"]
                    board.summary_queen = spec["queen"]
                elif spec["kind"] == "award":
                    board.kind = Board.Kind.AWARD
                    board.summary_winner = spec["winner"]
                    board.award_points = spec["points"]
                    board.award_law = spec["law"]
                else:  # a board in progress: its log is replayed for the sheet
                    board.kind = Board.Kind.LOG
                    board.last_seq = 30
                    pending.append(board)
                rows.append(board)
        Board.objects.bulk_create(rows)
        events = [
            BoardEvent(board=board, seq=seq, type="stroke", payload=payload)
            for board in pending
            for seq, payload in enumerate(make_board(rng, 30), start=1)
        ]
        BoardEvent.objects.bulk_create(events)
    return event, rnd.number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp) / "bench.sqlite3")
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from scoring.models import Match
        from scoring.pdf import render_scoresheets
        from scoring.selectors.sheets import round_scoresheets
        from scoring.services.matches import match_snapshot

        started = time.perf_counter()
        event, number = build_round(args.seed)
        setup_s = time.perf_counter() - started
        matches = list(Match.objects.filter(event=event).order_by("number"))
        assert len(matches) == MATCHES
        # every stored match derives (the generated logs are legal for the engine)
        started = time.perf_counter()
        for match in matches:
            assert match_snapshot(match).state is not None
        snapshots_s = time.perf_counter() - started

        render_scoresheets(round_scoresheets(event, number, base_url="https://c.example"))
        samples, data_samples, cpu_samples = [], [], []
        pdf = b""
        for _ in range(args.repeat):
            cpu = time.process_time()
            started = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                data = round_scoresheets(event, number, base_url="https://c.example")
            middle = time.perf_counter()
            pdf = render_scoresheets(data)
            samples.append(time.perf_counter() - started)
            data_samples.append(middle - started)
            cpu_samples.append(time.process_time() - cpu)
        import io

        from pypdf import PdfReader  # dev dependency; only to count the pages

        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        boards = sum(len(g.boards) for sheet in data for g in sheet.games)
        print(f"setup_s={setup_s:.2f} matches={len(data)} boards={boards} bytes={len(pdf)}")
        print(f"match_snapshot x{MATCHES} (for comparison, not used): {snapshots_s:.3f} s")
        print(
            f"data_s={statistics.median(data_samples):.3f} queries={len(queries)} "
            f"render_s={statistics.median(samples) - statistics.median(data_samples):.3f}"
        )
        print(
            f"cpu_s={statistics.median(cpu_samples):.3f} (this process; wall time below "
            f"includes waiting for the CPU on a busy machine; load {os.getloadavg()[0]:.1f})"
        )
        print(f"pdf: round_s={statistics.median(samples):.3f} pages={pages}")


if __name__ == "__main__":
    main()
