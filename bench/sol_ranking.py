"""Proof against SoL itself: SoL's ranking of generated tourneys against our European preset
(issue 18), row by row and figure by figure.

SoL 5.26 (GPLv3) is installed from PyPI into a throw-away virtual environment (the helper of
``bench/vs_sol.py``; ``--sol-venv DIR`` reuses one) and only *run*, through a driver script this
bench writes to the temp dir. The driver uses SoL's public model API (``Tourney.makeNextTurn``,
``makeFinalTurn``, ``updateRanking``, ``ranking``) and its export functions (``dump_sol``,
``backup``); nothing of SoL is copied here.

The driver builds generated tourneys (fictional players, one random seed): Swiss tourneys of
odd and even fields, random results that include games stopped by time (e.g. 11–3), draws
(7–7), level 25–25, board rows (consistent, and now and then not adding up to the score), a
phantom score other than 25, final rounds, round robins, a competitor who retires, fields level
on every figure, a rating whose rates are then the last tie-break, and Swiss tourneys left
with a turn in play (one match of it unplayed, all, half, or the final rounds unplayed: SoL
ranks complete turns only, issue 31). For each tourney it
writes SoL's own ranking (order, points, Buchholz, net score, total score) and exports the
tourneys as SoL does: a ``.sol`` archive and a ``.zip`` backup (``everything.sol`` inside).
We import both here (:func:`scoring.services.sol.import_sol`) and compare SoL's ranking with
our European-preset standings (and, where SoL played final rounds, with our placings, which
place the finalists by their finals as SoL does; a tourney whose finals are not all played has
no placings yet and is compared with its table, as the standings page shows it).

``--sol-archives`` (issue 31) ranks SoL's own 12 test archives instead: SoL 5.26's source
distribution is fetched from PyPI with pip (``pip download --no-binary``, into the temp dir;
``--sol-sdist DIR`` reuses an unpacked one), its ``tests/scr`` files (``.sol``, ``.sol.gz``,
``.zip`` backups and the ``.box`` backup locked with the key SoL's own tests use) are each
loaded into a fresh SoL database by SoL's ``load_sol``/``restore`` and ranked by
``updateRanking``; each file is imported here into a fresh database (the ``.box`` opened with
the same key) and every tourney compared row by row (player, points, Buchholz, net, total).
A player is the same on both sides by SoL's guid, or by name where the archive holds no guids
(``backup.zip``: SoL makes guids up as it loads it). SoL 5.26 cannot restore ``backup.box``
into an empty database (an old backup: its championship's ``prizefactor`` is no longer a
field); SoL's own test restores ``backup.zip`` first and the box over it, so the driver does
the same when SoL refuses the box alone, and says so. A prized tourney's figures are SoL's
stored ones (SoL refuses to rank it again); where they no longer follow from its matches (a
tourney edited after its prize-giving, "1° Torneo Amicizia Emiliana" 2011), the bench says so
and compares with SoL's own recomputation (``Tourney.computeRanking``), in SoL's order, as
``bench/sol_season.py`` does for championships. ``--max-tourneys N`` leaves out
archives of more tourneys (the 499-tourney one); ``--only NAME`` ranks the named archives
only. Its last line::

    sol_ranking: archives=<n> tourneys=<n> ranking_agree=<n> rows=<n> rows_agree=<n>
    import_s=<seconds>

The generated mode's last line::

    sol_ranking: tourneys=<n> agree=<n>

(``agree``: tourneys whose every row has SoL's place, points, Buchholz, net and total). Every
disagreement is printed above it. When SoL cannot be installed the line says
``sol_ranking: skipped (...)`` and the exit status is 0.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.vs_sol import Skip, sol_python  # noqa: E402

#: The SoL side: written to the temp dir and run with the throw-away venv's Python.
DRIVER = r'''
import datetime, json, random, sys, warnings
from pathlib import Path
warnings.simplefilter("ignore")
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker
import sol.models as m
from sol.models.bio import backup, dump_sol

NAMES = ["Amsel", "Birke", "Cedar", "Dorn", "Espe", "Fichte", "Ginster", "Hasel", "Ilex",
         "Jasmin", "Kiefer", "Linde", "Mohn", "Nessel", "Olive", "Pappel", "Quitte", "Rose",
         "Salbei", "Tanne", "Ulme", "Veilchen", "Weide", "Ysop", "Zeder"]


def board_rows(rng, target_a, target_b):
    """Random board rows (coins of the loser left, queen) that a game adds up to by ICF 53-55,
    stopping at 25 or when time is up; returns rows and the score they give."""
    score = {1: 0, 2: 0}
    rows = []
    boards = rng.randint(2, 9)
    for number in range(1, boards + 1):
        winner = rng.choice((1, 2))
        coins = rng.randint(1, 9)
        queen = winner if rng.random() < 0.6 else None
        points = coins + (3 if queen == winner and score[winner] <= 21 else 0)
        score[winner] = min(score[winner] + min(points, 12), 25)
        rows.append({"number": number, "coins1": coins if winner == 1 else 0,
                     "coins2": coins if winner == 2 else 0,
                     "queen": None if queen is None else str(queen)})
        if score[winner] >= 25:
            break
    return rows, score[1], score[2]


def result(rng, match, level_at_limit, all_level=False):
    """Scores (and board rows) of a played match; ``all_level``: every match 9-9 (the whole
    field level on points, Buchholz, net and total: seed position, rating and name decide)."""
    if all_level:
        match.score1 = match.score2 = 9
        return
    kind = rng.random()
    if level_at_limit and kind < 0.06:
        match.score1 = match.score2 = 25  # level at the limit, as SoL may record it
        return
    if kind < 0.12:
        level = rng.randint(1, 15)  # a draw: time was up with level scores
        match.score1 = match.score2 = level
        return
    if kind < 0.45:  # board rows, consistent with the score (or, now and then, not)
        rows, s1, s2 = board_rows(rng, 0, 0)
        if s1 == s2:
            s1 += 1
        if rng.random() < 0.1:
            s1, s2 = s1 + rng.randint(1, 3), s2  # an entry error: rows do not add up
        match.score1, match.score2 = s1, s2
        for row in rows:
            match.boards.append(m.Board(number=row["number"], coins1=row["coins1"] or None,
                                        coins2=row["coins2"] or None, queen=row["queen"]))
        return
    if kind < 0.65:  # stopped by time: the leader wins
        a, b = rng.randint(1, 24), rng.randint(0, 23)
        if a == b:
            a += 1
    else:
        a, b = 25, rng.randint(0, 24)
    match.score1, match.score2 = (a, b) if rng.random() < 0.5 else (b, a)


def tourney(s, rng, n, champ, rating):
    system = "roundrobin" if n % 4 == 3 else "swiss"
    players = rng.randint(4, 9) if system == "roundrobin" else rng.choice(
        [5, 7, 8, 9, 11, 12, 16, 17, 24])
    phantom = rng.choice([25, 25, 1, 10, 12])
    finals = rng.choice([None, None, 1, 2]) if system == "swiss" and players >= 8 else None
    t = m.Tourney(championship=champ, description=f"Generated {system} {n}",
                  date=datetime.date(2025, 1, 1) + datetime.timedelta(days=7 * n),
                  system=system, couplings="circle" if system == "roundrobin" else "serial",
                  duration=rng.choice([0, 30, 45]),
                  phantomscore=phantom, finals=finals, finalkind="simple",
                  rating=rating if n % 3 == 0 or n % 5 == 4 else None)
    all_level = n % 5 == 4
    s.add(t)
    people = []
    for i in range(players):
        p = m.Player(firstname=f"Gen{n}x{i}", lastname=NAMES[i % len(NAMES)] + f"{i // 25}",
                     nationality=rng.choice(["DEU", "ITA", "CHE"]))
        s.add(p)
        people.append(p)
        t.competitors.append(m.Competitor(player1=p))
        if rating is not None and rng.random() < 0.7:
            s.add(m.Rate(rating=rating, player=p, date=t.date - datetime.timedelta(
                days=rng.randint(1, 60)), rate=rng.randint(1200, 1900), deviation=100,
                volatility="0.06"))
    s.flush()
    rounds = players - 1 + players % 2 if system == "roundrobin" else rng.randint(3, 6)
    for turn in range(rounds):
        if system == "swiss" and turn == 2 and n % 4 == 1:
            t.competitors[0].retired = True  # retires after two rounds: paired no more
        try:
            t.makeNextTurn()
        except Exception as error:  # no further pairing: the tourney ends here
            print(f"{t.description}: {error}", file=sys.stderr)
            break
        s.flush()
        for match in t.matches:
            if match.turn == t.currentturn and match.competitor2 is not None \
                    and not match.score1 and not match.score2:
                result(rng, match, True, all_level)
        s.flush()
        t.updateRanking()
        s.flush()
    open_turn = OPEN_TURNS[n % len(OPEN_TURNS)] if system == "swiss" else None
    if open_turn == "finals" and not finals:
        open_turn = None
    if open_turn in ("one", "all", "half"):
        # a turn in play: drawn (its bye scored at once), some or none of its matches played;
        # SoL cannot rank it ("How could match ... end without result?!?"): its ranking stays
        # the one after the turn before (issue 31)
        try:
            t.makeNextTurn()
        except Exception as error:
            print(f"{t.description}: {error}", file=sys.stderr)
        else:
            s.flush()
            played = [x for x in t.matches if x.turn == t.currentturn
                      and x.competitor2 is not None]
            left = {"one": played[-1:], "all": played, "half": played[len(played) // 2:]}
            for match in played:
                if match not in left[open_turn]:
                    result(rng, match, True)
            s.flush()
            try:
                t.updateRanking()
            except Exception as error:
                print(f"{t.description}: {error}", file=sys.stderr)
            s.flush()
    if finals and open_turn not in ("one", "all", "half"):
        t.makeFinalTurn()
        s.flush()
        for match in t.matches:
            if match.final and not match.score1 and not match.score2 and open_turn != "finals":
                a, b = 25, rng.randint(0, 24)
                match.score1, match.score2 = (a, b) if rng.random() < 0.5 else (b, a)
        s.flush()
        if open_turn != "finals":  # finals in play: the Swiss turns stay ranked
            t.updateRanking()
        s.flush()
    return t


#: Swiss tourneys left in play (one of each kind in turn): one match of the last turn
#: unplayed, all of it, half of it, the final rounds drawn and unplayed, or none
OPEN_TURNS = ["one", None, "all", None, "half", "finals", None]


def main():
    db, out, count, seed = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    engine = create_engine("sqlite:///" + db)
    m.Base.metadata.create_all(engine)
    s = sessionmaker(bind=engine)()
    rng = random.Random(seed)
    club = m.Club(description="Generated Club", nationality="DEU")
    champ = m.Championship(club=club, description="Generated Championship",
                           couplings="serial", prizes="fixed", playersperteam=1)
    rating = m.Rating(description="Generated Rating", level="1", default_rate=1500,
                      default_deviation=350, default_volatility="0.06", inherit=False,
                      tau="0.5", lower_rate=1000, higher_rate=2000, outcomes="guido")
    s.add_all([club, champ, rating])
    tourneys = [tourney(s, rng, n, champ, rating) for n in range(count)]
    s.commit()
    ranking = []
    for t in tourneys:
        rows = [{"player": c.player1.guid, "points": c.points, "buchholz": c.bucholz,
                 "net": c.netscore, "total": c.totscore, "rate": c.rate,
                 "prize": str(c.prize)} for c in t.ranking]
        ranking.append({"guid": t.guid, "description": t.description, "system": t.system,
                        "finals": bool(t.finals and t.finalturns), "rows": rows})
    (out / "ranking.json").write_text(json.dumps(ranking))
    (out / "generated.sol").write_bytes(dump_sol(tourneys).encode("utf-8"))
    (out / "generated.sol.gz").write_bytes(dump_sol(tourneys, gzipped=True))
    zipped = backup(s, str(out), str(out), keep_only_if_changed=False)
    (out / "backup.zip").write_bytes(zipped)
    print(json.dumps({"tourneys": len(tourneys)}))


main()
'''


def sol_side(python: Path, tmp: Path, count: int, seed: int) -> list[dict]:
    driver = tmp / "sol_ranking_driver.py"
    driver.write_text(DRIVER)
    run = subprocess.run(
        [
            str(python),
            "-W",
            "ignore",
            str(driver),
            str(tmp / "sol.sqlite"),
            str(tmp),
            str(count),
            str(seed),
        ],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if run.returncode:
        raise RuntimeError(f"the SoL driver failed: {run.stderr[-2000:]}")
    return json.loads((tmp / "ranking.json").read_text())


def our_rows(tournament) -> list[dict]:
    """Our European-preset table of the imported tourney, in our order (placings where SoL
    played finals), with the figures SoL prints."""
    from scoring import standings
    from scoring.models import ExternalRecord
    from scoring.standings.placings import event_placings

    event = tournament.events.get()
    guid = {
        r.player_id: r.key
        for r in ExternalRecord.objects.filter(
            source="sol", kind="player", player__entries__event=event
        )
    }
    tables = standings.event_standings(event)
    figures = {}
    order = []
    for table in tables:
        for row in table.rows:
            entry = row.entry_id
            player = _player_of(entry)
            figures[entry] = {
                "player": guid.get(player),
                "name": _name_of(player),
                "points": row.values["score"],
                "buchholz": row.values.get("buchholz", 0),
                "net": row.values["net_points"],
                "total": row.values["total_points"],
            }
            order.append(entry)
    if event.rounds.filter(bracket="final").exists():
        placed = [p.entry.pk for p in event_placings(event) if p.place is not None]
        if placed:  # a tourney whose finals are not all played has no placings: its table
            order = placed + [e for e in order if e not in placed]
    return [figures[e] for e in order if e in figures]


def _name_of(player_id: int) -> str:
    from scoring.models import Player

    return Player.objects.values_list("name", flat=True).get(pk=player_id)


def same_player(theirs: dict, mine: dict) -> bool:
    """One player on both sides: by SoL's guid, or by name where the archive holds no guid
    (SoL makes one up when it loads such a file, this app keys the player by name)."""
    if theirs["player"] == mine["player"]:
        return True
    return str(mine["player"]).startswith("name:") and theirs.get("name") == mine.get("name")


def _player_of(entry_id: int) -> int:
    from scoring.models import Entry

    return Entry.objects.values_list("player_id", flat=True).get(pk=entry_id)


def compare(sol: dict, ours: list[dict], rates_known: bool = True) -> tuple[list[str], bool]:
    """The disagreements of one tourney, row by row (empty: it agrees), and whether they are
    only places SoL's rates decided among rows of equal figures while the archive holds no
    rates (SoL's ``.sol`` dump exports none; its backup does)."""
    problems = []
    by_rate = True
    if len(sol["rows"]) != len(ours):
        problems.append(f"{len(sol['rows'])} rows in SoL, {len(ours)} here")
        by_rate = False
    for place, (theirs, mine) in enumerate(zip(sol["rows"], ours, strict=False), 1):
        if not same_player(theirs, mine):
            problems.append(
                f"place {place}: SoL has {theirs['player'][:8]} "
                f"{_figures(theirs)}, we have {str(mine['player'])[:8]} "
                f"{_figures(mine)}"
            )
            by_rate = by_rate and _figures(theirs) == _figures(mine)
            continue
        for key in ("points", "buchholz", "net", "total"):
            if sol["system"] == "roundrobin" and key == "buchholz":
                continue  # SoL ranks a round robin without Buchholz
            if theirs[key] != mine[key]:
                problems.append(f"place {place}: {key} SoL {theirs[key]}, ours {mine[key]}")
                by_rate = False
    rated = any(row["rate"] is not None for row in sol["rows"])
    return problems, bool(problems) and by_rate and rated and not rates_known


def _stored_differences(sol: dict) -> list[str]:
    """Where SoL's stored figures differ from its recomputation, row by row."""
    out = []
    for place, (stored, redone) in enumerate(zip(sol["stored_rows"], sol["rows"], strict=False), 1):
        if _figures(stored) != _figures(redone):
            out.append(f"place {place}: stored {_figures(stored)}, recomputed {_figures(redone)}")
    return out


def _figures(row: dict) -> str:
    return f"({row['points']}/{row['buchholz']}/{row['net']}/{row['total']})"


def ours_side(archive: Path, ranking: list[dict]) -> tuple[int, int, int, list[str]]:
    """Import ``archive`` and compare each tourney: (tourneys, agreeing, differing only by
    rates the archive lacks, lines to print)."""
    from scoring.services.sol import import_sol, read_members

    content = archive.read_bytes()
    rates_known = any(documents[0].get("rates") for _, documents in read_members(content))
    report = import_sol(content, file_name=archive.name)
    by_guid = _by_guid()
    agree, no_rates, lines = 0, 0, []
    for sol in ranking:
        tournament = by_guid.get(sol["guid"]) or by_guid.get(sol["description"])
        if tournament is None:
            lines.append(f"{archive.name} {sol['description']}: not imported")
            continue
        if sol.get("stored_rows"):
            lines.append(
                f"{archive.name} {sol['description']}: SoL's stored figures differ from its "
                "own recomputation from the matches (edited after its prize-giving: "
                + "; ".join(_stored_differences(sol)[:3])
                + "); compared with the recomputation"
            )
        problems, by_rate = compare(sol, our_rows(tournament), rates_known)
        if by_rate:
            no_rates += 1
            lines.append(
                f"{archive.name} {sol['description']}: rows of equal figures "
                "in another order: SoL's rates decide, and this archive holds none"
            )
        elif problems:
            lines.append(
                f"{archive.name} {sol['description']} ({len(sol['rows'])} "
                f"competitors): " + "; ".join(problems[:6])
            )
        else:
            agree += 1
    lines.extend(f"{archive.name} warning: {w}" for w in report.warnings[:5])
    return len(ranking), agree, no_rates, lines


#: The SoL side of ``--sol-archives``: load one archive into a fresh SoL database, rank each
#: tourney with SoL's own ``updateRanking`` and write the rows.
ARCHIVE_DRIVER = r"""
import io, json, sys, warnings
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
name = archive.name
note = ""
if name.endswith(".box"):
    from nacl.secret import SecretBox
    content = SecretBox(bytes.fromhex(key)).decrypt(content)
if name.endswith(".box"):
    try:
        restore(s, None, None, None, io.BytesIO(content))
    except TypeError as error:
        # SoL 5.26 cannot restore this old backup into an empty database; its own test
        # (test_admin) restores backup.zip first and the box over it (the box's tourney,
        # the same, is then skipped): do as it does
        s.rollback()
        note = f"SoL refuses it alone ({error}); restored over backup.zip as SoL's tests do"
        restore(s, None, None, None, io.BytesIO((archive.parent / "backup.zip").read_bytes()))
        s.flush()
        restore(s, None, None, None, io.BytesIO(content))
elif name.endswith(".zip"):
    restore(s, None, None, None, io.BytesIO(content))
else:
    load_sol(s, name, io.BytesIO(content))
s.flush()


def named(p):
    name = " ".join(x for x in (p.firstname, p.lastname) if x)
    return f"{name} ({p.nickname})" if p.nickname else name


def recomputed(t):
    # SoL's own recomputation of a tourney's figures from its matches (computeRanking,
    # which a prized tourney's updateRanking refuses), per competitor; None when SoL cannot
    # rank it (a turn in play)
    try:
        return {c: (r.points, r.bucholz, r.netscore, r.totscore)
                for c, r in t.computeRanking()}
    except Exception:
        return None


ranking = []
for t in s.query(m.Tourney).order_by(m.Tourney.date, m.Tourney.description):
    try:
        t.updateRanking()
        s.flush()
    except Exception as error:  # a prized tourney keeps its ranking
        print(f"{t.description}: {error}", file=sys.stderr)
    rows = [{"player": c.player1.guid, "name": named(c.player1), "points": c.points,
             "buchholz": c.bucholz, "net": c.netscore, "total": c.totscore, "rate": c.rate,
             "prize": str(c.prize)} for c in t.ranking]
    entry = {"guid": t.guid, "description": f"{t.description} ({t.date})",
             "system": t.system, "finals": bool(t.finals and t.finalturns), "rows": rows}
    again = recomputed(t) if t.prized else None
    if again is not None:
        # SoL's stored figures of a prized tourney stay as they were at its prize-giving; a
        # tourney edited after it ("1° Torneo Amicizia Emiliana" 2011) no longer follows
        # from its matches: SoL's recomputation, in SoL's order (by prize)
        redone = [{**row, "points": again[c][0], "buchholz": again[c][1], "net": again[c][2],
                   "total": again[c][3]} for row, c in zip(rows, t.ranking)]
        if redone != rows:
            entry["stored_rows"], entry["rows"] = rows, redone
    ranking.append(entry)
out.write_text(json.dumps(ranking))
print(json.dumps({"tourneys": len(ranking), "note": note}))
"""

#: The key of SoL's test ``backup.box`` (SoL's own tests restore it with 64 times "a").
BOX_KEY = "a" * 64


def sol_archives(args, tmp: Path, python: Path) -> Path:
    """The folder of SoL 5.26's test archives: its sdist from PyPI, unpacked (or
    ``--sol-sdist``)."""
    if args.sol_sdist:
        return Path(args.sol_sdist) / "tests" / "scr"
    got = subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--no-binary",
            ":all:",
            "--disable-pip-version-check",
            "sol==5.26",
            "-d",
            str(tmp / "sdist"),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if got.returncode:
        raise Skip(f"cannot download SoL's source distribution: {got.stderr[-300:]}")
    import tarfile

    (tarball,) = (tmp / "sdist").glob("sol-5.26.tar.gz")
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp / "sdist", filter="data")
    return tmp / "sdist" / "sol-5.26" / "tests" / "scr"


def archives_main(args, tmp: Path, python: Path) -> None:
    """SoL's 12 test archives, each ranked by SoL and by this app (see the docstring)."""
    import time

    folder = sol_archives(args, tmp, python)
    files = sorted(
        p
        for p in folder.iterdir()
        if p.name.endswith((".sol", ".sol.gz", ".zip", ".box"))
        and (not args.only or p.name in args.only)
    )
    driver = tmp / "sol_archive_driver.py"
    driver.write_text(ARCHIVE_DRIVER)
    from bench.draws import setup_django

    archives = tourneys = agreed = rows = rows_agreed = 0
    seconds = 0.0
    for number, archive in enumerate(files):
        out = tmp / f"sol-{number}.json"
        run = subprocess.run(
            [
                str(python),
                "-W",
                "ignore",
                str(driver),
                str(tmp / f"sol-{number}.sqlite"),
                str(archive),
                str(out),
                BOX_KEY,
            ],
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if run.returncode:
            print(f"{archive.name}: SoL cannot load it: {run.stderr.strip()[-300:]}")
            continue
        note = json.loads(run.stdout.strip().splitlines()[-1] or "{}").get("note")
        if note:
            print(f"{archive.name}: {note}")
        ranking = json.loads(out.read_text())
        if args.max_tourneys and len(ranking) > args.max_tourneys:
            print(f"{archive.name}: {len(ranking)} tourneys, left out (--max-tourneys)")
            continue
        if archives == 0:
            setup_django(tmp / "ours-0.sqlite3")
        else:
            _fresh_db(tmp / f"ours-{number}.sqlite3")
        content = archive.read_bytes()
        if archive.name.endswith(".box"):
            from scoring.services.sol.reading import unbox

            content = unbox(content, key=BOX_KEY)
        unboxed = tmp / (
            archive.name.removesuffix(".box") + ".zip"
            if archive.name.endswith(".box")
            else archive.name
        )
        unboxed.write_bytes(content)
        started = time.perf_counter()
        try:
            count, agree, _no_rates, lines = ours_side(unboxed, ranking)
        except Exception as error:  # noqa: BLE001 - a file this app refuses is a finding
            print(f"{archive.name}: not imported here: {error}")
            tourneys += len(ranking)
            rows += sum(len(t["rows"]) for t in ranking)
            archives += 1
            continue
        seconds += time.perf_counter() - started
        for line in lines:
            print(line)
        row_count, row_agree = _row_figures(ranking)
        print(f"{archive.name}: {agree} of {count} tourneys ranked as SoL ranks them")
        archives += 1
        tourneys += count
        agreed += agree
        rows += row_count
        rows_agreed += row_agree
    print(
        f"sol_ranking: archives={archives} tourneys={tourneys} ranking_agree={agreed} "
        f"rows={rows} rows_agree={rows_agreed} import_s={seconds:.0f}"
    )


def _by_guid() -> dict:
    """The imported tournaments by SoL's guid and, for a tourney the archive holds without a
    guid (SoL makes one up when it loads it), by "description (date)" as the driver names it."""
    from scoring.models import ExternalRecord

    out = {}
    for record in ExternalRecord.objects.filter(source="sol", kind="tournament").select_related(
        "tournament"
    ):
        out[record.key] = record.tournament
        t = record.tournament
        out[f"{t.name} ({t.start_date.isoformat()})"] = t
    return out


def _row_figures(ranking: list[dict]) -> tuple[int, int]:
    """SoL's rows of these tourneys and how many this app ranks at the same place with the
    same figures (the tourneys imported last, found by SoL's guid)."""

    by_guid = _by_guid()
    total = same = 0
    for sol in ranking:
        total += len(sol["rows"])
        tournament = by_guid.get(sol["guid"]) or by_guid.get(sol["description"])
        if tournament is None:
            continue
        ours = our_rows(tournament)
        for theirs, mine in zip(sol["rows"], ours, strict=False):
            keys = ("points", "net", "total") + (
                () if sol["system"] == "roundrobin" else ("buchholz",)
            )
            if same_player(theirs, mine) and all(theirs[k] == mine[k] for k in keys):
                same += 1
    return total, same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tourneys", type=int, default=24)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--python", help="the Python to build SoL's venv with")
    parser.add_argument("--sol-venv", help="an existing venv with sol 5.26 (no install)")
    parser.add_argument("--archive", choices=("sol", "zip", "both"), default="both")
    parser.add_argument("--keep", help="a directory to keep the archives and databases in")
    parser.add_argument(
        "--sol-archives", action="store_true", help="rank SoL's own 12 test archives (issue 31)"
    )
    parser.add_argument("--sol-sdist", help="an unpacked sol-5.26 source distribution")
    parser.add_argument(
        "--only", action="append", help="--sol-archives: this archive only (repeatable)"
    )
    parser.add_argument(
        "--max-tourneys",
        type=int,
        default=0,
        help="--sol-archives: leave out archives of more tourneys",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sol_ranking-") as name:
        tmp = Path(args.keep or name)
        tmp.mkdir(parents=True, exist_ok=True)
        try:
            python = sol_python(args, tmp)
        except (Skip, subprocess.TimeoutExpired, OSError) as error:
            print(f"sol_ranking: skipped ({error})")
            return
        if args.sol_archives:
            try:
                archives_main(args, tmp, python)
            except (Skip, subprocess.TimeoutExpired, OSError) as error:
                print(f"sol_ranking: skipped ({error})")
            return
        ranking = sol_side(python, tmp, args.tourneys, args.seed)
        from bench.draws import setup_django

        archives = {
            "sol": ["generated.sol"],
            "zip": ["backup.zip"],
            "both": ["generated.sol", "backup.zip"],
        }[args.archive]
        total = agreed = 0
        for number, archive in enumerate(archives):
            if number == 0:
                setup_django(tmp / "ours-0.sqlite3")
            else:
                _fresh_db(tmp / f"ours-{number}.sqlite3")
            count, agree, no_rates, lines = ours_side(tmp / archive, ranking)
            for line in lines:
                print(line)
            print(
                f"{archive}: {agree} of {count} tourneys agree with SoL"
                + (
                    f"; {no_rates} differ only where SoL's rates decide and the archive "
                    "holds no rates"
                    if no_rates
                    else ""
                )
            )
            total += count
            agreed += agree
        print(f"sol_ranking: tourneys={total} agree={agreed}")


def _fresh_db(path: Path) -> None:
    """A new database for the next archive (the same tourneys would be skipped as imported)."""
    from django.core.management import call_command
    from django.db import connections

    connections["default"].close()
    connections["default"].settings_dict["NAME"] = str(path)
    call_command("migrate", verbosity=0, interactive=False)


if __name__ == "__main__":
    main()
