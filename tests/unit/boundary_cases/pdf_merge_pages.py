"""Boundary cases of the page-per-record check: certificates (landscape, fixed texts) and letters
(portrait, address columns and a greeting); every record or those marked yes, as listed or A-Z by
surname; the LAST page's name wrong, a page missing or extra, two names on a page, a name only
as part of a longer one, the greeting missing, a page the wrong way up or on other paper."""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.pdfgen import canvas

from tests.unit.boundary_cases import Case

DATA = "first_name,last_name,city,attended\nLee,Ward,Leeds,yes\nAnn,Cole,York,no\nRaj,Bose,Bath,yes\n"
CERT = {"name_columns": ["first_name", "last_name"], "texts": ["Certificate of Attendance", "First Aid"],
        "orientation": "landscape"}
LETTER = {"name_columns": ["first_name", "last_name"], "columns": ["city"], "greet_column": "first_name",
          "texts": ["Thank you for coming."], "orientation": "portrait"}


def pdf(pages: list[list[str]], size: tuple[float, float]) -> bytes:
    buf = io.BytesIO()
    sheet = canvas.Canvas(buf, pagesize=size, invariant=1)
    for lines in pages:
        for n, line in enumerate(lines):
            sheet.drawString(72, size[1] - 72 - 20 * n, line)
        sheet.showPage()
    sheet.save()
    return buf.getvalue()


def cert(name: str) -> list[str]:
    return ["Certificate of Attendance", name, "completed First Aid"]


def note(first: str, last: str, city: str) -> list[str]:
    return [f"{first} {last}", city, "", f"Dear {first},", "Thank you for", "coming."]


def case(label: str, pages: list[list[str]], options: dict[str, Any], passes: bool, says: str = "",
         size: tuple[float, float] | None = None) -> Case:
    size = size or (landscape(A4) if options.get("orientation") == "landscape" else A4)
    return Case(label, None, {"file": "out.pdf", "data_file": "people.csv", **options}, passes, says,
                files={"out.pdf": pdf(pages, size)}, originals={"people.csv": DATA.encode()})


CERTS = [cert("Lee Ward"), cert("Ann Cole"), cert("Raj Bose")]
NOTES = [note("Lee", "Ward", "Leeds"), note("Ann", "Cole", "York"), note("Raj", "Bose", "Bath")]
YES = {"only_column": "attended", "only_value": "yes"}
AZ = {"sort_by": ["last_name", "first_name"]}

CASES: dict[str, list[Case]] = {
    "pdf.page_per_record": [
        case("a certificate per person, as listed", CERTS, CERT, True),
        case("the last certificate for the wrong person", [*CERTS[:2], cert("Ann Cole")], CERT, False,
             "page 3 of out.pdf does not show 'Raj Bose' (the page for Raj Bose)"),
        case("the last certificate missing", CERTS[:2], CERT, False, "out.pdf has 2 pages, expected 3"),
        case("an extra certificate", [*CERTS, cert("Lee Ward")], CERT, False, "out.pdf has 4 pages, expected 3"),
        case("the course left off the last page", [*CERTS[:2], ["Certificate of Attendance", "Raj Bose"]], CERT,
             False, "page 3 of out.pdf does not show 'First Aid'"),
        case("every name on every page", [[*c, "Lee Ward Ann Cole Raj Bose"] for c in CERTS], CERT, False,
             "page 1 of out.pdf (the page for Lee Ward) also names 'Ann Cole'"),
        case("a longer name holding another is not that name", [CERTS[0], [*CERTS[1], "Signed: Lee Wardley"],
                                                                 CERTS[2]], CERT, True),
        case("portrait pages for landscape certificates", CERTS, CERT, False,
             "page 1 of out.pdf is 595 x 842 pt (portrait), expected a4 landscape", size=A4),
        case("Letter paper instead of A4", CERTS, CERT, False, "page 1 of out.pdf is 792 x 612 pt",
             size=landscape(letter)),
        case("only those who attended", [CERTS[0], CERTS[2]], {**CERT, **YES}, True),
        case("only those who attended, the no-show included", CERTS, {**CERT, **YES}, False,
             "has 3 pages, expected 2"),
        case("A-Z by surname", [CERTS[2], CERTS[1], CERTS[0]], {**CERT, **AZ}, True),
        case("A-Z asked, as listed given", CERTS, {**CERT, **AZ}, False,
             "page 1 of out.pdf does not show 'Raj Bose'"),
        case("attended, A-Z", [CERTS[2], CERTS[0]], {**CERT, **YES, **AZ}, True),
        case("letters with address, greeting and text", NOTES, LETTER, True),
        case("a letter without its greeting", [*NOTES[:2], [*NOTES[2][:3], "Hello,", *NOTES[2][4:]]], LETTER, False,
             "page 3 of out.pdf does not show 'Dear Raj,'"),
        case("a letter greeting by surname", [*NOTES[:2], [*NOTES[2][:3], "Dear Bose,", *NOTES[2][4:]]], LETTER,
             False, "page 3 of out.pdf does not show 'Dear Raj,'"),
        case("a letter with the wrong city", [*NOTES[:2], note("Raj", "Bose", "York")], LETTER, False,
             "page 3 of out.pdf does not show 'Bath'"),
    ],
}
