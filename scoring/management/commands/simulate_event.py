"""A dry run of a whole event: ``manage.py simulate_event --format
knockout|groups|swiss|double_elimination --entries N [--rounds R] [--seed S]``.

Creates a tournament with ``N`` generated (fictional) players in one event of that format, then
plays it to the end through the same services the organiser pages use: the draw, the call-up to
free tables, the toss and random but legal boards by quick entry (each board checked by the
rules engine), the organiser's confirmation (winners advance), and each next round (Swiss rounds,
the knock-out after the groups). Prints the event id on the last line of standard output; the
event is then visible on the organiser and live pages and in the JSON API like any other.

``--rounds`` is the number of Swiss rounds (default: ⌈log2 N⌉ + 1); ``--seed`` makes the run
reproducible (names, ratings, draw and results).
"""

from __future__ import annotations

import datetime
import math
import random
import uuid
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.models import Event, Match
from scoring.records import other_side
from scoring.rules import RulesError
from scoring.selectors import organiser as organiser_selectors
from scoring.services import callup, draws, tournaments
from scoring.services.matches import Actor, MatchError, record_quick_board, record_toss

FIRST = [
    "Aarav",
    "Amira",
    "Bastian",
    "Bela",
    "Chandra",
    "Clara",
    "Dev",
    "Dilara",
    "Emil",
    "Esha",
    "Farid",
    "Frieda",
    "Gopal",
    "Greta",
    "Hamid",
    "Hanna",
    "Ishan",
    "Ida",
    "Jonas",
    "Jaya",
    "Kiran",
    "Klara",
    "Luca",
    "Lina",
    "Milan",
    "Maya",
    "Nils",
    "Nora",
    "Omar",
    "Olga",
    "Pavel",
    "Priya",
    "Rafael",
    "Ronja",
    "Sami",
    "Selin",
    "Tomas",
    "Tara",
    "Umar",
    "Vera",
]
LAST = [
    "Achterberg",
    "Bhatt",
    "Castell",
    "Demir",
    "Eklund",
    "Fischer",
    "Ghosh",
    "Haddad",
    "Iyer",
    "Jansen",
    "Kaya",
    "Lindqvist",
    "Menon",
    "Novak",
    "Okafor",
    "Petrov",
    "Quast",
    "Rao",
    "Sander",
    "Thakur",
    "Ulrich",
    "Varga",
    "Weber",
    "Xu",
    "Yilmaz",
    "Zeller",
]
CLUBS = [
    "CC Riverside",
    "Carrom Club Nordstadt",
    "Queen's Corner",
    "Striker Verein",
    "Carrom Freunde Süd",
    "Pocket Masters",
]
COUNTRIES = ["DE", "IN", "FR", "IT", "CH", "PL", "CZ", "GB", "NL"]


def player_names(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct fictional names."""
    pool = [f"{f} {last}" for f in FIRST for last in LAST]
    rng.shuffle(pool)
    names = pool[:count]
    n = 2
    while len(names) < count:
        names.extend(f"{name} {n}" for name in pool[: count - len(names)])
        n += 1
    return names


def play_random(match: Match, rng: random.Random, actor: Actor) -> Match:
    """Play ``match`` to its end with random but legal boards (quick entry), the stronger
    player (by rating) winning more often."""
    match = Match.objects.select_related("entry_a__player", "entry_b__player").get(pk=match.pk)
    assert match.entry_a is not None and match.entry_b is not None  # a drawn pair, no bye
    ra = match.entry_a.player.rating or 1500
    rb = match.entry_b.player.rating or 1500
    p_a = 1 / (1 + 10 ** ((rb - ra) / 400))
    if not match.toss_winner:
        record_toss(
            match=match, winner=rng.choice("ab"), choice=rng.choice(["break", "side"]), actor=actor
        )
    for _ in range(200):
        match.refresh_from_db(fields=["status", "revision"])
        if match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
            return match
        winner = "a" if rng.random() < p_a else "b"
        loser = other_side(winner)
        roll = rng.random()
        queen = winner if roll < 0.6 else (loser if roll < 0.85 else None)
        carrommen = rng.randint(1, 9)
        breaker = None
        for _attempt in range(3):
            try:
                record_quick_board(
                    match=match,
                    winner=winner,
                    carrommen=carrommen,
                    queen=queen,
                    breaker=breaker,
                    client_id=uuid.uuid4(),
                    actor=actor,
                )
                break
            except MatchError as err:
                if err.code != "breaker_required":
                    raise
                breaker = rng.choice("ab")
            except RulesError:
                queen = None
    raise CommandError(f"match {match.pk} did not end")  # pragma: no cover


class Command(BaseCommand):
    help = (
        "Simulate a whole event (draw, call-up, random legal results, confirmations, next "
        "rounds) through the services; prints the event id."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--format", required=True, choices=["knockout", "groups", "swiss", "double_elimination"]
        )
        parser.add_argument("--entries", type=int, required=True, metavar="N")
        parser.add_argument(
            "--rounds",
            type=int,
            default=None,
            metavar="R",
            help="Swiss rounds (default: ceil(log2 N) + 1)",
        )
        parser.add_argument(
            "--seed",
            type=int,
            default=None,
            metavar="S",
            help="random seed: the same seed gives the same event",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        fmt, count = options["format"], options["entries"]
        if count < 2:
            raise CommandError("--entries must be at least 2")
        if count > 1024:
            raise CommandError("--entries must be at most 1024")
        seed = options["seed"] if options["seed"] is not None else random.randrange(1, 10**6)
        rng = random.Random(seed)
        actor = Actor(via="system", device="simulate_event")
        rounds = options["rounds"] or (math.ceil(math.log2(count)) + 1)
        if fmt == "swiss" and rounds >= count:
            raise CommandError("--rounds must be fewer than --entries (no repeat pairings)")
        settings: dict[str, Any] = {"third_place": fmt == "knockout", "random_draw": True}
        if fmt == "swiss":
            settings["rounds"] = rounds
        if fmt == "groups":
            settings.update(groups=max(1, count // 4), qualifiers=2 if count >= 4 else 1)
        today = datetime.date.today()
        name = f"Simulation {fmt} {count} #{seed}"
        tournament = tournaments.create_tournament(
            name=name,
            start_date=today,
            end_date=today,
            actor=actor,
            table_count=max(2, min(64, count // 2)),
            venue="Simulation",
        )
        event = tournaments.create_event(
            tournament=tournament,
            name=dict(Event.Format.choices)[fmt].__str__(),
            actor=actor,
            format=fmt,
            settings=settings,
        )
        names = player_names(count, rng)
        ratings = sorted((rng.randint(1200, 2200) for _ in range(count)), reverse=True)
        seeded = min(8, count // 4)
        for i, (player, rating) in enumerate(zip(names, ratings, strict=True)):
            tournaments.add_entry(
                event=event,
                actor=actor,
                seed=i + 1 if i < seeded else None,
                player=tournaments.PlayerData(
                    player, rng.choice(CLUBS), rng.choice(COUNTRIES), rating
                ),
            )
        draws.draw_event(event=event, actor=actor, random_seed=seed)
        played = 0
        while True:
            callup.auto_assign(tournament=tournament, actor=actor)
            open_matches = list(
                Match.objects.filter(
                    event=event,
                    status__in=(
                        Match.Status.READY,
                        Match.Status.CALLED,
                        Match.Status.PLAYING,
                        Match.Status.FINISHED,
                    ),
                ).order_by("number")
            )
            if not open_matches:
                state = organiser_selectors.draw_state(event)
                if state.can_next:
                    draws.next_round(event=event, actor=actor)
                    continue
                break
            for match in open_matches:
                if match.status != Match.Status.FINISHED:
                    play_random(match, rng, actor)
                draws.confirm_result(match=match, actor=actor)
                played += 1
        event.refresh_from_db()
        champion = draws.champion(event)
        self.stderr.write(
            f"{tournament.name}: {count} entries, {event.rounds.count()} rounds, "
            f"{played} matches played; status {event.status}"
            + (f"; winner {champion.name}" if champion else "")
        )
        self.stdout.write(str(event.pk))
