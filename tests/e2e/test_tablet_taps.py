"""Browser tests: how many taps a stroke takes on the tablet's pad (issue 12), at the four sizes.

The worst realistic stroke (the queen, an own and an opponent's carromman, the striker in a
foul, a carromman off the board) takes four taps and "Record stroke"; every simpler stroke
takes its obvious count. Each test counts its taps, asserts the event the server recorded and
the ruling the tablet shows, and that every control stays on screen while the modifiers are set.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_tablet_screen import (
    SIZES,
    assert_all_controls_on_screen,
    pad_top,
    settled,
    start,
)
from tests.e2e.test_umpire_tablet import events


class Taps:
    """Taps on the tablet, counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def __call__(self, *selectors: str) -> None:
        for selector in selectors:
            self.page.locator(selector).tap()
            self.count += 1


def _after_the_break(live_server, page: Page, size: dict):
    """A board whose break pocketed one white (White to play on): the tablet, the match and
    its revision."""
    problems, match = start(live_server, page, size)
    page.locator("#quick-own").tap()
    settled(page, match.revision + 1)
    return problems, match, match.revision + 1


@pytest.mark.parametrize("size", SIZES)
def test_the_worst_stroke_takes_four_taps_and_the_commit(
    live_server, page: Page, transactional_db, size
):
    problems, match, revision = _after_the_break(live_server, page, size)
    top = pad_top(page)
    taps = Taps(page)

    taps("#combo-queen-own", 'label[for="pad-black-1"]', "#combo-striker-foul", "#combo-off-black")
    for combo in ("#combo-queen-own", "#combo-striker-foul", "#combo-off-black"):
        expect(page.locator(combo)).to_have_attribute("aria-pressed", "true")
    # the pad's own rows show what the modifiers set
    for field in (
        "#pad-queen",
        "#pad-white-1",
        "#pad-black-1",
        "#pad-striker",
        "#pad-foul",
        "#pad-off_black-1",
    ):
        expect(page.locator(field)).to_be_checked()
    assert_all_controls_on_screen(page, "the worst stroke set")
    assert pad_top(page) == pytest.approx(top, abs=1)
    taps("#commit")
    settled(page, revision + 1)

    assert taps.count <= 5
    assert events(match)[-1] == {
        "type": "stroke",
        "by": "white",
        "pocketed": {"white": 1, "black": 1, "queen": True, "striker": True},
        "off_board": {"black": 1},
        "foul": "improper_stroke",
    }
    rulings = page.locator("#rulings")
    expect(rulings).to_contain_text("ICF 64")  # the foul: his carromman and the queen come back
    expect(rulings).to_contain_text("striker")  # ruling 7: two penalty carrommen
    expect(rulings).to_contain_text("ICF 65")  # the carromman off the board
    for combo in ("#combo-queen-own", "#combo-striker-foul", "#combo-off-black"):
        expect(page.locator(combo)).to_have_attribute("aria-pressed", "false")  # a fresh pad
    assert_all_controls_on_screen(page, "after the worst stroke")
    assert pad_top(page) == pytest.approx(top, abs=1)
    problems.assert_none()


#: A simpler stroke of each kind (White to play after the break): its taps, commit included,
#: and what the server records besides {"type": "stroke", "by": "white"}.
SIMPLE = [
    ("1 own", ["#quick-own"], {"pocketed": {"white": 1}}),
    ("nothing", ["#quick-nothing"], {}),
    ("1 opponent's", ["#quick-opponent"], {"pocketed": {"black": 1}}),
    ("2 own", ['label[for="pad-white-2"]', "#commit"], {"pocketed": {"white": 2}}),
    ("queen and own", ["#combo-queen-own", "#commit"], {"pocketed": {"white": 1, "queen": True}}),
    ("the striker", ['label[for="pad-striker"]', "#commit"], {"pocketed": {"striker": True}}),
    ("a foul", ['label[for="pad-foul"]', "#commit"], {"foul": "improper_stroke"}),
    (
        "the striker in a foul",
        ["#combo-striker-foul", "#commit"],
        {"pocketed": {"striker": True}, "foul": "improper_stroke"},
    ),
    ("1 off the board", ["#combo-off-white", "#commit"], {"off_board": {"white": 1}}),
]


@pytest.mark.parametrize("size", SIZES)
def test_each_simpler_stroke_takes_its_obvious_taps(
    live_server, page: Page, transactional_db, size
):
    problems, match, revision = _after_the_break(live_server, page, size)
    url = page.url
    for name, selectors, recorded in SIMPLE:
        taps = Taps(page)
        taps(*selectors)
        revision += 1
        settled(page, revision)
        assert taps.count == len(selectors) <= 2, name
        assert events(match)[-1] == {"type": "stroke", "by": "white", **recorded}, name
        # take it back for the next kind: White on turn again
        page.locator("#undo").tap()
        revision += 1
        settled(page, revision)
        assert page.url == url
    problems.assert_none()
