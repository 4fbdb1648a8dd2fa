"""``python manage.py create_organiser LOGIN --name "Name as printed"``: the first organiser.

Creates a staff account that may create tournaments (no superuser, no admin rights) and prints a
one-time set-password link and code; the organiser then adds co-organisers and umpires on each
tournament's people page. ``--site`` (default: ``SITE_URL``) is the address the link starts with.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.services.people import PeopleError, create_organiser


class Command(BaseCommand):
    help = "Create the first organiser (a staff account) and print a set-password link/code."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("login", help="the login name")
        parser.add_argument("--name", default="", help="the name as printed")
        parser.add_argument("--email", default="", help="e-mail address (optional)")
        parser.add_argument("--site", default="", help="address of the site (default: SITE_URL)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            welcome = create_organiser(
                username=options["login"], name=options["name"], email=options["email"]
            )
        except PeopleError as err:
            raise CommandError(
                f"cannot create {options['login']!r}: {err.code} {err.params}"
            ) from err
        site = (
            options["site"] or getattr(settings, "SITE_URL", "") or "http://127.0.0.1:8000"
        ).rstrip("/")
        self.stdout.write(
            f"Organiser {welcome.user.get_username()} created.\n"
            f"Set the password at {site}/welcome/{welcome.token}/\n"
            f"or at {site}/welcome/ with the code {welcome.code} "
            f"(valid until {welcome.expires_at:%Y-%m-%d %H:%M}).\n"
        )
