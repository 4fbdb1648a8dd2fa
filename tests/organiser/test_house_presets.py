"""House presets of a tournament: the services, the form, the pages (permissions, bad input),
an event that plays one through the draw and the quick entry, and the engine resolving its key."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.forms.house_presets import HousePresetForm
from scoring.forms.organiser import EventForm
from scoring.models import AuditEntry, Event, HousePreset, Match
from scoring.rules import get_rules
from scoring.rules.presets import _COMPOSED
from scoring.selectors.house_presets import rules_summary
from scoring.services import draws
from scoring.services import house_presets as service
from scoring.services import tournaments as tournament_service
from scoring.services.tournaments import TournamentError
from tests.factories import make_event, make_tournament, play

pytestmark = pytest.mark.django_db

UK = {"game_points": 29, "queen_value": 5, "board_max": 14, "off_board_foul": True}


def uk_preset(tournament, actor, name="Club 29") -> HousePreset:
    return service.create_preset(
        tournament=tournament, actor=actor, name=name, base="icf", switches=UK
    )


# --- services ------------------------------------------------------------------------------------


def test_create_stores_only_the_differences_and_audits(tournament, actor):
    preset = service.create_preset(
        tournament=tournament,
        actor=actor,
        name=" Club 29 ",
        base="icf",
        switches=UK | {"board_limit": 8},
    )
    assert preset.name == "Club 29" and preset.base == "icf" and preset.switches == UK
    assert preset.key.startswith("h-") and get_rules(preset.key).game_points == 29
    assert AuditEntry.objects.filter(action="house_preset_created").count() == 1


def test_create_from_uk_29_keeps_its_switches(tournament, actor):
    preset = service.create_preset(
        tournament=tournament,
        actor=actor,
        name="UK 45 min",
        base="uk-29",
        switches={"time_limit": 45},
    )
    assert preset.base == "icf" and preset.switches == UK | {"time_limit": 45}


@pytest.mark.parametrize(
    ("switches", "switch", "reason"),
    [
        ({"board_max": 13}, "board_max", "board_max_unreachable"),
        ({"queen_value": 0}, "queen_value", "bad_switch"),
        ({"game_points": 20}, "game_points", "queen_cutoff_never"),
        ({"game_end": "board_end"}, "game_end", "switch_not_for_family"),
        ({"nonsense": 1}, "nonsense", "unknown_switch"),
    ],
)
def test_engine_refusal_names_the_switch(tournament, actor, switches, switch, reason):
    with pytest.raises(TournamentError) as caught:
        service.create_preset(
            tournament=tournament, actor=actor, name="X", base="icf", switches=switches
        )
    assert caught.value.code == "bad_switch"
    assert caught.value.params["switch"] == switch and caught.value.params["reason"] == reason
    assert not HousePreset.objects.exists()


def test_names_and_duplicates_refused(tournament, actor):
    uk_preset(tournament, actor)
    for name, code in (
        ("club 29", "preset_exists"),
        ("", "bad_preset_name"),
        ("x" * 81, "bad_preset_name"),
        ("Other", "preset_same_rules"),
    ):
        with pytest.raises(TournamentError) as caught:
            service.create_preset(
                tournament=tournament, actor=actor, name=name, base="icf", switches=UK
            )
        assert caught.value.code == code
    other = make_tournament("other-open")
    assert uk_preset(other, actor).key == HousePreset.objects.get(tournament=tournament).key


def test_update_moves_undrawn_events_and_fixes_drawn_ones(tournament, actor):
    preset = uk_preset(tournament, actor)
    event = make_event(tournament, 4)
    tournament_service.update_event(event=event, actor=actor, rules=preset.key)
    changed = service.update_preset(
        preset=preset, actor=actor, name="Club 27", base="icf", switches=UK | {"game_points": 27}
    )
    event.refresh_from_db()
    assert event.rules == changed.key != preset.key
    draws.draw_event(event=event, actor=actor)
    assert set(Match.objects.filter(event=event).values_list("rules", flat=True)) == {changed.key}
    with pytest.raises(TournamentError) as caught:
        service.update_preset(preset=changed, actor=actor, name="Club 27", base="icf", switches=UK)
    assert caught.value.code == "preset_in_play" and event.name in caught.value.params["events"]
    renamed = service.update_preset(
        preset=changed, actor=actor, name="Club rules", base="icf", switches=dict(changed.switches)
    )
    assert renamed.name == "Club rules" and renamed.key == changed.key


def test_delete_refused_while_an_event_plays_it(tournament, actor):
    preset = uk_preset(tournament, actor)
    event = make_event(tournament, 2)
    tournament_service.update_event(event=event, actor=actor, rules=preset.key)
    with pytest.raises(TournamentError) as caught:
        service.delete_preset(preset=preset, actor=actor)
    assert caught.value.code == "preset_used"
    tournament_service.update_event(event=event, actor=actor, rules="icf")
    service.delete_preset(preset=preset, actor=actor)
    assert not HousePreset.objects.exists()


def test_event_takes_the_time_switches_as_defaults(tournament, actor):
    preset = service.create_preset(
        tournament=tournament,
        actor=actor,
        name="Timed",
        base="icf",
        switches={"time_limit": 40, "time_up": "stop"},
    )
    event = tournament_service.create_event(
        tournament=tournament, actor=actor, name="Open", rules=preset.key
    )
    assert event.round_minutes == 40 and event.settings["time_up_board"] == "stop"
    own = tournament_service.create_event(
        tournament=tournament,
        actor=actor,
        name="Own",
        rules=preset.key,
        round_minutes=30,
        settings={"time_up_board": "finish"},
    )
    assert own.round_minutes == 30 and own.settings["time_up_board"] == "finish"


def test_event_refuses_another_tournaments_preset(tournament, actor):
    other = make_tournament("other-open")
    preset = uk_preset(other, actor)
    with pytest.raises(TournamentError) as caught:
        tournament_service.create_event(
            tournament=tournament, actor=actor, name="Open", rules=preset.key
        )
    assert caught.value.code == "unknown_rules"


def test_a_match_plays_the_house_preset(tournament, actor):
    """Quick entry of 9 carrommen + the queen scores 14 a board and the game goes on to 29."""
    preset = uk_preset(tournament, actor)
    event = make_event(tournament, 2)
    tournament_service.update_event(event=event, actor=actor, rules=preset.key)
    draws.draw_event(event=event, actor=actor)
    match = play(Match.objects.get(event=event, entry_a__isnull=False))
    game = match.games.order_by("number").first()
    assert game.scores == {"a": 29, "b": 0}
    assert game.boards.count() == 3  # 14 + 14 (9 + the queen's 5) + 9 (past 21), at 29


def test_the_key_is_found_again_by_a_fresh_process(tournament, actor):
    preset = uk_preset(tournament, actor)
    _COMPOSED.pop(preset.key, None)  # as another worker that never composed it
    assert get_rules(preset.key).board_max == 14
    summary = rules_summary(preset.key, tournament.pk)
    assert summary.name == "Club 29" and summary.house
    assert "Board maximum: 14 (ICF: 12)" in summary.differences


# --- form --------------------------------------------------------------------------------------


def test_form_starts_from_the_presets_values():
    form = HousePresetForm(base="uk-29")
    assert form.fields["game_points"].initial == 29
    assert form.fields["off_board_foul"].initial == "yes"
    assert "game_end" not in form.fields
    points = HousePresetForm(base="point-carrom")
    assert "game_end" in points.fields and "queen_value" not in points.fields


def test_form_checks_ranges_and_text():
    data = {
        "name": "A\u202eB",
        "base": "icf",
        "game_points": "0",
        "board_limit": "8",
        "queen_value": "3",
        "board_max": "12",
        "off_board_foul": "maybe",
        "extra_board_on_tie": "yes",
        "time_up": "finish",
    }
    form = HousePresetForm(data)
    assert not form.is_valid()
    assert {"name", "game_points", "off_board_foul"} <= set(form.errors)


def test_event_form_offers_the_tournaments_presets(tournament, actor):
    preset = uk_preset(tournament, actor)
    choices = EventForm(tournament=tournament).fields["rules"].choices
    assert any(preset.key in [k for k, _ in group] for _, group in choices)


# --- pages ---------------------------------------------------------------------------------------


def _form_data(**over):
    data = {
        "name": "Club 29",
        "base": "icf",
        "game_points": "29",
        "board_limit": "8",
        "late_board_limit": "",
        "extra_board_on_tie": "yes",
        "queen_value": "5",
        "queen_cutoff": "21",
        "board_max": "14",
        "off_board_foul": "yes",
        "time_limit": "",
        "time_up": "finish",
    }
    data.update(over)
    return data


def test_page_creates_edits_and_deletes(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("scoring:organiser-house-presets", args=[tournament.slug])
    page = client.get(url)
    assert page.status_code == 200 and "New house preset" in page.content.decode()
    answer = client.post(url, _form_data())
    assert answer.status_code == 302
    preset = HousePreset.objects.get()
    assert preset.switches == UK
    listing = client.get(url).content.decode()
    assert "Points to win a game: 29 (ICF: 25)" in listing
    edit = reverse("scoring:organiser-house-preset", args=[tournament.slug, preset.pk])
    assert client.get(edit).status_code == 200
    assert client.post(edit, _form_data(name="Club 28", game_points="28")).status_code == 302
    preset.refresh_from_db()
    assert preset.name == "Club 28" and preset.switches["game_points"] == 28
    delete = reverse("scoring:organiser-house-preset-delete", args=[tournament.slug, preset.pk])
    assert client.post(delete).status_code == 302 and not HousePreset.objects.exists()


def test_htmx_base_change_renders_the_form_only(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("scoring:organiser-house-presets", args=[tournament.slug])
    part = client.get(url, {"base": "point-carrom"}, headers={"HX-Request": "true"})
    html = part.content.decode()
    assert part.status_code == 200 and 'id="preset-form"' in html and "<html" not in html
    assert 'name="game_end"' in html and 'name="queen_value"' not in html


@pytest.mark.parametrize(
    "over",
    [
        {"board_max": "13", "queen_value": "3"},
        {"game_points": "20"},
        {"game_points": "abc"},
        {"base": "nonsense"},
        {"late_board_limit": "3"},
        {"name": ""},
        {"queen_value": "99999999999999999999999"},
    ],
)
def test_bad_input_is_a_422_with_a_message(client, tournament, organiser, over):
    client.force_login(organiser)
    url = reverse("scoring:organiser-house-presets", args=[tournament.slug])
    answer = client.post(url, _form_data(**over))
    assert answer.status_code == 422
    assert (
        "invalid-feedback" in answer.content.decode() or "alert-danger" in answer.content.decode()
    )
    assert not HousePreset.objects.exists()


def test_combination_message_is_on_the_switch_and_translated(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("scoring:organiser-house-presets", args=[tournament.slug])
    answer = client.post(
        url, _form_data(board_max="13", queen_value="3"), headers={"Accept-Language": "de"}
    )
    html = answer.content.decode()
    assert answer.status_code == 422
    assert "Diesen Höchstwert kann ein Board nicht erreichen" in html


def test_only_the_tournaments_organisers(client, django_user_model, tournament, actor):
    preset = uk_preset(tournament, actor)
    slug = tournament.slug
    urls = [
        reverse("scoring:organiser-house-presets", args=[slug]),
        reverse("scoring:organiser-house-preset", args=[slug, preset.pk]),
    ]
    delete = reverse("scoring:organiser-house-preset-delete", args=[slug, preset.pk])
    for url in urls:
        assert client.get(url).status_code == 302  # to the login
    stranger = django_user_model.objects.create_user("stranger", password="pw")
    client.force_login(stranger)
    for url in urls:
        assert client.get(url).status_code == 403
        assert client.post(url, _form_data(name="Mine")).status_code == 403
    assert client.post(delete).status_code == 403
    assert HousePreset.objects.get().name == "Club 29"


def test_another_tournaments_preset_is_a_404(client, organiser, tournament, actor):
    other = make_tournament("other-open")
    theirs = uk_preset(other, actor)
    client.force_login(organiser)
    url = reverse("scoring:organiser-house-preset", args=[tournament.slug, theirs.pk])
    assert client.get(url).status_code == 404
    assert (
        client.post(
            reverse("scoring:organiser-house-preset-delete", args=[tournament.slug, theirs.pk])
        ).status_code
        == 404
    )
    assert (
        client.get(f"/t/{tournament.slug}/organiser/rules/99999999999999999999/").status_code == 404
    )


def test_event_form_saves_a_house_preset(client, tournament, organiser, actor):
    preset = uk_preset(tournament, actor)
    client.force_login(organiser)
    answer = client.post(
        reverse("scoring:organiser-event-new", args=[tournament.slug]),
        {
            "name": "UK Open",
            "kind": "singles",
            "format": "knockout",
            "rules": preset.key,
            "games_to_win": "2",
            "order": "1",
            "ranking": "current",
            "walkover": "bye",
            "clock_from": "round",
            "separate": "none",
            "time_up_board": "",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Event.objects.get(name="UK Open").rules == preset.key


def test_a_point_carrom_preset_through_the_page(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("scoring:organiser-house-presets", args=[tournament.slug])
    assert client.get(url, {"base": "<script>"}).status_code == 200  # unknown: from ICF
    answer = client.post(
        url,
        {
            "name": "Kids 17",
            "base": "point-carrom",
            "game_points": "17",
            "board_limit": "8",
            "late_board_limit": "8",
            "off_board_foul": "yes",
            "queen_right_same_stroke": "no",
            "game_end": "board_end",
            "queen_value": "9",
        },
    )  # not a point-carrom switch: ignored
    assert answer.status_code == 302
    preset = HousePreset.objects.get()
    assert preset.base == "point-carrom"
    assert preset.switches == {"game_points": 17, "off_board_foul": True, "game_end": "board_end"}
    assert get_rules(preset.key).family == "points"
