"""Demo data for team events (issue 34): a knock-out of four club teams playing S-D-S ties,
in progress — the first semi-final's lineups are in, its first rubber played (by the quick
entry, as from a paper sheet) and the doubles waiting for a table; the other semi-final has
one captain's lineup in. Names are fictional.

Idempotent: an existing event of that name is left as it is. Everything goes through the
services, as the organiser and the captains leave it.
"""

from __future__ import annotations

import uuid
from typing import Any

from scoring.models import Event, Match, Player, TeamMember, Tournament
from scoring.services.draws import draw_event
from scoring.services.matches import Actor, record_quick_board, record_toss
from scoring.services.teams import add_team
from scoring.services.ties import make_ties, submit_lineup
from scoring.services.tournaments import create_event

SYSTEM = Actor(via="system", device="seed_demo")

EVENT = "Club teams (S-D-S)"
TEAMS = {
    "Harbour Strikers": ("Harbour", ["Mira Falk", "Oskar Lind", "Tara Quist"]),
    "Valley Queens": ("Valley", ["Nele Brandt", "Pavel Roth", "Uma Sand"]),
    "Riverside Rebounds": ("Riverside", ["Ada Kern", "Bo Mertens", "Cleo Vogt"]),
    "Hilltop Pockets": ("Hilltop", ["Dario Weiss", "Enno Falk", "Fiona Stern"]),
}


def _lineup(tie: Any, side: str) -> list[list[int]]:
    entry = tie.match.entry_a_id if side == "a" else tie.match.entry_b_id
    p = list(
        TeamMember.objects.filter(team__entry_id=entry)
        .order_by("number")
        .values_list("player_id", flat=True)
    )
    return [[p[0]], [p[1], p[2]], [p[1]]]


def _play(match: Match, winner: str) -> None:
    record_toss(match=match, winner="a", choice="break", actor=SYSTEM)
    while True:
        match.refresh_from_db()
        if match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
            return
        record_quick_board(
            match=match,
            winner=winner,
            carrommen=3,
            queen=winner,
            client_id=uuid.uuid4(),
            actor=SYSTEM,
        )


def seed(context: dict[str, Any]) -> None:
    tournament: Tournament = context["tournament"]
    if tournament.events.filter(name=EVENT).exists():
        return
    event = create_event(
        tournament=tournament,
        name=EVENT,
        actor=SYSTEM,
        kind="teams",
        format=Event.Format.KNOCKOUT,
        settings={"tie_format": "sds"},
    )
    for name, (club, players) in TEAMS.items():
        squad = [Player.objects.get_or_create(name=p, club=club)[0] for p in players]
        add_team(event=event, actor=SYSTEM, name=name, club=club, players=squad, captain=squad[0])
    draw_event(event=event, actor=SYSTEM, random_seed=34)
    first, second = make_ties(event)[:2]
    submit_lineup(tie=first, side="a", players=_lineup(first, "a"), actor=SYSTEM, via="captain")
    submit_lineup(tie=first, side="b", players=_lineup(first, "b"), actor=SYSTEM, via="desk")
    opening = first.rubbers.get(number=1).match
    assert opening is not None  # made with both lineups in
    _play(opening, "a")
    submit_lineup(tie=second, side="b", players=_lineup(second, "b"), actor=SYSTEM, via="captain")
    context.setdefault("messages", []).append(
        f"{EVENT}: a team knock-out with its first tie under way"
    )
