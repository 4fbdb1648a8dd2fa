"""Pin a pairing by hand (issue 14): the organiser chooses two entries of the round that can
still change (the last Swiss round, a knock-out's first round) and they meet. The service
(:func:`scoring.services.draw_edits.pin_pairing`) re-checks the format's rules (no repeat, one
bye at most per entry); a change that breaks one needs the override and a reason (logged)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.draw_words import round_title
from scoring.error_words import error_text
from scoring.services import draw_edits
from scoring.services.draw_base import DrawServiceError
from scoring.views.organiser.base import actor_of, get_event, show_error


@require_http_methods(["GET", "POST"])
def draw_pin(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The pin form (GET) and the pin (POST: one swap, then back to this page)."""
    tournament, event = get_event(request, slug, event_id)
    if request.method == "POST":
        try:
            first, second = (int(request.POST.get(k, "")) for k in ("first", "second"))
            broken = draw_edits.pin_pairing(
                event=event,
                first=first,
                second=second,
                actor=actor_of(request, tournament),
                override=request.POST.get("override") == "yes",
                reason=request.POST.get("reason", ""),
            )
            messages.success(
                request,
                _("Pairing pinned.")
                if not broken
                else _("Pairing pinned; the override is logged."),
            )
        except ValueError:
            messages.error(request, error_text("pin_same_entry"))
        except DrawServiceError as err:
            show_error(request, err)
        return redirect("scoring:organiser-draw-pin", slug=slug, event_id=event.pk)
    rnd, places = draw_edits.pin_choices(event)
    entries = [
        (pk, _("%(name)s (match %(number)s)") % {"name": name, "number": number})
        for pk, name, number in places
    ]
    entries.sort(key=lambda item: item[1].casefold())
    return render(
        request,
        "scoring/organiser/_pin_page.html",
        {
            "tournament": tournament,
            "event": event,
            "round_title": round_title(rnd),
            "entries": entries,
            "editable": rnd is not None and draw_edits.swappable(event, rnd=rnd),
            "not_editable": error_text("edit_not_possible"),
        },
    )


urlpatterns: list[URLPattern] = [
    path(
        "t/<slug:slug>/organiser/events/<int:event_id>/draw/pin/",
        draw_pin,
        name="organiser-draw-pin",
    ),
]
