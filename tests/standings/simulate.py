"""Simulated events for the standings tests: played through the same services as the
organiser's pages (draw, quick entry, confirmation, next round), with a withdrawal, a
walkover and (Swiss, odd field) byes; generated names only."""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.contrib.auth import get_user_model

from scoring.management.commands.simulate_event import play_random
from scoring.models import Entry, Event, Match
from scoring.selectors import organiser as organiser_selectors
from scoring.services import draws, tournaments
from scoring.services.matches import Actor

SYSTEM = Actor(via="system", device="tests")
OPEN = (Match.Status.READY, Match.Status.CALLED, Match.Status.PLAYING)


def simulated_event(
    fmt: str,
    entries: int,
    seed: int,
    *,
    settings: dict[str, Any] | None = None,
    rounds: int = 4,
    unconfirmed_last: bool = True,
) -> Event:
    """An event of ``fmt`` (``swiss`` or ``groups``) played to its end (Swiss: ``rounds``
    rounds; groups: the group stage) with: one entry withdrawn after round 1 (its pending
    matches become walkovers), one no-show walkover recorded by hand, and the last match left
    finished but not confirmed (when ``unconfirmed_last``)."""
    rng = random.Random(seed)
    organiser = get_user_model().objects.get_or_create(username="orga")[0]
    actor = Actor(via="web", user=organiser)
    today = datetime.date(2026, 6, 6)
    tournament = tournaments.create_tournament(
        name=f"Standings {fmt} {seed}",
        start_date=today,
        end_date=today,
        actor=actor,
        table_count=8,
        venue="Simulation",
    )
    event_settings: dict[str, Any] = {"random_draw": True, **(settings or {})}
    if fmt == "swiss":
        event_settings["rounds"] = rounds
    else:
        event_settings.update(groups=max(1, entries // 4), qualifiers=2)
    event = tournaments.create_event(
        tournament=tournament,
        name=f"{fmt} {seed}",
        actor=actor,
        format=fmt,
        settings=event_settings,
    )
    for i in range(entries):
        tournaments.add_entry(
            event=event,
            actor=actor,
            seed=i + 1 if i < 2 else None,
            player=tournaments.PlayerData(
                f"Sim{seed} Player {i + 1:02d}", f"Club {i % 3}", "DE", rng.randint(1200, 2200)
            ),
        )
    draws.draw_event(event=event, actor=actor, random_seed=seed)
    withdrawn = walked = False
    while True:
        pending = list(
            Match.objects.filter(
                event=event, status__in=OPEN, entry_a__isnull=False, entry_b__isnull=False
            ).order_by("number")
        )
        if pending and not walked:
            draws.record_walkover(
                match=pending[0], absent=rng.choice("ab"), actor=actor, note="no-show"
            )
            walked = True
            continue
        if fmt == "groups" and not withdrawn:  # before the groups are played: walkovers
            leaving = rng.choice(list(Entry.objects.filter(event=event)))
            draws.withdraw_entry(entry=leaving, actor=actor)
            withdrawn = True
            continue
        unfinished = list(
            Match.objects.filter(event=event)
            .exclude(status=Match.Status.CONFIRMED)
            .order_by("number")
        )
        if not unfinished:
            state = organiser_selectors.draw_state(event)
            if fmt == "swiss" and state.can_next:
                draws.next_round(event=event, actor=actor)
                if not withdrawn:  # after round 1: one entry leaves before round 2 is played
                    leaving = rng.choice(list(Entry.objects.filter(event=event)))
                    draws.withdraw_entry(entry=leaving, actor=actor)
                    withdrawn = True
                continue
            break
        for n, match in enumerate(unfinished):
            if match.status != Match.Status.FINISHED:
                play_random(match, rng, SYSTEM)
            last = (
                n == len(unfinished) - 1
                and unconfirmed_last
                and (fmt == "groups" or event.rounds.count() >= rounds)
            )
            if not last:
                draws.confirm_result(match=match, actor=actor)
        if (
            unconfirmed_last
            and (fmt == "groups" or event.rounds.count() >= rounds)
            and not Match.objects.filter(event=event, status__in=OPEN).exists()
        ):
            break
    event.refresh_from_db()
    return event
