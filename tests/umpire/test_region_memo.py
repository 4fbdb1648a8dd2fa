"""The regions rendered once per process for the same inputs (templatetags/umpire_regions.py:
``{% region … memo … %}``, issue 17): what a stroke sends and what the page shows are exactly
what a rendering from nothing gives, and a region whose inputs did not change is not rendered
again."""

from __future__ import annotations

import random
import re
import uuid

import pytest
from django.template import engines
from django.template.library import SimpleNode
from django.template.loader_tags import IncludeNode
from django.utils import translation

from scoring.rules import Pieces, RulesError, Stroke, apply
from scoring.rules.events import parse_event
from scoring.services.matches import (
    MatchError,
    match_snapshot,
    record_event,
    record_toss,
    undo_last_event,
)
from scoring.templatetags import umpire_regions
from tests.caches import empty_process_caches, process_caches
from tests.factories import make_match

from .conftest import UMPIRE, link, stroke
from .test_stroke_response import _without_keys


def _cold(client, url: str, **headers: str) -> str:
    """``url`` rendered from an empty memo; the memo is then given back as it was, so that
    what earlier answers left in it stays there for the next warm rendering."""
    kept = {name: dict(memo) for name, memo in process_caches().items()}
    empty_process_caches()
    try:
        return _without_keys(client.get(url, headers=headers).content.decode())
    finally:
        for name, memo in process_caches().items():
            memo.update(kept[name])


def _warm(client, url: str, **headers: str) -> str:
    return _without_keys(client.get(url, headers=headers).content.decode())


@pytest.mark.parametrize("rules", ["icf", "point-carrom"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_page_and_the_panel_from_memo_are_the_fresh_ones(db, client, rules, language):
    """A board played at random: after every stroke the page and the htmx panel rendered with
    what earlier strokes left in the memo are those rendered from an empty one."""
    match = make_match(rules=rules)
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    client.cookies["django_language"] = language
    rng = random.Random(5)
    with translation.override(language):
        for n in range(14):
            current = match_snapshot(match).current
            position = current.position if current else None
            if position is None or position.finished or not position.on_turn:
                break
            by = position.on_turn
            pieces = (
                Pieces(**{rng.choice(("white", "black")): 1}) if rng.random() < 0.4 else Pieces()
            )
            try:
                apply(position, Stroke(by, pieces))
            except (RulesError, TypeError, AttributeError):
                pieces = Pieces()
            try:
                record_event(
                    match=match,
                    payload=Stroke(by, pieces).to_dict(),
                    client_id=uuid.uuid4(),
                    actor=UMPIRE,
                )
            except RulesError:
                continue
            for url, headers in ((link(match), {}), (link(match, "panel"), {"HX-Request": "true"})):
                warm = _warm(client, url, **headers)
                assert warm == _cold(client, url, **headers), f"{url} after stroke {n}"
            assert 'id="count-white"' in warm or rules == "point-carrom"


def test_a_refused_stroke_shows_the_pad_as_entered_from_memo_too(client, tossed):
    """The pad's regions depend on what the umpire had entered: a refusal (422) shows it
    again, the same from the memo as rendered afresh, and a fresh pad after it."""
    fields = {"white": "9", "queen": "on", "off_black": "2"}
    client.get(link(tossed))  # the page with an empty pad
    first = stroke(client, tossed, "black", **fields)  # White breaks: refused
    assert first.status_code == 422
    again = stroke(client, tossed, "black", **fields)
    empty_process_caches()
    cold = stroke(client, tossed, "black", **fields)
    assert _without_keys(again.content.decode()) == _without_keys(cold.content.decode())
    shown = again.content.decode()
    for entered in (
        'id="pad-white-9" checked',
        'id="pad-queen" checked',
        'id="pad-off_black-2" checked',
    ):
        assert entered in shown
    fresh = stroke(client, tossed, "white", preset="nothing")
    assert fresh.status_code == 200
    assert 'id="pad-white-9" checked' not in fresh.content.decode()


def test_a_region_whose_inputs_did_not_change_is_not_rendered_again(client, tossed, monkeypatch):
    """The pad's counts (ten buttons each) are rendered for the first stroke only; the
    strokes after it take them from the memo."""
    calls: list[str] = []
    compiled = engines["django"].engine.get_template("scoring/umpire/_count_row.html")
    (node,) = _nodes(compiled.nodelist, SimpleNode)  # {% count_buttons %}
    real = node.func

    def counted(name, text, value=0):
        calls.append(name)
        return real(name, text, value)

    monkeypatch.setattr(node, "func", counted)
    empty_process_caches()
    stroke(client, tossed, "white", preset="nothing")
    assert calls  # the first answer renders them
    calls.clear()
    stroke(client, tossed, "black", preset="nothing")
    stroke(client, tossed, "white", preset="nothing")
    assert calls == []


def _nodes(nodelist, kind) -> list:
    found = []
    for node in nodelist:
        if isinstance(node, kind):
            found.append(node)
        for attr in getattr(node, "child_nodelists", ()):
            found.extend(_nodes(getattr(node, attr, None) or [], kind))
    return found


def test_the_memo_is_bounded(client, tossed, monkeypatch):
    monkeypatch.setattr(umpire_regions, "MEMO_SIZE", 3)
    empty_process_caches()
    client.get(link(tossed))
    assert 0 < len(umpire_regions._MEMO) <= 3


def test_a_kept_region_carries_only_its_own_requests_token_and_link(db):
    """Two tablets (two sessions) on two matches in the same state, with the same names: the
    regions kept from one answer never carry the other session's CSRF token or the other
    match's link (every token on a page is its own session's, unmasked)."""
    from django.middleware.csrf import _unmask_cipher_token
    from django.test import Client

    matches = [make_match(slug=f"open-{n}") for n in (1, 2)]
    for match in matches:
        record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
        for by in ("white", "black"):
            record_event(
                match=match,
                payload=Stroke(by, Pieces()).to_dict(),
                client_id=uuid.uuid4(),
                actor=UMPIRE,
            )
    empty_process_caches()
    secrets = []
    for n, match in enumerate(matches):
        client = Client()
        page = client.get(link(match)).content.decode()
        answer = stroke(client, match, "white", preset="nothing").content.decode()
        secret = client.cookies["csrftoken"].value
        secrets.append(secret)
        tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert tokens  # the page's forms carry the token (an htmx answer sends it as a header)
        assert {_unmask_cipher_token(token) for token in tokens} == {secret}
        other = matches[1 - n]
        for html in (page, answer):
            assert str(other.umpire_token) not in html
        assert str(match.umpire_token) in page
    assert secrets[0] != secrets[1]
    assert len(umpire_regions._MEMO) > 0


def test_a_changed_file_under_the_development_server_forgets_the_kept_regions(client, tossed):
    from pathlib import Path

    from django.utils.autoreload import file_changed

    client.get(link(tossed))
    assert umpire_regions._MEMO
    file_changed.send(sender=None, file_path=Path("templates/scoring/umpire/_play.html"))
    assert not umpire_regions._MEMO and not umpire_regions._LINES


def _random_fields(rng: random.Random, by: str) -> dict[str, str]:
    """What an umpire might tap on the pad: mostly nothing or one of the striker's own
    carrommen (the turn goes on: only the counts change), else anything, legal or not (a
    refusal is answered too)."""
    by = getattr(by, "value", by)  # the engine's Colour, as the form's field name
    roll = rng.random()
    if roll < 0.3:
        return {"preset": "nothing"}
    if roll < 0.6:
        return {by: "1"}
    fields: dict[str, str] = {}
    for name, top in (("white", 3), ("black", 3), ("off_white", 1), ("off_black", 1)):
        if rng.random() < 0.3:
            fields[name] = str(rng.randint(1, top))
    for flag, chance in (
        ("queen", 0.15),
        ("striker", 0.15),
        ("foul", 0.1),
        ("off_queen", 0.03),
        ("no_contact", 0.05),
    ):
        if rng.random() < chance:
            fields[flag] = "on"
    return fields or {"preset": "nothing"}


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_two_tables_interleaved_see_what_a_fresh_rendering_gives(db, seed):
    """Two tablets, a singles and a doubles match of other players, strokes of every kind
    (fouls, the queen, pieces off the board, refused taps, undo) taken in turn through the
    tablet: after each, both tablets' pages and panels from the shared memo are exactly those
    rendered from an empty one, and each stroke's answer is that of the panel."""
    from django.test import Client

    rng = random.Random(seed)
    tables = []
    for n, kind in enumerate(("singles", "doubles")):
        match = make_match(kind=kind, slug=f"memo-{seed}-{n}")
        record_toss(match=match, winner="ab"[n], choice="break", actor=UMPIRE)
        tables.append((Client(), match))
    empty_process_caches()
    for client, match in tables:
        client.get(link(match))
    answered = 0
    for _step in range(30):
        client, match = rng.choice(tables)
        match.refresh_from_db()
        current = match_snapshot(match).current
        position = current.position if current else None
        if position is None or position.finished or not position.on_turn:
            continue
        if rng.random() < 0.1:
            response = client.post(
                link(match, "undo"),
                {"client_id": str(uuid.uuid4()), "revision": match.revision},
                headers={"HX-Request": "true"},
            )
        else:
            response = stroke(
                client, match, position.on_turn, **_random_fields(rng, position.on_turn)
            )
        assert response.status_code in (200, 422), response.status_code
        answered += response.status_code == 200
        for other_client, other in tables:
            for url, headers in ((link(other), {}), (link(other, "panel"), {"HX-Request": "true"})):
                warm = _warm(other_client, url, **headers)
                assert warm == _cold(other_client, url, **headers), (url, _step)
    assert answered >= 8  # most taps were strokes the board took


def _legal_stroke(rng: random.Random, position) -> dict:
    """A stroke the board takes, chosen to move it on: the striker's own carrommen often,
    the queen with one of them sometimes (so boards end and games go on), else nothing,
    a foul with the striker, or one of the opponent's."""
    by = position.on_turn
    own = position.on_board[by]
    other = "black" if by == "white" else "white"
    roll = rng.random()
    candidates = []
    if roll < 0.2 and position.queen == "on_board" and own > 1:
        candidates.append({"pocketed": {by: 1, "queen": True}})
    if roll < 0.7 and own:
        candidates.append({"pocketed": {by: min(own, rng.choice((1, 3, 4, 5)))}})
    if roll < 0.75:
        candidates.append({"pocketed": {"striker": True}, "foul": "striker_pocketed"})
    if roll < 0.85 and position.on_board[other] > 1:
        candidates.append({"pocketed": {other: 1}})
    candidates.append({})
    for extra in candidates:
        payload = {"type": "stroke", "by": str(by), **extra}
        try:
            apply(position, parse_event(payload))
        except (RulesError, TypeError, ValueError, KeyError):
            continue
        return payload
    return {"type": "stroke", "by": str(by)}


@pytest.mark.parametrize("seed", [21, 22])
def test_whole_games_and_boards_from_memo_are_the_fresh_ones(db, seed):
    """A singles and a seated doubles match played on through board ends, new boards and
    games (scores, the queen, dues, fouls), one event at a time and in turn: after every event
    both tablets' pages and panels from the memo are exactly those rendered from nothing."""
    from django.test import Client

    from scoring.services.matches import record_seating

    rng = random.Random(seed)
    singles = make_match(slug=f"whole-{seed}-1")
    doubles = make_match(kind="doubles", slug=f"whole-{seed}-2")
    for match in (singles, doubles):
        record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    ids = [p.pk for e in (doubles.entry_a, doubles.entry_b) for p in e.players]
    record_seating(match=doubles, seating=[ids[0], ids[2], ids[1], ids[3]], actor=UMPIRE)
    tables = [(Client(), singles), (Client(), doubles)]
    empty_process_caches()
    boards_seen = set()
    games_seen = set()
    for _step in range(150):
        client, match = rng.choice(tables)
        match.refresh_from_db()
        snapshot = match_snapshot(match)
        if snapshot.finished:
            continue
        current = snapshot.current
        position = current.position if current is not None else None
        if position is None or position.finished or not position.on_turn:
            payload = {"type": "stroke", "by": "white"}  # the next board's break
        else:
            payload = _legal_stroke(rng, position)
        try:
            record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=UMPIRE)
        except (RulesError, MatchError):  # the deciding game's interval, an extra board's toss
            continue
        if current is not None:
            boards_seen.add((match.pk, current.board_number))
            games_seen.add((match.pk, current.game_number))
        for other_client, other in tables:
            for url, headers in ((link(other), {}), (link(other, "panel"), {"HX-Request": "true"})):
                warm = _warm(other_client, url, **headers)
                assert warm == _cold(other_client, url, **headers), (url, _step)
    assert len(boards_seen) >= 8  # boards ended and new ones began
    assert len(games_seen) >= 3  # a game ended (the sides change) and the next one began


def _sheet(html: str) -> str:
    """The "other decisions" sheet of a page (_actions.html), without the request's keys."""
    start = html.index('id="actions-box"')
    sheet = _without_keys(html[start : html.index('id="paper', start)])
    return re.sub(r'name="revision" value="\d+"', 'name="revision"', sheet)


def test_the_decisions_sheet_follows_the_board_and_is_rendered_once_per_state(
    client, tossed, monkeypatch
):
    """The "other decisions" sheet is kept by every value it reads (found in its templates,
    nothing listed by hand, issue 36): a decision that becomes available (voiding the board
    once it started, IT 101) is shown at once, undone strokes show what a fresh page does, and
    strokes that change nothing it draws do not render it again."""
    compiled = engines["django"].engine.get_template("scoring/umpire/_foot_actions.html")
    (sheet,) = [  # the colour game's sheet
        region
        for region in _nodes(compiled.nodelist, umpire_regions.RegionNode)
        if any(
            include.template.var == "scoring/umpire/_actions.html"
            for include in _nodes(region.nodelist, IncludeNode)
        )
    ]
    renders: list[int] = []
    real = sheet.nodelist.render

    def counted(context):
        renders.append(1)
        return real(context)

    monkeypatch.setattr(sheet.nodelist, "render", counted)
    empty_process_caches()
    before = client.get(link(tossed)).content.decode()
    assert 'id="void"' not in _sheet(before)
    assert len(renders) == 1
    stroke(client, tossed, "white", preset="nothing")
    started = client.get(link(tossed)).content.decode()
    assert 'id="void"' in _sheet(started)  # the board started: it can be voided
    assert len(renders) == 2
    stroke(client, tossed, "black", preset="nothing")
    stroke(client, tossed, "white", preset="nothing")
    assert _sheet(client.get(link(tossed)).content.decode()) == _sheet(started)
    assert len(renders) == 2  # the same board state: taken from the memo
    for _ in range(3):
        undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    again = client.get(link(tossed)).content.decode()
    assert _sheet(again) == _sheet(_cold(client, link(tossed)))  # as drawn from nothing
