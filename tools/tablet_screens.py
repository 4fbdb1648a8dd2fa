"""Screenshots of the umpire tablet's scoring screen at the four tablet sizes (issue 12).

Builds a temporary SQLite database with generated players, puts matches into the states an
umpire meets (a fresh board, a board under way with a due and a cover, the worst realistic
stroke set on the pad, a doubles board, a three-player point carrom board, the card between
games with the side change, offline with strokes kept on the tablet, a board ended offline
and the cards after it: "Start board 2" kept offline with its "Board 2: … breaks." line, the
interval before the deciding game, the extra board's toss, a doubles board begun offline;
doubles at the reader's large text), serves the site on
127.0.0.1 in this process and takes a PNG of each state with Debian's Chromium at 768x1024,
800x1280, 1024x768 and 1280x800. Run after a change of the tablet:

    .venv/bin/python tools/tablet_screens.py            # writes docs/tablet/*.png
    .venv/bin/python tools/tablet_screens.py --out /tmp/shots --lang de
    .venv/bin/python tools/tablet_screens.py --out /tmp/shots --sizes 390x844 --states fresh-board
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = {
    "768x1024": (768, 1024),
    "800x1280": (800, 1280),
    "1024x768": (1024, 768),
    "1280x800": (1280, 800),
}
#: Further sizes for ``--sizes`` (a small club's umpire scores on a phone).
MORE_SIZES = {"390x844": (390, 844), "844x390": (844, 390)}
#: The worst realistic stroke on the pad (queen, own, opponent's, striker in a foul, a piece
#: off the board): tests/e2e/test_tablet_taps.py counts the same taps.
WORST_STROKE = (
    "#combo-queen-own",
    'label[for="pad-black-1"]',
    "#combo-striker-foul",
    "#combo-off-black",
)
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def setup_django(path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    os.environ.setdefault("SECRET_KEY", "screens-only-not-secret")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    call_command("migrate", verbosity=0)


def new_match(number: int):
    from scoring.models import Entry, Event, Match, Player, Tournament
    from scoring.services.matches import Actor, record_toss

    tournament, _ = Tournament.objects.get_or_create(
        slug="screens-open",
        defaults={
            "name": "Screens Open",
            "start_date": datetime.date.today(),
            "end_date": datetime.date.today(),
        },
    )
    event, _ = Event.objects.get_or_create(tournament=tournament, name="Singles")
    a, b = (
        Entry.objects.create(event=event, player=Player.objects.create(name=n))
        for n in (f"Greta Holm {number}", f"Asha Rao {number}")
    )
    match = Match.objects.create(event=event, entry_a=a, entry_b=b, status=Match.Status.READY)
    record_toss(match=match, winner="a", choice="break", actor=Actor(via="system"))
    match.refresh_from_db()
    return match


def _doubles_match(name: str = "Doubles"):
    """A doubles match, seated (ICF 78), White (A) to break."""
    from scoring.models import Entry, Event, Match, Player, Tournament
    from scoring.services.matches import Actor, record_seating, record_toss

    tournament = Tournament.objects.get(slug="screens-open")
    event = Event.objects.create(tournament=tournament, name=name, kind="doubles")
    players = [
        Player.objects.create(name=n) for n in ("Greta Holm", "Ida Berg", "Asha Rao", "Mira Sen")
    ]
    a = Entry.objects.create(event=event, player=players[0], partner=players[1])
    b = Entry.objects.create(event=event, player=players[2], partner=players[3])
    match = Match.objects.create(event=event, entry_a=a, entry_b=b, status=Match.Status.READY)
    record_toss(match=match, winner="a", choice="break", actor=Actor(via="system"))
    record_seating(
        match=match,
        actor=Actor(via="system"),
        seating=[players[0].pk, players[2].pk, players[1].pk, players[3].pk],
    )
    match.refresh_from_db()
    return match


def _point_match():
    """A three-player point carrom match (issue 19), nothing recorded yet."""
    from scoring.models import Entry, Event, Match, Player, Tournament

    tournament = Tournament.objects.get(slug="screens-open")
    event = Event.objects.create(
        tournament=tournament, name="Point carrom", rules="point-carrom", games_to_win=1
    )
    entries = [
        Entry.objects.create(event=event, player=Player.objects.create(name=n))
        for n in ("Greta Holm", "Asha Rao", "Mira Sen")
    ]
    match = Match.objects.create(
        event=event,
        entry_a=entries[0],
        entry_b=entries[1],
        entry_c=entries[2],
        rules="point-carrom",
        games_to_win=1,
        status=Match.Status.READY,
    )
    return match


def stroke(match, payload: dict) -> None:
    from scoring.services.matches import Actor, record_event

    record_event(
        match=match,
        payload={"type": "stroke", **payload},
        client_id=uuid.uuid4(),
        actor=Actor(via="system"),
    )
    match.refresh_from_db()


def states() -> dict[str, str]:
    """State name -> the match's umpire link path."""
    from scoring.services.matches import Actor, record_quick_board

    out = {}
    fresh = new_match(1)
    out["fresh-board"] = f"/u/{fresh.umpire_token}/"

    busy = new_match(2)
    stroke(busy, {"by": "white", "pocketed": {"white": 1}})
    stroke(busy, {"by": "white", "pocketed": {"striker": True}})
    stroke(busy, {"by": "black", "pocketed": {"black": 1}, "foul": "improper_stroke"})
    stroke(busy, {"by": "white", "pocketed": {"white": 1, "queen": True}})
    out["board-under-way"] = f"/u/{busy.umpire_token}/"

    change = new_match(3)
    for _ in range(3):
        record_quick_board(
            match=change,
            winner="a",
            carrommen=9,
            queen="a",
            client_id=uuid.uuid4(),
            actor=Actor(via="system"),
        )
        change.refresh_from_db()
    out["game-change"] = f"/u/{change.umpire_token}/"

    worst = new_match(5)
    stroke(worst, {"by": "white", "pocketed": {"white": 1}})
    out["worst-stroke"] = f"/u/{worst.umpire_token}/"

    doubles = _doubles_match()
    stroke(doubles, {"by": "white", "pocketed": {"white": 1}})
    out["doubles"] = f"/u/{doubles.umpire_token}/"

    points = _point_match()
    stroke(points, {"by": points.sides[0], "pocketed": {"black": 1}})
    out["point-carrom"] = f"/u/{points.umpire_token}/"

    offline = new_match(4)
    out["offline-queue"] = f"/u/{offline.umpire_token}/"

    # issue 28: the sheets and the menu open (over a board under way), more rulings than the
    # strip holds, and a board ended offline (the pad locked until the connection is back)
    for state in ("sheet-more", "sheet-decisions", "menu"):
        out[state] = out["board-under-way"]
    rulings = new_match(7)  # the break with the queen and the striker: four rulings
    stroke(rulings, {"by": "white", "pocketed": {"white": 1, "queen": True, "striker": True}})
    out["more-rulings"] = f"/u/{rulings.umpire_token}/"
    out["sheet-paper"] = out["fresh-board"]
    ended = _white_runs(new_match(6), 6)  # one white left: the board ends offline
    out["offline-board-end"] = f"/u/{ended.umpire_token}/"
    # "Start board 2" kept offline, before the board's first stroke: "Board 2: … breaks."
    out["offline-board-begun"] = out["offline-board-end"]
    out["offline-next-board"] = out["offline-board-end"]  # "Start board 2" offline (issue 28)
    # a board won online: the pad stays in its place, locked, under the card that lies over
    # the rulings strip; and "Other decisions…" opened there (below the card's step)
    won = _white_runs(new_match(10), 7)  # every white: the board is won
    out["board-end"] = f"/u/{won.umpire_token}/"
    out["board-end-decisions"] = out["board-end"]
    out["large-text-board-end"] = out["board-end"]  # the card after the foot, where the strip is
    # the match won by a stroke: the pad and the foot in place, the confirmations first on the
    # card over the strip (issue 28)
    over = new_match(11)
    _boards(over, ["a12", "a12", "a1", "step", "a12", "b1", "a12"])
    _white_runs(over, 7)
    out["match-over"] = f"/u/{over.umpire_token}/"
    out["large-text-match-over"] = out["match-over"]  # the card after the foot
    # the same match's last board won offline: the engine's card over the locked pad
    over_offline = new_match(12)
    _boards(over_offline, ["a12", "a12", "a1", "step", "a12", "b1", "a12"])
    _board_to_win(over_offline)
    out["offline-match-over"] = f"/u/{over_offline.umpire_token}/"

    # the cards between boards of issue 28's remainders, the board won offline: the interval
    # before the deciding game (IT 102), the extra board's toss after a tie over the board
    # limit (ICF 56(b)), and a doubles board begun offline (ICF 49(b): the seat on turn)
    deciding = new_match(8)  # game 1 to A, sides changed, B at 13 in game 2, breaking board 3
    _boards(deciding, ["a12", "a12", "a1", "step", "b12", "b1"])
    _board_to_win(deciding)
    out["offline-interval"] = f"/u/{deciding.umpire_token}/"
    tie = new_match(9)  # A 15, B 3 after seven boards; board 8, B breaking, ties it 15-15
    _boards(tie, ["a3", "b1", "a3", "b2", "a3", "a3", "a3"])
    _board_to_win(tie)
    out["offline-extra-board"] = f"/u/{tie.umpire_token}/"
    out["offline-extra-board-tossed"] = out["offline-extra-board"]  # A won the toss offline
    pairs = _doubles_match("Doubles, board 2")
    _board_to_win(pairs)
    out["offline-doubles-next-board"] = f"/u/{pairs.umpire_token}/"
    # the reader's large text (150 %) in doubles: the seat line, the rulings under the pad
    large = _doubles_match("Doubles, large text")
    stroke(large, {"by": "white", "pocketed": {"white": 1}})
    out["large-text-doubles"] = f"/u/{large.umpire_token}/"
    return out


def _white_runs(match, last: int):
    """White breaks with the queen and one white, covers it with one more, then pockets
    ``last`` whites in one stroke (ICF 97(a))."""
    for pocketed in ({"white": 1, "queen": True}, {"white": 1}, {"white": last}):
        stroke(match, {"by": "white", "pocketed": pocketed})
    return match


def _boards(match, entries: list[str]) -> None:
    """Boards entered from paper ("a12": A wins with 12, ICF 53) and the card's step
    ("step": "Sides changed" before the next game, ICF 58)."""
    from scoring.selectors.umpire import tablet
    from scoring.services.board_steps import acknowledge_step
    from scoring.services.matches import Actor, match_snapshot, record_quick_board

    for entry in entries:
        if entry == "step":
            view = tablet(match_snapshot(match))
            acknowledge_step(
                match=match,
                actor=Actor(via="system"),
                step=view.step_key,
                sides_changed=view.change_sides,
                current_step=view.step_key,
            )
        else:
            record_quick_board(
                match=match,
                winner=entry[0],
                points=int(entry[1:]),
                law="ICF 53",
                client_id=uuid.uuid4(),
                actor=Actor(via="system"),
            )
        match.refresh_from_db()


def _board_to_win(match) -> None:
    """The breaker (white) one carromman and a tap from winning the board with 12: the queen
    covered, eight pocketed; the picture's "1" and "Record stroke" end it offline."""
    _white_runs(match, 6)


#: What to tap before the picture, per state (the sheets, the menu, "+N more").
OPEN = {
    "sheet-more": ("#more-summary",),
    "sheet-decisions": ("#actions > summary",),
    "board-end-decisions": ("#actions > summary",),
    "sheet-paper": ("#paper > summary",),
    "menu": ("#site-menu",),
    "more-rulings": ("#rulings-more",),
}

#: The offline states of issue 28's remainders: what shows once the board is won offline.
REMAINDERS = {
    "offline-interval": "#board-over-card #interval",
    "offline-extra-board": "#board-over-card #toss-break",
    "offline-extra-board-tossed": "#board-over-card #toss-break",
    "offline-doubles-next-board": "#board-over-card #card-go",
    "offline-match-over": "#board-over-card #match-result",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "tablet"))
    parser.add_argument("--lang", default="en", choices=["en", "de"])
    parser.add_argument(
        "--sizes",
        nargs="*",
        choices=[*SIZES, *MORE_SIZES],
        help="the sizes to shoot (default: the four tablet sizes)",
    )
    parser.add_argument("--states", nargs="*", help="only these states (default: all)")
    args = parser.parse_args()
    sizes = {name: {**SIZES, **MORE_SIZES}[name] for name in args.sizes} if args.sizes else SIZES
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="tablet-screens-"))
    setup_django(folder / "screens.sqlite3")

    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    links = states()
    server = LiveServerThread("127.0.0.1", _static_handler(), port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    base = f"http://127.0.0.1:{server.port}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            for size_name, (width, height) in sizes.items():
                for state, link in links.items():
                    if args.states and state not in args.states:
                        continue
                    context = browser.new_context(
                        viewport={"width": width, "height": height},
                        has_touch=True,
                        locale="de-DE" if args.lang == "de" else "en-GB",
                        service_workers="block",
                    )
                    if args.lang == "de":
                        context.add_cookies(
                            [{"name": "django_language", "value": "de", "url": base}]
                        )
                    page = context.new_page()
                    page.goto(base + link)
                    page.wait_for_selector("#panel")
                    if state.startswith("offline"):  # the engine rules offline (Pyodide)
                        page.wait_for_function(
                            "() => window.UmpireEngine && window.UmpireEngine.state === 'ready'",
                            timeout=90000,
                        )
                        context.set_offline(True)
                    if state == "offline-queue":
                        for _ in range(3):
                            page.locator("#quick-nothing").tap()
                    if state.startswith("large-text"):  # the browser's font size 24 px
                        session = context.new_cdp_session(page)
                        session.send("Page.enable")
                        session.send(
                            "Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 20}}
                        )
                        page.reload()
                        page.wait_for_selector("#umpire-app.u-large-text")
                    if state in ("offline-board-end", "offline-board-begun", "offline-next-board"):
                        page.locator('label[for="pad-white-1"]').tap()  # the board is over
                        page.locator("#commit").tap()
                        page.wait_for_selector("#board-over-card #card-go")
                    if state in REMAINDERS:  # the board won offline: its card
                        page.locator('label[for="pad-white-1"]').tap()
                        page.locator("#commit").tap()
                        page.wait_for_selector(REMAINDERS[state])
                    if state == "offline-doubles-next-board":  # board 2 begun, two misses
                        page.locator("#board-over-card #card-go").tap()
                        page.wait_for_selector("#board-over-card", state="detached")
                        for _ in range(2):
                            page.locator("#quick-nothing").tap()
                        page.wait_for_selector(
                            "#history .u-history-item.is-ruled >> nth=2", state="attached"
                        )
                    if state == "offline-extra-board-tossed":  # its line until the 1st stroke
                        page.locator("#board-over-card #toss-break-a").tap()
                        page.wait_for_selector("#board-over-card", state="detached")
                        page.wait_for_selector("#extra-board")
                    if state == "offline-board-begun":  # kept, before board 2's 1st stroke
                        page.locator("#board-over-card #card-go").tap()
                        page.wait_for_selector("#board-over-card", state="detached")
                        page.wait_for_selector("#next-breaker")
                    if state == "offline-next-board":  # kept, and board 2 played on
                        page.locator("#board-over-card #card-go").tap()
                        page.wait_for_selector("#board-over-card", state="detached")
                        page.locator("#quick-nothing").tap()
                        page.wait_for_selector(
                            "#history .u-history-item.is-ruled >> nth=1", state="attached"
                        )
                    for selector in OPEN.get(state, ()):
                        page.wait_for_timeout(200)
                        if page.locator(selector).count():
                            page.locator(selector).tap()
                    if state == "worst-stroke":  # four taps; "Record stroke" is the fifth
                        for selector in WORST_STROKE:
                            page.locator(selector).tap()
                    page.wait_for_timeout(300)
                    target = out / f"{state}-{size_name}.png"
                    page.screenshot(path=str(target))
                    _shrink(target)
                    print(target)
                    context.close()
            browser.close()
    finally:
        server.terminate()


def _shrink(path: Path) -> None:
    """A small PNG for the repository: 64 colours are plenty for the flat tablet screen."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def _static_handler():
    from django.contrib.staticfiles.handlers import StaticFilesHandler

    return StaticFilesHandler


if __name__ == "__main__":
    main()
