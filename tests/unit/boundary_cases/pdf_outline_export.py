"""Boundary cases of the bookmark-export check: an indented list or a csv, every level or the top
only, with pages or titles alone; the LAST bookmark's page off, a level flattened, a bookmark
missing or extra, pages given though not asked (and the other way), a child listed at the top
level only, and the csv's level counted from 0."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader, PdfWriter

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._pdf import text_pdf


def outlined() -> bytes:
    """Four pages; parts Background (page 1: Summary, Method) and Results (page 3: Costs, Outlook on 4)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(text_pdf(["Summary", "Method", "Costs", "Outlook"]))))
    for title, start, kids in (("Background", 0, [("Summary", 0), ("Method", 1)]),
                               ("Results", 2, [("Costs", 2), ("Outlook", 3)])):
        part = writer.add_outline_item(title=title, page_number=start)
        for kid, page in kids:
            writer.add_outline_item(title=kid, page_number=page, parent=part)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def case(label: str, lines: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    name = "out.csv" if options.get("format") == "csv" else "out.txt"
    return Case(label, None, {"file": name, "input_file": "r.pdf", "format": "indented", **options}, passes, says,
                files={name: ("\n".join(lines) + "\n").encode()}, originals={"r.pdf": outlined()})


LIST = ["Background (page 1)", "  Summary (page 1)", "  Method (page 2)", "Results (page 3)", "  Costs (page 3)",
        "  Outlook (page 4)"]
CSV = ["level,title,page", "1,Background,1", "2,Summary,1", "2,Method,2", "1,Results,3", "2,Costs,3", "2,Outlook,4"]

CASES: dict[str, list[Case]] = {
    "pdf.outline_exported": [
        case("indented, every level, with pages", LIST, {}, True),
        case("the last bookmark's page off by one", [*LIST[:5], "  Outlook (page 3)"], {}, False,
             "line 6 of out.txt reads '  Outlook (page 3)', expected '  Outlook (page 4)'"),
        case("a level flattened", [*LIST[:4], "Costs (page 3)", LIST[5]], {}, False, "line 5 of out.txt"),
        case("three spaces for a level", [*LIST[:5], "   Outlook (page 4)"], {}, False, "line 6 of out.txt"),
        case("the last bookmark missing", LIST[:5], {}, False, "out.txt has 5 lines, expected 6"),
        case("a line too many", [*LIST, "Appendix (page 4)"], {}, False, "out.txt has 7 lines, expected 6"),
        case("titles only, as asked", [line.split(" (page")[0] for line in LIST], {"pages": False}, True),
        case("pages given though titles only were asked", LIST, {"pages": False}, False,
             "line 1 of out.txt reads 'Background (page 1)', expected 'Background'"),
        case("titles only given though pages were asked", [line.split(" (page")[0] for line in LIST], {}, False,
             "line 1 of out.txt"),
        case("the top level only", ["Background (page 1)", "Results (page 3)"], {"top_only": True}, True),
        case("the top level only, the children too", LIST, {"top_only": True}, False, "has 6 lines, expected 2"),
        case("the top level only, a child instead of a part", ["Background (page 1)", "Costs (page 3)"],
             {"top_only": True}, False, "line 2 of out.txt reads 'Costs (page 3)', expected 'Results (page 3)'"),
        case("csv, every level", CSV, {"format": "csv"}, True),
        case("csv, the last page off", [*CSV[:6], "2,Outlook,3"], {"format": "csv"}, False,
             "row 7, column 3 (page) of out.csv is 3, expected 4"),
        case("csv, levels from 0", ["level,title,page", "0,Background,1", "1,Summary,1", "1,Method,2", "0,Results,3",
                                    "1,Costs,3", "1,Outlook,4"], {"format": "csv"}, False,
             "row 2, column 1 (level) of out.csv is 0, expected 1"),
        case("csv, top level, no pages", ["level,title", "1,Background", "1,Results"],
             {"format": "csv", "top_only": True, "pages": False}, True),
        case("csv, a page column though not asked", ["level,title,page", "1,Background,1", "1,Results,3"],
             {"format": "csv", "top_only": True, "pages": False}, False, "row 1 of out.csv has 3 cells, expected 2"),
    ],
}
