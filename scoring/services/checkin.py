"""Check-in: the roll call of an event before a draw.

The organiser opens a roll call (a tablet page), marks who is present, and may let players
confirm themselves on the live page with a short code shown in the hall. The next draw of the
event (``scoring.services.draws.draw_event`` / ``next_round``) calls :func:`before_draw` and
:func:`after_draw`: entries not present are withdrawn (the draw leaves them out) or drawn and
their matches given as walkovers to the opponents (ICF: a player not ready to play when called
loses by walkover), as the organiser chose. Applying closes the roll call.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from scoring.limits import ascii_digits
from scoring.models import Entry, Event, Match, RollCall, Round
from scoring.services.audit import Actor
from scoring.services.tournaments import TournamentError, audit
from scoring.services.walkovers import record_walkover, withdraw_entry

#: Digits only: typed on a phone's number pad; no 0/1 to be mixed up with O/I.
CODE_DIGITS = "23456789"
CODE_LENGTH = 6


class CheckInError(TournamentError):
    """Something the organiser or player can fix; ``code`` is stable, the view says it."""


@dataclass(frozen=True)
class RollCallSummary:
    roll_call: RollCall | None
    entries: list[Entry]
    present: int
    absent: int


def _new_code() -> str:
    return "".join(secrets.choice(CODE_DIGITS) for _ in range(CODE_LENGTH))


def roll_call_of(event: Event) -> RollCall | None:
    return RollCall.objects.filter(event=event).first()


def summary(event: Event) -> RollCallSummary:
    """The entries still in the event with who is present (two queries)."""
    entries = list(
        Entry.objects.filter(event=event, withdrawn=False)
        .select_related("player", "partner")
        .order_by("player__name", "pk")
    )
    present = sum(1 for e in entries if e.present_at)
    return RollCallSummary(roll_call_of(event), entries, present, len(entries) - present)


def open_roll_call(
    *,
    event: Event,
    actor: Actor,
    self_checkin: bool = False,
    absent: str = RollCall.Absent.WITHDRAW,
) -> RollCall:
    """Start a roll call (everyone absent until marked); a new code if players check in."""
    if absent not in RollCall.Absent.values:
        raise CheckInError("bad_absent")
    with transaction.atomic():
        roll_call, _created = RollCall.objects.select_for_update().get_or_create(event=event)
        roll_call.open = True
        roll_call.self_checkin = bool(self_checkin)
        roll_call.absent = absent
        roll_call.code = _new_code() if self_checkin else ""
        roll_call.opened_at = timezone.now()
        roll_call.applied_at = None
        roll_call.save()
        Entry.objects.filter(event=event).update(present_at=None, present_via="")
        audit(
            event.tournament,
            actor=actor,
            action="roll_call_opened",
            detail={"event": event.pk, "self_checkin": roll_call.self_checkin, "absent": absent},
        )
    return roll_call


def set_options(*, roll_call: RollCall, actor: Actor, self_checkin: bool, absent: str) -> RollCall:
    """Change the options of an open roll call without clearing who is present."""
    if absent not in RollCall.Absent.values:
        raise CheckInError("bad_absent")
    if not roll_call.open:
        raise CheckInError("closed")
    if self_checkin and not roll_call.code:
        roll_call.code = _new_code()
    roll_call.self_checkin = bool(self_checkin)
    roll_call.absent = absent
    roll_call.save(update_fields=["self_checkin", "absent", "code"])
    audit(
        roll_call.event.tournament,
        actor=actor,
        action="roll_call_options",
        detail={
            "event": roll_call.event_id,
            "self_checkin": roll_call.self_checkin,
            "absent": absent,
        },
    )
    return roll_call


def close_roll_call(*, roll_call: RollCall, actor: Actor) -> None:
    """Stop the roll call without applying it (the next draw uses every entry)."""
    RollCall.objects.filter(pk=roll_call.pk).update(open=False)
    audit(
        roll_call.event.tournament,
        actor=actor,
        action="roll_call_closed",
        detail={"event": roll_call.event_id},
    )


def mark(*, entry: Entry, present: bool, actor: Actor, via: str = "roll_call") -> Entry:
    """The organiser marks ``entry`` present or absent in the open roll call."""
    roll_call = roll_call_of(entry.event)
    if roll_call is None or not roll_call.open:
        raise CheckInError("closed")
    if entry.withdrawn:
        raise CheckInError("withdrawn", name=entry.name)
    entry.present_at = timezone.now() if present else None
    entry.present_via = via if present else ""
    Entry.objects.filter(pk=entry.pk).update(
        present_at=entry.present_at, present_via=entry.present_via
    )
    audit(
        entry.event.tournament,
        actor=actor,
        action="checked_in" if present else "checked_out",
        detail={"event": entry.event_id, "entry": entry.pk, "name": entry.name, "via": via},
    )
    return entry


def self_check_in(*, entry: Entry, code: str, actor: Actor) -> Entry:
    """The player confirms his own presence with the hall's code (when the organiser allows
    it). A wrong code changes nothing."""
    roll_call = roll_call_of(entry.event)
    if roll_call is None or not roll_call.open or not roll_call.self_checkin:
        raise CheckInError("no_self_checkin")
    given = ascii_digits(code)
    if not roll_call.code or not secrets.compare_digest(given.encode(), roll_call.code.encode()):
        raise CheckInError("wrong_code")
    return mark(entry=entry, present=True, actor=actor, via="self")


def before_draw(*, event: Event, actor: Actor) -> set[int]:
    """Called by the draw service inside its transaction: apply an open roll call. Absent
    entries are withdrawn (and so left out of the draw), or, by the organiser's choice,
    returned to be given walkovers by :func:`after_draw`. Closes the roll call."""
    roll_call = RollCall.objects.select_for_update().filter(event=event, open=True).first()
    if roll_call is None:
        return set()
    absent = list(Entry.objects.filter(event=event, withdrawn=False, present_at__isnull=True))
    roll_call.open = False
    roll_call.applied_at = timezone.now()
    roll_call.save(update_fields=["open", "applied_at"])
    audit(
        event.tournament,
        actor=actor,
        action="roll_call_applied",
        detail={
            "event": event.pk,
            "absent": sorted(e.pk for e in absent),
            "action": roll_call.absent,
        },
    )
    if roll_call.absent == RollCall.Absent.WALKOVER:
        return {e.pk for e in absent}

    for entry in absent:
        withdraw_entry(entry=entry, actor=actor)
    return set()


def after_draw(*, rounds: Iterable[Round], absent: set[int], actor: Actor) -> list[Match]:
    """Walkovers for the drawn matches of absent entries (both absent: no winner)."""
    if not absent:
        return []

    decided = []
    matches = Match.objects.filter(
        round__in=list(rounds), bye=False, entry_a__isnull=False, entry_b__isnull=False
    ).order_by("number")
    for m in matches:
        a_gone, b_gone = m.entry_a_id in absent, m.entry_b_id in absent
        if not (a_gone or b_gone):
            continue
        side = "both" if a_gone and b_gone else ("a" if a_gone else "b")
        decided.append(record_walkover(match=m, absent=side, actor=actor, note="roll call"))
    return decided
