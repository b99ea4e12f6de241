"""Boundary cases of the text-to-PDF check: the words in order with markup shown or not, case
free, over two pages; the LAST word missing, a word extra at the end, a number changed; A4 vs
Letter (only the last page wrong, landscape allowed); the title given or the first line's (its
hashes left off)."""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case

SOURCE = "# Harbour notes\n\n- Budget rose by 23%\n- [ ] Ann: follow up\n\nEnd of notes.\n"
LINES = ["Harbour notes", "\u2022 Budget rose by 23%", "Ann: follow up", "End of notes."]


def pdf(pages: list[list[str]], sizes: list[tuple[float, float]] | None = None, title: str = "Harbour notes") -> bytes:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, invariant=1)
    sheet.setTitle(title)
    for n, lines in enumerate(pages):
        sheet.setPageSize((sizes or [A4] * len(pages))[n])
        for k, line in enumerate(lines):
            sheet.drawString(72, 500 - 20 * k, line)
        sheet.showPage()
    sheet.save()
    return buf.getvalue()


def case(label: str, out: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "notes.pdf", "source_file": "notes.md", "paper": "a4",
                              "title_from_first_line": True, **options}, passes, says,
                files={"notes.pdf": out}, originals={"notes.md": SOURCE.encode()})


CASES: dict[str, list[Case]] = {
    "pdf.text_converted": [
        case("every word, A4, the first line as title", pdf([LINES]), {}, True),
        case("the markup shown, capitals", pdf([["# HARBOUR NOTES", "- Budget rose by 23%", "- [ ] Ann: follow up",
                                                 "End of notes."]]), {}, True),
        case("over two pages", pdf([LINES[:2], LINES[2:]]), {}, True),
        case("the last word missing", pdf([[*LINES[:3], "End of"]]), {}, False, "it stops before 'notes'"),
        case("a page number added at the end", pdf([[*LINES, "Page 1"]]), {}, False, "'page 1' is extra"),
        case("a number changed", pdf([[LINES[0], "Budget rose by 24%", *LINES[2:]]]), {}, False,
             "word 6 of notes.pdf is '24', expected '23'"),
        case("Letter where A4 is asked", pdf([LINES], [letter]), {}, False, "page 1 of notes.pdf is 612 x 792 pt"),
        case("A4, only the last page Letter", pdf([LINES[:2], LINES[2:]], [A4, letter]), {}, False, "page 2"),
        case("A4 landscape", pdf([LINES], [landscape(A4)]), {}, True),
        case("Letter asked and given", pdf([LINES], [letter]), {"paper": "letter"}, True),
        case("Letter asked, A4 given", pdf([LINES]), {"paper": "letter"}, False, "not Letter"),
        case("the title left with its hashes", pdf([LINES], title="# Harbour notes"), {}, False,
             "Title is '# Harbour notes', expected 'Harbour notes'"),
        case("a title given", pdf([LINES], title="Harbour notes (minutes)"),
             {"title": "Harbour notes (minutes)", "title_from_first_line": False}, True),
        case("a title given, the first line used instead", pdf([LINES]),
             {"title": "Harbour notes (minutes)", "title_from_first_line": False}, False, "expected 'Harbour notes "
                                                                                          "(minutes)'"),
    ],
}
