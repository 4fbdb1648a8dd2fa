"""The ranges a value typed by a person may have, in one place (forms, CSV, backups).

A rating or a seed beyond these is refused with a clear message at the edge (issue 16: a
rating of ``99999999999999999999`` overflowed the database's integer and answered 500).
Names must not carry Unicode bidirectional controls: an unterminated U+202E flips the rest of
every line the name is printed on (a "Trojan source" spoof), in HTML, PDF and CSV alike.
"""

from __future__ import annotations

#: A player's rating (Elo/Glicko-like numbers; federations' lists stay far inside this).
RATING_MIN = 0
RATING_MAX = 9999
#: A seed: 1 … SEED_MAX.
SEED_MAX = 9999

#: Unicode bidirectional formatting characters (embeddings, overrides, isolates, marks).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")


def has_bidi_control(text: str) -> bool:
    """Does ``text`` contain a bidirectional control character?"""
    return any(ch in BIDI_CONTROLS for ch in text)


def strip_bidi(text: str) -> str:
    """``text`` without bidirectional control characters (for output of older data)."""
    return "".join(ch for ch in text if ch not in BIDI_CONTROLS)
