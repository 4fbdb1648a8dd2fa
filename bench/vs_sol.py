"""Benchmark: this app against SoL 5.26 on SoL's own work, side by side (issue 17).

Installs ``sol==5.26`` from PyPI into a throw-away virtual environment under a temp dir. SoL is
GPLv3: it is only *run*, through a small driver script this bench writes to the temp dir (it
uses SoL's public model API: ``Tourney.makeNextTurn``, ``Tourney.updateRanking`` and
``ScoreCardsPrintout``); nothing of SoL is copied here. The driver stays up as a subprocess
that answers one JSON line per timed step, so both sides are timed alternately on the same
machine, each step measured inside its own process.

For each field size N (64, 256, 1024) both sides build the same kind of tournament in their
own SQLite file: N players, Swiss rounds 1..R (R=6) drawn by the side's own pairing, with
random results from one seed (winner 25 points, loser 0-24). Then, median of 5 each:

- ``swiss``: the next Swiss round R+1 (read, pair, save; undone untimed before the next
  sample): SoL ``makeNextTurn`` + commit, ours :func:`scoring.services.draws.next_round`;
- ``standings``: the standings after round R: SoL ``updateRanking`` + commit (it stores the
  ranking), ours :func:`scoring.selectors.live.event_standings` (the table is derived from the
  confirmed matches, nothing to store);
- ``pdf``/``cards``: all sheets of round R+1 (N/2 matches: 32, 128, 512) as one PDF: SoL's
  6-a-page score cards against our full scoresheets (one A4 page a match) and against our
  6-a-page score cards (:mod:`scoring.pdf.cards`), each from the database to the bytes and
  as a first print (the per-process cache of QR codes is cleared before each sample).

Each step is timed inside its own process; wall-clock medians make the ratios, CPU times are
printed beside them (the machine may be shared). Pairing should grow well below O(N^3) and the
PDF linearly in matches: compare the rows of N=64, 256, 1024.

Ratios are SoL's time over ours (above 1: we are faster); the last line gives the smaller of
the ratios at N=64 and N=256 (the issue's acceptance sizes)::

    vs_sol: swiss_ratio=<x> pdf_ratio=<x> cards_ratio=<x> standings_ratio=<x>

When SoL cannot be installed (no PyPI), the last line says ``vs_sol: skipped (...)`` and the
exit status is 0. ``--quick``: N=64 and 256 only, 3 samples each. ``--sol-venv DIR`` reuses a
virtual environment that already has sol 5.26 (no download).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SOL = "sol==5.26"
PYTHON_313 = Path("/root/.pyenv/versions/3.13.0/bin/python3.13")
ACCEPTANCE_SIZES = (64, 256)

#: The SoL side: written to the temp dir and run with the throw-away venv's Python.
DRIVER = r"""
import datetime, json, random, sys, time, warnings
warnings.simplefilter("ignore")
from sqlalchemy import create_engine, delete
from sqlalchemy.orm import sessionmaker
import sol.models as m
from sol.printouts.scorecards import ScoreCardsPrintout


class Request:  # what the printout reads of a Pyramid request
    locale_name = "en"
    host = "localhost"


def build(Session, engine, players, rounds, seed):
    m.Base.metadata.create_all(engine)
    rng = random.Random(seed)
    s = Session()
    club = m.Club(description="Bench Club", nationality="DEU")
    champ = m.Championship(club=club, description="Bench Championship", couplings="serial",
                           prizes="fixed", playersperteam=1)
    t = m.Tourney(championship=champ, description="Bench Open",
                  date=datetime.date(2026, 5, 1), system="swiss", couplings="serial",
                  duration=45)
    s.add_all([club, champ, t])
    for i in range(players):
        p = m.Player(firstname="Player", lastname=f"{i:04d}", nationality="DEU")
        s.add(p)
        t.competitors.append(m.Competitor(player1=p))
    s.flush()
    for _ in range(rounds):
        t.makeNextTurn()
        s.flush()
        for match in t.matches:
            if match.turn == t.currentturn and match.idcompetitor2:
                loser = rng.randint(0, 24)
                match.score1, match.score2 = (25, loser) if rng.random() < 0.5 else (loser, 25)
        t.updateRanking()
        s.flush()
    s.commit()
    return t.idtourney


def main():
    engine = create_engine("sqlite:///" + sys.argv[1])
    Session = sessionmaker(bind=engine)
    tid = build(Session, engine, int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    print(json.dumps({"ready": tid}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        op, info = cmd["op"], None
        started, cpu = time.perf_counter(), time.process_time()
        s = Session()
        t = s.get(m.Tourney, tid)
        if op == "swiss":
            t.makeNextTurn()
            s.commit()
            info = sum(1 for x in t.matches if x.turn == t.currentturn and x.idcompetitor2)
        elif op == "undo_swiss":
            turn = t.currentturn
            s.execute(delete(m.Match).where(m.Match.idtourney == tid, m.Match.turn == turn))
            t.currentturn = turn - 1
            s.commit()
        elif op == "standings":
            t.updateRanking()
            s.commit()
        elif op == "cards":
            ScoreCardsPrintout(cmd["out"], "en", t).execute(Request())
        elif op == "quit":
            break
        s.close()
        print(json.dumps({"s": time.perf_counter() - started, "cpu": time.process_time() - cpu,
                          "info": info}), flush=True)


main()
"""


class Skip(Exception):
    pass


def sol_python(args, tmp: Path) -> Path:
    """The Python of a virtual environment with SoL installed (made here unless given)."""
    if args.sol_venv:
        return Path(args.sol_venv) / "bin" / "python"
    base = (
        Path(args.python)
        if args.python
        else (PYTHON_313 if PYTHON_313.exists() else Path(sys.executable))
    )
    venv = tmp / "sol-venv"
    made = subprocess.run([str(base), "-m", "venv", str(venv)], capture_output=True, text=True)
    if made.returncode:
        raise Skip(f"no virtual environment: {made.stderr.strip()[-200:]}")
    python = venv / "bin" / "python"
    started = time.perf_counter()
    pip = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", SOL],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if pip.returncode:
        lines = [
            line for line in pip.stderr.splitlines() if "ERROR" in line
        ] or pip.stderr.splitlines()[-1:]
        raise Skip(f"cannot install {SOL} from PyPI: {' '.join(lines)[-300:]}")
    print(f"installed {SOL} into {venv} in {time.perf_counter() - started:.0f} s")
    return python


class SolSide:
    """The driver subprocess for one tournament of N players."""

    def __init__(
        self, python: Path, driver: Path, db: Path, players: int, rounds: int, seed: int
    ) -> None:
        self.proc = subprocess.Popen(
            [
                str(python),
                "-W",
                "ignore",
                str(driver),
                str(db),
                str(players),
                str(rounds),
                str(seed),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        ready = self.proc.stdout.readline()
        if not ready:
            raise RuntimeError("the SoL driver did not start")

    def run(self, op: str, **extra) -> dict:
        self.proc.stdin.write(json.dumps({"op": op, **extra}) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"the SoL driver stopped at {op!r}")
        return json.loads(answer)

    def close(self) -> None:
        self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


class OurSide:
    """The same tournament here: the Swiss event built with the draw services."""

    def __init__(self, players: int, rounds: int, seed: int) -> None:
        import datetime

        from bench.draws import play_round
        from scoring.models import Entry, Event, Player, Tournament
        from scoring.services import draws
        from scoring.services.matches import Actor

        self.rounds = rounds
        self.actor = Actor(via="system", device="bench")
        rng = random.Random(seed)
        tournament = Tournament.objects.create(
            name=f"Bench Open {players}",
            slug=f"bench-open-{players}",
            start_date=datetime.date(2026, 5, 1),
            end_date=datetime.date(2026, 5, 1),
            table_count=players // 2,
        )
        people = Player.objects.bulk_create(
            [Player(name=f"Player {i:04d}", nationality="DE") for i in range(players)]
        )
        self.event = Event.objects.create(
            tournament=tournament,
            name="Open Swiss",
            format="swiss",
            settings={"rounds": rounds + 3},
        )
        Entry.objects.bulk_create([Entry(event=self.event, player=p) for p in people])
        draws.draw_event(event=self.event, actor=self.actor, random_seed=seed)
        play_round(self.event, 1, rng)
        for number in range(2, rounds + 1):
            draws.next_round(event=self.event, actor=self.actor)
            play_round(self.event, number, rng)

    def swiss(self) -> None:
        from scoring.services import draws

        draws.next_round(event=self.event, actor=self.actor, expected_rounds=self.rounds)

    def matches(self) -> int:
        from scoring.models import Match

        return Match.objects.filter(
            event=self.event, round__number=self.rounds + 1, bye=False
        ).count()

    def undo_swiss(self) -> None:
        from scoring.services import draws

        draws.delete_last_round(event=self.event, actor=self.actor, expected_rounds=self.rounds + 1)

    def standings(self) -> None:
        from scoring.selectors.live import event_standings

        event_standings(self.event)

    def sheets(self) -> bytes:
        from scoring.pdf import render_scoresheets
        from scoring.selectors.sheets import round_scoresheets

        return render_scoresheets(
            round_scoresheets(self.event, self.rounds + 1, base_url="https://c.example")
        )

    def cards(self) -> bytes:
        from scoring.pdf import render_score_cards
        from scoring.selectors.sheets import round_scoresheets

        return render_score_cards(
            round_scoresheets(self.event, self.rounds + 1, base_url="https://c.example")
        )


Sample = tuple[float, float]  # wall-clock and CPU seconds of one step


def timed(action) -> Sample:
    started, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - started, time.process_time() - cpu


def cold(render):
    """``render`` as a first print: the QR codes of the round's umpire links are not in the
    per-process cache yet (a repeated print would find them there)."""
    from scoring.pdf.base import _qr_code

    def run() -> None:
        _qr_code.cache_clear()
        render()

    return run


def alternate(repeat: int, sol_step, our_step) -> tuple[list[Sample], list[Sample]]:
    """``repeat`` samples of each side, SoL and ours in turn, after one warm-up of each."""
    sol, ours = [], []
    for n in range(repeat + 1):
        s, o = sol_step(), our_step()
        if n:
            sol.append(s)
            ours.append(o)
    return sol, ours


def sol_timed(sol: SolSide, op: str, **extra) -> Sample:
    answer = sol.run(op, **extra)
    return answer["s"], answer["cpu"]


def pages(pdf: bytes | Path) -> int:
    import io

    from pypdf import PdfReader

    source = pdf if isinstance(pdf, Path) else io.BytesIO(pdf)
    return len(PdfReader(source).pages)


def measure(size: int, args, python: Path, driver: Path, tmp: Path) -> dict[str, tuple]:
    started = time.perf_counter()
    sol = SolSide(python, driver, tmp / f"sol-{size}.sqlite", size, args.rounds, args.seed)
    sol_built = time.perf_counter() - started
    started = time.perf_counter()
    ours = OurSide(size, args.rounds, args.seed)
    ours_built = time.perf_counter() - started
    print(f"N={size}: built {args.rounds} rounds (SoL {sol_built:.1f} s, ours {ours_built:.1f} s)")
    out = tmp / f"sol-cards-{size}.pdf"
    results: dict[str, tuple] = {}
    try:
        results["standings"] = alternate(
            args.repeat, lambda: sol_timed(sol, "standings"), lambda: timed(ours.standings)
        )

        def sol_swiss() -> Sample:
            sample = sol_timed(sol, "swiss")
            sol.run("undo_swiss")
            return sample

        def our_swiss() -> Sample:
            elapsed = timed(ours.swiss)
            ours.undo_swiss()
            return elapsed

        results["swiss"] = alternate(args.repeat, sol_swiss, our_swiss)
        # round R+1 drawn and kept on both sides: its sheets are what gets printed
        matches = sol.run("swiss")["info"]
        ours.swiss()
        our_matches = ours.matches()
        results["pdf"] = alternate(
            args.repeat,
            lambda: sol_timed(sol, "cards", out=str(out)),
            lambda: timed(cold(ours.sheets)),
        )
        results["cards"] = alternate(
            args.repeat,
            lambda: sol_timed(sol, "cards", out=str(out)),
            lambda: timed(cold(ours.cards)),
        )
        results["pages"] = (
            pages(out),
            pages(ours.sheets()),
            pages(ours.cards()),
            matches,
            our_matches,
        )
    finally:
        sol.close()
    return results


def ms(samples: list[Sample]) -> str:
    wall = statistics.median(s[0] for s in samples)
    cpu = statistics.median(s[1] for s in samples)
    return f"{wall * 1000:.1f} ms (cpu {cpu * 1000:.1f})"


def ratio(sol: list[Sample], ours: list[Sample], which: int = 0) -> float:
    """SoL's median over ours: wall-clock (``which=0``) or CPU time (1)."""
    return statistics.median(s[which] for s in sol) / statistics.median(s[which] for s in ours)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="N=64 and 256, 3 samples")
    parser.add_argument("--sizes", type=int, nargs="*", help="field sizes N (players)")
    parser.add_argument("--repeat", type=int, help="samples per side (default 5)")
    parser.add_argument("--rounds", type=int, default=6, help="rounds played before timing")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--python", help="the Python to build SoL's venv with")
    parser.add_argument("--sol-venv", help="an existing venv with sol 5.26 (no install)")
    args = parser.parse_args()
    sizes = args.sizes or ([64, 256] if args.quick else [64, 256, 1024])
    args.repeat = args.repeat or (3 if args.quick else 5)
    with tempfile.TemporaryDirectory(prefix="vs_sol-") as name:
        tmp = Path(name)
        try:
            python = sol_python(args, tmp)
        except (Skip, subprocess.TimeoutExpired, OSError) as error:
            print(f"vs_sol: skipped ({error})")
            return
        driver = tmp / "sol_driver.py"
        driver.write_text(DRIVER)
        from bench.draws import setup_django

        setup_django(tmp / "ours.sqlite3")
        load = os.getloadavg()[0]
        print(
            f"cpus={os.cpu_count()} load average {load:.1f} at start; rounds={args.rounds}; "
            f"median of {args.repeat}, alternating SoL and ours; SQLite on both sides"
        )
        keys = ("swiss", "pdf", "cards", "standings")
        ratios: dict[str, dict[int, float]] = {k: {} for k in keys}
        cpu_ratios: dict[str, dict[int, float]] = {k: {} for k in keys}
        for size in sizes:
            r = measure(size, args, python, driver, tmp)
            sol_pages, our_pages, card_pages, sol_matches, our_matches = r["pages"]
            for key in keys:
                ratios[key][size] = ratio(*r[key])
                cpu_ratios[key][size] = ratio(*r[key], which=1)

            def shown(key: str, size: int = size) -> str:
                return f"ratio {ratios[key][size]:.2f} (cpu {cpu_ratios[key][size]:.2f})"

            print(
                f"  swiss round {args.rounds + 1} of N={size}: SoL {ms(r['swiss'][0])} "
                f"ours {ms(r['swiss'][1])} {shown('swiss')}"
            )
            print(
                f"  standings after round {args.rounds}: SoL {ms(r['standings'][0])} "
                f"ours {ms(r['standings'][1])} {shown('standings')}"
            )
            print(
                f"  PDF of {our_matches} matches (SoL {sol_matches}): SoL cards "
                f"{ms(r['pdf'][0])} ({sol_pages} pages); ours sheets {ms(r['pdf'][1])} "
                f"({our_pages} pages) {shown('pdf')}; ours cards {ms(r['cards'][1])} "
                f"({card_pages} pages) {shown('cards')}"
            )
        print(
            f"load average {os.getloadavg()[0]:.1f} at the end (a shared machine: wall "
            "times of both sides grow alike; CPU times of each process in brackets)"
        )
        judged = [s for s in sizes if s in ACCEPTANCE_SIZES] or sizes
        print(
            "cpu ratios: "
            + " ".join(f"{key}={min(cpu_ratios[key][s] for s in judged):.2f}" for key in keys)
        )
        line = " ".join(f"{key}_ratio={min(ratios[key][s] for s in judged):.2f}" for key in keys)
        print(f"vs_sol: {line}")


if __name__ == "__main__":
    main()
