"""The document preparer: seeded reports, memos and letters, written as byte-deterministic docx.

`DocumentContent` is the value that crosses to workflows: a title, dated metadata, sections
(heading, paragraphs of styled runs, an optional table) and header/footer text. The file name
carries the same date as the document, so "the memo of 14 March" names the right file.

    doc = make_document(ctx.rng, ctx.faker, kind="report")
    data = write_docx(doc)                     # same content -> same bytes
"""

from __future__ import annotations

import datetime as dt
import io
import random
import re
from typing import Any, Literal

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field

from forge.errors import PreparerError
from preparers._corpora import corpus
from preparers._ooxml import normalize_package
from preparers.spec import register_preparer

DocKind = Literal["report", "memo", "letter"]
DOC_KINDS: tuple[DocKind, ...] = ("report", "memo", "letter")


class Run(BaseModel):
    """A stretch of text with one character style."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    bold: bool = False
    italic: bool = False


class Paragraph(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    runs: list[Run] = Field(min_length=1)
    style: str = "Normal"

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)


class TableBlock(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    headers: list[str]
    rows: list[list[str]]


class Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    heading: str
    level: int = Field(default=1, ge=1, le=3)
    paragraphs: list[Paragraph] = Field(default_factory=list)
    table: TableBlock | None = None


class DocumentContent(BaseModel):
    """One document as data: what `write_docx` writes and what workflows may reason about."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: DocKind
    title: str
    date: dt.date
    author: str
    organisation: str
    file_stem: str
    opening: list[Paragraph] = Field(default_factory=list, description="Paragraphs before the first heading.")
    sections: list[Section] = Field(default_factory=list)
    header: str = ""
    footer: str = ""

    @property
    def headings(self) -> list[str]:
        return [s.heading for s in self.sections]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def _date(rng: random.Random) -> dt.date:
    return dt.date(rng.choice([2024, 2025]), 1, 1) + dt.timedelta(days=rng.randrange(365))


def _fill(template: str, rng: random.Random, faker: Faker, subject: str, dept: str) -> str:
    return template.format(subject=subject, subject_cap=subject[:1].upper() + subject[1:], dept=dept,
                           city=faker.city())


def _sentence_runs(text: str, rng: random.Random) -> list[Run]:
    """Split a sentence so a few words carry emphasis, the way people write reports."""
    words = text.split(" ")
    if len(words) < 6 or rng.random() < 0.5:
        return [Run(text=text)]
    start = rng.randrange(0, len(words) - 3)
    end = start + rng.randint(2, 3)
    emphasis = {"bold": True} if rng.random() < 0.6 else {"italic": True}
    parts = [" ".join(words[:start]), " ".join(words[start:end]), " ".join(words[end:])]
    runs = [Run(text=parts[0] + " ")] if parts[0] else []
    runs.append(Run(text=parts[1], **emphasis))
    runs.append(Run(text=" " + parts[2]))
    return runs


def _report(rng: random.Random, faker: Faker) -> DocumentContent:
    data = corpus("business")
    topic = rng.choice(sorted(data["report_topics"]))
    spec = data["report_topics"][topic]
    dept = rng.choice(data["departments"])
    date = _date(rng)
    quarter = (date.month - 1) // 3 + 1
    organisation = faker.company()
    sections: list[Section] = []
    names = spec["sections"][: rng.randint(4, len(spec["sections"]))]
    for i, heading in enumerate(names):
        subjects = rng.sample(spec["subjects"], 2)
        templates = data["recommendation_templates"] if "Recommend" in heading or "Next" in heading \
            else data["finding_templates"]
        paragraphs = []
        for subject in subjects:
            text = " ".join(_fill(t, rng, faker, subject, dept) for t in rng.sample(templates, 2))
            paragraphs.append(Paragraph(runs=_sentence_runs(text, rng)))
        if "Recommend" in heading or "Next" in heading:
            paragraphs = [Paragraph(runs=[Run(text=_fill(t, rng, faker, rng.choice(spec["subjects"]), dept))],
                                    style="List Bullet") for t in rng.sample(templates, 3)]
        table = None
        if i == 2:
            months = [dt.date(date.year, m, 1).strftime("%B") for m in range(3 * quarter - 2, 3 * quarter + 1)]
            rows = [[s[:1].upper() + s[1:]] + [str(rng.randrange(40, 400)) for _ in months]
                    for s in rng.sample(spec["subjects"], 3)]
            table = TableBlock(headers=["Area", *months], rows=rows)
        sections.append(Section(heading=heading, paragraphs=paragraphs, table=table))
    title = f"{topic[:1].upper() + topic[1:]} report, Q{quarter} {date.year}"
    return DocumentContent(
        kind="report", title=title, date=date, author=faker.name(), organisation=organisation,
        file_stem=f"{slug(topic)}_q{quarter}_{date.year}",
        opening=[Paragraph(runs=[Run(text=f"Prepared for the {dept} leadership team, {date:%d %B %Y}.",
                                     italic=True)])],
        sections=sections, header=f"{organisation} | {dept}", footer=f"Internal - {title}",
    )


def _memo(rng: random.Random, faker: Faker) -> DocumentContent:
    data = corpus("business")
    topic = rng.choice(data["memo_topics"])
    dept = rng.choice(data["departments"])
    date = _date(rng)
    organisation = faker.company()
    author = faker.name()
    fields = [("To", f"All staff, {dept}"), ("From", author), ("Date", f"{date:%d %B %Y}"),
              ("Subject", topic["subject"])]
    opening = [Paragraph(runs=[Run(text=f"{k}: ", bold=True), Run(text=v)]) for k, v in fields]
    body = [Paragraph(runs=_sentence_runs(t, rng)) for t in topic["body"]]
    sections = [Section(heading="Details", paragraphs=body),
                Section(heading="Contact", paragraphs=[Paragraph(runs=[Run(
                    text=f"Questions to {author} ({faker.company_email()}).")])])]
    return DocumentContent(
        kind="memo", title=f"Memo: {topic['subject']}", date=date, author=author, organisation=organisation,
        file_stem=f"memo_{date.isoformat()}_{slug(topic['subject'])}", opening=opening, sections=sections,
        header=organisation, footer="Internal memo",
    )


def _letter(rng: random.Random, faker: Faker) -> DocumentContent:
    data = corpus("business")
    purpose = rng.choice(data["letter_purposes"])
    date = _date(rng)
    organisation = faker.company()
    author, recipient = faker.name(), faker.name()
    address = [Paragraph(runs=[Run(text=line)]) for line in
               [recipient, faker.company(), *faker.address().split("\n")]]
    opening = [*address, Paragraph(runs=[Run(text=f"{date:%d %B %Y}")]),
               Paragraph(runs=[Run(text=f"Dear {recipient},")])]
    body = [Paragraph(runs=_sentence_runs(t, rng)) for t in purpose["body"]]
    closing = [Paragraph(runs=[Run(text="Yours sincerely,")]), Paragraph(runs=[Run(text=author, bold=True)]),
               Paragraph(runs=[Run(text=f"{faker.job()}, {organisation}")])]
    sections = [Section(heading=purpose["subject"], paragraphs=body + closing)]
    return DocumentContent(
        kind="letter", title=purpose["subject"], date=date, author=author, organisation=organisation,
        file_stem=f"letter_{date.isoformat()}_{slug(recipient)}", opening=opening, sections=sections,
        header=f"{organisation}, {faker.street_address()}", footer=f"{organisation} - {faker.phone_number()}",
    )


_MAKERS = {"report": _report, "memo": _memo, "letter": _letter}


def make_document(rng: random.Random, faker: Faker, *, kind: DocKind | None = None) -> DocumentContent:
    """A realistic document of `kind` (drawn when None)."""
    kind = kind or rng.choice(DOC_KINDS)
    if kind not in _MAKERS:
        raise PreparerError(f"unknown document kind {kind!r}; known: {', '.join(DOC_KINDS)}")
    return _MAKERS[kind](rng, faker)


def write_docx(doc: DocumentContent) -> bytes:
    """The document as docx: title, opening, headed sections, tables, header and footer."""
    import docx

    document = docx.Document()
    styled = _Styler(document)
    styled.paragraph(doc.title, "Title")
    for block in doc.opening:
        _add_paragraph(styled, block)
    for section in doc.sections:
        styled.paragraph(section.heading, f"Heading {section.level}")  # as add_heading(level=1..3) styles it
        for block in section.paragraphs:
            _add_paragraph(styled, block)
        if section.table is not None:
            _add_table(document, section.table)
    page = document.sections[0]
    if doc.header:
        page.header.paragraphs[0].text = doc.header
    if doc.footer:
        page.footer.paragraphs[0].text = doc.footer
    props = document.core_properties
    props.title, props.author, props.last_modified_by = doc.title, doc.author, doc.author
    props.created = props.modified = dt.datetime.combine(doc.date, dt.time(9, 0))
    buf = io.BytesIO()
    document.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{doc.date.isoformat()}T09:00:00Z")


class _Styler:
    """Adds styled paragraphs as `document.add_paragraph(text, style=name)` does (the same bytes),
    resolving each name once: python-docx looks up the name, and the default style, over every
    style for each paragraph (a fifth of writing a report)."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self._ids: dict[str, str | None] = {}

    def paragraph(self, text: str, style: str) -> Any:
        from docx.enum.style import WD_STYLE_TYPE

        if style not in self._ids:  # None for the default style, as python-docx stores it
            self._ids[style] = self.document.part.get_style_id(style, WD_STYLE_TYPE.PARAGRAPH)
        paragraph = self.document.add_paragraph(text)
        paragraph._p.style = self._ids[style]  # what `paragraph.style = style` sets
        return paragraph


def _add_paragraph(styled: _Styler, block: Paragraph) -> None:
    paragraph = styled.paragraph("", block.style)
    for run in block.runs:
        added = paragraph.add_run(run.text)
        added.bold = run.bold or None
        added.italic = run.italic or None


def _add_table(document: object, table: TableBlock) -> None:
    grid = document.add_table(rows=1, cols=len(table.headers))  # type: ignore[attr-defined]
    grid.style = "Table Grid"
    for cell, text in zip(grid.rows[0].cells, table.headers, strict=True):
        cell.text = text
        cell.paragraphs[0].runs[0].bold = True
    for row in table.rows:
        for cell, text in zip(grid.add_row().cells, row, strict=True):
            cell.text = text


@register_preparer("document")
class DocumentPreparer:
    """Seeded reports, memos and letters as docx; workflows import this module's functions."""

    version = "1"
    file_types = ["docx"]
