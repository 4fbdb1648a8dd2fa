"""The validators behind the public pages' and the API's ETags follow what those pages show
beyond the matches: a player entered before any match is drawn, a merge of two records of one
person, a table added, relabelled or put away. A poll holding the old ETag gets the new page,
never a 304 of the old one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Entry, Event, Player, Table
from scoring.services.tournaments.setup import update_table


def _changed(client, path: str, change) -> str:
    before = client.get(path)
    assert before.status_code == 200
    assert client.get(path, headers={"if-none-match": before["ETag"]}).status_code == 304
    change()
    after = client.get(path, headers={"if-none-match": before["ETag"]})
    assert after.status_code == 200, f"{path} still answered 304 after the change"
    assert after["ETag"] != before["ETag"]
    return after.content.decode()


@pytest.fixture
def singles(tournament):
    event = Event.objects.create(tournament=tournament, name="Singles")
    Entry.objects.create(event=event, player=Player.objects.create(name="Ann One"))
    return event


@pytest.mark.parametrize("where", ["players", "home"])
def test_a_player_entered_before_the_draw_shows_at_once(client, tournament, singles, where):
    path = {
        "players": reverse("scoring:live-players", args=[tournament.slug]),
        "home": reverse("scoring:live-tournament", args=[tournament.slug]),
    }[where]

    def enter() -> None:
        Entry.objects.create(event=singles, player=Player.objects.create(name="Bob Two"))

    html = _changed(client, path, enter)
    if where == "players":
        assert "Bob Two" in html


def test_an_entry_withdrawn_changes_the_event_page(client, tournament, singles):
    path = reverse("scoring:live-event", args=[tournament.slug, singles.pk])
    _changed(client, path, lambda: singles.entries.update(withdrawn=True))


@pytest.mark.parametrize("what", ["added", "relabelled", "put away"])
def test_the_hall_screen_and_the_tables_api_follow_the_tables(client, tournament, actor, what):
    last = max([t.number for t in tournament.tables.all()], default=0)
    table = Table.objects.create(tournament=tournament, number=last + 1)

    def change() -> None:
        if what == "added":
            Table.objects.create(tournament=tournament, number=last + 2, label="Stage")
        elif what == "relabelled":
            update_table(table=table, actor=actor, label="Centre court")
        else:
            update_table(table=table, actor=actor, active=False)

    hall = reverse("scoring:live-hall-tables", args=[tournament.slug])
    _changed(client, hall, change)
    # the API, from a fresh state of the same change
    api = f"/api/v1/tournaments/{tournament.pk}/tables/"
    first = client.get(api)
    assert client.get(api, headers={"if-none-match": first["ETag"]}).status_code == 304
    update_table(table=table, actor=actor, label="Table by the window")
    after = client.get(api, headers={"if-none-match": first["ETag"]})
    assert after.status_code == 200
    labels = [t["label"] for t in after.json()]
    assert "Table by the window" in labels or what == "put away"


@pytest.mark.parametrize("what", ["event added", "event renamed", "tournament renamed"])
def test_the_tournament_home_follows_its_events_and_heading(client, tournament, singles, what):
    path = reverse("scoring:live-tournament", args=[tournament.slug])

    def change() -> None:
        if what == "event added":
            Event.objects.create(tournament=tournament, name="Women's Singles")
        elif what == "event renamed":
            Event.objects.filter(pk=singles.pk).update(name="Men's Singles")
        else:
            type(tournament).objects.filter(pk=tournament.pk).update(name="Lakeside Open 2027")

    html = _changed(client, path, change)
    shown = {
        "event added": "Women&#x27;s Singles",
        "event renamed": "Men&#x27;s Singles",
        "tournament renamed": "Lakeside Open 2027",
    }[what]
    assert shown in html
