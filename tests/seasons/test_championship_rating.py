"""A championship rated under a rating (#33, as SoL: its tournaments are rated under it unless
they name their own), and the search picker that adds tournaments to a championship."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Rate, Rating
from scoring.services import ratings as rating_service
from scoring.services import seasons as service
from tests.factories import SYSTEM, make_tournament

from .test_pages import two_events  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


def test_added_tournaments_are_rated_under_the_championships_rating(
    club,
    two_events,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    first, second = two_events
    national = Rating.objects.create(name="National", outcomes="standard")
    own = Rating.objects.create(name="Own", outcomes="standard")
    rating_service.set_tournament_rating(tournament=second.tournament, rating=own, actor=SYSTEM)
    champ = service.create_championship(club=club, name="Rated 2026", rating=national)
    service.add_event(championship=champ, event=first)
    service.add_event(championship=champ, event=second)
    first.tournament.refresh_from_db()
    second.tournament.refresh_from_db()
    assert first.tournament.rating == national  # named none: the championship's
    assert second.tournament.rating == own  # named its own: kept
    assert Rate.objects.filter(rating=national, tournament=first.tournament).count() == 8
    assert AuditEntry.objects.filter(
        tournament=first.tournament, action="tournament.rating"
    ).exists()


def test_naming_a_rating_later_rates_the_tournaments_without_one(
    club,
    two_events,  # noqa: F811
):
    first, second = two_events
    champ = service.create_championship(club=club, name="Later 2026")
    service.add_event(championship=champ, event=first)
    service.add_event(championship=champ, event=second)
    assert first.tournament.rating is None
    national = Rating.objects.create(name="National", outcomes="guido")
    service.update_championship(
        championship=champ, name=champ.name, prizes="fixed", skip_worst=0, rating=national
    )
    ratings = {e.tournament.pk: e.tournament.rating_id for e in champ.events.all()}
    assert set(ratings.values()) == {national.pk}
    assert Rate.objects.filter(rating=national).count() == 8 + 4
    # another rating moves the tournaments that followed the championship's, not others
    other = Rating.objects.create(name="Other", outcomes="guido")
    service.update_championship(
        championship=champ, name=champ.name, prizes="fixed", skip_worst=0, rating=other
    )
    assert not Rate.objects.filter(rating=national).exists()
    assert Rate.objects.filter(rating=other).count() == 12


def test_the_form_pages_and_the_ranking_name_the_rating(
    client,
    organiser,
    club,
    two_events,  # noqa: F811
):
    first, _second = two_events
    national = Rating.objects.create(name="National Rating", outcomes="standard")
    client.force_login(organiser)
    answer = client.post(
        reverse("scoring:season-championship-new", args=[club.pk]),
        {"name": "Rated", "prizes": "fixed", "skip_worst": 0, "rating": national.pk},
    )
    assert answer.status_code == 302
    champ = club.championships.get(name="Rated")
    assert champ.rating == national
    client.post(reverse("scoring:season-championship-add", args=[champ.pk]), {"event": first.pk})
    first.tournament.refresh_from_db()
    assert first.tournament.rating == national
    page = client.get(reverse("scoring:season-championship", args=[champ.pk])).content.decode()
    assert "rated under" in page and reverse("scoring:rating", args=[national.pk]) in page
    answer = client.post(
        reverse("scoring:season-championship-edit", args=[champ.pk]),
        {"name": "Rated", "prizes": "fixed", "skip_worst": 0, "rating": 99999999999999999999},
    )
    assert answer.status_code == 422  # a bad id is a message, not a 500


def test_the_picker_finds_the_organisers_own_events_only(
    client,
    organiser,
    club,
    two_events,  # noqa: F811
    django_user_model,
):
    first, second = two_events
    stranger = django_user_model.objects.create_user("stranger", password="pw", is_staff=True)
    foreign = make_tournament("autumn-foreign", organiser=stranger)
    foreign.events.create(name="Open")
    champ = service.create_championship(club=club, name="Picked 2026")
    client.force_login(organiser)
    find = reverse("scoring:season-championship-find", args=[champ.pk])
    listed = client.get(find, headers={"HX-Request": "true"}).content.decode()
    assert first.tournament.name in listed and second.tournament.name in listed
    assert foreign.name not in listed
    answer = client.get(find, {"q": second.tournament.name.split()[0]})
    assert second.tournament.name in answer.content.decode()
    assert first.tournament.name not in answer.content.decode()
    nothing = client.get(find, {"q": "no such cup"}).content.decode()
    assert "matches" in nothing and "no such cup" in nothing
    # the page itself answers the same search without JavaScript
    page = client.get(
        reverse("scoring:season-championship-edit", args=[champ.pk]),
        {"q": second.tournament.name.split()[0]},
    ).content.decode()
    assert 'id="find-event"' in page and second.tournament.name in page
    # an event of another organiser's tournament is refused, with words
    answer = client.post(
        reverse("scoring:season-championship-add", args=[champ.pk]),
        {"event": foreign.events.get().pk},
        follow=True,
    )
    assert answer.status_code == 200 and not champ.events.exists()
    # one added: its tournament is offered no more
    client.post(reverse("scoring:season-championship-add", args=[champ.pk]), {"event": first.pk})
    listed = client.get(find).content.decode()
    assert first.tournament.name not in listed and second.tournament.name in listed
    # someone who does not manage the club gets 403
    client.force_login(stranger)
    assert client.get(find).status_code == 403
