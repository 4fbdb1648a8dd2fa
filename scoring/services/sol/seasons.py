"""A SoL tourney's season (issue 33): its championship and the championship's club or
federation, the previous season, and each player's club and federation, brought along with
the tourney (no SoL code is used; the format is SoL's own dump: ``championships``
``{club, description, prizes, skipworstprizes, previous, closed}``, ``clubs``
``{description, nationality, isfederation, siteurl}``, players' ``club`` and ``federation``,
all positions into the first document's lists).

A club is found again by its name and nation, a championship by its club and name: importing
the next file of the same season adds its tourney to the same championship. The imported event
counts for the championship unless a rule refuses it (then the report says why)."""

from __future__ import annotations

import datetime
from typing import Any

from scoring.models import Championship, Club, Entry, Event, Membership, Player
from scoring.seasons import METHODS
from scoring.services.sol.extension import KEY as EXTENSION_KEY
from scoring.services.sol.ratings import rating_for
from scoring.services.sol.reading import SolError, item_at, text_of
from scoring.services.sol.report import Line, SolReport


def _club(lists: dict[str, Any], position: Any) -> Club | None:
    try:
        sclub = item_at(lists.get("clubs") or [], position=position, what="club")
    except SolError:
        return None
    if not isinstance(sclub, dict):
        return None
    name = text_of(sclub.get("description"))[:120]
    if not name:
        return None
    nation = "".join(c for c in text_of(sclub.get("nationality")) if c.isalpha())[:3].upper()
    club, _created = Club.objects.get_or_create(
        name=name,
        nation=nation,
        defaults={
            "federation": bool(sclub.get("isfederation")),
            "website": text_of(sclub.get("siteurl"))[:200],
            "email": text_of(sclub.get("email"))[:254]
            if "@" in text_of(sclub.get("email"))
            else "",
        },
    )
    return club


def _championship(lists: dict[str, Any], position: Any, depth: int = 0) -> Championship | None:
    championships = lists.get("championships") or lists.get("seasons") or []
    try:
        schamp = item_at(championships, position=position, what="championship")
    except SolError:
        return None
    if not isinstance(schamp, dict):
        return None
    name = text_of(schamp.get("description"))[:150]
    club = _club(lists, schamp.get("club"))
    if not name or club is None:
        return None
    prizes = text_of(schamp.get("prizes")) or "fixed"
    previous = None
    if schamp.get("previous") and schamp.get("previous") != position and depth < 20:
        previous = _championship(lists, schamp["previous"], depth + 1)
        if previous is not None and previous.club_id != club.pk:
            previous = None
    skip = schamp.get("skipworstprizes")
    rating = rating_for(lists, tourney={"rating": schamp.get("rating")})
    champ, created = Championship.objects.get_or_create(
        club=club,
        name=name,
        defaults={
            "prizes": prizes if prizes in METHODS else "fixed",
            "skip_worst": skip if isinstance(skip, int) and 0 <= skip <= 99 else 0,
            "previous": previous,
            "rating": rating,
            "closed": bool(schamp.get("closed")),  # SoL's closed championship stays closed
            # SoL keys a pair by its players in the order entered; this app's own export
            # keeps a championship's other choice in the archive's extension
            "pairs_by_order": _pairs_by_order(lists, text_of(schamp.get("guid"))),
        },
    )
    if not created and schamp.get("closed") and not champ.closed:  # SoL closed it since
        champ.closed = True
        champ.save(update_fields=["closed"])
    if not created and champ.rating_id is None and rating is not None:
        champ.rating = rating
        champ.save(update_fields=["rating"])
    if (
        not created
        and champ.previous_id is None
        and previous is not None
        and previous.pk != champ.pk
    ):
        champ.previous = previous
        champ.save(update_fields=["previous"])
    return champ


def _closed_in_sol(lists: dict[str, Any], position: Any) -> bool:
    """Whether the archive's championship at ``position`` is closed (SoL's ``closed``)."""
    championships = lists.get("championships") or lists.get("seasons") or []
    try:
        schamp = item_at(championships, position=position, what="championship")
    except SolError:
        return False
    return isinstance(schamp, dict) and bool(schamp.get("closed"))


def _pairs_by_order(lists: dict[str, Any], guid: str) -> bool:
    """Whether the championship ``guid`` keys a pair by its order (SoL's way, so every file
    SoL wrote) or, as this app's export records it, by its two players in either order."""
    block = lists.get(EXTENSION_KEY)
    found = block.get("championships") if isinstance(block, dict) else None
    row = found.get(guid) if isinstance(found, dict) and guid else None
    return not (isinstance(row, dict) and row.get("pairs_by_order") is False)


def _dated(lists: dict[str, Any], player: Player, guid: str) -> bool:
    """The player's memberships with their dates as this app exported them (the archive's
    extension, by player guid), added where the player has none of that club yet; whether
    the archive had them."""
    block = lists.get(EXTENSION_KEY)
    rows = block.get("memberships", {}).get(guid) if isinstance(block, dict) else None
    if not isinstance(rows, list) or not guid:
        return False
    for row in rows[:50]:
        if not isinstance(row, dict):
            continue
        club = _club(lists, row.get("club"))
        if club is None or Membership.objects.filter(player=player, club=club).exists():
            continue
        since, until = _day(row.get("since")), _day(row.get("until"))
        if since and until and until < since:
            continue
        Membership.objects.create(player=player, club=club, since=since, until=until)
    return True


def _day(value: Any) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def _memberships(lists: dict[str, Any], competitors: list[Any], entries: list[Entry]) -> None:
    """Each player's club and federation as SoL recorded them (a membership with no dates,
    added only to a player who has none of that kind yet); this app's own export brings the
    memberships back with their dates."""
    players = lists.get("players") or []
    for competitor, entry in zip(competitors, entries, strict=False):
        if not isinstance(competitor, dict):
            continue
        members: list[Player] = entry.players
        for player, position in zip(members, competitor.get("players") or [], strict=False):
            try:
                splayer = item_at(players, position=position, what="player")
            except SolError:
                continue
            if not isinstance(splayer, dict):
                continue
            if _dated(lists, player, text_of(splayer.get("guid"))):
                continue
            for key in ("club", "federation"):
                if not splayer.get(key):
                    continue
                club = _club(lists, splayer[key])
                if (
                    club is None
                    or Membership.objects.filter(
                        player=player, club__federation=club.federation
                    ).exists()
                ):
                    continue
                Membership.objects.create(player=player, club=club)


def import_season(
    tourney: dict[str, Any],
    *,
    lists: dict[str, Any],
    event: Event,
    entries: list[Entry],
    report: SolReport,
) -> None:
    """The tourney's championship (with its club and previous seasons) and the players'
    clubs; the imported event counts for the championship."""
    from scoring.services.seasons import SeasonError, add_event

    _memberships(lists, tourney.get("competitors") or [], entries)
    position = tourney.get("championship", tourney.get("season"))
    if not position:
        return
    champ = _championship(lists, position)
    if champ is None:
        return
    try:
        # SoL's closed championship holds its tourneys: they come along (one closed here
        # takes none from a file that has it open)
        add_event(championship=champ, event=event, imported=_closed_in_sol(lists, position))
    except SeasonError as err:
        report.warnings.append(
            Line.gettext(
                "%(tourney)s: not counted for %(championship)s (%(reason)s)",
                tourney=event.tournament.name,
                championship=champ.name,
                reason=err.text(),
            )
        )
