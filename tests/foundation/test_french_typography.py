"""French typography (issue 35): a narrow no-break space (U+202F) before a colon, semicolon,
question mark or exclamation mark, as French typesetting has it, so that the sign never starts
a line of its own; in every French message of the catalogue and in the tablet's history lines,
whose colon and semicolons the code joins through the catalogue too."""

from __future__ import annotations

import re

from django.utils import translation

from scoring import point_words, rulings
from tests.foundation.test_i18n import po_file, read_po

NNBSP = "\u202f"
#: a high sign of punctuation with what stands before it (not in a URL or a time of day)
HIGH_SIGN = re.compile(r"(?<!\d)(.)([:;?!])(?=\s|$|<|\")")


def wrongly_spaced(text: str) -> list[str]:
    """The places in a French text where a high sign lacks its narrow no-break space."""
    return [
        text[max(0, m.start() - 15) : m.end() + 5]
        for m in HIGH_SIGN.finditer(text)
        if m.group(1) != NNBSP and not text[m.end() :].startswith("//")
    ]


def test_the_rule_itself() -> None:
    assert len(wrongly_spaced("Exempt : la poule")) == 1  # an ordinary space
    assert len(wrongly_spaced("Exempt: la poule")) == 1  # none
    assert len(wrongly_spaced(f"Exempt{NNBSP}: la poule ; ou pas{NNBSP}?")) == 1
    assert wrongly_spaced(f"Exempt{NNBSP}: la poule{NNBSP}; ou pas{NNBSP}?") == []
    assert wrongly_spaced("à 12:30, voir https://example.org") == []


def test_every_french_message_spaces_its_high_signs() -> None:
    wrong = {}
    for entry in read_po(po_file("fr")):
        for key, value in entry.items():
            if key.startswith("msgstr") and entry["msgid"] and wrongly_spaced(value):
                wrong[entry["msgid"][:60]] = wrongly_spaced(value)
    assert wrong == {}


def test_the_tablets_history_lines_in_french() -> None:
    names = {"white": "Blanc (Asha Rao)", "black": "Noir (Ben Kirk)"}
    with translation.override("fr"):
        line = rulings.describe_event(
            {
                "type": "stroke",
                "by": "white",
                "pocketed": {"white": 2, "queen": True},
                "foul": "improper_stroke",
            },
            names,
        )
        point = point_words.describe_point_event(
            {"type": "stroke", "by": "a", "pocketed": {"white": 1}, "touched": False},
            {"a": "Asha Rao", "b": "Ben Kirk"},
        )
    assert line.startswith(f"Blanc (Asha Rao){NNBSP}: ") and f"{NNBSP}; " in line, line
    assert point.startswith(f"Asha Rao{NNBSP}: ") and f"{NNBSP}; " in point, point
    assert wrongly_spaced(line) == [] and wrongly_spaced(point) == []
    with translation.override("en"):
        assert rulings.describe_event(
            {"type": "stroke", "by": "white", "pocketed": {"white": 2}, "foul": "improper_stroke"},
            names,
        ) == ("Blanc (Asha Rao): 2 white; foul")
