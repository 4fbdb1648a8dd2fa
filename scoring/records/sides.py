"""Sides and colours of a board: the breaker's side plays white (ICF 43)."""

from __future__ import annotations

#: The two sides of the colour game.
SIDES = ("a", "b")


def other_side(side: str | None) -> str:
    """The opponent of ``side`` in the colour game ("a" <-> "b")."""
    return "b" if side == "a" else "a"


def other_colour(colour: str | None) -> str:
    """The opponent's colour ("white" <-> "black")."""
    return "black" if colour == "white" else "white"


def side_colours(breaker: str | None) -> dict[str, str]:
    """``{side: colour}`` of a colour-game board: the breaker plays white (ICF 43); ``{}``
    when no breaker is known (the extra board before its toss)."""
    if breaker not in SIDES:
        return {}
    return {breaker: "white", other_side(breaker): "black"}


def colour_sides(breaker: str | None) -> dict[str, str]:
    """``{colour: side}`` of a colour-game board (the inverse of :func:`side_colours`)."""
    return {colour: side for side, colour in side_colours(breaker).items()}


def by_colour[T](values: dict[str, T], breaker: str | None, default: T) -> tuple[T, T]:
    """``(white's, black's)`` of per-side ``values`` on a board broken by ``breaker``."""
    return values.get(breaker or "", default), values.get(other_side(breaker), default)
