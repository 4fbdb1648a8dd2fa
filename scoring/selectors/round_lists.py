"""Reads for a round's pairing and call-up lists (:mod:`scoring.pdf.round_lists`): the
round's matches (byes included) with their tables, sides, clubs and umpires."""

from __future__ import annotations

import unicodedata

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.models import Event, Match
from scoring.names import display_name
from scoring.pdf.data import CallupRow, PairingRow, RoundListData, SideData
from scoring.selectors.sheets import (
    SheetUnavailable,
    match_queryset,
    sheet_language,
    sheet_round_name,
    side_data,
    table_name,
)
from scoring.timezones import clock, local_date

#: Letters that do not decompose into a base letter and an accent.
_LETTERS = str.maketrans(
    {
        "ł": "l",
        "Ł": "l",
        "ø": "o",
        "Ø": "o",
        "ß": "ss",
        "đ": "d",
        "Đ": "d",
        "æ": "ae",
        "Æ": "ae",
        "œ": "oe",
        "Œ": "oe",
    }
)


def alphabetical(name: str) -> str:
    """A sort key that files "Łukasz Ünal" under L, as a player looks for his name."""
    plain = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold()


def _sides(match: Match) -> tuple[SideData, SideData]:
    doubles = match.event.kind == Event.Kind.DOUBLES
    return side_data(match, "a", doubles), side_data(match, "b", doubles)


def _table_order(row: PairingRow) -> tuple[int, int, str, str]:
    """Matches with a table first, by table number (labelled tables after the numbered);
    then the others by match number."""
    number = row.match_number.zfill(6)
    if not row.table:
        return (2, 0, "", number)
    if row.table.isdigit():
        return (0, int(row.table), "", number)
    return (1, 0, row.table.casefold(), number)


def round_list_data(
    event: Event,
    round_number: int,
    *,
    language: str | None = None,
    bracket: str | None = None,
    by_table: bool = True,
) -> RoundListData:
    """The pairings of round ``round_number`` (every bracket with that number unless
    ``bracket``), in table order (``by_table``, the notice board) or in match order (the
    call-up), and every player of the round alphabetically.

    :raises SheetUnavailable: the round has no matches.
    """
    language = sheet_language(language)
    query = match_queryset().filter(event=event, round__number=round_number)
    if bracket:
        query = query.filter(round__bracket=bracket)
    matches = list(query.order_by("round__bracket", "number", "pk"))
    with translation.override(language):
        if not matches:
            raise SheetUnavailable(_("This round has no matches yet."))
        round_name = sheet_round_name(matches[0]).split(" · ")[0]
        tournament = event.tournament
        pairings = []
        players = []
        for match in matches:
            sides = _sides(match)
            bye = match.bye or not sides[1].name
            pairings.append(
                PairingRow(
                    match_number=str(match.number),
                    table=table_name(match.table),
                    sides=sides,
                    umpire=display_name(match.umpire),
                    called=clock(match.called_at, tournament),
                    bye=bye,
                )
            )
            for index, side in enumerate(sides):
                if not side.name:
                    continue
                players.append(
                    CallupRow(
                        name=side.name,
                        club=side.club,
                        match_number=str(match.number),
                        table=table_name(match.table),
                        opponent=sides[1 - index].name,
                        bye=bye,
                    )
                )
    if by_table:
        pairings.sort(key=_table_order)
    players.sort(key=lambda p: (alphabetical(p.name), p.match_number))
    return RoundListData(
        tournament=tournament.name,
        event=event.name,
        round_name=round_name,
        pairings=pairings,
        players=players,
        language=language,
        date=local_date(timezone.now(), tournament),
    )
