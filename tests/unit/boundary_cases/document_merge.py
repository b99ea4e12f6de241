"""Boundary cases of `forge.checks.document_merge` on real docx files: the LAST letter missing or
its last field left unfilled, letters out of the CSV's order, a recipient outside the segment
asked for; a merged document missing the other's last paragraph or table, its title handled
otherwise than asked, the text placed at the end instead of before the named section."""

from __future__ import annotations

import io
from typing import Any

import docx
from docx.enum.text import WD_BREAK

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved

Block = tuple[str, str]  # (style, text); style "table" holds "a|b;c|d"


def build(*blocks: Block) -> bytes:
    document = docx.Document()
    for style, text in blocks:
        if style == "table":
            rows = [r.split("|") for r in text.split(";")]
            grid = document.add_table(rows=len(rows), cols=len(rows[0]))
            for cells, values in zip(grid.rows, rows, strict=True):
                for cell, value in zip(cells.cells, values, strict=True):
                    cell.text = value
        elif style == "break":
            document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
        else:
            document.add_paragraph(text, style=style)
    return _saved(document)


# --- document.letters_merged ----------------------------------------------------------------------

LETTER: list[Block] = [("Title", "Price notice"), ("Normal", "«Name»"), ("Normal", "«Company»"),
                       ("Normal", "Dear «Name»,"), ("Heading 1", "New prices"), ("Normal", "Prices change in May.")]
TEMPLATE = build(*LETTER)
PEOPLE = [("Ann Lee", "Lee Ltd", "Retail"), ("Bo Chan", "Chan & Co", "Partner"), ("Cy Diaz", "Diaz Inc", "Retail")]
CSV = ("Name,Company,Segment\n" + "".join(f"{n},{c},{s}\n" for n, c, s in PEOPLE)).encode()
FIELDS = {"«Name»": "Name", "«Company»": "Company"}


def letter(name: str, company: str, *, heading: str = "Heading 1", blank: str = "") -> list[Block]:
    filled = [(s, t.replace("«Name»", name).replace("«Company»", company)) for s, t in LETTER]
    if blank:
        filled[2] = ("Normal", blank)
    filled[4] = (heading, filled[4][1])
    return filled


def letters(*people: tuple[str, str, str], breaks: bool = False, **last: Any) -> bytes:
    out: list[Block] = []
    for n, (name, company, _) in enumerate(people):
        if breaks and n:
            out.append(("break", ""))
        out += letter(name, company, **(last if n == len(people) - 1 else {}))
    return build(*out)


def merge_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
               template: bytes = TEMPLATE) -> Case:
    opts = {"file": "out.docx", "input_file": "letter.docx", "data_file": "people.csv", "fields": FIELDS, **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output, "people.csv": CSV},
                originals={"letter.docx": template, "people.csv": CSV})


A, B, C = PEOPLE
RETAIL = {"where_column": "Segment", "where_value": "retail"}
PAST = build(*[(s, t.replace("«Name»", "Old Name").replace("«Company»", "Old Firm")) for s, t in LETTER])

LETTERS_MERGED = [
    merge_case("a letter per row, in order", letters(A, B, C), {}, True),
    merge_case("page breaks between the letters", letters(A, B, C, breaks=True), {}, True),
    merge_case("the last letter missing", letters(A, B), {}, False, "missing paragraph 13"),
    merge_case("the last letter's company left unfilled", letters(A, B, C, blank="«Company»"), {}, False,
               "letter 3"),
    merge_case("the last two letters swapped", letters(A, C, B), {}, False, "letter 2"),
    merge_case("the last letter's heading made body text", letters(A, B, C, heading="Normal"), {}, False,
               "heading level"),
    merge_case("the Retail customers only", letters(A, C), RETAIL, True),
    merge_case("a Partner customer included", letters(A, B, C), RETAIL, False),
    merge_case("one named recipient", letters(B), {"recipient": "Bo Chan"}, True),
    merge_case("everyone when one was named", letters(A, B, C), {"recipient": "Bo Chan"}, False),
    merge_case("a past customer's details swapped", letters(A, B, C), {"fields": {"Old Name": "Name",
                                                                                 "Old Firm": "Company"}}, True,
               template=PAST),
    merge_case("the past customer's firm kept", letters(A, B, C, blank="Old Firm"),
               {"fields": {"Old Name": "Name", "Old Firm": "Company"}}, False, "letter 3", template=PAST),
]

# --- document.documents_merged --------------------------------------------------------------------

MAIN: list[Block] = [("Title", "Annual report"), ("Heading 1", "Summary"), ("Normal", "A good year."),
                     ("table", "Area|Cost;Rent|100"), ("Heading 1", "Outlook"), ("Normal", "More to come.")]
OTHER: list[Block] = [("Title", "Site survey"), ("Heading 1", "Findings"), ("Normal", "The roof leaks."),
                      ("table", "Item|Fix;Roof|200"), ("Normal", "Repairs start soon.")]


def joined(title: str = "Title", *, at: int = len(MAIN), other: list[Block] | None = None) -> bytes:
    part = list(OTHER if other is None else other)
    part = part[1:] if title == "drop" else [(title, part[0][1]), *part[1:]]
    return build(*MAIN[:at], *part, *MAIN[at:])


def docs_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.docx", "input_file": "main.docx", "other_file": "other.docx", "place": "end",
            "other_title": "keep", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output},
                originals={"main.docx": build(*MAIN), "other.docx": build(*OTHER)})


BEFORE = {"place": "before_heading", "heading": "Outlook"}

DOCUMENTS_MERGED = [
    docs_case("appended, title kept", joined(), {}, True),
    docs_case("appended, the other's last paragraph lost", joined(other=OTHER[:-1]), {}, False, "missing paragraph"),
    docs_case("appended, the other's table lost", joined(other=[b for b in OTHER if b[0] != "table"]), {}, False,
              "tables"),
    docs_case("appended, title left out", joined("drop"), {"other_title": "drop"}, True),
    docs_case("the title kept though to be left out", joined(), {"other_title": "drop"}, False),
    docs_case("the title made a Heading 1", joined("Heading 1"), {"other_title": "heading"}, True),
    docs_case("the title left a Title though a heading was asked", joined(), {"other_title": "heading"}, False,
              "heading level 0"),
    docs_case("before the named section", joined(at=4), BEFORE, True),
    docs_case("at the end though before a section was asked", joined(), BEFORE, False),
    docs_case("one section too early", joined(at=1), BEFORE, False),
]

CASES = {"document.letters_merged": LETTERS_MERGED, "document.documents_merged": DOCUMENTS_MERGED}
