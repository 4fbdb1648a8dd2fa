"""Every fixed text printed on the sheets, in English, German, French and Italian, in one place.

The sheet's language follows the organiser's choice (``data.language``), not the request's
locale, so these labels live here instead of in gettext catalogues. Placeholders use
``str.format`` names. Carrom terms follow each federation's usage (docs/GLOSSARY.md): the DCV's
German (Anstoß, Dame, Board, Spiel), the French rule texts' (casse, reine, board, partie) and the
FIC's Italian (spaccata, regina, board, game). One module per language: :mod:`.labels_en`,
:mod:`.labels_de`, :mod:`.labels_fr`, :mod:`.labels_it`.
"""

from __future__ import annotations

from .labels_de import DE
from .labels_en import EN
from .labels_fr import FR
from .labels_it import IT

#: every sheet's fixed texts, one table per language (the same keys in each)
LABELS: dict[str, dict[str, str]] = {"en": EN, "de": DE, "fr": FR, "it": IT}


def labels_for(language: str) -> dict[str, str]:
    """The label table of ``language``.

    :raises ValueError: for a language without a table (see :data:`LABELS`).
    """
    try:
        return LABELS[language]
    except KeyError:
        raise ValueError(f"unsupported sheet language {language!r}") from None


#: The point sheet's words that every sheet shares: its key -> the key in :data:`LABELS`.
POINT_SHARED_KEYS: dict[str, str] = {
    "blank": "blank_sheet",
    "tournament": "tournament",
    "event": "event",
    "round": "round",
    "match": "match",
    "table": "table",
    "date": "date",
    "umpire": "umpire",
    "col_board": "col_board",
    "col_break": "col_break",
    "col_queen": "col_queen",
    "col_points": "col_points",
    "col_total": "col_total",
    "col_remarks": "col_remarks",
    "winner": "match_won_by",
    "signature": "signature",
    "signature_umpire": "signature_umpire",
    "page": "page",
}


def point_labels(language: str) -> dict[str, str]:
    """The label table of point carrom's three-player sheet (:mod:`.point_sheet`): the shared
    words of :data:`LABELS` and its own ``point_*`` entries, under the sheet's short keys."""
    lab = LABELS.get(language, LABELS["en"])
    own = {
        key.removeprefix("point_"): text for key, text in lab.items() if key.startswith("point_")
    }
    return {**{key: lab[shared] for key, shared in POINT_SHARED_KEYS.items()}, **own}
