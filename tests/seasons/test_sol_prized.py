"""SoL's ``prized`` flag (issue 33): a tourney SoL has prized keeps SoL's prizes as recorded
(its championship ranks them as SoL ranks it), the page says so, re-prizing from the results
happens only when the organiser asks, and the flag goes back out on export. Generated
archives, fictional players."""

from __future__ import annotations

from decimal import Decimal

import pytest
import yaml

from scoring.models import Championship, Entry, Event
from scoring.services import season_rankings
from scoring.services import seasons as service
from scoring.services.exports import sol_archive, sol_documents
from scoring.services.sol import import_sol
from tests.trust.test_sol_prizes import prized_archive

pytestmark = pytest.mark.django_db


def _totals(champ: Championship, *, recorded: bool = True) -> dict[str, Decimal]:
    return {
        line.name.removeprefix("Gen "): line.total
        for line in season_rankings.ranking(champ, recorded=recorded).lines
    }


def test_a_prized_tourney_counts_its_prizes_as_sol_recorded_them() -> None:
    """Birke's recorded prize (10) is above Amsel's (2.50) although Amsel won both games:
    the championship ranks the prizes as recorded (as SoL 5.26 ranks it); recomputed from
    the results, Amsel wins (fixed: 18, 16, 14, 13)."""
    import_sol(prized_archive({1: "2.50", 2: "10"}))
    event = Event.objects.get()
    assert event.prized
    champ = Championship.objects.get(name="Prize Cup")
    assert _totals(champ) == {
        "Birke": Decimal(10),
        "Amsel": Decimal("2.50"),
        "Cedar": Decimal(0),
        "Dorn": Decimal(0),
    }
    (column,) = season_rankings.ranking(champ).columns
    assert column.recorded and column.placed
    again = _totals(champ, recorded=False)
    assert again["Amsel"] == 18 and again["Dorn"] == 13
    assert sorted(again.values()) == [13, 14, 16, 18]


def test_a_complete_tourney_sol_never_prized_gives_no_prizes_until_prized_here() -> None:
    """``prized: false`` (the prize-giving not done, or undone) on a tourney played to its
    end: SoL 5.26 ranks its prized tourneys only, so its ranking of this championship has no
    column and nobody in it (SoL's figure: 0 lines); ours agrees, the column says "not prized
    yet". Prized again from its results (the organiser's button), the results rank."""
    import_sol(prized_archive({}, prized=False))
    event = Event.objects.get()
    assert event.status == Event.Status.FINISHED
    assert not event.prized and event.prizes_pending
    champ = Championship.objects.get()
    ranking = season_rankings.ranking(champ)
    (column,) = ranking.columns
    assert column.pending and not column.placed and not column.recorded
    assert ranking.lines == [] and ranking.pending
    # SoL's prize-giving done again (the bench's recomputation) gives the results' prizes
    assert _totals(champ, recorded=False) == {
        "Amsel": 18,
        "Birke": 16,
        "Cedar": 14,
        "Dorn": 13,
    }
    service.reprize(event, championship=champ)
    event.refresh_from_db()
    assert not event.prizes_pending
    assert _totals(champ) == {"Amsel": 18, "Birke": 16, "Cedar": 14, "Dorn": 13}


def test_the_page_says_not_prized_yet_and_offers_the_organiser_the_prize_giving(
    client, organiser
) -> None:
    import_sol(prized_archive({}, prized=False))
    event = Event.objects.get()
    champ = Championship.objects.get()
    page = client.get(f"/seasons/championships/{champ.pk}/").content.decode()
    assert "not prized yet" in page and "its prize-giving was not done in SoL" in page
    assert "Nobody is placed yet." in page
    sheet = season_rankings.ranking_sheet(season_rankings.ranking(champ))
    assert sheet.columns[0].endswith(" · not prized yet") and "not prized yet" in sheet.legend
    champ.club.owner = organiser
    champ.club.save(update_fields=["owner"])
    event.tournament.organisers.add(organiser)
    client.force_login(organiser)
    edit = client.get(f"/organiser/seasons/championships/{champ.pk}/").content.decode()
    assert "not prized yet" in edit and "Prize from the results" in edit
    url = f"/organiser/seasons/championships/{champ.pk}/events/{event.pk}/reprize/"
    assert f'action="{url}"' in edit
    assert client.post(url).status_code == 302
    page = client.get(f"/seasons/championships/{champ.pk}/").content.decode()
    assert "not prized yet" not in page
    assert season_rankings.ranking(champ).lines[0].total == 18


def test_reprize_only_when_asked_then_the_results_rank(client, organiser) -> None:
    import_sol(prized_archive({1: "2.50", 2: "10"}))
    event = Event.objects.get()
    champ = Championship.objects.get()
    champ.club.owner = organiser
    champ.club.save(update_fields=["owner"])
    event.tournament.organisers.add(organiser)
    client.force_login(organiser)
    edit = client.get(f"/organiser/seasons/championships/{champ.pk}/")
    assert "Prize again from the results" in edit.content.decode()
    page = client.get(f"/seasons/championships/{champ.pk}/")
    assert "prizes as recorded" in page.content.decode()
    url = f"/organiser/seasons/championships/{champ.pk}/events/{event.pk}/reprize/"
    assert client.get(url).status_code == 405  # a write: POST only
    response = client.post(url)
    assert response.status_code == 302
    event.refresh_from_db()
    assert not event.prized
    assert not Entry.objects.filter(event=event, prize__isnull=False).exists()
    assert _totals(champ)["Amsel"] == 18  # the results rank now
    assert (
        "prizes as recorded"
        not in client.get(f"/seasons/championships/{champ.pk}/").content.decode()
    )


def test_reprize_needs_the_tournament_and_the_club(client, django_user_model) -> None:
    import_sol(prized_archive({1: "2.50", 2: "10"}))
    event = Event.objects.get()
    champ = Championship.objects.get()
    stranger = django_user_model.objects.create_user("stranger", password="x")
    client.force_login(stranger)
    url = f"/organiser/seasons/championships/{champ.pk}/events/{event.pk}/reprize/"
    assert client.post(url).status_code in (403, 404)
    event.refresh_from_db()
    assert event.prized


def test_reprize_refused_on_a_closed_championship() -> None:
    import_sol(prized_archive({1: "2.50", 2: "10"}))
    event = Event.objects.get()
    champ = Championship.objects.get()
    Championship.objects.filter(pk=champ.pk).update(closed=True)
    champ.refresh_from_db()
    with pytest.raises(service.SeasonError) as err:
        service.reprize(event, championship=champ)
    assert err.value.code == "championship_closed"


def test_the_prized_flag_and_prizes_go_back_out_and_come_in_again() -> None:
    import_sol(prized_archive({1: "2.50", 2: "10"}))
    event = Event.objects.get()
    _lists, tourney = sol_documents(event.tournament)
    assert tourney["prized"] is True
    assert [c.get("prize") for c in tourney["competitors"]] == ["2.50", "10.00", None, None]
    lists, written = yaml.safe_load_all(sol_archive(event.tournament))
    written["guid"] = "prized-again"  # another tourney of the same championship
    written["description"] = "Prize Cup again"
    import_sol(yaml.safe_dump_all([lists, written], allow_unicode=True).encode())
    again = Event.objects.exclude(pk=event.pk).get()
    assert again.prized
    assert list(
        Entry.objects.filter(event=again).order_by("pk").values_list("prize", flat=True)
    ) == [Decimal("2.50"), Decimal(10), Decimal(0), Decimal(0)]
    assert _totals(Championship.objects.get())["Birke"] == 20  # both count as recorded


def test_an_unprized_tourney_goes_out_unprized() -> None:
    import_sol(prized_archive({}, prized=False))
    _lists, tourney = sol_documents(Event.objects.get().tournament)
    assert tourney["prized"] is False
