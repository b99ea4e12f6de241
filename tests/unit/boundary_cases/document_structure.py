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
from tests.unit.boundary_cases.document_merge import build
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

# --- document.text_tabulated ----------------------------------------------------------------------

LINES = ["Name; Role", "Ann Lee; Chair", "Cy Diaz; Clerk", "Bo Chan; Host"]


def report(lines: list[str], *, table: list[list[str]] | None = None, drop_intro: bool = False,
           old_table: bool = True, split: bool = False) -> bytes:
    """A small report: its "Contacts" section holds `lines`, then `table` (a new table) where asked."""
    document = docx.Document()
    document.add_paragraph("Team charter", style="Title")
    document.add_heading("Purpose", level=1)
    document.add_paragraph("Why the team exists.")
    if old_table:
        grid = document.add_table(rows=2, cols=2)
        for cell, text in zip([c for r in grid.rows for c in r.cells], ["Year", "Cost", "2024", "100"], strict=True):
            cell.text = text
    document.add_heading("Contacts", level=1)
    if not drop_intro:
        document.add_paragraph("The list below is kept up to date.")
    for line in lines:
        document.add_paragraph(line)
    for part in ([table[:2], table[2:]] if split and table else [table] if table else []):
        grid = document.add_table(rows=len(part), cols=len(part[0]))
        for cells, values in zip(grid.rows, part, strict=True):
            for cell, value in zip(cells.cells, values, strict=True):
                cell.text = value
    document.add_heading("Next steps", level=1)
    document.add_paragraph("Meet monthly.")
    return _saved(document)


def rows(*names: str) -> list[list[str]]:
    by_name = {line.split("; ")[0]: line.split("; ") for line in LINES}
    return [by_name[n] for n in names]


TYPED = report(LINES)
HEAD, ANN, CY, BO = "Name", "Ann Lee", "Cy Diaz", "Bo Chan"


def tab_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
             given: bytes = TYPED) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", "heading": "Contacts", "separator": "semicolon", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


SORTED = {"sort_by": "Name"}
NO_HEADER = report(LINES[1:])
GIVEN = {"header": ["Name", "Role"]}

TEXT_TABULATED = [
    tab_case("the lines made a table, in order", report([], table=rows(HEAD, ANN, CY, BO)), {}, True),
    tab_case("the last line left as text", report(LINES[-1:], table=rows(HEAD, ANN, CY)), {}, False, "paragraph"),
    tab_case("the table missing its last row", report([], table=rows(HEAD, ANN, CY)), {}, False, "rows"),
    tab_case("the last two rows swapped", report([], table=rows(HEAD, ANN, BO, CY)), {}, False, "row 3"),
    tab_case("sorted by name", report([], table=rows(HEAD, ANN, BO, CY)), SORTED, True),
    tab_case("left unsorted though asked", report([], table=rows(HEAD, ANN, CY, BO)), SORTED, False, "row 3"),
    tab_case("the header sorted in with the rows", report([], table=rows(ANN, BO, CY, HEAD)), SORTED, False, "row 1"),
    tab_case("the header row added as asked", report([], table=rows(HEAD, ANN, CY, BO)), GIVEN, True,
             given=NO_HEADER),
    tab_case("no header row added", report([], table=rows(ANN, CY, BO)), GIVEN, False, "row 1", given=NO_HEADER),
    tab_case("the intro paragraph deleted too", report([], table=rows(HEAD, ANN, CY, BO), drop_intro=True), {},
             False, "paragraph"),
    tab_case("the document's other table lost", report([], table=rows(HEAD, ANN, CY, BO), old_table=False), {},
             False, "no longer"),
    tab_case("two tables instead of one", report([], table=rows(HEAD, ANN, CY, BO), split=True), {}, False,
             "2 new tables"),
    tab_case("nothing converted", TYPED, {}, False),
]

# --- document.split_off ---------------------------------------------------------------------------

T, A, A1, T1 = ("Title", "Plan"), ("Heading 1", "Aims"), ("Normal", "Aim text."), ("table", "k|v;x|1")
B, B1, C, C1, T2 = ("Heading 1", "Budget"), ("Normal", "Budget text."), ("Heading 1", "Close"), ("Normal", "Bye."), \
    ("table", "m|n;y|2")
WHOLE = [T, A, A1, T1, B, B1, C, C1, T2]


def split_case(label: str, first: list[Any], second: list[Any], options: dict[str, Any], passes: bool,
               says: str = "") -> Case:
    opts = {"file": "a.docx", "second_file": "b.docx", "input_file": "in.docx", "mode": "split", "heading": "Budget",
            "title_line": False, **options}
    return Case(label, None, opts, passes, says, files={"a.docx": build(*first), "b.docx": build(*second)},
                originals={"in.docx": build(*WHOLE)})


EXTRACT, CUT = {"mode": "extract"}, {"mode": "cut"}

SPLIT_OFF = [
    split_case("split at the heading", [T, A, A1, T1], [B, B1, C, C1, T2], {}, True),
    split_case("split, the second part opened by the title", [T, A, A1, T1], [T, B, B1, C, C1, T2],
               {"title_line": True}, True),
    split_case("the title line missing though asked", [T, A, A1, T1], [B, B1, C, C1, T2], {"title_line": True},
               False, "b.docx"),
    split_case("the heading left in the first part too", [T, A, A1, T1, B], [B, B1, C, C1, T2], {}, False, "a.docx"),
    split_case("the second part missing its last paragraph", [T, A, A1, T1], [B, B1, C, T2], {}, False, "b.docx"),
    split_case("the last table lost", [T, A, A1, T1], [B, B1, C, C1], {}, False, "tables"),
    split_case("a section copied out", WHOLE, [B, B1], EXTRACT, True),
    split_case("the copy running into the next section", WHOLE, [B, B1, C], EXTRACT, False, "b.docx"),
    split_case("the original edited while copying", [T, A, A1, T1, C, C1, T2], [B, B1], EXTRACT, False, "a.docx"),
    split_case("a section cut out", [T, A, A1, T1, C, C1, T2], [B, B1], CUT, True),
    split_case("cut, but the original still has it", WHOLE, [B, B1], CUT, False, "a.docx"),
    split_case("cut, with a table duplicated", [T, A, A1, T1, C, C1, T2], [B, B1, T1], CUT, False, "tables"),
]

CASES = {"document.headings_styled": HEADINGS_STYLED, "document.text_tabulated": TEXT_TABULATED,
         "document.split_off": SPLIT_OFF}
