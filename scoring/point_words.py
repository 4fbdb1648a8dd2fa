"""Point carrom in words: a recorded event in one line and the engine's notes
(:func:`scoring.rules.point.step_point`) as sentences with their law, in English and German.

Names are the players' names by side (``{"a": "Asha Rao", ...}``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.rules import Note


def _pieces(white: int, black: int, queen: bool = False) -> list[str]:
    parts = []
    if white:
        parts.append(ngettext("%(count)s white", "%(count)s white", white) % {"count": white})
    if black:
        parts.append(ngettext("%(count)s black", "%(count)s black", black) % {"count": black})
    if queen:
        parts.append(_("the queen"))
    return parts


def _name(names: Mapping[str, str], side: Any) -> str:
    return names.get(str(side), str(side or ""))


def describe_point_event(payload: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """What the umpire recorded, in one line: "Asha Rao: 2 white, the queen; foul"."""
    kind = payload.get("type")
    if kind == "stroke":
        pocketed = payload.get("pocketed") or {}
        parts = _pieces(
            pocketed.get("white", 0), pocketed.get("black", 0), bool(pocketed.get("queen"))
        )
        if pocketed.get("striker"):
            parts.append(_("the striker"))
        what = ", ".join(parts) if parts else _("nothing pocketed")
        extras = []
        if payload.get("touched") is False:
            extras.append(_("touched no carromman"))
        off = payload.get("off_board") or {}
        off_parts = _pieces(off.get("white", 0), off.get("black", 0), bool(off.get("queen")))
        if off_parts:
            extras.append(_("off the board: %(pieces)s") % {"pieces": ", ".join(off_parts)})
        if payload.get("foul"):
            extras.append(_("foul"))
        from scoring.rulings import stroke_line  # rulings imports this module in a function

        return stroke_line(_name(names, payload.get("by")), what, extras)
    if kind == "board_loss":
        return _("%(player)s loses the board") % {"player": _name(names, payload.get("by"))}
    if kind == "technical_foul":
        return _("%(player)s: technical foul") % {"player": _name(names, payload.get("by"))}
    if kind == "umpire_ruling":
        points = payload.get("points") or {}
        given = ", ".join(f"{_name(names, side)} {value}" for side, value in points.items())
        text = _("Umpire ruling: %(points)s") % {"points": given or "0"}
        return f"{text} ({payload['law']})" if payload.get("law") else text
    if kind == "void":
        return _("Board declared void")
    return str(kind)


FOUL_REASONS = {
    "foul": lambda: _("an improper stroke"),
    "striker": lambda: _("the striker was pocketed"),
    "off_board": lambda: _("a piece left the board (a foul under this setting)"),
    "last_before_cover": lambda: _("the last carromman was pocketed before the queen was covered"),
    "break_failed": lambda: _("three break attempts failed"),
    "technical": lambda: _("a technical foul"),
}


def note_text(note: Note, names: Mapping[str, str]) -> str:
    """One engine note as a sentence ("" for notes spectators need not read)."""
    p = note.params
    player = _name(names, p.get("player"))
    code = note.code
    if code == "break_made":
        return _("Break made by %(player)s.") % {"player": player}
    if code == "break_attempt_failed":
        return ngettext(
            "Break attempt failed: %(left)s attempt left.",
            "Break attempt failed: %(left)s attempts left.",
            p["left"],
        ) % {"left": p["left"]}
    if code == "break_lost":
        return _("%(player)s loses the break; %(next)s breaks.") % {
            "player": player,
            "next": _name(names, p.get("next")),
        }
    if code == "point_foul":
        back = _pieces(p["stroke_white"], p["stroke_black"], p["stroke_queen"])
        penalty = _pieces(p["penalty_white"], p["penalty_black"])
        text = _("Foul by %(player)s: %(reason)s.") % {
            "player": player,
            "reason": FOUL_REASONS[p["reason"]](),
        }
        if back:
            text += " " + _("This stroke's pieces come back: %(pieces)s.") % {
                "pieces": ", ".join(back)
            }
        if penalty:
            text += " " + _(
                "Penalty: %(pieces)s of his pocketed pieces back on the board "
                "(the lowest in value)."
            ) % {"pieces": ", ".join(penalty)}
        if p["owed"]:
            text += " " + ngettext(
                "He owes %(count)s piece until he pockets one.",
                "He owes %(count)s pieces until he pockets them.",
                p["owed"],
            ) % {"count": p["owed"]}
        return text
    if code == "due_paid":
        penalty = _pieces(p["penalty_white"], p["penalty_black"])
        return _("%(player)s pays what he owed: %(pieces)s back on the board.") % {
            "player": player,
            "pieces": ", ".join(penalty),
        }
    if code == "off_board":
        pieces = _pieces(p["white"], p["black"], p["queen"])
        return _("Off the board: %(pieces)s; back on the centre circle.") % {
            "pieces": ", ".join(pieces)
        }
    if code == "queen_no_right":
        return _(
            "%(player)s has not yet pocketed a carromman in an earlier stroke: the queen "
            "goes back, the turn ends."
        ) % {"player": player}
    if code == "cover_due":
        return _("%(player)s must cover the queen in the next stroke.") % {"player": player}
    if code == "queen_covered":
        return _("Queen covered by %(player)s (5 points).") % {"player": player}
    if code == "queen_back" and note.law == "ICF 95(b)":
        return _(
            "%(player)s owes a piece: the queen goes back to the centre and the turn ends."
        ) % {"player": player}
    if code == "queen_back":
        return _("The queen is not covered: it goes back to the centre.")
    if code == "scored":
        return ngettext(
            "%(player)s scores %(count)s point.", "%(player)s scores %(count)s points.", p["points"]
        ) % {"player": player, "count": p["points"]}
    if code == "game_points_reached":
        return _("%(player)s reaches %(score)s: the game ends at once (recorded as %(cap)s).") % {
            "player": player,
            "score": p["score"],
            "cap": p["cap"],
        }
    if code == "board_over":
        return _("All carrommen are pocketed: the board is over.")
    if code == "board_lost":
        return _("%(player)s loses the board: no points for him on this board.") % {
            "player": player
        }
    if code == "umpire_ruling":
        return _("The umpire decides the board.")
    if code == "board_void":
        return _("The board is void; the same player breaks it again.")
    if code == "turn_continues":
        return _("%(player)s continues.") % {"player": player}
    if code == "turn_passes":
        return _("Turn passes to %(player)s.") % {"player": player}
    return ""


def notes_text(notes: Sequence[Note], names: Mapping[str, str]) -> list[tuple[str, str]]:
    """The notes a spectator reads, as (sentence, law)."""
    out = []
    for note in notes:
        text = note_text(note, names)
        if text:
            out.append((text, note.law))
    return out


END_TEXTS = {
    "carrommen": lambda: _("all carrommen pocketed"),
    "game_points": lambda: _("a player reached the game points"),
    "board_loss": lambda: _("board lost by conduct"),
    "umpire_ruling": lambda: _("umpire ruling"),
    "void": lambda: _("void, played again"),
}


def end_text(end: str | None) -> str:
    """How a point-carrom board ended, in words."""
    maker = END_TEXTS.get(end or "")
    return maker() if maker else ""
