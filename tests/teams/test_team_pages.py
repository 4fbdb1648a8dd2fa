"""The team pages: an organiser enters teams and a format, opens a tie, the captains submit
lineups on their phones (the other side's hidden until both are in), the tie sheet prints."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Match, Team, Tie, TieFormat
from scoring.services import draws
from scoring.services.tournaments import create_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def team_event(tournament, actor):
    return create_event(
        tournament=tournament, name="Club teams", actor=actor, kind="teams", format="knockout"
    )


def teams_url(event) -> str:
    return reverse("scoring:organiser-event-teams", args=[event.tournament.slug, event.pk])


def test_organiser_enters_teams_and_a_format(desk, team_event) -> None:
    url = teams_url(team_event)
    page = desk.get(url)
    assert page.status_code == 200 and "S-D-S" in page.content.decode()
    answer = desk.post(
        url,
        {
            "action": "team",
            "team-name": "Red Strikers",
            "team-club": "CC Red",
            "team-players": "Asha Red\nBina Red\n",
        },
    )
    assert answer.status_code == 302
    team = Team.objects.get(name="Red Strikers")
    assert team.captain.name == "Asha Red" and team.members.count() == 2
    # the same name and club is the same player of the register: in one team only
    refused = desk.post(
        url,
        {
            "action": "team",
            "team-name": "Blue",
            "team-club": "CC Red",
            "team-players": "Asha Red\nCara Blue",
        },
    )
    assert refused.status_code == 200
    assert "already plays for Red Strikers" in refused.content.decode()
    one = desk.post(url, {"action": "team", "team-name": "Solo", "team-players": "Lone"})
    assert "Name 2 to 8 players" in one.content.decode()
    answer = desk.post(
        url,
        {
            "action": "format",
            "fmt-name": "Doubles first",
            "fmt-rubbers": "D-S-S",
            "fmt-stop_when_decided": "on",
            "fmt-player_rule": "one_each",
            "fmt-win": "2",
            "fmt-draw": "1",
            "fmt-loss": "0",
        },
    )
    assert answer.status_code == 302
    own = TieFormat.objects.get(name="Doubles first")
    bad = desk.post(
        url,
        {
            "action": "format",
            "fmt-name": "Bad",
            "fmt-rubbers": "S-X",
            "fmt-player_rule": "one_each",
            "fmt-win": "2",
            "fmt-draw": "1",
            "fmt-loss": "0",
        },
    )
    assert "Type S for a singles" in bad.content.decode()
    desk.post(url, {"action": "choice", "choice-tie_format": own.key})
    team_event.refresh_from_db()
    assert team_event.settings["tie_format"] == own.key


def test_captains_submit_lineups_on_their_phones(desk, client, team_event, actor) -> None:
    url = teams_url(team_event)
    for name, players in (("Red", "Ria\nRam\nRoy"), ("Blue", "Bea\nBob\nBen")):
        desk.post(url, {"action": "team", "team-name": name, "team-players": players})
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    desk.post(url, {"action": "ties"})
    tie = Tie.objects.get()
    desk_page = desk.get(
        reverse("scoring:organiser-tie", args=[team_event.tournament.slug, team_event.pk, tie.pk])
    )
    assert desk_page.status_code == 200
    desk.logout()
    phone = client
    team_a = Team.objects.get(entry=tie.match.entry_a)
    team_b = Team.objects.get(entry=tie.match.entry_b)
    ids_a = list(team_a.members.values_list("player_id", flat=True))
    ids_b = list(team_b.members.values_list("player_id", flat=True))
    page_a = reverse("scoring:captain-lineup", args=[tie.captain_token_a])
    page_b = reverse("scoring:captain-lineup", args=[tie.captain_token_b])
    assert phone.get(page_a).status_code == 200
    refused = phone.post(
        page_a, {"a-r1_0": ids_a[0], "a-r2_0": ids_a[1], "a-r2_1": ids_a[1], "a-r3_0": ids_a[2]}
    )
    assert "a doubles pair needs two different players" in refused.content.decode()
    assert (
        phone.post(
            page_a, {"a-r1_0": ids_a[0], "a-r2_0": ids_a[1], "a-r2_1": ids_a[2], "a-r3_0": ids_a[2]}
        ).status_code
        == 302
    )
    shown = phone.get(page_a).content.decode()
    assert "Your lineup is in" in shown
    names_b = list(team_b.members.values_list("player__name", flat=True))
    # team B's names are not shown to team A before B's lineup is in
    assert not any(name in shown for name in names_b)
    assert (
        phone.post(
            page_b, {"b-r1_0": ids_b[0], "b-r2_0": ids_b[1], "b-r2_1": ids_b[2], "b-r3_0": ids_b[1]}
        ).status_code
        == 302
    )
    shown = phone.get(page_a).content.decode()
    assert "Both lineups are in" in shown and all(name in shown for name in names_b)
    assert Match.objects.filter(rubber__tie=tie, status=Match.Status.READY).count() == 3
    assert phone.get(reverse("scoring:captain-lineup", args=["nope"])).status_code == 404


def test_tie_sheet_prints(desk, team_event, actor) -> None:
    url = teams_url(team_event)
    for name, players in (("Red", "Ria\nRam"), ("Blue", "Bea\nBob")):
        desk.post(url, {"action": "team", "team-name": name, "team-players": players})
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    desk.post(url, {"action": "ties"})
    pdf = desk.get(
        reverse("scoring:print-tie-sheets", args=[team_event.tournament.slug, team_event.pk])
    )
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    body = b"".join(pdf.streaming_content)
    assert body.startswith(b"%PDF")
    assert (
        desk.get(
            reverse("scoring:print-tie-sheets", args=[team_event.tournament.slug, team_event.pk])
            + "?tie=999999"
        ).status_code
        == 404
    )


def test_the_team_form_is_gone_once_entries_close(desk, team_event, actor) -> None:
    """Knock-out entries close with the draw: the page says so instead of offering the form,
    and a late post is refused with the same words, nothing entered."""
    url = teams_url(team_event)
    for name in ("Red", "Blue"):
        desk.post(
            url,
            {
                "action": "team",
                "team-name": name,
                "team-club": f"CC {name}",
                "team-players": f"Asha {name}\nBina {name}",
            },
        )
    assert 'name="team-name"' in desk.get(url).content.decode()
    draws.draw_event(event=team_event, actor=actor, random_seed=1)
    html = desk.get(url).content.decode()
    assert 'name="team-name"' not in html and "Enter the team" not in html
    assert "Entries to Club teams are closed (the draw is made)." in html
    late = desk.post(
        url,
        {
            "action": "team",
            "team-name": "Late",
            "team-club": "CC Late",
            "team-players": "Asha Late\nBina Late",
        },
    )
    assert late.status_code == 200
    assert "Entries to Club teams are closed" in late.content.decode()
    assert not Team.objects.filter(name="Late").exists()
