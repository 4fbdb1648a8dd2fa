"""The organiser's SoL upload form (issue 31): the file and, for a ``.box`` backup, its key."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.services.backup.archive import MAX_UNPACKED_BYTES
from scoring.services.sol.upload import SUFFIXES


class SolUploadForm(forms.Form):
    file = forms.FileField(
        label=_("SoL file"),
        help_text=_("A SoL archive (.sol, .sol.gz) or a SoL backup (.zip, or .box with its key)."),
        widget=forms.ClearableFileInput(attrs={"accept": ",".join(SUFFIXES)}),
    )
    key = forms.CharField(
        label=_("Key of the .box backup"),
        required=False,
        max_length=200,
        strip=True,
        help_text=_(
            "Only for a .box backup: the 64 hexadecimal digits SoL's administrator "
            "set as its backup key."
        ),
        widget=forms.PasswordInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("file")
        if upload is None:
            return data
        name = (upload.name or "").lower()
        if not name.endswith(SUFFIXES):
            self.add_error("file", _("Choose a SoL file: .sol, .sol.gz, .zip or .box."))
        elif upload.size > MAX_UNPACKED_BYTES:
            self.add_error(
                "file",
                _("The file is too large (at most %(mib)s MiB).")
                % {"mib": MAX_UNPACKED_BYTES // 2**20},
            )
        elif name.endswith(".box") and not data.get("key"):
            self.add_error("key", _("A .box backup is locked: enter its key."))
        return data
