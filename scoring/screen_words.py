"""The umpire tablet's screen in words, the same online and offline (issue 28).

The server's screen model (:mod:`scoring.selectors.umpire`) and the rules engine in the
tablet's browser while offline (:mod:`scoring.offline.browser`, Pyodide) both word the
regions the umpire reads through these functions: the queen fact, the break, a side's dues,
the game score after a board, the between-boards card and the history's title. Plain Python
(no request, no database), so it runs in both places; the engine decides, this only words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.rules.game import board_added
from scoring.rulings import colour_word


def queen_text(state: str, labels: Mapping[str, str]) -> str:
    """The queen fact (ICF 52): on the board, pocketed with the cover due, or covered by whom.
    ``labels``: colour -> "White (Asha Rao)"."""
    if state == "on_board":
        return _("On the board")
    kind, _sep, colour = state.partition(":")
    who = labels.get(colour) or colour_word(colour)
    if kind == "pending_cover":
        return _("Pocketed by %(player)s, cover due") % {"player": who}
    return _("Covered by %(player)s") % {"player": who}


def break_text(attempts_left: int) -> str:
    """The break fact while the break is not made (ICF 45: three attempts)."""
    return (
        _("Break")
        + ": "
        + ngettext(
            "not made yet (%(n)s attempt left)", "not made yet (%(n)s attempts left)", attempts_left
        )
        % {"n": attempts_left}
    )


def dues_text(dues: int) -> str:
    """A side panel's dues (ICF 72(b)); "" when the side owes nothing."""
    if not dues:
        return ""
    return ngettext("owes %(n)s carromman", "owes %(n)s carrommen", dues) % {"n": dues}


def board_over_title(number: int, void: bool) -> str:
    """The between-boards card's title for a played board (void: played again, IT 101)."""
    if void:
        return _("Board %(b)s is void and is played again.") % {"b": number}
    return _("Board %(b)s is over") % {"b": number}


def board_won_text(name: str, points: int) -> str:
    """The card's result line: who wins the board and its points (ICF 53)."""
    return ngettext(
        "%(name)s wins the board: %(points)s point",
        "%(name)s wins the board: %(points)s points",
        points,
    ) % {"name": name, "points": points}


def history_title(game: int | None, board: int | None, *, one_game: bool = False) -> str:
    """The history's heading: the board its events belong to (within its game; alone when
    the match plays one game, ``Variant.one_game``)."""
    if not board:
        return _("History")
    if one_game:
        return _("Board %(b)s: history") % {"b": board}
    return _("Game %(g)s, board %(b)s: history") % {"g": game, "b": board}


def score_after(score: int, points: int, rules: Any) -> int:
    """A game score after a board won with ``points`` (capped at the game's points, ICF 53;
    the game layer's own sum, :func:`scoring.rules.game.board_added`)."""
    return board_added(score, points, rules)


def seat_text(seat: int) -> str:
    """Doubles: the seat of the player on turn (ICF 49(b), the turn passing to the right)."""
    return _("Seat %(n)s") % {"n": seat}


def game_over_title(number: int) -> str:
    """The between-boards card's title when the board ended the game (ICF 56)."""
    return _("Game %(n)s is over") % {"n": number}


def game_won_text(name: str) -> str:
    """The card's line under it: who wins the game (ICF 56)."""
    return _("%(name)s wins the game.") % {"name": name}


def boards_table_words() -> dict[str, Any]:
    """The "Boards of this game" table's heading and column names, and a void board's line
    (IT 101), as the tablet's template words them."""
    return {
        "title": _("Boards of this game"),
        "head": [_("Board"), _("Winner"), _("Points"), _("Law")],
        "void": _("void, played again"),
    }


def start_board_text(board: int) -> str:
    """The card's button that starts the next board (services/board_steps.py)."""
    return _("Start board %(b)s") % {"b": board}


def sides_changed_text() -> str:
    """The card's button once the players changed sides (ICF 58-60)."""
    return _("Sides changed")


def change_sides_words(game: int, board: int, doubles: bool) -> dict[str, str]:
    """The card's part before a board that starts after a side change: before games 2 and 3
    (ICF 58, 59), once in the deciding game (ICF 60); in doubles every player moves one seat
    to the right. ``game``, ``board``: the board about to start."""
    if doubles:
        text = _("Every player moves one seat to the right.")
    elif game >= 3 and board > 1:
        text = _(
            "Game 3: the players change sides once, after board 4 or when a player reaches "
            "13 points."
        )
    else:
        text = _("The players change to the opposite side.")
    return {
        "title": _("Change sides before this board"),
        "law": "ICF 58, 59" if game == 1 or board == 1 else "ICF 60",
        "text": text,
    }


def match_over_title() -> str:
    """The screen's title when the match is over (ICF 57)."""
    return _("The match is over")


def match_won_text(name: str) -> str:
    """Who wins the match, under its title."""
    return _("%(name)s wins the match.") % {"name": name}


def game_line(number: int, scores: list[list[Any]]) -> str:
    """A finished game's line at the match's end: "Game 1: A 25 – B 10" (names in the
    screen's order)."""
    return (
        _("Game %(n)s") % {"n": number}
        + ": "
        + " – ".join(f"{name} {score}" for name, score in scores)
    )


def where_text(game: int, board: int) -> str:
    """The facts line's place: "Game 1 · Board 2" (the board being played, or beside the
    card between boards the next one)."""
    return _("Game %(n)s") % {"n": game} + " · " + _("Board %(n)s") % {"n": board}


def interval_words() -> dict[str, str]:
    """The card's part before the deciding game (IT 102): its title and what it means."""
    return {
        "title": _("Interval before the deciding game"),
        "law": "IT 102",
        "text": _("Ten minutes of rest. The next board starts when the interval is over."),
    }


def extra_board_toss_words(scores: str, sides: list[tuple[str, str]]) -> dict[str, Any]:
    """The card's part after a tie over the board limit (ICF 56(b)): "12–12: extra board, toss
    for the break", and a button for each side ("Ben Kirk breaks"; ``sides``: (side, name) in
    the screen's order), the toss's winner breaks."""
    return {
        "title": _("%(scores)s: extra board, toss for the break") % {"scores": scores},
        "law": "ICF 56(b)",
        "text": _("A fresh toss decides who breaks the extra board; its winner breaks."),
        "legend": _("Who won the toss for the break?"),
        "sides": [[side, _("%(name)s breaks") % {"name": name}] for side, name in sides],
    }


def extra_board_word() -> str:
    """The facts line's mark beside the extra board's number (ICF 56(b))."""
    return _("Extra board")


def extra_board_breaker_text(name: str, white: bool) -> str:
    """The line above the pad after the extra board's toss, until its first stroke (ICF
    56(b)): "Extra board: Ben Kirk won the toss and breaks (White)." (``white``: the breaker
    plays white, ICF 43), as ``umpire/match.html`` words it."""
    if white:
        return _("Extra board: %(name)s won the toss and breaks (White).") % {"name": name}
    return _("Extra board: %(name)s won the toss and breaks.") % {"name": name}


def next_breaker_text(board: int, name: str, white: bool) -> str:
    """The line above the pad on a board not begun yet (ICF 45, in doubles the player of the
    seat that breaks, ICF 49(b)): "Board 2: Ben Kirk breaks (White).", as
    ``umpire/match.html`` words it."""
    if white:
        return _("Board %(b)s: %(name)s breaks (White).") % {"b": board, "name": name}
    return _("Board %(b)s: %(name)s breaks.") % {"b": board, "name": name}


def games_won_text(won: int) -> str:
    """A side panel's games won (ICF 57): "1 game won", as ``umpire/match.html`` words it."""
    return ngettext("%(n)s game won", "%(n)s games won", won) % {"n": won}
