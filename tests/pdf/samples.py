"""Sample sheet data for the PDF tests (and for looking at the pages by hand).

The demo match is consistent board by board: every running total is the sum of the points
before it, and the game scores and the match result follow from the boards.
"""

from __future__ import annotations

import datetime
from dataclasses import replace

from scoring.pdf.data import (
    BoardRow,
    GameSheet,
    ScoresheetData,
    SeatedPlayer,
    SideData,
    TossData,
)

UNICODE_NAME = "Łukasz Ünal"
OTHER_NAME = "Priya Ramaswamy"


def b(**spec: object) -> dict[str, object]:
    """One board's spec for :func:`boards` (keyword arguments of :class:`BoardRow`)."""
    return spec


def boards(*specs: dict) -> list[BoardRow]:
    """Board rows with running totals computed from each board's ``points``.

    Each spec gives ``winner`` and either ``points`` or ``carrommen`` (+ Queen 3 when
    ``queen_counted``, + ``extra_points``); the remaining keys go to :class:`BoardRow`.
    """
    rows, totals = [], [0, 0]
    for number, spec in enumerate(specs, start=1):
        spec = dict(spec)
        spec.setdefault("number", number)
        if not spec.get("void"):
            points = spec.get("points")
            if points is None:
                points = (
                    spec.get("carrommen", 0)
                    + (3 if spec.get("queen_counted") else 0)
                    + spec.get("extra_points", 0)
                )
                spec["points"] = points
            totals[spec["winner"]] += points
        spec["totals"] = (totals[0], totals[1])
        rows.append(BoardRow(**spec))
    return rows


def game(number: int, rows: list[BoardRow], finished: bool = True) -> GameSheet:
    if not finished:
        return GameSheet(number=number, boards=rows)
    live = [r for r in rows if not r.void]
    a, b = live[-1].totals
    score = (min(a, 25), min(b, 25))
    return GameSheet(number=number, boards=rows, score=score, winner=0 if a > b else 1)


def demo_games() -> list[GameSheet]:
    g1 = game(
        1,
        boards(
            b(breaker=0, winner=0, carrommen=5, queen_by=0, queen_counted=True),
            b(breaker=1, winner=1, carrommen=4),
            b(breaker=0, winner=0, carrommen=7, queen_by=0, queen_counted=True),
            b(breaker=1, winner=1, carrommen=2, queen_by=0),
            b(breaker=0, winner=0, carrommen=6, queen_by=0, queen_counted=True),
            b(breaker=1, winner=0, carrommen=4, extra_points=1),
        ),
    )  # 26 : 6 -> 25 : 6
    g2 = game(
        2,
        boards(
            b(breaker=1, winner=1, carrommen=6, queen_by=1, queen_counted=True),
            b(breaker=0, winner=1, carrommen=0, points=3, law="ICF 107", note="suicide"),
            b(breaker=1, winner=0, carrommen=3, queen_by=0, queen_counted=True),
            b(breaker=0, winner=None, void=True, law="IT 101", note="3 passes each"),
            b(number=4, breaker=0, winner=1, carrommen=8, queen_by=1, queen_counted=True),
            b(number=5, breaker=1, winner=1, carrommen=5),
        ),
    )  # 6 : 28 -> 6 : 25
    g3 = game(
        3,
        boards(
            b(breaker=0, winner=0, carrommen=2, queen_by=0, queen_counted=True),
            b(breaker=1, winner=1, carrommen=3, queen_by=1, queen_counted=True),
            b(breaker=0, winner=0, carrommen=1),
            b(breaker=1, winner=1, carrommen=2, side_change_after=True),
            b(breaker=0, winner=0, carrommen=1, queen_by=0, queen_counted=True),
            b(breaker=1, winner=1, carrommen=1, queen_by=1, queen_counted=True),
            b(breaker=0, winner=1, carrommen=1),
            b(breaker=1, winner=0, carrommen=3),
            b(breaker=0, winner=0, carrommen=2, queen_by=0, queen_counted=True, extra_board=True),
        ),
    )  # 13 : 13 after 8 -> extra board 18 : 13
    return [g1, g2, g3]


def demo_sheet(**changes) -> ScoresheetData:
    data = ScoresheetData(
        tournament="Carrom Open Rhein-Main 2026",
        event="Men's Singles",
        round_name="Round of 32",
        match_number="17",
        table="5",
        date=datetime.date(2026, 11, 29),
        umpire="Ingrid Schäfer",
        kind="singles",
        sides=(
            SideData(UNICODE_NAME, seat="North", club="CC Frankfurt"),
            SideData(OTHER_NAME, seat="South", club="Carrom Club Zürich"),
        ),
        toss=TossData(winner=0, choice="break"),
        games=demo_games(),
        games_won=(2, 1),
        winner=0,
        qr_url="https://carrom.example.org/t/open-2026/umpire/match/1017/",
        language="en",
        reference="#1017",
    )
    return replace(data, **changes)


def demo_doubles(**changes) -> ScoresheetData:
    return demo_sheet(
        kind="doubles",
        event="Mixed Doubles",
        sides=(
            SideData(
                "Ünal / Nowak",
                players=(SeatedPlayer(UNICODE_NAME, "1"), SeatedPlayer("Zofia Nowak", "3")),
            ),
            SideData(
                "Ramaswamy / Okafor",
                players=(SeatedPlayer(OTHER_NAME, "2"), SeatedPlayer("Chidi Okafor", "4")),
            ),
        ),
        **changes,
    )


def running_sheet(**changes) -> ScoresheetData:
    """A match in progress: game 1 done, game 2 after three boards."""
    g1, g2, _ = demo_games()
    g2_running = game(2, list(g2.boards[:3]), finished=False)
    return demo_sheet(games=[g1, g2_running], games_won=None, winner=None, **changes)


def round_sheets(n: int = 128, language: str = "en") -> list[ScoresheetData]:
    """A round of ``n`` filled sheets, each with its own names, table and QR URL."""
    return [
        demo_sheet(
            match_number=str(i + 1),
            table=str(i % 32 + 1),
            sides=(
                SideData(f"{UNICODE_NAME} {i}", seat="North"),
                SideData(f"Player {i + 200}", seat="South"),
            ),
            qr_url=f"https://carrom.example.org/t/open-2026/umpire/match/{1000 + i}/",
            language=language,
        )
        for i in range(n)
    ]


def bracket_data(entries: int = 16, language: str = "en", double: bool = False):
    """A knock-out (or double-elimination) bracket with the first round played."""
    from scoring.pdf.bracket import knockout_rounds
    from scoring.pdf.data import BracketMatch, BracketRound, BracketSection, BracketSheetData

    names = [UNICODE_NAME if i == 0 else f"Player {i + 1:03d}" for i in range(entries)]
    rounds = knockout_rounds(names)
    first = [
        BracketMatch(
            entries=m.entries,
            scores=("2", "1") if j % 3 else ("0", "2"),
            winner=0 if j % 3 else 1,
            label=f"M{j + 1}",
        )
        for j, m in enumerate(rounds[0].matches)
    ]
    winners = [m.entries[m.winner] for m in first]
    second = [
        BracketMatch(entries=(winners[2 * j], winners[2 * j + 1])) for j in range(len(first) // 2)
    ]
    rounds = [
        BracketRound("Round 1", first),
        BracketRound("Round 2", second),
        *[BracketRound(f"Round {i + 3}", r.matches) for i, r in enumerate(rounds[2:])],
    ]
    sections = [BracketSection(rounds, kind="winners" if double else "main")]
    if double:
        losers = [m.entries[1 - m.winner] for m in first]
        lb, n, r = [], len(losers) // 2, 1
        lb.append(
            BracketRound(
                f"L{r}",
                [BracketMatch(entries=(losers[2 * j], losers[2 * j + 1])) for j in range(n)],
            )
        )
        while n >= 1:
            r += 1
            lb.append(BracketRound(f"L{r}", [BracketMatch() for _ in range(n)]))
            if n == 1:
                break
            n //= 2
            r += 1
            lb.append(BracketRound(f"L{r}", [BracketMatch() for _ in range(n)]))
        sections.append(BracketSection(lb, kind="losers"))
        sections.append(BracketSection([BracketRound("Final", [BracketMatch()])], kind="final"))
    return BracketSheetData(
        tournament="Carrom Open Rhein-Main 2026",
        event="Men's Singles",
        sections=sections,
        language=language,
    )


def standings_data(language: str = "en", groups: int = 2, size: int = 6):
    from scoring.pdf.data import StandingsColumn, StandingsGroup, StandingsRow, StandingsSheetData

    columns = [
        StandingsColumn("wins"),
        StandingsColumn("game_points"),
        StandingsColumn("buchholz"),
        StandingsColumn("net_points"),
    ]
    result = []
    for g in range(groups):
        rows = [
            StandingsRow(
                rank=i + 1,
                name=UNICODE_NAME if (g, i) == (0, 0) else f"Player {g}-{i}",
                club="CC Frankfurt" if i % 2 else "",
                values={
                    "wins": size - 1 - i,
                    "game_points": 2 * (size - i),
                    "buchholz": 12.5 - i,
                    "net_points": 40 - 9 * i,
                },
            )
            for i in range(size)
        ]
        result.append(StandingsGroup(rows, name="" if groups == 1 else chr(65 + g)))
    return StandingsSheetData(
        tournament="Carrom Open Rhein-Main 2026",
        event="Women's Singles",
        columns=columns,
        groups=result,
        language=language,
        subtitle="after round 5",
    )
