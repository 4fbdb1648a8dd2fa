"""A stroke's answer holds only the regions of the screen that changed (issue 12: at most
6 KB of HTML for every stroke of a board). The test plays whole boards as the tablet does:
it sends the fingerprints of the regions it shows (``X-Umpire-Regions``) and keeps what the
answers leave out."""

from __future__ import annotations

import random
import uuid

import pytest

from scoring.rules import Pieces, RulesError, Stroke, apply
from scoring.services.matches import match_snapshot
from tools.tablet_wire import _PRESERVED, _REGION, LIMIT, Tablet

from .conftest import link, record


def _fields(stroke: Stroke) -> dict:
    fields: dict = {"by": stroke.by}
    p = stroke.pocketed
    if p.white:
        fields["white"] = p.white
    if p.black:
        fields["black"] = p.black
    if p.queen:
        fields["queen"] = "on"
    if p.striker:
        fields["striker"] = "on"
    if stroke.foul:
        fields["foul"] = "on"
    if not stroke.touched:
        fields["no_contact"] = "on"
    return fields


def _random_stroke(position, rng: random.Random) -> Stroke:
    by = position.on_turn
    opp = "black" if by == "white" else "white"
    while True:
        roll = rng.random()
        if roll < 0.35:
            pieces = Pieces()
        elif roll < 0.7:
            pieces = Pieces(**{by: rng.randint(1, 2)})
        elif roll < 0.8:
            pieces = Pieces(**{opp: 1})
        elif roll < 0.88:
            pieces = Pieces(striker=True, **{by: rng.randint(0, 1)})
        else:
            pieces = Pieces(queen=position.queen == "on_board", **{by: rng.randint(0, 1)})
        foul = "improper_stroke" if rng.random() < 0.05 else None
        stroke = Stroke(by, pieces, foul=foul)
        try:
            apply(position, stroke)
        except RulesError:
            continue
        return stroke


@pytest.mark.parametrize("seed", range(6))
def test_every_stroke_of_a_board_answers_at_most_6_kb(client, tossed, seed):
    rng = random.Random(seed)
    tablet = Tablet(client, tossed)
    sizes = []
    board = None
    while True:
        current = match_snapshot(tossed).current
        if board is not None and (current.board is None or current.board.pk != board):
            break  # the board is over
        status, html = tablet.post(_fields(_random_stroke(current.position, rng)))
        assert status == 200, html
        board = board or match_snapshot(tossed).current.board.pk
        sizes.append(len(html.encode()))
        assert sizes[-1] <= LIMIT, (len(sizes), sizes[-1], html)
    assert len(sizes) > 5
    # the board's end came with its card and the table of the game's boards
    assert 'id="summary-card"' in html and 'id="game-boards"' in html
    # and nothing was left out: the page drawn afresh has the same regions as the tablet
    page = client.get(link(tossed)).content.decode()
    assert dict(_REGION.findall(page)) == tablet.known


def test_a_tablet_that_sends_no_fingerprints_gets_every_region(client, tossed):
    tossed.refresh_from_db()
    response = client.post(
        link(tossed, "event"),
        {
            "by": "white",
            "preset": "nothing",
            "client_id": str(uuid.uuid4()),
            "revision": tossed.revision,
        },
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert not _PRESERVED.search(html)
    assert {
        "sides",
        "facts",
        "rulings",
        "game-boards-box",
        "quick",
        "count-white",
        "count-black",
        "toggles",
        "more",
        "undo-form",
        "actions-box",
    } <= {n for n, _h in _REGION.findall(html)}


def test_an_unchanged_region_is_kept_and_a_changed_one_sent(client, tossed):
    record(tossed, {"type": "stroke", "by": "white"})  # the break: the board has begun
    tablet = Tablet(client, tossed)
    before = dict(tablet.known)
    _status, html = tablet.post({"by": "black", "preset": "nothing"})
    # the other decisions, the counts and the one-tap buttons did not change: kept on the
    # tablet (who is on turn is put into the kept forms by the tablet: data-by)
    for region_id in ("actions-box", "count-white", "quick", "toggles", "more"):
        assert f'id="{region_id}" hx-preserve' in html
    assert 'id="actions-box">' not in html and 'data-by="white"' in html
    # who is on turn changed: the side panels and the facts come again
    for name in ("sides", "facts"):
        assert name in dict(_REGION.findall(html)) and tablet.known[name] != before[name]
