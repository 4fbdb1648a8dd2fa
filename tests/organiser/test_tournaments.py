"""Tournament, event and entry services, and the CSV import (docs/CSV.md): every line checked,
errors per line, nothing half imported."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import AuditEntry, Entry, Event, Player
from scoring.services import tournaments as svc
from scoring.services.tournaments import TournamentError
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def test_create_tournament_makes_tables_and_a_unique_slug(actor, organiser):
    a = svc.create_tournament(
        name="Spring Open",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 2),
        actor=actor,
        table_count=3,
    )
    b = svc.create_tournament(
        name="Spring Open",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 1),
        actor=actor,
    )
    assert (a.slug, b.slug) == ("spring-open", "spring-open-2")
    assert list(a.tables.values_list("number", flat=True)) == [1, 2, 3]
    assert organiser in a.organisers.all()
    svc.update_tournament(tournament=a, actor=actor, table_count=2)
    assert list(a.tables.filter(active=True).values_list("number", flat=True)) == [1, 2]
    with pytest.raises(TournamentError):
        svc.create_tournament(
            name="Backwards",
            start_date=datetime.date(2026, 5, 2),
            end_date=datetime.date(2026, 5, 1),
            actor=actor,
        )


def test_event_rules(tournament, actor):
    event = svc.create_event(
        tournament=tournament,
        name="Open",
        actor=actor,
        format="swiss",
        settings={"rounds": "7", "third_place": "", "bogus": 1},
    )
    assert event.settings == {"rounds": 7}
    with pytest.raises(TournamentError) as err:
        svc.create_event(tournament=tournament, name="open", actor=actor)
    assert err.value.code == "event_exists"
    with pytest.raises(TournamentError) as err:
        svc.create_event(
            tournament=tournament,
            name="Points",
            actor=actor,
            kind="points",
            format="knockout",
            rules="point-carrom",
        )
    assert err.value.code == "points_no_draw"


def test_hand_entries(tournament, actor):
    singles = make_event(tournament, 0, name="Singles")
    doubles = make_event(tournament, 0, name="Doubles", kind="doubles")
    entry = svc.add_entry(
        event=singles, player=svc.PlayerData("Asha Rao", "CC", "in", 1800), seed=1, actor=actor
    )
    assert entry.player.nationality == "IN" and entry.seed == 1
    with pytest.raises(TournamentError) as err:
        svc.add_entry(event=singles, player=svc.PlayerData("Ben Kirk"), seed=1, actor=actor)
    assert err.value.code == "seed_taken"
    with pytest.raises(TournamentError) as err:
        svc.add_entry(event=doubles, player=svc.PlayerData("Ben Kirk"), actor=actor)
    assert err.value.code == "partner_missing"
    pair = svc.add_entry(
        event=doubles,
        player=svc.PlayerData("Ben Kirk"),
        partner=svc.PlayerData("Asha Rao", "CC"),
        actor=actor,
    )
    assert pair.partner == entry.player  # the same person: found by name and club
    with pytest.raises(TournamentError) as err:
        svc.add_entry(
            event=doubles,
            player=svc.PlayerData("Asha Rao", "CC"),
            partner=svc.PlayerData("Chen Li"),
            actor=actor,
        )
    assert err.value.code == "already_entered"
    assert AuditEntry.objects.filter(action="entry_added").count() == 2


CSV_OK = """name;club;nationality;rating;event;seed;partner
Asha Rao;CC Riverside;IN;1820;Singles;1;
Ben Kirk;Queen's Corner;GB;1710;;;
Chen Li;;cn;;Doubles;;Dora Vik
"""


def test_csv_import_all_lines(tournament, actor):
    singles = make_event(tournament, 0, name="Singles")
    make_event(tournament, 0, name="Doubles", kind="doubles")
    result = svc.import_csv(
        tournament=tournament, data=CSV_OK.encode(), actor=actor, default_event=singles
    )
    assert result.ok, result.errors
    assert result.counts == {
        "players_created": 4,
        "players_updated": 0,
        "players_copied": 0,
        "players_not_changed": 0,
        "entries_created": 3,
        "entries_kept": 0,
    }
    assert Entry.objects.get(player__name="Asha Rao").seed == 1
    assert Entry.objects.get(player__name="Chen Li").partner.name == "Dora Vik"
    assert Player.objects.get(name="Chen Li").nationality == "CN"
    # importing the same file again changes nothing
    again = svc.import_csv(tournament=tournament, data=CSV_OK, actor=actor, default_event=singles)
    assert again.ok and again.counts["entries_kept"] == 3 and Player.objects.count() == 4


def test_csv_errors_per_line_and_nothing_imported(tournament, actor):
    make_event(tournament, 0, name="Singles")
    data = (
        "Name,Verein,Wertung,Wettbewerb,Setzplatz\n"
        "Asha Rao,CC,1800,Singles,1\n"
        ",CC,1700,Singles,\n"
        "Ben Kirk,CC,strong,Singles,\n"
        "Chen Li,CC,1600,Juniors,\n"
        "Dora Vik,CC,1500,Singles,1\n"
        "Asha Rao,CC,1800,Singles,\n"
    )
    result = svc.import_csv(tournament=tournament, data=data.encode("cp1252"), actor=actor)
    assert not result.ok
    assert [(e.line, e.code) for e in result.errors] == [
        (3, "name_missing"),
        (4, "bad_rating"),
        (5, "unknown_event"),
        (6, "duplicate_seed"),
        (7, "duplicate_line"),
    ]
    assert Player.objects.count() == 0 and Entry.objects.count() == 0


def test_csv_conflict_found_while_saving_rolls_back(tournament, actor):
    event = make_event(tournament, 0, name="Singles")
    svc.add_entry(event=event, player=svc.PlayerData("Ben Kirk"), seed=2, actor=actor)
    data = "name,seed\nAsha Rao,1\nChen Li,2\n"
    result = svc.import_csv(tournament=tournament, data=data, actor=actor, default_event=event)
    assert not result.ok
    assert [(e.line, e.code) for e in result.errors] == [(3, "seed_taken")]
    assert not Player.objects.filter(name="Asha Rao").exists()


def test_csv_needs_a_name_column_and_an_event(tournament, actor):
    make_event(tournament, 0, name="Singles")
    assert (
        svc.import_csv(tournament=tournament, data="club\nCC\n", actor=actor).errors[0].code
        == "csv_no_name_column"
    )
    assert (
        svc.import_csv(tournament=tournament, data="name\nAsha\n", actor=actor).errors[0].code
        == "event_missing"
    )
    assert svc.import_csv(tournament=tournament, data="", actor=actor).errors[0].code == "csv_empty"
    result = svc.import_csv(
        tournament=tournament,
        data="name,colour\nAsha,red\n",
        actor=actor,
        default_event=Event.objects.get(name="Singles"),
    )
    assert [e.code for e in result.errors] == ["csv_unknown_columns"]


def test_csv_dry_run_saves_nothing(tournament, actor):
    event = make_event(tournament, 0, name="Singles")
    result = svc.import_csv(
        tournament=tournament,
        data="name\nAsha\nBen\n",
        actor=actor,
        default_event=event,
        dry_run=True,
    )
    assert result.ok and result.counts["entries_created"] == 2
    assert Entry.objects.count() == 0


def test_entries_close_with_a_knockout_draw(tournament, actor):
    from scoring.services import draws

    event = make_event(tournament, 4)
    draws.draw_event(event=event, actor=actor)
    result = svc.import_csv(
        tournament=tournament, data="name\nLate\n", actor=actor, default_event=event
    )
    assert [e.code for e in result.errors] == ["entries_closed"]
    swiss = make_event(tournament, 4, fmt="swiss", name="Swiss")
    draws.draw_event(event=swiss, actor=actor)
    assert svc.import_csv(
        tournament=tournament, data="name\nLate\n", actor=actor, default_event=swiss
    ).ok  # a Swiss event takes late entries
