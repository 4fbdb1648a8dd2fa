"""Where an event's draw stands (drawn, the next step possible or why not): read by the draw's
service under its lock (the groups' knock-out stage) and by the organiser's event page
(:mod:`scoring.selectors.organiser`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.models import Entry, Event, Match, Round

#: the formats drawn as a bracket replayed from its results
ELIMINATION = (Event.Format.KNOCKOUT, Event.Format.DOUBLE_ELIMINATION)
#: the formats the draw services make rounds for
DRAWABLE = (*ELIMINATION, Event.Format.SWISS, Event.Format.GROUPS)


@dataclass
class DrawState:
    """What the organiser's event page needs to offer the next step."""

    drawn: bool
    can_draw: bool
    can_next: bool
    next_code: str = ""  # "swiss_round" / "knockout_stage"
    blocked: str = ""  # why the next step is not possible yet
    open_matches: int = 0
    rounds: int = 0
    planned_rounds: int | None = None
    complete: bool = False
    warnings: list[str] = field(default_factory=list)


def draw_state(event: Event) -> DrawState:
    rounds = list(event.rounds.all())
    drawn = bool(rounds)
    active = Entry.objects.filter(event=event, withdrawn=False).count()
    state = DrawState(drawn=drawn, can_draw=False, can_next=False, rounds=len(rounds))
    if event.format not in DRAWABLE:
        return state
    if not drawn:
        state.can_draw = active >= (3 if event.kind == Event.Kind.POINTS else 2)
        if not state.can_draw:
            state.blocked = "too_few_entries"
        return state
    open_matches = Match.objects.filter(event=event).exclude(status=Match.Status.CONFIRMED)
    state.open_matches = open_matches.count()
    if event.format == Event.Format.SWISS:
        state.planned_rounds = int(event.settings.get("rounds") or 0) or None
        state.next_code = "swiss_round"
        if state.planned_rounds and len(rounds) >= state.planned_rounds:
            state.complete = state.open_matches == 0
            state.blocked = "all_rounds_drawn"
        elif state.open_matches:
            state.blocked = "round_incomplete"
        else:
            state.can_next = True
    elif event.format == Event.Format.GROUPS and event.kind != Event.Kind.POINTS:
        has_ko = any(r.bracket != Round.Bracket.GROUPS for r in rounds)
        if has_ko:
            state.complete = state.open_matches == 0
        else:
            state.next_code = "knockout_stage"
            groups_open = open_matches.filter(round__bracket=Round.Bracket.GROUPS).exists()
            state.can_next = not groups_open
            if groups_open:
                state.blocked = "groups_incomplete"
    else:
        state.complete = state.open_matches == 0
    return state
