"""What SoL 5.26 rates, as observed on its own 2018 archive and on crafted tourneys (issue 33,
``bench/sol_season.py --sol-archives``): the rules this app follows so that a SoL archive's
ratings are recomputed here as SoL recomputes them. docs/RATINGS.md."""

from __future__ import annotations

import copy
from decimal import Decimal

import pytest
import yaml

from scoring.models import Entry, Event, Rate, Rating
from scoring.ratings import Parameters, Played, rate_period
from scoring.ratings import Rate as GlickoRate
from scoring.services.ratings import rerate
from scoring.services.sol import import_sol
from tests.trust.test_sol_generated import m
from tests.trust.test_sol_ranking import lists, tourney

pytestmark = pytest.mark.django_db


def _prized_swiss_with_an_unplayed_final(prized: bool) -> bytes:
    """Four players, two Swiss turns played, the final (turn 3) never played (0-0); SoL's
    prizes given or not."""
    data = lists(4)
    matches = [
        m(1, 2, 25, 10, turn=1, table=1),
        m(3, 4, 25, 20, turn=1, table=2),
        m(1, 3, 25, 12, turn=2, table=1),
        m(2, 4, 18, 25, turn=2, table=2),
        m(1, 4, 0, 0, turn=3, table=1, final=True),
    ]
    doc = tourney([[1], [2], [3], [4]], matches)
    doc["finals"] = 1
    if prized:
        doc["prized"] = True
        for competitor, prize in zip(doc["competitors"], ("18", "16", "14", "13"), strict=True):
            competitor["prize"] = prize
    return yaml.safe_dump_all([data, copy.deepcopy(doc)]).encode()


def test_a_prized_swiss_tourney_is_rated_though_a_final_was_never_played() -> None:
    """SoL rates a tourney at its prize-giving: the 2018 archive's "Młodzieżowy Turniej
    Carrom" (2015, "PSC U18 rating (old)") has an unplayed final yet SoL gave its prizes and
    rated its Swiss turns. The event is not finished here (a match is open), and is rated all
    the same, its Swiss turns only; without SoL's prizes it is not rated (SoL neither)."""
    import_sol(_prized_swiss_with_an_unplayed_final(prized=True))
    event = Event.objects.get()
    assert event.status != Event.Status.FINISHED
    rates = Rate.objects.filter(rating__name="Generated")
    assert sorted(r.matches for r in rates) == [2, 2, 2, 2]


def test_a_prized_swiss_tourney_with_an_unplayed_final_places_the_new_players() -> None:
    """The new players of a tourney SoL gave its prizes, its final never played, start from
    the Swiss table as it stands (A C B D): SoL 5.26 (lower and higher points 1300 / 1900, the
    final A–C left 0–0, the prizes given) rates A 1866, C 1671, B 1528 and D 1333 (the 2018
    archive's "PSC U18 rating (old)": 124 of 131 players within a point so, 64 of 131 with
    every new player of its 2015 tourney started from the default 1500)."""
    data = lists(4)
    data["ratings"][1].update(lower_rate=1300, higher_rate=1900)
    matches = [
        m(1, 2, 25, 10, turn=1, table=1),
        m(3, 4, 25, 10, turn=1, table=2),
        m(1, 3, 25, 12, turn=2, table=1),
        m(2, 4, 25, 12, turn=2, table=2),
        m(1, 3, 0, 0, turn=3, table=1, final=True),
    ]
    doc = tourney([[1], [2], [3], [4]], matches)
    doc["finals"] = 1
    doc["prized"] = True
    for competitor, prize in zip(doc["competitors"], ("18", "14", "16", "13"), strict=True):
        competitor["prize"] = prize
    import_sol(yaml.safe_dump_all([data, doc]).encode())
    assert Event.objects.get().status != Event.Status.FINISHED
    rates = {
        next(word for word in r.player.name.split() if word.startswith("Gen")): (
            r.rate,
            r.deviation,
        )
        for r in Rate.objects.filter(rating__name="Generated").select_related("player")
    }
    # A to D are Gen01 to Gen04
    sol = {"Gen01": (1866, 271), "Gen03": (1671, 271), "Gen02": (1528, 271), "Gen04": (1333, 271)}
    assert set(rates) == set(sol)
    for name, (rate, deviation) in sol.items():
        assert rates[name][0] == pytest.approx(rate, abs=1), name
        assert rates[name][1] == pytest.approx(deviation, abs=1), name


def test_an_unprized_unfinished_swiss_tourney_is_not_rated() -> None:
    import_sol(_prized_swiss_with_an_unplayed_final(prized=False))
    assert Rating.objects.filter(name="Generated").exists()
    assert not Rate.objects.exists()


#: A Swiss tourney of eight new players, three turns and a final (G–C 20–25), as SoL 5.26
#: played and rated it (lower and higher points 1300 / 1900): SoL's ranking C G A F E B D H.
FINAL_SWISS = [
    ("A", "B", 25, 15), ("C", "D", 25, 8), ("E", "F", 25, 21), ("G", "H", 25, 16),
    ("C", "A", 25, 21), ("G", "E", 25, 11), ("F", "H", 25, 4), ("B", "D", 25, 12),
    ("G", "C", 25, 0), ("A", "E", 25, 11), ("F", "B", 25, 15), ("D", "H", 25, 8),
]  # fmt: skip
#: SoL's rates and deviations after it (whole numbers).
FINAL_SWISS_RATES = {
    "A": (1738, 237), "B": (1521, 235), "C": (1710, 244), "D": (1431, 242),
    "E": (1583, 235), "F": (1623, 238), "G": (1879, 247), "H": (1305, 251),
}  # fmt: skip


def test_a_swiss_tourneys_final_is_not_rated_but_places_the_new_players() -> None:
    """SoL rates the Swiss turns only and starts the new players from their places after the
    final: C, who won the final, starts first (1900) and G second, though G led the Swiss
    turns. (Rated with the final, C would end on 1739; started from the Swiss ranking, on
    1695.)"""
    names = "ABCDEFGH"
    data = lists(8)
    data["ratings"][1].update(lower_rate=1300, higher_rate=1900)
    matches = [
        m(names.index(a) + 1, names.index(b) + 1, s1, s2, turn=n // 4 + 1, table=n % 4 + 1)
        for n, (a, b, s1, s2) in enumerate(FINAL_SWISS)
    ]
    matches.append(m(7, 3, 20, 25, turn=4, table=1, final=True))
    doc = tourney([[n] for n in range(1, 9)], matches)
    doc["finals"] = 1
    import_sol(yaml.safe_dump_all([data, doc]).encode())
    got = {
        names[int(key[1:]) - 1]: (rate, deviation)
        for key, rate, deviation in Rate.objects.values_list(
            "player__external_records__key", "rate", "deviation"
        )
    }
    assert set(got) == set(FINAL_SWISS_RATES)
    for name, (rate, deviation) in FINAL_SWISS_RATES.items():
        assert got[name][0] == pytest.approx(rate, abs=1), name
        assert got[name][1] == pytest.approx(deviation, abs=1), name


#: Eight new players, two Swiss turns as SoL 5.26 played them (G's bye in turn 2; E retired
#: after turn 1): D loses 0-25 twice, G loses 0-25 but has the bye. SoL's ranking C A H B G E
#: F D.
SCORELESS = [
    ("A", "B", 25, 12, 1), ("C", "D", 25, 0, 1), ("E", "F", 25, 17, 1), ("G", "H", 0, 25, 1),
    ("C", "H", 25, 9, 2), ("A", "F", 25, 14, 2), ("B", "D", 25, 0, 2),
]  # fmt: skip
#: SoL's rates after it: D has none, C and B one game each (the 25-0 against D not rated).
SCORELESS_RATES = {
    "A": (1729, 277), "B": (1602, 296), "C": (1917, 296), "E": (1400, 291),
    "F": (1366, 273), "G": (1392, 296), "H": (1769, 261),
}  # fmt: skip


def test_a_player_who_lost_every_match_0_25_is_not_rated_nor_are_his_games() -> None:
    """SoL rates neither a player who lost every match 0-25 (D; G, who lost 0-25 but had a
    bye, is rated) nor his opponents' games against him, and places the new players without
    him (the line of the lower and higher points over seven places, not eight). SoL's 2018
    archive: the players who retired after losing their only match 0-25 (EuroCup 2011, 2012,
    2017) have no rate ("Eurocup Singles": 127 of 290 rates within a point of SoL's with them,
    286 of 286 without), while "4° Tappa 08 09" (2009) rates a player who lost six matches
    0-11 to 0-17 ("IT FIC tournaments": 135 of 333 within a point when he too was left out,
    300 of 333 with him)."""
    names = "ABCDEFGH"
    data = lists(8)
    data["ratings"][1].update(lower_rate=1300, higher_rate=1900)
    matches = [
        m(names.index(a) + 1, names.index(b) + 1, s1, s2, turn=turn, table=n % 4 + 1)
        for n, (a, b, s1, s2, turn) in enumerate(SCORELESS)
    ]
    matches.append(m(7, None, 25, 0, turn=2, table=4))
    doc = tourney([[n] for n in range(1, 9)], matches)
    doc["competitors"][4]["retired"] = True
    import_sol(yaml.safe_dump_all([data, doc]).encode())
    got = {
        names[int(key[1:]) - 1]: (rate, deviation, matches)
        for key, rate, deviation, matches in Rate.objects.values_list(
            "player__external_records__key", "rate", "deviation", "matches"
        )
    }
    assert set(got) == set(SCORELESS_RATES)
    assert got["C"][2] == got["B"][2] == 1
    for name, (rate, deviation) in SCORELESS_RATES.items():
        assert got[name][0] == pytest.approx(rate, abs=1), name
        assert got[name][1] == pytest.approx(deviation, abs=1), name


def test_who_lost_every_match_0_25() -> None:
    """Only the players whose every match was a 0-25 loss (no bye): "4° Tappa 08 09"'s player
    who lost 0-11, 0-25 and 0-13 is rated, as SoL rated him."""
    from types import SimpleNamespace as R

    from scoring.services.ratings import scoreless

    def r(a, b, pa, pb, walkover=False):
        return R(a=a, b=b, points_a=pa, points_b=pb, walkover=walkover)

    results = [
        r(1, 2, 25, 0), r(3, 2, 25, 0),  # 2: two 0-25 losses
        r(4, 5, 0, 11), r(5, 6, 25, 0), r(7, 5, 13, 0),  # 5: lost 0-11, 0-25, 0-13
        r(8, None, 25, 0), r(9, 8, 25, 0),  # 8: a bye, then 0-25
        r(10, 11, 25, 0, walkover=True),  # a walkover is not a match
    ]  # fmt: skip
    assert scoreless(results) == {2, 6}


def _inheriting_from_two_ratings_of_one_day(national_first: bool, rows: list) -> bytes:
    """Six players (A to F) of a regional rating that inherits (lower and higher points 1300 /
    1900); E holds SoL's stored rates of one day in an international rating (2400/40) and a
    national one (1800/60), F an older international rate (2000/50); neither rating rates a
    tourney of the file. ``national_first``: the national rating was made first (SoL's
    order, the archive's list)."""
    data = lists(6)
    international = {"description": "International", "level": "1", "default_rate": 1500}
    national = {"description": "National", "level": "2", "default_rate": 1500}
    regional = {
        "description": "Regional",
        "level": "3",
        "inherit": True,
        "default_rate": 1500,
        "lower_rate": 1300,
        "higher_rate": 1900,
    }
    data["ratings"] = (
        [national, international, regional]
        if national_first
        else [international, national, regional]
    )
    at = {"International": 2 if national_first else 1, "National": 1 if national_first else 2}

    def rate(rating: str, player: int, day: str, value: int, deviation: int) -> dict:
        return {
            "rating": at[rating],
            "player": player,
            "date": day,
            "rate": value,
            "deviation": deviation,
            "volatility": "0.06",
        }

    data["rates"] = [
        rate("International", 5, "2024-01-01", 2400, 40),
        rate("National", 5, "2024-01-01", 1800, 60),
        rate("International", 6, "2023-01-01", 2000, 50),
    ]
    matches = [
        m(a, b, s1, s2, turn=turn, table=table)
        for (a, b, s1, s2), (turn, table) in zip(
            rows, [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)], strict=True
        )
    ]
    doc = tourney([[n] for n in range(1, 7)], matches, rating=3)
    doc["date"] = "2024-03-01"
    return yaml.safe_dump_all([data, doc]).encode()


@pytest.mark.parametrize(
    ("national_first", "rows", "sol"),
    [
        (  # SoL 5.26: E starts from the international rate, the rating made first
            False,
            [(5, 6, 25, 7), (1, 2, 25, 18), (3, 4, 25, 17), (5, 3, 25, 4), (1, 4, 25, 11)]
            + [(2, 6, 25, 19)],
            {"A": (2315, 259), "B": (2162, 242), "C": (2142, 242), "D": (2080, 259)}
            | {"E": (2399, 41), "F": (2003, 50)},
        ),
        (  # ... and from the national one when it was made first
            True,
            [(6, 5, 25, 7), (1, 2, 25, 18), (3, 4, 25, 17), (6, 3, 25, 4), (1, 4, 25, 11)]
            + [(2, 5, 25, 19)],
            {"A": (1991, 255), "B": (1882, 229), "C": (1832, 229), "D": (1805, 255)}
            | {"E": (1800, 59), "F": (2002, 50)},
        ),
    ],
)
def test_an_inheriting_rating_takes_the_stored_rate_of_the_rating_made_first(
    national_first: bool, rows: list, sol: dict
) -> None:
    """A rating of SoL's stored rates only (no tourney of it in the file) comes along with its
    rates, and an inheriting rating starts its new players from them; of two higher ratings
    with a rate of the same day, SoL takes the rating made first, whatever its level (SoL
    5.26 on this crafted tourney in either order, its figures truncated as it stores them;
    its 2018 archive: "PSC Torun" 21 → 33 of 34 and "PSC U18 rating (old)" 124 → 131 of 131
    players within a point, their players started from "Polish Open Championship Brzeg")."""
    import_sol(_inheriting_from_two_ratings_of_one_day(national_first, rows))
    assert {r.name for r in Rating.objects.all()} == {"International", "National", "Regional"}
    names = "ABCDEF"
    got = {
        names[int(r.player.name.split()[0][3:]) - 1]: (r.rate, r.deviation)
        for r in Rate.objects.filter(rating__name="Regional").select_related("player")
    }
    assert set(got) == set(sol)
    for name, (rate, deviation) in sol.items():
        assert 0 <= got[name][0] - rate < 1, name
        assert 0 <= got[name][1] - deviation < 1, name


def _pairs(players: list[str]) -> list[Played]:
    """One match between each two players in turn (the starts do not depend on it)."""
    return [
        Played((a,), (b,), 25, 10, "a") for a, b in zip(players[::2], players[1::2], strict=True)
    ]


def test_a_new_players_start_from_the_ratings_range_is_rounded() -> None:
    """Fewer than two rated players: SoL 5.26 starts each new player from the line of the
    rating's range over the field, **rounded** to a whole number (its 2018 archive, "CDM
    rating", 2018-04-21: 32 new players, 1600 to 2600, the step 32.26: the 6th starts from
    2439 (2438.71), the 3rd from 2535 (2535.48); observed by logging the rates SoL's Glicko-2
    step is given, ``bench/sol_season.py``'s driver); truncated, 15 of the 32 started a point
    lower. docs/RATINGS.md, "Session 18"."""
    players = [f"P{n:02d}" for n in range(1, 33)]
    places = {key: n for n, key in enumerate(players, 1)}
    rated = rate_period({}, _pairs(players), Parameters(lower_rate=1600, higher_rate=2600), places)
    sol = {2: 2568, 3: 2535, 6: 2439, 17: 2084, 24: 1858, 28: 1729, 29: 1697, 32: 1600}
    for place, start in sol.items():
        assert rated[f"P{place:02d}"].initial.rate == start, place


def test_the_new_players_line_fits_the_rated_players_whole_rates_and_is_rounded() -> None:
    """Two or more rated players: SoL 5.26 fits the new players' line to the rated players'
    rates as it stores them (whole numbers, truncated) and rounds each start, while Glicko-2
    goes on from their unrounded rates. Its figures on a crafted pair of Swiss tourneys (the
    second tourney's ranking P9 P0 P6 P1 P8 P7; P0 and P1 rated after the first, SoL's
    recomputation carrying 1464.8973 and 1572.0398 into Glicko-2): the new players start
    from 1680, 1626, 1518 and 1410 (the line through 1464 and 1572; through the unrounded
    rates it would give 1679, 1626, 1518 and 1411). On its 2018 archive: "Polish MTC
    Tourneys" 2013-12-07, 22 new players among 18 rated, one starts from 2339 (the line
    through the unrounded rates: 2340.12, through the whole ones 2339.49)."""
    current = {
        "P0": GlickoRate(1464.8972711533415, 243.0087626254664, 0.05999833233043122),
        "P1": GlickoRate(1572.039792559901, 242.08598212257172, 0.059998293395280955),
    }
    places = {"P9": 1, "P0": 2, "P6": 3, "P1": 4, "P8": 5, "P7": 6}
    sol = Parameters(lower_rate=1300, higher_rate=1900)
    rated = rate_period(current, _pairs(["P9", "P0", "P6", "P1", "P8", "P7"]), sol, places)
    assert {key: rated[key].initial.rate for key in ("P9", "P6", "P8", "P7")} == {
        "P9": 1410,
        "P6": 1518,
        "P8": 1626,
        "P7": 1680,
    }
    # the rated players themselves go on from their unrounded rates
    assert rated["P0"].initial == current["P0"] and rated["P1"].initial == current["P1"]


def test_a_new_players_start_is_rounded_half_up() -> None:
    """SoL 5.26 rounds a start half up: its 2018 archive, "GB Rating", "Upazila Cup 2018
    Jagannathpur" (2018-02-27): two rated players, 2nd at 2805.04 and 6th at 2432.93 (whole:
    2805 and 2432), the line at the 4th place 2618.5: SoL starts him from 2619 (Python's
    round() would give 2618), the others from 2898, 2712, 2525 and 2339."""
    current = {
        "B": GlickoRate(2805.0392442, 60.0, 0.06),
        "F": GlickoRate(2432.9304966, 60.0, 0.06),
    }
    places = {key: n for n, key in enumerate("ABCDEFG", 1)}
    matches = _pairs(["A", "B", "C", "D", "E", "F"]) + _pairs(["G", "A"])
    rated = rate_period(current, matches, Parameters(), places)
    starts = {key: rated[key].initial.rate for key in ("A", "C", "D", "E", "G")}
    assert starts == {"A": 2898, "C": 2712, "D": 2619, "E": 2525, "G": 2339}


#: SoL's 2018 archive, "IT FIC tournaments", "5° Tappa 08 09" (2009-03-28): the rated players'
#: places and rates before it (as SoL stores them), and the new players' places and the starts
#: SoL 5.26 gave them. The 34th, rated at 1525 (his rate's deviation 151), had only a bye.
IT_FIC_2009_RATED = {
    1: 2250, 2: 2424, 3: 2051, 5: 2196, 6: 2145, 7: 2235, 8: 2394, 9: 2199, 10: 2301,
    11: 2245, 12: 2174, 14: 2202, 15: 1913, 17: 2003, 19: 1898, 25: 1768, 26: 1375,
    27: 1312, 30: 1728, 31: 1620,
}  # fmt: skip
IT_FIC_2009_NEW = {
    4: 2301, 13: 2050, 16: 1966, 18: 1910, 20: 1855, 21: 1827, 22: 1799, 23: 1771, 24: 1743,
    28: 1632, 29: 1604, 32: 1520, 33: 1492,
}  # fmt: skip


def test_a_rated_player_with_only_a_bye_counts_for_the_new_players_line() -> None:
    """SoL 5.26 fits the new players' line to the placed players with a rate, also one whose
    only match was a bye (no period, no new rate for him), not one without any match.
    Without him the 13 new players of "5° Tappa 08 09" start 3 to 16 points away from SoL's
    ("IT FIC tournaments": 319 of 333 players within a point so)."""
    current = {
        f"R{place}": GlickoRate(rate, 80.0, 0.06) for place, rate in IT_FIC_2009_RATED.items()
    }
    current["R34"] = GlickoRate(1525, 151.0, 0.06)
    places = {key: int(key[1:]) for key in current} | {f"N{p}": p for p in IT_FIC_2009_NEW}
    playing = sorted(key for key in places if key != "R34")
    playing.append(playing[0])  # an even field of matches; R34 plays none
    rated = rate_period(current, _pairs(playing), Parameters(), places, line_also={"R34"})
    assert "R34" not in rated
    assert {p: rated[f"N{p}"].initial.rate for p in IT_FIC_2009_NEW} == IT_FIC_2009_NEW
    # placed without any match (not even a bye), he does not count ("GB Rating" 2017-04-02)
    rated = rate_period(current, _pairs(playing), Parameters(), places)
    assert rated["N4"].initial.rate != IT_FIC_2009_NEW[4]


def _prized_swiss(prizes: tuple[str, ...]) -> bytes:
    """Four new players, three Swiss turns played (table: A B C D by points), SoL's prizes
    given in the order ``prizes`` (A to D)."""
    data = lists(4)
    data["ratings"][1].update(lower_rate=1300, higher_rate=1900)
    matches = [
        m(1, 2, 25, 14, turn=1, table=1),
        m(3, 4, 25, 10, turn=1, table=2),
        m(1, 3, 25, 12, turn=2, table=1),
        m(2, 4, 25, 12, turn=2, table=2),
        m(2, 3, 25, 20, turn=3, table=1),
        m(1, 4, 25, 3, turn=3, table=2),
    ]
    doc = tourney([[1], [2], [3], [4]], matches)
    doc["prized"] = True
    for competitor, prize in zip(doc["competitors"], prizes, strict=True):
        competitor["prize"] = prize
    return yaml.safe_dump_all([data, doc]).encode()


def _rates() -> dict[str, tuple[float, float]]:
    return {
        r.player.name: (r.rate, r.deviation)
        for r in Rate.objects.filter(rating__name="Generated").select_related("player")
    }


def test_a_sol_tourney_is_placed_for_its_rating_by_its_results_not_its_stored_ranking() -> None:
    """SoL 5.26 ranks a tourney again before it rates it: the 2018 archive's "Odm1-2014"
    ("Germany-ODM"'s first tourney) has its stored 1st and 2nd the other way round from its
    results (the 2nd, 14 points, beat the 1st, 12 points), and SoL's new players start from
    the re-ranked order (all 173 of "Germany-ODM" within a point so, 168 by the stored
    ranking). A stored prize-giving that swaps the first two changes no rate here."""
    import_sol(_prized_swiss(("16", "18", "14", "13")))  # B prized first, A second
    swapped = _rates()
    assert len(swapped) == 4
    # the same tourney with its prizes in the table's order: the same rates
    entries = {e.player.name: e for e in Entry.objects.select_related("player")}
    for name, prize in zip(sorted(entries), ("18", "16", "14", "13"), strict=True):
        Entry.objects.filter(pk=entries[name].pk).update(prize=Decimal(prize))
    rerate(Rating.objects.get(name="Generated"))
    as_the_table = _rates()
    assert swapped.keys() == as_the_table.keys()
    for name, (rate, deviation) in as_the_table.items():
        assert swapped[name][0] == pytest.approx(rate, abs=1e-6), name
        assert swapped[name][1] == pytest.approx(deviation, abs=1e-6), name
    # and the new players' line did place them: the table's 1st starts highest
    first = max(as_the_table, key=lambda name: as_the_table[name][0])
    assert "Gen01" in first
