"""Boundary cases of `forge.checks.document_structure` on real drafts and reports: the LAST typed
heading left plain, a body paragraph with a few bold words made a heading too, a heading's text
retyped, the Title given or withheld against the request, Heading 2 for Heading 1."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import docx

from preparers.document import make_document
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.style_headings import draft_docx

REPORT = make_document(*_seeded(5), kind="report")
DRAFTS = {cue: draft_docx(REPORT, cue) for cue in ("bold", "caps", "numbered")}


def _typed(document: Any, cue: str) -> list[Any]:
    """The draft's heading lines (after the first), found as the workflow wrote them."""
    heads = {"bold": [s.heading for s in REPORT.sections], "caps": [s.heading.upper() for s in REPORT.sections],
             "numbered": [f"{n}. {s.heading}" for n, s in enumerate(REPORT.sections, start=1)]}[cue]
    return [p for p in document.paragraphs[1:] if p.text in heads]


def styled(cue: str, *, title: bool = False, skip_last: bool = False, level: int = 1,
           extra: Callable[[Any], None] | None = None) -> bytes:
    document = docx.Document(io.BytesIO(DRAFTS[cue]))
    heads = _typed(document, cue)
    for p in heads[:-1] if skip_last else heads:
        p.style = document.styles[f"Heading {level}"]
    if title:
        document.paragraphs[0].style = document.styles["Title"]
    if extra is not None:
        extra(document)
    return _saved(document)


def bold_body_made_heading(document: Any) -> None:
    partly = next(p for p in document.paragraphs[1:] if any(r.bold for r in p.runs) and not all(r.bold for r in p.runs
                                                                                                  if r.text.strip()))
    partly.style = document.styles["Heading 1"]


def number_dropped(document: Any) -> None:
    last = [p for p in document.paragraphs if p.style.name == "Heading 1"][-1]
    last.runs[0].text = last.runs[0].text.split(". ", 1)[1]


def doc_case(label: str, cue: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.docx", "input_file": "in.docx", "cue": cue, "title": False, **options},
                passes, says, files={"out.docx": output}, originals={"in.docx": DRAFTS[cue]})


HEADINGS_STYLED = [
    doc_case("every bold line a Heading 1", "bold", styled("bold"), {}, True),
    doc_case("the last bold line left plain", "bold", styled("bold", skip_last=True), {}, False, "heading level None"),
    doc_case("a paragraph with a few bold words made a heading", "bold",
             styled("bold", extra=bold_body_made_heading), {}, False, "expected None"),
    doc_case("Heading 2 instead of Heading 1", "bold", styled("bold", level=2), {}, False, "expected 1"),
    doc_case("the title styled as asked", "bold", styled("bold", title=True), {"title": True}, True),
    doc_case("the title left plain though asked", "bold", styled("bold"), {"title": True}, False, "expected 0"),
    doc_case("the title styled though not asked", "bold", styled("bold", title=True), {}, False, "paragraph 1"),
    doc_case("every capitals line a Heading 1", "caps", styled("caps"), {}, True),
    doc_case("the last capitals line left plain", "caps", styled("caps", skip_last=True), {}, False),
    doc_case("every numbered line a Heading 1", "numbered", styled("numbered", title=True), {"title": True}, True),
    doc_case("the last number typed away", "numbered", styled("numbered", extra=number_dropped), {}, False),
    doc_case("nothing styled", "numbered", DRAFTS["numbered"], {}, False),
]

CASES = {"document.headings_styled": HEADINGS_STYLED}
