"""Which player record a name means, without ever changing another tournament's player.

Players are kept across tournaments (history and ratings carry over), so one row may be
entered in tournaments of different organisers. An organiser who enters "name, club" with a
new nationality or rating changes the row only while it plays in no other tournament;
otherwise this tournament gets its own record of the player (a *local copy*) and the other
tournaments keep theirs (issue 16, finding 1). :class:`PlayerBook` resolves many names with a
constant number of queries, so the CSV import plans everything before it takes the write lock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.db.models.functions import Lower

from scoring.models import Entry, Player, Tournament
from scoring.services.tournaments.base import clean_text

#: names looked up per query (well inside SQLite's limit of bound parameters)
CHUNK = 500


def _key(name: str, club: str) -> tuple[str, str]:
    return name.strip().lower(), club.strip().lower()


@dataclass
class PlayerBook:
    """The players of one import (or one entry form) for ``tournament``.

    :meth:`resolve` gives the :class:`Player` to enter: an existing row (changed only when no
    other tournament has it), a local copy, or a new unsaved row. :meth:`save` writes them (inside
    the caller's transaction) and returns the audit detail.
    """

    tournament: Tournament
    _rows: dict[tuple[str, str], Player] = field(default_factory=dict)
    _looked: set[str] = field(default_factory=set)
    _here: set[int] = field(default_factory=set)
    _elsewhere: set[int] = field(default_factory=set)
    new: list[Player] = field(default_factory=list)
    changed: dict[int, Player] = field(default_factory=dict)
    changes: list[dict[str, Any]] = field(default_factory=list)
    copies: list[dict[str, Any]] = field(default_factory=list)
    kept: list[dict[str, Any]] = field(default_factory=list)

    def load(self, keys: list[tuple[str, str]]) -> None:
        """Read the candidate rows of these (name, club) pairs, and where they play."""
        names = sorted({name for name, _club in keys} - self._looked)
        self._looked.update(names)
        found: list[Player] = []
        for start in range(0, len(names), CHUNK):
            found += Player.objects.annotate(lname=Lower("name")).filter(
                lname__in=names[start:start + CHUNK]).order_by("pk")
        ids = [p.pk for p in found]
        for start in range(0, len(ids), CHUNK):
            part = ids[start:start + CHUNK]
            for player, partner, tournament in Entry.objects.filter(
                    Q(player_id__in=part) | Q(partner_id__in=part)).values_list(
                    "player_id", "partner_id", "event__tournament_id"):
                target = self._here if tournament == self.tournament.pk else self._elsewhere
                target.add(player)
                if partner:
                    target.add(partner)
        for player in found:
            key = _key(player.name, player.club)
            best = self._rows.get(key)
            # this tournament's own record of the player first, then the oldest row
            if best is None or (player.pk in self._here and best.pk not in self._here):
                self._rows[key] = player

    def resolve(self, name: str, club: str = "", nationality: str = "",
                rating: int | None = None, licence: str = "") -> Player:
        for text, field_name in ((name, "name"), (club, "club"), (nationality, "nationality"),
                                 (licence, "licence")):
            clean_text(text, field=field_name)
        key = _key(name, club)
        if key[0] not in self._looked:
            self.load([key])
        player = self._rows.get(key)
        nationality = nationality.strip().upper()
        licence = licence.strip()
        if player is None:
            player = Player(name=name.strip(), club=club.strip(), nationality=nationality,
                            rating=rating, licence=licence)
            self.new.append(player)
            self._rows[key] = player
            return player
        want = {}
        if nationality and player.nationality != nationality:
            want["nationality"] = nationality
        if rating is not None and player.rating != rating:
            want["rating"] = rating
        if licence and player.licence != licence:
            want["licence"] = licence  # the federation's licence number (issue 15)
        if not want:
            return player
        if player.pk is None:  # new in this import: a later line wins
            for attr, value in want.items():
                setattr(player, attr, value)
            return player
        if player.pk in self._elsewhere and player.pk in self._here:
            # entered here and elsewhere: the other tournaments' row stays as it is
            self.kept.append({"player": player.pk, "name": player.name, **want})
            return player
        if player.pk in self._elsewhere:
            copy = Player(name=player.name, club=player.club,
                          nationality=want.get("nationality", player.nationality),
                          rating=want.get("rating", player.rating),
                          licence=want.get("licence", player.licence))
            self.copies.append({"player": player.pk, "name": player.name, **want})
            self.new.append(copy)
            self._rows[key] = copy
            return copy
        self.changes.append({"player": player.pk, "name": player.name,
                             "before": {a: getattr(player, a) for a in want}, "after": want})
        for attr, value in want.items():
            setattr(player, attr, value)
        self.changed[player.pk] = player
        return player

    def save(self) -> None:
        """Write the new rows and the changes so far (inside the caller's transaction)."""
        Player.objects.bulk_create([p for p in self.new if p.pk is None], batch_size=CHUNK)
        if self.changed:
            Player.objects.bulk_update(list(self.changed.values()),
                                       ["nationality", "rating", "licence"], batch_size=CHUNK)
            self.changed = {}

    def detail(self) -> dict[str, Any]:
        """For the audit trail: which players were changed, and which were copied because
        another tournament has them (at most 200 of each)."""
        detail: dict[str, Any] = {}
        if self.changes:
            detail["players_changed"] = self.changes[:200]
        if self.copies:
            detail["players_copied"] = self.copies[:200]
        if self.kept:
            detail["players_not_changed"] = self.kept[:200]
        return detail
