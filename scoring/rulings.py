"""The engine's notes and errors in words, for the umpire tablet (English and German).

The rules engine explains every event with :class:`scoring.rules.Note` records (a stable
``code``, the ``law`` and ``params``) and refuses illegal events with a coded
:class:`~scoring.rules.RulesError`; the services raise coded
:class:`~scoring.services.matches.MatchError`. This module turns both into translated
sentences. It knows nothing about requests or the database: the caller says how to name each
colour (``names``: ``{"white": "White (Asha Rao)", "black": ...}``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# re-exported: the tablet and the offline engine word refusals with the rulings (issue 13)
from scoring.error_words import error_text as error_text
from scoring.rules import Note

INFO = "info"
WARNING = "warning"  # something the umpire must act on: a due, a foul, a cover
RESULT = "result"  # the board ended
QUESTION = "question"  # the umpire is asked to confirm (an interpretation)


@dataclass(frozen=True)
class Ruling:
    """One sentence for the umpire, with the law it applies."""

    text: str
    law: str = ""
    tone: str = INFO
    code: str = ""


def colour_word(colour: str | None) -> str:
    """ "White" / "Black" (the side playing that colour on this board)."""
    if colour == "white":
        return _("White")
    if colour == "black":
        return _("Black")
    return ""


def default_names() -> dict[str, str]:
    return {"white": colour_word("white"), "black": colour_word("black")}


def carrommen(colour: str, count: int) -> str:
    """ "1 white carromman", "2 black carrommen"."""
    if colour == "white":
        return ngettext("%(count)s white carromman", "%(count)s white carrommen", count) % {
            "count": count
        }
    return ngettext("%(count)s black carromman", "%(count)s black carrommen", count) % {
        "count": count
    }


def points_text(points: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", points) % {"count": points}


def _name(names: Mapping[str, str], colour: str | None) -> str:
    if colour is None:
        return ""
    return names.get(colour) or colour_word(colour) or str(colour)


def describe(note: Note, names: Mapping[str, str] | None = None) -> list[Ruling]:
    """The sentence(s) for one engine note."""
    names = names or default_names()
    p: dict[str, Any] = dict(note.params)
    who = _name(names, p.get("colour"))
    code, law = note.code, note.law
    if code == "break_made":
        return [Ruling(_("Break made by %(player)s.") % {"player": who}, law, INFO, code)]
    if code == "break_attempt_failed":
        left = int(p.get("left", 0))
        text = ngettext(
            "Break attempt failed: %(player)s has %(left)s attempt left.",
            "Break attempt failed: %(player)s has %(left)s attempts left.",
            left,
        ) % {"player": who, "left": left}
        return [Ruling(text, law, INFO, code)]
    if code == "break_lost":
        text = _(
            "%(player)s loses the right to break; %(next)s now attempts the break "
            "(the colours stay)."
        ) % {"player": who, "next": _name(names, p.get("next"))}
        return [Ruling(text, law, WARNING, code)]
    if code == "foul":
        count = int(p.get("penalty", 1))
        text = ngettext(
            "Foul by %(player)s: %(count)s penalty carromman, the turn is lost.",
            "Foul by %(player)s: %(count)s penalty carrommen, the turn is lost.",
            count,
        ) % {"player": who, "count": count}
        return [Ruling(text, law, WARNING, code)]
    if code == "striker_pocketed":
        return [
            Ruling(
                _("Striker pocketed by %(player)s: one due.") % {"player": who}, law, WARNING, code
            )
        ]
    if code == "queen_back":
        return [Ruling(_("The queen goes back to the centre."), law, WARNING, code)]
    if code == "cover_due":
        return [
            Ruling(
                _("Queen must be covered in the next stroke by %(player)s.") % {"player": who},
                law,
                WARNING,
                code,
            )
        ]
    if code == "queen_covered":
        return [Ruling(_("Queen covered by %(player)s.") % {"player": who}, law, INFO, code)]
    if code == "cover_again":
        return [
            Ruling(
                _("The carrommen come back; %(player)s must cover the queen in the next stroke.")
                % {"player": who},
                law,
                WARNING,
                code,
            )
        ]
    if code == "off_board":
        return [Ruling(_("Pieces that left the board go on the centre; no foul."), law, INFO, code)]
    if code == "to_place":
        text = _("Due: %(pieces)s to be placed by %(player)s.") % {
            "pieces": carrommen(p["colour"], int(p.get("count", 1))),
            "player": _name(names, p.get("placed_by")),
        }
        return [Ruling(text, law, WARNING, code)]
    if code == "due_outstanding":
        count = int(p.get("count", 1))
        text = ngettext(
            "Outstanding: %(player)s owes %(count)s carromman, taken out as soon as one is "
            "pocketed.",
            "Outstanding: %(player)s owes %(count)s carrommen, taken out as soon as they are "
            "pocketed.",
            count,
        ) % {"player": who, "count": count}
        return [Ruling(text, law, WARNING, code)]
    if code == "turn_continues":
        return [Ruling(_("%(player)s continues.") % {"player": who}, law, INFO, code)]
    if code == "turn_passes":
        return [Ruling(_("Turn passes to %(player)s.") % {"player": who}, law, INFO, code)]
    if code == "technical_foul":
        return [
            Ruling(
                _("Technical foul by %(player)s: one penalty carromman; the turn goes on.")
                % {"player": who},
                law,
                WARNING,
                code,
            )
        ]
    if code == "forgo":
        count = int(p.get("count", 0))
        if count:
            text = ngettext(
                "%(player)s forgoes placing %(count)s carromman.",
                "%(player)s forgoes placing %(count)s carrommen.",
                count,
            ) % {"player": who, "count": count}
        else:
            text = _("%(player)s forgoes the outstanding dues.") % {"player": who}
        return [Ruling(text, law, INFO, code)]
    if code == "board_lost":
        text = _("%(player)s loses the board by conduct: %(winner)s wins %(points)s.") % {
            "player": who,
            "winner": _name(names, p.get("winner")),
            "points": points_text(int(p.get("points", 0))),
        }
        return [Ruling(text, law, RESULT, code)]
    if code == "umpire_ruling":
        text = _("Umpire ruling: %(winner)s wins the board: %(points)s.") % {
            "winner": _name(names, p.get("winner")),
            "points": points_text(int(p.get("points", 0))),
        }
        return [Ruling(text, law, RESULT, code)]
    if code == "board_void":
        return [Ruling(_("The board is void and is played again."), law, RESULT, code)]
    if code == "board_won":
        return _board_won(p, law, names)
    if code in MORE_NOTES:
        return _more(p, law, names, code)
    return [Ruling(code.replace("_", " "), law, INFO, code)]  # pragma: no cover - new codes


def _board_won(p: Mapping[str, Any], law: str, names: Mapping[str, str]) -> list[Ruling]:
    winner = _name(names, p.get("winner"))
    out = [
        Ruling(
            _("%(winner)s wins the board: %(points)s.")
            % {"winner": winner, "points": points_text(int(p.get("points", 0)))},
            law,
            RESULT,
            "board_won",
        )
    ]
    extra = int(p.get("extra_points", 0))
    if extra:
        out.append(
            Ruling(
                ngettext(
                    "Includes %(count)s extra point claimed.",
                    "Includes %(count)s extra points claimed.",
                    extra,
                )
                % {"count": extra},
                law,
                INFO,
                "extra_points",
            )
        )
    claimable = int(p.get("claimable", 0))
    if claimable:
        out.append(
            Ruling(
                ngettext(
                    "%(winner)s may claim %(count)s more point (if demanded).",
                    "%(winner)s may claim %(count)s more points (if demanded).",
                    claimable,
                )
                % {"winner": winner, "count": claimable},
                law,
                QUESTION,
                "claimable",
            )
        )
    if p.get("interpretation"):
        out.append(
            Ruling(
                _(
                    "The laws are silent here; this result is an interpretation. "
                    "Confirm it or record your own ruling."
                ),
                law,
                QUESTION,
                "interpretation",
            )
        )
    return out


#: the engine's notes of a board's end that :func:`explained_more` gives (ICF 54, 55), after
#: the event's own rulings; :func:`explain` leaves them to it
MORE_NOTES = ("queen_not_counted", "board_max", "dues_lapse")


def explained_more(
    payload: Mapping[str, Any], notes: Iterable[Note], names: Mapping[str, str]
) -> list[Ruling]:
    """What the engine applied beyond an event's own law, in words: the striker in a foul
    (ruling 7), and from the engine's notes of a board's end (:func:`scoring.rules.board.step`)
    the queen not counted at 22 or more (ICF 54), the 12-point maximum (ICF 55) and
    outstanding dues written off (ICF 55). Nothing is computed here."""
    out: list[Ruling] = []
    pocketed = payload.get("pocketed") or {}
    if payload.get("type") == "stroke" and payload.get("foul") and pocketed.get("striker"):
        out.append(
            Ruling(
                _(
                    "%(player)s pocketed the striker in the foul stroke: it costs two "
                    "carrommen, the due and the penalty (ruling 7)."
                )
                % {"player": _name(names, payload.get("by"))},
                "ICF 64, 72(a)",
                WARNING,
                "striker_in_foul",
            )
        )
    for note in notes:
        if note.code in MORE_NOTES:
            out.extend(describe(note, names))
    return out


def _more(p: Mapping[str, Any], law: str, names: Mapping[str, str], code: str) -> list[Ruling]:
    """The sentence of a note of :data:`MORE_NOTES` (ICF 54, 55)."""
    if code == "queen_not_counted":
        text = _(
            "The queen is not counted: %(player)s had %(score)s points before "
            "this board (22 or more)."
        ) % {"player": _name(names, p.get("colour")), "score": p.get("score")}
        return [Ruling(text, law, INFO, "queen_22")]
    if code == "board_max":
        text = _("A board is worth at most %(max)s points: %(max)s are counted.") % {
            "max": p.get("max")
        }
        return [Ruling(text, law, INFO, "board_max")]
    owed = int(p.get("count", 0))
    text = ngettext(
        "%(player)s's outstanding due of %(count)s carromman lapses with the end of the board.",
        "%(player)s's outstanding dues of %(count)s carrommen lapse with the end of the board.",
        owed,
    ) % {"player": _name(names, p.get("colour")), "count": owed}
    return [Ruling(text, law, INFO, "dues_lapse")]


def explain(notes: Iterable[Note], names: Mapping[str, str] | None = None) -> list[Ruling]:
    """Every note of an event in words, in the engine's order (the notes of
    :data:`MORE_NOTES` are :func:`explained_more`'s, after the event's own)."""
    out: list[Ruling] = []
    for note in notes:
        if note.code not in MORE_NOTES:
            out.extend(describe(note, names))
    return out


# --- what was recorded ------------------------------------------------------------------------


def loss_reason(reason: str) -> str:
    labels = {
        "out_of_turn": _("Played out of turn (ICF 51)"),
        "left_seat": _("Left the seat (ICF 91)"),
        "resumed_before_play": _('Resumed before "Play" (IT 86)'),
        "other": _("Other misconduct (IT 90(b))"),
    }
    return labels.get(reason, reason)


def pieces_text(pieces: Mapping[str, Any] | None) -> list[str]:
    """["2 white", "1 black", "queen", "striker"] in words."""
    if not pieces:
        return []
    parts = []
    if pieces.get("white"):
        parts.append(
            ngettext("%(count)s white", "%(count)s white", pieces["white"])
            % {"count": pieces["white"]}
        )
    if pieces.get("black"):
        parts.append(
            ngettext("%(count)s black", "%(count)s black", pieces["black"])
            % {"count": pieces["black"]}
        )
    if pieces.get("queen"):
        parts.append(_("queen"))
    if pieces.get("striker"):
        parts.append(_("striker"))
    return parts


def stroke_line(who: str, what: str, extras: Iterable[str] = ()) -> str:
    """A stroke's history line, "White (Asha Rao): 2 white; foul". Its colon and semicolons
    are words of the language too: French puts a narrow no-break space before them."""
    text = _("%(player)s: %(stroke)s") % {"player": who, "stroke": what}
    for extra in extras:
        text = _("%(line)s; %(more)s") % {"line": text, "more": extra}
    return text


def describe_event(payload: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """What the umpire recorded, in one line: "White (Asha Rao): 2 white, queen; foul"."""
    names = names or default_names()
    kind = payload.get("type")
    if kind == "stroke":
        who = names.get(payload.get("by", ""), str(payload.get("by", "")))
        parts = pieces_text(payload.get("pocketed"))
        what = ", ".join(parts) if parts else _("nothing pocketed")
        extras = []
        if payload.get("touched") is False:
            extras.append(_("touched no carromman"))
        off = pieces_text(payload.get("off_board"))
        if off:
            extras.append(_("off the board: %(pieces)s") % {"pieces": ", ".join(off)})
        if payload.get("foul") == "break_before_play":
            extras.append(_('foul: broke before "Play"'))
        elif payload.get("foul"):
            extras.append(_("foul"))
        if payload.get("extra_claimed"):
            extras.append(_("extra points claimed"))
        return stroke_line(who, what, extras)
    if kind == "technical_foul":
        return _("Technical foul by %(player)s") % {"player": _name(names, payload.get("by"))}
    if kind == "forgo":
        return _("%(player)s forgoes placing") % {"player": _name(names, payload.get("by"))}
    if kind == "board_loss":
        return _("%(player)s loses the board: %(reason)s") % {
            "player": _name(names, payload.get("by")),
            "reason": loss_reason(payload.get("reason", "other")),
        }
    if kind == "umpire_ruling" and isinstance(payload.get("points"), Mapping):
        from scoring.point_words import describe_point_event  # point carrom: each player's

        return describe_point_event(payload, names)
    if kind == "umpire_ruling":
        text = _("Umpire ruling: %(winner)s, %(points)s") % {
            "winner": _name(names, payload.get("winner")),
            "points": points_text(int(payload.get("points", 0))),
        }
        return f"{text} ({payload['law']})" if payload.get("law") else text
    if kind == "void":
        return _("Board declared void")
    return str(kind)


def discarded_text(
    payload: Mapping[str, Any], names: Mapping[str, str], first: Mapping[str, Any] | None
) -> str:
    """A tap that a second tablet lost (HTTP 409), named: "1 white by White (Greta) was not
    recorded: Black (Asha) recorded first." ``first`` is the event recorded meanwhile."""
    parts = pieces_text(payload.get("pocketed")) if payload.get("type") == "stroke" else []
    if payload.get("type") == "stroke":
        what = ", ".join(parts) if parts else _("nothing pocketed")
    else:
        what = describe_event(payload, names)
    what = capfirst(what)
    player = _name(names, payload.get("by"))
    if not player:  # a void board or an umpire ruling: nobody made it but the umpire
        if first is not None and first.get("by"):
            return _("%(what)s was not recorded: %(first)s recorded first.") % {
                "what": what,
                "first": _name(names, first.get("by")),
            }
        return _("%(what)s was not recorded: another tablet recorded first.") % {"what": what}
    if first is not None and first.get("by"):
        return _("%(what)s by %(player)s was not recorded: %(first)s recorded first.") % {
            "what": what,
            "player": player,
            "first": _name(names, first.get("by")),
        }
    return _("%(what)s by %(player)s was not recorded: another tablet recorded first.") % {
        "what": what,
        "player": player,
    }


# --- point carrom -----------------------------------------------------------------------------


def point_rulings(notes: Iterable[Note], names: Mapping[str, str]) -> list[Ruling]:
    """Point carrom: what a stroke did, in the notes the engine gave when the board was
    replayed (:func:`scoring.rules.point.step_point`, law cited; words in
    :mod:`scoring.point_words`): which pieces came back after a foul and why, the queen, the
    game ending at 25. Nothing is stepped again here."""
    from scoring.point_words import note_text

    out = []
    for note in notes:
        text = note_text(note, names)
        if text:
            out.append(Ruling(text, note.law, POINT_TONES.get(note.code, INFO), note.code))
    return out


POINT_TONES = {
    "point_foul": WARNING,
    "queen_no_right": WARNING,
    "cover_due": WARNING,
    "queen_back": WARNING,
    "break_lost": WARNING,
    "off_board": INFO,
    "board_over": RESULT,
    "game_points_reached": RESULT,
    "board_lost": RESULT,
    "umpire_ruling": RESULT,
    "board_void": RESULT,
}
