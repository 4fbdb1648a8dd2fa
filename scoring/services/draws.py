"""Draws in the database: a thin layer over the pure pairing modules in :mod:`scoring.draws`.

It reads entries, standings and earlier pairings from the database, calls the pure module and
saves :class:`~scoring.models.Round` and :class:`~scoring.models.Match` rows with bulk inserts:

- **knock-out** and **double elimination**: the whole bracket at once; every match knows where
  its winner (and loser) goes (``winner_to``/``loser_to`` + side). Byes are matches with one
  entry, decided at once (``bye=True``, confirmed); a slot nobody can reach is a void bye.
- **groups**: every round-robin match of every group at once (``Round.Bracket.GROUPS``); when
  the groups are complete, :func:`next_round` draws the knock-out of the top N per group.
- **Swiss**: one round at a time; :func:`next_round` pairs the next round from the confirmed
  results (byes saved as won matches, 25–0).

Decided results and standings are read by :mod:`scoring.standings` (one definition, see
docs/STANDINGS.md). Results flow (:func:`on_match_confirmed`, called by
:func:`scoring.services.results_flow.match_confirmed`): when a match of a bracket is confirmed
(or decided by walkover), the bracket is replayed with :func:`scoring.draws.bracket.advance`
and the later matches get their entries, byes pass, and a match whose entrant has withdrawn
becomes a walkover. Only **confirmed** results advance or pair a round: an organiser confirms
a result entered by quick entry with :func:`confirm_result`.

Every draw records, per match, why the pair was made (``Match.draw_reason``: the pure module's
reason code and parameters).

This module draws the rounds; the other jobs have their own modules, whose names stay
importable from here: :mod:`.draw_brackets` (a whole bracket or every group match saved),
:mod:`.draw_progress` (brackets replayed, :func:`sync_bracket`,
:func:`champion`), :mod:`.walkovers` (walkovers, confirmation, withdrawal) and
:mod:`.results_flow` (what follows a finished, confirmed or changed result: explicit calls).
"""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import scoring.draws as pairing
from scoring.draws import DrawError
from scoring.draws import Entry as DrawEntry
from scoring.models import Entry, Event, Match, Rating, Round
from scoring.records.draw_state import draw_state
from scoring.services import checkin
from scoring.services import draw_brackets as brackets
from scoring.services.audit import Actor
from scoring.services.draw_base import (
    DRAWABLE,
    ELIMINATION,
    READY,
    SYSTEM,
    DrawServiceError,
    decided_fields,
    games_to_win,
    next_match_number,
    reason_json,
    separation_key,
)
from scoring.services.draw_brackets import group_tables
from scoring.services.draw_progress import champion, sync_bracket
from scoring.services.draw_rows import (
    entry_rows,
    has_open_roll_call,
    insert_round,
    lock_event,
    round_heads,
)
from scoring.services.draw_rows import insert_matches as _insert_matches
from scoring.services.point_events import PointDrawError, save_point_round_robin
from scoring.services.results_flow import on_match_confirmed, on_match_finished
from scoring.services.tournaments import audit
from scoring.services.walkovers import (
    confirm_result,
    record_walkover,
    reinstate_entry,
    withdraw_entry,
)
from scoring.standings.results import (
    RESULT_COLUMNS,
    decided_results,
    event_results,
    ranking_rule,
    result_of,
)

# --- reading -----------------------------------------------------------------------------------


def draw_entries(event: Event) -> tuple[list[DrawEntry], set[int]]:
    """The event's entries as the pure modules take them, and the withdrawn ones (one narrow
    query, :func:`scoring.services.draw_rows.entry_rows`: the order and values of
    :func:`scoring.standings.entry_lines`)."""
    out, withdrawn = [], set()
    rows = entry_rows(event)
    by_rating = _rating_seeds(event, [row[0] for row in rows])
    rated_seeds: dict[int, int] = {}
    if by_rating is not None:
        # the rated entries seeded after the organiser's own seeds, best rate first (a
        # knock-out places seeds only; Swiss and groups read the same order)
        after = max((row[1] for row in rows if row[1] is not None), default=0)
        rated = sorted(
            (pk for pk, seed, _gone, _r in rows if seed is None and pk in by_rating),
            key=lambda pk: -by_rating[pk],
        )
        rated_seeds = {pk: after + n for n, pk in enumerate(rated, start=1)}
    for pk, seed, gone, entered_rating in rows:
        rating: float | None = entered_rating
        if by_rating is not None:
            rating = by_rating.get(pk)
            seed = seed if seed is not None else rated_seeds.get(pk)
        out.append(DrawEntry(pk, seed=seed, rating=rating))
        if gone:
            withdrawn.add(pk)
    return out, withdrawn


def _rating_seeds(event: Event, entry_ids: list[int]) -> dict[int, float] | None:
    """Seeding by rating (issue 33), an option of the draw: with ``settings["seed_rating"]``
    each entry's rating is its players' mean rate under that rating on
    ``settings["seed_date"]`` (the tournament's first day when not given; the rates of the
    tournaments ended before it); an entry without a rate has none (after those rated, as
    :func:`scoring.draws.initial_order` ranks). None: the entries' own ratings."""
    from scoring.records.seeding import seeding_date, seeding_rates

    settings = event.settings or {}
    if not settings.get("seed_rating"):
        return None
    rating = Rating.objects.filter(pk=settings["seed_rating"]).first()
    if rating is None:
        return None
    players = {
        pk: [p for p in (player, partner) if p is not None]
        for pk, player, partner in Entry.objects.filter(pk__in=entry_ids).values_list(
            "pk", "player_id", "partner_id"
        )
    }
    rates = seeding_rates(rating, seeding_date(event), [p for ids in players.values() for p in ids])
    out: dict[int, float] = {}
    for pk, ids in players.items():
        known = [rates[p] for p in ids if p in rates]
        if known and len(known) == len(ids):
            out[pk] = round(sum(known) / len(known), 2)
    return out


# Importable from here for the code that already uses them: the results' names (read by the one
# reader of decided results, scoring.standings.results), the draw services' SYSTEM actor
# (scoring/services/draw_base.py) and the jobs split off (issue 13): group tables, brackets
# replayed, walkovers and confirmation, the result flow.
__all__ = [
    "RESULT_COLUMNS",
    "SYSTEM",
    "champion",
    "confirm_result",
    "event_results",
    "group_tables",
    "on_match_confirmed",
    "on_match_finished",
    "record_walkover",
    "reinstate_entry",
    "result_of",
    "sync_bracket",
    "withdraw_entry",
]


# --- writing helpers ---------------------------------------------------------------------------


def _roll_call(event: Event, actor: Actor) -> set[int]:
    """The event's open roll call applied (:func:`scoring.services.checkin.before_draw`);
    none open, nothing to ask."""
    if not has_open_roll_call(event):
        return set()
    return checkin.before_draw(event=event, actor=actor)


# --- Swiss -------------------------------------------------------------------------------------


def _pair_swiss(event: Event, number: int) -> Round:
    """Pair and save Swiss round ``number`` (about ten queries, whatever the field size)."""
    entries, withdrawn = draw_entries(event)
    results, all_confirmed, last_number = decided_results(event)
    if not all_confirmed:
        raise DrawServiceError("round_incomplete")  # only confirmed results pair a round
    try:
        drawn = pairing.pair_round(entries, results, withdrawn=withdrawn, rule=ranking_rule(event))
    except DrawError as err:
        raise DrawServiceError(err.code, **err.params) from err
    if separation_key(event) is not None:
        from scoring.services.separation import separate_swiss, separate_swiss_later

        drawn = (
            separate_swiss(event, drawn=drawn)
            if number == 1
            else separate_swiss_later(event, drawn=drawn)
        )
    rnd = insert_round(
        event,
        bracket=Round.Bracket.MAIN,
        number=number,
        stage="early",
        games_to_win=games_to_win(event, number=number, stage="early"),
    )
    now = timezone.now()
    first = 1 + last_number
    matches = []
    for i, p in enumerate(drawn.pairings):
        fields: dict[str, Any] = {
            "round": rnd,
            "number": first + i,
            "position": i + 1,
            "entry_a_id": p.a,
            "entry_b_id": p.b,
            "draw_reason": reason_json(p.reason),
        }
        if p.b is None:
            fields.update(
                decided_fields(now, bye=True, winner_side="a", games_won={"a": 1, "b": 0})
            )
        else:
            fields["status"] = READY
        matches.append(fields)
    _insert_matches(event, matches, ids=False)
    return rnd


# --- public actions ----------------------------------------------------------------------------


def draw_event(
    *,
    event: Event,
    actor: Actor,
    random_seed: int | None = None,
    expected_rounds: int | None = None,
) -> list[Round]:
    """Make the first draw: the whole bracket (knock-out, double elimination), every group
    match (groups) or round 1 (Swiss). ``expected_rounds`` (what the page showed, 0) stops a
    second click from drawing twice."""
    with transaction.atomic():
        event = lock_event(event)
        if event.format not in DRAWABLE:
            raise DrawServiceError("not_drawable")
        if event.rounds.exists():
            raise DrawServiceError("already_drawn")
        if expected_rounds not in (None, 0):
            raise DrawServiceError("already_drawn")
        absent = _roll_call(event, actor)  # the roll call (issue 15)
        entries, withdrawn = draw_entries(event)
        entries = [e for e in entries if e.id not in withdrawn]
        if len(entries) < 2:
            raise DrawServiceError("too_few_entries", minimum=2)
        seed = random_seed
        if seed is None and event.settings.get("random_draw", True):
            seed = random.SystemRandom().randrange(1, 2**31)
        try:
            if event.kind == Event.Kind.POINTS:  # point carrom: tables of three
                rounds = save_point_round_robin(
                    event,
                    entry_ids=sorted(int(e.id) for e in entries),
                    insert=_insert_matches,
                    next_number=next_match_number(event),
                )
            elif event.format in ELIMINATION:
                rounds = brackets.save_bracket(
                    event, bracket=brackets.build_bracket(event, entries=entries, seed=seed)
                )
            elif event.format == Event.Format.GROUPS:
                rounds = brackets.save_groups(event, entries=entries)
            else:
                rounds = [_pair_swiss(event, 1)]
        except DrawError as err:
            raise DrawServiceError(err.code, **err.params) from err
        except PointDrawError as err:
            raise DrawServiceError(err.code, **err.params) from err
        checkin.after_draw(rounds=rounds, absent=absent, actor=actor)
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
        event.status = Event.Status.RUNNING
        audit(
            event.tournament,
            actor=actor,
            action="draw_made",
            detail={
                "event": event.pk,
                "format": event.format,
                "entries": len(entries),
                "random_seed": seed,
            },
        )
    _after_draw(event)
    return rounds


def next_round(*, event: Event, actor: Actor, expected_rounds: int | None = None) -> list[Round]:
    """The next step once a round is complete: the next Swiss round, or the knock-out of the
    group qualifiers."""
    with transaction.atomic():
        event = lock_event(event)
        rounds = round_heads(event)  # (number, bracket)
        if expected_rounds is not None and expected_rounds != len(rounds):
            raise DrawServiceError("already_drawn")
        if not rounds:
            raise DrawServiceError("not_drawn")
        try:
            if event.format == Event.Format.SWISS:
                planned = int(event.settings.get("rounds") or 0)
                if planned and len(rounds) >= planned:
                    raise DrawServiceError("all_rounds_drawn")
                absent = _roll_call(event, actor)  # the roll call
                made = [_pair_swiss(event, len(rounds) + 1)]
                checkin.after_draw(rounds=made, absent=absent, actor=actor)
            elif event.format == Event.Format.GROUPS:
                state = draw_state(event)
                if not state.can_next:
                    raise DrawServiceError(state.blocked or "nothing_to_draw")
                entries, _withdrawn = draw_entries(event)
                by_group = brackets.group_tables(event, entries=entries)
                tables = list(by_group.values())
                places = {
                    s.entry: (name, s.rank) for name, table in by_group.items() for s in table
                }
                offset = max(number for number, _bracket in rounds)
                made = brackets.save_bracket(
                    event,
                    bracket=brackets.build_bracket(
                        event, entries=entries, seed=None, groups_tables=tables
                    ),
                    offset=offset,
                    places=places,
                )
            else:
                raise DrawServiceError("nothing_to_draw")
        except DrawError as err:
            raise DrawServiceError(err.code, **err.params) from err
        audit(
            event.tournament,
            actor=actor,
            action="round_drawn",
            detail={"event": event.pk, "rounds": [r.number for r in made]},
        )
    _after_draw(event)
    return made


def _after_draw(event: Event) -> None:
    """The automatic call-up after a draw; ``event`` comes from :func:`lock_event`, so its
    tournament's setting was read in the draw's transaction (no query when it is off)."""
    if event.tournament.auto_callup:
        from scoring.services.callup import auto_assign

        auto_assign(tournament=event.tournament)


def delete_last_round(*, event: Event, actor: Actor, expected_rounds: int) -> None:
    """Take back the last drawn round (the whole draw for a bracket or the group stage) while
    none of its matches has started. ``expected_rounds`` must be the number of rounds the
    organiser saw (a stale or repeated request deletes nothing)."""
    with transaction.atomic():
        event = lock_event(event)
        rounds = list(event.rounds.order_by("number"))
        if expected_rounds != len(rounds) or not rounds:
            raise DrawServiceError("stale_rounds")
        if event.format == Event.Format.SWISS:
            doomed = [rounds[-1]]
        elif event.format == Event.Format.GROUPS and any(
            r.bracket != Round.Bracket.GROUPS for r in rounds
        ):
            doomed = [r for r in rounds if r.bracket != Round.Bracket.GROUPS]
        else:
            doomed = rounds
        matches = Match.objects.filter(round__in=doomed)
        started = matches.filter(
            Q(games__isnull=False)
            | Q(walkover=True)
            | Q(status__in=(Match.Status.CALLED, Match.Status.PLAYING, Match.Status.FINISHED))
            | Q(status=Match.Status.CONFIRMED, bye=False)
        ).exists()
        if started:
            raise DrawServiceError("round_started")
        numbers = [r.number for r in doomed]
        Match.objects.filter(round__in=doomed).update(winner_to=None, loser_to=None)
        Match.objects.filter(round__in=doomed).delete()
        Round.objects.filter(pk__in=[r.pk for r in doomed]).delete()
        if not event.rounds.exists():
            Event.objects.filter(pk=event.pk).update(status=Event.Status.ENTRY)
        elif event.status == Event.Status.FINISHED:
            Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
        audit(
            event.tournament,
            actor=actor,
            action="round_deleted",
            detail={"event": event.pk, "rounds": numbers},
        )


def set_round_games(*, rnd: Round, games_to_win: int, actor: Actor) -> Round:
    """Best of three (2) or one game (1) for a round whose matches have not started."""
    if games_to_win not in (1, 2, 3):
        raise DrawServiceError("bad_games")
    with transaction.atomic():
        if (
            Match.objects.filter(round=rnd)
            .filter(
                Q(games__isnull=False) | Q(status__in=(Match.Status.PLAYING, Match.Status.FINISHED))
            )
            .exists()
        ):
            raise DrawServiceError("round_started")
        before = rnd.games_to_win
        rnd.games_to_win = games_to_win
        rnd.save(update_fields=["games_to_win"])
        Match.objects.filter(round=rnd).update(games_to_win=games_to_win)
        audit(
            rnd.event.tournament,
            actor=actor,
            action="round_games",
            detail={
                "event": rnd.event_id,
                "round": rnd.number,
                "before": before,
                "after": games_to_win,
            },
        )
        return rnd
