"""The document view: a word-processor document as paragraphs with runs and styles, tables,
and header/footer text (docx; later odt or html); with where pages break, each section's page
setup, hyperlinks, footnotes and endnotes, and tables of contents, so checks can judge page
layout and reference work too."""

from __future__ import annotations

import re
from typing import ClassVar, Literal

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


class Link(BaseModel):
    """A hyperlink: the text it sits on and where it points (a web address, or a bookmark inside)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    url: str = Field(default="", description="The external address; empty for a link inside the document.")
    anchor: str = Field(default="", description="The bookmark it jumps to (or the address's #fragment).")


class Note(BaseModel):
    """A footnote or endnote: its text and where its reference mark sits in the paragraph."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["footnote", "endnote"]
    text: str
    offset: int = Field(ge=0, description="Characters of the paragraph's text before the reference mark.")


class Paragraph(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    style: str = ""
    heading_level: int | None = Field(default=None, description="1-9 for headings, 0 for a Title, else None.")
    alignment: str | None = None
    runs: list[Run] = Field(default_factory=list)
    page_break_before: bool = Field(default=False, description=(
        "A new page starts here: a manual page break since the previous paragraph with text, or the "
        "page-break-before property (its own or its style's). Section breaks: `DocumentView.sections`."))
    links: list[Link] = Field(default_factory=list, description="Its hyperlinks, in order.")
    notes: list[Note] = Field(default_factory=list, description="Footnotes and endnotes referenced in it, in order.")


class PageSetup(BaseModel):
    """One section's page: size, orientation, margins, how it starts, and its first paragraph."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    orientation: Literal["portrait", "landscape"] = "portrait"
    width_mm: float | None = None
    height_mm: float | None = None
    margins_mm: dict[str, float] = Field(default_factory=dict, description="top, bottom, left, right where set.")
    start: str = Field(default="new_page", description="new_page, continuous, odd_page, even_page or new_column.")
    first_paragraph: int = Field(default=0, ge=0, description="Index in `paragraphs` of the section's first paragraph.")


class TableOfContents(BaseModel):
    """A table-of-contents field: its instruction (levels, switches) and the entries it shows."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    instruction: str = Field(description='The field code, e.g. TOC \\o "1-3" \\h.')
    title: str = Field(default="", description="Its title line ('Contents'), where it has one.")
    entries: list[str] = Field(default_factory=list, description="Each entry line as shown (heading, tab, page).")
    after_paragraph: int = Field(default=-1, ge=-1, description="Index in `paragraphs` of the paragraph before it.")
    paragraphs: list[int] = Field(default_factory=list, description=(
        "Indexes in `paragraphs` it occupies; empty when it sits in a content control (Word's and Writer's "
        "way), whose paragraphs are not in `paragraphs`."))

    def levels(self) -> tuple[int, int] | None:
        """The outline levels of its \\o switch, e.g. (1, 3); None without one."""
        found = re.search(r'\\o\s*"?\s*(\d)\s*-\s*(\d)', self.instruction)
        return (int(found.group(1)), int(found.group(2))) if found else None


@register_view
class DocumentView(View):
    kind: ClassVar[str] = "document"

    source: str
    paragraphs: list[Paragraph]
    tables: list[Table] = Field(default_factory=list)
    headers: list[str] = Field(default_factory=list, description="Header text per section.")
    footers: list[str] = Field(default_factory=list, description="Footer text per section.")
    sections: list[PageSetup] = Field(default_factory=list, description="Page setup per section, in order.")
    contents: list[TableOfContents] = Field(default_factory=list, description="Its tables of contents.")

    def headings(self) -> list[Paragraph]:
        return [p for p in self.paragraphs if p.heading_level is not None]

    def starts_page(self, index: int) -> bool:
        """Whether paragraph `index` opens a page: a page break before it, or a section starting on a
        new page begins with it (the first section's first page excepted: nothing broke there)."""
        if self.paragraphs[index].page_break_before:
            return True
        return any(s.first_paragraph == index and n > 0 and s.start != "continuous" and s.start != "new_column"
                   for n, s in enumerate(self.sections))

    def section_of(self, index: int) -> int:
        """The index in `sections` of the section paragraph `index` is in (0 without sections)."""
        return max((n for n, s in enumerate(self.sections) if s.first_paragraph <= index), default=0)
