"""Whole brackets and group stages saved (split off :mod:`scoring.services.draws`, whose
:func:`~scoring.services.draws.draw_event` and :func:`~scoring.services.draws.next_round` call
them; every name stays importable from there).

- **knock-out** and **double elimination**: the whole bracket at once; every match knows where
  its winner (and loser) goes (``winner_to``/``loser_to`` + side). Byes are matches with one
  entry, decided at once (``bye=True``, confirmed); a slot nobody can reach is a void bye.
- **groups**: every round-robin match of every group at once (``Round.Bracket.GROUPS``).
"""

from __future__ import annotations

import string
from collections import defaultdict
from typing import Any

from django.utils import timezone

import scoring.draws as pairing
from scoring import standings
from scoring.draws import Bracket, BracketMatch, advance
from scoring.draws import Entry as DrawEntry
from scoring.models import Event, Match, Round
from scoring.records.sql import link_matches
from scoring.services.draw_base import (
    decided_fields,
    games_to_win,
    next_match_number,
    reason_json,
    separation_key,
)
from scoring.services.draw_rows import insert_matches

# --- elimination brackets ----------------------------------------------------------------------


def slot(event: Event, *, m: BracketMatch, offset: int) -> tuple[str, int]:
    """The (Round.bracket, Round.number) of a bracket match."""
    if event.format == Event.Format.DOUBLE_ELIMINATION:
        bracket = {
            "winners": Round.Bracket.WINNERS,
            "losers": Round.Bracket.LOSERS,
            "grand_final": Round.Bracket.FINAL,
        }[m.section]
        return bracket, m.round
    if m.section == "third_place":
        return Round.Bracket.PLACEMENT, offset + m.round
    return Round.Bracket.MAIN, offset + m.round


def _round_name(event: Event, m: BracketMatch, last: dict[str, int]) -> str:
    if event.format != Event.Format.DOUBLE_ELIMINATION:
        return "Third-place match" if m.section == "third_place" else m.round_name
    if m.section == "grand_final":
        return "Grand final (reset)" if m.reset else "Grand final"
    if m.round == last[m.section]:
        return "Winners final" if m.section == "winners" else "Losers final"
    return ""


def _play_order(m: BracketMatch) -> tuple[int, int, int]:
    """Winners round r at wave 2r-2, losers round 1 at 1 and j ≥ 2 at j+1, grand final last:
    match numbers follow the order in which matches can be played."""
    if m.section in ("winners", "third_place"):
        wave = 2 * m.round - 2 + (1 if m.section == "third_place" else 0)
    elif m.section == "losers":
        wave = 1 if m.round == 1 else m.round + 1
    else:
        wave = 10_000 + m.round
    return wave, 0 if m.section == "winners" else 1, m.index


def build_bracket(
    event: Event, *, entries: list[DrawEntry], seed: int | None, groups_tables: Any = None
) -> Bracket:
    options = event.settings
    if groups_tables is not None:
        return pairing.knockout_from_groups(
            groups_tables,
            int(options.get("qualifiers") or 2),
            third_place=bool(options.get("third_place")),
        )
    if event.format == Event.Format.DOUBLE_ELIMINATION:
        bracket = pairing.double_elimination(
            entries, reset=options.get("reset", True), random_seed=seed
        )
    else:
        bracket = pairing.single_elimination(
            entries, third_place=bool(options.get("third_place")), random_seed=seed
        )
    if separation_key(event) is not None:  # the lines: a knock-out's, or the winners' bracket
        # of a double elimination (clubmates meet there as late as the seeding allows)
        from scoring.services.separation import separate_knockout

        bracket = separate_knockout(event, bracket=bracket)
    return bracket


def save_bracket(
    event: Event,
    *,
    bracket: Bracket,
    offset: int = 0,
    places: dict[int, tuple[str, int]] | None = None,
) -> list[Round]:
    """Rounds and matches of a whole bracket in a few bulk inserts; byes decided at once.

    ``places`` (the knock-out after groups): each qualifier's group and place, so the first
    round says "winner of group A v runner-up of group B" rather than qualifier seeds."""
    progress = advance(bracket, {})
    now = timezone.now()
    last: dict[str, int] = defaultdict(int)
    for m in bracket.matches:
        last[m.section] = max(last[m.section], m.round)
    rounds: dict[tuple[str, int], Round] = {}
    for m in bracket.matches:
        key = slot(event, m=m, offset=offset)
        if key not in rounds:
            rounds[key] = Round(
                event=event,
                bracket=key[0],
                number=key[1],
                name=_round_name(event, m, last),
                stage=m.stage,
                games_to_win=games_to_win(event, number=key[1], stage=m.stage),
            )
    Round.objects.bulk_create(list(rounds.values()))
    first = next_match_number(event)
    ordered = sorted(bracket.matches, key=_play_order)
    numbers = {m.id: first + i for i, m in enumerate(ordered)}
    states = {s.id: s for s in progress.states}
    # where each match's winner / loser goes: (target id, side)
    targets: dict[tuple[str, str], tuple[str, str]] = {}
    for m in bracket.matches:
        if m.reset:
            continue
        for side, src in (("a", m.a), ("b", m.b)):
            if src.kind in ("winner", "loser"):
                targets[(str(src.ref), src.kind)] = (m.id, side)
    rows = []
    for m in bracket.matches:
        st = states[m.id]
        row: dict[str, Any] = {
            "round": rounds[slot(event, m=m, offset=offset)],
            "number": numbers[m.id],
            "position": m.index,
            "entry_a_id": st.a,
            "entry_b_id": st.b,
            "draw_reason": _group_reason(st, places) if places else reason_json(st.reason),
        }
        if st.status == "ready":
            row["status"] = Match.Status.READY
        elif st.status in ("bye", "void"):
            side = (
                "a"
                if st.winner is not None and st.winner == st.a
                else ("b" if st.winner is not None else "")
            )
            row.update(decided_fields(now, bye=True, winner_side=side))
        rows.append(row)
    ids = insert_matches(event, rows)
    links = []
    for m in bracket.matches:
        winner = targets.get((m.id, "winner"), (None, ""))
        loser = targets.get((m.id, "loser"), (None, ""))
        if winner[0] or loser[0]:
            links.append(
                (
                    ids[numbers[winner[0]]] if winner[0] else None,
                    winner[1],
                    ids[numbers[loser[0]]] if loser[0] else None,
                    loser[1],
                    ids[numbers[m.id]],
                )
            )
    link_matches(links)
    return list(rounds.values())


def _group_reason(st: Any, places: dict[int, tuple[str, int]]) -> dict[str, Any]:
    """Why a first-round pair of the knock-out after groups was made, by group places."""
    if st.match.round != 1 or st.reason.code not in (
        "ko_seeded",
        "ko_seeded_drawn",
        "ko_drawn",
        "ko_bye",
        "ko_bye_drawn",
    ):
        return reason_json(st.reason)
    a, b = places.get(st.a), places.get(st.b)
    if a and b:
        return {
            "code": "group_places",
            "params": {"group_a": a[0], "place_a": a[1], "group_b": b[0], "place_b": b[1]},
        }
    only = a or b
    if only:
        return {"code": "group_bye", "params": {"group": only[0], "place": only[1]}}
    return reason_json(st.reason)


# --- groups ------------------------------------------------------------------------------------


def group_names(count: int) -> list[str]:
    letters = string.ascii_uppercase
    return [
        letters[i] if i < 26 else f"{letters[i // 26 - 1]}{letters[i % 26]}" for i in range(count)
    ]


def save_groups(event: Event, *, entries: list[DrawEntry]) -> list[Round]:
    count = int(event.settings.get("groups") or max(1, len(entries) // 4))
    groups = pairing.snake_groups(entries, count)
    moved: frozenset[int] = frozenset()
    if separation_key(event) is not None:
        from scoring.services.separation import separate_event_groups

        groups, moved = separate_event_groups(event, groups=groups)
    by_id = {e.id: e for e in entries}
    names = group_names(len(groups))
    schedules = [pairing.circle_schedule([by_id[i] for i in g]) for g in groups]
    rounds = [
        Round(
            event=event,
            bracket=Round.Bracket.GROUPS,
            number=n,
            stage="early",
            games_to_win=games_to_win(event, number=n, stage="early"),
        )
        for n in range(1, max(len(s) for s in schedules) + 1)
    ]
    Round.objects.bulk_create(rounds)
    number = next_match_number(event)
    matches: list[dict[str, Any]] = []
    for r, rnd in enumerate(rounds):
        for name, schedule in zip(names, schedules, strict=True):
            if r >= len(schedule):
                continue
            for index, p in enumerate(schedule[r], start=1):
                if p.b is None:
                    continue  # a rest, not a match
                reason = reason_json(p.reason)
                if moved & {p.a, p.b}:  # separation put one of them into this group
                    reason = {
                        "code": "sep_group",
                        "params": {"group": name, "by": event.settings.get("separate")},
                    }
                matches.append(
                    {
                        "round": rnd,
                        "number": number,
                        "position": index,
                        "group": name,
                        "entry_a_id": p.a,
                        "entry_b_id": p.b,
                        "status": Match.Status.READY,
                        "draw_reason": reason,
                    }
                )
                number += 1
    insert_matches(event, matches)
    return rounds


def group_tables(
    event: Event, *, entries: list[DrawEntry] | None = None
) -> dict[str, tuple[Any, ...]]:
    """Each group's places (entry, rank), from the one group table
    (:func:`scoring.standings.group_tables`, the event's ranking rule). ``entries`` is
    accepted for callers that have them; the table reads its own."""
    return standings.group_places(event)
