"""Boundary cases of `forge.checks.document_case` on a real report with mixed-case headings: the
LAST heading left as it was, small words kept lower under Capitalize Every Word, capitals left
inside a Sentence-case heading, the title line or a body paragraph recased too, a sub-heading
recased when only chapters were asked, a heading turned into body text."""

from __future__ import annotations

import io
from typing import Any

import docx

from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

BASE = make_document(*_seeded(71), kind="report")
MESSY = ["EXECUTIVE SUMMARY", "background", "Key Findings", "RISKS AND ISSUES", "next steps"]
LEVELS = [1, 1, 2, 1, 1]
REPORT = write_docx(BASE.model_copy(update={"sections": [
    BASE.sections[n % len(BASE.sections)].model_copy(update={"heading": h, "level": lv})
    for n, (h, lv) in enumerate(zip(MESSY, LEVELS, strict=True))]}))
FLAT = write_docx(BASE.model_copy(update={"sections": []}))


def headings(texts: list[str], *, title: str | None = None, body: bool = False, demote: int | None = None,
             given: bytes = REPORT) -> bytes:
    """The headings rewritten to `texts` in order (None keeps one), with one fault where asked."""
    document = docx.Document(io.BytesIO(given))
    heads = [p for p in document.paragraphs if p.style.name.startswith("Heading")]
    for n, (p, text) in enumerate(zip(heads, texts, strict=True)):
        p.runs[0].text = text
        if n == demote:
            p.style = document.styles["Normal"]
    if title is not None:
        document.paragraphs[0].runs[0].text = title
    if body:
        last = [p for p in document.paragraphs if p.style.name == "Normal" and p.text.strip()][-1]
        for run in last.runs:
            run.text = run.text.upper()
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = REPORT) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


CAP = ["Executive Summary", "Background", "Key Findings", "Risks And Issues", "Next Steps"]
SENT = ["Executive summary", "Background", "Key findings", "Risks and issues", "Next steps"]
UP = [t.upper() for t in MESSY]
CHAPTERS_UP = [UP[0], UP[1], MESSY[2], UP[3], UP[4]]

RECASED = [
    case("every heading Capitalized", headings(CAP), {"case": "capitalize"}, True),
    case("small words left lower", headings([*CAP[:3], "Risks and Issues", CAP[4]]), {"case": "capitalize"},
         False, "Risks and Issues"),
    case("the last heading left as it was", headings([*CAP[:4], MESSY[4]]), {"case": "capitalize"}, False,
         "next steps"),
    case("the report handed back as it was", REPORT, {"case": "capitalize"}, False, "paragraph"),
    case("every heading in Sentence case", headings(SENT), {"case": "sentence"}, True),
    case("a capital left inside a Sentence-case heading", headings([*SENT[:2], "Key Findings", *SENT[3:]]),
         {"case": "sentence"}, False, "Key Findings"),
    case("every heading in UPPERCASE", headings(UP), {"case": "upper"}, True),
    case("the title line in capitals too", headings(UP, title=BASE.title.upper()), {"case": "upper"}, False,
         "paragraph 1"),
    case("the last body paragraph in capitals too", headings(UP, body=True), {"case": "upper"}, False,
         "paragraph"),
    case("a heading made body text on the way", headings(UP, demote=4), {"case": "upper"}, False, "heading level"),
    case("only the chapters, as asked", headings(CHAPTERS_UP), {"case": "upper", "levels": 1}, True),
    case("the sub-heading recased where only chapters were asked", headings(UP), {"case": "upper", "levels": 1},
         False, "KEY FINDINGS"),
    case("headings already in that case", headings(UP), {"case": "upper"}, False, "already",
         given=headings(UP)),
    case("a report without headings", FLAT, {"case": "upper"}, False, "no headings", given=FLAT),
]

CASES = {"document.headings_recased": RECASED}
