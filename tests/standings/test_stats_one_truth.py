"""The player's statistics page and the standings read the same decided results (issue 31):
matches, wins, draws, games and points, with byes and walkovers credited by the event's rule."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.urls import reverse

from scoring import standings
from scoring.models import Entry, Event, Match, Player, Round, Tournament
from scoring.selectors.live.players import player_page
from scoring.services.matches import Actor, record_quick_board, record_toss
from scoring.services.time_up import record_time_up
from scoring.services.walkovers import record_walkover

pytestmark = pytest.mark.django_db
SYSTEM = Actor(via="system", device="tests")


def _board(match: Match, winner: str, carrommen: int, queen: str | None = None) -> None:
    record_quick_board(
        match=match,
        winner=winner,
        carrommen=carrommen,
        queen=queen,
        breaker=None,
        client_id=uuid.uuid4(),
        actor=SYSTEM,
    )


@pytest.mark.parametrize("ranking", ["current", "european"])
def test_stats_page_and_standings_agree(ranking: str, client) -> None:
    t = Tournament.objects.create(
        name="One Truth",
        slug="one-truth",
        start_date=datetime.date.today(),
        end_date=datetime.date.today(),
    )
    event = Event.objects.create(
        tournament=t,
        name="Swiss",
        format=Event.Format.SWISS,
        games_to_win=2,
        settings={"ranking": ranking, "bye_points": 17},
    )
    entries = [
        Entry.objects.create(event=event, player=Player.objects.create(name=f"Änne {n}"))
        for n in range(7)
    ]
    rnd = Round.objects.create(event=event, number=1, games_to_win=2)

    def match(n: int, a: int, b: int | None, **extra) -> Match:
        return Match.objects.create(
            event=event,
            round=rnd,
            number=n,
            entry_a=entries[a],
            entry_b=entries[b] if b is not None else None,
            games_to_win=2,
            **{"status": Match.Status.READY, **extra},
        )

    played, stopped, walkover = match(1, 0, 1), match(2, 2, 3), match(3, 4, 5)
    # the match still in play is of the next round: the European table counts complete rounds
    # only (as SoL ranks), the statistics every decided result; both agree on round 1
    later = Round.objects.create(event=event, number=2, games_to_win=2)
    Match.objects.filter(pk=played.pk).update(round=later)
    match(4, 6, None, bye=True, status=Match.Status.FINISHED, winner_side="a")
    record_toss(match=played, winner="a", choice="break", actor=SYSTEM)
    for _ in range(3):
        _board(played, "b", 9)  # b takes game 1 with 27
    for _ in range(2):
        _board(played, "a", 9, queen="a")  # a takes game 2
    for _ in range(2):
        _board(played, "a", 9, queen="a")  # and game 3: 2-1 after losing game 1
    record_toss(match=stopped, winner="a", choice="break", actor=SYSTEM)
    _board(stopped, "a", 4)
    _board(stopped, "b", 4)
    record_time_up(match=stopped, actor=SYSTEM)  # level: a draw
    record_walkover(match=walkover, absent="b", actor=SYSTEM)

    (table,) = standings.event_standings(event)
    rows = {row.entry_id: row.values for row in table.rows}
    for entry in entries:
        stats = player_page(t, entry.player).stats
        row = rows[entry.pk]
        assert (stats.matches, stats.matches_won, stats.matches_drawn) == (
            row["played"],
            row["wins"],
            row["draws"],
        ), entry
        assert (stats.games_won, stats.games - stats.games_won) == (
            row["games_won"],
            row["games_lost"],
        ), entry
        assert (stats.points_for, stats.points_against) == (
            row["points_for"],
            row["points_against"],
        ), entry
    # the bye's value counts as the standings count it; the page shows the same figures
    assert rows[entries[6].pk]["points_for"] == 17
    page = client.get(reverse("scoring:live-player", args=[t.slug, entries[0].player_id]))
    row = rows[entries[0].pk]
    assert f"{row['points_for']} / {row['points_against']}" in page.content.decode()
