"""The organiser's SoL upload (issue 31): a ``.sol``, ``.sol.gz``, ``.zip`` or ``.box``
backup is read and previewed (:func:`upload_sol`), confirmed (:func:`start_import`), then
imported by a background task (:func:`run_import`, enqueued through ``django.tasks``) that
writes its progress after every tourney; the page polls it. Nothing is imported before the
organiser confirms; a file that cannot be read is refused with the reason."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.models import ExternalRecord, SolImport
from scoring.services.players import current, find_player
from scoring.services.sol.extension import tourney_extension
from scoring.services.sol.players import SOURCE, player_fields, player_key
from scoring.services.sol.reading import SolError, item_at, read_members, unbox
from scoring.services.sol.report import Line, stored
from scoring.services.sol.teams import team_facts, team_players
from scoring.services.sol.tourneys import (
    SYSTEMS,
    import_sol,
    tourney_identity,
)

logger = logging.getLogger(__name__)

#: The file names the upload takes (SoL's archives and its two kinds of backup).
SUFFIXES = (".sol", ".sol.gz", ".zip", ".box")
#: How many names of each kind the preview lists (the counts are always whole).
LISTED = 200
#: The failure message of an import stopped by an unexpected error (shown translated).
UNEXPECTED = gettext_noop(
    "the import stopped on an unexpected error; the tourneys read before it stay imported"
)


def upload_sol(*, user: Any, file_name: str, content: bytes, key: str = "") -> SolImport:
    """Read an uploaded SoL file and store it with its preview, waiting for confirmation.

    :param key: the 64 hexadecimal digits that open a ``.box`` backup (ignored otherwise).
    :raises SolError: not a SoL file, a ``.box`` without its key or with a wrong one, a
        malformed archive, or over the import caps (size, compression ratio, time).
    """
    lowered = file_name.lower()
    if not lowered.endswith(SUFFIXES):
        raise SolError(_("the file is not a SoL archive (.sol, .sol.gz) or backup (.zip, .box)"))
    if lowered.endswith(".box"):
        if not key.strip():
            raise SolError(_("a .box backup is locked: give its key"))
        content = unbox(content, key=key)
    members = read_members(content)
    preview = preview_members(members)
    return SolImport.objects.create(
        created_by=user,
        file_name=file_name[-200:],
        content=content,
        tourneys_total=preview["counts"]["tourneys"],
        preview=preview,
    )


def preview_members(members: Iterable[tuple[str, list[dict[str, Any]]]]) -> dict[str, Any]:
    """What the import of these archives would do, read only: each tourney (new, or imported
    before and skipped), each player (known by SoL's guid, matched to an existing player by
    the name key and club, or new), what is kept as SoL recorded it and what cannot be
    represented.

    :raises SolError: a tourney or player the import would refuse (no date, no name, a
        position the archive does not list).
    """
    tourneys: list[dict[str, Any]] = []
    guid_known: dict[str, dict[str, Any]] = {}
    matched: dict[str, dict[str, Any]] = {}
    new: dict[str, dict[str, Any]] = {}
    warnings: list[str] = []
    recorded = 0
    for member, documents in members:
        lists = documents[0]
        players = lists.get("players") or []
        for index, tourney in enumerate(documents[1:], 1):
            key, description, day, championship = tourney_identity(
                tourney, index=index, lists=lists
            )
            before = ExternalRecord.objects.filter(
                source=SOURCE, kind="tournament", key=key
            ).exists()
            competitors = [c for c in tourney.get("competitors") or [] if isinstance(c, dict)]
            matches = [m for m in tourney.get("matches") or [] if isinstance(m, dict)]
            size = max((len(c.get("players") or []) for c in competitors), default=1)
            label = f"{description} ({day.isoformat()})"
            # a team event of this app's own export comes back whole (:mod:`.teams`)
            extension = tourney_extension(lists, guid=str(tourney.get("guid") or ""))
            if extension is not None and len(extension["matches"]) != len(matches):
                extension = None
            teams = team_facts(extension, competitors=len(competitors))
            unreadable = size > 2 and teams is None
            if unreadable:
                warnings.append(
                    Line.gettext(
                        "%(tourney)s: a SoL team tourney (teams of %(size)d players): SoL "
                        "holds no rubbers, lineups or tie format, so it cannot be a team "
                        "event here; this tourney will be skipped",
                        tourney=label,
                        size=size,
                    )
                )
            if not before and not unreadable:
                if teams is None:
                    recorded += sum(
                        1
                        for m in matches
                        if not m.get("boards") and (m.get("score1") or m.get("score2"))
                    )
                squads = (
                    [team_players(t) for t in teams["competitors"]]
                    if teams is not None
                    else [c.get("players") or [] for c in competitors]
                )
                for squad in squads:
                    for position in squad:
                        _sort_player(
                            item_at(players, position=position, what="player"),
                            lists,
                            guid_known,
                            matched,
                            new,
                        )
            system = str(tourney.get("system") or "swiss")
            if system not in SYSTEMS:
                warnings.append(
                    Line.gettext(
                        "%(tourney)s: SoL's system “%(system)s” is imported as Swiss",
                        tourney=label,
                        system=system,
                    )
                )
            tourneys.append(
                {
                    "member": member,
                    "description": description,
                    "date": day.isoformat(),
                    "championship": championship,
                    "competitors": len(competitors),
                    "matches": len(matches),
                    "imported_before": before,
                    "skipped": before or unreadable,
                }
            )
    if recorded:
        warnings.append(
            Line.ngettext(
                "%(n)d match has only its score (no board rows): its score is kept as SoL "
                "recorded it",
                "%(n)d matches have only their score (no board rows): their score is kept "
                "as SoL recorded it",
                n=recorded,
            )
        )
    created = sum(1 for t in tourneys if not t["skipped"])
    return {
        "counts": {
            "tourneys": len(tourneys),
            "created": created,
            "skipped": len(tourneys) - created,
            "players": len(guid_known) + len(matched) + len(new),
            "known": len(guid_known),
            "matched": len(matched),
            "new": len(new),
        },
        "tourneys": tourneys[:LISTED],
        "known": sorted(guid_known.values(), key=lambda p: p["name"])[:LISTED],
        "matched": sorted(matched.values(), key=lambda p: p["name"])[:LISTED],
        "new": sorted(new.values(), key=lambda p: p["name"])[:LISTED],
        "warnings": [stored(w) for w in warnings[:LISTED]],
    }


def _sort_player(
    splayer: Any,
    lists: dict[str, Any],
    guid_known: dict[str, Any],
    matched: dict[str, Any],
    new: dict[str, Any],
) -> None:
    """Put one SoL player where the import will put it: known by its guid (an earlier
    import), matched by name key and club (:func:`find_player`, issue 31), or new."""
    if not isinstance(splayer, dict):
        raise SolError("a player must be a mapping")
    key = player_key(splayer)
    if key in guid_known or key in matched or key in new:
        return
    _first, _last, _nick, name, club, _nation, born = player_fields(splayer, lists=lists)
    row = {"name": name, "club": club}
    record = (
        ExternalRecord.objects.filter(source=SOURCE, kind="player", key=key[:100])
        .select_related("player")
        .first()
    )
    if record is not None and record.player is not None:
        player = current(record.player)
        guid_known[key] = row | {"player": player.name, "player_club": player.club}
        return
    found = find_player(name[:120], club=club[:120], born=born)
    if found is not None:
        matched[key] = row | {"player": found.name, "player_club": found.club}
    else:
        new[key] = row


def start_import(*, upload: SolImport, user: Any) -> SolImport:
    """The organiser's confirmation: the import is queued as a background task.

    :raises SolError: this upload was confirmed before (it is imported once).
    """
    with transaction.atomic():
        locked = SolImport.objects.select_for_update().get(pk=upload.pk)
        if locked.status != SolImport.Status.PREVIEW:
            raise SolError(_("this file's import was started before"))
        locked.status = SolImport.Status.QUEUED
        locked.save(update_fields=["status", "updated_at"])
    from scoring.tasks import import_sol_upload

    import_sol_upload.enqueue(locked.pk)
    locked.refresh_from_db()
    return locked


def run_import(upload_id: int) -> None:
    """The background task's work: import the stored archive tourney by tourney (each in its
    own short transaction, so tablets are never blocked), the progress written after each;
    then the report, or the reason it failed. The stored archive is emptied at the end."""
    upload = SolImport.objects.select_related("created_by").get(pk=upload_id)
    if upload.status != SolImport.Status.QUEUED:
        return
    SolImport.objects.filter(pk=upload.pk).update(
        status=SolImport.Status.RUNNING, updated_at=timezone.now()
    )

    def progress(done: int, total: int) -> None:
        SolImport.objects.filter(pk=upload.pk).update(
            tourneys_done=done, tourneys_total=total, updated_at=timezone.now()
        )

    try:
        report = import_sol(
            bytes(upload.content),
            user=upload.created_by,
            file_name=upload.file_name,
            progress=progress,
        )
    except SolError as err:
        # the reason kept in words for the reader's language too (the message is plain text)
        _finish(
            upload.pk,
            SolImport.Status.FAILED,
            message=str(err),
            result={"failure": stored(err.message)},
        )
        return
    except Exception:
        logger.exception("SoL import %s failed", upload.pk)
        _finish(
            upload.pk,
            SolImport.Status.FAILED,
            message=UNEXPECTED,
        )
        raise
    _finish(
        upload.pk,
        SolImport.Status.DONE,
        result={
            "tournaments": [{"slug": t.slug, "name": t.name} for t in report.tournaments][:LISTED],
            "created": len(report.tournaments),
            "skipped": report.skipped[:LISTED],
            "players_created": report.players_created,
            "players_reused": report.players_reused,
            "matches": report.matches,
            "boards": report.boards,
            "warnings": [stored(w) for w in report.warnings[:LISTED]],
            "flagged": [stored(f) for f in report.flagged[:LISTED]],
            "kept": len(report.kept),
        },
    )


def _finish(
    pk: int, status: str, *, message: str = "", result: dict[str, Any] | None = None
) -> None:
    SolImport.objects.filter(pk=pk).update(
        status=status, message=message, result=result or {}, content=b"", updated_at=timezone.now()
    )
