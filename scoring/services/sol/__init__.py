"""Import of SoL archives (``.sol`` / ``.sol.gz`` / ``.zip`` backups), the format of Scarry On
Line, the program of the European circuit (see docs/EXPORT.md; no SoL code is used).

By job: :mod:`.reading` (the format, archives and zip members), :mod:`.tourneys` (a tourney as
a tournament: event, entries with SoL's rates, rounds; nothing imported twice, by SoL's
``guid`` in :class:`~scoring.models.ExternalRecord`), :mod:`.results` (a match's result in the
board log: summary boards from SoL's rows, award boards from its score, or the score recorded
as SoL recorded it; time-limited games), :mod:`.report` (what the organiser reads).
"""

from scoring.services.sol.played import AWARD_LAW, BOARD_MAX
from scoring.services.sol.players import SOURCE
from scoring.services.sol.reading import SolError, read_archive, read_members, text_of
from scoring.services.sol.report import SolReport
from scoring.services.sol.tourneys import SYSTEMS, import_sol

__all__ = [
    "AWARD_LAW",
    "BOARD_MAX",
    "SOURCE",
    "SYSTEMS",
    "SolError",
    "SolReport",
    "text_of",
    "import_sol",
    "read_archive",
    "read_members",
]
