"""The SoL export writes every rating its tourneys and championships refer to with its rates
(issue 33, docs/EXPORT.md "Ratings and rates"): a rating of SoL's stored rates only goes out
with those rates as they were imported, a computed rating with this app's rates and, on the
days it has none, SoL's stored ones, never a (player, day) twice (SoL keeps one).

The crafted archive (fictional players): six players; "Club list", a club rating of stored
rates only that the championship is rated under; "Intl list", an international rating of
stored rates only; "Region", a regional rating that inherits, the tourney's, with two
stored rates of its own (one of the tourney's day, which this app's recomputation replaces,
one of an earlier day). The round trip was also made through SoL 5.26 itself (import here,
export, SoL's ``load_sol``, SoL's stored rates read back): SoL read the stored rates of the
two stored-only ratings and Region's earlier one as imported (docs/EXPORT.md)."""

from __future__ import annotations

import datetime
import math
from typing import Any

import pytest
import yaml
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection

from scoring.models import (
    ExternalRecord,
    ImportedRate,
    Player,
    Rate,
    Rating,
    Tournament,
)
from scoring.services.exports import sol_documents
from scoring.services.ratings import stored_volatility
from scoring.services.sol import import_sol
from tests.trust.test_sol_generated import m
from tests.trust.test_sol_ranking import lists, tourney

pytestmark = pytest.mark.django_db

DAY = "2024-03-01"  # the tourney's


def _rate(rating: int, player: int, day: str, rate: int, deviation: int, vol: str) -> dict:
    return {
        "rating": rating,
        "player": player,
        "date": datetime.date.fromisoformat(day),
        "rate": rate,
        "deviation": deviation,
        "volatility": vol,
    }


#: SoL's stored rates of the crafted archive: (rating position, player, day, rate, deviation,
#: volatility); ratings 1 "Club list", 2 "Intl list", 3 "Region" (the tourney's).
STORED = [
    (1, 1, "2023-05-01", 1610, 120, "0.06000"),
    (1, 2, "2023-05-01", 1590, 130, "0.05999"),
    (1, 2, "2023-11-04", 1650, 110, "0.05998"),
    (2, 5, "2024-01-01", 2400, 40, "0.06000"),
    (2, 6, "2023-01-01", 2000, 50, "0.05997"),
    (3, 1, "2023-09-01", 1555, 150, "0.06000"),  # Region, a day this app rates nothing
    (3, 2, DAY, 1234, 99, "0.06000"),  # Region, the tourney's day: this app recomputes it
]


def archive() -> bytes:
    data = lists(6)
    data["ratings"] = [
        {"description": "Club list", "level": "4", "default_rate": 1500},
        {"description": "Intl list", "level": "1", "default_rate": 1500},
        {
            "description": "Region",
            "level": "3",
            "inherit": True,
            "default_rate": 1500,
            "lower_rate": 1300,
            "higher_rate": 1900,
        },
    ]
    data["clubs"] = [{"description": "Crafted club", "nationality": "DEU"}]
    data["championships"] = [{"description": "Crafted season", "club": 1, "rating": 1}]
    data["rates"] = [_rate(*row) for row in STORED]
    rows = [(5, 6, 25, 7), (1, 2, 25, 18), (3, 4, 25, 17), (5, 3, 25, 4), (1, 4, 25, 11)]
    rows += [(2, 6, 25, 19)]
    turns = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    matches = [
        m(a, b, s1, s2, turn=turn, table=table)
        for (a, b, s1, s2), (turn, table) in zip(rows, turns, strict=True)
    ]
    doc = tourney([[n] for n in range(1, 7)], matches, rating=3)
    doc["date"] = datetime.date.fromisoformat(DAY)  # a YAML date, as SoL needs it
    # prized, as SoL rates a tourney at its prize-giving
    doc["prized"] = True
    for competitor, prize in zip(doc["competitors"], (18, 16, 14, 13, 12, 11), strict=True):
        competitor["prize"] = str(prize)
    return yaml.safe_dump_all([data, doc]).encode()


def _exported() -> list[dict[str, Any]]:
    import_sol(archive())
    documents = sol_documents(Tournament.objects.get())
    # what SoL reads: the archive as YAML text, read back
    text = yaml.safe_dump_all(documents, allow_unicode=True, sort_keys=False)
    return list(yaml.safe_load_all(text))


def _guid_rates(documents: list[dict[str, Any]]) -> set[tuple[str, str, str, int, int, str]]:
    """The archive's rates as (rating, player guid, day, rate, deviation, volatility)."""
    lists_ = documents[0]
    names = [r["description"] for r in lists_["ratings"]]
    guids = [p["guid"] for p in lists_["players"]]
    return {
        (
            names[r["rating"] - 1],
            guids[r["player"] - 1],
            r["date"].isoformat(),
            r["rate"],
            r["deviation"],
            str(r["volatility"]),
        )
        for r in lists_["rates"]
    }


def test_the_export_writes_every_rating_referred_to_with_its_rates() -> None:
    documents = _exported()
    lists_ = documents[0]
    # the tourney's rating first (its tourneys say 1), the championship's, then the
    # higher rating the tourney's inherits from
    assert [r["description"] for r in lists_["ratings"]] == ["Region", "Club list", "Intl list"]
    assert [r["level"] for r in lists_["ratings"]] == ["3", "4", "1"]
    assert lists_["ratings"][0]["inherit"] is True
    assert documents[1]["rating"] == 1 and lists_["championships"][0]["rating"] == 2
    rates = _guid_rates(documents)
    # the stored-only ratings' rates exactly as imported
    assert {r for r in rates if r[0] != "Region"} == {
        ("Club list", "p1", "2023-05-01", 1610, 120, "0.06000"),
        ("Club list", "p2", "2023-05-01", 1590, 130, "0.05999"),
        ("Club list", "p2", "2023-11-04", 1650, 110, "0.05998"),
        ("Intl list", "p5", "2024-01-01", 2400, 40, "0.06000"),
        ("Intl list", "p6", "2023-01-01", 2000, 50, "0.05997"),
    }
    region = {(r[1], r[2]): r[3:] for r in rates if r[0] == "Region"}
    # SoL's stored rate of a day this app rates nothing goes along; the tourney's day is this
    # app's recomputation (six players rated), SoL's stored 1234 of it is not written twice
    assert region[("p1", "2023-09-01")] == (1555, 150, "0.06000")
    computed = {
        ExternalRecord.objects.get(player=r.player, kind="player").key: r
        for r in Rate.objects.filter(rating__name="Region").select_related("player")
    }
    assert sorted(computed) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    for guid, r in computed.items():
        # truncated, as SoL stores them (the volatility to five decimals)
        whole = (math.trunc(r.rate), math.trunc(r.deviation))
        assert region[(guid, DAY)] == (*whole, f"{stored_volatility(r.volatility):.5f}")
    assert region[("p2", DAY)][0] != 1234
    assert len(region) == 7
    keys = [(r["rating"], r["player"], r["date"]) for r in lists_["rates"]]
    assert len(keys) == len(set(keys)) == 12


def test_the_volatility_goes_out_truncated_to_five_decimals() -> None:
    """As SoL stores a volatility and this app reads an inherited one back
    (``services/ratings.stored_volatility``): truncated, not rounded, this app's rates and
    SoL's stored ones alike; a zero as ``0.00000``, never ``-0.00000``."""
    import_sol(archive())
    t = Tournament.objects.get()
    region = Rate.objects.filter(rating__name="Region", player__external_records__key="p3")
    region.update(volatility=0.0612351)  # rounded: 0.06124
    stored = ImportedRate.objects.filter(rating__name="Club list")
    stored.filter(player__external_records__key="p1").update(volatility=0.0599986)  # 0.06000
    stored.filter(player__external_records__key="p2", date=datetime.date(2023, 5, 1)).update(
        volatility=0.0612349  # rounded and truncated alike
    )
    stored.filter(player__external_records__key="p2", date=datetime.date(2023, 11, 4)).update(
        volatility=-0.0
    )
    ImportedRate.objects.filter(rating__name="Intl list").update(volatility=0.06)
    lists_ = sol_documents(t)[0]
    names = [r["description"] for r in lists_["ratings"]]
    players = [p["guid"] for p in lists_["players"]]
    written = {
        (names[r["rating"] - 1], players[r["player"] - 1], r["date"].isoformat()): r["volatility"]
        for r in lists_["rates"]
    }
    assert written[("Region", "p3", DAY)] == "0.06123"
    assert written[("Club list", "p1", "2023-05-01")] == "0.05999"
    assert written[("Club list", "p2", "2023-05-01")] == "0.06123"
    assert written[("Club list", "p2", "2023-11-04")] == "0.00000"
    assert written[("Intl list", "p5", "2024-01-01")] == "0.06000"
    assert written[("Intl list", "p6", "2023-01-01")] == "0.06000"


def test_two_tournaments_of_one_day_write_the_days_last_rate_once() -> None:
    """SoL keeps one rate per player, rating and day: of two tournaments ended the same day,
    the export writes the player's rate after the later one."""
    import_sol(archive())
    t = Tournament.objects.get()
    rating = Rating.objects.get(name="Region")
    other = Tournament.objects.create(
        name="Same day", slug="same-day", start_date=t.end_date, end_date=t.end_date
    )
    p1 = Player.objects.get(external_records__key="p1")
    last = Rate.objects.filter(rating=rating, player=p1).get()
    Rate.objects.create(
        rating=rating,
        player=p1,
        tournament=other,
        date=last.date,
        rate=1999.4,
        deviation=77.2,
        volatility=0.0599,
        matches=1,
    )
    rates = [
        r
        for r in sol_documents(t)[0]["rates"]
        if r["rating"] == 1 and r["date"] == last.date and r["player"] == 1
    ]
    assert [(r["rate"], r["deviation"]) for r in rates] == [(1999, 77)]


def test_import_export_import_keeps_the_stored_rates() -> None:
    """The round trip without SoL: import, export, a fresh database, import the export: the
    stored-only ratings hold the same stored rates, by player guid."""
    import_sol(archive())
    before = _stored()
    content = sol_documents(Tournament.objects.get())
    text = yaml.safe_dump_all(content, allow_unicode=True, sort_keys=False).encode()
    if connection.vendor == "postgresql":  # TRUNCATE refuses pending deferred checks
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)  # a fresh database
    ContentType.objects.clear_cache()  # flush made them again (rolled back after the test)
    assert not ImportedRate.objects.exists()
    import_sol(text)
    after = _stored()
    ContentType.objects.clear_cache()  # none of the flushed ones cached past the rollback
    assert {k: v for k, v in after.items() if k[0] != "Region"} == {
        k: v for k, v in before.items() if k[0] != "Region"
    }
    assert len([k for k in before if k[0] != "Region"]) == 5
    # Region: its stored rate of a day this app rates nothing comes back as it was
    assert after[("Region", "p1", datetime.date(2023, 9, 1))] == (1555, 150, 0.06)


def _stored() -> dict[tuple[str, str, datetime.date], tuple[float, float, float]]:
    guid = dict(ExternalRecord.objects.filter(kind="player").values_list("player_id", "key"))
    return {
        (r.rating.name, guid[r.player_id], r.date): (r.rate, r.deviation, r.volatility)
        for r in ImportedRate.objects.select_related("rating")
    }
