"""Browser test of the SoL upload (issue 31) at the users' sizes: the organiser opens it from
the organiser's list, uploads a SoL archive, reads the preview (nothing imported yet),
confirms, and reads the report with links to the new tournaments; a file that is not SoL's is
refused in words on the page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Tournament
from tests.e2e.test_organiser_flow import Problems, organiser_page  # noqa: F401  (fixture)

pytestmark = pytest.mark.e2e

FIXTURE = Path(__file__).parents[1] / "trust" / "data" / "nordstadt.sol"
SHOTS = Path("/tmp/sol-upload-shots")  # looked at by hand, never committed


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
def test_organiser_uploads_previews_and_imports_a_sol_archive(
    organiser_page: Page, live_server, size
):  # noqa: F811
    page = organiser_page
    problems = Problems(page)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    SHOTS.mkdir(exist_ok=True)
    page.goto(f"{live_server.url}/organiser/")
    page.get_by_role("link", name="Import from SoL").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Import from SoL")
    # a file that is not SoL's: refused in words, nothing stored
    page.get_by_label("SoL file").set_input_files(
        files=[{"name": "notes.sol", "mimeType": "text/plain", "buffer": b"- a\n- b\n"}]
    )
    page.get_by_role("button", name="Read the file").click()
    expect(page.get_by_role("alert")).to_contain_text("This file cannot be imported")
    page.screenshot(path=str(SHOTS / f"refused-{size[0]}x{size[1]}.png"), full_page=True)

    page.get_by_label("SoL file").set_input_files(str(FIXTURE))
    page.get_by_role("button", name="Read the file").click()
    expect(page.get_by_role("heading", name="Preview: nothing is imported yet")).to_be_visible()
    expect(page.get_by_text("3 tourneys in the file")).to_be_visible()
    expect(page.locator(".o-sol-tourneys")).to_contain_text("Nordstadt Doubles Night")
    assert not Tournament.objects.exists()
    page.screenshot(path=str(SHOTS / f"preview-{size[0]}x{size[1]}.png"), full_page=True)
    confirm = page.get_by_role("button", name="Import 3 tourneys")
    confirm.scroll_into_view_if_needed()
    assert _on_top(page, ".o-sol-preview form button[type=submit]")
    confirm.click()
    expect(page.get_by_text("3 tournaments imported")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"done-{size[0]}x{size[1]}.png"), full_page=True)
    page.get_by_role("link", name="Nordstadt Open I", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Nordstadt Open I")
    assert Tournament.objects.count() == 3
    # the refused file's page is answered 422 on purpose (the browser logs it); nothing else
    assert [e for e in problems.errors if "status of 422" not in e] == []
