"""SoL's championship ``closed`` flag (issue 33): kept on import (a closed championship still
holds the tourneys SoL recorded in it), shown on the championship's pages (no tournament
added), written back on export; and the pair setting shown only where doubles count.
Generated archives, fictional players."""

from __future__ import annotations

import datetime

import pytest
import yaml

from scoring.models import Championship, Event
from scoring.services import seasons as service
from scoring.services.exports import sol_archive, sol_documents
from scoring.services.sol import import_sol
from tests.seasons.sol_crafted import match, season_archive

pytestmark = pytest.mark.django_db

SWISS = [match(1, 2, 25, 10, 1), match(3, 4, 25, 12, 1, 2)]


def _two_tourneys(*, closed: bool) -> bytes:
    return season_archive(
        [
            {"guid": "closed-one", "competitors": [[1], [2], [3], [4]], "matches": SWISS},
            {"guid": "closed-two", "competitors": [[4], [3], [2], [1]], "matches": SWISS},
        ],
        players=4,
        closed=closed,
    )


def _manage(champ: Championship, organiser) -> None:
    champ.club.owner = organiser
    champ.club.save(update_fields=["owner"])


def test_a_closed_sol_championship_stays_closed_with_every_tourney_it_held() -> None:
    report = import_sol(_two_tourneys(closed=True))
    champ = Championship.objects.get()
    assert champ.closed
    assert champ.events.count() == 2  # SoL's record comes along whole
    assert not report.warnings
    with pytest.raises(service.SeasonError) as err:  # but nothing is added here
        service.add_event(championship=champ, event=Event.objects.first())
    assert err.value.code == "championship_closed"


def test_an_open_sol_championship_stays_open() -> None:
    import_sol(_two_tourneys(closed=False))
    assert not Championship.objects.get().closed


def test_a_championship_closed_here_takes_no_tourney_from_a_file_that_has_it_open() -> None:
    first = season_archive(
        [{"guid": "early", "competitors": [[1], [2], [3], [4]], "matches": SWISS}], players=4
    )
    import_sol(first)
    Championship.objects.update(closed=True)
    later = season_archive(
        [
            {"guid": "early", "competitors": [[1], [2], [3], [4]], "matches": SWISS},
            {"guid": "late", "competitors": [[4], [3], [2], [1]], "matches": SWISS},
        ],
        players=4,
    )
    report = import_sol(later)
    champ = Championship.objects.get()
    assert champ.closed and champ.events.count() == 1
    assert any("not counted for Crafted Season" in str(w) for w in report.warnings)


def test_a_file_that_closes_the_championship_closes_it_here() -> None:
    import_sol(
        season_archive(
            [{"guid": "early", "competitors": [[1], [2], [3], [4]], "matches": SWISS}],
            players=4,
        )
    )
    assert not Championship.objects.get().closed
    import_sol(_two_tourneys(closed=True))
    champ = Championship.objects.get()
    assert champ.closed and champ.events.count() == 3


def test_closed_goes_back_out_and_comes_in_again() -> None:
    import_sol(_two_tourneys(closed=True))
    event = Event.objects.order_by("pk").first()
    assert event is not None
    lists, tourney = sol_documents(event.tournament)
    assert lists["championships"][tourney["championship"] - 1]["closed"] is True
    written_lists, written = yaml.safe_load_all(sol_archive(event.tournament))
    row = written_lists["championships"][written["championship"] - 1]
    written_lists["clubs"][row["club"] - 1]["description"] = "Another Club"  # new here
    written["guid"] = "closed-again"
    import_sol(yaml.safe_dump_all([written_lists, written], allow_unicode=True).encode())
    again = Championship.objects.get(club__name="Another Club")
    assert again.closed and again.events.count() == 1


def test_the_pages_say_a_championship_is_closed(client, organiser) -> None:
    import_sol(_two_tourneys(closed=True))
    champ = Championship.objects.get()
    page = client.get(f"/seasons/championships/{champ.pk}/").content.decode()
    assert "This championship is closed: it takes no more tournaments." in page
    _manage(champ, organiser)
    client.force_login(organiser)
    edit = client.get(f"/organiser/seasons/championships/{champ.pk}/").content.decode()
    assert "This championship is closed: no tournament can be added" in edit
    assert "Add a tournament" not in edit and 'id="find-event"' not in edit
    Championship.objects.update(closed=False)
    assert "is closed" not in client.get(f"/seasons/championships/{champ.pk}/").content.decode()
    edit = client.get(f"/organiser/seasons/championships/{champ.pk}/").content.decode()
    assert "Add a tournament" in edit and "is closed" not in edit


def test_the_pair_setting_shows_only_where_doubles_count_or_none_count_yet(
    client, organiser, club, players, django_capture_on_commit_callbacks
) -> None:
    from tests.seasons.conftest import played_event

    client.force_login(organiser)
    new = client.get(f"/organiser/seasons/clubs/{club.pk}/championships/new/").content.decode()
    assert 'name="pairs_by_order"' in new and "For doubles only." in new
    champ = service.create_championship(club=club, name="Singles Season", pairs_by_order=True)
    edit_url = f"/organiser/seasons/championships/{champ.pk}/"
    assert 'name="pairs_by_order"' in client.get(edit_url).content.decode()  # none count yet
    singles = played_event(
        "closed-singles", datetime.date(2026, 3, 1), players[:4], django_capture_on_commit_callbacks
    )
    service.add_event(championship=champ, event=singles)
    assert 'name="pairs_by_order"' not in client.get(edit_url).content.decode()
    # saving the form without the setting keeps it
    response = client.post(
        edit_url, {"name": "Singles Season", "prizes": "fixed", "skip_worst": "0"}
    )
    assert response.status_code == 302
    champ.refresh_from_db()
    assert champ.pairs_by_order and champ.name == "Singles Season"
    doubles = service.create_championship(club=club, name="Doubles Season")
    pairs = played_event(
        "closed-doubles",
        datetime.date(2026, 4, 1),
        players[:2],
        django_capture_on_commit_callbacks,
        partners=players[2:4],
    )
    service.add_event(championship=doubles, event=pairs)
    edit = client.get(f"/organiser/seasons/championships/{doubles.pk}/").content.decode()
    assert 'name="pairs_by_order"' in edit
