"""Shared parts of the page workflows: a multi-page report PDF (one section per page), a word
that some pages mention and others do not, and the reference's first look at the pages."""

from __future__ import annotations

import io
import re
from collections import Counter

from pypdf import PdfReader

from forge.checks.pdf_pages import mentions
from forge.errors import WorkflowError
from preparers.document import DocumentContent, make_document
from preparers.pdf import section_pages, write_sections_pdf
from workflows._steps import lit, script_step
from workflows.spec import WorkflowContext

STOP = {"should", "before", "during", "within", "between", "across", "following", "because", "without", "through",
        "period", "compared", "further", "remains", "including"}


def report_pdf(ctx: WorkflowContext, min_pages: int = 4) -> tuple[DocumentContent, list[str], bytes]:
    """A report PDF with one section per page, its pages' text (as drawn) and its bytes."""
    for _ in range(8):
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        if len(doc.sections) >= min_pages:
            break
    else:
        raise WorkflowError(f"no report with {min_pages} sections drawn")
    data = write_sections_pdf(doc)
    if len(PdfReader(io.BytesIO(data)).pages) != len(doc.sections):
        raise WorkflowError("a section ran over one page; the page numbers would not match the sections")
    return doc, section_pages(doc), data


def split_term(ctx: WorkflowContext, pages: list[str], min_pages: int = 2) -> str:
    """A word (6+ letters) that some pages (at least `min_pages` where one exists) mention and others do not."""
    words = Counter(w.lower() for w in re.findall(r"[A-Za-z]{6,}", " ".join(pages)))
    fits = sorted(w for w in words if w not in STOP and 0 < sum(bool(mentions(p, w)) for p in pages) < len(pages))
    if not fits:
        raise WorkflowError("no word is on some pages but not all")
    several = [w for w in fits if sum(bool(mentions(p, w)) for p in pages) >= min_pages]
    return ctx.rng.choice(several or fits)


def look_step(path: str, thought: str) -> object:
    script = f"""
        from pypdf import PdfReader
        reader = PdfReader({lit(path)})
        print(len(reader.pages), "pages")
        for n, page in enumerate(reader.pages, start=1):
            print(n, " ".join((page.extract_text() or "").split())[:90])
    """
    return script_step(script, thought, f"List the pages of {path}")
