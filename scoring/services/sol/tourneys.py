"""A SoL tourney as a tournament: one event (singles or doubles), its entries (SoL's ratings
kept on the players), a round per turn (SoL's final rounds as a final stage) and a single-game
match per SoL match (:mod:`.results`). Players and tourneys are known by SoL's ``guid``
(:class:`~scoring.models.ExternalRecord`): a tourney imported before is skipped, a player is
reused."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from scoring.models import (
    AuditEntry,
    Entry,
    Event,
    ExternalRecord,
    Round,
    Table,
    Tournament,
)
from scoring.round_clock import limit_minutes
from scoring.services.matches import Actor
from scoring.services.sol.bulk import PaperMatch, write_matches
from scoring.services.sol.extension import tourney_extension
from scoring.services.sol.played import import_tie
from scoring.services.sol.players import SOURCE, import_player
from scoring.services.sol.ratings import (
    entry_rates,
    import_ratings,
    keep_sol_rates,
    rating_for,
    rerate_imported,
)
from scoring.services.sol.reading import (
    SolError,
    date_of,
    item_at,
    number_of,
    read_members,
    text_of,
)
from scoring.services.sol.report import Line, SolReport
from scoring.services.sol.results import import_match
from scoring.services.sol.seasons import import_season
from scoring.services.sol.teams import (
    TiePlan,
    captain_first,
    make_team,
    team_facts,
    team_players,
    tie_format_key,
    write_ties,
)

SYSTEMS = {
    "swiss": Event.Format.SWISS,
    "knockout": Event.Format.KNOCKOUT,
    "roundrobin": Event.Format.GROUPS,
}


def import_sol(
    content: bytes,
    *,
    user: Any = None,
    file_name: str = "",
    progress: Callable[[int, int], None] | None = None,
) -> SolReport:
    """Import every tourney of a SoL archive that was not imported before.

    :param user: who imports (audit trail) and becomes an organiser of the new tournaments.
    :param progress: called after each tourney with (tourneys read, tourneys in the file),
        e.g. by the upload page's background task.
    :raises SolError: the file is not a SoL archive, or a tourney in it is malformed (nothing
        of that tourney is written; tourneys before it stay imported).
    """
    members = read_members(content)
    report = SolReport()
    actor = Actor(
        user=user if getattr(user, "pk", None) else None,
        via="import",
        device=f"SoL import {file_name}"[:200],
    )
    total = sum(len(documents) - 1 for _member, documents in members)
    done = 0
    for member, documents in members:
        lists = documents[0]
        name = f"{file_name}:{member}" if member else file_name
        import_ratings(lists, tourneys=documents[1:])  # in SoL's order (issue 33)
        for index, tourney in enumerate(documents[1:], 1):
            with transaction.atomic():
                _import_tourney(tourney, index, lists, report, actor, user, name)
            done += 1
            if progress is not None:
                progress(done, total)
    for _member, documents in members:  # SoL's own rates, kept beside as imported
        keep_sol_rates(documents[0])
    # the ratings' history from the imported matches (an inheriting rating starts its new
    # players from the stored rates of a higher rating that rates no tourney here)
    rerate_imported(report.tournaments)
    return report


def _unique_slug(base: str) -> str:
    base = (slugify(base) or "sol-tournament")[:90]
    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _import_tourney(
    tourney: dict[str, Any],
    index: int,
    lists: dict[str, Any],
    report: SolReport,
    actor: Actor,
    user: Any,
    file_name: str,
) -> None:
    where = Line.gettext("tourney %(number)d", number=index)
    key, description, day, cname = tourney_identity(tourney, index=index, lists=lists)
    if ExternalRecord.objects.filter(source=SOURCE, kind="tournament", key=key[:100]).exists():
        report.skipped.append(f"{description} ({day.isoformat()})")
        return

    competitors = tourney.get("competitors") or []
    matches = tourney.get("matches") or []
    if not isinstance(competitors, list) or not isinstance(matches, list):
        raise SolError(
            Line.gettext("%(where)s: competitors and matches must be lists", where=where)
        )
    players_per = max(
        (len(c.get("players") or []) for c in competitors if isinstance(c, dict)), default=1
    )
    # this app's own export: the facts SoL cannot hold (format, brackets, walkovers, games;
    # a team event's teams, ties and rubbers)
    extension = tourney_extension(lists, guid=text_of(tourney.get("guid")))
    if extension is not None and len(extension["matches"]) != len(matches):
        extension = None
    teams = team_facts(extension, competitors=len(competitors))
    if players_per > 2 and teams is None:
        report.warnings.append(
            Line.gettext(
                "%(tourney)s: a SoL team tourney (teams of %(size)d players): SoL holds no "
                "rubbers, lineups or tie format, so it cannot be a team event here; tourney "
                "skipped",
                tourney=f"{description} ({day.isoformat()})",
                size=players_per,
            )
        )
        return
    facts = extension.get("event") if extension is not None else None
    facts = facts if isinstance(facts, dict) else {}
    tables_needed = max((m.get("board") or 0 for m in matches if isinstance(m, dict)), default=0)
    tournament = Tournament.objects.create(
        name=description[:200],
        slug=_unique_slug(f"{description} {day.isoformat()}"),
        start_date=day,
        end_date=day,
        venue=text_of(tourney.get("location"))[:200],
        table_count=max(tables_needed, 1),
    )
    if getattr(user, "pk", None):
        tournament.organisers.add(user)
    rating = rating_for(
        lists, tourney=tourney
    )  # issue 33: rated under SoL's rating, re-rated after
    if rating is not None:
        Tournament.objects.filter(pk=tournament.pk).update(rating=rating)
        tournament.rating = rating
    played = [
        m
        for m in matches
        if isinstance(m, dict)
        and (m.get("score1") or m.get("score2") or m.get("competitor2") is None)
    ]
    best_of_three = any(isinstance(m, dict) and m.get("score1_2") is not None for m in matches)
    event = Event.objects.create(
        tournament=tournament,
        name=(cname or description)[:120],
        kind=Event.Kind.DOUBLES if players_per == 2 else Event.Kind.SINGLES,
        format=SYSTEMS.get(text_of(tourney.get("system")), Event.Format.SWISS),
        games_to_win=2 if best_of_three else 1,
        status=Event.Status.FINISHED
        if matches and len(played) == len(matches)
        else Event.Status.RUNNING,
        # SoL ranks by the entries' own rates, then by name (never another tourney's)
        settings={
            "ranking": "european",
            "bye_points": _phantom_score(tourney),
            "ratings": "entry",
            "bye_total": "recorded",
        },
        round_minutes=limit_minutes(tourney.get("duration")),  # SoL's round time limit
        prized=bool(tourney.get("prized")),  # SoL's prize-giving done: its prizes as recorded
        # not done (or undone): no prizes for its championships until prized here, as SoL
        prizes_pending=not tourney.get("prized"),
    )
    if facts:
        _apply_facts(event, facts, teams=teams is not None)
    if teams is not None:
        tie_format_key(tournament, event=event, teams=teams)
    group = "A" if event.format == Event.Format.GROUPS else ""  # a round robin: one table
    players = lists.get("players") or []
    rate_of = entry_rates(lists, tourney=tourney, day=day)
    # SoL ranks a tourney by its competitors' prizes first (given at its prize-giving, kept
    # if the prize-giving is undone): kept here where the archive holds any (issue 31)
    prized = any(isinstance(c, dict) and _prize(c) for c in competitors)
    entries: list[Entry] = []
    player_ids: dict[Any, int] = {}  # a team event's players by their position in the file
    for c_index, competitor in enumerate(competitors, 1):
        if not isinstance(competitor, dict) or not competitor.get("players"):
            raise SolError(
                Line.gettext(
                    "%(where)s: competitor %(number)d has no players", where=where, number=c_index
                )
            )
        team = teams["competitors"][c_index - 1] if teams is not None else None
        positions = team_players(team) if team is not None else competitor["players"]
        members = [
            import_player(item_at(players, position=p, what="player"), lists=lists, report=report)
            for p in positions
        ]
        player_ids.update((p, m.pk) for p, m in zip(positions, members, strict=True))
        squad = members
        if team is not None:  # the entry's player is the captain
            members = captain_first(team, members=members)
        rate = rate_of(competitor["players"])
        if rate is None:
            rate = number_of(competitor.get("rate", competitor.get("rating")))
        if rate is not None and members[0].rating != rate and team is None:
            members[0].rating = rate  # the player's latest known rating
            members[0].save(update_fields=["rating"])
            report.kept.append(
                Line.gettext("%(player)s: rating %(rate)d", player=members[0].name, rate=rate)
            )
        position = number_of(competitor.get("position"))
        entries.append(
            Entry.objects.create(
                event=event,
                player=members[0],
                partner=members[1] if len(members) > 1 and team is None else None,
                withdrawn=bool(competitor.get("retired")),
                rating=rate,
                seed=position if position and position > 0 else None,
                prize=_prize(competitor) if prized else None,
            )
        )
        if team is not None:
            make_team(event, entry=entries[-1], team=team, members=squad)

    rounds: dict[tuple[int, bool], Round] = {}
    own_rounds = _own_rounds(event, extension)
    tables: dict[int, Table] = {}
    extras = extension["matches"] if extension is not None else [None] * len(matches)
    ordered = sorted(
        ((m, x) for m, x in zip(matches, extras, strict=True) if isinstance(m, dict)),
        key=lambda mx: (mx[0].get("turn") or 0, bool(mx[0].get("final")), mx[0].get("board") or 0),
    )
    plans: list[PaperMatch] = []
    ties: list[TiePlan] = []
    for number, (smatch, extra) in enumerate(ordered, 1):
        turn = smatch.get("turn") or 1
        final = bool(smatch.get("final"))
        round_ = own_rounds.get(turn) if isinstance(turn, int) else None
        if round_ is None and (turn, final) not in rounds:
            rounds[(turn, final)] = Round.objects.create(
                event=event,
                number=turn,
                games_to_win=event.games_to_win,
                bracket=Round.Bracket.FINAL if final else Round.Bracket.MAIN,
                stage=Round.Stage.LATE,
                name="",
            )
        table_no = smatch.get("board")
        if isinstance(table_no, int) and table_no > 0 and table_no not in tables:
            tables[table_no] = Table.objects.get_or_create(tournament=tournament, number=table_no)[
                0
            ]
        plan = import_match(
            smatch,
            number=number,
            event=event,
            round_=round_ or rounds[(turn, final)],
            table=tables.get(table_no) if isinstance(table_no, int) else None,
            entries=entries,
            tournament=tournament,
            actor=actor,
            report=report,
            where=Line.gettext("%(tourney)s, round %(round)s", tourney=description, round=turn),
            group=group,
            extra=extra if isinstance(extra, dict) else None,
        )
        plans.append(plan)
        if teams is not None and isinstance(extra, dict) and isinstance(extra.get("tie"), dict):
            tie, rubbers = import_tie(
                plan,
                extra=extra,
                report=report,
                where=Line.gettext("%(tourney)s, round %(round)s", tourney=description, round=turn),
            )
            ties.append(tie)
            plans.extend(rubbers)
    write_matches(plans)  # every match of the tourney, its games, boards and audit rows
    if ties:  # the ties, their lineups and rubbers; each tie's result from its rubbers
        day_end = timezone.make_aware(datetime.datetime.combine(day, datetime.time(23, 59)))
        rubbers_written = write_ties(
            ties,
            event=event,
            players=lambda ps: [player_ids[p] for p in ps if p in player_ids],
            day_end=day_end,
        )
        report.kept.append(
            Line.gettext(
                "%(tourney)s: team event, %(teams)d teams, %(ties)d ties and %(rubbers)d "
                "rubbers as the app exported them",
                tourney=description,
                teams=len(entries),
                ties=len(ties),
                rubbers=rubbers_written,
            )
        )

    import_season(
        tourney, lists=lists, event=event, entries=entries, report=report
    )  # its championship and clubs
    ExternalRecord.objects.create(
        source=SOURCE,
        kind="tournament",
        key=key[:100],
        tournament=tournament,
        data={
            "description": description,
            "date": day.isoformat(),
            "championship": cname,
            "location": text_of(tourney.get("location")),
            "file": file_name,
            "system": text_of(tourney.get("system")),
            "matches": len(matches),
        },
    )
    AuditEntry.objects.create(
        tournament=tournament,
        actor=actor.user,
        via="import",
        device=actor.device,
        action="import_sol",
        detail={
            "file": file_name,
            "guid": text_of(tourney.get("guid")),
            "description": description,
            "date": day.isoformat(),
            "competitors": len(entries),
            "matches": len(ordered),
        },
    )
    report.tournaments.append(tournament)


def tourney_identity(
    tourney: dict[str, Any], *, index: int, lists: dict[str, Any]
) -> tuple[str, str, datetime.date, str]:
    """A tourney's key (SoL's ``guid``, else championship, date and description), its
    description, date and championship's name.

    :raises SolError: no date, or a championship the archive does not list.
    """
    where = f"tourney {index}"
    description = text_of(tourney.get("description")) or where
    day = date_of(
        tourney.get("date"),
        what=Line.gettext("tourney %(number)d (%(name)s)", number=index, name=description),
    )
    championships = lists.get("championships") or lists.get("seasons") or []
    position = tourney.get("championship", tourney.get("season"))
    championship = (
        item_at(championships, position=position, what="championship") if position else {}
    )
    cname = text_of(championship.get("description")) if isinstance(championship, dict) else ""
    key = text_of(tourney.get("guid")) or f"{cname}|{day.isoformat()}|{description}"
    return key[:100], description, day, cname


def _apply_facts(event: Event, facts: dict[str, Any], teams: bool = False) -> None:
    """The event as this app exported it (:mod:`.extension`): its format, kind (a team event
    only with its teams, :mod:`.teams`), rules, games, settings (ranking rule, bye value, tie
    format), round time and status; unknown values are ignored."""
    from scoring.rules import RULESETS

    if facts.get("format") in Event.Format.values:
        event.format = facts["format"]
    kinds = (Event.Kind.TEAMS,) if teams else (Event.Kind.SINGLES, Event.Kind.DOUBLES)
    if facts.get("kind") in kinds:
        event.kind = facts["kind"]
    if facts.get("rules") in RULESETS:
        event.rules = facts["rules"]
    if facts.get("games_to_win") in (1, 2, 3):
        event.games_to_win = facts["games_to_win"]
    if isinstance(facts.get("settings"), dict):
        event.settings = facts["settings"]
    if facts.get("status") in Event.Status.values:
        event.status = facts["status"]
    minutes = facts.get("round_minutes")
    if minutes is None or (isinstance(minutes, int) and 1 <= minutes <= 600):
        event.round_minutes = minutes
    if isinstance(facts.get("name"), str) and facts["name"].strip():
        event.name = facts["name"].strip()[:120]
    event.save()


def _own_rounds(event: Event, extension: dict[str, Any] | None) -> dict[int, Round]:
    """The rounds of this app's export by SoL turn: brackets (winners, losers, final,
    placement, groups), numbers, stages and games as they were."""
    if extension is None or not isinstance(extension.get("rounds"), list):
        return {}
    out: dict[int, Round] = {}
    for row in extension["rounds"]:
        if not isinstance(row, dict) or not isinstance(row.get("turn"), int):
            continue
        bracket = str(
            row["bracket"] if row.get("bracket") in Round.Bracket.values else Round.Bracket.MAIN
        )
        stage = str(row["stage"] if row.get("stage") in Round.Stage.values else Round.Stage.LATE)
        games = int(
            row["games_to_win"] if row.get("games_to_win") in (1, 2, 3) else event.games_to_win
        )
        number = int(row["number"] if isinstance(row.get("number"), int) else row["turn"])
        out[row["turn"]] = Round.objects.create(
            event=event,
            number=number,
            games_to_win=games,
            bracket=bracket,
            stage=stage,
            name=text_of(row.get("name"))[:120],
        )
    return out


def _phantom_score(tourney: dict[str, Any]) -> int:
    """SoL's phantom score: what a bye is worth (25 by default)."""
    value = number_of(tourney.get("phantomscore"))
    return value if value is not None and value >= 0 else 25


def _prize(competitor: dict[str, Any]) -> Decimal:
    """A competitor's prize in a SoL tourney (SoL's two-decimal number, written as a string;
    none or unreadable: 0, SoL's default)."""
    try:
        prize = Decimal(str(competitor.get("prize") or 0)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        return Decimal(0)
    return prize if prize.is_finite() and abs(prize) < 10**8 else Decimal(0)
