"""Property (issue 30): in a simulated knock-out, double-elimination or Swiss event, any
confirmed result corrected at any later moment, with each repair the preview offers, leaves
an event that can be played to the end, and nothing recorded is deleted."""

from __future__ import annotations

import random
import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from scoring.models import AuditEntry, Board, BoardEvent, Event, Game, Match
from scoring.services import draws
from scoring.services.decisions import Decision, decide, preview_decision
from tests.factories import make_event, make_tournament, play
from tests.organiser.test_corrections import ORGANISER

FORMATS = ("knockout", "double_elimination", "swiss")


def _open(event: Event) -> list[Match]:
    return list(
        Match.objects.filter(
            event=event,
            status__in=(
                Match.Status.READY,
                Match.Status.CALLED,
                Match.Status.PLAYING,
                Match.Status.FINISHED,
            ),
        ).order_by("number")
    )


class LateCorrectionProperty(TestCase):
    def _step(self, event: Event, rng: random.Random) -> bool:
        """Play and confirm one open match (a random winner), or draw the next Swiss round;
        False when the event is over."""
        event.refresh_from_db()
        open_matches = _open(event)
        if open_matches:
            match = rng.choice(open_matches)
            with self.captureOnCommitCallbacks(execute=True):
                if match.status != Match.Status.FINISHED:
                    play(match, rng.choice("ab"), ORGANISER)
                draws.confirm_result(match=match, actor=ORGANISER)
            draws.sync_bracket(event, actor=ORGANISER)  # raises where the flow would log
            return True
        if (
            event.format == Event.Format.SWISS
            and event.status != Event.Status.FINISHED
            and (event.rounds.count() < int(event.settings["rounds"]))
        ):
            draws.next_round(event=event, actor=ORGANISER)
            return True
        return False

    def _recorded(self) -> tuple[set[int], set[int], set[int], set[int]]:
        return (
            set(BoardEvent.objects.values_list("pk", flat=True)),
            set(Board.objects.values_list("pk", flat=True)),
            set(Game.objects.values_list("pk", flat=True)),
            set(AuditEntry.objects.values_list("pk", flat=True)),
        )

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(
        fmt=st.sampled_from(FORMATS),
        n=st.integers(4, 7),
        seed=st.integers(0, 10_000),
        moment=st.integers(3, 24),
        pick=st.integers(0, 3),
        choice=st.integers(0, 5),
        back=st.integers(-1, 8),
    )
    def test_any_late_correction_with_any_repair_plays_to_the_end(
        self, fmt, n, seed, moment, pick, choice, back
    ):
        """``back`` >= 0: an elimination by decision is taken back after that many more
        steps of play, with a repair its preview offers (the repair itself corrected)."""
        rng = random.Random(seed)
        tournament = make_tournament(slug=f"p{uuid.uuid4().hex[:10]}", tables=8)
        event = make_event(
            tournament,
            n,
            fmt=fmt,
            name=f"{fmt} {seed}",
            settings=({"rounds": 3} if fmt == "swiss" else {"third_place": fmt == "knockout"}),
        )
        draws.draw_event(event=event, actor=ORGANISER, random_seed=seed)
        for _ in range(moment):
            if not self._step(event, rng):
                break
        played = list(
            Match.objects.filter(
                event=event, status=Match.Status.CONFIRMED, bye=False, walkover=False
            ).order_by("number")
        )
        if not played:
            return
        match = played[pick % len(played)]
        other = "b" if match.winner_side == "a" else "a"
        decision = Decision(side=other, law="IT 107")
        preview = preview_decision(match=match, decision=decision, actor=ORGANISER)
        repair = preview.repairs[choice % len(preview.repairs)]
        assert "keep" not in preview.repairs or not preview.later
        recorded = self._recorded()
        with self.captureOnCommitCallbacks(execute=True):
            decide(
                match=match,
                decision=decision,
                actor=ORGANISER,
                reason="late sheet",
                repair=repair,
                law="IT 107",
                award_to=rng.choice(("moved", "stayed")),
                client_id=uuid.uuid4(),
            )
        for before, now in zip(recorded, self._recorded(), strict=True):
            assert before <= now  # nothing recorded is deleted
        if event.format != Event.Format.SWISS:
            from scoring.services.bracket_repairs import played_conflicts

            assert not played_conflicts(event)
        if repair == "eliminate" and back >= 0:
            from scoring.services.bracket_repairs import (
                played_conflicts,
                preview_take_back,
                take_back_elimination,
            )

            for _ in range(back):
                if not self._step(event, rng):
                    break
            match.refresh_from_db()
            undo = preview_take_back(match=match, actor=ORGANISER)
            again = undo.repairs[choice % len(undo.repairs)]
            recorded = self._recorded()
            with self.captureOnCommitCallbacks(execute=True):
                take_back_elimination(
                    match=match,
                    actor=ORGANISER,
                    reason="decision wrong",
                    repair=again,
                    law="IT 107",
                    award_to=rng.choice(("moved", "stayed")),
                    client_id=uuid.uuid4(),
                )
            for before, now in zip(recorded, self._recorded(), strict=True):
                assert before <= now  # nothing recorded is deleted
            assert not played_conflicts(event)
        for _ in range(200):
            if not self._step(event, rng):
                break
        event.refresh_from_db()
        assert event.status == Event.Status.FINISHED, (fmt, repair)
        assert (
            not Match.objects.filter(event=event)
            .exclude(status=Match.Status.CONFIRMED)
            .exclude(bye=True)
            .exists()
        )
        if fmt == "knockout":
            third = Match.objects.get(event=event, round__bracket="placement")
            assert third.status == Match.Status.CONFIRMED
        if event.format != Event.Format.SWISS:
            assert draws.champion(event) is not None
