"""The main pages render, in both languages, with the touch-first base template and no CDN."""

from __future__ import annotations

import datetime
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.urls import reverse

from scoring.models import Tournament
from tests.foundation.helpers import parse_html

MAIN_PAGES = [
    pytest.param("scoring:home", id="home"),
    pytest.param("login", id="login"),
    pytest.param("admin:login", id="admin-login"),
]


@pytest.fixture
def tournament(db):
    return Tournament.objects.create(
        name="Lakeside Open",
        slug="lakeside-open",
        start_date=datetime.date(2026, 5, 2),
        end_date=datetime.date(2026, 5, 3),
        venue="Lakeside Club House",
    )


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user(
        "org", password="pw-for-tests", is_staff=True, is_superuser=True
    )


@pytest.mark.django_db
def test_home_explains_the_empty_state(client):
    response = client.get(reverse("scoring:home"))

    assert response.status_code == 200
    content = response.content.decode()
    assert "No tournaments yet." in content
    assert "Organisers can create one after logging in." in content
    assert reverse("login") in content


def test_home_lists_tournaments_with_dates_and_venue(client, tournament):
    Tournament.objects.create(
        name="Winter Cup",
        slug="winter-cup",
        start_date=datetime.date(2026, 1, 10),
        end_date=datetime.date(2026, 1, 10),
    )

    response = client.get(reverse("scoring:home"))

    content = response.content.decode()
    assert "Lakeside Open" in content
    assert "Lakeside Club House" in content
    assert 'datetime="2026-05-02"' in content
    assert 'datetime="2026-05-03"' in content
    assert "No tournaments yet." not in content
    # Newest first.
    assert content.index("Lakeside Open") < content.index("Winter Cup")


def test_home_in_german(client, tournament):
    response = client.get(reverse("scoring:home"), headers={"accept-language": "de"})

    content = response.content.decode()
    assert parse_html(content).html_lang == "de"
    assert "Turniere" in content
    assert "Austragungsort" in content
    assert "2. Mai 2026" in content


def test_staff_see_a_create_link_in_the_empty_state(client, organiser):
    client.force_login(organiser)

    response = client.get(reverse("scoring:home"))

    assert reverse("scoring:organiser-tournament-new") in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", MAIN_PAGES)
def test_main_pages_use_only_assets_from_this_site(client, url_name):
    response = client.get(reverse(url_name))

    assert response.status_code == 200
    page = parse_html(response.content.decode())
    assert page.urls, "expected the page to reference its stylesheets and scripts"
    external = [
        (tag, attribute, value)
        for tag, attribute, value in page.urls
        if urlsplit(value).scheme in {"http", "https"} or value.startswith("//")
    ]
    assert external == []


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["scoring:home", "login"])
def test_base_template_essentials(client, url_name):
    response = client.get(reverse(url_name))

    content = response.content.decode()
    page = parse_html(content)
    assert page.html_lang == "en"
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in content
    assert '<a class="skip-link" href="#main">' in content
    assert '<main id="main"' in content
    assert 'hx-headers=\'{"X-CSRFToken": "' in content
    assert 'id="messages"' in content
    assert 'id="language-switcher"' in content
    assert f'action="{reverse("set_language")}"' in content
    scripts = [value for tag, attr, value in page.urls if tag == "script" and attr == "src"]
    assert "/static/django_htmx/htmx-2.min.js" in scripts
    assert "/static/bootstrap/css/bootstrap.min.css" in [
        value for tag, _attr, value in page.urls if tag == "link"
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["scoring:home", "login"])
def test_pages_work_under_a_strict_content_security_policy(client, url_name):
    response = client.get(reverse(url_name))

    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self' 'nonce-" in policy
    assert "unsafe-inline" not in policy
    page = parse_html(response.content.decode())
    assert page.inline_scripts == 0
    assert page.inline_styles == 0
    assert page.event_handlers == []


@pytest.mark.django_db
def test_language_switcher_sets_german_without_javascript(client):
    response = client.post(
        reverse("set_language"), {"language": "de", "next": reverse("scoring:home")}
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:home")
    german = client.get(reverse("scoring:home")).content.decode()
    assert "Noch keine Turniere." in german


@pytest.mark.django_db
def test_other_pages_require_login(client):
    response = client.get(reverse("password_change"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_login_logs_in_and_returns_home(client, organiser):
    response = client.post(reverse("login"), {"username": "org", "password": "pw-for-tests"})

    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:home")
    home = client.get(reverse("scoring:home")).content.decode()
    assert "Logged in as org" in home
    assert reverse("admin:index") in home


def test_tournament_list_partial_renders_on_its_own():
    html = render_to_string("scoring/public/home.html#tournament-list", {"tournaments": []})

    assert html.strip().startswith('<section id="tournament-list"')
    assert "<html" not in html


def test_favicon_ico_redirects_to_the_static_icon(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.svg"
