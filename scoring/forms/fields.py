"""Form fields that refuse bad input with a message instead of a 500 (issue 29): free text
through the one validator of ``scoring.limits`` (no NUL, no control or text-direction
characters), model choices only with ids in the database's range."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from scoring.converters import bounded_id
from scoring.limits import text_problem
from scoring.names import display_name

if TYPE_CHECKING:  # generic in django-stubs only, not at run time
    BaseFormSet = forms.BaseFormSet[Any]
    ModelChoiceField = forms.ModelChoiceField[Any]
    ModelForm = forms.ModelForm[Any]
    ModelMultipleChoiceField = forms.ModelMultipleChoiceField[Any]
else:
    BaseFormSet = forms.BaseFormSet
    ModelChoiceField = forms.ModelChoiceField
    ModelForm = forms.ModelForm
    ModelMultipleChoiceField = forms.ModelMultipleChoiceField

#: Django 6's label of a choice left blank (every choice field that may stay empty): Django's
#: own catalogues have no German or Italian for it; ours (locale/, read before Django's) do.
BLANK_CHOICE_LABEL = gettext_noop("- Select an option -")


def field_of[F: forms.Field](form: forms.BaseForm, name: str, kind: type[F]) -> F:
    """``form.fields[name]`` as the kind of field it is (``form.fields`` is typed as plain
    fields), e.g. to give a choice field its choices."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"{name!r} is not a {kind.__name__}")
    return field


TEXT_MESSAGES = {
    "nul": _("Remove the NUL character."),
    "control": _("Remove the control characters."),
    "bidi": _("Remove the text-direction control characters."),
}


def plain_text(value: Any) -> None:
    """Validator of one-line free text (names, labels, laws, reasons)."""
    problem = text_problem(str(value or ""))
    if problem is not None:
        raise forms.ValidationError(TEXT_MESSAGES[problem], code=f"text_{problem}")


def plain_lines(value: Any) -> None:
    """Validator of multi-line free text (notes, pasted lines): line breaks and tabs allowed."""
    problem = text_problem(str(value or ""), multiline=True)
    if problem is not None:
        raise forms.ValidationError(TEXT_MESSAGES[problem], code=f"text_{problem}")


class TextField(forms.CharField):
    """``CharField`` with the free-text check (multi-line when its widget is a text area)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        multiline = isinstance(self.widget, forms.Textarea)
        self.validators.append(plain_lines if multiline else plain_text)


class BoundedModelChoiceField(ModelChoiceField):
    """A model choice whose value must be an id in the database's range before it is looked
    up (``2**70`` overflowed SQLite's integer: a 500)."""

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        if bounded_id(value) is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": str(value)[:30]},
            )
        return super().to_python(value)


class BoundedModelMultipleChoiceField(ModelMultipleChoiceField):
    """Several model choices, each an id in the database's range (see above)."""

    def _check_values(self, value: Any) -> Any:
        try:
            values = frozenset(value)
        except TypeError:
            raise forms.ValidationError(
                self.error_messages["invalid_list"], code="invalid_list"
            ) from None
        for one in values:
            if bounded_id(one) is None:
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": str(one)[:30]},
                )
        return super()._check_values(value)  # type: ignore[misc]  # not in django-stubs


class PeopleField(BoundedModelMultipleChoiceField):
    """Accounts of a tournament's people, each by the name printed on the sheets."""

    def label_from_instance(self, obj: Any) -> str:
        return display_name(obj)


def check_all_text(form: forms.BaseForm) -> None:
    """Give every text field of ``form`` the free-text check (ModelForm fields included);
    called from a form's ``__init__``."""
    for field in form.fields.values():
        if isinstance(field, forms.CharField) and not isinstance(field.widget, forms.PasswordInput):
            multiline = isinstance(field.widget, forms.Textarea)
            check = plain_lines if multiline else plain_text
            if check not in field.validators:
                field.validators.append(check)


#: the database's integers (an unbounded number field is capped at these)
BIG_INT = 2**63 - 1


class NumberField(forms.IntegerField):
    """A whole number typed with the digits 0-9 (``int()`` would also take "١٢" or fullwidth
    digits: a number on a sheet is read back as it was typed), within the database's range
    when the field sets no bounds of its own (issue 29)."""

    default_error_messages = {"ascii": _("Type the number with the digits 0 to 9.")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_value", BIG_INT)
        kwargs.setdefault("min_value", -BIG_INT)
        super().__init__(*args, **kwargs)

    def cap(self, max_value: int) -> None:
        """Bound the number above by ``max_value`` (e.g. a board's points by the preset's board
        maximum, ICF 55 or a house preset's), replacing the bound it was made with."""
        from django.core.validators import MaxValueValidator

        self.max_value = max_value
        self.validators = [v for v in self.validators if not isinstance(v, MaxValueValidator)]
        self.validators.append(MaxValueValidator(max_value))
        self.widget.attrs["max"] = max_value

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip() and not value.strip().isascii():
            raise forms.ValidationError(self.error_messages["ascii"], code="ascii")
        return super().to_python(value)


def rating_field(help_text: Any) -> BoundedModelChoiceField:
    """The one "Rated under" choice of a Glicko-2 rating (issue 33), for a tournament and a
    championship alike: optional, "Not rated" when empty."""
    from scoring.models import Rating

    return BoundedModelChoiceField(
        label=_("Rated under"),
        required=False,
        queryset=Rating.objects.order_by("name"),
        empty_label=_("Not rated"),
        help_text=help_text,
    )
