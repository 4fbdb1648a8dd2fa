"""Issue 29, HIGH: an organiser could take over accounts of other tournaments — add an
existing login to his own tournament (no consent), press "New password code", set a new
password at ``/welcome/``. Each path of that takeover is closed here, for co-organisers and
umpires alike, and the people page answers the same whether a login exists or not."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse

from scoring.models import AuditEntry, Invitation
from scoring.services import people
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db
VICTIM_PASSWORD = "Victim-owns-this-1"
NEW_PASSWORD = "Attacker-chose-this-2"


@pytest.fixture
def hall(django_user_model):
    """Mallory organises "Attack Open"; Vera organises and Uwe umpires "Victim Cup"."""
    mallory = django_user_model.objects.create_user("mallory", password="Mallory-pass-1")
    vera = django_user_model.objects.create_user(
        "vera", password=VICTIM_PASSWORD, first_name="Vera Real", email="vera@example.org"
    )
    uwe = django_user_model.objects.create_user(
        "uwe", password=VICTIM_PASSWORD, first_name="Uwe Real"
    )
    attack = make_tournament("attack-open", organiser=mallory)
    victim = make_tournament("victim-cup", organiser=vera)
    victim.umpires.add(uwe)
    client = Client()
    client.force_login(mallory)
    return {
        "mallory": mallory,
        "vera": vera,
        "uwe": uwe,
        "attack": attack,
        "victim": victim,
        "client": client,
    }


def add(hall, username: str, role: str = "organiser", name: str = "Some Name"):
    return hall["client"].post(
        reverse("scoring:organiser-people", args=["attack-open"]),
        {"role": role, "name": name, "username": username},
    )


def reissue(hall, user):
    return hall["client"].post(
        reverse("scoring:organiser-people-reissue", args=["attack-open", user.pk])
    )


def slip(answer) -> dict[str, str]:
    text = answer.content.decode()
    return {
        "code": re.search(r'id="slip-code">([A-Z2-9-]+)<', text).group(1),
        "link": re.search(r'id="slip-link">([^<]+)<', text).group(1),
    }


def unchanged(user) -> bool:
    user.refresh_from_db()
    return user.check_password(VICTIM_PASSWORD) and not user.check_password(NEW_PASSWORD)


@pytest.mark.parametrize(
    ("victim", "role"),
    [("vera", "organiser"), ("uwe", "umpire"), ("vera", "umpire"), ("uwe", "organiser")],
)
def test_adding_an_existing_login_attaches_nothing(hall, victim, role):
    user = hall[victim]
    answer = add(hall, victim.upper(), role)
    assert answer.status_code == 200  # an invitation slip, nothing more
    assert not hall["attack"].organisers.filter(pk=user.pk).exists()
    assert not hall["attack"].umpires.filter(pk=user.pk).exists()
    text = answer.content.decode()
    assert "Vera Real" not in text and "Uwe Real" not in text and "vera@" not in text
    assert unchanged(user)


@pytest.mark.parametrize("victim", ["vera", "uwe"])
def test_the_slip_of_an_existing_login_cannot_set_its_password(hall, victim):
    user = hall[victim]
    code = slip(add(hall, victim))["code"]
    anonymous = Client()
    answer = anonymous.post(
        reverse("scoring:people-welcome"),
        {"username": victim, "code": code, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert answer.status_code == 422
    assert "log in" in answer.content.decode()
    link = slip(add(hall, victim, role="umpire" if victim == "vera" else "organiser"))["link"]
    path = link.split("testserver", 1)[-1]
    page = anonymous.get(path)
    assert page.status_code == 200 and "Log in to accept" in page.content.decode()
    assert (
        anonymous.post(
            path, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "answer": "accept"}
        ).status_code
        == 403
    )
    assert unchanged(user)
    assert not hall["attack"].organisers.filter(pk=user.pk).exists()


@pytest.mark.parametrize("victim", ["vera", "uwe"])
def test_no_password_code_for_an_account_of_another_tournament(hall, victim):
    user = hall[victim]
    add(hall, victim)
    answer = reissue(hall, user)  # the fourth request of the attack
    assert answer.status_code == 302  # back to the people page with a refusal
    assert not Invitation.objects.filter(user=user, new_account=True).exists()
    assert unchanged(user)
    assert AuditEntry.objects.filter(action="password_code_refused", detail__login=victim).exists()


def test_even_after_accepting_no_code_for_an_account_the_tournament_did_not_make(hall):
    vera = hall["vera"]
    welcome = people.add_person(
        tournament=hall["attack"],
        role="umpire",
        name="Vera",
        username="vera",
        actor=people.Actor(user=hall["mallory"]),
    )
    invitation = people.invitation_for_token(welcome.token)
    people.accept_invitation(invitation=invitation, user=vera)  # her own choice
    assert hall["attack"].umpires.filter(pk=vera.pk).exists()
    assert not people.may_reissue(hall["attack"], user=vera)
    reissue(hall, vera)
    assert unchanged(vera)


def test_an_account_the_tournament_made_loses_its_code_once_it_works_elsewhere(hall):
    answer = add(hall, "newbie", role="umpire", name="New Bie")
    code = slip(answer)["code"]
    Client().post(
        reverse("scoring:people-welcome"),
        {
            "username": "newbie",
            "code": code,
            "password1": VICTIM_PASSWORD,
            "password2": VICTIM_PASSWORD,
        },
    )
    newbie = get_user_model().objects.get(username="newbie")
    assert hall["attack"].umpires.filter(pk=newbie.pk).exists()
    assert people.may_reissue(hall["attack"], user=newbie)  # forgot the password: a new code
    assert reissue(hall, newbie).status_code == 200
    hall["victim"].umpires.add(newbie)  # now he also umpires for another tournament
    assert not people.may_reissue(hall["attack"], user=newbie)
    assert reissue(hall, newbie).status_code == 302


def test_the_answer_is_the_same_whether_a_login_exists_or_not(hall):
    def shape(answer, login: str) -> str:
        text = answer.content.decode()
        text = re.sub(r"data:image/png;base64,[^\"]+", "QR", text)
        text = re.sub(r'id="slip-code">[^<]+<', 'id="slip-code">CODE<', text)
        text = re.sub(r"/welcome/[^/\"<]+/", "/welcome/TOKEN/", text)
        text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", text)
        text = re.sub(r'nonce="[^"]+"', "NONCE", text)
        text = re.sub(r"\"X-CSRFToken\": \"[^\"]+\"", "CSRF", text)
        text = re.sub(r"\d{1,2}\. \w+ \d{4}|[A-Z][a-z]{2}\. \d+, \d{4}[^<]*", "DATE", text)
        return text.replace(login, "LOGIN")

    existing = add(hall, "vera", name="V. Someone")
    fresh = add(hall, "nobody-here", name="V. Someone")
    assert existing.status_code == fresh.status_code == 200
    assert shape(existing, "vera") == shape(fresh, "nobody-here")
    page = hall["client"].get(reverse("scoring:organiser-people", args=["attack-open"]))
    rows = re.findall(r'<tr data-login="([^"]+)">(.*?)</tr>', page.content.decode(), re.S)
    row = {login: re.sub(r"/\d+/", "/N/", body) for login, body in rows}
    assert row["vera"].replace("vera", "X") == row["nobody-here"].replace("nobody-here", "X")
    # audited, without telling whether the login existed
    detail = AuditEntry.objects.filter(action="person_invited").values_list("detail", flat=True)
    assert all(set(d) == {"login", "name", "role"} for d in detail)


def test_the_invited_person_accepts_from_her_own_account(hall):
    vera = hall["vera"]
    link = slip(add(hall, "vera", role="umpire"))["link"]
    path = link.split("testserver", 1)[-1]
    own = Client()
    own.force_login(vera)
    assert "Accept" in own.get(reverse("scoring:people-invitations")).content.decode()
    assert own.post(path, {"answer": "accept"}).status_code == 302
    assert hall["attack"].umpires.filter(pk=vera.pk).exists()
    assert unchanged(vera)
    assert AuditEntry.objects.filter(
        action="invitation_accepted", detail__login="vera", tournament=hall["attack"]
    ).exists()


def test_another_login_cannot_accept_someone_elses_invitation(hall):
    link = slip(add(hall, "vera", role="umpire"))["link"]
    path = link.split("testserver", 1)[-1]
    assert hall["client"].post(path, {"answer": "accept"}).status_code == 403  # Mallory
    invitation = Invitation.objects.get(user=hall["vera"])
    answer = hall["client"].post(
        reverse("scoring:people-invitation-answer", args=[invitation.pk]), {"answer": "accept"}
    )
    assert answer.status_code == 302
    assert not hall["attack"].umpires.filter(pk=hall["vera"].pk).exists()


def test_declining_is_audited_and_changes_nothing(hall):
    add(hall, "uwe", role="umpire")
    own = Client()
    own.force_login(hall["uwe"])
    invitation = Invitation.objects.get(user=hall["uwe"])
    own.post(
        reverse("scoring:people-invitation-answer", args=[invitation.pk]), {"answer": "decline"}
    )
    assert not hall["attack"].umpires.filter(pk=hall["uwe"].pk).exists()
    assert AuditEntry.objects.filter(action="invitation_declined").exists()
    assert people.invitation_for_token("x" * 32) is None


@override_settings(SEND_MAIL=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_with_mail_the_owner_gets_the_link_never_the_organiser(hall):
    vera = hall["vera"]
    people.accept_invitation(
        invitation=people.invitation_for_token(
            people.add_person(
                tournament=hall["attack"],
                role="umpire",
                name="Vera",
                username="vera",
                actor=people.Actor(user=hall["mallory"]),
            ).token
        ),
        user=vera,
    )
    mail.outbox.clear()
    answer = reissue(hall, vera)
    assert answer.status_code == 302  # no slip, no code on the organiser's screen
    assert [m.to for m in mail.outbox] == [["vera@example.org"]]
    assert "/reset/" in mail.outbox[0].body
    assert unchanged(vera)
    assert AuditEntry.objects.filter(action="password_link_mailed").exists()


def test_staff_accounts_never_get_a_code(hall, django_user_model):
    admin = django_user_model.objects.create_user("boss", password=VICTIM_PASSWORD, is_staff=True)
    hall["attack"].umpires.add(admin)
    assert not people.may_reissue(hall["attack"], user=admin)
    reissue(hall, admin)
    assert unchanged(admin)


def test_the_audit_trail_shows_the_invitations_and_the_refusals(hall):
    add(hall, "vera", role="umpire")
    reissue(hall, hall["vera"])
    page = hall["client"].get(reverse("scoring:trust-audit", args=["attack-open"]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "person_invited" in text or "invited" in text.lower()
    assert "password_code_refused" in text or "refused" in text.lower()
