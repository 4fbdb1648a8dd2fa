"""SoL ranks a tourney by its competitors' prizes first, then by the figures (SoL 5.26's
ranking sorts by prize, points, Buchholz, net, total, seed, rate; issue 31, "Ranking as SoL
ranks"): a prize-giving's order is kept on import, also where it differs from the figures (final
rounds played outside SoL, an old ranking), and where the prize-giving was undone; finalists are
not moved again by their finals. Generated archives, fictional players."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
import yaml

from scoring import standings
from scoring.models import Entry
from scoring.services.exports import sol_documents
from scoring.services.sol import import_sol
from scoring.standings.placings import event_placings

from .test_sol_generated import event, m

pytestmark = pytest.mark.django_db

NAMES = ["Amsel", "Birke", "Cedar", "Dorn"]


def prized_archive(prizes: dict[int, str], *, prized: bool = True, finals: bool = False) -> bytes:
    """Four players, two Swiss turns: Amsel wins both (4 points), Birke and Cedar one each,
    Dorn none; ``prizes`` by competitor (1-4), e.g. Birke's prize above Amsel's."""
    lists = {
        "players": [
            {"guid": f"pz{n}", "firstname": "Gen", "lastname": name}
            for n, name in enumerate(NAMES, 1)
        ],
        "clubs": [{"description": "Prize Club", "nationality": "DEU"}],
        "championships": [
            {"description": "Prize Cup", "club": 1, "prizes": "fixed", "couplings": "serial"}
        ],
    }
    competitors = []
    for n in range(1, 5):
        competitor: dict = {"players": [n], "position": n}
        if n in prizes:
            competitor["prize"] = prizes[n]
        competitors.append(competitor)
    matches = [
        m(1, 2, 25, 10),
        m(3, 4, 25, 12, table=2),
        m(1, 3, 25, 8, turn=2),
        m(2, 4, 25, 3, turn=2, table=2),
    ]
    if finals:  # Birke beats Amsel in the final
        matches.append(m(1, 2, 4, 25, turn=3, final=True))
    tourney = {
        "guid": "prized",
        "description": "Prize Cup",
        "date": datetime.date(2025, 4, 5),
        "championship": 1,
        "system": "swiss",
        "prized": prized,
        "finals": 1 if finals else 0,
        "currentturn": 3 if finals else 2,
        "rankedturn": 3 if finals else 2,
        "competitors": competitors,
        "matches": matches,
    }
    return yaml.safe_dump_all([lists, tourney], allow_unicode=True).encode()


def _order() -> list[str]:
    (table,) = standings.event_standings(event())
    return [row.name.removeprefix("Gen ") for row in table.rows]


def test_the_prizes_lead_the_ranking_then_the_figures() -> None:
    """Birke's prize is above Amsel's: Birke first although Amsel won more (the figures stay
    each row's own); Cedar and Dorn, without a prize (0), by their figures."""
    import_sol(prized_archive({1: "2.50", 2: "10"}))
    assert _order() == ["Birke", "Amsel", "Cedar", "Dorn"]
    (table,) = standings.event_standings(event())
    rows = {row.name: row for row in table.rows}
    assert rows["Gen Amsel"].values["score"] == 4 and rows["Gen Birke"].values["score"] == 2
    assert [row.rank for row in table.rows] == [1, 2, 3, 4]
    # the moved rows say what placed them; the others keep their own reason
    assert rows["Gen Birke"].values["decided_by"] == "SoL's prize-giving"
    assert rows["Gen Amsel"].values["decided_by"] == "SoL's prize-giving"
    assert rows["Gen Dorn"].values["decided_by"] != "SoL's prize-giving"
    assert table.order.startswith(
        "Ranked first by the prizes of this tourney's prize-giving in SoL (as SoL ranks it), "
        "then: Ranked by points"
    )
    assert Entry.objects.get(player__name="Gen Amsel").prize == Decimal("2.50")
    assert Entry.objects.get(player__name="Gen Dorn").prize == 0  # SoL's default


def test_an_undone_prize_giving_keeps_its_prizes_order() -> None:
    """SoL keeps the prizes when a prize-giving is undone ("prized": false) and still sorts by
    them ("Tournoi De Pole" 2016)."""
    import_sol(prized_archive({4: "3", 3: "2", 2: "1"}, prized=False))
    assert _order() == ["Dorn", "Cedar", "Birke", "Amsel"]


def test_without_prizes_the_figures_rank() -> None:
    import_sol(prized_archive({}))
    assert _order() == ["Amsel", "Birke", "Cedar", "Dorn"]
    (table,) = standings.event_standings(event())
    assert "prize" not in table.order
    assert not Entry.objects.filter(prize__isnull=False).exists()


def test_a_prized_tourneys_finalists_are_placed_by_the_prizes() -> None:
    """SoL moves finalists by their finals only before its prize-giving: the prizes (here
    Amsel's, above Birke's although Birke won the final) place them."""
    import_sol(prized_archive({1: "20", 2: "15", 3: "5", 4: "1"}, finals=True))
    placings = event_placings(event())
    assert [(p.place, p.entry.player.name) for p in placings] == [
        (1, "Gen Amsel"),
        (2, "Gen Birke"),
        (3, "Gen Cedar"),
        (4, "Gen Dorn"),
    ]


def test_the_finals_place_the_finalists_without_prizes() -> None:
    import_sol(prized_archive({}, prized=False, finals=True))
    placings = event_placings(event())
    assert [p.entry.player.name for p in placings][:2] == ["Gen Birke", "Gen Amsel"]


def test_the_export_writes_the_prizes_back() -> None:
    import_sol(prized_archive({1: "2.50", 2: "10"}))
    tournament = event().tournament
    docs = sol_documents(tournament, events=None)
    (tourney,) = [d for d in docs[1:] if "competitors" in d]
    assert tourney["prized"] is True
    prizes = sorted(c.get("prize") for c in tourney["competitors"] if "prize" in c)
    assert prizes == ["10.00", "2.50"]


def test_an_unreadable_prize_counts_zero() -> None:
    import_sol(prized_archive({1: "lots", 2: "1e400", 3: "1"}))
    assert _order() == ["Cedar", "Amsel", "Birke", "Dorn"]


def test_rows_level_on_every_figure_go_by_last_name_then_first_name() -> None:
    """SoL 5.26 run on this archive ranks Zander (2 points, the bye) first, then Adler before
    Zander although "Anna Zander" sorts before "Zora Adler": last name, then first name."""
    lists = {
        "players": [
            {"guid": "nz", "firstname": "Zora", "lastname": "Adler"},
            {"guid": "nb", "firstname": "Bea", "lastname": "Zander"},
            {"guid": "na", "firstname": "Anna", "lastname": "Zander"},
        ],
        "clubs": [{"description": "Name Club", "nationality": "DEU"}],
        "championships": [
            {"description": "Name Cup", "club": 1, "prizes": "fixed", "couplings": "serial"}
        ],
    }
    tourney = {
        "guid": "names",
        "description": "Name Cup",
        "date": datetime.date(2025, 3, 1),
        "championship": 1,
        "system": "swiss",
        "currentturn": 1,
        "rankedturn": 1,
        "competitors": [{"players": [n]} for n in (1, 2, 3)],
        "matches": [m(1, 2, 9, 9), m(3, None, 9, 0, table=2)],
    }
    import_sol(yaml.safe_dump_all([lists, tourney], allow_unicode=True).encode())
    assert _order() == ["Anna Zander", "Zora Adler", "Bea Zander"]
