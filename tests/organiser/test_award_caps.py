"""An award gives at most what a board of the match's rules is worth (ICF 55: 12; uk-29's
board maximum 14): the correction form and the paper sheet's rows are bounded by it."""

from __future__ import annotations

import uuid

import pytest

from scoring.forms.organiser import PaperCorrectionForm
from scoring.forms.trust import PaperBoardForm
from scoring.rules import get_rules


def correction(points: int, board_max: int) -> PaperCorrectionForm:
    return PaperCorrectionForm(
        {
            "client_id": str(uuid.uuid4()),
            "revision": "1",
            "reason": "sheet keyed wrongly",
            "winner": "a",
            "points": str(points),
            "law": "ICF 65",
        },
        board_max=board_max,
    )


@pytest.mark.parametrize(
    ("rules", "points", "valid"),
    [("icf", 12, True), ("icf", 13, False), ("uk-29", 14, True), ("uk-29", 15, False)],
)
def test_correction_award_bounded_by_the_board_maximum(
    rules: str, points: int, valid: bool
) -> None:
    form = correction(points, get_rules(rules).board_max)
    assert form.is_valid() is valid, form.errors
    if not valid:
        assert "points" in form.errors


def test_the_default_bound_is_icf_55() -> None:
    assert not PaperCorrectionForm({"points": "13"}).is_valid()
    assert PaperCorrectionForm().fields["points"].widget.attrs["max"] == 12


@pytest.mark.parametrize(("board_max", "points", "valid"), [(12, 13, False), (14, 14, True)])
def test_paper_row_award_bounded(board_max: int, points: int, valid: bool) -> None:
    form = PaperBoardForm(
        {"game": "1", "winner": "a", "points": str(points), "law": "ICF 65"}, board_max=board_max
    )
    assert form.is_valid() is valid, form.errors
