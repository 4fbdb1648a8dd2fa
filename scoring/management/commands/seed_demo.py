"""Load demo data: ``python manage.py seed_demo``.

Idempotent: running it again updates the same rows instead of creating duplicates. It is built
from one function per feature area; when a feature lands, add a ``seed_<area>()`` function and
call it from ``Command.handle`` (after the areas it depends on). All names are fictional.
"""

from __future__ import annotations

import datetime
import importlib
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.models import Tournament

DEMO_PASSWORD = "carrom-demo"

#: Feature areas with demo data (modules of ``scoring.demo``), in the order they run; each
#: module's ``seed(context)`` adds to ``context`` and may append lines to
#: ``context["messages"]`` (printed at the end, e.g. the umpire link of a match in progress).
DEMO_AREAS: tuple[str, ...] = ("matches", "draws", "live", "points", "seasons", "teams", "ratings")


@dataclass(frozen=True)
class DemoAccount:
    username: str
    role: str
    is_staff: bool
    is_superuser: bool


DEMO_ACCOUNTS = (
    DemoAccount("organiser", role="organiser", is_staff=True, is_superuser=True),
    DemoAccount("umpire", role="umpire", is_staff=False, is_superuser=False),
)

DEMO_TOURNAMENT_SLUG = "demo-spring-open"


def seed_accounts() -> dict[str, User]:
    """Create or reset the demo accounts (password ``carrom-demo``) and their role groups."""
    user_model = get_user_model()
    users: dict[str, User] = {}
    for account in DEMO_ACCOUNTS:
        group, _ = Group.objects.get_or_create(name=account.role)
        user, _ = user_model.objects.update_or_create(
            username=account.username,
            defaults={
                "is_staff": account.is_staff,
                "is_superuser": account.is_superuser,
                "is_active": True,
            },
        )
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
        user.groups.add(group)
        users[account.role] = user
    return users


def seed_tournaments(today: datetime.date | None = None) -> Tournament:
    """Create the demo tournament (dates set on first run only, starting a week from today)."""
    start = (today or datetime.date.today()) + datetime.timedelta(days=7)
    tournament, _ = Tournament.objects.update_or_create(
        slug=DEMO_TOURNAMENT_SLUG,
        defaults={"name": "Demo Spring Open", "venue": "Riverside Community Hall"},
        create_defaults={
            "name": "Demo Spring Open",
            "venue": "Riverside Community Hall",
            "start_date": start,
            "end_date": start + datetime.timedelta(days=1),
        },
    )
    return tournament


class Command(BaseCommand):
    help = "Create demo accounts and a demo tournament. Safe to run more than once."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        users = seed_accounts()
        tournament = seed_tournaments()
        tournament.organisers.add(users["organiser"])
        context: dict[str, Any] = {"users": users, "tournament": tournament, "messages": []}
        for area in DEMO_AREAS:
            module = importlib.import_module(f"scoring.demo.{area}")
            module.seed(context)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data ready: tournament '{tournament.name}', accounts "
                + ", ".join(f"{user.username} ({role})" for role, user in users.items())
                + f", password '{DEMO_PASSWORD}'."
            )
        )
        for line in context["messages"]:
            self.stdout.write(str(line))
