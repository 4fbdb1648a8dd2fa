"""Typed errors of the rules engine.

Every error is a ``ValueError`` with a machine ``code`` (stable, for the UI to translate) and a
``where`` (the 0-based event index in a board, a path such as ``boards[2].events[5]`` in game and
match documents, or ``-`` for the document as a whole).

- :class:`InvalidEvent`: the event is malformed (unknown field, wrong type, negative count).
- :class:`IllegalEvent`: the event is well formed but cannot happen in this position (a stroke by
  the colour not on turn, more carrommen pocketed than lie on the board, a stroke after the board
  ended).
- :class:`InvalidDocument`: the file as a whole is malformed (missing ``format``, unknown preset,
  an inconsistent ``start``, a board after the game ended).
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: a machine ``code``, a human ``message`` and where it happened."""

    def __init__(self, code: str, message: str, *, where: str | int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.where: str | None = None if where is None else str(where)

    def at(self, where: str | int) -> RulesError:
        """Return the same error located at ``where`` (prefixing any inner location)."""
        prefix = str(where)
        if self.where is None or self.where == "-":
            located = prefix
        elif self.where.startswith("["):
            located = prefix + self.where
        else:
            located = f"{prefix}.{self.where}"
        err = type(self)(self.code, self.message, where=located)
        return err

    def __str__(self) -> str:
        return self.message


class InvalidEvent(RulesError):
    """An event that is malformed, whatever the position."""


class IllegalEvent(RulesError):
    """A well-formed event that cannot happen in the current position."""


class InvalidDocument(RulesError):
    """A document (board, game or match file) that is malformed or inconsistent."""
