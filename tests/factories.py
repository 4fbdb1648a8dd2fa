"""Builders for the models, in one place: tournaments, events with entries, matches, and
matches played through the services (the log is the record, so a played match is recorded by
``record_toss``/``record_quick_board`` as the quick entry of the UI records it).

Fixtures built on these live in the conftest of the folder that uses them; a builder needed by
more than one folder belongs here, not in a folder's conftest.
"""

from __future__ import annotations

import datetime
import uuid
from typing import Any

from scoring.models import Entry, Event, Match, Player, Round, Table, Tournament
from scoring.services import draws
from scoring.services.matches import Actor, record_quick_board, record_toss

SYSTEM = Actor(via="system", device="tests")

# Invented names (never real people's data).
PLAYER_NAMES = ["Asha Rao", "Ben Kirk", "Chen Li", "Dora Vik", "Emil Sand", "Fay Lund"]


def make_tournament(slug: str = "club-open", organiser: Any = None, tables: int = 4) -> Tournament:
    """A two-day tournament with ``tables`` carrom boards, organised by ``organiser``."""
    tournament = Tournament.objects.create(
        name=slug.replace("-", " ").title(),
        slug=slug,
        start_date=datetime.date(2026, 6, 6),
        end_date=datetime.date(2026, 6, 7),
        table_count=tables,
    )
    from scoring.services.tournaments import sync_tables

    sync_tables(tournament)
    if organiser is not None:
        tournament.organisers.add(organiser)
    return tournament


def make_event(
    tournament: Tournament,
    n: int,
    *,
    fmt: str = "knockout",
    kind: str = "singles",
    name: str = "",
    games_to_win: int = 1,
    seeds: int = 0,
    settings: dict | None = None,
) -> Event:
    """An event of ``n`` entries (pairs for doubles), the first ``seeds`` of them seeded."""
    event = Event.objects.create(
        tournament=tournament,
        name=name or f"{fmt} {n}",
        kind=kind,
        format=fmt,
        games_to_win=games_to_win,
        settings=settings or {},
    )
    for i in range(n):
        player = Player.objects.create(name=f"{event.name} P{i + 1:03d}", rating=2000 - i)
        partner = None
        if kind == "doubles":
            partner = Player.objects.create(name=f"{event.name} Q{i + 1:03d}")
        Entry.objects.create(
            event=event, player=player, partner=partner, seed=i + 1 if i < seeds else None
        )
    return event


def make_match(
    event: Event | None = None,
    a: Entry | None = None,
    b: Entry | None = None,
    *,
    number: int = 1,
    rnd: Round | None = None,
    table: Table | None = None,
    kind: str = "singles",
    rules: str = "icf",
    stage: str | None = None,
    games_to_win: int | None = None,
    slug: str = "test-open",
    **fields: Any,
) -> Match:
    """A match.

    With an ``event``: a match of that event between entries ``a`` and ``b`` (ready when both
    are known, scheduled otherwise), numbered ``number`` in round ``rnd`` at ``table``; other
    ``fields`` go to the match.

    Without one: a ready match of a new event (``kind``, ``rules``, ``games_to_win``) of the
    tournament ``slug`` (made on first use), between the first two of three new entries (the
    third plays too in point carrom, which has three sides).
    """
    if event is not None:
        if stage is not None:
            fields["stage"] = stage
        if games_to_win is not None:
            fields["games_to_win"] = games_to_win
        return Match.objects.create(
            event=event,
            round=rnd,
            number=number,
            entry_a=a,
            entry_b=b,
            table=table,
            rules=event.rules,
            status=Match.Status.READY if a and b else Match.Status.SCHEDULED,
            **fields,
        )
    games_to_win = 2 if games_to_win is None else games_to_win
    tournament, _ = Tournament.objects.get_or_create(
        slug=slug,
        defaults={
            "name": "Test Open",
            "start_date": datetime.date(2026, 12, 5),
            "end_date": datetime.date(2026, 12, 6),
        },
    )
    event = Event.objects.create(
        tournament=tournament,
        name=f"Event {Event.objects.count()}",
        kind=kind,
        rules=rules,
        games_to_win=games_to_win,
    )
    players = [Player.objects.create(name=n) for n in PLAYER_NAMES]
    if kind == "doubles":
        entries = [
            Entry.objects.create(event=event, player=players[0], partner=players[1]),
            Entry.objects.create(event=event, player=players[2], partner=players[3]),
        ]
    else:
        entries = [Entry.objects.create(event=event, player=p) for p in players[:3]]
    return Match.objects.create(
        event=event,
        entry_a=entries[0],
        entry_b=entries[1],
        entry_c=entries[2] if rules == "point-carrom" else None,
        rules=rules,
        stage=stage or "early",
        games_to_win=games_to_win,
        status=Match.Status.READY,
        number=number,
        round=rnd,
        table=table,
        **fields,
    )


def play(match: Match, winner: str = "a", actor: Actor = SYSTEM) -> Match:
    """Play ``match`` to the end by quick entry: ``winner`` wins every game 25-0."""
    match.refresh_from_db()
    if not match.toss_winner:
        record_toss(match=match, winner="a", choice="break", actor=actor)
    while True:
        match.refresh_from_db()
        if match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
            return match
        record_quick_board(
            match=match,
            winner=winner,
            carrommen=9,
            queen=winner,
            client_id=uuid.uuid4(),
            actor=actor,
        )


def paper_boards(match: Match, *entries: str, actor: Actor = SYSTEM) -> Match:
    """Boards entered from paper, as the umpire keys a paper scoresheet: ``"a12"``, side A
    wins the board with 12 points (ICF 53); ``"step"``, the card's step between boards taken
    on the server ("Sides changed" before the next game, ICF 58)."""
    from scoring.selectors.umpire import tablet
    from scoring.services.board_steps import acknowledge_step
    from scoring.services.matches import match_snapshot

    match.refresh_from_db()  # as recorded so far (a toss, a seating)
    for entry in entries:
        if entry == "step":
            view = tablet(match_snapshot(match))
            acknowledge_step(
                match=match,
                actor=actor,
                step=view.step_key,
                sides_changed=view.change_sides,
                current_step=view.step_key,
            )
        else:
            record_quick_board(
                match=match,
                winner=entry[0],
                points=int(entry[1:]),
                law="ICF 53",
                client_id=uuid.uuid4(),
                actor=actor,
            )
        match.refresh_from_db()
    return match


def play_and_confirm(match: Match, winner: str = "a", actor: Actor = SYSTEM) -> Match:
    """Play ``match`` to the end (:func:`play`) and confirm its result."""
    play(match, winner, actor)
    return draws.confirm_result(match=match, actor=actor)


def swiss_in_round_two(tournament: Tournament, actor: Actor, n: int = 4, seed: int = 3) -> Event:
    """A Swiss event of ``n`` entries whose round 1 is played (side a won) and round 2 drawn."""
    event = make_event(tournament, n, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=actor, random_seed=seed)
    for m in Match.objects.filter(event=event, round__number=1):
        play_and_confirm(m, "a", actor)
    draws.next_round(event=event, actor=actor)
    return event
