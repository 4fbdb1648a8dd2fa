"""A person's identity as the app compares it: one normalised key of a name (issue 31).

Two spellings of one name are the same key when they differ only in case, in Unicode form
(a precomposed "Ä" or "A" + combining diaeresis, full-width letters) or in spaces:
``Änne  Schäfer``, ``ÄNNE SCHÄFER`` and ``a\u0308nne scha\u0308fer`` are one person's name.
Unicode NFKC with full case folding, in Python (a database's ``LOWER`` folds ASCII only on
SQLite), stored on the player and indexed. Pure Python: no Django.
"""

from __future__ import annotations

import unicodedata

#: the stored key's length (a folded name may grow: "ß" folds to "ss")
KEY_LENGTH = 255


def name_key(text: str | None) -> str:
    """The comparison key of a name or a club: NFKC, case-folded, NFKC again (folding may
    leave a form that composes), inner runs of white space as one space, trimmed."""
    if not text:
        return ""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return " ".join(folded.split())[:KEY_LENGTH]


def licence_key(text: str | None) -> str:
    """A federation licence number as compared: letters and digits only, case-folded
    ("DE 1", "de-1" and "DE1" are one licence)."""
    return "".join(c for c in name_key(text) if c.isalnum())
