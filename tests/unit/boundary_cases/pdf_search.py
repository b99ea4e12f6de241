"""Boundary cases of the multi-file search check: the files mentioning a word, both or either of
two words, or neither; each file's count; each mentioning file's pages; the LAST file missed, a
file listed that does not match, a part-word match counted, files out of order, a count of 0 left
out, folders in the names (fine), pages not ascending."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf as pdf

DOCS = {"a.pdf": ["Budget\nThe harbour budget.", "Staff\nHarbour staff."], "b.pdf": ["Costs\nNo word here."],
        "c.pdf": ["Plans\nHarbourside plans.", "Budget\nA new budget."], "d.pdf": ["Outlook\nThe harbour."]}
FILES = {"first_file": "a.pdf", "second_file": "b.pdf", "third_file": "c.pdf", "fourth_file": "d.pdf"}


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "found.txt", **FILES, "terms": ["harbour"], **options}, passes, says,
                files={"found.txt": ("\n".join(lines) + "\n").encode()},
                originals={name: pdf(pages) for name, pages in DOCS.items()})


BOTH = {"terms": ["harbour", "budget"], "match": "all"}
EITHER = {"terms": ["harbour", "budget"], "match": "any"}
NEITHER = {"terms": ["harbour", "budget"], "match": "none"}

CASES: dict[str, list[Case]] = {
    "pdf.files_searched": [
        case("the files mentioning the word", ["a.pdf", "d.pdf"], {}, True),
        case("with folders and bullets", ["- reports/a.pdf", "* d.pdf"], {}, True),
        case("the last file missed", ["a.pdf"], {}, False, "found.txt has 1 lines, expected 2: a.pdf, d.pdf"),
        case("a part-word match counted", ["a.pdf", "c.pdf", "d.pdf"], {}, False, "has 3 lines, expected 2"),
        case("out of order", ["d.pdf", "a.pdf"], {}, False, "line 1 of found.txt names 'd.pdf', expected 'a.pdf'"),
        case("both words", ["a.pdf"], BOTH, True),
        case("both words, either given", ["a.pdf", "c.pdf", "d.pdf"], BOTH, False, "has 3 lines, expected 1"),
        case("either word", ["a.pdf", "c.pdf", "d.pdf"], EITHER, True),
        case("either word, the last missed", ["a.pdf", "c.pdf"], EITHER, False, "has 2 lines, expected 3"),
        case("neither word", ["b.pdf"], NEITHER, True),
        case("neither word, a file with one of them listed", ["c.pdf"], NEITHER, False,
             "line 1 of found.txt names 'c.pdf', expected 'b.pdf'"),
        case("counts per file", ["a.pdf: 2", "b.pdf: 0", "c.pdf: 0", "d.pdf: 1"], {"report": "counts"}, True),
        case("counts, the zeros left out", ["a.pdf: 2", "d.pdf: 1"], {"report": "counts"}, False,
             "has 2 lines, expected 4"),
        case("counts, the last one off", ["a.pdf: 2", "b.pdf: 0", "c.pdf: 0", "d.pdf: 2"], {"report": "counts"},
             False, "line 4 of found.txt gives '2' for d.pdf, expected 1"),
        case("pages per mentioning file", ["a.pdf: 1, 2", "d.pdf: 1"], {"report": "pages"}, True),
        case("pages not ascending", ["a.pdf: 2, 1", "d.pdf: 1"], {"report": "pages"}, False,
             "line 1 of found.txt gives '2, 1' for a.pdf, expected 1, 2"),
        case("pages, a file without the word listed", ["a.pdf: 1, 2", "c.pdf: 1", "d.pdf: 1"], {"report": "pages"},
             False, "has 3 lines, expected 2"),
    ],
}
