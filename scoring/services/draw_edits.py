"""The organiser changes a draw by hand (issue 14): swap two entries, or an entry and a bye,
in a round whose matches have not started; pin a pairing (two entries made to meet: one swap);
pair a Swiss round again. Every change re-checks
the format's invariants (Swiss: no repeat pairing, one bye at most per entry); a change that
breaks one is refused unless the organiser overrides it explicitly, and the override is
logged with its reason."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from scoring.models import Event, Match, Round
from scoring.records import other_side
from scoring.services.audit import Actor
from scoring.services.draw_base import ELIMINATION, NOT_STARTED, DrawServiceError
from scoring.services.draw_progress import sync_bracket
from scoring.services.draw_rows import lock_event
from scoring.services.draws import delete_last_round, next_round
from scoring.services.tournaments import audit

Slot = tuple[int, str]  # (match id, side "a"/"b")


def _editable_round(event: Event, rnd: Round) -> None:
    """Swiss: the last round; knock-out: the first round. Groups are refused (a swap would
    break the round robin)."""
    if event.format == Event.Format.SWISS:
        last = event.rounds.order_by("-number").values_list("pk", flat=True).first()
        if rnd.pk != last:
            raise DrawServiceError("edit_not_last_round")
    elif event.format in ELIMINATION:
        if rnd.number != 1 or rnd.bracket not in (Round.Bracket.MAIN, Round.Bracket.WINNERS):
            raise DrawServiceError("edit_not_first_round")
    else:
        raise DrawServiceError("edit_not_possible")


def _not_started(m: Match) -> bool:
    if m.bye:  # a bye is decided at the draw; its winner must not have played on yet
        nxt = Match.objects.filter(pk=m.winner_to_id).first() if m.winner_to_id else None
        return nxt is None or (nxt.status in NOT_STARTED and not nxt.games.exists())
    return (
        m.status in (*NOT_STARTED, Match.Status.CALLED) and not m.walkover and not m.games.exists()
    )


def _pairs_after(matches: list[Match]) -> list[tuple[int | None, int | None]]:
    return [(m.entry_a_id, m.entry_b_id) for m in matches]


def broken_invariants(event: Event, *, rnd: Round, matches: list[Match]) -> list[dict[str, Any]]:
    """The format's invariants that ``matches`` (the round's rows as they would be) break."""
    if event.format != Event.Format.SWISS:
        return []
    earlier = Match.objects.filter(event=event, round__number__lt=rnd.number)
    met = {
        frozenset((a, b)): n
        for a, b, n in earlier.exclude(entry_b__isnull=True).values_list(
            "entry_a_id", "entry_b_id", "round__number"
        )
        if a and b
    }
    byes = set(earlier.filter(bye=True).values_list("entry_a_id", flat=True))
    broken: list[dict[str, Any]] = []
    for m in matches:
        a, b = m.entry_a_id, m.entry_b_id
        if a and b and frozenset((a, b)) in met:  # the pair, and the round it played in
            broken.append(
                {
                    "code": "repeat_pairing",
                    "match": m.number,
                    "entries": [a, b],
                    "round": met[frozenset((a, b))],
                }
            )
        if m.bye and (a or b) in byes:
            broken.append({"code": "second_bye", "match": m.number})
    return broken


def swap_entries(
    *,
    event: Event,
    first: Slot,
    second: Slot,
    actor: Actor,
    override: bool = False,
    reason: str = "",
    action: str = "draw_swap",
) -> list[dict[str, Any]]:
    """Swap the entries of two places of one round (an entry and a bye: the bye's entrant).

    :returns: the invariants the swap breaks (empty, or overridden and logged).
    :raises DrawServiceError: the round has started, the places are not of one round, or an
        invariant breaks without ``override`` (``draw_invariant``; nothing is saved).
    """
    reason = (reason or "").strip()
    with transaction.atomic():
        event = lock_event(event)
        ids = {first[0], second[0]}
        rows = {
            m.pk: m
            for m in Match.objects.select_for_update(of=("self",))
            .filter(pk__in=ids, event=event)
            .select_related("round")
        }
        if len(rows) != len(ids) or first == second:
            raise DrawServiceError("edit_bad_places")
        rnd = rows[first[0]].round
        if rnd is None or any(m.round_id != rnd.pk for m in rows.values()):
            raise DrawServiceError("edit_bad_places")
        _editable_round(event, rnd)
        if not all(_not_started(m) for m in rows.values()):
            raise DrawServiceError("round_started")
        places = []
        for match_id, side in (first, second):
            m = rows[match_id]
            if side not in ("a", "b"):
                raise DrawServiceError("edit_bad_places")
            if m.bye:  # the bye's entrant sits on its one filled side
                side = "a" if m.entry_a_id else "b"
            places.append((m, side, getattr(m, f"entry_{side}_id")))
        (m1, s1, e1), (m2, s2, e2) = places
        if e1 is None or e2 is None:
            raise DrawServiceError("edit_bad_places")
        setattr(m1, f"entry_{s1}_id", e2)
        setattr(m2, f"entry_{s2}_id", e1)
        matches = list(Match.objects.filter(round=rnd).exclude(pk__in=ids)) + [m1, m2]
        broken = broken_invariants(event, rnd=rnd, matches=matches)
        if broken and not override:
            raise DrawServiceError("draw_invariant", broken=broken)
        if broken and not reason:
            raise DrawServiceError("override_reason")
        now = timezone.now()
        for m in {m1.pk: m1, m2.pk: m2}.values():
            m.draw_reason = {
                "code": "manual_swap",
                "params": {"by": getattr(actor.user, "get_username", lambda: "")()},
            }
            m.revision += 1
            m.updated_at = now
            Match.objects.filter(pk=m.pk).update(
                entry_a_id=m.entry_a_id,
                entry_b_id=m.entry_b_id,
                draw_reason=m.draw_reason,
                revision=m.revision,
                updated_at=now,
            )
        audit(
            event.tournament,
            actor=actor,
            action=action,
            detail={
                "event": event.pk,
                "round": rnd.number,
                "matches": [m1.number, m2.number],
                "entries": [e1, e2],
                "broken": broken,
                "override": bool(broken),
                "reason": reason,
            },
            match=m1,
        )
        if event.format in ELIMINATION:
            sync_bracket(event, actor=actor)
    return broken


def pin_pairing(
    *, event: Event, first: int, second: int, actor: Actor, override: bool = False, reason: str = ""
) -> list[dict[str, Any]]:
    """Make entries ``first`` and ``second`` meet in the round that can still change: one
    swap (:func:`swap_entries`, the same checks and override) of ``second`` with the opponent
    of ``first``; when ``first`` has the bye, ``first`` takes the place of ``second``'s
    opponent, who gets the bye. Audited as ``draw_pin``.

    :returns: the invariants the pin breaks (empty, or overridden and logged).
    :raises DrawServiceError: ``pin_same_entry``, ``pin_not_in_round`` (an entry without a
        place in the round), ``pin_already`` (they already meet), or as :func:`swap_entries`.
    """
    if first == second:
        raise DrawServiceError("pin_same_entry")
    rnd = editable_round(event)
    if rnd is None:
        raise DrawServiceError("edit_not_possible")
    place: dict[int, tuple[Match, str]] = {}
    for m in Match.objects.filter(round=rnd).order_by("position", "number"):
        for side in ("a", "b"):
            entry = getattr(m, f"entry_{side}_id")
            if entry is not None:
                place[entry] = (m, side)
    if first not in place or second not in place:
        raise DrawServiceError("pin_not_in_round")
    (m1, s1), (m2, s2) = place[first], place[second]
    if m1.pk == m2.pk:
        raise DrawServiceError("pin_already")
    if m1.bye:  # first moves to second's opponent's place; that opponent gets the bye
        moving, target = (m1.pk, s1), (m2.pk, other_side(s2))
    else:  # second takes the place of first's opponent (a bye of second: he gets it)
        moving, target = (m2.pk, s2), (m1.pk, other_side(s1))
    return swap_entries(
        event=event,
        first=moving,
        second=target,
        actor=actor,
        override=override,
        reason=reason,
        action="draw_pin",
    )


def editable_round(event: Event) -> Round | None:
    """The round hand changes apply to: the last Swiss round, a knock-out's first round."""
    rounds = list(event.rounds.order_by("number"))
    if event.format == Event.Format.SWISS and rounds:
        return rounds[-1]
    if event.format in ELIMINATION:
        return next((r for r in rounds if r.number == 1), None)
    return None


def pin_choices(event: Event) -> tuple[Round | None, list[tuple[int, str, int]]]:
    """The round a pin applies to and its entries: (entry id, name, match number)."""
    rnd = editable_round(event)
    if rnd is None:
        return None, []
    out = []
    for m in (
        Match.objects.filter(round=rnd)
        .select_related(
            "entry_a__player", "entry_a__partner", "entry_b__player", "entry_b__partner"
        )
        .order_by("position", "number")
    ):
        for entry in (m.entry_a, m.entry_b):
            if entry is not None:
                out.append((entry.pk, entry.name, m.number))
    return rnd, out


def pair_round_again(*, event: Event, actor: Actor, expected_rounds: int) -> list[Round]:
    """Pair the last Swiss round again (none of its matches started): taken back and drawn
    anew on the results as they are now (after a correction, say)."""
    if event.format != Event.Format.SWISS:
        raise DrawServiceError("edit_not_possible")
    with transaction.atomic():
        delete_last_round(event=event, actor=actor, expected_rounds=expected_rounds)
        return next_round(event=event, actor=actor, expected_rounds=expected_rounds - 1)


def swappable(event: Event, *, rnd: Round) -> bool:
    """Can the organiser swap places in ``rnd`` now?"""
    try:
        _editable_round(event, rnd)
    except DrawServiceError:
        return False
    return (
        not Match.objects.filter(round=rnd, bye=False)
        .filter(
            Q(games__isnull=False)
            | Q(walkover=True)
            | Q(status__in=(Match.Status.PLAYING, Match.Status.FINISHED, Match.Status.CONFIRMED))
        )
        .exists()
    )
