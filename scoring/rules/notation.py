"""A compact text notation for board events, both ways (as a chess library's SAN).

``to_notation(event)`` writes the one canonical text of an event and ``from_notation(text)``
reads it back: ``from_notation(to_notation(e)) == e`` for every event (a hypothesis test checks
it). Point carrom writes its player's name where the colour game writes ``W`` or ``B``
(:func:`to_point_notation`, :func:`from_point_notation`).

The colour game (``by`` is ``W`` or ``B``)::

    W: 2w b q s       a stroke pocketing two white, one black, the queen and the striker
    W: off:b off:q    pieces that left the board (``off:`` before a piece)
    W: nt             the stroke touched nothing (a failed break, ICF 45)
    W: s foul         a foul stroke (ICF 64); ``bbp``: the break before "Play" (ICF 44)
    W: 2w claim       the extra points of ICF 102–112 claimed
    W:                a stroke that pocketed nothing
    B: tf             a technical foul (ICF 63)
    B: forgo          forgoing the due carrommen now (ICF 87)
    B: loss:left_seat a board loss with its reason (ruling 12)
    ruling W 3 ICF 107  the umpire's ruling: winner, points, the law if any
    void              a void board (IT 101)

Point carrom: ``Asha: 2w b q``, ``Asha: loss:other``, ``ruling Asha=3 Bela=0 IT 101``,
``void``. A player's name there may hold no blank, ``:`` or ``=``, a law no ``=``.

Counts of one are written without the number (``w``), counts of nought not at all; the tokens
of a stroke come in the order above. An empty law is written as none.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import InvalidEvent
from .events import (
    BoardLoss,
    Event,
    Forgo,
    Foul,
    LossReason,
    Pieces,
    Stroke,
    TechnicalFoul,
    UmpireRuling,
    Void,
)
from .point import PointEvent, PointRuling, PointStroke, PointTechnicalFoul
from .position import BLACK, WHITE

__all__ = ["from_notation", "from_point_notation", "to_notation", "to_point_notation"]

_LETTER: dict[str, str] = {WHITE: "W", BLACK: "B"}
_COLOUR = {"W": WHITE, "B": BLACK}
_PIECE = {"w": "white", "b": "black", "q": "queen", "s": "striker"}
_FOUL_TOKEN = {Foul.IMPROPER_STROKE: "foul", Foul.BREAK_BEFORE_PLAY: "bbp"}
_TOKEN_FOUL = {token: foul for foul, token in _FOUL_TOKEN.items()}


def _bad(text: str, why: str) -> InvalidEvent:
    return InvalidEvent("bad_notation", f"cannot read {text!r}: {why}")


# --- writing ------------------------------------------------------------------------------------


def _pieces_text(pieces: Pieces, prefix: str = "") -> list[str]:
    tokens = []
    for count, letter in ((pieces.white, "w"), (pieces.black, "b")):
        if count:
            tokens.append(f"{prefix}{'' if count == 1 else count}{letter}")
    if pieces.queen:
        tokens.append(f"{prefix}q")
    if pieces.striker:
        tokens.append(f"{prefix}s")
    return tokens


def _stroke_tokens(
    pocketed: Pieces, off_board: Pieces, touched: bool, foul: str | None, claimed: bool = False
) -> list[str]:
    tokens = _pieces_text(pocketed) + _pieces_text(off_board, "off:")
    if not touched:
        tokens.append("nt")
    if foul is not None:
        tokens.append(_FOUL_TOKEN[Foul(foul)])
    if claimed:
        tokens.append("claim")
    return tokens


def _line(who: str, tokens: list[str]) -> str:
    return f"{who}: {' '.join(tokens)}" if tokens else f"{who}:"


def to_notation(event: Event) -> str:
    """The canonical text of a colour-game event."""
    if isinstance(event, Void):
        return "void"
    if isinstance(event, UmpireRuling):
        law = f" {event.law}" if event.law else ""
        return f"ruling {_LETTER[event.winner]} {event.points}{law}"
    who = _LETTER[event.by]
    if isinstance(event, TechnicalFoul):
        return f"{who}: tf"
    if isinstance(event, Forgo):
        return f"{who}: forgo"
    if isinstance(event, BoardLoss):
        return f"{who}: loss:{event.reason}"
    return _line(
        who,
        _stroke_tokens(
            event.pocketed, event.off_board, event.touched, event.foul, event.extra_claimed
        ),
    )


def _name(name: str) -> str:
    if not name or any(c.isspace() or c in ":=" for c in name):
        raise InvalidEvent(
            "bad_notation", f"the name {name!r} cannot be written (no blanks, ':' or '=')"
        )
    return name


def to_point_notation(event: PointEvent) -> str:
    """The canonical text of a point-carrom event."""
    if isinstance(event, Void):
        return "void"
    if isinstance(event, PointRuling):
        words = ["ruling", *(f"{_name(p)}={n}" for p, n in event.points)]
        if event.law:
            words.append(event.law)
        return " ".join(words)
    who = _name(event.by)
    if isinstance(event, BoardLoss):
        return f"{who}: loss:{event.reason}"
    if isinstance(event, PointTechnicalFoul):
        return f"{who}: tf"
    return _line(who, _stroke_tokens(event.pocketed, event.off_board, event.touched, event.foul))


# --- reading ------------------------------------------------------------------------------------


class _StrokeParts(NamedTuple):
    pocketed: Pieces
    off_board: Pieces
    touched: bool
    foul: Foul | None
    claim: bool


def _stroke_parts(text: str, tokens: list[str], claim_allowed: bool) -> _StrokeParts:
    pocketed: dict[str, int] = {"white": 0, "black": 0, "queen": False, "striker": False}
    off: dict[str, int] = {"white": 0, "black": 0, "queen": False, "striker": False}
    touched, claim = True, False
    foul: Foul | None = None
    for token in tokens:
        target = pocketed
        if token.startswith("off:"):
            target, token = off, token[4:]
        if token in _TOKEN_FOUL and target is pocketed:
            foul = _TOKEN_FOUL[token]
        elif token == "nt" and target is pocketed:
            touched = False
        elif token == "claim" and target is pocketed and claim_allowed:
            claim = True
        elif token and token[-1] in _PIECE:
            key = _PIECE[token[-1]]
            count = token[:-1]
            if key in ("queen", "striker"):
                if count:
                    raise _bad(text, f"one {key} only, not {token!r}")
                target[key] = True
            else:
                if count and not count.isdigit():
                    raise _bad(text, f"{token!r} is not a count")
                target[key] += int(count or 1)
        else:
            raise _bad(text, f"unknown token {token!r}")
    return _StrokeParts(
        Pieces(
            pocketed["white"], pocketed["black"], bool(pocketed["queen"]), bool(pocketed["striker"])
        ),
        Pieces(off["white"], off["black"], bool(off["queen"]), bool(off["striker"])),
        touched,
        foul,
        claim,
    )


def from_notation(text: str) -> Event:
    """Read a colour-game event from its text (see the module's docstring).

    :raises InvalidEvent: ``bad_notation`` for text that is no event.
    """
    text = text.strip()
    if text == "void":
        return Void()
    if text.startswith("ruling "):
        parts = text.split()
        if len(parts) < 3 or parts[1] not in _COLOUR or not parts[2].isdigit():
            raise _bad(text, "a ruling is 'ruling W|B points [law]'")
        return UmpireRuling(_COLOUR[parts[1]], int(parts[2]), " ".join(parts[3:]) or None)
    who, colon, rest = text.partition(":")
    if not colon or who.strip() not in _COLOUR:
        raise _bad(text, "an event starts with 'W:' or 'B:'")
    by = _COLOUR[who.strip()]
    tokens = rest.split()
    if tokens == ["tf"]:
        return TechnicalFoul(by)
    if tokens == ["forgo"]:
        return Forgo(by)
    if len(tokens) == 1 and tokens[0].startswith("loss:"):
        return BoardLoss(by, _reason(text, tokens[0][5:]))
    got = _stroke_parts(text, tokens, claim_allowed=True)
    return Stroke(by, got.pocketed, got.off_board, got.touched, got.foul, got.claim)


def _reason(text: str, reason: str) -> LossReason:
    try:
        return LossReason(reason)
    except ValueError:
        raise _bad(text, f"unknown board-loss reason {reason!r}") from None


def from_point_notation(text: str) -> PointEvent:
    """Read a point-carrom event from its text (see the module's docstring).

    :raises InvalidEvent: ``bad_notation`` for text that is no event.
    """
    text = text.strip()
    if text == "void":
        return Void()
    if text == "ruling" or text.startswith("ruling "):
        parts = text.split()[1:]
        points = []
        while parts and "=" in parts[0]:
            name, _, value = parts.pop(0).partition("=")
            if not name or not value.isdigit():
                raise _bad(text, "points are written 'name=points'")
            points.append((name, int(value)))
        return PointRuling(tuple(sorted(points)), " ".join(parts) or None)
    who, colon, rest = text.partition(":")
    who = who.strip()
    if not colon or not who or any(c.isspace() or c == "=" for c in who):
        raise _bad(text, "an event starts with the player's name and ':'")
    tokens = rest.split()
    if len(tokens) == 1 and tokens[0].startswith("loss:"):
        return BoardLoss(who, _reason(text, tokens[0][5:]))
    if tokens == ["tf"]:
        return PointTechnicalFoul(who)
    got = _stroke_parts(text, tokens, claim_allowed=False)
    return PointStroke(who, got.pocketed, got.off_board, got.touched, got.foul)
