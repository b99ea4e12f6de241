"""The json view: one parsed JSON value."""

from __future__ import annotations

from typing import ClassVar

from pydantic import JsonValue

from forge.views.spec import View, register_view


@register_view
class JsonView(View):
    kind: ClassVar[str] = "json"

    source: str
    value: JsonValue
