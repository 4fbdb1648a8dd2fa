"""The sides of a match as every model of a match stores them: ``a`` and ``b`` (the breaker of
the first board plays white, ICF 43), ``c`` for point carrom's third player (seed 003)."""

from __future__ import annotations

SIDE_CHOICES = [("a", "A"), ("b", "B"), ("c", "C")]
