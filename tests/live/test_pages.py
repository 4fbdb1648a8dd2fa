"""The public live pages: every page renders for anonymous visitors, in English and German,
shows what it promises, and nothing on it can change data."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from scoring.models import Match, Player

from . import factories as f


def url(name: str, *args) -> str:
    return reverse(f"scoring:{name}", args=args)


def get(client, path: str, **headers):
    response = client.get(path, headers=headers)
    assert response.status_code == 200, (path, response.status_code)
    return response, response.content.decode()


def test_tournament_home_lists_events_tables_callups_and_results(client, knockout, tournament):
    sf1, sf2 = knockout["sf1"], knockout["sf2"]
    waiting = f.match(
        knockout["event"],
        knockout["entries"][0],
        knockout["entries"][1],
        number=9,
        table=3,
        status="called",
    )
    _, html = get(client, url("live-tournament", tournament.slug))
    assert "Open Singles" in html and "Current round: Semi-finals" in html
    assert "Now playing" in html and "Table 1" in html
    assert url("live-match", tournament.slug, sf2.pk) in html  # playing at table 1
    assert "Call-ups" in html
    names = waiting.entry_a.name, waiting.entry_b.name
    assert f"{names[0]} vs {names[1]}" in html
    assert "Recent results" in html and url("live-match", tournament.slug, sf1.pk) in html
    assert url("live-bracket", tournament.slug, knockout["event"].pk) in html
    assert 'hx-get="{}"'.format(url("live-tournament-now", tournament.slug)) in html


def test_home_page_links_tournaments_to_their_live_page(client, tournament):
    _, html = get(client, reverse("scoring:home"))
    assert url("live-tournament", tournament.slug) in html


def test_match_page_shows_scores_the_current_board_and_its_timeline(client, knockout, tournament):
    sf2 = knockout["sf2"]
    _, html = get(client, url("live-match", tournament.slug, sf2.pk))
    a, b = sf2.entry_a.name, sf2.entry_b.name
    assert f"{a} vs {b}" in html
    assert "Game 1, board 2" in html
    assert f"Break: {b} (white)" in html
    assert "White on the board" in html and "Queen" in html and "On turn" in html
    # the timeline of the board in progress, with the laws
    assert "This board, stroke by stroke" in html
    assert f"Striker pocketed by Black ({a}): one due." in html and "ICF 73" in html
    assert f"Break made by White ({b})." in html and "ICF 44" in html
    # the boards of game 1
    assert url("live-board", tournament.slug, sf2.pk, 1, 1) in html
    assert 'hx-trigger="every 3s"' in html and "data-live" in html


def test_board_page_replays_a_logged_board_with_the_ruling_that_ended_it(
    client, knockout, tournament
):
    sf2 = knockout["sf2"]
    _, html = get(client, url("live-board", tournament.slug, sf2.pk, 1, 1))
    assert "Stroke by stroke" in html
    assert "Queen covered by" in html
    assert f"White ({sf2.entry_a.name}) wins the board: 12 points." in html
    assert "ICF 53" in html and "ICF 97(a)" in html
    assert reverse("scoring:api-board", args=[sf2.pk, 1, 1]) in html


def test_board_page_of_a_quick_entry_says_there_is_no_log(client, knockout, tournament):
    _, html = get(client, url("live-board", tournament.slug, knockout["sf1"].pk, 1, 1))
    assert "there is no stroke log" in html


def test_unknown_match_board_event_and_tournament_are_404(client, knockout, tournament):
    other = f.tournament("other-cup")
    assert client.get(url("live-match", other.slug, knockout["sf2"].pk)).status_code == 404
    assert (
        client.get(url("live-board", tournament.slug, knockout["sf2"].pk, 4, 1)).status_code == 404
    )
    assert client.get(url("live-event", other.slug, knockout["event"].pk)).status_code == 404
    assert client.get(url("live-tournament", "nope")).status_code == 404


def test_bracket_shows_rounds_results_and_where_entrants_come_from(client, knockout, tournament):
    _, html = get(client, url("live-bracket", tournament.slug, knockout["event"].pk))
    assert "Semi-finals" in html and "Final" in html
    assert "Winner of match 2" in html  # the final waits for semi-final 2
    assert knockout["entries"][0].name in html  # semi-final 1, decided
    assert 'class="bracket-match status-playing"' in html
    assert (
        'hx-get="{}"'.format(url("live-bracket-part", tournament.slug, knockout["event"].pk))
        in html
    )


def test_swiss_standings_show_and_explain_every_tie_break(client, swiss, tournament):
    _, html = get(client, url("live-standings", tournament.slug, swiss["event"].pk))
    for text in (
        "Buchholz",
        "Net points",
        "Wins",
        "Ranked by wins, then Buchholz, then net points",
        "criterion 1",
        "criterion 2",
        "criterion 3",
        "The sum of the wins of every opponent met",
    ):
        assert text in html, text
    e = swiss["entries"]
    table = html[html.index("<tbody>") : html.index("</tbody>")]
    # 1 and 6 have two wins; 1's opponents (4, 2) have 1 win + 1 win, 6's (3, 4) 1 + 0
    assert table.index(e[0].name) < table.index(e[5].name) < table.index(e[1].name)


def test_group_standings_have_one_table_per_group(client, groups, tournament):
    _, html = get(client, url("live-standings", tournament.slug, groups["event"].pk))
    assert "Group A" in html and "Group B" in html
    assert "Ranked by wins; entries level on wins by head-to-head, then game difference" in html
    assert "Head-to-head" in html and "Decided by" in html
    e = groups["entries"]
    group_a = html[html.index("Group A") : html.index("Group B")]
    assert group_a.index(e[0].name) < group_a.index(e[2].name) < group_a.index(e[1].name)
    # group B: 4 beat 5; 5 and 6 have no win and have not met: the game difference decides
    group_b = html[html.index("Group B") :]
    assert group_b.index(e[3].name) < group_b.index(e[5].name) < group_b.index(e[4].name)
    assert "game difference</td>" in group_b


def test_knockout_events_have_no_standings(client, knockout, tournament):
    response = client.get(url("live-standings", tournament.slug, knockout["event"].pk))
    assert response.status_code == 404


def test_event_page_lists_matches_by_round(client, swiss, tournament):
    _, html = get(client, url("live-event", tournament.slug, swiss["event"].pk))
    assert "Round 1" in html and "Round 2" in html
    assert len(re.findall(r'class="scoreline(?: scoreline-playing)?"', html)) == 6


def test_player_page_has_matches_and_statistics_from_the_stroke_log(client, knockout, tournament):
    sf2 = knockout["sf2"]
    player = sf2.entry_a.player  # broke board 1 and cleared it: a white slam
    _, html = get(client, url("live-player", tournament.slug, player.pk))
    assert player.name in html and sf2.entry_b.name in html
    assert "Statistics" in html and "White slams" in html
    stats = re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", html)
    values = {k: v.strip() for k, v in stats}
    assert values["Boards won"] == "1 / 1"
    assert values["White slams"] == "1"
    assert values["Breaks to finish"] == "1 / 1"
    assert values["Queen covered"] == "1 / 1"
    assert values["Points per board"] == "12.00"
    assert "White slam" in html and url("live-board", tournament.slug, sf2.pk, 1, 1) in html


def test_player_not_in_the_tournament_is_404(client, knockout, tournament):
    stranger = Player.objects.create(name="Nobody Here")
    assert client.get(url("live-player", tournament.slug, stranger.pk)).status_code == 404


def test_players_page_lists_everyone_entered(client, knockout, tournament):
    _, html = get(client, url("live-players", tournament.slug))
    for entry in knockout["entries"]:
        assert entry.player.name in html


def test_table_page_redirects_to_the_match_being_played_and_is_never_cached(
    client, knockout, tournament
):
    response = client.get(url("live-table", tournament.slug, 1))
    assert response.status_code == 302
    assert response["Location"] == url("live-match", tournament.slug, knockout["sf2"].pk)
    assert "no-store" in response["Cache-Control"]


def test_table_page_without_a_live_match_shows_the_last_result_and_follows_the_table(
    client, knockout, tournament
):
    response, html = get(client, url("live-table", tournament.slug, 2))
    assert "no-store" in response["Cache-Control"]
    assert "No match is being played at this table right now." in html
    assert "Last result" in html
    assert 'data-live-redirect=""' in html
    # a match is called to table 2: the polled part carries its address
    called = f.match(
        knockout["event"],
        knockout["entries"][2],
        knockout["entries"][3],
        number=8,
        table=2,
        status="called",
    )
    _, part = get(client, url("live-table-status", tournament.slug, 2))
    assert 'data-live-redirect="{}"'.format(url("live-match", tournament.slug, called.pk)) in part


def test_overlay_is_a_minimal_page_with_the_table_score(client, knockout, tournament):
    _, html = get(client, url("live-overlay", tournament.slug, 1))
    sf2 = knockout["sf2"]
    assert 'class="overlay"' in html and "navbar" not in html
    assert sf2.entry_a.name in html and "Game 1, board 2" in html
    assert re.search(r'class="overlay-points">12<', html)
    assert url("live-overlay-score", tournament.slug, 1) in html


def test_hall_screen_has_slides_for_tables_and_events(client, knockout, swiss, tournament):
    response, html = get(client, url("live-hall", tournament.slug))
    assert "no-store" in response["Cache-Control"]
    assert 'class="hall"' in html and "navbar" not in html
    for slide in (
        url("live-hall-tables", tournament.slug),
        url("live-hall-event", tournament.slug, swiss["event"].pk),
        url("live-hall-event", tournament.slug, knockout["event"].pk),
    ):
        assert f'data-url="{slide}"' in html
    assert "Table 1" in html
    _, standings = get(client, url("live-hall-event", tournament.slug, swiss["event"].pk))
    assert "Buchholz" in standings
    _, bracket = get(client, url("live-hall-event", tournament.slug, knockout["event"].pk))
    assert "Semi-finals" in bracket


def test_results_csv_has_every_decided_match(client, knockout, swiss, tournament):
    response = client.get(url("live-results-csv", tournament.slug))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 7  # semi-final 1 and six Swiss matches
    sf1 = next(r for r in rows if r["match_id"] == str(knockout["sf1"].pk))
    assert sf1["winner"] == knockout["sf1"].entry_a.name
    assert sf1["games_a"] == "2" and sf1["status"] == "finished"
    assert sf1["game_scores"].startswith("25-0")


@pytest.mark.parametrize(
    "name", ["live-tournament", "live-players", "live-hall", "live-results-csv"]
)
def test_pages_only_answer_get(client, knockout, tournament, name):
    assert client.post(url(name, tournament.slug)).status_code == 405


def test_live_pages_have_no_inline_scripts_or_styles_and_no_forms_that_write(
    client, knockout, swiss, tournament
):
    sf2 = knockout["sf2"]
    pages = [
        url("live-tournament", tournament.slug),
        url("live-match", tournament.slug, sf2.pk),
        url("live-board", tournament.slug, sf2.pk, 1, 1),
        url("live-bracket", tournament.slug, knockout["event"].pk),
        url("live-standings", tournament.slug, swiss["event"].pk),
        url("live-player", tournament.slug, sf2.entry_a.player_id),
        url("live-overlay", tournament.slug, 1),
        url("live-hall", tournament.slug),
    ]
    for path in pages:
        _, html = get(client, path)
        assert " style=" not in html, path
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert "hx-on" not in html
        forms = re.findall(r'<form[^>]*action="([^"]*)"', html)
        assert set(forms) <= {reverse("set_language"), reverse("logout")}, path
        assert "hx-post" not in html


def test_pages_in_german(client, knockout, swiss, tournament):
    sf2 = knockout["sf2"]
    _, html = get(client, url("live-match", tournament.slug, sf2.pk), accept_language="de")
    assert 'lang="de"' in html
    assert "Spiel 1, Board 2" in html
    assert "Dieses Board, Stoß für Stoß" in html and "Offene Schuldsteine" in html
    _, html = get(
        client, url("live-standings", tournament.slug, swiss["event"].pk), accept_language="de"
    )
    assert "Buchholz" in html and "Siege" in html and "Wie die Tabelle geordnet ist" in html
    _, html = get(client, url("live-tournament", tournament.slug), accept_language="de")
    assert "Aufrufe" in html and "Jetzt am Tisch" in html and "Neueste Ergebnisse" in html


def test_a_match_with_a_bye_shows_bye(client, knockout, tournament):
    bye = Match.objects.create(
        event=knockout["event"],
        entry_a=knockout["entries"][0],
        bye=True,
        status="finished",
        winner_side="a",
    )
    _, html = get(client, url("live-match", tournament.slug, bye.pk))
    assert "Bye" in html


def test_results_csv_does_not_let_a_spreadsheet_run_names_as_formulas(client, knockout, tournament):
    player = knockout["sf1"].entry_a.player
    player.name = "=HYPERLINK(1)"
    player.save()
    response = client.get(url("live-results-csv", tournament.slug))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert rows[0]["entry_a"] == "'=HYPERLINK(1)"


def test_a_finished_event_has_no_current_round_and_tables_show_their_label(
    client, knockout, tournament
):
    """Issue 30: the phone home page says a finished event is finished (no "Current round:
    Round 7"), and a table with a label is shown by its label."""
    from scoring.models import Event, Table

    Event.objects.filter(pk=knockout["event"].pk).update(status=Event.Status.FINISHED)
    Table.objects.filter(tournament=tournament, number=1).update(label="Centre court")
    _, html = get(client, url("live-tournament", tournament.slug))
    assert "Current round" not in html and "Finished" in html
    assert "Centre court" in html
