"""A SoL match's games as recorded (issue 31): each game's score from SoL 5's best of three
(``score1_2`` …) or from this app's own export (:mod:`.extension`), a match stopped by time,
and a team tie's rubbers (:mod:`.teams`); played in memory by :class:`~.bulk.PaperMatch`
(split from :mod:`.results`, issue 36: no module over 500 lines)."""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from scoring.models import Match
from scoring.services.sol.bulk import PaperMatch
from scoring.services.sol.report import Line, SolReport
from scoring.services.sol.teams import TiePlan, rubber_match

AWARD_LAW = "SoL result"
BOARD_MAX = 12
GAME_POINTS = 25


def side_of(flag: Any) -> str | None:
    return {"1": "a", "2": "b", 1: "a", 2: "b"}.get(flag)


def points_of(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def games_of(smatch: dict[str, Any]) -> list[tuple[int, int]]:
    """SoL 5's games of a match: ``score1``/``score2``, then ``score1_2``/``score2_2`` and
    ``score1_3``/``score2_3`` where given (best of three)."""
    games = [(points_of(smatch.get("score1")), points_of(smatch.get("score2")))]
    for n in (2, 3):
        a, b = smatch.get(f"score1_{n}"), smatch.get(f"score2_{n}")
        if a is None and b is None:
            break
        games.append((points_of(a), points_of(b)))
    return games


def awards_from_score(score1: int, *, score2: int) -> list[dict[str, Any]]:
    """Award boards of at most 12 points that add up to the final score, the loser's first so
    that the game does not end before them."""

    def chunks(side: str, points: int) -> list[dict[str, Any]]:
        out = []
        while points > 0:
            step = min(points, BOARD_MAX)
            out.append({"winner": side, "points": step, "law": AWARD_LAW})
            points -= step
        return out

    first, second = ("b", "a") if score1 >= score2 else ("a", "b")
    scores = {"a": score1, "b": score2}
    return chunks(first, scores[first]) + chunks(second, scores[second])


def record_games(plan: PaperMatch, *, games: list[tuple[int, int]]) -> bool:
    """Each game's score as recorded (the higher score wins the game, level is a drawn game);
    a match the games leave open was stopped by the round's time limit (the leader wins,
    level is a draw). Returns whether time stopped it."""
    for number, (a, b) in enumerate(games, 1):
        if plan.snapshot.finished:
            break
        if number == len(games) and max(a, b) < GAME_POINTS:
            # the last game short of the game's points: time stopped it; its points as
            # award boards, then the time-up rule decides it as it did
            for board in awards_from_score(a, score2=b):
                plan.quick_board(**board)
            break
        plan.recorded_game({"a": a, "b": b}, AWARD_LAW)
    if not plan.snapshot.finished:
        plan.time_up()
        return True
    return False


def import_games(
    plan: PaperMatch,
    *,
    smatch: dict[str, Any],
    games: list[tuple[int, int]],
    report: SolReport,
    where: str,
    day_end: Any,
) -> None:
    """A best-of-three match of SoL 5 (``score1_2`` …): every game's score as SoL holds it."""
    breaker = side_of(smatch.get("breaker"))
    plan.toss(breaker or "a", "break")
    time_limited = record_games(plan, games=games)
    plan.match.finished_at = day_end
    report.boards += len(games)
    if time_limited:
        report.kept.append(
            Line.gettext(
                "%(where)s, table %(table)s: stopped by time, games %(games)s",
                where=where,
                table=smatch.get("board"),
                games=", ".join(f"{a}–{b}" for a, b in games),
            )
        )
    plan.audit(
        "sol_result",
        {
            "games": [list(g) for g in games],
            "turn": smatch.get("turn"),
            "board": smatch.get("board"),
            "from": "games",
            "time_limited": time_limited,
        },
    )


def import_own_match(
    plan: PaperMatch,
    *,
    smatch: dict[str, Any],
    extra: dict[str, Any],
    report: SolReport,
    day_end: Any,
) -> None:
    """A match of this app's own export (:mod:`.extension`): not decided, a walkover, or its
    games as they were recorded; confirmed as it was."""
    match = plan.match
    status = extra.get("status")
    winner: str = extra["winner"] if extra.get("winner") in ("a", "b") else ""
    detail: dict[str, Any] = {
        "turn": smatch.get("turn"),
        "board": smatch.get("board"),
        "from": "app",
        "status": status,
    }
    if extra.get("walkover"):
        match.walkover = True
        match.winner_side = winner
        match.status = Match.Status.CONFIRMED
        match.finished_at = day_end
        match.confirmed_at = day_end
        detail["walkover"] = winner or "both"
    elif status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
        raw: list[Any] = extra["games"] if isinstance(extra.get("games"), list) else []
        games = [
            (points_of(g[0]), points_of(g[1])) for g in raw if isinstance(g, list) and len(g) >= 2
        ] or games_of(smatch)
        breaker = side_of(smatch.get("breaker"))
        plan.toss(breaker or "a", "break")
        detail["time_limited"] = record_games(plan, games=games)
        detail["games"] = [list(g) for g in games]
        report.boards += len(games)
        match.finished_at = day_end
        if status == Match.Status.CONFIRMED:
            match.status = Match.Status.CONFIRMED
            match.confirmed_at = day_end
    plan.audit("sol_result", detail)


def import_tie(
    tie: PaperMatch, *, extra: dict[str, Any], report: SolReport, where: str
) -> tuple[TiePlan, list[PaperMatch]]:
    """A tie of this app's exported team event (:mod:`.teams`): its rubbers' matches played
    in memory as any exported match (:func:`import_own_match`: not decided, a walkover, or
    each game's score as recorded, confirmed as it was), and the tie to write after them."""
    day_end = timezone.make_aware(
        datetime.datetime.combine(tie.tournament.end_date, datetime.time(23, 59))
    )
    rubbers: list[Any] = []
    plans: list[PaperMatch] = []
    seen: set[int] = set()
    for row in extra.get("rubbers") or []:
        number = row.get("number") if isinstance(row, dict) else None
        if not isinstance(number, int) or number < 1 or number in seen:
            report.warnings.append(
                Line.gettext("%(where)s: a rubber without its number is left out", where=where)
            )
            continue
        seen.add(number)
        kind = row.get("kind") if row.get("kind") in ("singles", "doubles") else "singles"
        facts = row.get("match")
        match = None
        if isinstance(facts, dict):
            match = rubber_match(tie.match, rubber=number, facts=facts)
            plan = PaperMatch(match, tie.tournament, tie.actor)
            import_own_match(
                plan,
                smatch={"turn": None, "board": None},
                extra=facts,
                report=report,
                day_end=day_end,
            )
            if facts.get("status") == Match.Status.PLAYING:
                report.warnings.append(
                    Line.gettext(
                        "%(where)s, rubber %(rubber)d: was being played; it comes back not started",
                        where=where,
                        rubber=number,
                    )
                )
            plans.append(plan)
        rubbers.append(
            (
                number,
                kind,
                row.get("players_a") or [],
                row.get("players_b") or [],
                match,
            )
        )
    return TiePlan(tie.match, extra["tie"], rubbers), plans
