"""Words (issue 15): "zwei Gewinnspiele" reads as "sweepstakes" in German; the DCV says best
of three ("der Beste aus drei Games"). One term for net points on every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]


def test_no_sweepstakes_in_the_german_texts():
    text = (ROOT / "locale/de/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    msgstrs = [line for line in text.splitlines() if not line.startswith(("msgid", "#"))]
    assert [line for line in msgstrs if "gewinnspiel" in line.lower()] == []
    with translation.override("de"):
        assert "Best of Three" in translation.gettext("Best of three games")


@pytest.mark.parametrize("folder", ["templates", "scoring/views"])
def test_one_english_term_for_net_points(folder):
    offenders = [
        str(p)
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and p.suffix in (".html", ".py") and "point difference" in p.read_text()
    ]
    assert offenders == []
