"""Benchmark: a team Swiss round of 64 teams drawn and its tie sheets printed (issue 34).

Builds a temporary SQLite database (migrated from scratch; ``--database-url`` a PostgreSQL
one instead) with a tournament and a team event of 64 teams (four players each, eight clubs,
kept apart by club) playing S-D-S ties, then times, as the organiser's buttons do:

- ``draw``: :func:`scoring.services.draws.draw_event` — Swiss round 1 of the 64 team entries
  paired and separated by club, its 32 matches saved — and :func:`scoring.services.ties.make_ties`
  making the 32 ties with their 96 rubbers;
- ``sheets``: the round's 32 tie sheets read (:func:`scoring.selectors.ties.tie_sheets`, the
  lineups in so every rubber names its players) and rendered as one PDF
  (:func:`scoring.pdf.tie_sheet.render_tie_sheets`).

Each sample is undone (untimed) before the next. The last line reads
``team_swiss: teams=64 draw_s=<x> sheets_s=<y> pages=<n>`` (medians in seconds).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TEAMS = 64


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ["DEBUG"] = "false"  # no query log
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ["DJANGO_SETTINGS_MODULE"] = "carrom_tournament.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build():
    import datetime

    from scoring.models import Player, Tournament
    from scoring.services.matches import Actor
    from scoring.services.teams import add_team
    from scoring.services.tournaments import create_event

    actor = Actor(via="system", device="bench")
    Tournament.objects.filter(slug="bench-teams").delete()
    t = Tournament.objects.create(
        slug="bench-teams",
        name="Bench Team Open",
        start_date=datetime.date(2026, 12, 5),
        end_date=datetime.date(2026, 12, 6),
    )
    event = create_event(
        tournament=t,
        name="Club teams",
        actor=actor,
        kind="teams",
        format="swiss",
        settings={"rounds": 6, "separate": "club"},
    )
    for n in range(TEAMS):
        squad = [Player.objects.create(name=f"Bench team {n + 1} player {k + 1}") for k in range(4)]
        add_team(
            event=event,
            actor=actor,
            name=f"Team {n + 1}",
            club=f"Club {n % 8 + 1}",
            players=squad,
            captain=squad[0],
        )
    return event, actor


def lineups(event, ties, actor) -> None:
    from scoring.models import TeamMember
    from scoring.services.ties import submit_lineup

    members: dict[int, list[int]] = {}
    for entry, player in (
        TeamMember.objects.filter(event=event)
        .values_list("team__entry_id", "player_id")
        .order_by("number")
    ):
        members.setdefault(entry, []).append(player)
    for tie in ties:
        for side, entry in (("a", tie.match.entry_a_id), ("b", tie.match.entry_b_id)):
            p = members[entry]
            submit_lineup(tie=tie, side=side, players=[[p[0]], [p[1], p[2]], [p[3]]], actor=actor)


def undo(event) -> None:
    from scoring.models import Match, Round, Tie

    Tie.objects.filter(event=event).delete()
    Match.objects.filter(event=event).delete()
    Round.objects.filter(event=event).delete()
    event.status = "entry"
    event.save(update_fields=["status"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        from scoring.pdf.tie_sheet import render_tie_sheets
        from scoring.selectors.ties import tie_sheets
        from scoring.services import draws
        from scoring.services.ties import make_ties

        event, actor = build()
        draw_times, sheet_times, pages = [], [], 0
        for sample in range(args.samples):
            start = time.perf_counter()
            draws.draw_event(event=event, actor=actor, random_seed=sample)
            ties = make_ties(event)
            draw_times.append(time.perf_counter() - start)
            assert len(ties) == TEAMS // 2
            lineups(event, ties, actor)  # untimed: the captains' work
            start = time.perf_counter()
            pdf = render_tie_sheets(tie_sheets(event, "en", round_number=1))
            sheet_times.append(time.perf_counter() - start)
            pages = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page") - 1
            undo(event)
        print(f"draw samples: {[round(x, 3) for x in draw_times]}")
        print(f"sheet samples: {[round(x, 3) for x in sheet_times]}")
        print(
            f"team_swiss: teams={TEAMS} draw_s={statistics.median(draw_times):.3f} "
            f"sheets_s={statistics.median(sheet_times):.3f} pages={pages}"
        )


if __name__ == "__main__":
    main()
