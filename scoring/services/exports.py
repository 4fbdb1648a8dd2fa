"""Exports of a tournament's results for federations: the placings as CSV (with licence
numbers) and a SoL archive (``.sol``) that SoL 5 loads, so that results go into the European
circuit's ranking (``python manage.py export_sol``; a button on the organiser's home page).

The archive is written from SoL's documented portable format (docs/EXPORT.md, "SoL archives";
the same description our import ``scoring/services/sol/`` reads); no SoL code is used:

- a first YAML document with the lists ``clubs``, ``players``, ``championships``, ``ratings``,
  ``rates``, ``users``; items are referred to by their 1-based position;
- one further document per event (a SoL *tourney*): its competitors (positions of players) and
  matches (``competitor1``/``competitor2``, ``turn``, ``board`` = the table, ``breaker``,
  ``score1``/``score2`` and, for one-game matches, the ``boards``: ``coinsN`` the opponent's
  carrommen left when side N won the board, ``queen`` who covered it).

A one-game match exports its game's points and boards; a best-of-three match exports its
games' points as SoL 5's ``score1``/``score2``, ``score1_2``/``score2_2`` and
``score1_3``/``score2_3`` (no boards). A match without a table gets its place in its turn.
A bye is a match against the phantom (``competitor2`` empty, 25–0); a walkover is exported
25–0 for the winner.
Players imported from SoL keep their ``guid``; others get a stable one derived from this
installation's player id. One event as a tourney is :mod:`scoring.services.sol_tourney`.
"""

from __future__ import annotations

import csv
import datetime
import io
import math
from collections.abc import Callable, Iterable
from typing import Any

import yaml

from scoring.models import (
    Championship,
    Entry,
    Event,
    ExternalRecord,
    Game,
    ImportedRate,
    Match,
    Membership,
    Player,
    Rate,
    Rating,
    TeamMember,
    Tournament,
)
from scoring.services.sol.extension import KEY as EXTENSION_KEY
from scoring.services.sol.extension import VERSION as EXTENSION_VERSION
from scoring.services.sol.ratings import sol_rating
from scoring.services.sol_tourney import GUID_NAMESPACE as GUID_NAMESPACE
from scoring.services.sol_tourney import PHANTOM_SCORE as PHANTOM_SCORE
from scoring.services.sol_tourney import SOL_TEAM_PLAYERS as SOL_TEAM_PLAYERS
from scoring.services.sol_tourney import SYSTEMS as SYSTEMS
from scoring.services.sol_tourney import sol_guid, sol_names, tourney_document
from scoring.standings.placings import event_placings


#: Namespace of the guids we make for players, events and clubs (stable across exports).
def _cell(value: Any) -> Any:
    """A text cell a spreadsheet will not run as a formula (CSV injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


# --- placings CSV ----------------------------------------------------------------------------


PLACINGS_HEADER = [
    "event",
    "place",
    "place_to",
    "name",
    "licence",
    "club",
    "nationality",
    "partner",
    "partner_licence",
    "partner_club",
    "withdrawn",
    "entry_id",
]


def placings_csv(tournament: Tournament, *, events: Iterable[Event] | None = None) -> str:
    """Every entry of every event with its final place (a shared place as ``place``–
    ``place_to``; empty while undecided) and the licence numbers (docs/EXPORT.md)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(PLACINGS_HEADER)
    for event in events if events is not None else tournament.events.order_by("order", "name"):
        if event.kind == Event.Kind.POINTS:
            continue
        for p in event_placings(event):
            e = p.entry
            partner = e.partner
            writer.writerow(
                [
                    _cell(v)
                    for v in (
                        event.name,
                        p.place or "",
                        p.last or "",
                        e.player.name,
                        e.player.licence,
                        e.player.club,
                        e.player.nationality,
                        partner.name if partner else "",
                        partner.licence if partner else "",
                        partner.club if partner else "",
                        int(e.withdrawn),
                        e.pk,
                    )
                ]
            )
    return out.getvalue()


# --- SoL archive -----------------------------------------------------------------------------


def sol_documents(
    tournament: Tournament, *, events: Iterable[Event] | None = None
) -> list[dict[str, Any]]:
    """The archive's documents: the lists, then one tourney per event (point carrom events
    are left out: SoL has no three-player matches)."""
    events = [
        e
        for e in (events if events is not None else tournament.events.order_by("order", "name"))
        if e.kind != Event.Kind.POINTS
    ]
    entries = list(
        Entry.objects.filter(event__in=events)
        .select_related("player", "partner")
        .order_by("event_id", "pk")
    )
    player_ids = {e.player_id for e in entries} | {e.partner_id for e in entries if e.partner_id}
    # a team event's entry is a team (issue 34): SoL's competitor of up to four players
    team_players = _team_players(events)
    player_ids |= {p for members in team_players.values() for p in members}
    players = sorted(Player.objects.filter(pk__in=player_ids), key=lambda p: (p.name, p.pk))
    records = {
        r.player_id: r
        for r in ExternalRecord.objects.filter(source="sol", kind="player", player__in=players)
    }
    clubs: list[dict[str, Any]] = []
    club_pos: dict[str, int] = {}

    def club_of(name: str, nationality: str) -> int:
        if name not in club_pos:
            clubs.append(
                {
                    "guid": sol_guid("club", key=name),
                    "description": name,
                    "nationality": nationality or None,
                }
            )
            club_pos[name] = len(clubs)
        return club_pos[name]

    host = club_of(tournament.venue or tournament.name, "")
    player_rows, player_pos = [], {}
    for p in players:
        first, last, nick = sol_names(p, record=records.get(p.pk))
        row: dict[str, Any] = {
            "guid": (records[p.pk].key if p.pk in records else sol_guid("player", key=p.pk)),
            "firstname": first,
            "lastname": last,
            "nationality": (p.nationality or "")[:3] or None,
        }
        if nick:
            row["nickname"] = nick
        if p.club:
            row["club"] = club_of(p.club, p.nationality)
        player_rows.append(row)
        player_pos[p.pk] = len(player_rows)
    memberships = _sol_memberships(tournament, players, player_rows, club_of, clubs)

    championships: list[dict[str, Any]] = []
    tourneys: list[dict[str, Any]] = []
    # every rating the written tourneys and championships refer to, the tournament's first
    # (its tourneys say rating 1), by position in SoL's ``ratings`` (issue 33)
    rated: list[Rating] = []
    rating_pos: dict[int, int] = {}

    def rating_at(rating: Rating) -> int:
        if rating.pk not in rating_pos:
            rated.append(rating)
            rating_pos[rating.pk] = len(rated)
        return rating_pos[rating.pk]

    if tournament.rating is not None:
        rating_at(tournament.rating)
    counted_pos: dict[int, int] = {}
    unordered: dict[str, dict[str, bool]] = {}

    def season_of(counted: Championship, per_team: int, depth: int = 0) -> int:
        """The championship's position, written once with its club, its rating and the
        season it follows (issue 33), as SoL keeps them."""
        if counted.pk in counted_pos:
            return counted_pos[counted.pk]
        owner = club_of(counted.club.name, counted.club.nation)
        if counted.club.federation:
            clubs[owner - 1]["isfederation"] = True
        row: dict[str, Any] = {
            "guid": sol_guid("championship", key=f"season-{counted.pk}"),
            "club": owner,
            "description": counted.name,
            "prizes": counted.prizes,
            "couplings": "serial",
            "skipworstprizes": counted.skip_worst,
            "playersperteam": per_team,
            **({"closed": True} if counted.closed else {}),
        }
        if counted.rating is not None:
            row["rating"] = rating_at(counted.rating)
        if not counted.pairs_by_order:  # SoL keys pairs by order: this app's choice kept aside
            unordered[row["guid"]] = {"pairs_by_order": False}
        championships.append(row)
        position = counted_pos[counted.pk] = len(championships)
        if counted.previous is not None and depth < 20:
            row["previous"] = season_of(counted.previous, per_team, depth + 1)
        return position

    extensions: dict[str, dict[str, Any]] = {}
    by_event: dict[int, list[Entry]] = {}
    for e in entries:
        by_event.setdefault(e.event_id, []).append(e)
    for event in events:
        # an event that counts for a championship (issue 33) goes out under it, with its club
        counted = (
            event.championships.select_related("club", "rating", "previous").order_by("pk").first()
        )
        if counted is not None and counted.pk in counted_pos:
            position = counted_pos[counted.pk]
        elif counted is not None:
            position = season_of(counted, _players_per_team(event, team_players))
        else:
            championships.append(
                {
                    "guid": sol_guid("championship", key=event.pk),
                    "club": host,
                    "description": f"{tournament.name} – {event.name}",
                    "prizes": "fixed",
                    "couplings": "serial",
                    "skipworstprizes": 0,
                    "playersperteam": _players_per_team(event, team_players),
                }
            )
            position = len(championships)
        extension: dict[str, Any] = {}
        tourneys.append(
            tourney_document(
                tournament,
                event=event,
                entries=by_event.get(event.pk, []),
                player_pos=player_pos,
                championship=position,
                extension=extension,
                team_players=team_players,
            )
        )
        extensions[tourneys[-1]["guid"]] = extension
    if tournament.rating_id is not None:  # issue 33: the tourneys rated under its rating
        for t in tourneys:
            t["rating"] = 1
    ratings, rates = _sol_ratings(rated, rating_at, player_pos)
    lists = {
        "users": [],
        "clubs": clubs,
        "players": player_rows,
        "championships": championships,
        "ratings": ratings,
        "rates": rates,
        # what SoL cannot hold, for this app to read back (SoL ignores it)
        EXTENSION_KEY: {
            "version": EXTENSION_VERSION,
            "tourneys": extensions,
            **({"memberships": memberships} if memberships else {}),
            **({"championships": unordered} if unordered else {}),
        },
    }
    return [lists, *tourneys]


def _team_players(events: Iterable[Event]) -> dict[int, list[int]]:
    """The players of each team entry of the team events (captain first, then in the team's
    order): one query."""
    teams = [e for e in events if e.is_teams]
    out: dict[int, list[int]] = {}
    if not teams:
        return out
    for entry_id, player_id, captain_id in (
        TeamMember.objects.filter(event__in=teams)
        .order_by("team_id", "number", "pk")
        .values_list("team__entry_id", "player_id", "team__captain_id")
    ):
        members = out.setdefault(entry_id, [])
        if player_id == captain_id:
            members.insert(0, player_id)
        else:
            members.append(player_id)
    return out


def _players_per_team(event: Event, team_players: dict[int, list[int]]) -> int:
    """SoL's players per competitor: 1, 2 in doubles; a team event's largest team, at most
    :data:`SOL_TEAM_PLAYERS`."""
    if event.is_teams:
        sizes = [len(team_players.get(e, [])) for e in event.entries.values_list("pk", flat=True)]
        return max(1, min(SOL_TEAM_PLAYERS, max(sizes, default=1)))
    return 2 if event.is_doubles else 1


def _sol_memberships(
    tournament: Tournament,
    players: list[Player],
    rows: list[dict[str, Any]],
    club_of: Any,
    clubs: list[dict[str, Any]],
) -> dict[str, list[dict[str, Any]]]:
    """Each exported player's club and federation of the tournament's first day as SoL's
    ``club`` and ``federation`` (SoL keeps one of each), and every membership with its dates
    for this app to read back (issue 33; SoL ignores the extension): by player guid, a list
    of ``{club, since, until}`` (club: a position in ``clubs``, dates ISO or null)."""
    out: dict[str, list[dict[str, Any]]] = {}
    day = tournament.start_date
    by_player: dict[int, list[Membership]] = {}
    for m in (
        Membership.objects.filter(player__in=players).select_related("club").order_by("since", "pk")
    ):
        by_player.setdefault(m.player_id, []).append(m)
    for player, row in zip(players, rows, strict=True):
        for m in by_player.get(player.pk, []):
            position = club_of(m.club.name, m.club.nation)
            if m.club.federation:
                clubs[position - 1]["isfederation"] = True
            if m.covers(day):
                row["federation" if m.club.federation else "club"] = position
            out.setdefault(row["guid"], []).append(
                {
                    "club": position,
                    "since": m.since.isoformat() if m.since else None,
                    "until": m.until.isoformat() if m.until else None,
                }
            )
    return out


def _sol_ratings(
    rated: list[Rating], rating_at: Callable[[Rating], int], player_pos: dict[int, int]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ratings the archive refers to (``rated``, in their positions) in SoL's shape, with
    the higher ratings an inheriting one takes its new players' rates from (added after them,
    in the order they were made: of two rates of one day SoL takes the rating made first), and
    the exported players' rates under each (issue 33; docs/EXPORT.md, "Ratings and rates"):
    this app's own history (the last rate of a day where two tournaments ended on it: SoL keeps
    one rate per player and day) and SoL's stored rates kept from an import (``ImportedRate``)
    on the days this app has none, so that SoL reads a rating of stored rates only as it was
    imported and never a (player, day) twice."""
    from scoring.services.ratings import higher_ratings, stored_volatility

    for rating in rated:  # the list grows while it is read: a higher rating's own higher ones
        above = higher_ratings(rating)
        for higher in Rating.objects.filter(pk__in=above).order_by("pk"):
            rating_at(higher)
    positions = {rating.pk: n for n, rating in enumerate(rated, 1)}
    players = list(player_pos)
    days: dict[tuple[int, int, datetime.date], tuple[float, float, float]] = {}
    for rating_id, player_id, day, rate, deviation, volatility in (
        Rate.objects.filter(rating_id__in=list(positions), player_id__in=players)
        .order_by("date", "tournament__start_date", "tournament_id", "pk")
        .values_list("rating_id", "player_id", "date", "rate", "deviation", "volatility")
    ):
        days[(rating_id, player_id, day)] = (rate, deviation, volatility)  # the day's last
    for rating_id, player_id, day, rate, deviation, volatility in (
        ImportedRate.objects.filter(rating_id__in=list(positions), player_id__in=players)
        .order_by("date", "pk")
        .values_list("rating_id", "player_id", "date", "rate", "deviation", "volatility")
    ):
        days.setdefault((rating_id, player_id, day), (rate, deviation, volatility))
    rates = [
        {
            "rating": positions[rating_id],
            "player": player_pos[player_id],
            "date": day,  # a YAML date: SoL 5.26 refuses text here
            # whole numbers truncated, as SoL stores its own (docs/RATINGS.md, "Inheriting")
            "rate": math.trunc(rate),
            "deviation": math.trunc(deviation),
            # five decimals, truncated, as SoL stores it and this app reads it back (never
            # "-0.00000": a zero is written as one)
            "volatility": f"{stored_volatility(volatility) or 0.0:.5f}",
        }
        for (rating_id, player_id, day), (rate, deviation, volatility) in sorted(
            days.items(), key=lambda item: (item[0][2], positions[item[0][0]], item[0][1])
        )
    ]
    return [sol_rating(rating) for rating in rated], rates


def sol_report(tournament: Tournament, *, events: Iterable[Event] | None = None) -> list[str]:
    """What SoL itself cannot hold of the export (the app's own import reads it back from
    the archive's extension, :mod:`scoring.services.sol.extension`): the export's report."""
    chosen = list(events if events is not None else tournament.events.order_by("order", "name"))
    lines = []
    for event in chosen:
        if event.kind == Event.Kind.POINTS:
            lines.append(
                f"{event.name}: point carrom (three players) is not exported; SoL "
                "has no three-player matches"
            )
            continue
        if event.format == Event.Format.DOUBLE_ELIMINATION:
            lines.append(
                f"{event.name}: double elimination; SoL shows it as a knock-out "
                "(its brackets are in the app's extension)"
            )
        if event.format == Event.Format.SINGLE_MATCH:
            lines.append(
                f"{event.name}: single matches; SoL shows them as one Swiss turn "
                "(kept in the app's extension)"
            )
        if event.is_teams:
            lines.append(
                f"{event.name}: team event; SoL holds each team as one competitor of at most "
                f"{SOL_TEAM_PLAYERS} players (captain first: larger teams lose the rest) and "
                "each tie as one match scored in rubbers won; the rubbers' players and games, "
                "the lineups and the tie format are not held by SoL (they are in the app's "
                "extension, which this app reads back; a backup keeps everything)"
            )
        walkovers = Match.objects.filter(event=event, walkover=True).count()
        if walkovers:
            lines.append(
                f"{event.name}: {walkovers} walkover(s); SoL sees a win by the "
                "phantom score (marked in the app's extension)"
            )
        logged = Game.objects.filter(match__event=event, boards__kind="log").distinct().count()
        if logged:
            lines.append(
                f"{event.name}: {logged} game(s) recorded stroke by stroke; SoL "
                "holds their scores and, for one-game matches, the boards, not the "
                "strokes (a backup keeps them)"
            )
    return lines


def sol_archive(tournament: Tournament, *, events: Iterable[Event] | None = None) -> bytes:
    """The ``.sol`` file: the documents as a YAML stream (UTF-8)."""
    chosen = list(events) if events is not None else None
    report = "".join(f"# {line}\n" for line in sol_report(tournament, events=chosen))
    text = (
        "# SoL archive written by the carrom tournament app (docs/EXPORT.md)\n"
        + report
        + yaml.safe_dump_all(
            sol_documents(tournament, events=chosen),
            allow_unicode=True,
            sort_keys=False,
            default_flow_style=False,
        )
    )
    return text.encode("utf-8")
