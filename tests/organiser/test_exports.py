"""Exports for federations (issue 15): the placings CSV with licence numbers, and the SoL
archive of a finished Swiss event read back by our own SoL import to the same matches and
scores."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Match
from scoring.services import draws
from scoring.services.exports import placings_csv, sol_archive
from scoring.services.sol import import_sol, read_archive
from scoring.standings.placings import event_placings
from tests.factories import make_event, play_and_confirm

pytestmark = pytest.mark.django_db


def _finished_swiss(tournament, actor, run_on_commit, n=8, rounds=3):
    event = make_event(tournament, n, fmt="swiss", settings={"rounds": rounds})
    for i, entry in enumerate(event.entries.order_by("pk")):
        entry.player.licence = f"DCV-{1000 + i}"
        entry.player.club = "CC Nord" if i % 2 else "Striker Süd"
        entry.player.save()
    draws.draw_event(event=event, actor=actor, random_seed=5)
    for number in range(rounds):
        for m in Match.objects.filter(event=event, round__number=number + 1, bye=False):
            with run_on_commit():
                play_and_confirm(m, "a" if m.number % 2 else "b")
        if number + 1 < rounds:
            draws.next_round(event=event, actor=actor)
    event.refresh_from_db()
    assert event.status == "finished"
    return event


def _results(event) -> list[tuple]:
    """(round, names of the sides, game points) of every match, in a comparable form."""
    out = []
    for m in (
        Match.objects.filter(event=event)
        .select_related("round", "entry_a__player", "entry_b__player")
        .prefetch_related("games")
    ):
        games = sorted(m.games.all(), key=lambda g: g.number)
        out.append(
            (
                m.round.number,
                m.entry_a.player.name,
                m.entry_b.player.name if m.entry_b else None,
                tuple((g.scores.get("a", 0), g.scores.get("b", 0)) for g in games),
                m.winner_side,
            )
        )
    return sorted(out)


def test_the_sol_archive_of_a_swiss_event_reads_back_the_same(
    tournament, actor, run_on_commit, tmp_path
):
    event = _finished_swiss(tournament, actor, run_on_commit, n=7)
    content = sol_archive(tournament)
    documents = read_archive(content)
    assert len(documents) == 2 and documents[1]["system"] == "swiss"
    assert any(m["competitor2"] is None for m in documents[1]["matches"])  # the bye
    played = [m for m in documents[1]["matches"] if m["competitor2"] is not None]
    assert played and all(m["boards"] for m in played)  # boards, not only the scores
    if os.environ.get("SOL_CHECK_FILE"):
        Path(os.environ["SOL_CHECK_FILE"]).write_bytes(content)
    report = import_sol(content, file_name="export.sol")
    assert report.warnings == []
    (copy,) = report.tournaments
    copied = copy.events.get()
    assert _results(copied) == _results(event)
    # every board went over (not only the final scores)
    assert report.boards == sum(
        g.boards.count() for m in Match.objects.filter(event=event) for g in m.games.all()
    )
    # SoL's ranking figures go along: 2 points a win, net points
    assert sum(c["points"] for c in documents[1]["competitors"]) == 2 * sum(
        1 for m in Match.objects.filter(event=event) if m.winner_side
    )


def test_the_sol_archive_is_plain_yaml_with_sols_lists(tournament, actor, run_on_commit):
    _finished_swiss(tournament, actor, run_on_commit, n=4, rounds=2)
    first, tourney = list(yaml.safe_load_all(sol_archive(tournament).decode()))
    assert {"players", "clubs", "championships", "ratings", "rates", "users"} <= set(first)
    names = {(p["firstname"], p["lastname"]) for p in first["players"]}
    assert ("swiss 4", "P001") in names
    assert {c["description"] for c in first["clubs"]} >= {"CC Nord", "Striker Süd"}
    positions = {i for c in tourney["competitors"] for i in c["players"]}
    assert positions == set(range(1, 5))


def test_the_placings_csv_has_places_and_licences(tournament, actor, run_on_commit):
    event = _finished_swiss(tournament, actor, run_on_commit)
    rows = list(csv.DictReader(io.StringIO(placings_csv(tournament))))
    assert len(rows) == 8
    assert sorted(int(r["place"]) for r in rows) == list(range(1, 9))
    assert {r["licence"] for r in rows} == {f"DCV-{1000 + i}" for i in range(8)}
    first = next(r for r in rows if r["place"] == "1")
    assert first["name"] == event_placings(event)[0].entry.player.name


def test_export_sol_command(tournament, actor, run_on_commit, tmp_path):
    _finished_swiss(tournament, actor, run_on_commit, n=4, rounds=2)
    target = tmp_path / "out.sol"
    call_command("export_sol", tournament.slug, "-o", str(target))
    assert read_archive(target.read_bytes())[1]["matches"]
    call_command("export_sol", str(tournament.pk), "-o", str(target))
    with pytest.raises(Exception, match="no tournament"):
        call_command("export_sol", "nope", "-o", str(target))


def test_export_views_are_for_organisers(
    client, tournament, organiser, actor, run_on_commit, django_user_model
):
    _finished_swiss(tournament, actor, run_on_commit, n=4, rounds=2)
    sol = reverse("scoring:exports-sol", args=[tournament.slug])
    placings = reverse("scoring:exports-placings-csv", args=[tournament.slug])
    stranger = django_user_model.objects.create_user("stranger", password="x")
    client.force_login(stranger)
    assert client.get(sol).status_code == 403
    client.force_login(organiser)
    answer = client.get(sol)
    assert answer.status_code == 200 and b"competitors" in answer.content
    assert answer["Content-Disposition"].endswith('.sol"')
    answer = client.get(placings)
    assert answer.status_code == 200 and b"licence" in answer.content


def test_a_csv_cell_is_never_a_formula(tournament, actor, run_on_commit):
    event = make_event(tournament, 2)
    player = event.entries.first().player
    player.name = "=HYPERLINK(1)"
    player.save()
    assert "'=HYPERLINK(1)" in placings_csv(tournament)


def test_licence_numbers_come_in_by_csv_and_go_out_with_the_placings(tournament, actor):
    from scoring.models import Player
    from scoring.services import tournaments as svc

    singles = make_event(tournament, 0, name="Singles")
    data = "name,club,lizenz\nAsha Rao,CC Nord,DCV-0042\nBen Kirk,,\n"
    result = svc.import_csv(tournament=tournament, data=data, actor=actor, default_event=singles)
    assert result.ok, result.errors
    assert Player.objects.get(name="Asha Rao").licence == "DCV-0042"
    again = svc.import_csv(
        tournament=tournament,
        data="name,club,licence\nAsha Rao,CC Nord,DCV-0043\n",
        actor=actor,
        default_event=singles,
    )
    assert again.ok and Player.objects.get(name="Asha Rao").licence == "DCV-0043"
    rows = list(csv.DictReader(io.StringIO(placings_csv(tournament))))
    assert {r["name"]: r["licence"] for r in rows} == {"Asha Rao": "DCV-0043", "Ben Kirk": ""}


def test_the_sol_archive_ranks_as_the_one_swiss_table_also_with_a_withdrawal(
    tournament, actor, run_on_commit
):
    """The competitors' ranking figures are the live standings' (``scoring.standings``), one
    table for the live page, the API, the sheet and the archive; a player withdrawn after
    round 1 keeps his line as the standings keep it, and a bye counts by the event's rule
    (here SoL's phantom score, 18 points; issue 13)."""
    from scoring import standings
    from scoring.services.walkovers import withdraw_entry

    event = make_event(tournament, 7, fmt="swiss", settings={"rounds": 3, "bye_points": 18})
    draws.draw_event(event=event, actor=actor, random_seed=5)
    for number in range(3):
        for m in Match.objects.filter(
            event=event, round__number=number + 1, bye=False, walkover=False
        ):
            with run_on_commit():
                play_and_confirm(m, "a" if m.number % 2 else "b")
        if number == 0:
            withdraw_entry(entry=event.entries.order_by("pk").first(), actor=actor)
        if number < 2:
            draws.next_round(event=event, actor=actor)
    (tourney,) = [
        d for d in yaml.safe_load_all(sol_archive(tournament).decode()) if "competitors" in d
    ]
    rows = {row.entry_id: row.values for row in standings.swiss_table(event)[0].rows}
    entries = list(event.entries.order_by("pk"))
    assert len(tourney["competitors"]) == len(entries) == len(rows)
    for entry, competitor in zip(entries, tourney["competitors"], strict=True):
        line = rows[entry.pk]
        assert (
            competitor["points"],
            competitor["netscore"],
            competitor["totscore"],
            competitor["bucholz"],
        ) == (2 * line["wins"], line["net_points"], line["points_for"], 2 * line["buchholz"])
    assert tourney["competitors"][0]["retired"] is True
