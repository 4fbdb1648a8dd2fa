"""A rating that inherits (SoL's ``inherit``: a player new to it starts from his latest rate in a
rating of a higher level) and the events a rating rates (``Rating.scope``: every event, singles
events, or singles Swiss events as SoL 5.26 rates), docs/RATINGS.md."""

from __future__ import annotations

import datetime
from uuid import uuid4

import pytest
import yaml

from scoring import ratings as glicko
from scoring.models import Event, Match, Rate, Rating
from scoring.services import draws
from scoring.services import ratings as service
from scoring.services.exports import sol_documents
from scoring.services.matches import record_quick_board, record_toss
from scoring.services.sol import import_sol
from tests.factories import SYSTEM, make_event, play_and_confirm
from tests.ratings.test_service import play_all, rated_tournament
from tests.trust.test_sol_generated import m
from tests.trust.test_sol_ranking import lists, tourney

pytestmark = pytest.mark.django_db

SPRING, SUMMER = datetime.date(2026, 3, 1), datetime.date(2026, 6, 1)


def two_levels(capture, inherit: bool = True):
    """An international rating with a tournament played, and a national one (inheriting or
    not) whose tournament the same four players play."""
    world = Rating.objects.create(
        name="World", level="international", lower_rate=None, higher_rate=None
    )
    national = Rating.objects.create(
        name="National", level="national", inherit=inherit, lower_rate=None, higher_rate=None
    )
    _first, e1 = rated_tournament(world, "world-open", SPRING)
    play_all(e1, capture)
    players = [e.player for e in e1.entries.order_by("pk")]
    second, e2 = rated_tournament(national, "national-open", SUMMER, players=players)
    play_all(e2, capture, winner="b")
    return world, national, second


def expected(start: dict, rating: Rating, tournament) -> dict:
    played, places = service.tournament_matches(tournament, scope=rating.scope)
    return glicko.rate_period(start, played, service.parameters(rating), places)


def whole(rates: dict) -> dict:
    """Rates as an inheriting rating reads them (SoL: whole numbers, truncated)."""
    return {k: glicko.Rate(int(r.rate), int(r.deviation), r.volatility) for k, r in rates.items()}


def national_rates(national: Rating) -> dict[int, float]:
    return dict(Rate.objects.filter(rating=national).values_list("player_id", "rate"))


def test_an_inheriting_rating_starts_its_players_from_the_higher_ratings_rates(
    django_capture_on_commit_callbacks,
):
    world, national, second = two_levels(django_capture_on_commit_callbacks)
    before = service.rates_before(world, date=SUMMER)
    assert len(before) == 4
    want = expected(whole(before), national, second)
    got = national_rates(national)
    assert got == pytest.approx({k: v.rate.rate for k, v in want.items()})
    # their deviations went on from the world rating's, below a new player's 350
    for rate in Rate.objects.filter(rating=national):
        assert rate.deviation < before[rate.player_id].deviation
    # the same tournament without inherit starts them as new players
    national.inherit = False
    national.save()
    service.rerate(national)
    fresh = expected({}, national, second)
    assert national_rates(national) == pytest.approx({k: v.rate.rate for k, v in fresh.items()})
    assert national_rates(national) != pytest.approx(got)


def test_a_lower_or_same_level_rating_is_not_inherited_from(django_capture_on_commit_callbacks):
    club = Rating.objects.create(name="Club", level="club", lower_rate=None, higher_rate=None)
    national = Rating.objects.create(
        name="National", level="national", inherit=True, lower_rate=None, higher_rate=None
    )
    other = Rating.objects.create(
        name="Other national", level="national", lower_rate=None, higher_rate=None
    )
    assert service.higher_ratings(national) == []
    assert service.higher_ratings(club) == []
    world = Rating.objects.create(name="World", level="international")
    assert service.higher_ratings(national) == [world.pk]
    assert other.pk not in service.higher_ratings(national)
    assert service.inheriting_ratings(world) == [national]
    assert service.inheriting_ratings(national) == []


def test_re_rating_the_higher_rating_re_rates_the_inheriting_one(
    django_capture_on_commit_callbacks,
):
    world, national, second = two_levels(django_capture_on_commit_callbacks)
    old = national_rates(national)
    # the world rating's parameters change: its history, then the national one's, follow
    world.default_deviation = 200
    world.save()
    service.rerate(world)
    new = national_rates(national)
    assert new != pytest.approx(old)
    want = expected(whole(service.rates_before(world, date=SUMMER)), national, second)
    assert new == pytest.approx({k: v.rate.rate for k, v in want.items()})


def test_a_rating_rates_the_events_of_its_scope(django_capture_on_commit_callbacks):
    rating = Rating.objects.create(name="National", lower_rate=None, higher_rate=None)
    tournament, knockout = rated_tournament(rating, "mixed", SPRING)
    doubles = make_event(tournament, 4, kind="doubles", name="doubles")
    draws.draw_event(event=doubles, actor=SYSTEM, random_seed=1)
    swiss = make_event(tournament, 4, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=swiss, actor=SYSTEM, random_seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        for match in Match.objects.filter(event__in=[knockout, doubles], status="ready"):
            play_and_confirm(match, "a")
        for match in Match.objects.filter(event=swiss, round__number=1):
            # the losers score a board: SoL rates no player who scored no point (below)
            record_toss(match=match, winner="a", choice="break", actor=SYSTEM)
            record_quick_board(
                match=match, winner="b", carrommen=3, queen="a", client_id=uuid4(), actor=SYSTEM
            )
            play_and_confirm(match, "a")
    draws.next_round(event=swiss, actor=SYSTEM)
    played, _places = service.tournament_matches(tournament, scope=Rating.Scope.SWISS_SINGLES)
    assert played == []  # a Swiss event is rated as SoL rates it: once finished
    swiss.status = Event.Status.FINISHED
    swiss.save()
    counts = {}
    for scope in Rating.Scope.values:
        played, _places = service.tournament_matches(tournament, scope=scope)
        counts[scope] = len(played)
    swiss_played = Match.objects.filter(event=swiss, round__number=1, bye=False).count()
    assert counts["swiss_singles"] == swiss_played
    assert counts["singles"] == swiss_played + 2  # and the knock-out's two semi-finals
    assert counts["all"] == counts["singles"] + 2  # and the doubles' two
    # the rating rates what its scope says
    rating.scope = Rating.Scope.SWISS_SINGLES
    rating.save()
    service.rerate(rating)
    rated = set(Rate.objects.filter(rating=rating).values_list("player_id", flat=True))
    assert rated == set(swiss.entries.values_list("player_id", flat=True))


def test_sols_inherit_flag_and_scope_come_in_and_go_out() -> None:
    data = lists(4)
    data["ratings"][1]["inherit"] = True
    data["ratings"][1]["level"] = "2"
    matches = [
        m(1, 2, 25, 10, turn=1, table=1),
        m(3, 4, 25, 20, turn=1, table=2),
    ]
    content = yaml.safe_dump_all([data, tourney([[1], [2], [3], [4]], matches)]).encode()
    report = import_sol(content)
    rating = Rating.objects.get(name="Generated")
    assert rating.inherit is True
    assert rating.scope == Rating.Scope.SWISS_SINGLES
    world = Rating.objects.create(name="World", level="international")
    head, *_tourneys = sol_documents(report.tournaments[0])
    names = [r["description"] for r in head["ratings"]]
    assert names == ["Generated", "World"]
    assert head["ratings"][0]["inherit"] is True
    assert head["ratings"][1]["inherit"] is False
    assert world.pk in service.higher_ratings(rating)


def test_an_inherited_rate_is_taken_as_a_whole_number(django_capture_on_commit_callbacks):
    """SoL reads a higher rating's rates as it stores them, whole numbers (truncated): a
    player new to the inheriting rating starts from his rate and deviation truncated (SoL's
    2018 archive: "GB Rating" 123 of 123 players within a point so, 111 unrounded)."""
    world, national, second = two_levels(django_capture_on_commit_callbacks)
    before = service.rates_before(world, date=SUMMER)
    assert any(r.rate != int(r.rate) for r in before.values())
    want = expected(whole(before), national, second)
    assert national_rates(national) == pytest.approx({k: v.rate.rate for k, v in want.items()})
    for key, rated in want.items():
        assert rated.initial == whole(before)[key]
    unrounded = expected(before, national, second)
    assert national_rates(national) != pytest.approx(
        {k: v.rate.rate for k, v in unrounded.items()}, abs=1e-6
    )
