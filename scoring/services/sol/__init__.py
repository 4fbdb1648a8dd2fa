"""Import of SoL archives (``.sol`` / ``.sol.gz``), the format of Scarry On Line.

SoL (by Lele Gaifax) keeps European carrom history. Its portable archive is a stream of YAML
documents (gzip-compressed for ``.sol.gz``; a JSON list in some versions):

- the first document holds lists — ``players``, ``clubs``, ``championships`` (``seasons`` in
  SoL 3), ``ratings``, ``rates``, ``users`` — whose items are referred to elsewhere by their
  1-based position in the list;
- every further document is one tournament ("tourney"): ``guid``, ``description``, ``date``,
  ``location``, ``championship`` (a position), ``system``, ``competitors`` (each with
  ``players``: positions in the players list, ``retired``) and ``matches``: ``competitor1``,
  ``competitor2`` (positions in the competitors list; none for the phantom, a bye), ``turn``
  (the round), ``board`` (the table), ``final``, ``breaker`` (``"1"``/``"2"``), ``score1``,
  ``score2`` and optionally ``boards``: ``number``, ``coins1``, ``coins2`` — in a normal board
  the carrommen of the *opponent* still on the table, so the side with coins won the board with
  that many points — and ``queen`` (``"1"``/``"2"``, who pocketed it).

This module is our own reading of that format (see docs/EXPORT.md); no SoL code is used. What
it makes of a tourney: a :class:`~scoring.models.Tournament` with one event (singles or
doubles), entries, a round per turn, and a single-game match per SoL match. Boards given in the
archive become quick-entry *summary* boards (winner, carrommen, queen: our engine computes the
points, 22-point rule included); a match with only its final score gets *award* boards of at
most 12 points marked ``SoL result`` (the loser's first). Every board goes through
:func:`scoring.services.matches.record_quick_board` with an import :class:`Actor`, so the engine
checks it and the audit trail records it.

Nothing is imported twice: SoL's ``guid`` of players and tourneys is kept in
:class:`~scoring.models.ExternalRecord`; a tourney already imported is skipped, a player
already imported is reused. Personal data beyond names, club and nationality (e-mail, birth
date, phone, portrait) is not imported.
"""

from scoring.services.sol.reading import SolError, _text, read_archive, read_members
from scoring.services.sol.report import SolReport
from scoring.services.sol.results import AWARD_LAW, BOARD_MAX
from scoring.services.sol.tourneys import SOURCE, SYSTEMS, import_sol

__all__ = ["AWARD_LAW", "BOARD_MAX", "SOURCE", "SYSTEMS", "SolError", "SolReport", "_text",
           "import_sol", "read_archive", "read_members"]
