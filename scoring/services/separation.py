"""Separation by club or nation applied to a saved draw (issue 14): reads the entries' clubs
(or nations) and hands them to the pure :mod:`scoring.draws.separation`."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, cast

from scoring.draws import Pairing, Reason
from scoring.draws.separation import (
    separate_groups,
    separate_later_round,
    separate_lines,
    separate_round_one,
)
from scoring.models import Entry, Event


def entry_keys(event: Event) -> dict[int, str]:
    """Each entry's club (or nation) for the event's separation; doubles: the player's; a
    team event: the team's club or nation (either setting, issue 34)."""
    if event.is_teams:
        return {
            pk: (value or "").strip().casefold()
            for pk, value in Entry.objects.filter(event=event).values_list("pk", "team__club")
        }
    field = "player__club" if event.settings.get("separate") == "club" else "player__nationality"
    return {
        pk: (value or "").strip().casefold()
        for pk, value in Entry.objects.filter(event=event).values_list("pk", field)
    }


def club_key(event: Event) -> Callable[[Hashable], str]:
    """The separation key of an entry id of ``event`` (:func:`entry_keys`; "" when unknown)."""
    keys = entry_keys(event)
    return lambda e: keys.get(e, "") if isinstance(e, int) else ""


def separate_event_groups(event: Event, *, groups: Any) -> tuple[Any, frozenset[int]]:
    """The event's groups with as few clubmates together as possible (issue 14)."""
    separated, moved = separate_groups(groups, club_key(event))
    return separated, cast(frozenset[int], moved)


def separate_swiss(event: Event, *, drawn: Any) -> Any:
    """Swiss round 1 with as few clubmates paired as possible; moved pairs say so."""
    pairs = [(p.a, p.b) for p in drawn.pairings if p.b is not None]
    bye = next((p.a for p in drawn.pairings if p.b is None), None)
    new_pairs, new_bye, moved = separate_round_one(pairs, bye, club_key(event))
    if not moved and new_bye == bye:
        return drawn
    old = {frozenset((p.a, p.b)): p for p in drawn.pairings if p.b is not None}
    by = event.settings.get("separate")
    pairings = [
        old.get(frozenset((a, b)))
        or Pairing(cast(int, a), cast(int, b), Reason("sep_moved", {"by": by}))
        for a, b in new_pairs
    ]
    if new_bye is not None:
        bye_pairing = next((p for p in drawn.pairings if p.b is None and p.a == new_bye), None)
        moved_bye = Pairing(cast(int, new_bye), None, Reason("sep_moved", {"by": by}))
        pairings.append(bye_pairing or moved_bye)
    return replace(drawn, pairings=tuple(pairings))


def separate_swiss_later(event: Event, *, drawn: Any) -> Any:
    """A later Swiss round with as few clubmates paired as its scores allow (a soft
    preference, SoL's "delay compatriots"): no repeat, score groups and floats as paired, the
    bye kept. Moved pairs say so in their reason."""
    lines = {s.entry: s for s in drawn.standings}
    pairs = [(p.a, p.b) for p in drawn.pairings if p.b is not None]
    new_pairs, moved = separate_later_round(
        pairs,
        {e: s.score for e, s in lines.items()},
        lambda a, b: b in lines[a].opponents,
        club_key(event),
        {e: s.rank for e, s in lines.items()},
    )
    if not moved:
        return drawn
    old = {frozenset((p.a, p.b)): p for p in drawn.pairings if p.b is not None}
    by = event.settings.get("separate")
    pairings = [
        old.get(frozenset((a, b)))
        or Pairing(cast(int, a), cast(int, b), Reason("sep_moved", {"by": by}))
        for a, b in new_pairs
    ]
    pairings += [p for p in drawn.pairings if p.b is None]
    return replace(drawn, pairings=tuple(pairings))


def separate_knockout(event: Event, *, bracket: Any) -> Any:
    """The drawn (unseeded) entries of a knock-out placed so that clubmates meet as late as
    possible; seeds and byes keep their lines."""
    movable = frozenset(e for e, seed in bracket.seeds.items() if seed is None)
    lines, moved = separate_lines(bracket.lines, movable, club_key(event))
    return replace(bracket, lines=lines) if moved else bracket
