"""The ranges a value typed by a person may have, in one place (forms, CSV, backups).

A rating or a seed beyond these is refused with a clear message at the edge (issue 16: a
rating of ``99999999999999999999`` overflowed the database's integer and answered 500).
Names must not carry Unicode bidirectional controls: an unterminated U+202E flips the rest of
every line the name is printed on (a "Trojan source" spoof), in HTML, PDF and CSV alike.
"""

from __future__ import annotations

import unicodedata

#: A player's rating (Elo/Glicko-like numbers; federations' lists stay far inside this).
RATING_MIN = 0
RATING_MAX = 9999
#: A seed: 1 … SEED_MAX.
SEED_MAX = 9999

#: Unicode bidirectional formatting characters (embeddings, overrides, isolates, marks).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def has_bidi_control(text: str) -> bool:
    """Does ``text`` contain a bidirectional control character?"""
    return any(ch in BIDI_CONTROLS for ch in text)


def strip_bidi(text: str) -> str:
    """``text`` without bidirectional control characters (for output of older data)."""
    return "".join(ch for ch in text if ch not in BIDI_CONTROLS)


# --- one validator for every free text (issue 29) ----------------------------------------------

#: Line breaks allowed in multi-line text (notes, reasons typed in a text area).
_LINE_BREAKS = frozenset("\n\r\t")


def text_problem(text: str, *, multiline: bool = False) -> str | None:
    """Why ``text`` may not be stored, or ``None``: ``"nul"`` (PostgreSQL refuses NUL in text),
    ``"control"`` (C0/C1 control characters, line and paragraph separators; line breaks and tabs
    only in multi-line text) or ``"bidi"`` (Unicode text-direction controls)."""
    for ch in text:
        if ch == "\x00":
            return "nul"
        if ch in BIDI_CONTROLS:
            return "bidi"
        code = ord(ch)
        if code < 32 or 127 <= code < 160 or ch in "\u2028\u2029\ufeff":
            if multiline and ch in _LINE_BREAKS:
                continue
            return "control"
    return None


class TextRefused(ValueError):
    """Free text with a character no page, sheet or export may carry (``code`` as in
    :func:`text_problem`)."""

    def __init__(self, code: str, field: str = "") -> None:
        super().__init__(f"{field or 'text'}: {code}")
        self.code = code
        self.field = field


def check_text(text: object, *, field: str = "", multiline: bool = False) -> str:
    """``text`` if it may be stored, else :class:`TextRefused` (services call this for every
    free text they write; forms use ``scoring.forms.fields.plain_text``)."""
    value = "" if text is None else str(text)
    problem = text_problem(value, multiline=multiline)
    if problem is not None:
        raise TextRefused(problem, field)
    return value


def ascii_digits(text: object, *, limit: int = 32) -> str:
    """The digits of ``text`` as ASCII 0-9 (a phone may type Arabic-Indic or fullwidth digits:
    each decimal digit becomes its ASCII one), other characters dropped, at most ``limit`` of
    them; what a code typed by a person is compared as."""
    out = []
    for ch in str(text if text is not None else "")[: limit * 4]:
        value = unicodedata.decimal(ch, None)
        if value is not None:
            out.append(chr(48 + value))
    return "".join(out[:limit])
