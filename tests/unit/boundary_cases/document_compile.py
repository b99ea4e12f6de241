"""Boundary cases of `forge.checks.document_compile` on real parts: the review built as asked (as
listed or A to Z, flat or nested parts, bylines kept or left out, page breaks), and each way it
goes wrong: the LAST paragraph of the last part lost, the parts as listed where A to Z was asked,
a part's own heading left at level 1, the byline kept, the last part not on a new page, a part's
table lost or doubled, the title line as a heading, a part with no title line."""

from __future__ import annotations

import io
from typing import Any

import docx

from preparers.document import DocumentContent, Paragraph, Run, Section, make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.compile_report import BYLINE, contribution

TITLE = "Acme quarterly review, Q2 2025"


def _parts(nested: bool) -> list[tuple[str, DocumentContent]]:
    """Three parts whose titles are not A to Z as listed (the seeds give three distinct topics)."""
    found: dict[str, DocumentContent] = {}
    for seed in range(40, 80):
        topic, part = contribution(make_document(*_seeded(seed), kind="report"), nested)
        found.setdefault(topic, part)
        if len(found) == 3:
            break
    return sorted(found.items(), key=lambda kv: kv[0].casefold(), reverse=True)


FLAT, NESTED = _parts(False), _parts(True)


def _sections(part: DocumentContent, drop: bool, level_shift: int) -> list[Section]:
    opening = [p for p in part.opening if not (drop and p.text.startswith(BYLINE))]
    head = Section(heading=part.title, level=1, paragraphs=opening)
    return [head, *(s.model_copy(update={"level": s.level + level_shift}) for s in part.sections)]


def compiled(parts: list[tuple[str, DocumentContent]], *, alpha: bool = False, drop: bool = False,
             breaks: bool = False, shift: int = 1, lose_last: bool = False, skip_break: bool = False,
             title_style: str = "Title", extra_table: bool = False, drop_table: bool = False) -> bytes:
    """The review as the task asks, one fault switched on where asked."""
    ordered = sorted(parts, key=lambda kv: kv[0].casefold()) if alpha else parts
    sections = [s for _, part in ordered for s in _sections(part, drop, shift)]
    if lose_last:
        last = sections[-1]
        sections[-1] = last.model_copy(update={"paragraphs": last.paragraphs[:-1]})
    base = ordered[0][1]
    doc = base.model_copy(update={"title": TITLE, "opening": [], "sections": sections, "header": "", "footer": ""})
    document = docx.Document(io.BytesIO(write_docx(doc)))
    if title_style != "Title":
        document.paragraphs[0].style = document.styles[title_style]
    chapters = [p for p in document.paragraphs if p.style.name == "Heading 1"]
    for p in chapters[:-1] if skip_break else chapters if breaks else []:
        p.paragraph_format.page_break_before = True
    if drop_table:
        table = document.tables[-1]._tbl
        table.getparent().remove(table)
    if extra_table:
        document.add_table(rows=1, cols=1).cell(0, 0).text = "Extra"
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         parts: list[tuple[str, DocumentContent]] = FLAT) -> Case:
    names = [f"parts/{n}.docx" for n in ("first", "second", "third")]
    originals = {name: write_docx(part) for name, (_, part) in zip(names, parts, strict=True)}
    opts = {"file": "review.docx", "first_file": names[0], "second_file": names[1], "third_file": names[2],
            "title": TITLE, "order": "listed", **options}
    return Case(label, None, opts, passes, says, files={"review.docx": output}, originals=originals)


UNTITLED = write_docx(FLAT[2][1].model_copy(update={"title": "", "opening": [
    Paragraph(runs=[Run(text="A part someone sent without a title.")])]}))

COMPILED = [
    case("flat parts as listed, bylines kept", compiled(FLAT), {}, True),
    case("the last paragraph of the last part lost", compiled(FLAT, lose_last=True), {}, False,
         "is missing paragraph"),
    case("A to Z where the listed order was asked", compiled(FLAT, alpha=True), {}, False, "(the part from parts/"),
    case("flat parts A to Z", compiled(FLAT, alpha=True), {"order": "alpha"}, True),
    case("the listed order where A to Z was asked", compiled(FLAT), {"order": "alpha"}, False, "paragraph 2 of"),
    case("bylines left out as asked", compiled(FLAT, drop=True), {"drop_prefix": BYLINE}, True),
    case("a byline kept where they go", compiled(FLAT, drop=False), {"drop_prefix": BYLINE}, False,
         f"{BYLINE}"),
    case("bylines left out where they stay", compiled(FLAT, drop=True), {}, False, BYLINE),
    case("nested parts, their headings one level down", compiled(NESTED, alpha=True), {"order": "alpha"}, True,
         parts=NESTED),
    case("nested parts' headings left at level 1", compiled(NESTED, alpha=True, shift=0), {"order": "alpha"},
         False, "has heading level 1, expected 2", parts=NESTED),
    case("nested parts: the last part's last bullet lost", compiled(NESTED, lose_last=True), {}, False,
         "is missing paragraph", parts=NESTED),
    case("every part on a new page", compiled(FLAT, breaks=True), {"page_breaks": True}, True),
    case("the last part not on a new page", compiled(FLAT, breaks=True, skip_break=True), {"page_breaks": True},
         False, f"the part {FLAT[2][0]!r}"),
    case("no page breaks where they were asked", compiled(FLAT), {"page_breaks": True}, False,
         f"the part {FLAT[0][0]!r}"),
    case("an extra table", compiled(NESTED, extra_table=True), {}, False, "has an extra table",
         parts=NESTED),
    case("the last part's table lost", compiled(NESTED, drop_table=True), {}, False,
         "table 3 of review.docx is not parts/third.docx's table", parts=NESTED),
    case("the title line as a Heading 1", compiled(FLAT, title_style="Heading 1"), {}, False,
         "has heading level 1, expected 0"),
    case("another title", compiled(FLAT), {"title": "Acme review"}, False, "(the title line)"),
    Case("a part with no title line", None, {"file": "review.docx", "first_file": "a.docx", "second_file": "b.docx",
                                             "third_file": "c.docx", "title": TITLE, "order": "listed"}, False,
         "c.docx has no title line", files={"review.docx": compiled(FLAT)},
         originals={"a.docx": write_docx(FLAT[0][1]), "b.docx": write_docx(FLAT[1][1]), "c.docx": UNTITLED}),
]

CASES = {"document.report_compiled": COMPILED}
