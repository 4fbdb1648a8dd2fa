"""The standings' words (docs/STANDINGS.md): each column's short header, name and meaning
under the event's ranking rule, the rule in words, and the names of the tie-breaks that
decided a place; in the active language. The tables themselves: :mod:`.tables`."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scoring.draws import RankingRule
from scoring.draws.ranking import RoundsCounted


@dataclass(frozen=True)
class Column:
    """A standings column: short header, full name and what it means."""

    key: str
    short: str
    label: str
    help: str
    tiebreak: int | None = None  # position in the ranking order (1 = first criterion)


def rule_name(rule: RankingRule) -> str:
    names = {"current": _("Standard ranking"), "european": _("European circuit ranking")}
    return names.get(rule.key, rule.key)


def bye_text(rule: RankingRule) -> str:
    if rule.bye_buchholz == "zero":
        return _("a bye adds 0.")
    return _("a bye counts as an opponent with the player's own score.")


def column(
    key: str, rule: RankingRule, tiebreak: int | None = None, help_text: str | None = None
) -> Column:
    european = rule.key == "european"
    texts = {
        "played": (_("P"), _("Played"), _("Matches played, byes included.")),
        "score": (
            _("Pts"),
            _("Points"),
            _(
                "Match points: %(win)s a win, %(draw)s a draw, %(loss)s a loss (a bye or "
                "a walkover counts as a win)."
            )
            % {"win": rule.win, "draw": rule.draw, "loss": rule.loss},
        ),
        "wins": (_("W"), _("Wins"), _("Matches won (a bye or a walkover counts as a win).")),
        "draws": (
            _("D"),
            _("Draws"),
            _(
                "Matches drawn: stopped by time with level scores, "
                "or level as another system recorded them."
            ),
        ),
        "losses": (_("L"), _("Losses"), _("Matches lost.")),
        "buchholz": (
            _("Bh"),
            _("Buchholz"),
            (
                _("The sum of the points of every opponent met; %(bye)s")
                if european
                else _("The sum of the wins of every opponent met; %(bye)s")
            )
            % {"bye": bye_text(rule)},
        ),
        "net_points": (_("+/−"), _("Net points"), _("Game points won minus game points lost.")),
        "total_points": (_("Tot"), _("Total score"), _("Game points won, in all matches.")),
        "games": (_("Games"), _("Games won and lost"), _("Games won : games lost.")),
        "head_to_head": (
            _("H2H"),
            _("Head-to-head"),
            _("Wins in the matches among the entries level on wins."),
        ),
        "decided_by": (
            _("Decided by"),
            _("Place decided by"),
            _("The criterion that fixed the place of an entry level on wins."),
        ),
        "game_difference": (_("GD"), _("Game difference"), _("Games won minus games lost.")),
        "points_for": (_("PF"), _("Points for"), _("Game points won (a game counts at most 25).")),
        "points_against": (_("PA"), _("Points against"), _("Game points lost.")),
    }
    short, label, default_help = texts[key]
    return Column(key, short, label, help_text or default_help, tiebreak)


def rule_text(rule: RankingRule) -> str:
    """The rule in force, in words (printed under every standings table)."""
    if rule.key == "european":
        text = _(
            "Ranked by points (2 a win, 1 a draw), then Buchholz (the opponents' points; "
            "a bye adds 0), net score, total score, seed position, rating."
        )
    else:
        text = _("Ranked by wins, then Buchholz, then net points, then the seeding order.")
    credit_text = (
        _("A bye and a walkover count as a won game of %(points)s–0.")
        if rule.walkover == "bye"
        else _("A bye counts as a won game of %(points)s–0; a walkover as recorded.")
    )
    return f"{text} {credit_text % {'points': rule.bye_points}}"


def complete_rounds_text() -> str:
    """What a table of complete rounds counts, in words (SoL ranks complete turns only)."""
    return _("A round counts once every match of it is decided.")


def rounds_text(rounds: RoundsCounted | None) -> str:
    """The rounds a table of complete rounds counts while a round is in play ("Standings after
    round 2 — round 3 in play: 5 of 8 matches decided"); "" when every round is complete."""
    if rounds is None or rounds.in_play is None:
        return ""
    values = {
        "after": rounds.after,
        "round": rounds.in_play,
        "decided": rounds.decided,
        "matches": rounds.matches,
    }
    if rounds.after:
        return (
            ngettext(
                "Standings after round %(after)d — round %(round)d in play: %(decided)d of "
                "%(matches)d match decided",
                "Standings after round %(after)d — round %(round)d in play: %(decided)d of "
                "%(matches)d matches decided",
                rounds.matches,
            )
            % values
        )
    return (
        ngettext(
            "No round complete yet — round %(round)d in play: %(decided)d of %(matches)d match "
            "decided",
            "No round complete yet — round %(round)d in play: %(decided)d of %(matches)d matches "
            "decided",
            rounds.matches,
        )
        % values
    )


def decided_words() -> dict[str, str]:
    return decided_words_in(get_language())


@functools.lru_cache(maxsize=16)
def decided_words_in(language: str | None) -> dict[str, str]:
    """The tie-break names in ``language`` (the active one; cached: texts of a running process
    do not change)."""
    return {
        "": "",
        "head_to_head": _("head-to-head"),
        "game_difference": _("game difference"),
        "point_difference": _("net points"),
        "seed": _("seeding order"),
        "buchholz": _("Buchholz"),
        "net_points": _("net points"),
        "total_points": _("total score"),
        "rating": _("rating"),
        "initial": _("seeding order"),
        "prize": _("SoL's prize-giving"),
    }


def rule_columns(rule: RankingRule, draws: bool) -> list[Column]:
    """The table's columns under ``rule`` in the active language (a fresh list)."""
    return list(rule_columns_in(get_language(), rule, draws))


@functools.lru_cache(maxsize=64)
def rule_columns_in(language: str | None, rule: RankingRule, draws: bool) -> tuple[Column, ...]:
    if rule.key == "european":
        columns = [
            column("played", rule),
            column("score", rule, 1),
            column("wins", rule),
            column("draws", rule),
            column("losses", rule),
            column("buchholz", rule, 2),
            column("net_points", rule, 3),
            column("total_points", rule, 4),
            column("games", rule),
            column("decided_by", rule),
        ]
    else:
        columns = [
            column("played", rule),
            column("wins", rule, 1),
            column("losses", rule),
            column("buchholz", rule, 2),
            column("net_points", rule, 3),
            column("games", rule),
            column("points_for", rule),
            column("points_against", rule),
            column("decided_by", rule),
        ]
        if draws:
            columns.insert(2, column("draws", rule))
    return tuple(columns)
