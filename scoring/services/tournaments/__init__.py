"""Organiser writes for tournaments, events, players, entries and tables; the CSV import.

Every function takes an :class:`~scoring.services.matches.Actor` (for the audit trail), runs in
a transaction and raises :class:`TournamentError` (a stable ``code`` plus ``params``, translated
by the view) for anything the organiser can fix. The CSV import validates every line first and
saves nothing unless every line is valid (column layout: ``docs/CSV.md``).

One module per job: :mod:`.setup` (the tournament, its tables and umpires), :mod:`.events`,
:mod:`.entries` (by hand), :mod:`.csv_import`; :mod:`.base` holds the error and the audit row.
Every name is importable from ``scoring.services.tournaments`` as before the split.
"""

from scoring.services.tournaments.base import TournamentError, audit, clean_text
from scoring.services.tournaments.csv_import import (
    COLUMNS,
    DELIMITERS,
    DUPLICATE_CHOICES,
    MAX_LINES,
    ImportFailed,
    ImportResult,
    LineError,
    decode_csv,
    import_csv,
)
from scoring.services.tournaments.entries import (
    CLOSED_AFTER_DRAW,
    PlayerData,
    PossibleDuplicate,
    add_entry,
    entries_open,
    remove_entry,
    set_seed,
)
from scoring.services.tournaments.events import (
    SETTING_KEYS,
    TEXT_SETTINGS,
    clean_settings,
    create_event,
    delete_event,
    update_event,
)
from scoring.services.tournaments.setup import (
    create_tournament,
    set_umpires,
    sync_tables,
    unique_slug,
    update_table,
    update_tournament,
)

__all__ = [
    "CLOSED_AFTER_DRAW",
    "COLUMNS",
    "DELIMITERS",
    "DUPLICATE_CHOICES",
    "MAX_LINES",
    "PossibleDuplicate",
    "SETTING_KEYS",
    "TEXT_SETTINGS",
    "ImportFailed",
    "ImportResult",
    "LineError",
    "PlayerData",
    "TournamentError",
    "add_entry",
    "audit",
    "clean_settings",
    "clean_text",
    "create_event",
    "create_tournament",
    "decode_csv",
    "delete_event",
    "entries_open",
    "import_csv",
    "remove_entry",
    "set_seed",
    "set_umpires",
    "sync_tables",
    "unique_slug",
    "update_event",
    "update_table",
    "update_tournament",
]
