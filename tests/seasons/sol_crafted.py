"""Crafted SoL archives for the championship findings of issue 33 (fictional players). Each
was also loaded into SoL 5.26 and prized there again (``resetPrizes``, ``updateRanking``,
``assignPrizes``, then ``Championship.ranking``); the tests hold SoL's figures as data."""

from __future__ import annotations

import datetime
from typing import Any

import yaml

BIRDS = ["Amsel", "Birke", "Cedar", "Dorn", "Espe", "Fichte", "Ginster", "Hasel"]


def match(a: int, b: int | None, s1: int, s2: int, turn: int, table: int = 1, **extra: Any):
    return {
        "competitor1": a,
        "competitor2": b,
        "score1": s1,
        "score2": s2,
        "turn": turn,
        "board": table,
        **extra,
    }


def season_archive(
    tourneys: list[dict[str, Any]],
    *,
    prizes: str = "fixed",
    pairs: bool = False,
    skip: int = 0,
    players: int = 8,
    prized: dict[str, dict[int, str]] | None = None,
    closed: bool = False,
) -> bytes:
    """One championship (``prizes``, ``skip`` worst skipped) of ``tourneys``: each
    ``{"guid", "competitors": [[player numbers]], "matches": [...], "prized": bool,
    "prizes": {competitor: "prize"}, "finals": n, "retired": [competitor numbers]}``;
    ``prized``: by tourney guid, the prizes of SoL's prize-giving (the others not prized)."""
    lists = {
        "players": [
            {"guid": f"cr{n}", "firstname": "Crafted", "lastname": BIRDS[(n - 1) % 8] + str(n)}
            for n in range(1, players + 1)
        ],
        "clubs": [{"description": "Crafted Club", "nationality": "DEU"}],
        "championships": [
            {
                "description": "Crafted Season",
                "club": 1,
                "prizes": prizes,
                "couplings": "serial",
                "playersperteam": 2 if pairs else 1,
                "skipworstprizes": skip,
                **({"closed": True} if closed else {}),
            }
        ],
    }
    documents: list[dict[str, Any]] = [lists]
    for day, t in enumerate(tourneys, 1):
        if prized is not None:
            t = {**t, "prizes": prized.get(t["guid"], {}), "prized": t["guid"] in prized}
        competitors = []
        for n, members in enumerate(t["competitors"], 1):
            c: dict[str, Any] = {"players": members, "position": n}
            if str(n) in t.get("prizes", {}) or n in t.get("prizes", {}):
                c["prize"] = t["prizes"].get(n, t["prizes"].get(str(n)))
            if n in t.get("retired", ()):
                c["retired"] = True
            competitors.append(c)
        turns = max((m["turn"] for m in t["matches"]), default=0)
        documents.append(
            {
                "guid": t["guid"],
                "description": t["guid"],
                "date": datetime.date(2025, day, 5),
                "championship": 1,
                "system": "swiss",
                "couplings": "serial",
                "prized": t.get("prized", True),
                "finals": t.get("finals", 0),
                "finalkind": "simple",
                "currentturn": turns,
                "rankedturn": turns,
                "competitors": competitors,
                "matches": t["matches"],
            }
        )
    return yaml.safe_dump_all(documents, allow_unicode=True).encode()
