"""Forms of the people pages and of setting a password with a link or code."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms.fields import TextField
from scoring.forms.organiser import no_bidi


class PersonForm(forms.Form):
    """A new umpire or co-organiser of the tournament."""

    role = forms.ChoiceField(
        label=_("Role"), choices=[("umpire", _("Umpire")), ("organiser", _("Organiser"))]
    )
    name = TextField(
        label=_("Name as printed"),
        max_length=150,
        required=False,
        validators=[no_bidi],
        help_text=_("As it appears on scoresheets, e.g. Anna Berg."),
    )
    username = TextField(
        label=_("Login"),
        max_length=150,
        help_text=_(
            "Letters, digits and @/./+/-/_ only. The person accepts "
            "the invitation with the slip (or, with a login they "
            "already have, by logging in)."
        ),
    )
    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Used only when this server sends mail; otherwise hand over the printed code."),
    )


class CodeForm(forms.Form):
    """Login and the printed code (the hall's way to set a password)."""

    username = TextField(label=_("Login"), max_length=150)
    code = TextField(
        label=_("Code"), max_length=20, help_text=_("The eight letters and digits you were given.")
    )


class NewPasswordForm(forms.Form):
    password1 = forms.CharField(
        label=_("New password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("New password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("password1") and data.get("password1") != data.get("password2"):
            raise forms.ValidationError(_("The two passwords differ."))
        return data
