"""Fuzzing every write URL of the app (issue 16): each URL pattern (organiser pages, call-up,
tablet, paper sheets, links, imports) is posted by its organiser with random and out-of-range
values, ids of real and of impossible objects (0, -1, 2**63, …), repeated and unknown fields.
Over 2,000 examples per run: no answer is a 5xx, and an answer of 4xx changes nothing (a
fingerprint of every table of the app before and after).

Each example runs in its own transaction (hypothesis' Django ``TestCase``) from the same
tournament (``tests.trust.conftest.build_tournament``).
"""

from __future__ import annotations

import hashlib
import re

from django.apps import apps
from django.urls import get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from scoring.models import Entry, Event, Match, Player, Round, Table
from tests.trust.conftest import build_tournament
from tests.trust.test_fuzz_posts import TEXT, _Client

EXAMPLES = 2100
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")
STATS: dict[str, int] = {}

FIELDS = (
    "name",
    "club",
    "nationality",
    "rating",
    "seed",
    "partner",
    "partner_club",
    "event",
    "text",
    "check_only",
    "table",
    "umpire",
    "match",
    "revision",
    "winner",
    "carrommen",
    "queen",
    "points",
    "law",
    "games_to_win",
    "rounds",
    "sure",
    "force",
    "on",
    "next",
    "toss_winner",
    "toss_choice",
    "table_count",
    "start_date",
    "end_date",
    "venue",
    "kind",
    "format",
    "rules",
    "groups",
    "qualifiers",
    "third_place",
    "random_draw",
    "label",
    "active",
    "order",
    "status",
    "decision",
    "note",
    "action",
    "client_id",
    "by",
    "white",
    "black",
    "side",
    "method",
    "first",
    "right",
    "default_rules",
    "auto_callup",
    "single_game_rounds",
    "reset",
    "slug",
    "minutes",
)
OUT_OF_RANGE = st.sampled_from(
    [
        "0",
        "-1",
        str(2**31),
        str(2**63 - 1),
        str(2**63),
        str(10**30),
        "1e30",
        "inf",
        "nan",
        "abc",
        "",
        "١٢",
    ]
)


def _routes() -> list[str]:
    out = []
    for pattern in get_resolver().url_patterns:
        for inner in getattr(pattern, "url_patterns", []):
            route = str(inner.pattern)
            if getattr(pattern, "app_name", None) == "scoring" or str(pattern.pattern) == "":
                out.append(route)
    return sorted(r for r in set(out) if not r.startswith("static"))


ROUTES = _routes()


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for model in apps.get_app_config("scoring").get_models():
        rows = model.objects.order_by("pk").values_list()
        digest.update(repr(list(rows)).encode())
    return digest.hexdigest()


class FuzzEveryWrite(TestCase):
    client_class = _Client

    @classmethod
    def setUpTestData(cls) -> None:
        cls.tournament = build_tournament("fuzz-all")
        cls.organiser = cls.tournament.organisers.get()
        t = cls.tournament
        cls.ids = {
            "match": list(Match.objects.filter(event__tournament=t).values_list("pk", flat=True)),
            "event": list(Event.objects.filter(tournament=t).values_list("pk", flat=True)),
            "entry": list(Entry.objects.filter(event__tournament=t).values_list("pk", flat=True)),
            "round": list(Round.objects.filter(event__tournament=t).values_list("pk", flat=True)),
            "player": list(Player.objects.values_list("pk", flat=True)),
            "table": list(Table.objects.filter(tournament=t).values_list("number", flat=True)),
        }
        cls.tokens = list(
            Match.objects.filter(event__tournament=t).values_list("umpire_token", flat=True)
        )

    def _value(self, data: st.DataObject, converter: str, name: str) -> str:
        if converter == "slug":
            return data.draw(
                st.sampled_from([self.tournament.slug, self.tournament.slug, "no-such-tournament"])
            )
        if converter in ("int", "id"):
            kind = (
                name.replace("_id", "").replace("number", "table").replace("round_table", "round")
            )
            real = self.ids.get(kind) or [1]
            return data.draw(
                st.one_of(
                    st.sampled_from(real).map(str),
                    st.sampled_from(["1", "2", "3"]),
                    st.sampled_from(["0", str(10**18 - 1)]),
                )
            )
        if name == "action":
            return data.draw(st.sampled_from(["withdraw", "reinstate", "remove", "seed", "x"]))
        if name == "token":
            return data.draw(st.sampled_from([*self.tokens, "x" * 32]))
        return data.draw(st.sampled_from(["x", "event", "undo"]))

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data(), route=st.sampled_from(ROUTES), htmx=st.booleans())
    def test_every_write_url(self, data: st.DataObject, route: str, htmx: bool) -> None:
        self.client.force_login(self.organiser)
        url = "/" + PARAM.sub(lambda m: self._value(data, m.group(1) or "str", m.group(2)), route)
        form: dict[str, object] = {}
        for name in data.draw(st.lists(st.sampled_from(FIELDS), max_size=8, unique=True)):
            form[name] = data.draw(
                st.one_of(OUT_OF_RANGE, TEXT, st.lists(OUT_OF_RANGE, min_size=2, max_size=3))
            )
        before = _fingerprint()
        response = self.client.post(url, form, headers={"HX-Request": "true"} if htmx else {})
        status = response.status_code
        STATS[str(status)] = STATS.get(str(status), 0) + 1
        self.assertLess(status, 500, f"POST {url} {form!r:.400}: HTTP {status}")
        if 400 <= status < 500:
            self.assertEqual(
                _fingerprint(),
                before,
                f"POST {url} answered {status} but changed data: {form!r:.400}",
            )


def test_every_write_fuzz_ran():
    """After the class above: how many posts, by status (``-s`` shows it)."""
    total = sum(STATS.values())
    statuses = ", ".join(f"{k}: {v}" for k, v in sorted(STATS.items()))
    print(f"fuzz every write: {total} posts ({statuses})")
    assert total == 0 or total >= 2000
