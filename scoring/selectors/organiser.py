"""Reads of the organiser's pages (``scoring.views.organiser``): the tournament, event,
match, entry, round and table of a URL, the dashboard's counts, the event page's rounds with
their match lines, the players list, the draw edit's places. Reads only (issue 13: no model
manager in the organiser's views)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import F, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from scoring.draw_words import reason_text, round_title
from scoring.identity import name_key
from scoring.models import Entry, Event, Game, Match, Player, Round, Table, Tournament
from scoring.records.draw_state import DrawState as DrawState
from scoring.records.draw_state import draw_state as draw_state

MATCH_RELATED = (
    "event",
    "round",
    "table",
    "umpire",
    "entry_a__player",
    "entry_a__partner",
    "entry_b__player",
    "entry_b__partner",
)


# --- the objects of a URL (404 when not of this tournament) -------------------------------------


def tournament_by_slug(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def tournament_event(tournament: Tournament, event_id: int) -> Event:
    return get_object_or_404(Event, pk=event_id, tournament=tournament)


def tournament_match(tournament: Tournament, match_id: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related(*MATCH_RELATED), pk=match_id, event__tournament=tournament
    )


def fresh_match(match: Match) -> Match:
    """``match`` read again with what its page shows."""
    return Match.objects.select_related(*MATCH_RELATED).get(pk=match.pk)


def tournament_entry(tournament: Tournament, entry_id: int) -> Entry:
    return get_object_or_404(
        Entry.objects.select_related("event", "player", "partner"),
        pk=entry_id,
        event__tournament=tournament,
    )


def tournament_round(tournament: Tournament, round_id: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("event"), pk=round_id, event__tournament=tournament
    )


def tournament_table(tournament: Tournament, table_id: int) -> Table:
    return get_object_or_404(Table, pk=table_id, tournament=tournament)


def tournament_umpire(tournament: Tournament, user_id: Any) -> Any:
    return get_object_or_404(get_user_model(), pk=user_id, umpire_tournaments=tournament)


# --- tournaments ----------------------------------------------------------------------------


def organises_any(user: Any) -> bool:
    return bool(user.organised_tournaments.exists())


def organised_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``user`` organises (every one for a superuser)."""
    tournaments = Tournament.objects.all()
    if not user.is_superuser:
        tournaments = tournaments.filter(organisers=user)
    return tournaments


def dashboard_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Each event with its entries and its matches by state (three queries)."""
    events = list(tournament.events.order_by("order", "name"))
    counts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for event_id, status in Match.objects.filter(event__tournament=tournament).values_list(
        "event_id", "status"
    ):
        counts[event_id][status] += 1
    entries: dict[int, int] = defaultdict(int)
    for event_id in Entry.objects.filter(event__tournament=tournament, withdrawn=False).values_list(
        "event_id", flat=True
    ):
        entries[event_id] += 1
    rows = []
    for event in events:
        c = counts[event.pk]
        rows.append(
            {
                "event": event,
                "entries": entries[event.pk],
                "matches": sum(c.values()),
                "done": c[Match.Status.CONFIRMED],
                "playing": c[Match.Status.CALLED] + c[Match.Status.PLAYING],
                "waiting": c[Match.Status.FINISHED],
            }
        )
    return rows


def tournament_tables(tournament: Tournament) -> QuerySet[Table]:
    return tournament.tables.order_by("number")


def tournament_umpires(tournament: Tournament) -> list[Any]:
    return list(tournament.umpires.all())


# --- events, entries, rounds ----------------------------------------------------------------


def event_entries(event: Event) -> list[Entry]:
    """Entries in the event page's order: active first, by seed, then by name."""
    return list(
        event.entries.select_related("player", "partner").order_by(
            "withdrawn", F("seed").asc(nulls_last=True), "player__name"
        )
    )


def event_rounds(event: Event) -> list[Round]:
    return list(event.rounds.order_by("number", "bracket"))


def open_rounds(rounds: list[Round]) -> list[Round]:
    """Those of ``rounds`` with a match not confirmed yet (one query)."""
    ids = set(
        Match.objects.filter(round__in=rounds)
        .exclude(status=Match.Status.CONFIRMED)
        .values_list("round_id", flat=True)
    )
    return [r for r in rounds if r.pk in ids]


#: at most this many players in a picker or a suggestion list at a time
PICKER_LIMIT = 20


def register_players(tournament: Tournament, user: Any) -> Any:
    """The players an organiser may pick (issue 29): those of ``tournament`` and of the other
    tournaments ``user`` organises (his own register) — never every player of every
    tournament."""
    where = Q(event__tournament=tournament)
    if getattr(user, "pk", None):
        where |= Q(event__tournament__organisers=user)
    entries = Entry.objects.filter(where)
    return Player.objects.filter(merged_into__isnull=True).filter(
        Q(pk__in=entries.values("player_id"))
        | Q(pk__in=entries.exclude(partner__isnull=True).values("partner_id"))
    )


def search_players(
    tournament: Tournament, user: Any, text: str, limit: int = PICKER_LIMIT
) -> list[Player]:
    """The picker's matches for ``text`` (a part of the name or club, any case): the
    tournament's own players first, then the organiser's register, by name."""
    from django.db.models import Case, IntegerField, Value, When

    text = " ".join(str(text or "").split())[:60]
    rows = register_players(tournament, user)
    if text:
        rows = rows.filter(Q(name__icontains=text) | Q(club__icontains=text))
    own = Entry.objects.filter(event__tournament=tournament)
    rows = rows.annotate(
        elsewhere=Case(
            When(
                Q(pk__in=own.values("player_id"))
                | Q(pk__in=own.exclude(partner__isnull=True).values("partner_id")),
                then=Value(0),
            ),
            default=Value(1),
            output_field=IntegerField(),
        )
    )
    return list(rows.order_by("elsewhere", "name", "club", "pk")[:limit])


def player_named(pk: int, name: str) -> Player | None:
    """The saved player ``pk`` if it bears this name (any case and Unicode form) and was not
    merged away: the organiser's answer "same person" to a possible duplicate (issue 31)."""
    return Player.objects.filter(pk=pk, name_key=name_key(name), merged_into__isnull=True).first()


def tournament_players(tournament: Tournament) -> list[dict[str, Any]]:
    """Every player of the tournament with the entries, by name."""
    rows: dict[int, dict[str, Any]] = {}
    for entry in (
        Entry.objects.filter(event__tournament=tournament)
        .select_related("event", "player", "partner")
        .order_by("player__name")
    ):
        for player in entry.players:
            row = rows.setdefault(player.pk, {"player": player, "entries": []})
            row["entries"].append(entry)
    return sorted(rows.values(), key=lambda r: (r["player"].name.lower(), r["player"].club.lower()))


def round_match_count(rounds: list[Round]) -> int:
    return Match.objects.filter(round__in=rounds).count()


def round_matches(rnd: Round) -> list[Match]:
    """The matches of ``rnd`` in bracket order, with their entries."""
    return list(
        Match.objects.filter(round=rnd)
        .select_related(*MATCH_RELATED)
        .order_by("position", "number")
    )


def confirmed_by_organiser(match: Match) -> bool:
    return (
        match.confirmed_at is not None and match.confirmations.filter(method="organiser").exists()
    )


# --- the event page's rounds ----------------------------------------------------------------


@dataclass
class MatchLine:
    match: Match
    labels: tuple[str, str]
    known: tuple[bool, bool]
    reason: str
    games: list[Game] = field(default_factory=list)

    @property
    def result(self) -> str:
        m = self.match
        if m.bye:
            return _("Bye") if (m.entry_a_id or m.entry_b_id) else "—"
        won = m.games_won or {}
        if m.walkover:
            return _("Walkover")
        if not self.games:
            return ""
        return f"{won.get('a', 0)}–{won.get('b', 0)}"

    @property
    def scores(self) -> str:
        return ", ".join(
            f"{g.scores.get('a', 0)}–{g.scores.get('b', 0)}" for g in self.games if g.scores
        )

    @property
    def winner(self) -> str:
        return self.match.winner_side if self.match.status == Match.Status.CONFIRMED else ""


@dataclass
class RoundBlock:
    round: Round
    title: str
    lines: list[MatchLine]
    open: int = 0


def round_blocks(event: Event, rounds: list[Round]) -> list[RoundBlock]:
    """The matches of ``rounds`` with entrant labels ("Winner of match 3"), results and the
    reason of each pairing (three queries)."""
    ids = [r.pk for r in rounds]
    matches = list(
        Match.objects.filter(round_id__in=ids)
        .select_related(*MATCH_RELATED)
        .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("number")))
        .order_by("round_id", "group", "position", "number")
    )
    feeders: dict[tuple[int, str], tuple[str, int]] = {}
    for row in (
        Match.objects.filter(event=event)
        .filter(Q(winner_to__isnull=False) | Q(loser_to__isnull=False))
        .values_list("number", "winner_to_id", "winner_to_side", "loser_to_id", "loser_to_side")
    ):
        number, wt, ws, lt, ls = row
        if wt:
            feeders[(wt, ws)] = ("winner", number)
        if lt:
            feeders[(lt, ls)] = ("loser", number)
    by_round: dict[int | None, list[MatchLine]] = defaultdict(list)
    for m in matches:
        labels, known = [], []
        for side in ("a", "b"):
            entry = m.entry_for(side)
            if entry is not None:
                labels.append(entry.name)
                known.append(True)
                continue
            known.append(False)
            feeder = feeders.get((m.pk, side))
            if m.bye:
                labels.append(_("Bye"))
            elif feeder is not None:
                kind, number = feeder
                labels.append(
                    (
                        _("Winner of match %(number)s")
                        if kind == "winner"
                        else _("Loser of match %(number)s")
                    )
                    % {"number": number}
                )
            else:
                labels.append(_("to be decided"))
        by_round[m.round_id].append(
            MatchLine(
                m,
                (labels[0], labels[1]),
                (known[0], known[1]),
                reason_text(m.draw_reason),
                list(m.games.all()),
            )
        )
    blocks = []
    for r in rounds:
        lines = by_round.get(r.pk, [])
        blocks.append(
            RoundBlock(
                r,
                round_title(r),
                lines,
                sum(1 for line in lines if line.match.status != Match.Status.CONFIRMED),
            )
        )
    return blocks


# --- people, check-in, time-up pages ----------------------------------------------------------


def user_by_id(user_id: int) -> Any:
    return get_object_or_404(get_user_model(), pk=user_id)


def roll_call_entry(event: Event, entry_id: Any) -> Entry | None:
    """An active entry of ``event`` chosen on the self check-in form (None: no such one)."""
    if not str(entry_id or "").isdigit():
        return None
    return Entry.objects.filter(pk=int(entry_id), event=event, withdrawn=False).first()


def scored_match(token: str | None, match_id: int | None) -> Match | None:
    """The match of an umpire link (``token``) or of an id (404), with its entries; None for
    an unknown link."""
    queryset = Match.objects.select_related(
        "event__tournament", "entry_a__player", "entry_b__player"
    )
    if token is not None:
        return queryset.filter(umpire_token=token).order_by("pk").first()
    return get_object_or_404(queryset, pk=match_id)


def repeat_pairings(broken: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The repeated pairings of a refused draw edit with the entries' names (issue 30):
    ``number``, ``a``, ``b`` and the ``round`` they met in."""
    from scoring.models import Entry as EntryModel

    rows = [b for b in broken if b.get("code") == "repeat_pairing" and b.get("entries")]
    ids = {e for b in rows for e in b["entries"]}
    names = {
        e.pk: e.name
        for e in EntryModel.objects.filter(pk__in=ids).select_related("player", "partner")
    }
    return [
        {
            "number": b["match"],
            "a": names.get(b["entries"][0], "?"),
            "b": names.get(b["entries"][1], "?"),
            "round": b.get("round", "?"),
        }
        for b in rows
    ]
