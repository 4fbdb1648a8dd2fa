from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command

from scoring.models import Tournament


@pytest.mark.django_db
def test_seed_demo_is_idempotent():
    call_command("seed_demo", stdout=io.StringIO())
    tournaments = Tournament.objects.count()
    call_command("seed_demo", stdout=io.StringIO())

    user_model = get_user_model()
    assert user_model.objects.filter(username__in=["organiser", "umpire"]).count() == 2
    # the demo tournament and the seasons' four cups, and the rating demo's past tournaments
    # (scoring/demo/ratings.py)
    assert Tournament.objects.exclude(slug__startswith="demo-rating-").count() == 5
    assert Tournament.objects.count() == tournaments
    assert Group.objects.filter(name__in=["organiser", "umpire"]).count() == 2


@pytest.mark.django_db
def test_seed_demo_accounts_can_log_in_with_the_printed_password():
    call_command("seed_demo", stdout=io.StringIO())

    organiser = authenticate(username="organiser", password="carrom-demo")
    umpire = authenticate(username="umpire", password="carrom-demo")
    assert organiser is not None and organiser.is_staff and organiser.is_superuser
    assert umpire is not None and not umpire.is_staff
    assert umpire.groups.filter(name="umpire").exists()


@pytest.mark.django_db
def test_seed_demo_restores_a_changed_demo_password():
    call_command("seed_demo", stdout=io.StringIO())
    umpire = get_user_model().objects.get(username="umpire")
    umpire.set_password("something-else")
    umpire.save()

    call_command("seed_demo", stdout=io.StringIO())

    assert authenticate(username="umpire", password="carrom-demo") is not None
