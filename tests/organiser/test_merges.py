"""Merging two records of one person (issue 31): preview, one audited step, what follows the
merged player, undo, and who may."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring.models import AuditEntry, Entry, Event, ExternalRecord, Player, PlayerMerge
from scoring.selectors.merges import merge_candidates, merge_preview, undo_blocker
from scoring.services import draws
from scoring.services.callup import busy
from scoring.services.merges import merge_players, undo_merge
from scoring.services.tournaments import TournamentError
from tests.factories import make_tournament, play


@pytest.fixture
def twice(tournament, organiser):
    """Änne entered twice by imports: once in this tournament's singles, once (another record,
    upper case, with a licence) in the doubles of another of the organiser's tournaments."""
    first = Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    second = Player.objects.create(
        name="ÄNNE SCHÄFER", club="Riverside CC", licence="DE-77", born=datetime.date(1990, 3, 4)
    )
    singles = Event.objects.create(tournament=tournament, name="Singles")
    Entry.objects.create(event=singles, player=first)
    Entry.objects.create(event=singles, player=Player.objects.create(name="Ben Kirk"))
    other = make_tournament("autumn-cup", organiser=organiser)
    doubles = Event.objects.create(tournament=other, name="Doubles", kind="doubles")
    Entry.objects.create(
        event=doubles, player=Player.objects.create(name="Cleo Diaz"), partner=second
    )
    ExternalRecord.objects.create(source="sol", kind="player", key="guid-1", player=second)
    return first, second, singles, doubles


def test_preview_lists_what_moves(twice) -> None:
    first, second, _singles, doubles = twice
    preview = merge_preview(kept=first, merged=second)
    assert preview.possible
    assert [e.event for e in preview.entries] == [doubles]
    assert [r.key for r in preview.records] == ["guid-1"]
    assert preview.taken_over == {
        "licence": ("", "DE-77"),
        "born": (None, datetime.date(1990, 3, 4)),
    }
    assert len(preview.tournaments) == 2


def test_merge_moves_everything_in_one_audited_step(tournament, actor, twice) -> None:
    first, second, singles, doubles = twice
    merge = merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    assert Entry.objects.get(event=doubles).partner == first
    assert ExternalRecord.objects.get(key="guid-1").player == first
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.licence, first.born) == ("DE-77", datetime.date(1990, 3, 4))
    assert second.merged_into == first
    row = AuditEntry.objects.get(action="players_merged")
    assert row.detail["merge"] == merge.pk and row.detail["entries"] == 1
    # the same-name hint no longer lists the pair
    assert merge_candidates(tournament) == []
    # a merged record is never merged again, nor found by imports
    with pytest.raises(TournamentError):
        merge_players(tournament=tournament, kept=first, merged=second, actor=actor)


def test_busy_holds_follow_the_merged_player(tournament, actor, organiser) -> None:
    first = Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    second = Player.objects.create(name="änne schäfer", club="Riverside CC")
    singles = Event.objects.create(tournament=tournament, name="Singles")
    open_ = Event.objects.create(tournament=tournament, name="Open")
    for event, who in ((singles, first), (open_, second)):
        Entry.objects.create(event=event, player=who)
        Entry.objects.create(event=event, player=Player.objects.create(name=f"X {event.name}"))
        draws.draw_event(event=event, actor=actor)
    match = singles.matches.get()
    table = tournament.tables.first()
    from scoring.services.callup import call_match

    call_match(match=match, table=table, actor=actor)
    assert second.pk not in busy(tournament).players
    merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    other = open_.matches.get()
    with pytest.raises(TournamentError) as err:
        call_match(match=other, table=tournament.tables.all()[1], actor=actor)
    assert err.value.code == "player_busy"


def test_same_event_cannot_be_merged(tournament, actor) -> None:
    a = Player.objects.create(name="Asha Rao")
    b = Player.objects.create(name="ASHA RAO")
    event = Event.objects.create(tournament=tournament, name="Singles")
    Entry.objects.create(event=event, player=a)
    Entry.objects.create(event=event, player=b)
    assert merge_preview(kept=a, merged=b).problem == "merge_same_event"
    with pytest.raises(TournamentError):
        merge_players(tournament=tournament, kept=a, merged=b, actor=actor)
    assert merge_preview(kept=a, merged=a).problem == "merge_same"


def test_undo_while_nothing_new_is_recorded(tournament, actor, twice) -> None:
    first, second, _singles, doubles = twice
    merge = merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    assert undo_blocker(merge) == ""
    undo_merge(merge=merge, actor=actor)
    second.refresh_from_db()
    first.refresh_from_db()
    assert second.merged_into is None
    assert Entry.objects.get(event=doubles).partner == second
    assert ExternalRecord.objects.get(key="guid-1").player == second
    assert (first.licence, first.born) == ("", None)
    assert AuditEntry.objects.filter(action="players_merge_undone").exists()
    with pytest.raises(TournamentError):
        undo_merge(merge=merge, actor=actor)


def test_no_undo_after_a_result_on_a_moved_entry(tournament, actor, twice) -> None:
    first, second, _singles, _doubles = twice
    singles2 = Event.objects.create(tournament=tournament, name="Open", games_to_win=1)
    Entry.objects.create(event=singles2, player=second)
    Entry.objects.create(event=singles2, player=Player.objects.create(name="Dev Patel"))
    draws.draw_event(event=singles2, actor=actor)
    merge = merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    PlayerMerge.objects.filter(pk=merge.pk).update(
        created_at=merge.created_at - datetime.timedelta(seconds=5)
    )
    merge.refresh_from_db()
    play(singles2.matches.get())
    assert undo_blocker(merge) == "merge_recorded_since"
    with pytest.raises(TournamentError):
        undo_merge(merge=merge, actor=actor)


def test_no_undo_after_a_new_entry_of_the_kept_player(tournament, actor, twice) -> None:
    first, second, _singles, _doubles = twice
    merge = merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    Entry.objects.create(
        event=Event.objects.create(tournament=tournament, name="Late"), player=first
    )
    assert undo_blocker(merge) == "merge_recorded_since"


def test_merge_pages(client, tournament, organiser, twice) -> None:
    first, second, _singles, _doubles = twice
    client.force_login(organiser)
    players = client.get(reverse("scoring:organiser-players", args=[tournament.slug]))
    assert "The same name twice: one person?" in players.content.decode()
    url = reverse("scoring:organiser-merge", args=[tournament.slug])
    page = client.get(url, {"kept": first.pk, "merged": second.pk}).content.decode()
    assert "1 entry moves" in page and "Autumn Cup · Doubles" in page
    assert "1 imported record (SoL) moves." in page
    answer = client.post(url, {"kept": first.pk, "merged": second.pk})
    assert answer.status_code == 302
    second.refresh_from_db()
    assert second.merged_into == first
    merge = PlayerMerge.objects.get()
    listing = client.get(reverse("scoring:organiser-players", args=[tournament.slug]))
    assert "Undo the merge" in listing.content.decode()
    client.post(reverse("scoring:organiser-merge-undo", args=[tournament.slug, merge.pk]))
    second.refresh_from_db()
    assert second.merged_into is None


def test_an_organiser_merges_only_in_their_tournaments(
    client, tournament, organiser, django_user_model
) -> None:
    first = Player.objects.create(name="Änne Schäfer", club="Riverside CC")
    second = Player.objects.create(name="änne schäfer", club="Riverside CC")
    Entry.objects.create(event=Event.objects.create(tournament=tournament, name="S"), player=first)
    stranger = django_user_model.objects.create_user("other", password="pw")
    theirs = make_tournament("their-open", organiser=stranger)
    Entry.objects.create(event=Event.objects.create(tournament=theirs, name="S"), player=second)
    client.force_login(organiser)
    url = reverse("scoring:organiser-merge", args=[tournament.slug])
    page = client.get(url, {"kept": first.pk, "merged": second.pk}).content.decode()
    assert "Only an organiser of every tournament these records play in" in page
    assert client.post(url, {"kept": first.pk, "merged": second.pk}).status_code == 403
    second.refresh_from_db()
    assert second.merged_into is None
    # another tournament's organiser cannot open this tournament's merge page at all
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    # a superuser (a federation's owner) may
    boss = django_user_model.objects.create_superuser("boss", password="pw")
    client.force_login(boss)
    assert client.post(url, {"kept": first.pk, "merged": second.pk}).status_code == 302


def test_merge_an_id_outside_the_choices_is_refused(client, tournament, organiser) -> None:
    first = Player.objects.create(name="Asha Rao")
    Entry.objects.create(event=Event.objects.create(tournament=tournament, name="S"), player=first)
    stranger = Player.objects.create(name="Zed Q")
    client.force_login(organiser)
    url = reverse("scoring:organiser-merge", args=[tournament.slug])
    answer = client.post(url, {"kept": first.pk, "merged": stranger.pk})
    assert answer.status_code == 422
    assert not PlayerMerge.objects.exists()


def test_imports_land_on_the_kept_record(tournament, actor, twice) -> None:
    first, second, _singles, _doubles = twice
    merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    from scoring.services.players import find_player

    assert find_player("ÄNNE SCHÄFER", club="Riverside CC") == first


def test_placings_and_statistics_follow_the_kept_record(client, tournament, actor, twice) -> None:
    from scoring.services.exports import placings_csv

    first, second, singles, _doubles = twice
    singles.games_to_win = 1
    singles.save()
    draws.draw_event(event=singles, actor=actor)
    play(
        singles.matches.get(), winner="a" if singles.matches.get().entry_a.player == first else "b"
    )
    merge_players(tournament=tournament, kept=first, merged=second, actor=actor)
    text = placings_csv(tournament, events=[singles])
    line = next(row for row in text.splitlines() if "Änne Schäfer" in row)
    assert "DE-77" in line
    page = client.get(reverse("scoring:live-player", args=[tournament.slug, first.pk]))
    assert page.status_code == 200
