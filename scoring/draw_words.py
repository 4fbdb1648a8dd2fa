"""Words of the draw: why a pair was made (``Match.draw_reason``) and round titles, for the
organiser's pages and their selectors."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.models import Round


def reason_text(reason: dict[str, Any] | None) -> str:
    """Why a pair was made (``Match.draw_reason``), in the current language."""
    if not reason:
        return ""
    p = dict(reason.get("params") or {})
    if "by" in p:
        p["by"] = {"club": _("club"), "nation": _("nation")}.get(p["by"], p["by"])
    texts = {
        "ko_seeded": _("Seed %(seed_a)s v seed %(seed_b)s."),
        "manual_swap": _("Changed by hand by the organiser (logged)."),
        "sep_moved": _("Paired apart from clubmates: separation by %(by)s moved this pairing."),
        "sep_group": _(
            "Group %(group)s: separation by %(by)s moved an entry here from "
            "another group of its pot."
        ),
        "ko_seeded_drawn": _("Seed %(seed_a)s v a drawn entry."),
        "ko_drawn": _("Drawn entries (bracket lines %(line_a)s and %(line_b)s)."),
        "ko_bye": _("Bye for seed %(seed)s: byes go to the top seeds."),
        "ko_bye_drawn": _("Bye for a drawn entry: there are more byes than seeded entries."),
        "ko_void": _("No entrant reaches this match."),
        "ko_walkover_bye": _(
            "The opponent's place is empty (bye or double walkover), so this entry advances."
        ),
        "ko_feed": _("The winners of the earlier matches meet."),
        "ko_third_place": _("Third-place match between the losing semi-finalists."),
        "de_grand_final": _("Grand final: winners-bracket champion v losers-bracket champion."),
        "de_reset": _("Grand final reset: the losers-bracket champion won the first grand final."),
        "de_not_needed": _("Not needed: the winners-bracket champion won the first grand final."),
        "group_places": _(
            "Place %(place_a)s of group %(group_a)s v place %(place_b)s of group %(group_b)s."
        ),
        "group_bye": _(
            "Bye for place %(place)s of group %(group)s: byes go to the best qualifiers."
        ),
        "rr_round": _("Round %(round)s of %(rounds)s (circle method)."),
        "rr_bye": _("Bye: the group has an odd number of entries."),
        "swiss_pair": _("Score group %(score)s: rank %(rank_a)s v rank %(rank_b)s."),
        "swiss_float_odd": _(
            "Rank %(rank_a)s floated down from score group %(score_a)s to "
            "score group %(score_b)s (odd number in the group) to play rank "
            "%(rank_b)s."
        ),
        "swiss_float_blocked": _(
            "Rank %(rank_a)s floated down from score group %(score_a)s "
            "to score group %(score_b)s (no new opponent left in the "
            "group) to play rank %(rank_b)s."
        ),
        "swiss_bye": _(
            "Bye for rank %(rank)s: the lowest-ranked player without a bye (a won game 25–0)."
        ),
        "swiss_bye_moved": _(
            "Bye for rank %(rank)s: the %(skipped)s lower-ranked player(s) "
            "without a bye could not be given the bye and still pair "
            "everybody else."
        ),
    }
    text = texts.get(reason.get("code", ""), "")
    try:
        return text % p if text and "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return text


def round_title(rnd: Round | None, group: str = "") -> str:
    """A round's name in the current language: :meth:`scoring.models.Round.title`, the one
    definition of round names ("Round 3" in a Swiss event, "Quarter-final" in a knock-out,
    "Group A, round 3" with ``group``); ``Match.round_label`` says the same."""
    return "" if rnd is None else rnd.title(group)
