"""Recording a match: the toss, every board event, undo, quick entry, confirmation, by job.

Every write runs in a transaction that locks the match row (``select_for_update``), checks the
request key (``client_id``: a retried request records nothing twice) and the revision the tablet
last saw (a stale tablet gets :class:`StaleMatch`), validates the event by replaying the board
through :mod:`scoring.rules` (an illegal event raises :class:`~scoring.rules.RulesError` and
changes nothing), appends it to the log and rebuilds the caches from the log.

Sides are ``"a"`` and ``"b"`` (``"c"`` for the third player of point carrom); in every board the
breaker's side plays white (ICF 43). The engine sees the sides as its players. A stored match
as the engine sees it (the snapshot, the scores before a board, the board's replay) is read by
:mod:`scoring.records` (import reads from there); its names stay importable from here for the
writes that use them.

Modules: :mod:`.base` (errors, actor, lock, checks, audit), :mod:`.toss` (toss, first breaker,
seating), :mod:`.recording` (record an event, undo, claim the extra points), :mod:`.quick`
(paper boards), :mod:`.confirmation` (confirm, unlock), :mod:`.links` (umpire links, a
stand-alone match), :mod:`.caches` (the cached results rebuilt from the log).
"""

from scoring.records import (
    CurrentBoard,
    EventRow,
    MatchSnapshot,
    becomes_entry,
    board_log_document,
    derive_snapshot,
    event_rows,
    game_entries,
    live_events,
    match_snapshot,
    point_first_breaker,
    position_after,
    replay_board,
    rules_for_match,
    scores_before,
    turn_rotation,
)
from scoring.services.matches.base import (
    EVENT_TYPES,
    Actor,
    MatchError,
    MatchLocked,
    RecordOutcome,
    StaleMatch,
    append_event,
    audit_match,
    bump_revision,
    check_write,
    lock_match,
)
from scoring.services.matches.caches import (
    paper_fields,
    rebuild_match,
    refresh_caches,
)
from scoring.services.matches.confirmation import (
    confirm_match,
    unlock_match,
    withdraw_confirmations,
)
from scoring.services.matches.links import (
    create_single_match,
    renew_umpire_link,
    revoke_umpire_link,
)
from scoring.services.matches.quick import (
    record_quick_board,
)
from scoring.services.matches.recording import (
    claim_extra_points,
    record_event,
    target_board,
    undo_last_event,
)
from scoring.services.matches.toss import (
    draw_first_breaker,
    record_seating,
    record_toss,
)

__all__ = [
    "Actor",
    "CurrentBoard",
    "EVENT_TYPES",
    "EventRow",
    "MatchError",
    "MatchLocked",
    "MatchSnapshot",
    "RecordOutcome",
    "StaleMatch",
    "append_event",
    "audit_match",
    "bump_revision",
    "check_write",
    "lock_match",
    "target_board",
    "becomes_entry",
    "board_log_document",
    "claim_extra_points",
    "confirm_match",
    "create_single_match",
    "derive_snapshot",
    "draw_first_breaker",
    "event_rows",
    "game_entries",
    "live_events",
    "match_snapshot",
    "paper_fields",
    "position_after",
    "point_first_breaker",
    "rebuild_match",
    "record_event",
    "record_quick_board",
    "record_seating",
    "record_toss",
    "refresh_caches",
    "renew_umpire_link",
    "replay_board",
    "revoke_umpire_link",
    "rules_for_match",
    "scores_before",
    "turn_rotation",
    "undo_last_event",
    "unlock_match",
    "withdraw_confirmations",
]
