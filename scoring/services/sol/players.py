"""SoL's players as this app's players (issue 31: one person, one player): the key a SoL
player is known by, his names, club and date of birth, and the player he is here (reused when
known, through :func:`scoring.services.players.find_player`) (split from :mod:`.tourneys`,
issue 36: no module over 500 lines)."""

from __future__ import annotations

import datetime
from typing import Any

from scoring.models import ExternalRecord, Player
from scoring.services.players import current, find_player
from scoring.services.sol.reading import SolError, item_at, text_of
from scoring.services.sol.report import Line, SolReport

SOURCE = "sol"


def player_key(splayer: dict[str, Any]) -> str:
    guid = text_of(splayer.get("guid"))
    if guid:
        return guid
    parts = [text_of(splayer.get(k)).casefold() for k in ("lastname", "firstname", "nickname")]
    return "name:" + "|".join(parts)


def import_player(splayer: Any, *, lists: dict[str, Any], report: SolReport) -> Player:
    if not isinstance(splayer, dict):
        raise SolError(Line.gettext("a player must be a mapping"))
    key = player_key(splayer)
    record = ExternalRecord.objects.filter(source=SOURCE, kind="player", key=key).first()
    if record is not None and record.player is not None:
        report.players_reused += 1
        return current(record.player)  # a merged record: the player it lives in now
    first, last, nickname, name, club, nationality, born = player_fields(splayer, lists=lists)
    # one person, one player (issue 31): a known player of this name and club is reused
    player = find_player(name[:120], club=club[:120], born=born)
    if player is not None:
        report.players_reused += 1
    else:
        player = Player.objects.create(
            name=name[:120], club=club[:120], nationality=nationality, born=born
        )
        report.players_created += 1
    ExternalRecord.objects.create(
        source=SOURCE,
        kind="player",
        key=key[:100],
        player=player,
        data={
            "firstname": first,
            "lastname": last,
            "nickname": nickname,
            "nationality": nationality,
            "club": club,
        },
    )
    return player


def player_fields(
    splayer: dict[str, Any], *, lists: dict[str, Any]
) -> tuple[str, str, str, str, str, str, datetime.date | None]:
    """A SoL player as this app names it: first name, last name, nickname, the player's
    name ("First Last (nickname)"), club, nationality and date of birth.

    :raises SolError: the player has no name, or names a club the archive does not list.
    """
    first, last = text_of(splayer.get("firstname")), text_of(splayer.get("lastname"))
    name = " ".join(p for p in (first, last) if p)
    nickname = text_of(splayer.get("nickname"))
    if nickname:
        name = f"{name} ({nickname})"
    if not name:
        raise SolError(Line.gettext("a player has no name"))
    club = ""
    if splayer.get("club") is not None:
        sclub = item_at(lists.get("clubs") or [], position=splayer["club"], what="club")
        club = text_of(sclub.get("description") if isinstance(sclub, dict) else sclub)
    nationality = text_of(splayer.get("nationality"))[:3].upper()
    return first, last, nickname, name, club, nationality, born_of(splayer.get("birthdate"))


def born_of(value: Any) -> datetime.date | None:
    """SoL's ``birthdate`` (a date, or ISO text) or None."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None
