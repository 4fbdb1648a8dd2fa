"""What a stroke entered on the umpire tablet's pad means as an interchange-format event.

Pure Python (no Django): the tablet's form (:class:`scoring.forms.umpire.StrokeForm`) and the
rules engine running in the browser while offline (:mod:`scoring.offline.browser`) both read
the pad through :func:`stroke_payload`, so a stroke queued offline is ruled on exactly as the
server will rule on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring.rules.events import FOUL_BREAK_BEFORE_PLAY, FOUL_IMPROPER
from scoring.rules.position import other

PRESETS = ("nothing", "own", "white", "black", "missed", "opponent")
COUNTS = ("white", "black", "off_white", "off_black")
FLAGS = (
    "queen",
    "striker",
    "foul",
    "break_before_play",
    "no_contact",
    "off_queen",
    "off_striker",
    "extra_claimed",
)


def stroke_payload(d: Mapping[str, Any], by: str, *, points: bool = False) -> dict[str, Any]:
    """The stroke event for the pad's cleaned data ``d``; ``by`` is the colour on turn (a side
    in point carrom). A one-tap ``preset`` stands for the whole stroke."""
    event: dict[str, Any] = {"type": "stroke", "by": by}
    preset = d.get("preset")
    if preset == "nothing":
        return event
    if preset == "own":
        event["pocketed"] = {by: 1}
        return event
    if preset in ("white", "black"):
        event["pocketed"] = {preset: 1}
        return event
    if preset == "missed":  # the break that touched nothing (ICF 46)
        event["touched"] = False
        return event
    if preset == "opponent":
        event["pocketed"] = {str(other(by)): 1}
        return event
    pocketed = _pieces(d, "")
    if pocketed:
        event["pocketed"] = pocketed
    off = _pieces(d, "off_")
    if off:
        event["off_board"] = off
    if d.get("no_contact"):
        event["touched"] = False
    if d.get("break_before_play"):
        event["foul"] = FOUL_BREAK_BEFORE_PLAY
    elif d.get("foul"):
        event["foul"] = FOUL_IMPROPER
    if d.get("extra_claimed") and not points:
        event["extra_claimed"] = True
    return event


def _pieces(d: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """The counts and pieces entered under ``prefix`` ("" pocketed, "off_" off the board)."""
    out: dict[str, Any] = {k: d.get(prefix + k) for k in ("white", "black") if d.get(prefix + k)}
    for piece in ("queen", "striker"):
        if d.get(prefix + piece):
            out[piece] = True
    return out


def cleaned_fields(fields: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The pad's posted fields (name, value) as the form cleans them: counts 0–9 as numbers
    (anything else 0), a flag set unless its value is empty, "false" or "0"."""
    raw = dict(fields)
    d: dict[str, Any] = {"preset": raw.get("preset") if raw.get("preset") in PRESETS else ""}
    for name in COUNTS:
        value = str(raw.get(name, "")).strip()
        d[name] = int(value) if value.isdigit() and int(value) < 10 else 0
    for name in FLAGS:
        value = str(raw.get(name, "")).strip().lower()
        d[name] = name in raw and value not in ("", "false", "0")
    return d
