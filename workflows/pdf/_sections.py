"""Shared parts of the page-swapping workflows: a report's sections printed one per page without
the title (the corrected pages someone sends back), a section revised the way a correction reads,
and an approval page with its signed copy."""

from __future__ import annotations

import datetime as dt

from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock
from preparers.pdf import write_sections_pdf
from workflows.spec import WorkflowContext

REASONS = ["figures corrected after the finance review", "wording agreed with the legal team",
           "numbers updated after the steering meeting", "a typo in the totals fixed",
           "the regional split recalculated"]


def _para(text: str) -> Paragraph:
    return Paragraph(runs=[Run(text=text)])


def pages_pdf(doc: DocumentContent, sections: list[Section]) -> bytes:
    """The sections given, each on a page of its own as the report prints it, with no title page."""
    return write_sections_pdf(doc.model_copy(update={"sections": sections}), title_page=False)


def revised(ctx: WorkflowContext, section: Section, day: dt.date) -> Section:
    """The section as its correction reads: a dated note on top, one paragraph reworded or its
    table's numbers changed; the heading kept, so the page it corrects can be found."""
    note = _para(f"Revised {day:%d %B %Y}: {ctx.rng.choice(REASONS)}.")
    table = section.table
    if table is not None:
        table = TableBlock(headers=table.headers, rows=[[r[0], *(str(int(v) + ctx.rng.randint(3, 40)) for v in r[1:])]
                                                        for r in table.rows])
    paragraphs = list(section.paragraphs)
    if paragraphs and table is None:
        k = ctx.rng.randrange(len(paragraphs))
        paragraphs[k] = _para(f"{ctx.faker.sentence(nb_words=14)} {paragraphs[k].text}")
    return Section(heading=section.heading, level=section.level, paragraphs=[note, *paragraphs], table=table)


def approval(doc: DocumentContent, signed: bool) -> Section:
    """The report's closing sign-off page: blank lines to sign, or the signed copy."""
    name, day = (doc.author, f"{doc.date:%d %B %Y}") if signed else ("________________", "____________")
    return Section(heading="Approval", paragraphs=[
        _para(f"This report is approved for circulation within {doc.organisation}."),
        _para(f"Approved by: {name}"),
        _para(f"Signature: {'signed by ' + doc.author if signed else '________________'}"),
        _para(f"Date: {day}"),
    ])


def with_approval(doc: DocumentContent) -> DocumentContent:
    """The report with the unsigned approval page at the end."""
    return doc.model_copy(update={"sections": [*doc.sections, approval(doc, signed=False)]})
