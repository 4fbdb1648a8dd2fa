"""Championships ranked as SoL 5.26 ranks them (issue 33), each finding a crafted archive
(``tests/seasons/sol_crafted.py``) that SoL loaded and prized again itself; the figures
below are SoL's (its ``Championship.ranking`` after ``resetPrizes``/``updateRanking``/
``assignPrizes``, and before: its stored ranking)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Championship, Event
from scoring.services import season_rankings
from scoring.services import seasons as service
from scoring.services.sol import import_sol
from tests.seasons.sol_crafted import match, season_archive

pytestmark = pytest.mark.django_db


def _lines(*, recorded: bool) -> list[tuple[str, Decimal]]:
    ranking = season_rankings.ranking(Championship.objects.get(), recorded=recorded)
    return [
        ("/".join(p.name.removeprefix("Crafted ") for p in line.players), line.total)
        for line in ranking.lines
    ]


def test_doubles_prized_with_their_final_unplayed_rank_the_pairs_as_sol() -> None:
    """A doubles tourney prized by SoL with its final left unplayed (0–0; SoL's "Doppio
    Libero", 2018): SoL's prize-giving ranks the pairs by the Swiss table as it stood. Before,
    the event was not finished here, so the championship ranked nobody."""
    pairs = [[1, 2], [3, 4], [5, 6], [7, 8]]
    import_sol(
        season_archive(
            [
                {
                    "guid": "final-unplayed",
                    "competitors": pairs,
                    "finals": 1,
                    # the prizes SoL stored (reversed here, to tell them from the results)
                    "prizes": {1: "13", 2: "14", 3: "16", 4: "18"},
                    "matches": [
                        match(1, 2, 25, 10, 1),
                        match(3, 4, 25, 12, 1, 2),
                        match(1, 3, 25, 8, 2),
                        match(2, 4, 25, 3, 2, 2),
                        match(1, 2, 0, 0, 3, final=True),
                    ],
                }
            ],
            pairs=True,
        )
    )
    assert Event.objects.get().kind == Event.Kind.DOUBLES
    # SoL 5.26, prized again: Amsel1/Birke2 18, Cedar3/Dorn4 16, Espe5/Fichte6 14,
    # Ginster7/Hasel8 13
    assert _lines(recorded=False) == [
        ("Amsel1/Birke2", 18),
        ("Cedar3/Dorn4", 16),
        ("Espe5/Fichte6", 14),
        ("Ginster7/Hasel8", 13),
    ]
    # SoL 5.26, as stored: Ginster7/Hasel8 18, Espe5/Fichte6 16, Cedar3/Dorn4 14,
    # Amsel1/Birke2 13
    assert _lines(recorded=True) == [
        ("Ginster7/Hasel8", 18),
        ("Espe5/Fichte6", 16),
        ("Cedar3/Dorn4", 14),
        ("Amsel1/Birke2", 13),
    ]


def test_a_tourney_without_prizes_is_no_column_the_worst_skipped_takes() -> None:
    """Two prized tourneys and a third still running (a 0–0 match, not prized), the worst
    prize skipped: SoL ranks its prized tourneys only, so each player's worse prize of the
    two is skipped. Before, the running tourney counted as a missed one (0) and was skipped
    instead, so nothing of the two was."""
    swiss = [
        match(1, 2, 25, 10, 1),
        match(3, 4, 25, 12, 1, 2),
        match(1, 3, 25, 8, 2),
        match(2, 4, 25, 3, 2, 2),
    ]
    fixed = {1: "18", 2: "16", 3: "14", 4: "13"}
    running = [match(1, 2, 25, 10, 1), match(3, 4, 0, 0, 1, 2)]
    import_sol(
        season_archive(
            [
                {"guid": "skip-one", "competitors": [[1], [2], [3], [4]], "matches": swiss},
                {"guid": "skip-two", "competitors": [[4], [3], [2], [1]], "matches": swiss},
                {"guid": "skip-running", "competitors": [[1], [2], [3], [4]], "matches": running},
            ],
            skip=1,
            players=4,
            prized={"skip-one": fixed, "skip-two": fixed},
        )
    )
    # SoL 5.26's ranking: Amsel1 18 [18, (13)], Dorn4 18 [(13), 18], Birke2 16 [16, (14)],
    # Cedar3 16 [(14), 16]
    sol = [("Amsel1", 18), ("Dorn4", 18), ("Birke2", 16), ("Cedar3", 16)]
    for recorded in (True, False):
        assert sorted(_lines(recorded=recorded), key=lambda x: (-x[1], x[0])) == sol
    ranking = season_rankings.ranking(Championship.objects.get())
    assert [c.placed for c in ranking.columns] == [True, True, False]
    amsel = next(line for line in ranking.lines if line.players[0].name.endswith("Amsel1"))
    assert amsel.prizes == (18, 13, None) and amsel.skipped == (False, True, False)


def _pairs_both_ways() -> Championship:
    """Amsel1 and Birke2 win two doubles tourneys, entered once as Amsel1/Birke2 and once as
    Birke2/Amsel1 (Ginster7 and Hasel8, last, too)."""
    swiss = [
        match(1, 2, 25, 10, 1),
        match(3, 4, 25, 12, 1, 2),
        match(1, 3, 25, 8, 2),
        match(2, 4, 25, 3, 2, 2),
    ]
    import_sol(
        season_archive(
            [
                {
                    "guid": "pairs-one",
                    "competitors": [[1, 2], [3, 4], [5, 6], [7, 8]],
                    "matches": swiss,
                },
                {
                    "guid": "pairs-two",
                    "competitors": [[2, 1], [3, 5], [4, 6], [8, 7]],
                    "matches": swiss,
                },
            ],
            pairs=True,
            prized={
                "pairs-one": {1: "18", 2: "16", 3: "14", 4: "13"},
                "pairs-two": {1: "18", 2: "16", 3: "14", 4: "13"},
            },
        )
    )
    return Championship.objects.get()


def test_an_imported_championship_keys_a_pair_by_its_order_as_sol() -> None:
    """Imported from SoL, the championship's pairs are their players in the order entered
    (``Championship.pairs_by_order``): SoL 5.26, run on this very archive, ranks Amsel1/Birke2
    18 [18, 0] and Birke2/Amsel1 18 [0, 18], two lines; its archive's "Carrom EuroCup Double"
    (31 pairs), "Campionati Italiani Doppio dal 2013" (6) and "Championnat de France de Double
    2017-18" (1) hold such pairs."""
    champ = _pairs_both_ways()
    assert champ.pairs_by_order is True
    # SoL 5.26's ranking of this archive, as stored and prized again alike
    sol = [
        ("Amsel1/Birke2", 18),
        ("Birke2/Amsel1", 18),
        ("Cedar3/Dorn4", 16),
        ("Cedar3/Espe5", 16),
        ("Dorn4/Fichte6", 14),
        ("Espe5/Fichte6", 14),
        ("Ginster7/Hasel8", 13),
        ("Hasel8/Ginster7", 13),
    ]
    for recorded in (True, False):
        assert sorted(_lines(recorded=recorded), key=lambda x: (-x[1], x[0])) == sol
        lines = season_rankings.ranking(champ, recorded=recorded).lines
        by_name = {"/".join(p.name.removeprefix("Crafted ") for p in x.players): x for x in lines}
        assert by_name["Amsel1/Birke2"].prizes == (18, None)
        assert by_name["Birke2/Amsel1"].prizes == (None, 18)
        assert {x.rank for x in lines if x.total == 18} == {1}  # equal totals share a rank
    # the ranking page says so, the API carries it
    page = Client().get(reverse("scoring:season-championship", args=[champ.pk])).content.decode()
    assert "A pair is its two players in the order entered, as SoL ranks them" in page
    data = Client().get(f"/api/v1/championships/{champ.pk}/").json()
    assert data["pairs_by_order"] is True and len(data["ranking"]) == 8
    german = Client(headers={"accept-language": "de"}).get(
        reverse("scoring:season-championship", args=[champ.pk])
    )
    assert "in der gemeldeten Reihenfolge" in german.content.decode()


def test_a_pair_is_the_same_two_players_in_either_order_unless_by_order() -> None:
    """The organiser unticks "by order" (a championship made in the app starts so): the same
    two players, in either order, are one pair: one line of 36 (SoL would rank two)."""
    champ = _pairs_both_ways()
    service.update_championship(
        championship=champ,
        name=champ.name,
        prizes=champ.prizes,
        skip_worst=0,
        pairs_by_order=False,
    )
    assert Championship.objects.get().pairs_by_order is False
    page = Client().get(reverse("scoring:season-championship", args=[champ.pk])).content.decode()
    assert "A pair is the same two players in either order." in page
    for recorded in (True, False):
        lines = _lines(recorded=recorded)
        assert lines[0] == ("Amsel1/Birke2", 36)
        assert ("Ginster7/Hasel8", 26) in lines  # 13 + 13, also entered in both orders
        assert len(lines) == 6


def test_an_undone_prize_giving_still_orders_the_next_one_by_its_prizes() -> None:
    """A tourney whose prize-giving was undone (``prized: false``) with its prizes left (Dorn4
    3, Cedar3 2, Birke2 1, the reverse of the results; SoL's "Tournoi De Pole", championship
    "2016"): SoL's next prize-giving still sorts by those prizes first. Before, the prizes
    were set aside and the results ranked Amsel1 first."""
    swiss = [
        match(1, 2, 25, 10, 1),
        match(3, 4, 25, 12, 1, 2),
        match(1, 3, 25, 8, 2),
        match(2, 4, 25, 3, 2, 2),
    ]
    import_sol(
        season_archive(
            [
                {
                    "guid": "undone",
                    "competitors": [[1], [2], [3], [4]],
                    "matches": swiss,
                    "prizes": {4: "3", 3: "2", 2: "1"},
                    "prized": False,
                }
            ],
            players=4,
        )
    )
    assert not Event.objects.get().prized
    # SoL 5.26, prized: Dorn4 18, Cedar3 16, Birke2 14, Amsel1 13
    sol = [("Dorn4", 18), ("Cedar3", 16), ("Birke2", 14), ("Amsel1", 13)]
    assert _lines(recorded=False) == sol
    # as SoL shows it before the prize-giving: not prized, no column, nobody ranked
    assert _lines(recorded=True) == []
    champ = Championship.objects.get()
    service.reprize(Event.objects.get(), championship=champ)
    assert _lines(recorded=True) == sol  # the leftover prizes still order the prize-giving


def test_a_complete_tourney_sol_never_prized_is_no_column_of_its_ranking() -> None:
    """Two tourneys played to their end, only the first prized ("a"; "b" never prized): SoL
    5.26's ranking has one column (its dates: only "a") and the prizes of "a" alone. Ours
    shows "b" as a column "not prized yet" that gives no prizes, and the same lines."""
    swiss = [
        match(1, 2, 25, 10, 1),
        match(3, 4, 25, 12, 1, 2),
        match(1, 3, 25, 8, 2),
        match(2, 4, 25, 3, 2, 2),
    ]
    import_sol(
        season_archive(
            [
                {"guid": "a", "competitors": [[1], [2], [3], [4]], "matches": swiss},
                {"guid": "b", "competitors": [[4], [3], [2], [1]], "matches": swiss},
            ],
            players=4,
            prized={"a": {1: "18", 2: "16", 3: "14", 4: "13"}},
        )
    )
    # SoL 5.26: columns [a]; Amsel1 18 [18], Birke2 16 [16], Cedar3 14 [14], Dorn4 13 [13]
    sol = [("Amsel1", 18), ("Birke2", 16), ("Cedar3", 14), ("Dorn4", 13)]
    assert _lines(recorded=True) == sol
    ranking = season_rankings.ranking(Championship.objects.get())
    assert [(c.placed, c.pending) for c in ranking.columns] == [(True, False), (False, True)]
    assert all(line.prizes[1] is None for line in ranking.lines)
    assert all(e.status == Event.Status.FINISHED for e in Event.objects.all())
