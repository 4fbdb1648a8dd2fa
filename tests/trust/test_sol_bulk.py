"""The SoL import writes each tourney in bulk (issue 31: the 499-tourney archive in minutes, not
half an hour) and its result is the one the board-by-board import gave: the same matches,
games, boards, scores, audit trail and standings. The expected snapshot
(``data/sol_bulk_expected.json``) was taken from the board-by-board import (every board through
the quick-entry service) of the same archives: ``nordstadt.sol``, a generated archive with every
kind of SoL match (board rows kept, rows that disagree, an impossible row, 25–25, a score past
25, a time-limited draw, best of three stopped by time, byes with and without a recorded score,
final rounds, a match not played) and the demo tournament's own export (walkovers, confirmed
matches, double elimination). ``SOL_BULK_CAPTURE=1`` writes the file again."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.db.models import F

from scoring import standings
from scoring.models import AuditEntry, Board, Match, Tournament
from scoring.services.sol import import_sol

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data"
EXPECTED = DATA / "sol_bulk_expected.json"


def _m(a: int, b: int | None, s1: int, s2: int, turn: int = 1, table: int = 1, **extra: Any):
    return {
        "competitor1": a,
        "competitor2": b,
        "score1": s1,
        "score2": s2,
        "turn": turn,
        "board": table,
        **extra,
    }


def _rows(*rows: tuple[int, int, int, int | None]) -> list[dict[str, Any]]:
    return [{"number": n, "coins1": c1, "coins2": c2, "queen": q} for n, c1, c2, q in rows]


def every_kind_of_match() -> bytes:
    """A generated SoL archive (fictional players): one tourney of single-game matches with
    every path of the import, one of SoL 5's best of three."""
    lists = {
        "players": [
            {
                "guid": f"bulk{n}",
                "firstname": f"Bulk{n}",
                "lastname": "Spieler",
                "nationality": "DEU",
            }
            for n in range(1, 9)
        ],
        "clubs": [],
        "championships": [{"description": "Bulk Cup"}],
    }
    competitors = [{"players": [n], "position": n, "rate": 1500 + 7 * n} for n in range(1, 9)]
    single = {
        "guid": "bulk-single",
        "description": "Bulk single games",
        "date": "2025-04-05",
        "championship": 1,
        "system": "swiss",
        "phantomscore": 20,
        "competitors": competitors,
        "matches": [
            # board rows adding up to SoL's score (3 + 3 + 1 queen … ICF 53–55)
            _m(1, 2, 9, 0, boards=_rows((1, 3, 0, 1), (2, 3, 0, None), (3, 0, 0, None))),
            # rows that disagree with SoL's score: the score wins
            _m(3, 4, 25, 10, table=2, boards=_rows((1, 5, 0, 1), (2, 0, 2, None))),
            # an impossible row: the score is used
            _m(5, 6, 18, 12, table=3, boards=_rows((1, 4, 4, None))),
            _m(7, 8, 25, 25, table=4),  # kept as SoL recorded it
            _m(1, 3, 29, 3, turn=2),  # past the game's points
            _m(2, 4, 10, 10, turn=2, table=2),  # stopped by time, a draw
            _m(5, 7, 25, 0, turn=2, table=3),
            _m(6, None, 0, 0, turn=2, table=4),  # a bye: the phantom score
            _m(1, 5, 0, 0, turn=3),  # not played
            _m(8, None, 13, 0, turn=3, table=2),  # a bye with its recorded score
            _m(2, 3, 24, 23, turn=3, table=3, breaker="2"),
            _m(4, 6, 3, 25, turn=4, final=True),
        ],
    }
    three = {
        "guid": "bulk-three",
        "description": "Bulk best of three",
        "date": "2025-04-06",
        "championship": 1,
        "system": "knockout",
        "competitors": competitors[:6],
        "matches": [
            _m(1, 2, 25, 10, score1_2=25, score2_2=3),
            _m(3, 4, 12, 25, table=2, score1_2=25, score2_2=9, score1_3=25, score2_3=20),
            _m(5, 6, 25, 5, table=3, score1_2=8, score2_2=25, score1_3=11, score2_3=11),
            _m(1, 3, 25, 25, turn=2, score1_2=25, score2_2=1),
            _m(5, 2, 20, 25, turn=2, table=2, score1_2=7, score2_2=3),
        ],
    }
    return yaml.safe_dump_all([lists, single, three], allow_unicode=True).encode()


def _demo_export() -> bytes:
    from django.core.management import call_command

    from scoring.services.exports import sol_archive

    call_command("seed_demo", verbosity=0)
    return sol_archive(Tournament.objects.get(slug="demo-spring-open"))


def _names(entry: Any) -> str:
    if entry is None:
        return ""
    return " / ".join(p.name for p in entry.players)


def tournament_snapshot(tournament: Tournament) -> dict[str, Any]:
    """What an import writes, without database ids or the time of the import."""
    event = tournament.events.get()
    matches = []
    for match in (
        Match.objects.filter(event=event)
        .select_related("round", "entry_a__player", "entry_a__partner")
        .select_related("entry_b__player", "entry_b__partner", "table")
        # a team event's rubbers have no round: first, on SQLite and PostgreSQL alike
        .order_by(
            F("round__number").asc(nulls_first=True),
            F("round__bracket").asc(nulls_first=True),
            "number",
            "pk",
        )
    ):
        games = []
        for game in match.games.order_by("number"):
            boards = [
                [
                    b.sequence,
                    b.kind,
                    b.breaker,
                    b.rules,
                    b.summary_winner,
                    b.summary_carrommen,
                    b.summary_queen,
                    b.award_points,
                    b.award_law,
                    b.recorded_scores,
                    b.void,
                    b.finished,
                ]
                for b in Board.objects.filter(game=game).order_by("sequence")
            ]
            games.append(
                [
                    game.number,
                    game.first_breaker,
                    game.scores,
                    game.winner_side,
                    game.finished,
                    game.time_up,
                    boards,
                ]
            )
        audit = [
            [a.action, a.via, a.device, _stable(a.action, a.detail)]
            for a in AuditEntry.objects.filter(match=match).order_by("pk")
        ]
        matches.append(
            {
                # a team event's rubber has no round of its own (its tie's)
                "round": [match.round.number, match.round.bracket, match.round.stage]
                if match.round
                else None,
                "number": match.number,
                "group": match.group,
                "table": match.table.number if match.table else None,
                "a": _names(match.entry_a),
                "b": _names(match.entry_b),
                "rules": match.rules,
                "stage": match.stage,
                "games_to_win": match.games_to_win,
                "status": match.status,
                "bye": match.bye,
                "walkover": match.walkover,
                "toss": [match.toss_winner, match.toss_choice],
                "winner": match.winner_side,
                "draw": match.draw,
                "games_won": match.games_won,
                "totals": [match.games_a, match.games_b, match.points_a, match.points_b],
                "needs_review": match.review_text,
                "finished_at": _day_time(match.finished_at, tournament),
                "confirmed_at": _day_time(match.confirmed_at, tournament),
                "games": games,
                "audit": audit,
            }
        )
    tables = [
        {
            "group": table.group,
            "rule": table.rule,
            "rows": [[row.name, _stable("", row.values)] for row in table.rows],
        }
        for table in standings.event_standings(event)
    ]
    return {
        "name": tournament.name,
        "event": [event.name, event.kind, event.format, event.games_to_win, event.status],
        "matches": matches,
        "standings": tables,
    }


def _day_time(when: Any, tournament: Tournament) -> list[Any] | None:
    """A time as days after the tournament's last day and the time of day (the demo
    tournament is dated from today)."""
    if when is None:
        return None
    return [(when.date() - tournament.end_date).days, when.time().isoformat()]


def _stable(action: str, value: Any) -> Any:
    """JSON's view of ``value`` (tuples as lists; a board's database id and a quick entry's
    random client id left out)."""
    value = json.loads(json.dumps(value, default=str))
    if action in ("quick_board", "recorded_game"):
        value.pop("board", None)
        value.pop("client_id", None)
    return value


def import_snapshot(content: bytes, name: str) -> dict[str, Any]:
    report = import_sol(content, file_name=name)
    return {
        "tournaments": [tournament_snapshot(t) for t in report.tournaments],
        "report": {
            "matches": report.matches,
            "boards": report.boards,
            "kept": report.kept,
            "flagged": report.flagged,
            "warnings": report.warnings,
            "players_created": report.players_created,
            "players_reused": report.players_reused,
        },
    }


ARCHIVES = {
    "nordstadt": lambda: (DATA / "nordstadt.sol").read_bytes(),
    "every_kind": every_kind_of_match,
    "demo": _demo_export,
}


@pytest.mark.parametrize("name", sorted(ARCHIVES))
def test_the_bulk_import_writes_what_the_board_by_board_import_wrote(name: str) -> None:
    got = json.loads(json.dumps(import_snapshot(ARCHIVES[name](), f"{name}.sol"), default=str))
    if os.environ.get("SOL_BULK_CAPTURE"):
        stored = json.loads(EXPECTED.read_text()) if EXPECTED.exists() else {}
        stored[name] = got
        EXPECTED.write_text(json.dumps(stored, indent=1, sort_keys=True, ensure_ascii=False))
    expected = json.loads(EXPECTED.read_text())[name]
    assert got["report"] == expected["report"]
    assert len(got["tournaments"]) == len(expected["tournaments"])
    for mine, theirs in zip(got["tournaments"], expected["tournaments"], strict=True):
        assert mine["event"] == theirs["event"]
        for a, b in zip(mine["matches"], theirs["matches"], strict=True):
            assert a == b
        assert mine["standings"] == theirs["standings"]
