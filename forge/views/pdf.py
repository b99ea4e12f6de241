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
    outline: list[tuple[int, str, int]] = Field(default_factory=list, description="The bookmarks in reading order: "
                                                "(depth from 0, title, 1-based page it opens; 0 when it opens none).")
    page_labels: list[str] = Field(default_factory=list, description="Each page's label as a viewer shows it "
                                   "('1', '2', ... when the PDF sets none).")
    boxes: list[tuple[float, float, float, float]] = Field(default_factory=list, description="Each page's visible "
                                                           "area (its crop box): left, bottom, right, top in points.")
    sizes: list[tuple[float, float]] = Field(default_factory=list, description="Each page's media box: width and "
                                             "height in points.")
