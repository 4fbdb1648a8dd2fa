"""The SoL round trip (issue 31): the demo tournament exported with ``export_sol`` is loaded by
SoL 5.26 itself (its ``load_sol``, run in a throw-away venv through a driver script this bench
writes; nothing of SoL is copied) and imported again here into an empty database.

The last line::

    sol_round_trip: sol_loaded=<tourneys> decided=<n> kept=<n> seconds=<import>

(``sol_loaded``: tourneys SoL's loader accepted; ``kept``: decided matches that came back with
the same players, winner / draw / walkover and game scores, and, of the team event, each team
(name, club, captain, players) and each tie (walkover, lineups, every rubber's players and
decided result, the tie's result), counted among ``decided``). ``--sol-venv DIR`` reuses a venv
with SoL 5.26; when SoL cannot be installed its part says ``skipped``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.vs_sol import Skip, sol_python  # noqa: E402

DRIVER = r"""
import json, sys, warnings
warnings.simplefilter("ignore")
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker
import sol.models as m
from sol.models.bio import load_sol
engine = create_engine("sqlite://")
m.Base.metadata.create_all(engine)
session = sessionmaker(bind=engine)()
with open(sys.argv[1], "rb") as stream:
    load_sol(session, sys.argv[1], stream)
session.flush()
print(json.dumps({"tourneys": session.query(m.Tourney).count(),
                  "matches": session.query(m.Match).count()}))
"""


def decided(event) -> list[tuple]:
    from scoring.models import Match

    rows = []
    for m in (
        Match.objects.filter(event=event)
        .prefetch_related("games")
        .select_related(
            "entry_a__player", "entry_b__player", "entry_a__partner", "entry_b__partner"
        )
    ):
        if not (m.status in ("finished", "confirmed") or m.bye or m.walkover):
            continue
        if m.bye and not (m.entry_a_id or m.entry_b_id):
            continue

        def names(entry):
            return (
                None
                if entry is None
                else (entry.player.name, entry.partner.name if entry.partner_id else None)
            )

        games = (
            ()
            if m.walkover or m.bye
            else tuple(
                (g.scores.get("a", 0), g.scores.get("b", 0))
                for g in sorted(m.games.all(), key=lambda g: g.number)
            )
        )
        rows.append(
            repr(
                (
                    names(m.entry_a or m.entry_b),
                    names(m.entry_b if m.entry_a else None),
                    m.winner_side,
                    m.draw,
                    m.walkover,
                    m.bye,
                    games,
                )
            )
        )
    return sorted(rows + team_rows(event))


def team_rows(event) -> list[str]:
    """A team event's teams (name, club, captain, players) and each tie's walkover, lineups
    and rubbers (players and the rubber's decided result) with the tie's result."""
    from scoring.models import Player, Team, Tie

    if not event.is_teams:
        return []
    people = dict(Player.objects.values_list("pk", "name"))

    def who(ids):
        return tuple(people.get(p, "?") for p in ids or [])

    rows = [
        repr(
            (
                "team",
                t.name,
                t.club,
                t.captain.name,
                who(t.members.values_list("player_id", flat=True)),
            )
        )
        for t in Team.objects.filter(event=event).select_related("captain")
    ]
    for tie in Tie.objects.filter(event=event).select_related(
        "match__entry_a__team", "match__entry_b__team"
    ):
        m = tie.match
        rubbers = tuple(
            (
                r.number,
                r.kind,
                who(r.players_a),
                who(r.players_b),
                None
                if r.match is None
                else (
                    r.match.status,
                    r.match.winner_side,
                    r.match.draw,
                    r.match.walkover,
                    tuple(
                        tuple(sorted(g.scores.items())) for g in r.match.games.order_by("number")
                    ),
                ),
            )
            for r in tie.rubbers.select_related("match").order_by("number")
        )
        lineups = tuple(
            sorted((x.side, tuple(who(p) for p in x.players)) for x in tie.lineups.all())
        )
        rows.append(
            repr(
                (
                    "tie",
                    m.entry_a.team.name,
                    m.entry_b.team.name,
                    tie.walkover,
                    lineups,
                    rubbers,
                    (m.winner_side, m.draw, m.walkover, m.games_a, m.games_b),
                )
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", help="the Python to build SoL's venv with")
    parser.add_argument("--sol-venv", help="an existing venv with sol 5.26 (no install)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sol_round_trip-") as name:
        tmp = Path(name)
        from bench.draws import setup_django

        setup_django(tmp / "demo.sqlite3")
        from django.core.management import call_command

        from scoring.models import Event, Tournament
        from scoring.services.exports import sol_archive

        call_command("seed_demo", verbosity=0)
        demo = Tournament.objects.get(slug="demo-spring-open")
        before = {e.name: decided(e) for e in demo.events.exclude(kind=Event.Kind.POINTS)}
        archive = tmp / "demo.sol"
        archive.write_bytes(sol_archive(demo))
        loaded = "skipped"
        try:
            python = sol_python(args, tmp)
            driver = tmp / "driver.py"
            driver.write_text(DRIVER)
            run = subprocess.run(
                [str(python), "-W", "ignore", str(driver), str(archive)],
                capture_output=True,
                text=True,
                timeout=600,
            )
            loaded = (
                str(json.loads(run.stdout.strip().splitlines()[-1])["tourneys"])
                if run.returncode == 0
                else f"refused ({run.stderr.strip()[-200:]})"
            )
        except (Skip, subprocess.TimeoutExpired, OSError) as error:
            loaded = f"skipped ({error})"
        # our import into an empty database
        from django.db import connection

        from bench.sol_ranking import _fresh_db

        connection.close()
        _fresh_db(tmp / "empty.sqlite3")
        from scoring.services.sol import import_sol

        started = time.perf_counter()
        report = import_sol(archive.read_bytes(), file_name="demo.sol")
        seconds = time.perf_counter() - started
        after = {t.events.get().name: decided(t.events.get()) for t in report.tournaments}
        total = sum(len(rows) for rows in before.values())
        kept = sum(1 for name, rows in before.items() for row in rows if row in after.get(name, []))
        for name, rows in before.items():
            for row in rows:
                if row not in after.get(name, []):
                    print(f"lost in {name}: {row}")
        print(
            f"sol_round_trip: sol_loaded={loaded} decided={total} kept={kept} seconds={seconds:.1f}"
        )


if __name__ == "__main__":
    main()
