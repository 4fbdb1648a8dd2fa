"""Proof against SoL itself: championship rankings and ratings' rates (issue 33).

SoL 5.26 (GPLv3) runs in a throw-away virtual environment (the helper of ``bench/vs_sol.py``;
``--sol-venv DIR`` reuses one) through a driver script this bench writes to the temp dir; the
driver uses SoL's public model API only (``Tourney.makeNextTurn``, ``updateRanking``,
``assignPrizes``, ``Championship.ranking``, ``Rating.recompute``, ``Rating.ranking``) and its
``dump_sol``. Nothing of SoL is copied here.

The driver generates seasons (fictional players, one random seed): each season is a club's
championship of several Swiss tourneys (fields drawn from one pool of players, so that players
miss tourneys), its prize method one of SoL's five, the worst one or two prizes skipped, the
second season following the first (``previous``), and a Glicko-2 rating (SoL's ``guido``
outcomes one season, ``glicko`` the other) that the championship and its tourneys are rated
under. SoL assigns the prizes, ranks each championship and computes the rates; then the seasons
are written as one ``.sol`` archive, SoL's rates stored in it. SoL then recomputes each rating
from scratch (``recompute(scratch=True)``, timed): where its stored rates differ from its own
recomputation the bench says so, and compares with the recomputation.

This app imports the archive (:func:`scoring.services.sol.import_sol`), ranks each
championship itself (:func:`scoring.services.season_rankings.ranking`, from the imported
matches' placings) and rates each rating again from the imported matches
(:func:`scoring.services.ratings.rerate`, timed); the bench compares line by line and player by
player (SoL's guid). Its last line::

    sol_season: championships=N ranking_agree=N ratings=N players_rated=N rate_within_1=N
    max_rate_diff=X

``ranking_agree``: championships whose every line has SoL's players, total, prizes and
skipped prizes; ``rate_within_1``: players whose rate is within one point of SoL's. When SoL
cannot be installed the line says ``sol_season: skipped (...)`` and the exit status is 0.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.vs_sol import Skip, sol_python  # noqa: E402

#: SoL's prize methods, one per championship in turn.
METHODS = ("fixed", "fixed40", "millesimal", "centesimal", "asis")

#: The SoL side: written to the temp dir and run with the throw-away venv's Python.
DRIVER = r"""
import datetime, json, random, sys, time, warnings
from pathlib import Path
warnings.simplefilter("ignore")
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker
import sol.models as m
from sol.models.bio import dump_sol

NAMES = ["Amsel", "Birke", "Cedar", "Dorn", "Espe", "Fichte", "Ginster", "Hasel", "Ilex",
         "Jasmin", "Kiefer", "Linde", "Mohn", "Nessel", "Olive", "Pappel", "Quitte", "Rose",
         "Salbei", "Tanne", "Ulme", "Veilchen", "Weide", "Ysop", "Zeder"]


def play(s, rng, t, rounds):
    for turn in range(rounds):
        try:
            t.makeNextTurn()
        except Exception as error:  # no further pairing: the tourney ends here
            print(f"{t.description}: {error}", file=sys.stderr)
            break
        s.flush()
        for match in t.matches:
            if match.turn == t.currentturn and match.competitor2 is not None \
                    and not match.score1 and not match.score2:
                a, b = 25, rng.randint(0, 24)
                if rng.random() < 0.15:
                    a = rng.randint(b + 1, 24) if b < 24 else 25  # stopped by time
                match.score1, match.score2 = (a, b) if rng.random() < 0.5 else (b, a)
        s.flush()
        t.updateRanking()
        s.flush()
    t.assignPrizes()
    s.flush()


def main():
    db, out = sys.argv[1], Path(sys.argv[2])
    seasons, tourneys, seed = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    methods = sys.argv[6].split(",")
    Path(db).unlink(missing_ok=True)
    engine = create_engine("sqlite:///" + db)
    m.Base.metadata.create_all(engine)
    s = sessionmaker(bind=engine)()
    rng = random.Random(seed)
    club = m.Club(description="Generated Season Club", nationality="DEU")
    s.add(club)
    pool = []
    for i in range(30):
        p = m.Player(firstname=f"Season{i:02d}", lastname=NAMES[i % len(NAMES)] + f"{i // 25}",
                     nationality=rng.choice(["DEU", "ITA", "CHE"]),
                     sex=rng.choice(["M", "F", None]))
        s.add(p)
        pool.append(p)
    all_tourneys, champs, ratings = [], [], []
    previous = None
    day = datetime.date(2024, 1, 6)
    for season in range(seasons):
        rating = m.Rating(description=f"Generated Rating {season + 1}", level="2",
                          default_rate=1500, default_deviation=350,
                          default_volatility="0.06", inherit=False, tau="0.5",
                          lower_rate=1300, higher_rate=1900,
                          outcomes="guido" if season % 2 == 0 else "glicko")
        champ = m.Championship(club=club, description=f"Generated Season {season + 1}",
                               couplings="serial", playersperteam=1,
                               prizes=methods[season % len(methods)],
                               skipworstprizes=1 + season % 2, previous=previous,
                               rating=rating)
        s.add_all([rating, champ])
        for n in range(tourneys):
            day += datetime.timedelta(days=rng.randint(14, 40))
            t = m.Tourney(championship=champ, description=f"Season {season + 1} round {n + 1}",
                          date=day, system="swiss", couplings="serial", duration=0,
                          phantomscore=25, finals=0, finalkind="simple", rating=rating)
            s.add(t)
            for p in rng.sample(pool, rng.randint(8, 18)):
                t.competitors.append(m.Competitor(player1=p))
            s.flush()
            play(s, rng, t, rng.randint(3, 5))
            all_tourneys.append(t)
        champs.append(champ)
        ratings.append(rating)
        previous = champ
    s.commit()
    stored = {}
    for rating in ratings:
        stored[rating.description] = {
            row[0].guid: [float(row[1]), float(row[2]), float(row[3]), row[4]]
            for row in rating.ranking}
    (out / "season.sol").write_bytes(dump_sol(all_tourneys).encode("utf-8"))
    result = {"championships": [], "ratings": []}
    for champ in champs:
        dates, rows = champ.ranking()
        lines = []
        for players, total, prizes, _count, skipped in rows:
            guids = sorted(p.guid for p in players if p is not None)
            lines.append({"players": guids, "total": str(total),
                          "prizes": [str(p) for p in prizes],
                          "skipped": [str(p) for p in (skipped or [])]})
        result["championships"].append({"description": champ.description,
                                        "prizes": champ.prizes,
                                        "skip": champ.skipworstprizes, "lines": lines})
    for rating in ratings:
        started = time.perf_counter()
        rating.recompute(scratch=True)
        s.flush()
        seconds = time.perf_counter() - started
        rates = {row[0].guid: [float(row[1]), float(row[2]), float(row[3]), row[4]]
                 for row in rating.ranking}
        result["ratings"].append({"description": rating.description,
                                  "outcomes": rating.outcomes, "seconds": seconds,
                                  "stored": stored[rating.description], "rates": rates})
    (out / "season.json").write_text(json.dumps(result))
    print(json.dumps({"tourneys": len(all_tourneys)}))


main()
"""


# --- the pure parts (tested in tests/seasons/test_sol_season_bench.py) ----------------------


def _decimal(value: object) -> Decimal:
    return Decimal(str(value)).normalize() if value not in (None, "") else Decimal(0)


def ranking_problems(sol_lines: list[dict], our_lines: list[dict]) -> list[str]:
    """The disagreements of one championship's ranking, line by line (empty: it agrees).

    Both sides are lists of ``{"players": [guids], "total", "prizes": [...], "skipped":
    [...]}`` in rank order. Lines of equal totals may come in another order on either side
    (SoL and this app each list them their own way), so each side is compared as one set per
    total. Prizes compare as numbers (``"18"`` equals ``"18.00"``); the skipped prizes as a
    sorted list of numbers (SoL lists the values it skipped; a tournament missed is a 0)."""

    def key(line: dict) -> tuple:
        return (
            tuple(sorted(line["players"])),
            _decimal(line["total"]),
            tuple(_decimal(p) for p in line["prizes"]),
            tuple(sorted(_decimal(p) for p in line["skipped"])),
        )

    problems = []
    if len(sol_lines) != len(our_lines):
        problems.append(f"{len(sol_lines)} lines in SoL, {len(our_lines)} here")
    totals = sorted({_decimal(line["total"]) for line in sol_lines + our_lines}, reverse=True)
    for total in totals:
        theirs = sorted(key(x) for x in sol_lines if _decimal(x["total"]) == total)
        mine = sorted(key(x) for x in our_lines if _decimal(x["total"]) == total)
        for a, b in zip(theirs, mine, strict=False):
            if a != b:
                problems.append(f"total {total:f}: SoL {_show(a)}, here {_show(b)}")
        if len(theirs) != len(mine):
            problems.append(f"total {total:f}: {len(theirs)} lines in SoL, {len(mine)} here")
    order_sol = [_decimal(line["total"]) for line in sol_lines]
    if order_sol != sorted(order_sol, reverse=True):
        problems.append("SoL's lines are not in order of their totals")
    order_ours = [_decimal(line["total"]) for line in our_lines]
    if order_ours != sorted(order_ours, reverse=True):
        problems.append("our lines are not in order of their totals")
    return problems


def _show(key: tuple) -> str:
    players, total, prizes, skipped = key
    return (
        f"{','.join(p[:8] for p in players)} {total:f} "
        f"[{' '.join(f'{p:f}' for p in prizes)}] skipped [{' '.join(f'{p:f}' for p in skipped)}]"
    )


@dataclass
class RateFigures:
    """One rating's rates compared player by player."""

    players: int = 0
    within_1: int = 0
    max_diff: float = 0.0
    problems: list[str] = field(default_factory=list)


def rate_figures(sol_rates: dict[str, list], our_rates: dict[str, list]) -> RateFigures:
    """SoL's rates (``{guid: [rate, deviation, volatility, count]}``) against ours (the same
    shape): how many players, how many within one point of SoL's rate, the largest
    difference; a player rated on one side only is a problem (and counts as not within)."""
    figures = RateFigures()
    for guid in sorted(set(sol_rates) | set(our_rates)):
        theirs, mine = sol_rates.get(guid), our_rates.get(guid)
        figures.players += 1
        if theirs is None or mine is None:
            side = "SoL" if theirs is not None else "this app"
            figures.problems.append(f"{guid[:8]}: rated by {side} only")
            continue
        diff = abs(float(theirs[0]) - float(mine[0]))
        figures.max_diff = max(figures.max_diff, diff)
        if diff <= 1:
            figures.within_1 += 1
        else:
            figures.problems.append(
                f"{guid[:8]}: SoL {float(theirs[0]):.2f}/{float(theirs[1]):.2f}, "
                f"here {float(mine[0]):.2f}/{float(mine[1]):.2f}"
            )
    return figures


def stored_differences(stored: dict[str, list], recomputed: dict[str, list]) -> int:
    """How many players' rates SoL stored differ (by more than 0.01) from SoL's own
    recomputation from scratch."""
    return sum(
        1
        for guid in set(stored) | set(recomputed)
        if guid not in stored
        or guid not in recomputed
        or abs(float(stored[guid][0]) - float(recomputed[guid][0])) > 0.01
    )


def summary(championships: int, agree: int, ratings: int, figures: list[RateFigures]) -> str:
    """The bench's last line."""
    players = sum(f.players for f in figures)
    within = sum(f.within_1 for f in figures)
    worst = max((f.max_diff for f in figures), default=0.0)
    return (
        f"sol_season: championships={championships} ranking_agree={agree} ratings={ratings} "
        f"players_rated={players} rate_within_1={within} max_rate_diff={worst:.2f}"
    )


# --- this app's side -------------------------------------------------------------------------


def our_lines(championship) -> list[dict]:
    """Our ranking of an imported championship in the comparison's shape (SoL's guids)."""
    from scoring.models import ExternalRecord
    from scoring.services.season_rankings import ranking

    guid = dict(
        ExternalRecord.objects.filter(source="sol", kind="player").values_list("player_id", "key")
    )
    lines = []
    for line in ranking(championship).lines:
        lines.append(
            {
                "players": sorted(guid.get(p.pk, f"#{p.pk}") for p in line.players),
                "total": str(line.total),
                "prizes": [str(p) if p is not None else "0" for p in line.prizes],
                "skipped": [
                    str(p) if p is not None else "0"
                    for p, skipped in zip(line.prizes, line.skipped, strict=True)
                    if skipped
                ],
            }
        )
    return lines


def our_rates(rating) -> dict[str, list]:
    """Each player's latest rate under ``rating`` by SoL guid: [rate, deviation, volatility,
    number of rates]."""
    from scoring.models import ExternalRecord, Rate

    guid = dict(
        ExternalRecord.objects.filter(source="sol", kind="player").values_list("player_id", "key")
    )
    out: dict[str, list] = {}
    counts: dict[int, int] = {}
    for rate in Rate.objects.filter(rating=rating).order_by("date", "tournament_id"):
        counts[rate.player_id] = counts.get(rate.player_id, 0) + 1
        out[guid.get(rate.player_id, f"#{rate.player_id}")] = [
            rate.rate,
            rate.deviation,
            rate.volatility,
            counts[rate.player_id],
        ]
    return out


def whole_number_rates(rating) -> dict[str, list]:
    """The rating computed again tourney by tourney with each rate and deviation carried to
    the next tourney as a whole number (truncated), the way SoL's stored rates come about:
    SoL stores whole numbers and, rating each tourney as it is played, reads them back;
    its recomputation from scratch carries them unrounded. By SoL guid, as
    :func:`our_rates`."""
    import math

    from scoring import ratings as glicko
    from scoring.models import ExternalRecord
    from scoring.services.ratings import parameters, rated_tournaments, tournament_matches

    guid = dict(
        ExternalRecord.objects.filter(source="sol", kind="player").values_list("player_id", "key")
    )
    params = parameters(rating)
    current: dict[object, glicko.Rate] = {}
    out: dict[str, list] = {}
    for tournament in rated_tournaments(rating):
        played, places = tournament_matches(tournament)
        for player, rated in glicko.rate_period(current, played, params, places).items():
            rate = rated.rate
            current[player] = glicko.Rate(
                math.trunc(rate.rate), math.trunc(rate.deviation), rate.volatility
            )
            key = guid.get(player, f"#{player}")
            out[key] = [rate.rate, rate.deviation, rate.volatility, out.get(key, [0] * 4)[3] + 1]
    return out


def run(args: argparse.Namespace, tmp: Path, python: Path) -> None:
    if args.reuse and (tmp / "season.json").exists():
        theirs = json.loads((tmp / "season.json").read_text())
    else:
        theirs = sol_side(args, tmp, python)
    ours_side(tmp, theirs)


def sol_side(args: argparse.Namespace, tmp: Path, python: Path) -> dict:
    """Generate the seasons in SoL, let it compute them, and read what it computed."""
    driver = tmp / "sol_season_driver.py"
    driver.write_text(DRIVER)
    started = time.perf_counter()
    sol = subprocess.run(
        [
            str(python),
            "-W",
            "ignore",
            str(driver),
            str(tmp / "sol.sqlite"),
            str(tmp),
            str(args.seasons),
            str(args.tourneys),
            str(args.seed),
            ",".join(args.methods),
        ],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if sol.returncode:
        raise RuntimeError(f"the SoL driver failed: {sol.stderr[-2000:]}")
    print(
        f"SoL generated and computed {args.seasons} seasons in "
        f"{time.perf_counter() - started:.1f} s"
    )
    return json.loads((tmp / "season.json").read_text())


def ours_side(tmp: Path, theirs: dict) -> None:
    """Import SoL's archive here, rank and rate it again, compare and print."""

    from bench.draws import setup_django

    (tmp / "ours.sqlite3").unlink(missing_ok=True)
    setup_django(tmp / "ours.sqlite3")
    from scoring.models import Championship, Rating
    from scoring.services.ratings import rerate
    from scoring.services.sol import import_sol

    started = time.perf_counter()
    report = import_sol((tmp / "season.sol").read_bytes(), file_name="season.sol")
    print(f"imported {len(report.tournaments)} tourneys in {time.perf_counter() - started:.1f} s")
    for warning in report.warnings[:5]:
        print(f"warning: {warning}")

    agree = 0
    for champ in theirs["championships"]:
        ours = Championship.objects.filter(name=champ["description"]).first()
        if ours is None:
            print(f"{champ['description']}: not imported")
            continue
        problems = ranking_problems(champ["lines"], our_lines(ours))
        label = f"{champ['description']} ({champ['prizes']}, worst {champ['skip']} skipped)"
        if problems:
            print(f"{label}: " + "; ".join(problems[:6]))
        else:
            agree += 1
            print(f"{label}: {len(champ['lines'])} lines as SoL ranks them")
    figures = []
    for sol_rating in theirs["ratings"]:
        rating = Rating.objects.filter(name=sol_rating["description"]).first()
        if rating is None:
            print(f"{sol_rating['description']}: not imported")
            figures.append(rate_figures(sol_rating["rates"], {}))
            continue
        stored = stored_differences(sol_rating["stored"], sol_rating["rates"])
        if stored:
            whole = rate_figures(sol_rating["stored"], whole_number_rates(rating))
            print(
                f"{sol_rating['description']}: {stored} of SoL's stored rates differ from "
                "SoL's own recomputation; compared with the recomputation (the stored ones: "
                f"{whole.within_1} of {whole.players} within 1 point of ours carried as whole "
                "numbers between tourneys, as SoL reads back the rates it stored)"
            )
        started = time.perf_counter()
        rerate(rating)
        ours_s = time.perf_counter() - started
        found = rate_figures(sol_rating["rates"], our_rates(rating))
        figures.append(found)
        print(
            f"{sol_rating['description']} ({sol_rating['outcomes']}): {found.within_1} of "
            f"{found.players} players within 1 point, largest difference "
            f"{found.max_diff:.2f}; recomputed in {ours_s:.2f} s here, "
            f"{sol_rating['seconds']:.2f} s by SoL"
        )
        for problem in found.problems[:8]:
            print(f"  {problem}")
    print(summary(len(theirs["championships"]), agree, len(theirs["ratings"]), figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=5)
    parser.add_argument("--tourneys", type=int, default=5, help="tourneys per season")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument(
        "--methods",
        type=lambda text: text.split(","),
        default=list(METHODS),
        help="the prize methods, one per season in turn",
    )
    parser.add_argument("--python", help="the Python to build SoL's venv with")
    parser.add_argument("--sol-venv", help="an existing venv with sol 5.26 (no install)")
    parser.add_argument("--keep", help="a directory to keep the archive and databases in")
    parser.add_argument(
        "--reuse", action="store_true", help="with --keep: reuse SoL's figures kept there"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sol_season-") as name:
        tmp = Path(args.keep or name)
        tmp.mkdir(parents=True, exist_ok=True)
        try:
            python = sol_python(args, tmp)
            run(args, tmp, python)
        except (Skip, subprocess.TimeoutExpired, OSError) as error:
            print(f"sol_season: skipped ({error})")


if __name__ == "__main__":
    main()
