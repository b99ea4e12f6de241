"""Boundary cases of the PDF properties check: each property set, kept, taken from page 1, added
to or cleared; the LAST keyword missing, an extra keyword, keywords in another order or with
semicolons, spacing in a title, a property nobody named changed, and the pages (the last page's
text, a page lost) changed while the properties are right."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader, PdfWriter
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf

PAGES = ["Harbour works review 2025\nSummary of the year", "Budget and staffing\nCosts rose in spring"]
BEFORE = {"/Title": "Untitled", "/Author": "admin", "/Subject": "Acme internal", "/Keywords": "budget, staffing"}


def pdf(info: dict[str, str], pages: list[str] = PAGES) -> bytes:
    """The pages (one line of text each line) with exactly the properties `info`."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(text_pdf(pages))))
    writer.metadata = info
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


ORIGINALS = {"in/review.pdf": pdf(BEFORE)}


def case(label: str, info: dict[str, str], options: dict[str, Any], passes: bool, says: str = "",
         pages: list[str] = PAGES) -> Case:
    return Case(label, None, {"file": "out/review.pdf", "input_file": "in/review.pdf", **options}, passes, says,
                files={"out/review.pdf": pdf(info, pages)}, originals=ORIGINALS)


ALL = {"title": "Harbour works review", "author": "Dana Reyes", "subject": "Annual review",
       "keywords": ["harbour", "capital works"]}
ALL_INFO = {"/Title": "Harbour works review", "/Author": "Dana Reyes", "/Subject": "Annual review",
            "/Keywords": "harbour, capital works"}

CASES: dict[str, list[Case]] = {
    "pdf.properties_set": [
        case("all four set", ALL_INFO, ALL, True),
        case("all four set, the title's spacing differs", {**ALL_INFO, "/Title": "Harbour  works review "}, ALL, True),
        case("the title one word short", {**ALL_INFO, "/Title": "Harbour works"}, ALL, False, "Title is"),
        case("the author left as it was", {**ALL_INFO, "/Author": "admin"}, ALL, False, "Author is 'admin'"),
        case("keywords in another order, semicolons", {**ALL_INFO, "/Keywords": "Capital Works; harbour"}, ALL, True),
        case("the last keyword missing", {**ALL_INFO, "/Keywords": "harbour"}, ALL, False, "lacks capital works"),
        case("an extra keyword", {**ALL_INFO, "/Keywords": "harbour, capital works, budget"}, ALL, False,
             "has budget too"),
        case("subject and keywords only; the rest kept", {**BEFORE, "/Subject": "Annual review",
                                                         "/Keywords": "harbour, capital works"},
             {"subject": "Annual review", "keywords": ["harbour", "capital works"]}, True),
        case("subject and keywords only; the title changed too",
             {**BEFORE, "/Title": "Review", "/Subject": "Annual review", "/Keywords": "harbour, capital works"},
             {"subject": "Annual review", "keywords": ["harbour", "capital works"]}, False, "Title is 'Review'"),
        case("keywords added to the input's", {**BEFORE, "/Keywords": "budget, staffing, harbour, capital works"},
                 {"keywords": ["harbour", "capital works"], "add_keywords": True}, True),
        case("keywords added, the input's lost", {**BEFORE, "/Keywords": "harbour, capital works"},
             {"keywords": ["harbour", "capital works"], "add_keywords": True}, False, "lacks budget, staffing"),
        case("keywords asked, the input's kept though not asked", {**BEFORE, "/Keywords": "budget, staffing, harbour"},
             {"keywords": ["harbour"]}, False, "has budget, staffing too"),
        case("nothing asked of the keywords, they are dropped", {**BEFORE, "/Keywords": ""}, {"author": "admin"},
             False, "Keywords lacks budget, staffing"),
        case("the title from page 1", {**BEFORE, "/Title": "Harbour works review 2025"}, {"title_from_page": True},
             True),
        case("the title from page 1, its year left off", {**BEFORE, "/Title": "Harbour works review"},
             {"title_from_page": True}, False, "expected 'Harbour works review 2025'"),
        case("the title from page 1 left as junk", BEFORE, {"title_from_page": True}, False, "Title is 'Untitled'"),
        case("author, subject, keywords removed", {"/Title": "Untitled"},
             {"cleared": ["Author", "Subject", "Keywords"]}, True),
        case("author, subject, keywords emptied",
             {"/Title": "Untitled", "/Author": "", "/Subject": "", "/Keywords": ""},
             {"cleared": ["Author", "Subject", "Keywords"]}, True),
        case("the keywords left behind", {"/Title": "Untitled", "/Keywords": "budget, staffing"},
             {"cleared": ["Author", "Subject", "Keywords"]}, False, "Keywords is 'budget, staffing', expected none"),
        case("the title removed with the rest", {}, {"cleared": ["Author", "Subject", "Keywords"]}, False,
             "Title is ''"),
        case("the properties right, the last page's text changed", ALL_INFO, ALL, False, "page 2 of out/review.pdf",
             pages=[PAGES[0], "Budget and staffing\nCosts fell in spring"]),
        case("the properties right, a page lost", ALL_INFO, ALL, False, "has 1 pages", pages=PAGES[:1]),
    ],
}
