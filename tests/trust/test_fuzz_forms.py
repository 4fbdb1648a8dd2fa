"""No 500 from any input (issue 29): every form of every organiser and public page, as the
pages themselves show them, posted with hypothesis-generated values — Unicode of every
plane, huge and negative numbers, NUL and other control characters, text-direction controls,
repeated fields (wrong types), missing and unknown fields. No answer may be a 5xx.

The forms are read from the pages (each page of the URL table GET by the tournament's
organiser, every ``<form method="post">`` with its action and field names), so a new form is
fuzzed without a change here. Bounded for CI: ``FORM_EXAMPLES`` posts (SQLite and PostgreSQL:
CI runs this file on both).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from scoring.models import Entry, Event, Match, Player, Round, Table
from scoring.services import checkin
from scoring.services.matches import Actor
from tests.trust.conftest import build_tournament
from tests.trust.test_fuzz_every_write import PARAM, ROUTES

FORM_EXAMPLES = 300
STATS: dict[str, int] = {}

# values that broke servers: NUL, controls, bidi, huge numbers, other digits, long text
NASTY = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "a\x00b",
        "\x1b[31m",
        "\x7f",
        "\u0085",
        "\u202e91",
        "\u2066x\u2069",
        "\ufeff",
        "\u2028",
        "-1",
        "0",
        str(2**31),
        str(2**63),
        str(2**70),
        "1e308",
        "nan",
        "-inf",
        "١٢٣٤٥٦",
        "１２３４５６",
        "𝟏𝟐",
        "on",
        "true",
        "[]",
        "{}",
        "' OR 1=1 --",
        "<script>x</script>",
        "x" * 3000,
        "ü€𝄞",
        "\r\n",
        "2026-02-30",
        "9999-12-31",
    ]
)
VALUE = st.one_of(
    NASTY,
    st.text(max_size=30),
    st.text(
        alphabet=st.characters(codec="utf-8", categories=("Cc", "Cf", "Nd", "Zl", "Zp")),
        max_size=12,
    ),
    st.integers(-(2**80), 2**80).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)


class _Forms(HTMLParser):
    """``<form method="post">``s of a page: their action and the names of their fields."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[tuple[str, tuple[str, ...]]] = []
        self._open: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._open = (a.get("action") or self.page, [])
        elif tag in ("input", "select", "textarea", "button") and self._open is not None:
            name = a.get("name", "")
            if name and name != "csrfmiddlewaretoken":
                self._open[1].append(name)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._open is not None:
            action, names = self._open
            self.forms.append((action, tuple(dict.fromkeys(names))))
            self._open = None


def _fill(route: str, ids: dict[str, list[int]], slug: str, token: str) -> str:
    def value(m: re.Match[str]) -> str:
        converter, name = m.group(1) or "str", m.group(2)
        if converter == "slug":
            return slug
        if converter in ("int", "id"):
            kind = name.replace("_id", "").replace("number", "table")
            return str((ids.get(kind) or [1])[0])
        if name == "token":
            return token
        return {"action": "withdraw", "role": "umpire", "fmt": "pdf"}.get(name, "x")

    return "/" + PARAM.sub(value, route)


def _pages(tournament, organiser) -> list[tuple[str, tuple[str, ...], bool]]:
    """Every distinct post form of every page the organiser (or a visitor) can open."""
    t = tournament
    ids = {
        "match": list(Match.objects.filter(event__tournament=t).values_list("pk", flat=True)),
        "event": list(Event.objects.filter(tournament=t).values_list("pk", flat=True)),
        "entry": list(Entry.objects.filter(event__tournament=t).values_list("pk", flat=True)),
        "round": list(Round.objects.filter(event__tournament=t).values_list("pk", flat=True)),
        "player": list(Player.objects.values_list("pk", flat=True)),
        "table": list(Table.objects.filter(tournament=t).values_list("number", flat=True)),
    }
    token = Match.objects.filter(event__tournament=t).first().umpire_token
    found: dict[tuple[str, tuple[str, ...]], bool] = {}
    for who in ("organiser", "visitor"):
        client = Client(raise_request_exception=False)
        if who == "organiser":
            client.force_login(organiser)
        for page in {_fill(r, ids, t.slug, token) for r in ROUTES} | {"/accounts/login/"}:
            answer = client.get(page)
            if answer.status_code != 200 or "html" not in answer.get("Content-Type", ""):
                continue
            parser = _Forms(page)
            parser.feed(answer.content.decode(errors="replace"))
            for action, names in parser.forms:
                if action.startswith("/") and "logout" not in action:
                    found.setdefault((action, names), who == "visitor")
    return [(action, names, public) for (action, names), public in sorted(found.items())]


class FuzzEveryForm(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        cls.tournament = build_tournament("fuzz-forms")
        cls.organiser = cls.tournament.organisers.get()
        event = Event.objects.filter(tournament=cls.tournament, kind="singles").first()
        checkin.open_roll_call(event=event, actor=Actor(user=cls.organiser), self_checkin=True)
        cls.forms = _pages(cls.tournament, cls.organiser)

    def test_the_pages_show_many_forms(self) -> None:
        actions = {action for action, _names, _public in self.forms}
        assert len(self.forms) >= 30, self.forms
        for expected in (
            "/organiser/tables/",
            "/organiser/people/",
            "/check-in/",
            "/accounts/login/",
            "/matches/new/",
        ):
            assert any(expected in a for a in actions), (expected, sorted(actions))

    @settings(
        max_examples=FORM_EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data(), htmx=st.booleans(), as_visitor=st.booleans())
    def test_every_form_with_generated_values(
        self, data: st.DataObject, htmx: bool, as_visitor: bool
    ) -> None:
        action, names, public = data.draw(st.sampled_from(self.forms))
        client = Client(raise_request_exception=False)
        if not (public and as_visitor):
            client.force_login(self.organiser)
        form: dict[str, object] = {}
        for name in names:
            if data.draw(st.integers(0, 9)) == 0:
                continue  # a missing field
            form[name] = data.draw(st.one_of(VALUE, st.lists(VALUE, min_size=2, max_size=3)))
        if data.draw(st.booleans()):
            form[data.draw(st.text(min_size=1, max_size=8))] = data.draw(VALUE)
        answer = client.post(action, form, headers={"HX-Request": "true"} if htmx else {})
        STATS[str(answer.status_code)] = STATS.get(str(answer.status_code), 0) + 1
        self.assertLess(
            answer.status_code, 500, f"POST {action} {form!r:.500}: HTTP {answer.status_code}"
        )


def test_every_form_fuzz_ran() -> None:
    """After the class above (file order): every example was posted and none was a 5xx (the
    class asserts each; this makes a run that posted nothing fail)."""
    total = sum(STATS.values())
    shown = ", ".join(f"{k}: {v}" for k, v in sorted(STATS.items()))
    print(f"fuzz every form: {total} posts ({shown})")
    assert total == 0 or total >= FORM_EXAMPLES * 0.9, STATS
    assert not any(code.startswith("5") for code in STATS), STATS
