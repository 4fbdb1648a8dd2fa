"""Later bracket matches repaired after a late correction (issue 30, docs/CORRECTIONS.md):
:mod:`.later` names and repairs them, :mod:`.take_back` takes an elimination back.

When a corrected (or decided) result changes who goes on in a knock-out or double
elimination bracket, and later matches of those entries have already started or finished,
the bracket no longer fits what was played. :func:`later_conflicts` names each such match;
:func:`repair_later` applies the repair a tournament director chooses, new rows only (nothing
recorded is deleted):

- ``replay``: the entry who goes on now is put into the later match and the match is void:
  every board that counted is withdrawn (a paper board by an ``undo`` row, a stroke-logged one
  by ``undo`` rows and a ``void`` event, IT 101 by interpretation), the toss is taken again
  and the match is played again;
- ``award``: the entry is put in and the later match is given by an umpire's decision with its
  law, to the entry who moved in (``moved``) or to the opponent who stayed (``stayed``): the
  boards played are withdrawn and the games given by award boards (12 + 12 + 1, ICF 55);
- ``eliminate``: the later results stay; the corrected match's new winner is eliminated by
  decision and its old winner goes on (``Match.advances``), logged with the reason and law.
  :func:`take_back_elimination` takes such a decision back (a new audited decision): the
  winner of the boards goes on again and the later matches the eliminated entry's opponent
  played meanwhile are repaired by ``replay`` or ``award`` as above (or, none played yet, the
  winner simply moves in: ``move``).

After each step the bracket is replayed (:func:`scoring.services.draw_progress.sync_bracket`)
and checked again, so a chain of later matches (a quarter-final, then the semi-final it fed,
or the losers' bracket in double elimination) is repaired match by match until the bracket
fits and can be played to the final and the third-place match. Every step is audited.
"""

from scoring.services.bracket_repairs.later import (
    AWARD,
    AWARD_TO,
    ELIMINATE,
    LATER_REPAIRS,
    MOVE,
    PLAYED,
    REPLAY,
    LaterMatch,
    later_conflicts,
    played_conflicts,
    repair_later,
    replay_conflicts,
)
from scoring.services.bracket_repairs.take_back import (
    TakeBack,
    preview_take_back,
    take_back_elimination,
)

__all__ = [
    "AWARD",
    "AWARD_TO",
    "ELIMINATE",
    "LATER_REPAIRS",
    "MOVE",
    "PLAYED",
    "REPLAY",
    "LaterMatch",
    "TakeBack",
    "later_conflicts",
    "played_conflicts",
    "preview_take_back",
    "repair_later",
    "replay_conflicts",
    "take_back_elimination",
]
