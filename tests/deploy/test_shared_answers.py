"""Which answers the app lets a shared cache (nginx's micro-cache, deploy/nginx.conf) keep:
only the public polled parts and the API, marked ``Cache-Control: public`` (issue 29); never a
full page (it carries the visitor's CSRF token), a tablet's or an organiser's answer."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.live import factories as f

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    t = f.tournament("proxy-open")
    e, (a, b, *_) = f.event(t)
    return f.toss(f.match(e, a, b))


def _control(answer) -> set[str]:
    return {part.strip() for part in answer.get("Cache-Control", "").split(",")}


def test_a_polled_part_and_its_304_are_public(match) -> None:
    client = Client(HTTP_HX_REQUEST="true")
    path = f"/t/{match.event.tournament.slug}/match/{match.pk}/live/"
    first = client.get(path)
    assert first.status_code == 200 and "public" in _control(first)
    again = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and "public" in _control(again)


def test_the_api_is_public(match) -> None:
    answer = Client().get(f"/api/v1/matches/{match.pk}/")
    assert answer.status_code == 200 and "public" in _control(answer)


def test_pages_tablets_and_organisers_are_not_public(match, django_user_model) -> None:
    page = Client().get(f"/t/{match.event.tournament.slug}/match/{match.pk}/")
    assert page.status_code == 200 and "public" not in _control(page)
    tablet = Client().get(f"/u/{match.umpire_token}/")
    assert tablet.status_code == 200 and "public" not in _control(tablet)
    user = django_user_model.objects.create_user("olga", password="x-not-used")
    match.event.tournament.organisers.add(user)
    client = Client()
    client.force_login(user)
    organiser = client.get(f"/t/{match.event.tournament.slug}/organiser/")
    assert organiser.status_code == 200 and "public" not in _control(organiser)
