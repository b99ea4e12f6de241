"""The document view: a word-processor document as paragraphs with runs and styles, tables,
and header/footer text (docx; later odt or html)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from forge.views.spec import View, register_view
from forge.views.table import Table


class Run(BaseModel):
    """A stretch of text with one character format; None: inherited from the style."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    bold: bool | None = None
    italic: bool | None = None
    underline: bool | None = None
    font: str | None = None
    size_pt: float | None = None


class Paragraph(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    style: str = ""
    heading_level: int | None = Field(default=None, description="1-9 for headings, 0 for a Title, else None.")
    alignment: str | None = None
    runs: list[Run] = Field(default_factory=list)


@register_view
class DocumentView(View):
    kind: ClassVar[str] = "document"

    source: str
    paragraphs: list[Paragraph]
    tables: list[Table] = Field(default_factory=list)
    headers: list[str] = Field(default_factory=list, description="Header text per section.")
    footers: list[str] = Field(default_factory=list, description="Footer text per section.")

    def headings(self) -> list[Paragraph]:
        return [p for p in self.paragraphs if p.heading_level is not None]
