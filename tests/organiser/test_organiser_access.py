"""Every organiser button is checked against who may use it (issue 30): the organiser URLs
are taken from the URL conf (every route under ``organiser/``), not from a hand list, and
each one is asked with GET and POST by

- an anonymous visitor: sent to the login page;
- another tournament's organiser, this tournament's umpire, a player's plain account:
  refused with the app's styled 403 page ("Not allowed", the site's layout), and nothing
  changes;
- the tournament's organiser: let through (any answer but a refusal or the login page).

Every request runs in a savepoint that is rolled back, so each one meets the same data (the
world of :mod:`tests.trust.test_permission_matrix`, with a real merge of players).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, reverse

from scoring.models import Player
from scoring.services.matches import Actor
from tests.trust.test_permission_matrix import (
    World,
    all_urls,
    blob,
    fingerprint,
    url_for,
    world,  # noqa: F401  (the fixture)
)

pytestmark = pytest.mark.django_db

#: Not addressed at one tournament: the list of one's tournaments and a new tournament,
#: for staff accounts (an organiser of any tournament is staff; umpires and players not).
STAFF_PAGES = {
    "scoring:organiser-index",
    "scoring:organiser-tournament-new",
    # SoL uploads (issue 31), clubs and championships (issue 33): any staff account
    "scoring:organiser-sol-upload",
    "scoring:season-manage",
    "scoring:season-club-new",
}
#: An upload of a SoL file is its uploader's own: anybody else is told nothing of it (404).
OWN_UPLOADS = {
    "scoring:organiser-sol-import",
    "scoring:organiser-sol-import-progress",
    "scoring:organiser-sol-import-start",
}
REFUSED = ("other_organiser", "umpire", "player")


def organiser_urls() -> list[tuple[str, URLPattern]]:
    """Every URL of the organiser's area in the URL conf."""
    found = [
        (name, p)
        for name, p in all_urls()
        if name.startswith("scoring:") and "organiser/" in str(p.pattern)
    ]
    assert len(found) > 50  # the area as the URL conf has it, not a hand list
    return found


def _merge_id(w: World) -> int:
    from scoring.services.merges import merge_players

    kept = Player.objects.create(name="Access Kept")
    merged = Player.objects.create(name="Access Merged")
    return merge_players(
        tournament=w.t1,
        kept=kept,
        merged=merged,
        actor=Actor(user=w.users["organiser"], via="organiser"),
    ).pk


def _url(name: str, pattern: URLPattern, w: World, merge_id: int) -> str:
    if "merge_id" in pattern.pattern.regex.groupindex:
        kwargs = {"slug": w.t1.slug, "merge_id": merge_id}
        return reverse(name, kwargs=kwargs)
    url = url_for(name, pattern, w, w.m1.umpire_token)
    assert url is not None, f"teach url_for the parameters of {name}"
    return url


def _send(client: Client, method: str, url: str, data: dict[str, str]) -> tuple[Any, bool]:
    cookies = copy.deepcopy(client.cookies)
    with transaction.atomic():
        before = fingerprint()
        response = client.post(url, data) if method == "POST" else client.get(url)
        changed = fingerprint() != before
        transaction.set_rollback(True)
    client.cookies = cookies
    return response, changed


def _styled_403(response: Any) -> bool:
    used = {t.name for t in response.templates}
    return (
        response.status_code == 403
        and {"403.html", "base.html"} <= used
        and "Not allowed" in response.content.decode()
    )


def test_every_organiser_url_is_for_its_organisers_only(world):  # noqa: F811
    w = world
    player = get_user_model().objects.create_user(
        "access-player", password="access-long-password-1"
    )
    users = {**w.users, "player": player}
    merge_id = _merge_id(w)
    from scoring.models import SolImport

    upload = SolImport.objects.create(
        created_by=w.users["organiser"], file_name="access.sol", status=SolImport.Status.DONE
    )
    w.seasons = {**(w.seasons or {}), "upload_id": upload.pk}
    clients: dict[str, Client] = {"anonymous": Client(raise_request_exception=False)}
    for role in ("organiser", *REFUSED):
        clients[role] = Client(raise_request_exception=False)
        clients[role].force_login(users[role])
    login = reverse("login")
    problems: list[str] = []
    checked = 0
    for name, pattern in organiser_urls():
        url = _url(name, pattern, w, merge_id)
        for method in ("GET", "POST"):
            data = blob(w)
            answer, _changed = _send(clients["organiser"], method, url, data)
            if answer.status_code == 405:
                continue  # the URL does not take this method, for anybody
            checked += 1
            refused = answer.status_code in (403, 404) or (
                answer.status_code == 302 and answer["Location"].startswith(login)
            )
            if refused or answer.status_code >= 500:
                problems.append(f"{method} {name}: the organiser gets {answer.status_code}")
            answer, changed = _send(clients["anonymous"], method, url, data)
            if not (answer.status_code == 302 and answer["Location"].startswith(login)) or changed:
                problems.append(
                    f"{method} {name}: anonymous gets {answer.status_code}"
                    f"{' and changed data' if changed else ''}"
                )
            for role in REFUSED:
                if name in STAFF_PAGES and users[role].is_staff:
                    continue  # another tournament's organiser may list and create his own
                answer, changed = _send(clients[role], method, url, data)
                if name in OWN_UPLOADS and answer.status_code == 404 and not changed:
                    continue
                if not _styled_403(answer) or changed:
                    plain = " (not the styled page)" if answer.status_code == 403 else ""
                    problems.append(
                        f"{method} {name}: {role} gets {answer.status_code}{plain}"
                        f"{' and changed data' if changed else ''}"
                    )
    assert checked > 60
    assert not problems, "\n".join(problems)
