"""Team tie formats as data (issue 34, docs/TEAMS.md; pure Python): the rubbers in order
(singles or doubles, a best-of-three match, ICF 57, or one game), how the tie is won and what
it counts in the team standings, the player rule; the two built-in formats (``sds``,
``4s1d``), an organiser's own format read from its data and checked (:func:`format_from_data`),
and the players a lineup needs (:func:`players_needed`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

#: A team has 2 to 8 players (issue 34).
MIN_PLAYERS, MAX_PLAYERS = 2, 8
#: A tie has 1 to 9 rubbers.
MAX_RUBBERS = 9


class RubberKind(StrEnum):
    SINGLES = "singles"
    DOUBLES = "doubles"

    @property
    def players(self) -> int:
        """Players of one side in such a rubber."""
        return 1 if self is RubberKind.SINGLES else 2


class PlayerRule(StrEnum):
    #: a player plays at most one singles and at most one doubles rubber of a tie
    ONE_EACH = "one_each"
    #: a player plays only one rubber of a tie
    ONE_RUBBER = "one_rubber"


class TieFormatError(ValueError):
    """A tie format the app cannot play; ``code`` and ``params`` as the services' errors."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(f"{code} {params}")


@dataclass(frozen=True)
class RubberSpec:
    """One rubber of a tie: singles or doubles, a best-of-three match (2) or one game (1)."""

    kind: RubberKind
    games_to_win: int = 2


@dataclass(frozen=True)
class TieFormat:
    """How a tie is played and counted (module docstring)."""

    key: str
    name: str
    rubbers: tuple[RubberSpec, ...]
    stop_when_decided: bool
    player_rule: PlayerRule = PlayerRule.ONE_EACH
    win: int = 2
    draw: int = 1
    loss: int = 0

    @property
    def to_win(self) -> int:
        """Rubbers that decide the tie: more than half of them."""
        return len(self.rubbers) // 2 + 1

    @property
    def code(self) -> str:
        """The rubbers in short: "S-D-S"."""
        return "-".join("S" if r.kind is RubberKind.SINGLES else "D" for r in self.rubbers)

    def data(self) -> dict[str, Any]:
        """The format as JSON data (a tie keeps the format it was played under)."""
        return {
            "key": self.key,
            "name": self.name,
            "rubbers": [
                {"kind": str(r.kind), "games_to_win": r.games_to_win} for r in self.rubbers
            ],
            "stop_when_decided": self.stop_when_decided,
            "player_rule": str(self.player_rule),
            "win": self.win,
            "draw": self.draw,
            "loss": self.loss,
        }


SDS = TieFormat(
    key="sds",
    name="S-D-S, best of three rubbers, stop when decided",
    rubbers=(
        RubberSpec(RubberKind.SINGLES),
        RubberSpec(RubberKind.DOUBLES),
        RubberSpec(RubberKind.SINGLES),
    ),
    stop_when_decided=True,
    player_rule=PlayerRule.ONE_EACH,
)
FOUR_ONE = TieFormat(
    key="4s1d",
    name="4 singles + 1 doubles, all played",
    rubbers=(*(RubberSpec(RubberKind.SINGLES) for _ in range(4)), RubberSpec(RubberKind.DOUBLES)),
    stop_when_decided=False,
    player_rule=PlayerRule.ONE_EACH,
)
#: The built-in formats by key.
BUILT_IN: dict[str, TieFormat] = {f.key: f for f in (SDS, FOUR_ONE)}


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TieFormatError("tie_format_number", field=name, low=low, high=high)
    try:
        number = int(value)
    except ValueError:
        raise TieFormatError("tie_format_number", field=name, low=low, high=high) from None
    if not low <= number <= high:
        raise TieFormatError("tie_format_number", field=name, low=low, high=high)
    return number


def format_from_data(data: Mapping[str, Any]) -> TieFormat:
    """A tie format from JSON data (:meth:`TieFormat.data`), checked.

    :raises TieFormatError: no rubbers or more than :data:`MAX_RUBBERS`, an unknown rubber kind
        or player rule, games to win not 1 or 2, points out of 0…10 or a win worth less than a
        draw, or a lineup no team of :data:`MAX_PLAYERS` can fill under the player rule.
    """
    raw = data.get("rubbers")
    if not isinstance(raw, (list, tuple)) or not raw:
        raise TieFormatError("tie_format_no_rubbers")
    if len(raw) > MAX_RUBBERS:
        raise TieFormatError("tie_format_too_many", most=MAX_RUBBERS)
    rubbers = []
    for item in raw:
        if not isinstance(item, Mapping) or item.get("kind") not in set(RubberKind):
            raise TieFormatError("tie_format_kind")
        rubbers.append(
            RubberSpec(
                RubberKind(item["kind"]), _int(item.get("games_to_win", 2), "games_to_win", 1, 2)
            )
        )
    rule = data.get("player_rule", PlayerRule.ONE_EACH)
    if rule not in set(PlayerRule):
        raise TieFormatError("tie_format_rule")
    win = _int(data.get("win", 2), "win", 0, 10)
    draw = _int(data.get("draw", 1), "draw", 0, 10)
    loss = _int(data.get("loss", 0), "loss", 0, 10)
    if not win > draw >= loss:
        raise TieFormatError("tie_format_points")
    fmt = TieFormat(
        key=str(data.get("key") or ""),
        name=str(data.get("name") or ""),
        rubbers=tuple(rubbers),
        stop_when_decided=bool(data.get("stop_when_decided")),
        player_rule=PlayerRule(rule),
        win=win,
        draw=draw,
        loss=loss,
    )
    if players_needed(fmt) > MAX_PLAYERS:
        raise TieFormatError("tie_format_players", needed=players_needed(fmt), most=MAX_PLAYERS)
    return fmt


def players_needed(fmt: TieFormat) -> int:
    """The fewest players a team needs to fill a lineup of ``fmt`` under its player rule."""
    singles = sum(1 for r in fmt.rubbers if r.kind is RubberKind.SINGLES)
    doubles = len(fmt.rubbers) - singles
    if fmt.player_rule is PlayerRule.ONE_RUBBER:
        return singles + 2 * doubles
    return max(singles, 2 * doubles, 2 if doubles else 1)
