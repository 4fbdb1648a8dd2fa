"""The interval before the deciding game (IT 102: ten minutes of rest) and the name of the step
between boards, as a stored match defines them: the tablet's screen model shows them
(``selectors/umpire/``) and the services hold the next board while the interval runs
(``services/board_steps.py``)."""

from __future__ import annotations

import datetime

from scoring.records.snapshot import MatchSnapshot

#: IT 102: the interval before the deciding game.
INTERVAL = datetime.timedelta(minutes=10)


def step_key(match_id: int, game_number: int, board_number: int) -> str:
    """Names the step between boards the umpire acknowledges (the board about to start)."""
    return f"{match_id}-{game_number}-{board_number}"


def interval_end(snapshot: MatchSnapshot) -> datetime.datetime | None:
    """When the interval before the deciding game ends (IT 102): ten minutes after the
    previous game's last board, while the deciding game's first board has no event yet;
    ``None`` at any other moment (and in point carrom, which plays no deciding game)."""
    current = snapshot.current
    if (
        current is None
        or current.board is not None
        or current.board_number != 1
        or not snapshot.variant.deciding_game
    ):
        return None
    if current.game_number < 2 or current.game_number != 2 * snapshot.match.games_to_win - 1:
        return None
    for game in reversed(snapshot.games):
        rows = snapshot.boards.get(game.pk) or []
        if rows:
            last = rows[-1]
            ended: datetime.datetime = last.finished_at or last.created_at
            return ended + INTERVAL
    return None
