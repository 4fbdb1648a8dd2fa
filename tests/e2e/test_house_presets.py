"""Browser test of the house rules page at the users' sizes: the organiser starts a preset from
UK rules to 29 (htmx fills the switches), saves it, sees its differences from ICF, gets an
unplayable combination refused on its switch, and chooses the preset in an event."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Event, HousePreset
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/house-shots")  # looked at by hand, never committed


def _on_top(page: Page, selector: str) -> bool:
    return page.eval_on_selector(
        selector,
        """el => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.top >= 0 && r.bottom <= window.innerHeight && (hit === el || el.contains(hit));
    }""",
    )


@pytest.mark.parametrize("size", [(1280, 800), (768, 1024), (390, 844)])
def test_organiser_composes_a_house_preset(
    organiser_page: Page,
    live_server,  # noqa: F811
    django_user_model,
    size,
):
    page = organiser_page
    problems = Problems(page)
    chief = django_user_model.objects.get(username="chief")
    tournament = make_tournament("house-cup", organiser=chief)
    event = make_event(tournament, 4, name="Open")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/t/house-cup/organiser/")
    menu = page.get_by_role("navigation", name="Organiser pages")
    if size[0] < 768:  # on a phone the organiser's menu is folded behind one button
        menu.get_by_role("button").click()
    menu.get_by_role("link", name="House rules").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("House rules")
    with page.expect_response(lambda r: "base=uk-29" in r.url):
        page.get_by_label("Starts from").select_option("uk-29")
    expect(page.get_by_label("Points to win a game")).to_have_value("29")
    expect(page.get_by_label("Board maximum")).to_have_value("14")
    page.locator("#id_name").fill("Club 29")
    page.get_by_label("Time limit of a round (minutes)").fill("45")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"form-{size[0]}x{size[1]}.png"), full_page=True)
    save = page.get_by_role("button", name="Save the house preset")
    save.scroll_into_view_if_needed()
    assert _on_top(page, "#preset-form button[type=submit]")
    save.click()
    expect(page.get_by_text("House preset Club 29 saved.")).to_be_visible()
    expect(page.get_by_text("Points to win a game: 29 (ICF: 25)")).to_be_visible()
    preset = HousePreset.objects.get()
    assert preset.switches["time_limit"] == 45 and preset.switches["off_board_foul"] is True
    page.screenshot(path=str(SHOTS / f"list-{size[0]}x{size[1]}.png"), full_page=True)

    # an unplayable combination: refused on the switch, in words
    page.get_by_role("link", name="Edit").click()
    page.get_by_label("Board maximum").fill("15")
    page.get_by_role("button", name="Save").first.click()
    message = page.get_by_text("A board cannot reach this maximum")
    expect(message).to_be_visible()
    # on the switch it names: the board maximum's field is marked invalid
    expect(page.locator("#id_board_max")).to_have_class(re.compile("is-invalid"))
    page.screenshot(path=str(SHOTS / f"refused-{size[0]}x{size[1]}.png"), full_page=True)
    assert HousePreset.objects.get().switches["board_max"] == 14

    # the event plays it
    page.goto(f"{live_server.url}/t/house-cup/organiser/events/{event.pk}/edit/")
    page.get_by_label("Rules").select_option(preset.key)
    page.get_by_role("button", name="Save").first.click()
    expect(page.get_by_text("Saved.")).to_be_visible()
    assert Event.objects.get(pk=event.pk).rules == preset.key
    page.goto(f"{live_server.url}/t/house-cup/event/{event.pk}/")
    page.get_by_text("Rules: Club 29 (differs from ICF)").click()
    expect(page.get_by_text("Board maximum: 14 (ICF: 12)")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"live-{size[0]}x{size[1]}.png"), full_page=True)

    # in German
    page.context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    page.goto(f"{live_server.url}/t/house-cup/organiser/rules/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hausregeln")
    expect(page.get_by_text("Punkte zum Spielgewinn: 29 (ICF: 25)")).to_be_visible()
    expect(page.get_by_role("button", name="Hausregel speichern")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"de-{size[0]}x{size[1]}.png"), full_page=True)
    # the refused form answers 422 (invalid, re-rendered with the reasons): the browser logs it
    assert [e for e in problems.errors if "status of 422" not in e] == []
