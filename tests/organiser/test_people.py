"""People and roles without the admin (issue 15): umpires and co-organisers added from the
tournament's people page, one-time set-password links and codes, revocable roles, the
``create_organiser`` command and a password reset that is offered only with mail."""

from __future__ import annotations

import datetime
import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from scoring.models import Invitation, Match
from scoring.services import people
from scoring.services.people import PeopleError
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.django_db
PASSWORD = "Carrom-striker-77"


def accepted(welcome) -> None:
    """The invited person sets the password with the slip's link (and so accepts)."""
    people.set_password(invitation=people.invitation_for_token(welcome.token), password=PASSWORD)


def test_adding_an_umpire_creates_an_account_with_the_printed_name(tournament, actor):
    welcome = people.add_person(
        tournament=tournament, role="umpire", name="Anna Berg", username="ump_anna", actor=actor
    )
    user = get_user_model().objects.get(username="ump_anna")
    assert people.display_name(user) == "Anna Berg"
    assert not user.has_usable_password() and not user.is_staff
    assert not tournament.umpires.exists()  # the role is hers when she accepts (issue 29)
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", welcome.code)
    assert set(welcome.code) - set(people.CODE_ALPHABET) <= {"-"}
    # only hashes are stored
    row = Invitation.objects.get(user=user)
    assert welcome.token not in (row.token_hash, row.code_hash)


def test_the_code_sets_the_password_once(tournament, actor):
    welcome = people.add_person(
        tournament=tournament, role="umpire", name="Anna Berg", username="ump_anna", actor=actor
    )
    invitation = people.invitation_for_code("UMP_ANNA", code=welcome.code.lower().replace("-", " "))
    assert invitation is not None
    with pytest.raises(PeopleError) as err:
        people.set_password(invitation=invitation, password="123")
    assert err.value.code == "bad_password"
    people.set_password(invitation=invitation, password=PASSWORD)
    assert get_user_model().objects.get(username="ump_anna").check_password(PASSWORD)
    assert tournament.umpires.filter(username="ump_anna").exists()  # accepted
    assert people.invitation_for_code("ump_anna", code=welcome.code) is None
    assert people.invitation_for_token(welcome.token) is None


def test_an_expired_or_replaced_invitation_does_not_work(tournament, actor):
    first = people.add_person(
        tournament=tournament, role="umpire", name="Anna Berg", username="ump_anna", actor=actor
    )
    second = people.renew_invitation(
        tournament=tournament, invitation=Invitation.objects.get(used_at__isnull=True), actor=actor
    )
    assert people.invitation_for_token(first.token) is None
    assert people.invitation_for_token(second.token) is not None
    Invitation.objects.update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert people.invitation_for_token(second.token) is None
    assert people.invitation_for_code("ump_anna", code=second.code) is None


def test_an_existing_login_is_invited_never_attached(tournament, actor, django_user_model):
    ben = django_user_model.objects.create_user("ben", password=PASSWORD)
    welcome = people.add_person(
        tournament=tournament, role="organiser", name="B. Berg", username="BEN", actor=actor
    )
    assert welcome.user == ben and welcome.role_pending
    assert not tournament.organisers.filter(username="ben").exists()
    invitation = Invitation.objects.get(user=ben)
    assert not invitation.new_account and invitation.name == "B. Berg"
    # the slip's code cannot set an existing account's password
    with pytest.raises(PeopleError) as err:
        people.set_password(invitation=invitation, password="Another-pass-99")
    assert err.value.code == "log_in_to_accept"
    ben.refresh_from_db()
    assert ben.check_password(PASSWORD)
    people.accept_invitation(invitation=invitation, user=ben)
    assert tournament.organisers.filter(username="ben").exists()
    with pytest.raises(PeopleError) as err:
        people.add_person(
            tournament=tournament, role="organiser", name="B", username="ben", actor=actor
        )
    assert err.value.code == "has_role"


@pytest.mark.parametrize(
    ("username", "name", "code"),
    [
        ("", "Anna", "login_missing"),
        ("anna berg", "Anna", "login_invalid"),
        ("anna", "", "account_name_missing"),
    ],
)
def test_bad_input_changes_nothing(tournament, actor, username, name, code):
    before = get_user_model().objects.count()
    with pytest.raises(PeopleError) as err:
        people.add_person(
            tournament=tournament, role="umpire", name=name, username=username, actor=actor
        )
    assert err.value.code == code
    assert get_user_model().objects.count() == before


def test_revoking_an_umpire_frees_his_open_matches(tournament, actor, organiser):
    accepted(
        people.add_person(
            tournament=tournament, role="umpire", name="Anna Berg", username="ump_anna", actor=actor
        )
    )
    anna = get_user_model().objects.get(username="ump_anna")
    event = make_event(tournament, 2)
    entries = list(event.entries.all())
    match = Match.objects.create(
        event=event,
        number=1,
        entry_a=entries[0],
        entry_b=entries[1],
        umpire=anna,
        status=Match.Status.READY,
    )
    people.revoke(tournament=tournament, user=anna, role="umpire", actor=actor)
    match.refresh_from_db()
    assert match.umpire is None and not tournament.umpires.exists()
    with pytest.raises(PeopleError) as err:
        people.revoke(tournament=tournament, user=organiser, role="organiser", actor=actor)
    assert err.value.code == "last_organiser"


def test_no_code_for_staff_accounts(tournament, actor, organiser):
    assert not people.may_reissue(tournament, user=organiser)
    with pytest.raises(PeopleError):
        people.reissue(tournament=tournament, user=organiser, actor=actor)


def test_the_people_page_adds_an_umpire_and_shows_the_slip(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("scoring:organiser-people", args=[tournament.slug])
    answer = client.post(url, {"role": "umpire", "name": "Anna Berg", "username": "ump_anna"})
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Anna Berg" in text and "data:image/png;base64" in text
    code = re.search(r'id="slip-code">([A-Z2-9-]+)<', text).group(1)
    link = re.search(r'id="slip-link">([^<]+)<', text).group(1)
    assert "/welcome/" in link and answer["Cache-Control"].startswith("max-age=0")
    client.logout()
    # the hall's way: login and code
    answer = client.post(
        reverse("scoring:people-welcome"),
        {"username": "ump_anna", "code": code, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert answer.status_code == 302
    assert client.login(username="ump_anna", password=PASSWORD)


def test_the_people_page_refuses_bad_input_with_a_message(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("scoring:organiser-people", args=[tournament.slug])
    answer = client.post(url, {"role": "umpire", "name": "", "username": "new one"})
    assert answer.status_code == 422
    assert "letters, digits" in answer.content.decode()
    answer = client.post(url, {"role": "king", "username": "x"})
    assert answer.status_code == 422


def test_a_wrong_code_or_link_is_refused(client, tournament, actor):
    people.add_person(
        tournament=tournament, role="umpire", name="Anna Berg", username="ump_anna", actor=actor
    )
    answer = client.post(
        reverse("scoring:people-welcome"),
        {"username": "ump_anna", "code": "AAAA-AAAA", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert answer.status_code == 422
    assert "do not match" in answer.content.decode()
    assert client.get(reverse("scoring:people-welcome-link", args=["nope"])).status_code == 404


def test_the_link_sets_the_password(client, tournament, actor):
    welcome = people.add_person(
        tournament=tournament, role="organiser", name="Chris Co", username="chris", actor=actor
    )
    url = reverse("scoring:people-welcome-link", args=[welcome.token])
    assert "Chris Co" in client.get(url).content.decode()
    answer = client.post(url, {"password1": PASSWORD, "password2": PASSWORD + "x"})
    assert answer.status_code == 422
    answer = client.post(url, {"password1": PASSWORD, "password2": PASSWORD})
    assert answer.status_code == 302
    assert client.login(username="chris", password=PASSWORD)
    # the co-organiser reaches the tournament and the organiser index without being staff
    assert client.get(reverse("scoring:organiser-home", args=[tournament.slug])).status_code == 200
    assert client.get(reverse("scoring:organiser-index")).status_code == 200


def test_the_umpire_picker_lists_only_the_tournaments_people(
    client, tournament, organiser, actor, django_user_model
):
    django_user_model.objects.create_user("stranger", first_name="Stranger Danger")
    accepted(
        people.add_person(
            tournament=tournament, role="umpire", name="Anna Berg", username="ump_anna", actor=actor
        )
    )
    client.force_login(organiser)
    text = client.get(reverse("scoring:organiser-tables", args=[tournament.slug])).content
    assert b"Anna Berg" in text and b"Stranger" not in text


def test_password_reset_is_not_offered_without_mail(client):
    answer = client.get(reverse("password_reset"))
    assert answer.status_code == 404
    assert "sends no e-mail" in answer.content.decode()
    answer = client.post(reverse("password_reset"), {"email": "x@example.invalid"})
    assert answer.status_code == 404 and not mail.outbox


@override_settings(SEND_MAIL=True)
def test_with_mail_the_reset_works_and_invitations_are_mailed(
    client, tournament, actor, django_user_model
):
    django_user_model.objects.create_user("dora", email="dora@example.invalid", password="x")
    answer = client.post(reverse("password_reset"), {"email": "dora@example.invalid"})
    assert answer.status_code == 302 and len(mail.outbox) == 1
    welcome = people.add_person(
        tournament=tournament,
        role="umpire",
        name="Eve Umpire",
        username="eve",
        email="eve@example.invalid",
        actor=actor,
    )
    assert welcome.mailed and welcome.token in mail.outbox[-1].body


def test_create_organiser_command(db):
    out = StringIO()
    call_command(
        "create_organiser",
        "first",
        "--name",
        "First Organiser",
        "--site",
        "http://hall.local:8000",
        stdout=out,
    )
    user = get_user_model().objects.get(username="first")
    assert user.is_staff and not user.is_superuser and user.first_name == "First Organiser"
    token = re.search(r"/welcome/([\w-]+)/", out.getvalue()).group(1)
    assert people.invitation_for_token(token).user == user
    with pytest.raises(Exception, match="login_taken"):
        call_command("create_organiser", "first", stdout=StringIO())


def test_the_scoresheet_prints_the_umpires_name(tournament, actor):
    """The umpire is printed by his name as printed, not by login."""
    from scoring.selectors.sheets import scoresheet_data

    people.add_person(
        tournament=tournament, role="umpire", name="Anna Berg", username="ump_anna", actor=actor
    )
    anna = get_user_model().objects.get(username="ump_anna")
    event = make_event(make_tournament("other-open"), 2)
    entries = list(event.entries.all())
    match = Match.objects.create(
        event=event, number=1, entry_a=entries[0], entry_b=entries[1], umpire=anna
    )
    assert scoresheet_data(match).umpire == "Anna Berg"


def test_the_migration_marks_accounts_made_by_their_first_invitation(tournament, actor):
    """Invitations from before issue 29 (``new_account`` unset): the first one of an account,
    made with it, marks it as made by its tournament; a later reissued one does not."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("scoring.migrations.0016_accounts_input")
    welcome = people.add_person(
        tournament=tournament, role="umpire", name="Old Timer", username="old_timer", actor=actor
    )
    user = welcome.user
    people.invite(user=user, tournament=tournament, role="umpire", actor=actor)  # reissued
    Invitation.objects.update(new_account=False)
    later = Invitation.objects.filter(user=user).order_by("created_at").last()
    Invitation.objects.filter(pk=later.pk).update(
        created_at=timezone.now() + datetime.timedelta(minutes=5)
    )
    migration.mark_made_accounts(apps, None)
    flags = list(
        Invitation.objects.filter(user=user)
        .order_by("created_at")
        .values_list("new_account", flat=True)
    )
    assert flags == [True, False]


@override_settings(SEND_MAIL=True)
def test_the_mails_speak_the_organisers_language(tournament, actor, django_user_model):
    """The e-mails are written in the language of the organiser who sends them (issue 35):
    the welcome of a new account and the new-password link, in French and Italian."""
    from django.utils import translation

    with translation.override("fr"):
        welcome = people.add_person(
            tournament=tournament,
            role="umpire",
            name="Eve Umpire",
            username="eve",
            email="eve@example.invalid",
            actor=actor,
        )
    body = mail.outbox[-1].body
    assert welcome.mailed and welcome.token in body and welcome.code in body
    assert body.startswith("Bonjour Eve Umpire,") and "votre identifiant est eve" in body
    assert "choisir votre mot de passe" in mail.outbox[-1].subject
    with translation.override("it"):
        people.add_person(
            tournament=tournament,
            role="umpire",
            name="Ugo Umpire",
            username="ugo",
            email="ugo@example.invalid",
            actor=actor,
        )
    assert mail.outbox[-1].body.startswith("Ciao Ugo Umpire,")
