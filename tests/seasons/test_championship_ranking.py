"""A championship's ranking from its events' placings (issue 33), the national ranking, and the
season services' checks."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import Membership
from scoring.services import season_rankings
from scoring.services import seasons as service
from scoring.services.seasons import SeasonError
from scoring.standings.placings import event_placings
from tests.seasons.conftest import played_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def cap(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


D1, D2, D3 = datetime.date(2026, 3, 1), datetime.date(2026, 5, 1), datetime.date(2026, 7, 1)


def test_ranking_sums_fixed_prizes_of_the_placings(club, players, cap):
    first = played_event("spring", D1, players, cap)
    second = played_event("summer", D2, list(reversed(players[:4])), cap)
    champ = service.create_championship(club=club, name="Season 2026", prizes="fixed")
    service.add_event(championship=champ, event=second)
    service.add_event(championship=champ, event=first)
    ranking = season_rankings.ranking(champ)
    assert [c.event for c in ranking.columns] == [first, second]  # in the order played
    assert all(c.placed for c in ranking.columns)
    by = {line.players[0]: line for line in ranking.lines}
    fixed = [18, 16, 14, 13, 12, 11, 10, 9]
    for column, event in enumerate((first, second)):
        for p in event_placings(event):
            # every entry earns the prize of its place (a shared range: its best place)
            assert by[p.entry.player].prizes[column] == fixed[p.place - 1]
    assert {p.entry.player for p in event_placings(first) if p.place == 1} == {players[0]}
    assert by[players[0]].prizes[0] == 18
    assert sorted(line.prizes[0] for line in ranking.lines) == [12, 12, 12, 12, 14, 14, 16, 18]
    assert [line.prizes[1] for line in ranking.lines].count(None) == 4  # absent: null
    for line in ranking.lines:
        assert line.total == sum(p for p in line.prizes if p is not None)
        assert line.rank == 1 + sum(o.total > line.total for o in ranking.lines)
    totals = [line.total for line in ranking.lines]
    assert totals == sorted(totals, reverse=True)


def test_worst_prize_skipped_and_national_ranking(club, players, cap):
    first = played_event("spring", D1, players, cap)
    second = played_event("summer", D2, list(reversed(players[:4])), cap)
    champ = service.create_championship(
        club=club, name="Season 2026", prizes="millesimal", skip_worst=1
    )
    service.add_event(championship=champ, event=first)
    service.add_event(championship=champ, event=second)
    ranking = season_rankings.ranking(champ)
    by = {line.players[0]: line for line in ranking.lines}
    # 8 in the field: 1000 down by 125; 4 in the summer: 1000 down by 250
    assert by[players[0]].prizes[0] == 1000
    for line in ranking.lines:
        if line.prizes[1] is None:  # one played, one skipped: as SoL, every prize counts
            assert line.skipped == (False, False) and line.total == line.prizes[0]
            continue
        worse = 1 if line.prizes[1] < line.prizes[0] else 0  # two played: the worse skipped
        assert line.skipped[worse] and not line.skipped[1 - worse]
        assert line.total == line.prizes[1 - worse]
    national = season_rankings.ranking(champ, nation="fr")
    assert national.nation == "FR" and {"DE", "FR", "IT"} <= set(national.nations)
    assert [line.players[0] for line in national.lines] == [players[2], players[5]]
    # each keeps the prize of his place in the whole field, ranked among the nation
    assert [line.rank for line in national.lines] == [1, 2]
    assert national.lines[0].prizes == by[players[2]].prizes


def test_an_event_still_running_gives_no_prize(club, players):
    from scoring.models import Entry, Event
    from scoring.services import draws
    from tests.factories import SYSTEM, make_tournament

    t = make_tournament("running")
    event = Event.objects.create(tournament=t, name="Open", format="knockout", games_to_win=1)
    for i, p in enumerate(players[:4]):
        Entry.objects.create(event=event, player=p, seed=i + 1)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=1)
    champ = service.create_championship(club=club, name="Running", prizes="fixed")
    service.add_event(championship=champ, event=event)
    ranking = season_rankings.ranking(champ)
    assert [c.placed for c in ranking.columns] == [False]
    assert ranking.lines == []


def test_doubles_rank_pairs(club, players, cap):
    from scoring.models import Player

    partners = [Player.objects.create(name=f"Partner {i}") for i in range(4)]
    event = played_event("pairs", D1, players[:4], cap, partners=partners)
    champ = service.create_championship(club=club, name="Pairs", prizes="fixed40")
    service.add_event(championship=champ, event=event)
    lines = season_rankings.ranking(champ).lines
    assert lines[0].players == [players[0], partners[0]] or sorted(
        p.pk for p in lines[0].players
    ) == sorted([players[0].pk, partners[0].pk])
    assert lines[0].total == 1000 and lines[1].total == 900


def test_championship_checks(club, federation, players, cap):
    event = played_event("spring", D1, players[:4], cap)
    champ = service.create_championship(club=club, name="Season 2026")
    with pytest.raises(SeasonError) as err:
        service.create_championship(club=club, name="Season 2026")
    assert err.value.code == "championship_exists"
    with pytest.raises(SeasonError) as err:
        service.create_championship(club=club, name="X", prizes="gold")
    assert err.value.code == "bad_prize_method"
    other = service.create_championship(club=federation, name="Federal")
    with pytest.raises(SeasonError) as err:
        service.create_championship(club=club, name="Next", previous=other)
    assert err.value.code == "previous_other_club"
    nxt = service.create_championship(club=club, name="Season 2027", previous=champ)
    with pytest.raises(SeasonError) as err:
        service.update_championship(
            championship=champ, name=champ.name, prizes="fixed", skip_worst=0, previous=nxt
        )
    assert err.value.code == "previous_loop"
    service.add_event(championship=champ, event=event)
    with pytest.raises(SeasonError) as err:
        service.add_event(championship=champ, event=event)
    assert err.value.code == "championship_tournament_twice"
    service.update_championship(
        championship=champ, name=champ.name, prizes="fixed", skip_worst=0, closed=True
    )
    with pytest.raises(SeasonError) as err:
        service.remove_event(championship=champ, event=event)
    assert err.value.code == "championship_closed"
    assert season_rankings.player_championships(players[0]) == [champ]


def test_memberships_keep_the_club_of_the_day(club, players, organiser):
    other = service.create_club(owner=organiser, name="Harbour Carrom", nation="DE")
    player = players[0]
    service.add_membership(club=club, player=player, since=D1)
    service.add_membership(club=other, player=player, since=D3)
    rows = list(Membership.objects.filter(player=player).order_by("since"))
    assert [(m.club, m.since, m.until) for m in rows] == [
        (club, D1, D3 - datetime.timedelta(days=1)),
        (other, D3, None),
    ]
    from scoring.selectors.seasons import club_on

    assert club_on(player, D2) == club and club_on(player, D3) == other
    assert club_on(player, D1 - datetime.timedelta(days=1)) is None
    with pytest.raises(SeasonError) as err:
        service.add_membership(club=club, player=player, since=D2)
    assert err.value.code == "membership_overlap"


def test_club_checks(organiser):
    with pytest.raises(SeasonError) as err:
        service.create_club(owner=organiser, name="  ", nation="DE")
    assert err.value.code == "club_name_missing"
    with pytest.raises(SeasonError) as err:
        service.create_club(owner=organiser, name="A", nation="D3")
    assert err.value.code == "bad_nation"
    service.create_club(owner=organiser, name="A", nation="de")
    with pytest.raises(SeasonError) as err:
        service.create_club(owner=organiser, name="A", nation="DE")
    assert err.value.code == "club_exists"
