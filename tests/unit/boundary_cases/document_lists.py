"""Boundary cases of `forge.checks.document_lists` on real reports: the LAST two items left swapped,
a sort that is case-sensitive, by first name instead of surname, or of figures read as text; an
item dropped, repeated, reworded or taken out of the list style; the introduction line sorted in;
ties in either order; a list already in order, or no such list."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import docx

from forge.checks.document_lists import item_key
from preparers.document import Paragraph, Run, Section, make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

REPORT = make_document(*_seeded(53), kind="report")
COMPANIES = ["Northwind Ltd", "de Vries Logistics", "Acme Corp", "Zenith Partners", "Bluebird Foods"]
PEOPLE = ["Priya Shah, Finance", "Tom Zeller, Legal", "Anna Brooks, Sales", "Carl Adams, People",
          "Mei Lin, Operations"]
OFFICES = ["Leeds office - 9 staff", "Bristol office - 1,045 staff", "York office - 120 staff",
           "Derby office - 120 staff", "Bath office - 64 staff"]


def _doc(heading: str, items: list[str], style: str = "List Bullet", intro: bool = True) -> bytes:
    body = [Paragraph(runs=[Run(text="The list as it stands:")])] if intro else []
    body += [Paragraph(runs=[Run(text=item)], style=style) for item in items]
    sections = [*REPORT.sections[:2], Section(heading=heading, paragraphs=body), *REPORT.sections[2:]]
    return write_docx(REPORT.model_copy(update={"sections": sections}))


SUPPLIERS = _doc("Suppliers consulted", COMPANIES)
ATTENDEES = _doc("Attendees", PEOPLE, style="List Number")
HEADCOUNT = _doc("Headcount by office", OFFICES, style="Normal", intro=False)


def arranged(given: bytes, order: list[str], *, fault: Callable[[Any, list[Any]], None] | None = None) -> bytes:
    """The list's paragraphs put in `order` (by text), then `fault(document, items)` where asked."""
    document = docx.Document(io.BytesIO(given))
    items = [p for p in document.paragraphs if p.text in order]
    anchor = items[0]._element.getprevious()
    for text in order:
        element = next(p for p in items if p.text == text)._element
        anchor.addnext(element)
        anchor = element
    if fault is not None:
        fault(document, [next(p for p in document.paragraphs if p.text == t) for t in order])
    return _saved(document)


def case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
         given: bytes = SUPPLIERS) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", **options}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given})


def by(items: list[str], key: str, descending: bool = False) -> list[str]:
    return sorted(items, key=lambda t: item_key(t, key), reverse=descending)  # type: ignore[arg-type,return-value]


def _drop_last(document: Any, items: list[Any]) -> None:
    items[-1]._element.getparent().remove(items[-1]._element)


def _repeat_last(document: Any, items: list[Any]) -> None:
    items[-1]._element.addnext(__import__("copy").deepcopy(items[-1]._element))


def _reword_last(document: Any, items: list[Any]) -> None:
    items[-1].runs[0].text = items[-1].runs[0].text.split(",")[0]


def _plain_last(document: Any, items: list[Any]) -> None:
    items[-1].style = document.styles["Normal"]


def _intro_last(document: Any, items: list[Any]) -> None:
    intro = next(p for p in document.paragraphs if p.text == "The list as it stands:")
    items[-1]._element.addnext(intro._element)


def _other_paragraph(document: Any, items: list[Any]) -> None:
    body = [p for p in document.paragraphs if p.style.name == "Normal" and p.text.strip()]
    body[-1].runs[-1].text += " (revised)"


def _table_cell(document: Any, items: list[Any]) -> None:
    document.tables[0].rows[-1].cells[-1].text = "0"


AZ, SURNAME, TEXT = {"heading": "Suppliers consulted", "key": "text"}, \
    {"heading": "Attendees", "key": "surname"}, {"heading": "Attendees", "key": "text"}
MOST = {"heading": "Headcount by office", "key": "number", "descending": True}
SORTED_AZ, SORTED_PEOPLE = by(COMPANIES, "text"), by(PEOPLE, "surname")
SWAPPED_END = [*SORTED_AZ[:-2], SORTED_AZ[-1], SORTED_AZ[-2]]
TIE_ONE, TIE_OTHER = by(OFFICES, "number", True), [OFFICES[1], OFFICES[3], OFFICES[2], OFFICES[4], OFFICES[0]]

SORTED = [
    case("A to Z in any case ('de Vries' among the Ds)", arranged(SUPPLIERS, SORTED_AZ), AZ, True),
    case("a case-sensitive sort (lower case last)", arranged(SUPPLIERS, sorted(COMPANIES)), AZ, False,
         "out of order"),
    case("Z to A", arranged(SUPPLIERS, by(COMPANIES, "text", True)), {**AZ, "descending": True}, True),
    case("A to Z where Z to A was asked", arranged(SUPPLIERS, SORTED_AZ), {**AZ, "descending": True}, False,
         "paragraph 12 ('Bluebird Foods') is out of order"),
    case("the last two items left swapped", arranged(SUPPLIERS, SWAPPED_END), AZ, False,
         "paragraph 15 ('Northwind Ltd') is out of order"),
    case("by surname in a numbered list", arranged(ATTENDEES, SORTED_PEOPLE), SURNAME, True, given=ATTENDEES),
    case("by first name where surname was asked", arranged(ATTENDEES, by(PEOPLE, "text")), SURNAME, False,
         "out of order", given=ATTENDEES),
    case("by first name, as text was asked", arranged(ATTENDEES, by(PEOPLE, "text")), TEXT, True, given=ATTENDEES),
    case("largest first, the tie one way", arranged(HEADCOUNT, TIE_ONE), MOST, True, given=HEADCOUNT),
    case("largest first, the tie the other way", arranged(HEADCOUNT, TIE_OTHER), MOST, True, given=HEADCOUNT),
    case("figures sorted as text (9 above 64)", arranged(HEADCOUNT, sorted(OFFICES, key=lambda t: t.split(" - ")[1],
                                                                          reverse=True)), MOST, False,
         "out of order", given=HEADCOUNT),
    case("the last item dropped", arranged(SUPPLIERS, SORTED_AZ, fault=_drop_last), AZ, False,
         "lost 'Zenith Partners'"),
    case("the last item repeated", arranged(SUPPLIERS, SORTED_AZ, fault=_repeat_last), AZ, False,
         "has an extra 'Zenith Partners'"),
    case("the last person's department cut off", arranged(ATTENDEES, SORTED_PEOPLE, fault=_reword_last), SURNAME,
         False, "not one of the list's items", given=ATTENDEES),
    case("the last item out of the list style", arranged(ATTENDEES, SORTED_PEOPLE, fault=_plain_last), SURNAME,
         False, "has style 'Normal'", given=ATTENDEES),
    case("the introduction line sorted into the list", arranged(SUPPLIERS, SORTED_AZ, fault=_intro_last), AZ, False,
         "outside the list"),
    case("another section's paragraph changed too", arranged(SUPPLIERS, SORTED_AZ, fault=_other_paragraph), AZ,
         False, "outside the list"),
    case("the report's table changed too", arranged(SUPPLIERS, SORTED_AZ, fault=_table_cell), AZ, False,
         "table 1"),
    case("the report handed back unsorted", SUPPLIERS, AZ, False, "out of order"),
    case("a list that was already in order", arranged(SUPPLIERS, SORTED_AZ), AZ, False, "already in that order",
         given=arranged(SUPPLIERS, SORTED_AZ)),
    case("no such heading", arranged(SUPPLIERS, SORTED_AZ), {**AZ, "heading": "Suppliers"}, False,
         "no list under"),
]

CASES = {"document.list_sorted": SORTED}
