"""An event's pages: its rounds, its bracket, its standings linked to the players' pages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import Event, Match, Round
from scoring.selectors.live.common import SIDES
from scoring.selectors.live.tournament import MatchLine, match_lines, round_label, with_games
from scoring.standings import StandingsTable
from scoring.standings.results import DONE


def event_queryset() -> QuerySet[Event]:
    """Events with their tournament (the API's event page)."""
    return Event.objects.select_related("tournament")


def get_event(slug: str, event_id: int) -> Event:
    """:raises Event.DoesNotExist:"""
    return Event.objects.select_related("tournament").get(pk=event_id, tournament__slug=slug)


@dataclass
class RoundBlock:
    round: Round | None
    label: str
    matches: list[MatchLine]
    open: int = 0


def event_rounds(event: Event) -> list[RoundBlock]:
    """Every match of the event by round (three queries)."""
    blocks: dict[Any, RoundBlock] = {}
    rounds = {r.pk: r for r in event.rounds.all()}
    matches = match_lines(
        with_games(event.matches.all()).order_by(
            "round__number", "round__bracket", "group", "number", "pk"
        )
    )
    for line in matches:
        rnd = rounds.get(line.match.round_id) if line.match.round_id else None
        key = rnd.pk if rnd else None
        if key not in blocks:
            blocks[key] = RoundBlock(rnd, round_label(rnd) or _("Matches"), [])
        blocks[key].matches.append(line)
        if line.match.status not in DONE:
            blocks[key].open += 1
    brackets = list(Round.Bracket.values)
    if event.format == Event.Format.DOUBLE_ELIMINATION:
        # winners' rounds, then losers' rounds, then the grand final, each labelled (issue 30)
        sections: list[str] = [
            Round.Bracket.WINNERS,
            Round.Bracket.LOSERS,
            Round.Bracket.FINAL,
            Round.Bracket.PLACEMENT,
        ]
        names: dict[str, Promise] = dict(BRACKET_SECTIONS)
        order = {
            r.pk: (sections.index(r.bracket) if r.bracket in sections else 9, r.number)
            for r in rounds.values()
        }
        for block in blocks.values():
            rnd = block.round
            if rnd is not None and rnd.bracket in (Round.Bracket.WINNERS, Round.Bracket.LOSERS):
                block.label = f"{names[rnd.bracket]} · {block.label}"
    else:
        order = {r.pk: (r.number, brackets.index(r.bracket)) for r in rounds.values()}
    return sorted(
        blocks.values(),
        key=lambda b: order.get(b.round.pk, (10_000, 0)) if b.round else (10_000, 0),
    )


BRACKET_SECTIONS = (
    (Round.Bracket.MAIN, gettext_lazy("Bracket")),
    (Round.Bracket.WINNERS, gettext_lazy("Winners bracket")),
    (Round.Bracket.LOSERS, gettext_lazy("Losers bracket")),
    (Round.Bracket.FINAL, gettext_lazy("Grand final")),
    (Round.Bracket.PLACEMENT, gettext_lazy("Placement matches")),
)


@dataclass
class BracketCard:
    line: MatchLine
    labels: tuple[str, str]  # names, or where the entrant comes from
    known: tuple[bool, bool]


@dataclass
class BracketColumn:
    label: str
    anchor: str
    cards: list[BracketCard]


@dataclass
class BracketSection:
    key: str
    label: str
    columns: list[BracketColumn]


def event_bracket(event: Event) -> list[BracketSection]:
    """The elimination rounds of the event (knock-out, double elimination, the knock-out
    stage after groups), with "Winner of match 3" where an entrant is not known yet."""
    rounds = [r for r in event.rounds.all() if r.bracket != Round.Bracket.GROUPS]
    if not rounds:
        return []
    ids = [r.pk for r in rounds]
    lines = match_lines(
        with_games(Match.objects.filter(round_id__in=ids)).order_by(
            "round__number", "position", "number", "pk"
        )
    )
    feeders: dict[tuple[int, str], tuple[str, Match]] = {}
    for line in lines:
        m = line.match
        if m.winner_to_id:
            feeders[(m.winner_to_id, m.winner_to_side)] = ("winner", m)
        if m.loser_to_id:
            feeders[(m.loser_to_id, m.loser_to_side)] = ("loser", m)
    per_round: dict[int | None, list[MatchLine]] = defaultdict(list)
    for line in lines:
        per_round[line.match.round_id].append(line)
    sections = []
    for key, label in BRACKET_SECTIONS:
        columns = []
        for rnd in sorted((r for r in rounds if r.bracket == key), key=lambda r: r.number):
            cards = []
            for line in per_round.get(rnd.pk, []):
                labels, known = [], []
                for side in SIDES:
                    entry = line.match.entry_for(side)
                    if entry is not None:
                        labels.append(entry.name)
                        known.append(True)
                        continue
                    known.append(False)
                    feeder = feeders.get((line.match.pk, side))
                    if feeder is not None and (feeder[1].status in DONE or feeder[1].bye):
                        labels.append(_("Bye"))  # decided, and nobody came from it
                    elif feeder is not None:
                        kind, source = feeder
                        text = (
                            _("Winner of match %(number)s")
                            if kind == "winner"
                            else _("Loser of match %(number)s")
                        )
                        labels.append(text % {"number": source.number})
                    elif line.match.bye:
                        labels.append(_("Bye"))
                    else:
                        labels.append(_("to be decided"))
                cards.append(BracketCard(line, (labels[0], labels[1]), (known[0], known[1])))
            columns.append(BracketColumn(round_label(rnd), f"{key}-{rnd.number}", cards))
        if columns:
            sections.append(BracketSection(str(key), str(label), columns))
    return sections


def link_players(tables: Iterable[StandingsTable], slug: str) -> None:
    """Set each row's player page URL (one ``reverse`` for the whole table)."""
    marker = 987654321
    pattern = reverse("scoring:live-player", kwargs={"slug": slug, "player_id": marker})
    for table in tables:
        for row in table.rows:
            if row.entry is not None:
                row.url = pattern.replace(str(marker), str(row.entry.player_id))
