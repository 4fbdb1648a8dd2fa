"""Benchmark: replaying a 50-event board through the rules engine (issue 3).

Builds a set of legal 50-event boards (seeded, realistic mix: mostly strokes pocketing nothing
or one carromman, some fouls, strikers, queen and covers), then times ``replay`` from the JSON
form of the events, as the app does when it derives a board from its stored log.

Target: median at most 0.5 ms per 50-event board. The last line reads
``replay: median_ms=<x> events_per_s=<y>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.rules import Pieces, Position, RulesError, Stroke, apply, replay  # noqa: E402


def make_board(rng: random.Random, length: int = 50) -> list[dict]:
    """A legal log of ``length`` events that does not end the board early."""
    position = Position()
    events: list[dict] = []
    while len(events) < length:
        by = position.on_turn
        roll = rng.random()
        own = position.on_board[by]
        if roll < 0.55:
            pieces = Pieces()
        elif roll < 0.8:
            pieces = Pieces(**{by: 1}) if own > 1 else Pieces()
        elif roll < 0.88:
            opp = "black" if by == "white" else "white"
            pieces = Pieces(**{opp: 1}) if position.on_board[opp] > 1 else Pieces()
        elif roll < 0.94:
            pieces = Pieces(striker=True)
        else:
            pieces = Pieces(queen=position.queen == "on_board")
        foul = "improper_stroke" if rng.random() < 0.04 else None
        stroke = Stroke(by, pieces, foul=foul)
        try:
            after = apply(position, stroke)
        except RulesError:
            continue
        if after.finished:
            continue
        position = after
        events.append(stroke.to_dict())
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    boards = [make_board(rng) for _ in range(args.boards)]
    for events in boards[:20]:  # warm up
        replay(events)
    samples = []
    for _ in range(args.repeat):
        for events in boards:
            started = time.perf_counter()
            replay(events)
            samples.append(time.perf_counter() - started)
    median_ms = statistics.median(samples) * 1000
    events_per_s = 50 / statistics.median(samples)
    print(f"boards={args.boards} repeats={args.repeat} events_per_board=50")
    print(f"p95_ms={sorted(samples)[int(len(samples) * 0.95)] * 1000:.3f}")
    print(f"replay: median_ms={median_ms:.3f} events_per_s={events_per_s:.0f}")


if __name__ == "__main__":
    main()
