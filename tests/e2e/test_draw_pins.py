"""Browser test of pinning a pairing (issue 14) on a tablet (1024×768) and a phone: the
organiser picks two entries, pins them, and the round shows them paired; the form and its
button are in view and on top."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Match
from scoring.services import draws
from scoring.services.matches import Actor
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/organiser-shots")  # looked at by hand, never committed


def _on_top(page: Page, selector: str) -> bool:
    return page.eval_on_selector(
        selector,
        """el => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.top >= 0 && r.bottom <= window.innerHeight && (hit === el || el.contains(hit));
    }""",
    )


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)])
def test_organiser_pins_a_pairing(
    organiser_page: Page,
    live_server,  # noqa: F811
    django_user_model,
    size,
):
    page = organiser_page
    problems = Problems(page)
    chief = django_user_model.objects.get(username="chief")
    tournament = make_tournament("pin-cup", organiser=chief, tables=4)
    event = make_event(tournament, 8, fmt="swiss", name="Open", settings={"rounds": 3})
    draws.draw_event(event=event, actor=Actor(user=chief, via="organiser"), random_seed=1)
    m1, m2 = Match.objects.filter(event=event, round__number=1).order_by("position")[:2]
    x, y = m1.entry_a, m2.entry_a
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/t/pin-cup/organiser/events/{event.pk}/draw/edit/")
    page.get_by_role("link", name="Pin a pairing…").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Pin a pairing")
    page.get_by_label("First entry").select_option(str(x.pk))
    page.get_by_label("Second entry").select_option(str(y.pk))
    button = page.get_by_role("button", name="Pin this pairing")
    button.scroll_into_view_if_needed()
    assert _on_top(page, "form.o-draw-pin button[type=submit]")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pin-{size[0]}x{size[1]}.png"), full_page=True)
    button.click()
    expect(page.get_by_text("Pairing pinned.")).to_be_visible()
    paired = {
        frozenset((m.entry_a_id, m.entry_b_id))
        for m in Match.objects.filter(event=event, round__number=1)
    }
    assert frozenset((x.pk, y.pk)) in paired
    page.screenshot(path=str(SHOTS / f"pin-done-{size[0]}x{size[1]}.png"), full_page=True)
    problems.assert_none()
