"""Boundary cases of `forge.checks.document_stats` on a real docx: the LAST section's count one
off or missing, the heading's own words counted, spaces counted as characters, a tie at the top
in either order, the Total row wrong or missing."""

from __future__ import annotations

from typing import Any

import docx

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved


def _report() -> bytes:
    document = docx.Document()
    document.add_paragraph("Plan for 2025", style="Title")
    document.add_paragraph("Not counted: before the first heading.")
    document.add_heading("Scope", level=1)
    document.add_paragraph("one two three")
    document.add_paragraph("four five")
    document.add_heading("Costs", level=1)
    document.add_paragraph("a b c d e f")
    document.add_table(rows=1, cols=2).rows[0].cells[0].text = "table words are not counted"
    document.add_heading("Risks", level=1)
    document.add_paragraph("x y z w v")
    return _saved(document)


REPORT = _report()  # words: Scope 5, Costs 6, Risks 5; characters: 19, 6, 5; paragraphs: 2, 1, 1


def csv_of(*rows: tuple[Any, Any], header: tuple[str, str] = ("Section", "Words")) -> bytes:
    return ("\n".join(f"{a},{b}" for a, b in [header, *rows]) + "\n").encode()


def count_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "counts.csv", "input_file": "report.docx", "measure": "words", "label_header": "Section",
            "count_header": "Words", "order": "document", "total": False, **options}
    return Case(label, None, opts, passes, says, files={"counts.csv": output}, originals={"report.docx": REPORT})


LARGEST = {"order": "largest"}
TOTAL = {"total": True}
CHARS = {"measure": "characters", "count_header": "Characters"}

SECTION_COUNTS = [
    count_case("words in document order", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 5)), {}, True),
    count_case("the last count one off", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 4)), {}, False, "row 4"),
    count_case("the last section missing", csv_of(("Scope", 5), ("Costs", 6)), {}, False, "2 section rows"),
    count_case("the heading's own word counted", csv_of(("Scope", 6), ("Costs", 7), ("Risks", 6)), {}, False, "row 2"),
    count_case("headed otherwise", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 5), header=("Section", "Count")), {},
               False, "headed"),
    count_case("largest first", csv_of(("Costs", 6), ("Scope", 5), ("Risks", 5)), LARGEST, True),
    count_case("largest first, the tie the other way", csv_of(("Costs", 6), ("Risks", 5), ("Scope", 5)), LARGEST, True),
    count_case("document order where largest first was asked", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 5)),
               LARGEST, False, "largest first"),
    count_case("with the total", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 5), ("Total", 16)), TOTAL, True),
    count_case("the total one off", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 5), ("Total", 15)), TOTAL, False,
               "Total row"),
    count_case("no total row", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 5)), TOTAL, False, "Total row"),
    count_case("a total row nobody asked for", csv_of(("Scope", 5), ("Costs", 6), ("Risks", 5), ("Total", 16)), {},
               False),
    count_case("characters without spaces", csv_of(("Scope", 19), ("Costs", 6), ("Risks", 5),
                                                   header=("Section", "Characters")), CHARS, True),
    count_case("characters with the spaces", csv_of(("Scope", 21), ("Costs", 11), ("Risks", 9),
                                                    header=("Section", "Characters")), CHARS, False, "row 2"),
    count_case("paragraphs", csv_of(("Scope", 2), ("Costs", 1), ("Risks", 1), header=("Section", "Paragraphs")),
               {"measure": "paragraphs", "count_header": "Paragraphs"}, True),
]

CASES = {"document.section_counts": SECTION_COUNTS}
