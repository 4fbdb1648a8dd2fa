"""What this app adds to a SoL archive so that its own export comes back whole (issue 31).

SoL's format holds a tourney's matches as one game (``score1``/``score2``) or SoL 5's best of
three (``score1_2`` … ``score2_3``); it has no walkover, no double elimination, no brackets or
groups beside its final rounds, no single matches, no event settings (the ranking rule, the
bye's value) and no stroke logs. SoL 5.26's loader refuses keys it does not know on a tourney
or a match, but reads the first document (the lists) by name: the app's facts go there, under
one key, :data:`KEY`, and SoL ignores them (checked by running SoL 5.26's ``load_sol``):

.. code-block:: yaml

    carrom:
      version: 1
      tourneys:
        <the tourney's guid>:
          event: {name, kind, format, rules, games_to_win, settings, round_minutes, status}
          rounds: [{turn, number, bracket, stage, games_to_win, name}]   # per SoL turn
          matches:            # in the order of the tourney's ``matches``
            - {number, group, games_to_win, status, bye, walkover, winner, draw,
               games: [[points a, points b], ...]}
      memberships: {<player guid>: [{club, since, until}]}       # issue 33
      championships: {<championship guid>: {pairs_by_order: false}}  # only the unordered

A file without the key (every file SoL writes) is read as SoL's own.
"""

from __future__ import annotations

from typing import Any

KEY = "carrom"
VERSION = 1


def tourney_extension(lists: dict[str, Any], *, guid: str) -> dict[str, Any] | None:
    """The app's facts about the tourney ``guid`` in the archive's lists, or None (a file
    SoL wrote, another version, or a damaged entry)."""
    block = lists.get(KEY) if isinstance(lists, dict) else None
    if not isinstance(block, dict) or block.get("version") != VERSION:
        return None
    tourneys = block.get("tourneys")
    found = tourneys.get(guid) if isinstance(tourneys, dict) and guid else None
    if not isinstance(found, dict) or not isinstance(found.get("matches"), list):
        return None
    return found
