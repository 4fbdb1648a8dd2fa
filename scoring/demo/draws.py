"""Demo data for the draws: one event of every format in the demo tournament, drawn and partly
played through the same services as the organiser pages (draw, quick entry of random but legal
boards, confirmation, walkover, withdrawal, next round, call-up to a table).

- **Men's Singles**: knock-out of 13 (seeds 1–4 get the byes), third-place match; the first
  round confirmed, the quarter-finals under way (one at table 9, one waiting in the call-up).
- **Veterans Swiss**: 10 players, 5 rounds (round 1 one game); rounds 1 and 2 confirmed, a
  withdrawal, round 3 drawn (why each pair was made is stored) with matches at tables 10 and 11;
  40 minutes a round, round 3's clock running.
- **Juniors**: round-robin groups (2 groups of 4, top 2 qualify); groups complete, the
  knock-out stage drawn.
- **Mixed Doubles**: double elimination of 6 pairs; the first winners round played, one match
  a walkover (a pair did not show up).

Idempotent: an event that exists (by name) is left as it is. Names are fictional.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.utils import timezone

from scoring.models import Event, Match, Table, Tournament
from scoring.services import callup, draws, round_clock, tournaments
from scoring.services.matches import Actor

MEN = [
    "Arjun Bhatt",
    "Bastian Achterberg",
    "Cem Demir",
    "Dev Menon",
    "Emil Eklund",
    "Farid Haddad",
    "Gopal Thakur",
    "Henrik Jansen",
    "Ishan Rao",
    "Jonas Ulrich",
    "Kiran Iyer",
    "Luca Varga",
    "Milan Novak",
]
VETERANS = [
    "Anton Quast",
    "Bernd Fischer",
    "Chandra Ghosh",
    "Dieter Sander",
    "Erwin Zeller",
    "Fritz Weber",
    "Gerhard Lind",
    "Hamid Yilmaz",
    "Ingo Petrov",
    "Jürgen Kaya",
]
JUNIORS = [
    "Amira Castell",
    "Bela Okafor",
    "Clara Xu",
    "Dilara Sander",
    "Esha Menon",
    "Frida Novak",
    "Greta Iyer",
    "Ida Jansen",
]
PAIRS = [
    ("Lea Petrova", "Omar Haddad"),
    ("Maya Rao", "Nils Eklund"),
    ("Nora Kaya", "Pavel Varga"),
    ("Olga Weber", "Rafael Demir"),
    ("Priya Ghosh", "Sami Fischer"),
    ("Ronja Ulrich", "Tomas Bhatt"),
]
CLUBS = ["CC Riverside", "Carrom Club Nordstadt", "Queen's Corner", "Striker Verein"]
DEMO_TABLES = 12


def seed(context: dict[str, Any]) -> None:
    from scoring.management.commands.simulate_event import play_random

    tournament: Tournament = context["tournament"]
    organiser = context["users"]["organiser"]
    actor = Actor(user=organiser, via="organiser", device="seed_demo", may_edit_locked=True)
    if tournament.table_count < DEMO_TABLES:
        tournaments.update_tournament(tournament=tournament, actor=actor, table_count=DEMO_TABLES)
    tournaments.sync_tables(tournament)
    umpire = context["users"].get("umpire")
    if umpire is not None and not tournament.umpires.filter(pk=umpire.pk).exists():
        tournament.umpires.add(umpire)
    rng = random.Random(5)
    made = []

    def play(match: Match, **kw: Any) -> None:
        play_random(match, rng, actor)
        draws.confirm_result(match=match, actor=actor)

    def ready(event: Event) -> list[Match]:
        draws.sync_bracket(event)  # confirmations flow on commit; settle them now
        return list(Match.objects.filter(event=event, status=Match.Status.READY).order_by("number"))

    def table(number: int) -> Table:
        return Table.objects.get(tournament=tournament, number=number)

    # Men's Singles: knock-out of 13
    if not tournament.events.filter(name="Men's Singles").exists():
        event = _event(
            tournament,
            actor,
            "Men's Singles",
            "knockout",
            {"third_place": True, "random_draw": True},
            MEN,
            seeds=4,
        )
        draws.draw_event(event=event, actor=actor, random_seed=13)
        first = event.rounds.order_by("number").first()
        assert first is not None  # just drawn
        for match in ready(event):
            if match.round_id == first.pk:
                play(match)
        quarters = ready(event)
        for match in quarters[:2]:
            play(match)
        quarters = ready(event)
        if quarters:
            called = callup.call_match(match=quarters[0], table=table(9), actor=actor)
            from scoring.services.matches import record_quick_board, record_toss

            record_toss(match=called, winner="a", choice="break", actor=actor)
            record_quick_board(
                match=called, winner="a", carrommen=5, queen="a", client_id=_uuid(rng), actor=actor
            )
        made.append(event.name)

    # Veterans Swiss: 10 players, rounds 1-2 played, a withdrawal, round 3 at the tables
    if not tournament.events.filter(name="Veterans Swiss").exists():
        event = _event(
            tournament,
            actor,
            "Veterans Swiss",
            "swiss",
            {"rounds": 5, "single_game_rounds": 1},
            VETERANS,
        )
        draws.draw_event(event=event, actor=actor)
        for round_number in (1, 2):
            for match in ready(event):
                play(match)
            if round_number == 1:
                draws.next_round(event=event, actor=actor)
        gone = event.entries.get(player__name="Jürgen Kaya")
        draws.withdraw_entry(entry=gone, actor=actor)
        draws.next_round(event=event, actor=actor)
        for match, number in zip(ready(event)[:2], (10, 11), strict=False):
            callup.call_match(match=match, table=table(number), actor=actor, auto_umpire=False)
        # a 40-minute round time limit; round 3's clock started 12 minutes ago (issue 18)
        tournaments.update_event(event=event, actor=actor, round_minutes=40)
        round_clock.start_clock(
            round=event.rounds.get(number=3),
            actor=actor,
            at=timezone.now() - datetime.timedelta(minutes=12),
        )
        made.append(event.name)

    # Juniors: groups, then the knock-out stage
    if not tournament.events.filter(name="Juniors").exists():
        event = _event(
            tournament, actor, "Juniors", "groups", {"groups": 2, "qualifiers": 2}, JUNIORS
        )
        draws.draw_event(event=event, actor=actor, random_seed=8)
        while True:
            open_matches = ready(event)
            if not open_matches:
                break
            for match in open_matches:
                play(match)
        draws.next_round(event=event, actor=actor)
        made.append(event.name)

    # Mixed Doubles: double elimination, first winners round, one walkover
    if not tournament.events.filter(name="Mixed Doubles").exists():
        event = _event(
            tournament,
            actor,
            "Mixed Doubles",
            "double_elimination",
            {"reset": True, "random_draw": True},
            PAIRS,
            kind="doubles",
        )
        draws.draw_event(event=event, actor=actor, random_seed=6)
        opening = list(
            Match.objects.filter(
                event=event, round__bracket="winners", round__number=1, status=Match.Status.READY
            ).order_by("number")
        )
        for i, match in enumerate(opening):
            if i == 0:
                draws.record_walkover(match=match, absent="b", actor=actor, note="did not show up")
            else:
                play(match)
        ready(event)
        made.append(event.name)

    organiser_url = f"/t/{tournament.slug}/organiser/"
    context.setdefault("messages", []).append(
        f"Organiser pages: {organiser_url} (events, draws, call-up: {organiser_url}callup/)"
    )
    context["draw_events"] = made


def _uuid(rng: random.Random) -> str:
    import uuid

    return str(uuid.UUID(int=rng.getrandbits(128)))


def _event(
    tournament: Tournament,
    actor: Actor,
    name: str,
    fmt: str,
    settings: dict[str, Any],
    players: list[Any],
    *,
    seeds: int = 0,
    kind: str = "singles",
) -> Event:
    order = tournament.events.count() + 1
    event = tournaments.create_event(
        tournament=tournament,
        name=name,
        actor=actor,
        kind=kind,
        format=fmt,
        settings=settings,
        order=order,
    )
    for i, who in enumerate(players):
        club = CLUBS[i % len(CLUBS)]
        if kind == "doubles":
            first, second = who
            tournaments.add_entry(
                event=event,
                actor=actor,
                player=tournaments.PlayerData(first, club, "DE", 1900 - 25 * i),
                partner=tournaments.PlayerData(second, club, "DE"),
            )
        else:
            tournaments.add_entry(
                event=event,
                actor=actor,
                seed=i + 1 if i < seeds else None,
                player=tournaments.PlayerData(who, club, "DE", 2000 - 30 * i),
            )
    return event
