"""Team events in the backup (issue 34): tie formats, teams with their players, ties with
their lineups and rubbers, by the document's references (``p…`` players, ``e…`` events,
``n…`` entries, ``m…`` matches), never by database ids."""

from __future__ import annotations

from typing import Any

from scoring.models import (
    Entry,
    Event,
    Lineup,
    Match,
    Player,
    Rubber,
    Team,
    TeamMember,
    Tie,
    TieFormat,
    Tournament,
)
from scoring.services.backup.common import BackupError
from scoring.services.backup.rows import list_of, new_row, ref_to


def team_player_ids(tournament: Tournament) -> set[int]:
    """Players the team rows name (members, lineups, rubbers): the export includes them."""
    ids = set(
        TeamMember.objects.filter(event__tournament=tournament).values_list("player_id", flat=True)
    )
    for pa, pb in Rubber.objects.filter(tie__event__tournament=tournament).values_list(
        "players_a", "players_b"
    ):
        ids.update(p for p in [*(pa or []), *(pb or [])] if isinstance(p, int))
    for players in Lineup.objects.filter(tie__event__tournament=tournament).values_list(
        "players", flat=True
    ):
        ids.update(p for rubber in players or [] for p in rubber if isinstance(p, int))
    return ids


def teams_out(
    tournament: Tournament,
    *,
    p_ref: dict[int | None, str],
    e_ref: dict[int | None, str],
    n_ref: dict[int | None, str],
    m_ref: dict[int | None, str],
) -> dict[str, Any]:
    """The document's ``tie_formats``, ``teams`` and ``ties``."""

    def refs(ids: Any) -> list[Any]:
        return [p_ref.get(p, p) for p in ids or []]

    members: dict[int, list[str]] = {}
    for team_id, player_id in (
        TeamMember.objects.filter(event__tournament=tournament)
        .order_by("team_id", "number", "pk")
        .values_list("team_id", "player_id")
    ):
        members.setdefault(team_id, []).append(p_ref[player_id])
    ties = list(Tie.objects.filter(event__tournament=tournament).order_by("pk"))
    lineups: dict[int, list[Lineup]] = {}
    for row in Lineup.objects.filter(tie__in=ties).order_by("side"):
        lineups.setdefault(row.tie_id, []).append(row)
    rubbers: dict[int, list[Rubber]] = {}
    for rubber in Rubber.objects.filter(tie__in=ties).order_by("number"):
        rubbers.setdefault(rubber.tie_id, []).append(rubber)
    return {
        "tie_formats": [
            {
                "ref": f.key,
                "name": f.name,
                "rubbers": f.rubbers,
                "stop_when_decided": f.stop_when_decided,
                "player_rule": f.player_rule,
                "win": f.win,
                "draw": f.draw,
                "loss": f.loss,
            }
            for f in TieFormat.objects.filter(tournament=tournament).order_by("pk")
        ],
        "teams": [
            {
                "event": e_ref[t.event_id],
                "entry": n_ref[t.entry_id],
                "name": t.name,
                "club": t.club,
                "captain": p_ref[t.captain_id],
                "players": members.get(t.pk, []),
            }
            for t in Team.objects.filter(event__tournament=tournament).order_by("pk")
        ],
        "ties": [
            {
                "event": e_ref[t.event_id],
                "match": m_ref[t.match_id],
                "format": t.format,
                "walkover": t.walkover,
                "lineups": [
                    {
                        "side": x.side,
                        "players": [refs(r) for r in x.players],
                        "submitted_via": x.submitted_via,
                    }
                    for x in lineups.get(t.pk, [])
                ],
                "rubbers": [
                    {
                        "number": r.number,
                        "kind": r.kind,
                        "match": m_ref.get(r.match_id) if r.match_id else None,
                        "players_a": refs(r.players_a),
                        "players_b": refs(r.players_b),
                    }
                    for r in rubbers.get(t.pk, [])
                ],
            }
            for t in ties
        ],
    }


def import_teams(
    document: dict[str, Any],
    *,
    tournament: Tournament,
    events: dict[str, Event],
    entries: dict[str, Entry],
    players: dict[str, Player],
    matches: dict[str, Match],
) -> dict[str, int]:
    """Restore the team rows of ``document`` (checked and written by :mod:`.rows`); the
    organisers' format keys
    ``t-<id>`` named by events' settings follow the new rows."""
    keys: dict[str, str] = {}
    for i, row in enumerate(list_of(document, key="tie_formats")):
        where = f"tie_formats[{i}]"
        made = new_row(
            TieFormat,
            where=where,
            tournament=tournament,
            name=row.get("name", ""),
            rubbers=row.get("rubbers") or [],
            stop_when_decided=bool(row.get("stop_when_decided", True)),
            player_rule=row.get("player_rule", "one_each"),
            win=row.get("win", 2),
            draw=row.get("draw", 1),
            loss=row.get("loss", 0),
        )
        keys[str(row.get("ref"))] = made.key
    for event in events.values():
        key = (event.settings or {}).get("tie_format")
        if key in keys:
            event.settings = {**event.settings, "tie_format": keys[key]}
            event.save(update_fields=["settings"])

    def ids(values: Any) -> list[Any]:
        return [players[v].pk if v in players else v for v in values or []]

    count = 0
    for i, row in enumerate(list_of(document, key="teams")):
        where = f"teams[{i}]"
        event = ref_to(events, ref=row.get("event"), where=where, optional=False)
        entry = ref_to(entries, ref=row.get("entry"), where=where, optional=False)
        Entry.objects.filter(pk=entry.pk).update(team_name=row.get("name", ""))
        team = new_row(
            Team,
            where=where,
            event=event,
            entry=entry,
            name=row.get("name", ""),
            club=row.get("club", ""),
            captain=ref_to(players, ref=row.get("captain"), where=where, optional=False),
        )
        for n, player in enumerate(row.get("players") or [], start=1):
            new_row(
                TeamMember,
                where=where,
                team=team,
                event=event,
                player=ref_to(players, ref=player, where=where, optional=False),
                number=n,
            )
        count += 1
    for i, row in enumerate(list_of(document, key="ties")):
        where = f"ties[{i}]"
        tie = new_row(
            Tie,
            where=where,
            event=ref_to(events, ref=row.get("event"), where=where, optional=False),
            match=ref_to(matches, ref=row.get("match"), where=where, optional=False),
            format=row.get("format") or {},
            walkover=row.get("walkover") or "",
        )
        for part in ("lineups", "rubbers"):
            if not isinstance(row.get(part) or [], list) or not all(
                isinstance(x, dict) for x in row.get(part) or []
            ):
                raise BackupError("bad_field", f"{where}: {part} must be a list of objects")
        for lineup in row.get("lineups") or []:
            new_row(
                Lineup,
                where=where,
                tie=tie,
                side=lineup.get("side", "a"),
                players=[ids(r) for r in lineup.get("players") or []],
                submitted_via=lineup.get("submitted_via", ""),
            )
        for rubber in row.get("rubbers") or []:
            new_row(
                Rubber,
                where=where,
                tie=tie,
                number=rubber.get("number", 1),
                kind=rubber.get("kind", "singles"),
                match=ref_to(matches, ref=rubber.get("match"), where=where),
                players_a=ids(rubber.get("players_a")),
                players_b=ids(rubber.get("players_b")),
            )
    return {"teams": count, "ties": len(document.get("ties") or [])}
