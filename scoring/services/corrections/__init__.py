"""An organiser corrects the result of a finished or confirmed match (issue 14): one board
(:mod:`.boards`: a board scored stroke by stroke replayed from a chosen point, a paper board by a
``correction`` row, the downstream preview and the repairs) or several paper boards keyed again
at once (:mod:`.rekey`, issue 30). The names are importable from here."""

from scoring.services.corrections.base import (
    REPAIRS,
    STARTED,
    CorrectionError,
    Downstream,
    LogFix,
    PaperFix,
    rolled_back,
)
from scoring.services.corrections.boards import (
    check_paper,
    check_reason,
    correct_board,
    downstream_of,
    event_ranks,
    fix_log,
    fix_paper,
    log_row,
    paper_entry,
    preview_correction,
    save_repair,
    still_decided,
)
from scoring.services.corrections.rekey import (
    paper_entries,
    preview_rekey,
    rekey_boards,
    swap_sides,
    swapped,
)

__all__ = [
    "REPAIRS",
    "STARTED",
    "CorrectionError",
    "Downstream",
    "LogFix",
    "PaperFix",
    "rolled_back",
    "check_paper",
    "check_reason",
    "correct_board",
    "downstream_of",
    "event_ranks",
    "fix_log",
    "fix_paper",
    "log_row",
    "paper_entry",
    "paper_entries",
    "preview_correction",
    "preview_rekey",
    "rekey_boards",
    "save_repair",
    "still_decided",
    "swap_sides",
    "swapped",
]
