"""The SoL upload (issue 31): upload a ``.sol``/``.sol.gz`` archive or a ``.zip``/``.box``
backup, read its preview, confirm; the import then runs as a background task and this page
polls its progress (htmx) until the report or the reason it failed. Imports create
tournaments, so only staff accounts may upload (as for a new tournament); each upload is seen
only by the account that made it. Reads: :mod:`scoring.selectors.sol_uploads`; writes:
:mod:`scoring.services.sol.upload`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.forms.sol_upload import SolUploadForm
from scoring.selectors import sol_uploads
from scoring.services.sol import SolError
from scoring.services.sol import upload as upload_service
from scoring.views.organiser.base import require_staff


@require_http_methods(["GET", "POST"])
def sol_upload(request: HttpRequest) -> HttpResponse:
    """GET: the form and the account's recent uploads; POST: read the file, keep it with
    its preview and show the preview (nothing is imported yet)."""
    require_staff(request)
    form = SolUploadForm(request.POST or None, request.FILES or None)
    problem = ""
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            stored = upload_service.upload_sol(
                user=request.user,
                file_name=upload.name,
                content=upload.read(),
                key=form.cleaned_data.get("key") or "",
            )
        except SolError as err:
            problem = _("This file cannot be imported: %(reason)s.") % {"reason": err}
        else:
            return redirect("scoring:organiser-sol-import", upload_id=stored.pk)
    status = 422 if request.method == "POST" else 200
    return render(
        request,
        "scoring/organiser/sol_upload.html",
        {"form": form, "problem": problem, "uploads": sol_uploads.recent_uploads(request.user)},
        status=status,
    )


@require_GET
def sol_import(request: HttpRequest, upload_id: int) -> HttpResponse:
    """One upload: its preview with the confirmation button, then its progress and report."""
    require_staff(request)
    upload = sol_uploads.upload_of(request.user, upload_id)
    return render(
        request,
        "scoring/organiser/sol_import.html",
        sol_uploads.upload_state(upload),
    )


@require_POST
def sol_import_start(request: HttpRequest, upload_id: int) -> HttpResponse:
    """The confirmation: the import is queued as a background task."""
    require_staff(request)
    upload = sol_uploads.upload_of(request.user, upload_id)
    try:
        upload_service.start_import(upload=upload, user=request.user)
    except SolError as err:
        messages.error(request, str(err))
    return redirect("scoring:organiser-sol-import", upload_id=upload.pk)


@require_GET
def sol_import_progress(request: HttpRequest, upload_id: int) -> HttpResponse:
    """The progress part the page polls (htmx), replaced by the report at the end."""
    require_staff(request)
    upload = sol_uploads.upload_of(request.user, upload_id)
    return render(request, "scoring/organiser/_sol_progress.html", sol_uploads.upload_state(upload))
