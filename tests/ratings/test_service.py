"""Ratings' history from the decided results (scoring.services.ratings): rated tournament by
tournament, rebuilt from a tournament's date on when a result changes (a late correction)."""

from __future__ import annotations

import datetime
import math

import pytest

from scoring import ratings as glicko
from scoring.models import Board, Match, Rate, Rating
from scoring.services import draws
from scoring.services import ratings as service
from scoring.services.corrections import PaperFix, correct_board, preview_correction
from tests.factories import SYSTEM, make_event, make_tournament, play_and_confirm
from tests.organiser.test_corrections import EIGHT, ORGANISER, paper_match

pytestmark = pytest.mark.django_db


def rated_tournament(rating: Rating, slug: str, day: datetime.date, n: int = 4, players=None):
    tournament = make_tournament(slug)
    tournament.start_date = tournament.end_date = day
    tournament.save()
    event = make_event(tournament, n, name=slug)
    if players is not None:
        for entry, player in zip(event.entries.order_by("pk"), players, strict=False):
            entry.player = player
            entry.save()
    service.set_tournament_rating(tournament=tournament, rating=rating, actor=SYSTEM)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=1)
    return tournament, event


def play_all(event, capture, winner: str = "a") -> None:
    """Every match of the knock-out played (``winner``'s side wins) to the final."""
    for _ in range(6):
        ready = list(Match.objects.filter(event=event, status=Match.Status.READY))
        if not ready:
            return
        with capture(execute=True):
            for m in ready:
                play_and_confirm(m, winner)


def test_each_confirmed_result_rerates_the_tournament(django_capture_on_commit_callbacks):
    rating = Rating.objects.create(name="National", outcomes="standard")
    tournament, event = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    assert not Rate.objects.exists()
    play_all(event, django_capture_on_commit_callbacks)
    rates = list(Rate.objects.filter(rating=rating, tournament=tournament))
    assert len(rates) == 4
    assert sorted(r.matches for r in rates) == [1, 1, 2, 2]
    assert all(r.date == tournament.end_date for r in rates)
    # the same as the pure computation from the decided results
    played, places = service.tournament_matches(tournament)
    expected = glicko.rate_period({}, played, service.parameters(rating), places)
    for r in rates:
        assert r.rate == pytest.approx(expected[r.player_id].rate.rate)
        assert r.deviation < rating.default_deviation


def test_a_second_tournament_starts_from_the_first_ones_rates(django_capture_on_commit_callbacks):
    rating = Rating.objects.create(name="National", lower_rate=None, higher_rate=None)
    first, e1 = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    play_all(e1, django_capture_on_commit_callbacks)
    players = [e.player for e in e1.entries.order_by("pk")]
    second, e2 = rated_tournament(rating, "summer", datetime.date(2026, 6, 1), players=players)
    play_all(e2, django_capture_on_commit_callbacks, winner="b")
    for player in players:
        history = list(Rate.objects.filter(rating=rating, player=player).order_by("date"))
        assert [h.tournament_id for h in history] == [first.pk, second.pk]
        assert history[1].deviation < history[0].deviation
    # rebuilding everything gives the same history
    before = sorted(Rate.objects.values_list("player_id", "tournament_id", "rate"))
    service.rerate(rating)
    after = sorted(Rate.objects.values_list("player_id", "tournament_id", "rate"))
    assert [b[:2] for b in before] == [a[:2] for a in after]
    assert [b[2] for b in before] == pytest.approx([a[2] for a in after])


def test_new_players_joining_rated_ones_start_from_their_regression(
    django_capture_on_commit_callbacks,
):
    """SoL's start for new players among two or more rated ones (tests/ratings/
    test_sol_rates.py), through the service: places from the event, rates from the history."""
    rating = Rating.objects.create(name="National", outcomes="guido")
    _first, e1 = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    play_all(e1, django_capture_on_commit_callbacks)
    returning = [e.player for e in e1.entries.order_by("pk")][:2]
    second, e2 = rated_tournament(rating, "summer", datetime.date(2026, 6, 1), players=returning)
    play_all(e2, django_capture_on_commit_callbacks, winner="b")
    played, places = service.tournament_matches(second)
    before = service.rates_before(rating, date=second.end_date)
    new = sorted(key for key in places if key not in before)
    assert len(new) == 2 and {p.pk for p in returning} <= set(before)
    line = glicko.regressed_rates(
        {p.pk: (places[p.pk], math.trunc(before[p.pk].rate)) for p in returning},
        {k: places[k] for k in new},
    )
    expected = glicko.rate_period(before, played, service.parameters(rating), places)
    for key in new:
        assert expected[key].initial.rate == round(line[key])
        row = Rate.objects.get(rating=rating, tournament=second, player_id=key)
        assert row.rate == pytest.approx(expected[key].rate.rate)
        assert row.deviation == pytest.approx(expected[key].rate.deviation)


def test_a_late_correction_rerates_from_that_tournament_on(django_capture_on_commit_callbacks):
    rating = Rating.objects.create(name="National", outcomes="guido")
    first = make_tournament("spring")
    first.start_date = first.end_date = datetime.date(2026, 3, 1)
    first.save()
    event = make_event(first, 2, name="final")
    service.set_tournament_rating(tournament=first, rating=rating, actor=SYSTEM)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=7)
    final = Match.objects.get(event=event)
    with django_capture_on_commit_callbacks(execute=True):
        paper_match(final, EIGHT)
        draws.confirm_result(match=final, actor=ORGANISER)
    players = [e.player for e in event.entries.order_by("pk")]
    second, e2 = rated_tournament(rating, "summer", datetime.date(2026, 6, 1), n=2, players=players)
    play_all(e2, django_capture_on_commit_callbacks)
    winner_a = Rate.objects.get(tournament=first, player=final.entry_a.player)
    later = Rate.objects.get(tournament=second, player=final.entry_a.player)
    last = Board.objects.filter(game__match=final).order_by("sequence").last()
    preview = preview_correction(
        match=final, board_id=last.pk, fix=PaperFix("b", 1), actor=ORGANISER
    )
    with django_capture_on_commit_callbacks(execute=True):
        correct_board(
            match=final,
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="the sheet was keyed wrongly",
            repair=preview.repairs[0],
            client_id="00000000-0000-0000-0000-000000000001",
        )
    final.refresh_from_db()
    assert final.winner_side == "b"
    corrected = Rate.objects.get(tournament=first, player=final.entry_a.player)
    assert corrected.rate < winner_a.rate
    assert Rate.objects.get(tournament=second, player=final.entry_a.player).rate != later.rate


def test_a_tournament_taken_out_of_the_rating_loses_its_rates(django_capture_on_commit_callbacks):
    rating = Rating.objects.create(name="Club")
    tournament, event = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    play_all(event, django_capture_on_commit_callbacks)
    assert Rate.objects.filter(tournament=tournament).count() == 4
    service.set_tournament_rating(tournament=tournament, rating=None, actor=SYSTEM)
    assert not Rate.objects.filter(tournament=tournament).exists()


def test_new_players_start_from_their_places(django_capture_on_commit_callbacks):
    rating = Rating.objects.create(name="International", outcomes="standard")
    tournament, event = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    play_all(event, django_capture_on_commit_callbacks)
    _played, places = service.tournament_matches(tournament)
    assert sorted(places.values()) == [1, 2, 3, 3]  # the semi-final losers share 3rd-4th
    champion = min(places, key=places.get)
    assert Rate.objects.get(player_id=champion).rate > 2600 - 1  # started at the top


def test_seeding_by_rating_orders_the_draw(django_capture_on_commit_callbacks):
    """An event drawn by rating: its entries seeded by their rates on the chosen date (the
    tournaments ended before it), after the organiser's own seeds."""
    from scoring.services.draws import draw_entries
    from scoring.services.tournaments import clean_settings

    rating = Rating.objects.create(name="National", lower_rate=None, higher_rate=None)
    _first, e1 = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    play_all(e1, django_capture_on_commit_callbacks)
    players = [e.player for e in e1.entries.order_by("pk")]
    later = make_tournament("autumn")
    event = make_event(later, 4, name="autumn")
    for entry, player in zip(event.entries.order_by("pk"), reversed(players), strict=True):
        entry.player = player
        entry.save()
    event.settings = clean_settings(
        "knockout", settings={"seed_rating": rating.pk, "seed_date": "2026-04-01"}
    )
    event.save()
    entries, _withdrawn = draw_entries(event)
    rate = {r.player_id: r.rate for r in Rate.objects.filter(rating=rating)}
    by_entry = {e.pk: rate[e.player_id] for e in event.entries.all()}
    order = [d.id for d in sorted(entries, key=lambda d: d.seed)]
    assert order == sorted(by_entry, key=lambda pk: -by_entry[pk])
    assert [d.seed for d in sorted(entries, key=lambda d: d.seed)] == [1, 2, 3, 4]
    # a date before any rated tournament: nobody has a rate, nobody seeded by it
    event.settings = clean_settings(
        "knockout", settings={"seed_rating": rating.pk, "seed_date": "2026-01-01"}
    )
    event.save()
    assert all(d.seed is None and d.rating is None for d in draw_entries(event)[0])
    from scoring.services.tournaments import TournamentError

    with pytest.raises(TournamentError):
        clean_settings("knockout", settings={"seed_rating": 999999})
    with pytest.raises(TournamentError):
        clean_settings("knockout", settings={"seed_rating": rating.pk, "seed_date": "soon"})


def test_a_result_is_rerated_once_not_again_for_its_confirmation(
    django_capture_on_commit_callbacks, monkeypatch
):
    """#33: finishing a match re-rates once (``result_changed``); confirming it changes no
    decided result and re-rates nothing; a walkover (decided straight into confirmed)
    re-rates once."""
    from scoring.services.walkovers import record_walkover
    from tests.factories import play

    rating = Rating.objects.create(name="Once", outcomes="standard")
    _tournament, event = rated_tournament(rating, "once", datetime.date(2026, 5, 1))
    calls: list[int] = []
    real = service.rerate_tournament
    monkeypatch.setattr(service, "rerate_tournament", lambda t: calls.append(t) or real(t))
    first, second = Match.objects.filter(event=event, status=Match.Status.READY)[:2]
    with django_capture_on_commit_callbacks(execute=True):
        play(first, "a")
    assert len(calls) == 1
    assert Rate.objects.filter(rating=rating).count() == 2
    with django_capture_on_commit_callbacks(execute=True):
        draws.confirm_result(match=first, actor=SYSTEM)
    assert len(calls) == 1
    with django_capture_on_commit_callbacks(execute=True):
        record_walkover(match=second, absent="b", actor=SYSTEM, note="")
    assert len(calls) == 2
