"""A team tie played on the umpires' tablets (issue 34): the three rubbers of an S-D-S tie are
finished on tablets (768×1024, 800×1280, 1280×800), each naming the lineup's players and their
team; the tie's score and the team standings follow on the live page, and a second tie, won
2–0, stops when decided (its third rubber "not needed").

Quick: each rubber's boards before the last are entered through the services (as from paper
sheets); the last, deciding board is entered on the tablet's "Paper board…" form."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scoring.models import Match, Player, Tie
from scoring.services import draws
from scoring.services.matches import Actor, record_quick_board, record_toss
from scoring.services.teams import add_team
from scoring.services.ties import make_ties, submit_lineup
from scoring.services.tournaments import create_event
from tests.live import factories as f

pytestmark = pytest.mark.e2e

DESK = Actor(via="organiser")
TABLETS = [
    {"width": 768, "height": 1024},
    {"width": 800, "height": 1280},
    {"width": 1280, "height": 800},
]


@pytest.fixture
def ties(transactional_db) -> list[Tie]:
    t = f.tournament("team-tablets")
    event = create_event(
        tournament=t, name="Club teams", actor=DESK, kind="teams", format="knockout"
    )
    for name in ("Harbour Strikers", "Valley Queens", "Hill Rooks", "River Kings"):
        first = name.split()[0]
        squad = [Player.objects.create(name=f"{first} player {n}") for n in (1, 2, 3)]
        add_team(event=event, actor=DESK, name=name, club=first, players=squad, captain=squad[0])
    draws.draw_event(event=event, actor=DESK, random_seed=1)
    made = make_ties(event)
    for tie in made:
        for side, entry in (("a", tie.match.entry_a), ("b", tie.match.entry_b)):
            p1, p2, p3 = entry.team.members.order_by("number").values_list("player_id", flat=True)
            submit_lineup(tie=tie, side=side, players=[[p1], [p2, p3], [p2]], actor=DESK)
    return made


def _all_but_the_last_board(match: Match, winner: str) -> None:
    """Game 1 won by ``winner`` and game 2 at 24–0 (quick boards of 12 points each, ICF 53):
    the next board won by ``winner`` ends the rubber."""
    record_toss(match=match, winner="a", choice="break", actor=DESK)
    for _ in range(5):
        record_quick_board(
            match=match,
            winner=winner,
            carrommen=9,
            queen=winner,
            client_id=uuid.uuid4(),
            actor=DESK,
        )


def _players(tie: Tie, rubber: int, side: str) -> str:
    r = tie.rubbers.get(number=rubber)
    ids = r.players_a if side == "a" else r.players_b
    return " / ".join(Player.objects.get(pk=p).name for p in ids)


def test_a_tie_is_played_rubber_by_rubber_on_tablets(
    live_server, browser: Browser, ties: list[Tie]
) -> None:
    tie, second = ties
    team_a, team_b = tie.match.entry_a.team.name, tie.match.entry_b.team.name
    live = f"{live_server.url}/t/team-tablets/event/{tie.event_id}/ties/"
    for number, (winner, size) in enumerate(zip("aba", TABLETS, strict=True), start=1):
        match = tie.rubbers.get(number=number).match
        _all_but_the_last_board(match, winner)
        context = browser.new_context(viewport=size)
        page = context.new_page()
        page.goto(live_server.url + f"/u/{match.umpire_token}/")
        # the tablet names the lineup's players, their team beside (not only the teams)
        # (in the sides' seats on the board: after a change of sides B may be on the left)
        for side, team in (("a", team_a), ("b", team_b)):
            name = _players(tie, number, side)
            card = page.locator(".u-side").filter(
                has=page.locator(".u-side-name", has_text=re.compile(f"^{re.escape(name)}$"))
            )
            expect(card).to_have_count(1)
            expect(card.locator(".u-side-team")).to_have_text(team)
        page.screenshot(path=f"/tmp/teams2-rubber{number}-{size['width']}x{size['height']}.png")
        page.locator("#paper > summary").click()
        page.locator(f"label[for='quick-winner-{winner}']").click()
        page.locator("label[for='pad-carrommen-9']").click()
        page.locator(f"label[for='quick-queen-{winner}']").click()
        page.get_by_role("button", name="Record the board").click()
        winner_names = _players(tie, number, winner)
        expect(page.locator("#match-result .u-result")).to_have_text(
            f"{winner_names} wins the match."
        )
        context.close()
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED and match.winner_side == winner
    tie.match.refresh_from_db()
    assert tie.match.winner_side == "a" and (tie.match.games_a, tie.match.games_b) == (2, 1)
    # the second tie: won 2-0, its third rubber is not needed (stop when decided)
    for number in (1, 2):
        match = second.rubbers.get(number=number).match
        _all_but_the_last_board(match, "b")
        record_quick_board(
            match=match, winner="b", carrommen=9, queen="b", client_id=uuid.uuid4(), actor=DESK
        )
    third = second.rubbers.get(number=3).match
    assert third.status == Match.Status.SCHEDULED
    context = browser.new_context(viewport=TABLETS[2])
    page = context.new_page()
    page.goto(live)
    expect(page.get_by_text(f"{team_a} wins the tie")).to_be_visible()
    expect(page.get_by_text(f"{second.match.entry_b.team.name} wins the tie")).to_be_visible()
    expect(page.get_by_text("not needed")).to_have_count(1)
    # the standings: both winners with a tie won, the losers with one lost
    standings = page.get_by_role("table", name="Team standings")
    winner_row = standings.get_by_role("row").filter(has_text=team_a)
    expect(winner_row.get_by_role("cell").nth(1)).to_have_text("1")  # ties played
    expect(winner_row).to_contain_text("2 : 1")  # rubbers
    loser_row = standings.get_by_role("row").filter(has_text=team_b)
    expect(loser_row).to_contain_text("1 : 2")
    context.close()
    assert reverse("scoring:live-event-ties", args=["team-tablets", tie.event_id]) in live
