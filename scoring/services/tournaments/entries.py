"""Players and entries entered by hand: add (players found or created through
:class:`~scoring.services.players.PlayerBook`), seed and remove; entries close with the draw
for knock-out, groups and double elimination."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q

from scoring.limits import SEED_MAX
from scoring.models import Entry, Event, Player
from scoring.services.audit import Actor
from scoring.services.players import PlayerBook
from scoring.services.tournaments.base import TournamentError, audit

#: Formats whose entries close with the draw (a Swiss event takes late entries between rounds).
CLOSED_AFTER_DRAW = (Event.Format.KNOCKOUT, Event.Format.GROUPS, Event.Format.DOUBLE_ELIMINATION)


def entries_open(event: Event) -> bool:
    """Can entries still be added? Knock-out, groups and double elimination close with the
    draw; a Swiss event takes late entries until it is finished."""
    if event.status == Event.Status.FINISHED:
        return False
    if event.format in CLOSED_AFTER_DRAW:
        return not event.rounds.exists()
    return True


@dataclass
class PlayerData:
    name: str
    club: str = ""
    nationality: str = ""
    rating: int | None = None
    licence: str = ""  # the federation's licence number (issue 15)
    born: datetime.date | None = None  # the date of birth, where known (issue 31)


class PossibleDuplicate(TournamentError):
    """A name already known under another club (or without one): the organiser says whether
    it is the same person before a new player is made (issue 31). ``known`` maps "player"
    and "partner" to the saved players of that name."""

    def __init__(self, known: dict[str, list[Player]]) -> None:
        first = next(iter(known.values()))[0]
        super().__init__(
            "possible_duplicate",
            name=first.name,
            known=", ".join(x for x in (first.name, first.club) if x),
        )
        self.known = known


def add_entry(
    *,
    event: Event,
    player: PlayerData,
    actor: Actor,
    partner: PlayerData | None = None,
    seed: int | None = None,
    same_as: dict[str, Player | None] | None = None,
    ask: bool = False,
) -> Entry:
    """Enter a player (or a pair in doubles) by hand; players are found by the name's key
    (any case and Unicode form), club, licence and date of birth, or created. With ``ask``,
    a name known only under another club raises :class:`PossibleDuplicate` until the
    organiser answers: ``same_as`` maps "player" / "partner" to the known player meant, or to
    None for a new player. A player who plays in another tournament is never changed: a new
    nationality or rating makes this tournament's own record of the player
    (:mod:`scoring.services.players`)."""
    answered = same_as or {}
    with transaction.atomic():
        book = PlayerBook(event.tournament)
        if ask:
            known = {
                role: found
                for role, data in (("player", player), ("partner", partner))
                if data is not None
                and role not in answered
                and (found := book.similar(data.name, data.club, data.licence, data.born))
            }
            if known:
                raise PossibleDuplicate(known)
        entry, created = _add_entry(event, player, partner, seed, book, answered)
        if not created:
            raise TournamentError("already_entered", name=entry.name)
        audit(
            event.tournament,
            actor=actor,
            action="entry_added",
            detail={
                "event": event.pk,
                "entry": entry.pk,
                "name": entry.name,
                "seed": seed,
                **book.detail(),
            },
        )
        return entry


def _add_entry(
    event: Event,
    player: PlayerData,
    partner: PlayerData | None,
    seed: int | None,
    book: PlayerBook,
    same_as: dict[str, Player | None] | None = None,
) -> tuple[Entry, bool]:
    same_as = same_as or {}
    if not entries_open(event):
        raise TournamentError("entries_closed", event=event.name)
    if event.is_doubles and partner is None:
        raise TournamentError("partner_missing")
    if not event.is_doubles and partner is not None:
        raise TournamentError("partner_singles")
    first = book.resolve(
        player.name,
        player.club,
        player.nationality,
        player.rating,
        player.licence,
        player.born,
        same_as=same_as.get("player"),
    )
    mate = (
        book.resolve(
            partner.name,
            partner.club,
            licence=partner.licence,
            born=partner.born,
            same_as=same_as.get("partner"),
        )
        if partner is not None
        else None
    )
    if mate is not None and mate is first:
        raise TournamentError("partner_self")
    book.save()
    taken = Entry.objects.filter(event=event).filter(
        Q(player__in=[p for p in (first, mate) if p])
        | Q(partner__in=[p for p in (first, mate) if p])
    )
    existing = next(
        (
            e
            for e in taken
            if e.player_id == first.pk and e.partner_id == (mate.pk if mate else None)
        ),
        None,
    )
    if existing is not None:
        if seed is not None and existing.seed != seed:
            _check_seed(event, seed, existing.pk)
            existing.seed = seed
            existing.save(update_fields=["seed"])
        return existing, False
    if taken:
        clash = taken[0]
        raise TournamentError(
            "already_entered",
            name=(
                first
                if mate is None or clash.player_id == first.pk or clash.partner_id == first.pk
                else mate
            ).name,
        )
    if seed is not None:
        _check_seed(event, seed)
    try:
        with transaction.atomic():
            entry = Entry.objects.create(event=event, player=first, partner=mate, seed=seed)
    except IntegrityError:
        raise TournamentError("already_entered", name=first.name) from None
    return entry, True


def _check_seed(event: Event, seed: int, exclude: int | None = None) -> None:
    if not 1 <= seed <= SEED_MAX:
        raise TournamentError("bad_seed")
    clashes = Entry.objects.filter(event=event, seed=seed)
    if exclude is not None:
        clashes = clashes.exclude(pk=exclude)
    clash = clashes.first()
    if clash is not None:
        raise TournamentError("seed_taken", seed=seed, name=clash.name)


def set_seed(*, entry: Entry, seed: int | None, actor: Actor) -> Entry:
    with transaction.atomic():
        if entry.event.rounds.exists() and entry.event.format in CLOSED_AFTER_DRAW:
            raise TournamentError("entries_closed", event=entry.event.name)
        if seed is not None:
            _check_seed(entry.event, seed, entry.pk)
        before = entry.seed
        entry.seed = seed
        entry.save(update_fields=["seed"])
        audit(
            entry.event.tournament,
            actor=actor,
            action="entry_seed",
            detail={"entry": entry.pk, "before": before, "after": seed},
        )
        return entry


def remove_entry(*, entry: Entry, actor: Actor) -> None:
    """Delete an entry that has no match yet (otherwise: withdraw it)."""
    from scoring.models import Match

    with transaction.atomic():
        if Match.objects.filter(Q(entry_a=entry) | Q(entry_b=entry) | Q(entry_c=entry)).exists():
            raise TournamentError("entry_has_matches", name=entry.name)
        audit(
            entry.event.tournament,
            actor=actor,
            action="entry_removed",
            detail={"event": entry.event_id, "entry": entry.pk, "name": entry.name},
        )
        entry.delete()
