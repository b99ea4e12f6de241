"""The pdf view: pages of extracted text and the document's metadata."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from forge.views.spec import View, register_view


@register_view
class PdfView(View):
    kind: ClassVar[str] = "pdf"

    source: str
    pages: list[str] = Field(description="Extracted text per page.")
    metadata: dict[str, str] = Field(default_factory=dict, description="Title, Author, ... as stored.")
    rotations: list[int] = Field(default_factory=list, description="Each page's rotation: 0, 90, 180 or 270 "
                                 "degrees clockwise.")
    fields: dict[str, str] = Field(default_factory=dict, description="Form fields by name, their values as text "
                                   "('' when empty).")
