"""Which player record a name means, without ever changing another tournament's player.

Players are kept across tournaments (history and ratings carry over), so one row may be
entered in tournaments of different organisers. An organiser who enters "name, club" with a
new nationality or rating changes the row only while it plays in no other tournament;
otherwise this tournament gets its own record of the player (a *local copy*) and the other
tournaments keep theirs (issue 16, finding 1). :class:`PlayerBook` resolves many names with a
constant number of queries, so the CSV import plans everything before it takes the write lock.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from scoring.identity import licence_key, name_key
from scoring.models import Entry, Player, Tournament

#: names looked up per query (well inside SQLite's limit of bound parameters)
CHUNK = 500


def _key(name: str, club: str) -> tuple[str, str]:
    """A player's identity as the book compares it: the name's and the club's keys (Unicode
    NFKC and case folding, :func:`scoring.identity.name_key`; issue 31)."""
    return name_key(name), name_key(club)


def new_player(
    *,
    name: str,
    club: str = "",
    nationality: str = "",
    rating: int | None = None,
    licence: str = "",
    born: datetime.date | None = None,
) -> Player:
    """An unsaved player row with its name key set (``bulk_create`` skips ``save``)."""
    name = name.strip()
    return Player(
        name=name,
        name_key=name_key(name),
        club=club.strip(),
        nationality=nationality,
        rating=rating,
        licence=licence,
        born=born,
    )


def differs(player: Player, *, licence: str = "", born: datetime.date | None = None) -> bool:
    """Another person of the same name: both dates of birth known and different. (A licence
    number only ever joins: the same licence is the same person, under any club; another
    licence under the same name and club is a correction, issue 15.)"""
    return born is not None and player.born is not None and born != player.born


def _plain(values: dict[str, Any]) -> dict[str, Any]:
    """Values for the audit's JSON (a date as ISO text)."""
    return {k: v.isoformat() if isinstance(v, datetime.date) else v for k, v in values.items()}


@dataclass
class PlayerBook:
    """The players of one import (or one entry form) for ``tournament``.

    :meth:`resolve` gives the :class:`Player` to enter: an existing row (changed only when no
    other tournament has it), a local copy, or a new unsaved row. :meth:`save` writes them (inside
    the caller's transaction) and returns the audit detail.
    """

    tournament: Tournament
    _looked: set[str] = field(default_factory=set)
    _here: set[int] = field(default_factory=set)
    _elsewhere: set[int] = field(default_factory=set)
    _by_name: dict[str, list[Player]] = field(default_factory=dict)
    new: list[Player] = field(default_factory=list)
    changed: dict[int, Player] = field(default_factory=dict)
    changes: list[dict[str, Any]] = field(default_factory=list)
    copies: list[dict[str, Any]] = field(default_factory=list)
    kept: list[dict[str, Any]] = field(default_factory=list)

    def load(self, keys: list[tuple[str, str]]) -> None:
        """Read the candidate rows of these (name key, club key) pairs, and where they play."""
        names = sorted({name for name, _club in keys} - self._looked)
        self._looked.update(names)
        found: list[Player] = []
        for start in range(0, len(names), CHUNK):
            found += Player.objects.filter(
                name_key__in=names[start : start + CHUNK], merged_into__isnull=True
            ).order_by("pk")
        ids = [p.pk for p in found]
        for start in range(0, len(ids), CHUNK):
            part = ids[start : start + CHUNK]
            for player, partner, tournament in Entry.objects.filter(
                Q(player_id__in=part) | Q(partner_id__in=part)
            ).values_list("player_id", "partner_id", "event__tournament_id"):
                target = self._here if tournament == self.tournament.pk else self._elsewhere
                target.add(player)
                if partner:
                    target.add(partner)
        for found_player in found:
            self._by_name.setdefault(found_player.name_key, []).append(found_player)

    def similar(
        self, name: str, club: str = "", licence: str = "", born: datetime.date | None = None
    ) -> list[Player]:
        """Saved players of the same name (any spelling of case and accents) that
        :meth:`resolve` would not take for this one: another club, or no club given: a
        possible duplicate to show the organiser before a new player is made (issue 31)."""
        key = _key(name, club)
        if key[0] not in self._looked:
            self.load([key])
        if self._match(key, licence, born) is not None:
            return []
        return [
            p
            for p in self._by_name.get(key[0], [])
            if p.pk is not None and not differs(p, licence=licence, born=born)
        ]

    def _match(
        self, key: tuple[str, str], licence: str, born: datetime.date | None
    ) -> Player | None:
        """The player this name, club, licence and date of birth mean, if one is known: the
        same licence first, else the same name and club (never one whose licence or date of
        birth says it is someone else)."""
        if licence:
            same = [
                p
                for p in self._by_name.get(key[0], [])
                if p.licence
                and licence_key(p.licence) == licence_key(licence)
                and not differs(p, licence="", born=born)
            ]
            if same:
                here = [p for p in same if p.pk in self._here]
                return (here or same)[0]
        same = [
            p
            for p in self._by_name.get(key[0], [])
            if name_key(p.club) == key[1] and not differs(p, licence=licence, born=born)
        ]
        # this tournament's own record of the player first, then the oldest row
        here = [p for p in same if p.pk in self._here]
        return (here or same)[0] if same else None

    def resolve(
        self,
        name: str,
        club: str = "",
        nationality: str = "",
        rating: int | None = None,
        licence: str = "",
        born: datetime.date | None = None,
        same_as: Player | None = None,
    ) -> Player:
        """The player to enter: ``same_as`` when the organiser said so, else the one this
        name (in any case and Unicode form), club, licence and date of birth mean, else a new
        row."""
        from scoring.services.tournaments.base import clean_text  # tournaments imports this

        for text, field_name in (
            (name, "name"),
            (club, "club"),
            (nationality, "nationality"),
            (licence, "licence"),
        ):
            clean_text(text, field=field_name)
        key = _key(name, club)
        if key[0] not in self._looked:
            self.load([key])
        nationality = nationality.strip().upper()
        licence = licence.strip()
        player = same_as if same_as is not None else self._match(key, licence, born)
        if player is None:
            player = new_player(
                name=name,
                club=club,
                nationality=nationality,
                rating=rating,
                licence=licence,
                born=born,
            )
            self.new.append(player)
            self._by_name.setdefault(key[0], []).append(player)
            return player
        want: dict[str, Any] = {}
        if nationality and player.nationality != nationality:
            want["nationality"] = nationality
        if rating is not None and player.rating != rating:
            want["rating"] = rating
        if licence and licence_key(player.licence) != licence_key(licence):
            want["licence"] = licence  # the federation's licence number (issue 15)
        if born is not None and player.born != born:
            want["born"] = born
        if not want:
            return player
        if player.pk is None:  # new in this import: a later line wins
            for attr, value in want.items():
                setattr(player, attr, value)
            return player
        if player.pk in self._elsewhere and player.pk in self._here:
            # entered here and elsewhere: the other tournaments' row stays as it is
            self.kept.append({"player": player.pk, "name": player.name, **_plain(want)})
            return player
        if player.pk in self._elsewhere:
            copy = new_player(
                name=player.name,
                club=player.club,
                nationality=want.get("nationality", player.nationality),
                rating=want.get("rating", player.rating),
                licence=want.get("licence", player.licence),
                born=want.get("born", player.born),
            )
            self.copies.append({"player": player.pk, "name": player.name, **_plain(want)})
            self.new.append(copy)
            # the copy is this tournament's record of the player from now on
            self._by_name[key[0]].insert(0, copy)
            return copy
        self.changes.append(
            {
                "player": player.pk,
                "name": player.name,
                "before": _plain({a: getattr(player, a) for a in want}),
                "after": _plain(want),
            }
        )
        for attr, value in want.items():
            setattr(player, attr, value)
        self.changed[player.pk] = player
        return player

    def save(self) -> None:
        """Write the new rows and the changes so far (inside the caller's transaction)."""
        Player.objects.bulk_create([p for p in self.new if p.pk is None], batch_size=CHUNK)
        if self.changed:
            Player.objects.bulk_update(
                list(self.changed.values()),
                ["nationality", "rating", "licence", "born"],
                batch_size=CHUNK,
            )
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


def current(player: Player) -> Player:
    """The record a merged player now lives in (``merged_into``, followed to its end)."""
    seen = {player.pk}
    while player.merged_into_id is not None and player.merged_into_id not in seen:
        seen.add(player.merged_into_id)
        player = Player.objects.get(pk=player.merged_into_id)
    return player


def find_player(
    name: str, *, club: str = "", licence: str = "", born: datetime.date | None = None
) -> Player | None:
    """A saved player this name (any case and Unicode form) and club mean, for imports that
    create players one at a time (SoL, a stand-alone match); the oldest first, never one
    merged away or one whose licence or date of birth says it is someone else."""
    want = name_key(club)
    for player in Player.objects.filter(name_key=name_key(name), merged_into__isnull=True).order_by(
        "pk"
    ):
        if name_key(player.club) == want and not differs(player, licence=licence, born=born):
            return player
    return None
