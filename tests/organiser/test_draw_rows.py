"""The draw's plain-SQL reads and writes (scoring.services.draw_rows, issue 17) give what the
ORM gives: the locked event as ``Event.objects.get`` reads it, the inserted matches with every
default of a new ``Match`` and their own times and link tokens."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.utils import timezone

from scoring.models import Event, Match, Tournament
from scoring.services import draws
from scoring.services.draw_rows import entry_rows, insert_matches, lock_event
from scoring.standings import entry_lines
from tests.live import factories as f

pytestmark = pytest.mark.django_db


def _values(obj: object, model: type) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in model._meta.concrete_fields}


def test_the_locked_event_is_the_event_the_orm_reads() -> None:
    e, _entries = f.event(f.tournament(), format="swiss", entries=4)
    Event.objects.filter(pk=e.pk).update(settings={"rounds": 5, "separate": "club"})
    with transaction.atomic():
        locked = lock_event(e)
    fresh = Event.objects.select_related("tournament").get(pk=e.pk)
    assert _values(locked, Event) == _values(fresh, Event)
    assert _values(locked.tournament, Tournament) == _values(fresh.tournament, Tournament)
    assert isinstance(locked.tournament.start_date, datetime.date)
    assert not locked._state.adding
    locked.save(update_fields=["name"])  # a saved instance, as the ORM's


def test_entry_rows_follow_the_entry_lines() -> None:
    e, entries = f.event(f.tournament(), format="swiss", entries=5)
    entries[2].seed = None
    entries[2].withdrawn = True
    entries[2].save()
    lines = entry_lines(e)
    assert entry_rows(e) == [
        (line.pk, line.seed, line.withdrawn, line.players[0].rating) for line in lines.values()
    ]


def test_inserted_matches_have_the_defaults_of_a_new_match() -> None:
    e, (a, b, c, d) = f.event(f.tournament(), format="swiss", entries=4)
    before = timezone.now()
    with transaction.atomic():
        insert_matches(
            e,
            [
                {"number": 1, "entry_a_id": a.pk, "entry_b_id": b.pk},
                {
                    "number": 2,
                    "entry_a_id": c.pk,
                    "entry_b_id": d.pk,
                    "draw_reason": {"code": "swiss_pair", "params": {"score": 0}},
                },
            ],
            ids=False,
        )
    first, second = Match.objects.filter(event=e).order_by("number")
    model = Match(event=e, rules=e.rules)
    skip = {
        "id",
        "umpire_token",
        "created_at",
        "updated_at",
        "number",
        "entry_a_id",
        "entry_b_id",
        "draw_reason",
        "games_a",
        "games_b",
        "points_a",
        "points_b",
    }
    for m in (first, second):
        assert {k: v for k, v in _values(m, Match).items() if k not in skip} == {
            k: v for k, v in _values(model, Match).items() if k not in skip
        }
        assert before <= m.created_at <= timezone.now()
        assert (m.games_a, m.games_b, m.points_a, m.points_b) == (0, 0, 0, 0)
    assert first.umpire_token != second.umpire_token
    assert second.draw_reason == {"code": "swiss_pair", "params": {"score": 0}}
    later = timezone.now()
    with transaction.atomic():  # a second insert of the same event: its own times
        insert_matches(e, [{"number": 3, "entry_a_id": a.pk, "entry_b_id": c.pk}], ids=False)
    assert Match.objects.get(event=e, number=3).created_at >= later


def test_a_drawn_swiss_round_has_ready_matches_with_links() -> None:
    e, entries = f.event(f.tournament(), format="swiss", entries=6)
    Event.objects.filter(pk=e.pk).update(status=Event.Status.ENTRY)
    draws.draw_event(event=e, actor=f.SYSTEM, random_seed=3)
    matches = list(Match.objects.filter(event=e))
    assert len(matches) == 3
    assert all(m.status == Match.Status.READY and m.umpire_token for m in matches)


def test_a_rounds_umpire_tokens_are_made_like_one_token() -> None:
    """The tokens of a round's matches, from one read of randomness: each as long and of the
    same alphabet as :func:`new_umpire_token`'s, all different."""
    import re

    from scoring.models.match import new_umpire_token, new_umpire_tokens

    tokens = new_umpire_tokens(200)
    assert len(tokens) == len(set(tokens)) == 200
    single = new_umpire_token()
    assert all(len(t) == len(single) and re.fullmatch(r"[A-Za-z0-9_-]+", t) for t in tokens)
    assert new_umpire_tokens(0) == []


def test_a_template_value_is_written_as_a_literal_only_when_it_is_plain() -> None:
    """The INSERT writes the new match's constant values into its text (so each row binds
    only what differs): ints, booleans, NULL and strings of safe characters; anything that
    could end a literal or read as a placeholder is bound instead."""
    from scoring.records.sql import _literal

    assert [_literal(v) for v in (None, True, False, 0, 12, "icf", "{}", "[]", "")] == [
        "NULL",
        "TRUE",
        "FALSE",
        "0",
        "12",
        "'icf'",
        "'{}'",
        "'[]'",
        "''",
    ]
    for unsafe in (
        "it's",
        "50%",
        "%s",
        "a?",
        "x\\y",
        "é",
        "line\nbreak",
        1.5,
        datetime.date(2026, 5, 1),
    ):
        assert _literal(unsafe) is None, unsafe


def test_a_match_inserted_with_an_odd_rules_key_keeps_it() -> None:
    """A template string that is not plain (here an event's rules key with a quote and a
    percent sign, written past the form) is bound, and arrives as it was."""
    e, (a, b, _c, _d) = f.event(f.tournament(), format="swiss", entries=4)
    Event.objects.filter(pk=e.pk).update(rules="o'ne%s")
    e.refresh_from_db()
    with transaction.atomic():
        insert_matches(e, [{"number": 1, "entry_a_id": a.pk, "entry_b_id": b.pk}], ids=False)
    assert Match.objects.get(event=e).rules == "o'ne%s"
