"""Every refused request in words: ONE catalogue of error codes for the whole app.

The rules engine refuses an illegal event with a coded :class:`scoring.rules.RulesError`; the
services raise coded errors (``MatchError``, ``TournamentError``, ``DrawServiceError``,
``PeopleError``, ``CheckInError``, the CSV import's line errors). Every page turns a code into
its sentence here, so a code has one wording on the tablet, the organiser's pages and the
people and check-in pages (issue 13). Texts are msgids with ``%(name)s`` placeholders filled
from the error's ``params``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _


def _catalogue() -> dict[str, str]:
    return {
        # the rules engine and the match services (tablet and organiser)
        "not_on_turn": _("That colour is not on turn."),
        "more_than_on_board": _("More carrommen were entered than lie on the board."),
        "queen_twice": _("The queen cannot be pocketed and off the board in one stroke."),
        "queen_not_on_board": _("The queen is not on the board."),
        "striker_twice": _("The striker cannot be pocketed and off the board in one stroke."),
        "untouched_but_moved": _("A stroke that touched no carromman cannot pocket or move one."),
        "board_finished": _("The board has ended."),
        "board_void": _("The board is void; it is played again as a new board."),
        "nothing_to_forgo": _("There is nothing to forgo: no carromman is waiting to be placed."),
        "forgo_would_empty_board": _(
            "Forgoing would leave no carromman of that colour on the board."
        ),
        "bad_points": _("A board is worth 1 to %(max)s points."),
        "unknown_player": _("That player does not play on this board."),
        "count_too_large": _("A count cannot be more than 9."),
        "negative_count": _("A count cannot be negative."),
        "bad_count": _("Counts must be whole numbers."),
        # the services
        "text_nul": _("Remove the NUL character."),
        "text_control": _("Remove the control characters."),
        "text_bidi": _("Remove the text-direction control characters."),
        "pin_same_entry": _("Choose two different entries."),
        "pin_not_in_round": _("Both entries must have a place in the round."),
        "pin_already": _("These two entries already play each other."),
        "toss_missing": _("Record the toss first (ICF 40)."),
        "toss_after_start": _("The match has started; the toss cannot change."),
        "bad_toss": _("The toss needs a winner and the choice of break or side."),
        "bad_seating": _("Seat every player of the match exactly once."),
        "match_finished": _("The match has ended."),
        "breaker_required": _(
            "A toss decides who breaks the extra board (ICF 56(b)): choose who won it."
        ),
        "nothing_to_undo": _("There is nothing to undo."),
        "undo_behind_next_board": _(
            "The next board has begun, so the board before it cannot "
            "be undone from the tablet; ask an organiser."
        ),
        "board_unfinished": _("Only the last board of a game may be unfinished."),
        "quick_entry_points": _("Quick entry is for two-sided matches."),
        "bad_winner": _("Choose the winner of the board."),
        "bad_carrommen": _("The loser has 0 to 9 carrommen left."),
        "bad_queen": _("The queen was covered by one of the players or by nobody."),
        "board_in_progress": _(
            "The current board is being recorded stroke by stroke; finish or undo it first."
        ),
        "not_finished": _("The match is not finished yet."),
        "bad_side": _("Unknown side."),
        "not_locked": _("The match is not confirmed."),
        "match_locked": _("The match is confirmed and locked. Only an organiser can correct it."),
        "repeated_request": _(
            "This form was already sent and recorded. The screen now shows the latest state."
        ),
        "stale": _(
            "Someone else recorded on this match meanwhile. The screen now shows the "
            "latest state: check the last event before you go on."
        ),
        "nothing_to_claim": _("The last stroke has no extra points to claim."),
        "game_finished": _("The game has already ended."),
        "match_finished_doc": _("The match has already ended."),
        # tournaments, events, entries
        "end_before_start": _("The last day cannot be before the first day."),
        "unknown_rules": _("Unknown rules."),
        # house presets (scoring/rules/house.py: the engine names the switch)
        "bad_switch": _("This switch cannot take this value."),
        "unknown_switch": _("Unknown switch."),
        "switch_not_for_family": _(
            "This switch does not apply to the game of the preset it starts from."
        ),
        "board_max_unreachable": _(
            "A board cannot reach this maximum: it holds 9 carrommen "
            "and the queen (board maximum at most 9 + the queen's "
            "value)."
        ),
        "board_max_below_queen": _(
            "The board maximum is below the queen's value: a board won "
            "by the queen's value (ICF 107) would not fit."
        ),
        "queen_cutoff_never": _(
            "The 22-point rule could never apply: a game ends at its "
            "points first. Set the queen's limit below the points to win, "
            "or leave it empty."
        ),
        "late_limit_below": _(
            "From the quarter-finals on a game cannot have fewer boards than in the early rounds."
        ),
        "bad_preset_name": _("Give the house preset a name of at most 80 characters."),
        "preset_exists": _("A house preset named %(name)s exists already."),
        "preset_same_rules": _("The house preset %(name)s has exactly these switches already."),
        "preset_in_play": _(
            "The switches are fixed: %(events)s play this preset and are "
            "drawn. Only its name may change; compose a new preset instead."
        ),
        "preset_used": _("%(events)s play this preset: choose other rules there first."),
        "slug_taken": _("This web address is taken."),
        "bad_field": _("This cannot be changed here."),
        "bad_setting": _("An option of the format is not valid."),
        "points_rules": _(
            "Point carrom events need the point carrom rules, and point carrom "
            "rules need a point carrom event."
        ),
        "points_no_draw": _(
            "Point carrom events are single matches or a round robin of "
            "three-player tables (format: round-robin groups)."
        ),
        "event_exists": _("An event with this name exists already."),
        "drawn_fixed": _("The draw is made: kind, format and rules can no longer change."),
        "event_has_matches": _("The event has matches; it cannot be deleted."),
        "entries_closed": _("Entries to %(event)s are closed (the draw is made)."),
        "partner_missing": _("A doubles entry needs a partner."),
        "partner_singles": _("A singles entry has no partner."),
        "partner_self": _("A player cannot partner himself."),
        "already_entered": _("%(name)s is already entered in this event."),
        "bad_seed": _("A seed is a whole number from 1."),
        "seed_taken": _("Seed %(seed)s is already given to %(name)s."),
        "entry_has_matches": _("%(name)s has matches; withdraw the entry instead."),
        # team events (issue 34)
        "not_team_event": _("This is not a team event."),
        "team_size": _("A team has %(least)s to %(most)s players."),
        "team_too_small_for_format": _(
            "The event's tie format needs at least %(needed)s players in a team."
        ),
        "team_player_twice": _("A player is named twice in the team."),
        "team_player_merged": _(
            "A player's record was merged into another one: choose that record."
        ),
        "captain_not_in_team": _("The captain must be one of the team's players."),
        "player_in_other_team": _("%(name)s already plays for %(team)s in this event."),
        "team_name_taken": _("A team called %(name)s is already entered."),
        "team_player_played": _("%(name)s has played a rubber for the team and stays in it."),
        "team_drawn": _("The team is in the draw; withdraw it instead."),
        "tie_format_unknown": _("There is no tie format %(key)s in this tournament."),
        "tie_format_name_taken": _("A tie format called %(name)s exists already."),
        "tie_format_in_use": _("%(event)s plays this tie format: choose another one there first."),
        "tie_format_fixed": _(
            "The event's first tie is made: its tie format can no longer change."
        ),
        "tie_format_team_small": _(
            "Too few players for this format (it needs %(needed)s): %(teams)s."
        ),
        "tie_format_no_rubbers": _("A tie format needs at least one rubber."),
        "tie_format_too_many": _("A tie has at most %(most)s rubbers."),
        "tie_format_kind": _("Each rubber is a singles or a doubles."),
        "tie_format_number": _("%(field)s must be a whole number from %(low)s to %(high)s."),
        "tie_format_rule": _("Choose one of the player rules."),
        "tie_format_points": _(
            "A tie won must count more than a tie drawn, and a drawn one "
            "at least as much as a lost one."
        ),
        "tie_format_players": _(
            "A lineup of this format needs %(needed)s players; a team has at most %(most)s."
        ),
        "tie_rubbers": _("The tie has %(expected)s rubbers, not %(given)s."),
        "lineup_rubbers": _("The lineup must name the players of every rubber."),
        "lineup_singles_count": _("Rubber %(rubber)s is a singles: name one player."),
        "lineup_doubles_count": _("Rubber %(rubber)s is a doubles: name two players."),
        "lineup_pair_same": _("Rubber %(rubber)s: a doubles pair needs two different players."),
        "lineup_not_in_team": _("Rubber %(rubber)s: %(name)s is not a player of the team."),
        "lineup_one_rubber": _(
            "Rubber %(rubber)s: %(name)s already plays a rubber of this "
            "tie (a player plays only one)."
        ),
        "lineup_two_singles": _("Rubber %(rubber)s: %(name)s already plays a singles of this tie."),
        "lineup_two_doubles": _("Rubber %(rubber)s: %(name)s already plays a doubles of this tie."),
        # call-up
        "wrong_tournament": _("That match is not part of this tournament."),
        "not_ready": _("Match %(number)s is not waiting for a table."),
        "table_inactive": _("%(table)s is not in use."),
        "table_taken": _("%(table)s is taken."),
        "player_busy": _("%(name)s is still playing (%(where)s)."),
        "umpire_busy": _("%(name)s is umpiring another match."),
        "not_called": _("Match %(number)s is not at a table."),
        # draws
        "not_drawable": _("This event has no draw (single matches)."),
        "already_drawn": _(
            "The draw was made meanwhile (perhaps by a second click); nothing was changed."
        ),
        "too_few_entries": _("At least %(minimum)s entries are needed."),
        "too_many_point_entries": _(
            "A point-carrom round robin takes at most %(maximum)s "
            "entries (every three of them meet once)."
        ),
        "not_drawn": _("The draw is not made yet."),
        "round_incomplete": _("Not every match of the round is confirmed yet."),
        "all_rounds_drawn": _("Every planned round is drawn."),
        "groups_incomplete": _("Not every group match is confirmed yet."),
        "nothing_to_draw": _("There is nothing to draw now."),
        "stale_rounds": _(
            "The rounds changed meanwhile; nothing was deleted. Check the page and try again."
        ),
        "round_started": _("A match of that round has started or has a result."),
        "walkover_not_ready": _("Both entries of the match must be known for a walkover."),
        "already_decided": _("The match already has a result."),
        "bad_games": _("Choose one game, best of three or best of five."),
        "bracket_mismatch": _(
            "The saved bracket does not match its draw; check it in the administration."
        ),
        "duplicate_entry": _("An entry appears more than once."),
        "too_many_groups": _("%(entries)s entries cannot fill %(groups)s groups of at least two."),
        "no_valid_pairing": _("No pairing without repeated opponents exists for this round."),
        "no_bye_candidate": _("Every player has had a bye already; nobody can take another."),
        "bad_argument": _("The draw options are not valid."),
        "bad_result": _("A result does not fit the draw."),
        "unexpected_result": _("A result was recorded on a match that was not ready."),
        # corrections (scoring.services.corrections)
        "reason_required": _("Say why the result is corrected (kept in the audit trail)."),
        "bad_repair": _("Choose what happens to the draw."),
        "repair_not_possible": _(
            "That repair does not fit this correction; choose one of those shown."
        ),
        "correction_not_finished": _(
            "Only a finished match is corrected here; while it is played, undo on the tablet."
        ),
        "bad_board": _("That board is not part of this match."),
        "board_withdrawn": _("That board was withdrawn; it does not count."),
        "bad_correction_kind": _("That board needs the other kind of correction."),
        "bad_correction_point": _("Choose an event of this board."),
        "correction_unchanged": _("That is what the board has already; nothing to correct."),
        "correction_illegal": _("The events are not a legal board: %(detail)s"),
        "correction_board_open": _("The corrected board must end: a win, or void."),
        "correction_breaks_match": _(
            "After this correction a later board no longer fits its "
            "game (%(detail)s): correct that board too, or decide "
            "the game by an award."
        ),
        "correction_unfinished": _(
            "After this correction the match would not be over: a "
            "board is missing. Correct the board that was entered "
            "wrongly instead."
        ),
        "not_eliminated": _(
            "No entry of this match is eliminated by decision; there is nothing to take back."
        ),
        "rekey_log_boards": _(
            "Boards scored stroke by stroke are corrected one by one "
            "(retract and enter the right events); only paper boards are "
            "keyed again together."
        ),
        # a whole paper sheet (scoring.services.paper_sheet)
        "sheet_started": _(
            "Boards of this match are recorded already: correct them, or key "
            "the paper boards again."
        ),
        "sheet_match_over": _(
            "The match was over before game %(game)s, board %(board)s: leave that board out."
        ),
        "sheet_game_open": _(
            "Game %(game)s is not over after its boards: a board is missing or wrong."
        ),
        "sheet_unfinished": _("The match is not over: game %(game)s is missing."),
        "sheet_empty": _("Enter the boards of the sheet."),
        # umpire's decisions (scoring.services.decisions)
        "decision_points": _(
            "Point carrom has no decisions on a game here; award the board instead."
        ),
        "decision_law": _(
            "Cite the law of the decision as the rulebook does, e.g. IT 107 or ICF 51."
        ),
        "bad_game": _("That game is not part of this match."),
        "decision_breaks_match": _(
            "After this decision a later game no longer fits the match "
            "(%(detail)s): give the whole match instead."
        ),
        "bad_award": _("An award needs 1 to %(max)s points and its law."),
        "toss_required": _(
            "Record the toss first (ICF 40): who won it, and whether he chose "
            "the break or the side."
        ),
        "withdraw_unconfirmed": _("Give a reason and tick the box to withdraw the entry."),
        # draw edits (scoring.services.draw_edits)
        "edit_not_last_round": _("Only the last Swiss round can be changed."),
        "edit_not_first_round": _(
            "Only the first knock-out round can be changed; later rounds follow the results."
        ),
        "edit_not_possible": _("The draw of this format cannot be changed by hand."),
        "edit_bad_places": _("Choose two different places of one round."),
        "draw_invariant": _(
            "This change breaks a rule of the format (a repeated pairing or "
            "a second bye). Tick “override” and give a reason to make it "
            "anyway."
        ),
        "override_reason": _("An override needs a reason (it is logged)."),
        # CSV import
        "csv_empty": _("The file has no lines to import."),
        "csv_no_name_column": _("The first line must name the columns; a name column is required."),
        "csv_unknown_columns": _("Unknown columns: %(columns)s."),
        "csv_too_long": _("More than %(max)s lines."),
        "csv_broken": _("The file is not valid CSV: %(detail)s."),
        "name_missing": _("The name is missing."),
        "name_too_long": _("The name is longer than 120 characters."),
        "bad_nationality": _("“%(value)s” is not a country code (two or three letters)."),
        "bad_rating": _("The rating “%(value)s” is not a whole number from %(min)s to %(max)s."),
        "bad_seed_value": _("The seed “%(value)s” is not a whole number from 1 to %(max)s."),
        "csv_wrong_delimiter": _(
            "The columns are not separated by a comma, a semicolon or a "
            "tab (first line: “%(line)s”)."
        ),
        "csv_changed_meanwhile": _(
            "The entries changed while the file was read; nothing was "
            "imported. Please import it again."
        ),
        "name_bidi": _("A name contains text-direction control characters; remove them."),
        "unknown_event": _("There is no event “%(value)s” in this tournament."),
        "event_missing": _("No event: fill the event column or choose an event above."),
        "duplicate_line": _("The same player is already on line %(other)s."),
        "merge_same": _("Choose two different records to merge."),
        "merge_merged": _("%(name)s was merged into another record already."),
        "merge_same_event": _(
            "Both records are entered in %(event)s (%(tournament)s): "
            "withdraw or remove one entry first."
        ),
        "merge_undone": _("This merge was undone already."),
        "merge_recorded_since": _(
            "Something new was recorded on the merged player since the "
            "merge: it can no longer be undone."
        ),
        "merge_forbidden": _(
            "Only an organiser of every tournament these records play in may merge them."
        ),
        "possible_duplicate": _("%(name)s: %(known)s already exists: same person?"),
        "bad_born": _("“%(value)s” is not a date of birth (e.g. 2001-04-30 or 30.04.2001)."),
        "duplicate_seed": _("Seed %(seed)s is also given on line %(other)s."),
        # people and roles (scoring.services.people)
        "login_missing": _("A login is needed."),
        "login_invalid": _("A login has letters, digits and @/./+/-/_ only (at most 150)."),
        "login_taken": _("The login %(login)s is taken."),
        "account_name_missing": _("Give the name as printed."),
        "account_inactive": _("The account %(login)s is switched off."),
        "has_role": _("%(name)s already has this role."),
        "no_role": _("That person does not have this role (any more)."),
        "last_organiser": _("The last organiser cannot be removed; add another first."),
        "bad_role": _("Choose umpire or organiser."),
        "not_reissuable": _(
            "This account was not made for this tournament, or it also works "
            "for another one: only its owner can set a new password (with the "
            "e-mail reset, or ask the administrator)."
        ),
        "busy": _("Someone else saved at the same moment; please try again."),
        "log_in_to_accept": _(
            "This invitation is for the existing login %(login)s: log in "
            "with it and accept the invitation there."
        ),
        "not_your_invitation": _("This invitation is for another login."),
        "spent": _("This link or code was used already."),
        # check-in (scoring.services.checkin)
        "closed": _("No roll call is open for this event."),
        "withdrawn": _("%(name)s has withdrawn."),
        "bad_absent": _("Choose what happens to absent entries."),
        "no_self_checkin": _("Players cannot check in themselves for this event now."),
        "wrong_code": _("That is not the code shown in the hall."),
        # time is up (scoring.services.time_up)
        "board_in_play": _("Finish the board in play first; then the game ends by time."),
        # the steps between boards (scoring.services.board_steps)
        "interval_running": _(
            "The interval (IT 102) is not over yet: the next board waits "
            "until it is, or until an organiser ends it."
        ),
        "step_gone": _("This step is over: the screen shows the latest state."),
        "time_up_points": _("Point carrom has no time-up rule."),
        "bad_revision": _("The form is out of date: reload the page."),
        # the round's clock (scoring.services.round_clock)
        "clock_no_limit": _("This event has no round time limit; set one in its settings."),
        "clock_from_call": _(
            "This event counts each match's time from its call; there is no round clock to start."
        ),
        "clock_running": _("The round's clock has started already."),
        "clock_not_started": _("Start the round's clock first."),
        "clock_stopped": _("The round's clock is stopped already."),
        "clock_not_stopped": _("The round's clock is not stopped."),
        "clock_bad_minutes": _("Add 1 to 60 minutes at a time (at most 1,200 in all)."),
        "clock_in_future": _("The clock cannot start in the future."),
        # seasons: clubs, federations, championships (issue 33)
        "club_name_missing": _("Give the club a name."),
        "club_exists": _("A club named %(name)s already exists in that nation."),
        "bad_nation": _("%(nation)s is no country code: give two or three letters, e.g. DE."),
        "membership_dates": _("A membership cannot end before it starts."),
        "membership_overlap": _(
            "The player is already a member of %(club)s then: end that membership first."
        ),
        "championship_name_missing": _("Give the championship a name."),
        "championship_exists": _("This club already has a championship named %(name)s."),
        "bad_prize_method": _("%(method)s is no prize method."),
        "bad_skip_worst": _("Skip 0 to 99 worst prizes."),
        "previous_other_club": _("The previous season must belong to the same club."),
        "previous_loop": _("A season cannot follow itself."),
        "championship_closed": _(
            "The championship is closed: it takes no more changes to its tournaments."
        ),
        "championship_points_event": _("A point carrom event cannot count for a championship."),
        "championship_mixed_kinds": _("A championship counts singles or doubles events, not both."),
        "championship_tournament_twice": _(
            "An event of %(tournament)s already counts for this championship."
        ),
        "championship_event_not_counted": _("That event does not count for this championship."),
        # pairing a match with an event, team ties, the stroke clock, scores taken from SoL
        "entry_conflict": _("%(player)s already plays in this event with another partner."),
        "wrong_event": _("%(event)s does not take this kind of match."),
        "lineups_closed": _(
            "Both lineups are in, or the tie was given by walkover: the lineups cannot change."
        ),
        "not_a_tie": _("This match is not a tie of a team event."),
        "no_board_in_play": _("No board is being played."),
        "bad_scores": _("A recorded score gives each side a whole number of points, 0 or more."),
        "recorded_not_alone": _("A recorded score is the only board of its game."),
        # the paper scoresheet (its fields are checked by the form first)
        "no_games": _("The sheet needs at least one game with a board."),
        "empty_game": _("Every game of the sheet needs at least one board."),
        "bad_law": _("The law is a short text, e.g. ICF 107."),
        "points": _("Paper sheets are compared for matches of two sides only."),
    }


def error_text(
    code: str, params: Mapping[str, Any] | None = None, fallback: str | None = None
) -> str:
    """The sentence for error ``code`` with its ``params`` filled in; an unknown code gives
    ``fallback`` or "This is not possible now (code)"."""
    p = dict(params or {})
    if code == "bad_points":
        p.setdefault("max", 12)
    text = _catalogue().get(code)
    if text is None:
        return fallback or _("This is not possible now (%(code)s).") % {"code": code}
    try:
        return text % p if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return text


def known(code: str) -> bool:
    """Whether ``code`` has a sentence of its own."""
    return code in _catalogue()
