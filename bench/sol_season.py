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

``--sol-archives`` computes SoL's own test archives instead (its source distribution's
``tests/scr``, fetched as ``bench/sol_ranking.py`` fetches it; ``--sol-sdist DIR`` reuses an
unpacked one; ``--only NAME`` one archive, repeatable), the 499-tourney backup of 2018-07-10
included: SoL loads each archive into a fresh database (the ``.box`` as ``bench/sol_ranking.py``
restores it), ranks every championship, reads every rating's stored rates and recomputes it
from scratch (timed, the higher levels first, as an inheriting rating reads them); this app
imports the same file into a fresh database, ranks each championship and re-rates each rating
from the imported matches (timed), and the bench compares them as above: with SoL's
recomputation (every tourney prized again), except a championship with a tourney SoL refuses
to prize again ("Cannot update prizes after prize-giving!", a match without result): SoL
shows its stored ranking then, and the bench says so and compares it with this app's ranking
as recorded (SoL's prizes kept; a tourney SoL never prized gives none). A player is the same
on both sides by SoL's guid, or by name where the archive holds none. Before the last line it
prints the cost of recomputing every rating, here and in SoL, side by side. Keep the databases
on a RAM disk (``--keep /dev/shm/...``): SQLite's syncs otherwise dominate the import's time on
a busy machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
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


#: The SoL side of ``--sol-archives``: load one of SoL's own test archives into a fresh SoL
#: database, rank every championship and recompute every rating from scratch (timed), its stored
#: rates read before. Players are written with both keys this app may know them by: SoL's guid
#: and the name key of an archive without guids (``backup.zip``: SoL makes guids up).
ARCHIVE_DRIVER = r"""
import collections, io, json, sys, time, warnings
from pathlib import Path
warnings.simplefilter("ignore")
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker
import sol.models as m
from sol.models.bio import load_sol, restore

db, archive, out, key = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
engine = create_engine("sqlite:///" + db)
m.Base.metadata.create_all(engine)
s = sessionmaker(bind=engine)()
content = archive.read_bytes()
note = ""
if s.query(m.Tourney).count():  # loaded by an earlier run (the 499-tourney restore is slow)
    pass
elif archive.name.endswith(".box"):
    from nacl.secret import SecretBox
    content = SecretBox(bytes.fromhex(key)).decrypt(content)
    try:
        restore(s, None, None, None, io.BytesIO(content))
    except TypeError as error:  # as bench/sol_ranking.py: SoL's own test restores the zip first
        s.rollback()
        note = f"SoL refuses it alone ({error}); restored over backup.zip as SoL's tests do"
        restore(s, None, None, None, io.BytesIO((archive.parent / "backup.zip").read_bytes()))
        s.flush()
        restore(s, None, None, None, io.BytesIO(content))
elif archive.name.endswith(".zip"):
    restore(s, None, None, None, io.BytesIO(content))
else:
    load_sol(s, archive.name, io.BytesIO(content))
s.commit()


def who(p):
    names = [(x or "").strip().casefold() for x in (p.lastname, p.firstname, p.nickname)]
    return [p.guid, "name:" + "|".join(names)]


def rows(rating):
    return [[*who(r[0]), float(r[1]), float(r[2]), float(r[3]), r[4]] for r in rating.ranking]


def lines_of(champ):
    try:
        _dates, ranking = champ.ranking()
    except Exception as error:  # SoL cannot rank it: recorded, the bench goes on
        print(f"{champ.description}: {error}", file=sys.stderr)
        return f"{type(error).__name__}: {error}"
    lines = []
    for players, total, prizes, _count, skipped in ranking:
        lines.append({"players": [who(p) for p in players if p is not None],
                      "total": str(total), "prizes": [str(p) for p in prizes],
                      "skipped": [str(p) for p in (skipped or [])]})
    return lines


champs = [c for c in s.query(m.Championship).order_by(m.Championship.idchampionship)
          if c.tourneys]
stored = {c.idchampionship: lines_of(c) for c in champs}
# SoL's recomputation: every tourney ranked again and given its prizes again (a tourney whose
# prize-giving was not done gets it, when SoL can: its matches all played)
unprized = 0
refused = collections.defaultdict(list)  # by championship: the tourneys SoL will not prize again
for t in s.query(m.Tourney).order_by(m.Tourney.date, m.Tourney.idtourney):
    played = [x for x in t.matches if x.competitor2 is not None]
    if not t.prized and (not played or any(not x.score1 and not x.score2 for x in played)):
        continue  # a tourney not played to its end gets no prizes (SoL would give them)
    try:
        if t.prized:
            t.resetPrizes()
        else:
            unprized += 1
        t.updateRanking()
        t.assignPrizes()
        s.flush()
    except Exception as error:
        print(f"{t.description}: {error}", file=sys.stderr)
        refused[t.idchampionship].append(f"{t.description}: {error}")
s.flush()
s.expire_all()  # the prizes read back as SoL stores them (two decimals), as its pages show them
result = {"note": note, "championships": [], "ratings": [], "unprized": unprized}
for champ in champs:
    lines = lines_of(champ)
    kept = stored[champ.idchampionship]
    result["championships"].append({
        "club": champ.club.description, "description": champ.description,
        "prizes": champ.prizes, "skip": champ.skipworstprizes or 0,
        "tourneys": len(champ.tourneys), "playersperteam": champ.playersperteam,
        "lines": lines if isinstance(lines, list) else None,
        "error": lines if isinstance(lines, str) else None,
        "stored_lines": kept if isinstance(kept, list) else None,
        "stored_error": kept if isinstance(kept, str) else None,
        "refused": refused.get(champ.idchampionship, [])})
ratings = sorted(s.query(m.Rating), key=lambda r: (r.level, r.idrating))
for rating in ratings:
    kinds = collections.Counter(
        f"{t.system}/{t.championship.playersperteam}" for t in rating.tourneys)
    stored = rows(rating)
    started = time.perf_counter()
    cpu = time.process_time()
    rating.recompute(scratch=True)
    s.flush()
    result["ratings"].append({
        "description": rating.description, "level": rating.level,
        "inherit": bool(rating.inherit), "outcomes": rating.outcomes,
        "tourneys": len(rating.tourneys), "kinds": dict(kinds),
        "seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu,
        "stored": stored, "rates": rows(rating)})
out.write_text(json.dumps(result))
print(json.dumps({"championships": len(result["championships"]),
                  "ratings": len(result["ratings"]), "note": note}))
"""


# --- the pure parts (tested in tests/seasons/test_sol_season_bench.py) ----------------------


def _decimal(value: object) -> Decimal:
    """A prize or total as SoL stores it: cut to hundredths (its recomputation, not stored
    yet, carries the float's noise: 93.40000000000000568 is 93.40, 86.7999999 is 86.79)."""
    if value in (None, ""):
        return Decimal(0)
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_DOWN).normalize()


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


def our_lines(championship, *, recorded: bool = False) -> list[dict]:
    """Our ranking of an imported championship in the comparison's shape (SoL's guids):
    recomputed from the imported matches, or (``recorded``) with SoL's prizes as recorded
    for the tourneys SoL had prized."""
    from scoring.models import ExternalRecord
    from scoring.services.season_rankings import ranking

    guid = dict(
        ExternalRecord.objects.filter(source="sol", kind="player").values_list("player_id", "key")
    )
    lines = []
    ranked = ranking(championship, recorded=recorded)
    # SoL's columns are its prized tourneys: an event that gives no prizes (yet) is none
    counted = [i for i, column in enumerate(ranked.columns) if column.placed]
    for line in ranked.lines:
        prizes = [line.prizes[i] for i in counted]
        skips = [line.skipped[i] for i in counted]
        lines.append(
            {
                "players": sorted(guid.get(p.pk, f"#{p.pk}") for p in line.players),
                "total": str(line.total),
                "prizes": [str(p) if p is not None else "0" for p in prizes],
                "skipped": [
                    str(p) if p is not None else "0"
                    for p, skipped in zip(prizes, skips, strict=True)
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
        played, places = tournament_matches(tournament, scope=rating.scope)
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


# --- SoL's own test archives (--sol-archives) ------------------------------------------------


def keyed_rates(rows: list[list], known: set[str]) -> dict[str, list]:
    """SoL's rows ``[guid, name key, rate, deviation, volatility, count]`` keyed as this app
    knows the player: by SoL's guid, or by the name key where the archive held no guid (SoL
    makes one up as it loads such a file)."""
    out: dict[str, list] = {}
    for guid, name, *figures in rows:
        out[guid if guid in known or name not in known else name] = figures
    return out


def keyed_lines(lines: list[dict], known: set[str]) -> list[dict]:
    """SoL's championship lines with each player keyed as :func:`keyed_rates` keys him."""
    return [
        {
            **line,
            "players": [
                guid if guid in known or name not in known else name
                for guid, name in line["players"]
            ],
        }
        for line in lines
    ]


@dataclass
class ArchiveFigures:
    """What the archives add up to."""

    championships: int = 0
    agree: int = 0
    ratings: int = 0
    rates: list[RateFigures] = field(default_factory=list)
    ours_s: float = 0.0
    ours_cpu: float = 0.0
    sol_s: float = 0.0
    sol_cpu: float = 0.0
    stored: int = 0  # championships SoL ranks from its stored prizes
    stored_agree: int = 0  # ... and this app's ranking of the prizes as recorded agrees
    sol_cannot: list[str] = field(default_factory=list)  # SoL 5.26 raised ranking them
    refused: int = 0  # championships with a tourney SoL refuses to prize again
    refused_recomputed: int = 0  # ... whose recomputation (partial in SoL) agrees too


def archive_ours(content: bytes, name: str, theirs: dict, totals: ArchiveFigures) -> None:
    """Import one archive here, rank its championships and rate its ratings again (timed),
    compare with SoL's and print; add to ``totals``."""
    from scoring.models import Championship, ExternalRecord, Rating
    from scoring.services.ratings import rerate
    from scoring.services.sol import import_sol

    started = time.perf_counter()
    report = import_sol(content, file_name=name)
    print(
        f"{name}: imported {len(report.tournaments)} tourneys in "
        f"{time.perf_counter() - started:.1f} s"
    )
    for warning in report.warnings[:3]:
        print(f"{name} warning: {warning}")
    known = set(
        ExternalRecord.objects.filter(source="sol", kind="player").values_list("key", flat=True)
    )
    for champ in theirs["championships"]:
        totals.championships += 1
        ours = (
            Championship.objects.filter(
                club__name=champ["club"].strip()[:150], name=champ["description"].strip()[:150]
            ).first()
            or Championship.objects.filter(name=champ["description"].strip()[:150]).first()
        )
        label = (
            f"{name} {champ['description']} ({champ['prizes']}, "
            f"{champ['tourneys']} tourneys, worst {champ['skip']} skipped)"
        )
        if ours is None:
            print(f"{label}: not imported")
            continue
        sol_lines = champ["lines"]
        refused = champ.get("refused") or []
        if refused and champ.get("stored_lines") is not None:
            # SoL will not prize some of its tourneys again: what it shows is its stored
            # ranking, which this app's ranking as recorded (SoL's prizes kept) must match
            print(
                f"{label}: SoL refuses to prize {len(refused)} of its tourneys again "
                f"({refused[0]}); compared with SoL's stored ranking, as SoL shows it"
            )
            totals.stored += 1
            totals.refused += 1
            if sol_lines is not None and not ranking_problems(
                keyed_lines(sol_lines, known), our_lines(ours)
            ):  # ... and our prize-giving again agrees with what SoL's could do of it
                totals.refused_recomputed += 1
            problems = ranking_problems(
                keyed_lines(champ["stored_lines"], known), our_lines(ours, recorded=True)
            )
            if problems:
                print(f"{label}: " + "; ".join(problems[:4]))
            else:
                totals.stored_agree += 1
                totals.agree += 1
            continue
        if sol_lines is None:  # SoL 5.26 cannot rank it (it raised): recorded, and go on
            totals.sol_cannot.append(f"{label}: {champ.get('error')}")
            if champ.get("stored_lines") is None:
                print(f"{label}: SoL cannot rank it ({champ.get('error')}): not compared")
                continue
            print(
                f"{label}: SoL cannot rank its recomputation ({champ.get('error')}); "
                "compared with its stored ranking"
            )
            sol_lines = champ["stored_lines"]
        elif champ.get("stored_lines") is not None and ranking_problems(
            keyed_lines(champ["stored_lines"], known), keyed_lines(sol_lines, known)
        ):
            print(
                f"{label}: SoL's ranking of its stored prizes differs from its recomputation "
                "(every tourney ranked and given its prizes again); compared with the "
                "recomputation"
            )
        if champ.get("stored_lines") is not None:  # as recorded: SoL's prizes kept on import
            totals.stored += 1
            if not ranking_problems(
                keyed_lines(champ["stored_lines"], known), our_lines(ours, recorded=True)
            ):
                totals.stored_agree += 1
        problems = ranking_problems(keyed_lines(sol_lines, known), our_lines(ours))
        if problems:
            print(f"{label}: " + "; ".join(problems[:4]))
        else:
            totals.agree += 1
    archive_s = archive_cpu = sol_s = sol_cpu = 0.0
    for sol_rating in theirs["ratings"]:
        label = (
            f"{name} {sol_rating['description']} (level {sol_rating['level']}"
            f"{', inherits' if sol_rating['inherit'] else ''}, {sol_rating['outcomes']}, "
            f"{sol_rating['tourneys']} tourneys: "
            + ", ".join(f"{k} {v}" for k, v in sorted(sol_rating["kinds"].items()))
            + ")"
        )
        if not sol_rating["tourneys"]:
            print(f"{label}: no tourneys, nothing to recompute (SoL's stored rates kept)")
            continue
        totals.ratings += 1
        sol_rates = keyed_rates(sol_rating["rates"], known)
        rating = Rating.objects.filter(name=sol_rating["description"].strip()[:120]).first()
        if rating is None:
            print(f"{label}: not imported")
            totals.rates.append(rate_figures(sol_rates, {}))
            continue
        stored = keyed_rates(sol_rating["stored"], known)
        differ = stored_differences(stored, sol_rates)
        if differ:
            print(
                f"{label}: {differ} of SoL's {len(stored)} stored rates differ from SoL's own "
                "recomputation; compared with the recomputation"
            )
        started, cpu = time.perf_counter(), time.process_time()
        rerate(rating, cascade=False)  # in SoL's order: the higher levels first
        archive_s += time.perf_counter() - started
        archive_cpu += time.process_time() - cpu
        sol_s += sol_rating["seconds"]
        sol_cpu += sol_rating["cpu"]
        found = rate_figures(sol_rates, our_rates(rating))
        totals.rates.append(found)
        print(
            f"{label}: {found.within_1} of {found.players} players within 1 point, largest "
            f"difference {found.max_diff:.2f}"
        )
        for problem in found.problems[:5]:
            print(f"  {problem}")
    print(
        f"{name}: recomputing its {len(theirs['ratings'])} ratings took {archive_s:.2f} s "
        f"(CPU {archive_cpu:.2f} s) here, {sol_s:.2f} s (CPU {sol_cpu:.2f} s) in SoL"
    )
    totals.ours_s += archive_s
    totals.ours_cpu += archive_cpu
    totals.sol_s += sol_s
    totals.sol_cpu += sol_cpu


def sol_archive(
    python: Path, driver: Path, tmp: Path, number: int, archive: Path, out: Path
) -> dict | None:
    """SoL's side of one archive (:data:`ARCHIVE_DRIVER`), or None when SoL cannot load it."""
    from bench.sol_ranking import BOX_KEY

    run = subprocess.run(
        [
            str(python),
            "-W",
            "ignore",
            str(driver),
            str(tmp / f"sol-season-{number}.sqlite"),
            str(archive),
            str(out),
            BOX_KEY,
        ],
        capture_output=True,
        text=True,
        timeout=7200,
    )
    if run.returncode:
        print(f"{archive.name}: SoL cannot load it: {run.stderr.strip()[-300:]}")
        return None
    return json.loads(out.read_text())


def archives_main(args: argparse.Namespace, tmp: Path, python: Path) -> None:
    """SoL's own test archives, each computed by SoL and by this app (see the docstring)."""
    from bench.draws import setup_django
    from bench.sol_ranking import BOX_KEY, _fresh_db, sol_archives

    folder = sol_archives(args, tmp, python)
    files = sorted(
        p
        for p in folder.iterdir()
        if p.name.endswith((".sol", ".sol.gz", ".zip", ".box"))
        and (not args.only or p.name in args.only)
    )
    driver = tmp / "sol_season_archive_driver.py"
    driver.write_text(ARCHIVE_DRIVER)
    totals = ArchiveFigures()
    first = True
    for number, archive in enumerate(files):
        out = tmp / f"season-{archive.name}.json"
        started = time.perf_counter()
        if args.reuse and out.exists():  # SoL's figures kept from an earlier run (--keep)
            theirs = json.loads(out.read_text())
            print(f"{archive.name}: SoL's figures reused from {out}")
        else:
            theirs = sol_archive(python, driver, tmp, number, archive, out)
            if theirs is None:
                continue
            print(
                f"{archive.name}: SoL loaded and computed it in "
                f"{time.perf_counter() - started:.1f} s"
                + (f" ({theirs['note']})" if theirs.get("note") else "")
            )
        ours = tmp / f"ours-season-{number}.sqlite3"
        for stale in (ours, ours.with_name(ours.name + "-wal"), ours.with_name(ours.name + "-shm")):
            stale.unlink(missing_ok=True)  # a fresh database: an archive kept before is skipped
        if first:
            setup_django(ours)
            first = False
        else:
            _fresh_db(ours)
        content = archive.read_bytes()
        name = archive.name
        if name.endswith(".box"):
            from scoring.services.sol.reading import unbox

            content, name = unbox(content, key=BOX_KEY), name.removesuffix(".box") + ".zip"
        try:
            archive_ours(content, name, theirs, totals)
        except Exception as error:  # noqa: BLE001 - a file this app refuses is a finding
            print(f"{archive.name}: not imported here: {error}")
            totals.championships += len(theirs["championships"])
    for line in totals.sol_cannot:
        print(f"SoL 5.26 cannot rank {line}")
    print(
        f"championships with a tourney SoL refuses to prize again: {totals.refused}, compared "
        f"with SoL's stored ranking; {totals.refused_recomputed} of them also agree with "
        "SoL's recomputation (its refused tourneys keeping their stored prizes)"
    )
    print(
        f"championships as recorded (SoL's stored prizes, kept on import): "
        f"{totals.stored_agree} of {totals.stored} agree with SoL's stored ranking"
    )
    print(
        f"recomputing every rating: {totals.ours_s:.2f} s (CPU {totals.ours_cpu:.2f} s) here, "
        f"{totals.sol_s:.2f} s (CPU {totals.sol_cpu:.2f} s) in SoL"
    )
    print(summary(totals.championships, totals.agree, totals.ratings, totals.rates))


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
    parser.add_argument(
        "--sol-archives",
        action="store_true",
        help="SoL's own test archives (its source distribution's tests/scr) instead",
    )
    parser.add_argument("--sol-sdist", help="an unpacked sol-5.26 source distribution")
    parser.add_argument(
        "--only", action="append", help="--sol-archives: this archive only (repeatable)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sol_season-") as name:
        tmp = Path(args.keep or name)
        tmp.mkdir(parents=True, exist_ok=True)
        try:
            python = sol_python(args, tmp)
            if args.sol_archives:
                archives_main(args, tmp, python)
            else:
                run(args, tmp, python)
        except (Skip, subprocess.TimeoutExpired, OSError) as error:
            print(f"sol_season: skipped ({error})")


if __name__ == "__main__":
    main()
