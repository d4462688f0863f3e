"""`JSONTextField`: a JSON value kept as plain text, for a value always written and read whole.

Django's JSONField is `jsonb` on PostgreSQL.
The server parses the text into its binary form on every write.
It prints it back on every read, and the binary form takes more room.
That pays off when a query looks inside the value.
Nothing looks inside a game's snapshot, and every move reads and writes it whole.
For a 5.6 KB snapshot, a locked read and a write took about four times as long as jsonb.
See docs/benchmarks.md, "The snapshot as text".
On SQLite as on PostgreSQL, orjson writes and reads the value, compact.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from django import forms
from django.db import models


class JSONTextField(models.TextField):
    """A dict, list or scalar, stored as its JSON text.

    None is SQL NULL (with `null=True`).
    """

    description = "A JSON value kept as text"

    # For django-stubs' plugin: the value is any JSON value, not a TextField's str.
    _pyi_private_set_type: Any
    _pyi_private_get_type: Any

    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> Any:
        return None if value is None else orjson.loads(value)

    def to_python(self, value: Any) -> Any:
        return value  # already the value, as for JSONField; a str is a JSON string

    def get_prep_value(self, value: Any) -> str | None:
        if value is None:
            return None
        try:
            return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
        except orjson.JSONEncodeError:  # e.g. an integer past 64 bits
            return json.dumps(value, separators=(",", ":"))

    def value_to_string(self, obj: models.Model) -> Any:
        return self.value_from_object(obj)  # the value itself, as JSONField gives serializers

    def formfield(
        self,
        form_class: type[forms.Field] | None = None,
        choices_form_class: type[forms.ChoiceField] | None = None,
        **kwargs: Any,
    ) -> forms.Field | None:
        return super().formfield(
            form_class=form_class or forms.JSONField,
            choices_form_class=choices_form_class,
            **kwargs,
        )
