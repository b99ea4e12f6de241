"""Boundary cases of the document and slides check libraries, on real docx and pptx files made by
the preparers and edited with python-docx / python-pptx: the change asked for at the LAST place
(the last heading, the end of the document, the last slide), one place short or one too far, an
extra or a missing paragraph, bullet or slide, and a cell just inside or outside the tolerance."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import docx
import pptx

from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.test_apps_checks_document import DECK, REPORT, add_slide, move, notes, seeded
from tests.unit.test_apps_checks_document import drop as drop_one


def _saved(thing: Any) -> bytes:
    out = io.BytesIO()
    thing.save(out)
    return out.getvalue()


def edit_docx(data: bytes, *changes: Callable[[Any], None]) -> bytes:
    document = docx.Document(io.BytesIO(data))
    for change in changes:
        change(document)
    return _saved(document)


HEADINGS = [p.text for p in docx.Document(io.BytesIO(REPORT)).paragraphs if p.style.name == "Heading 1"]
LAST_HEADING = HEADINGS[-1]  # "Next Steps"


def _heading(document: Any, text: str) -> Any:
    return next(p for p in document.paragraphs if p.style.name.startswith("Heading") and p.text == text)


def insert_before(text: str, *, level: int = 1, body: tuple[str, ...] = ("New body.",), late: int = 0,
                  heading: str = "New Section") -> Callable[[Any], None]:
    """The new section before the heading `text` (`late` paragraphs after it: inside its section)."""
    def change(document: Any) -> None:
        paragraphs = document.paragraphs
        anchor = paragraphs[[p._p for p in paragraphs].index(_heading(document, text)._p) + late]
        anchor.insert_paragraph_before(heading, style=f"Heading {level}")
        for line in body:
            anchor.insert_paragraph_before(line)
    return change


def append_section(*, body: tuple[str, ...] = ("New body.",), level: int = 1) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        document.add_paragraph("New Section", style=f"Heading {level}")
        for line in body:
            document.add_paragraph(line)
    return change


def last_paragraph(suffix: str) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        [p for p in document.paragraphs if p.text.strip()][-1].text += suffix
    return change


def table_cell(text: str) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        document.tables[-1].rows[-1].cells[-1].text = text
    return change


def margins(header: str | None, footer: str | None) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        if header is not None:
            document.sections[0].header.paragraphs[0].text = header
        if footer is not None:
            document.sections[0].footer.paragraphs[0].text = footer
    return change


def section_case(label: str, output: bytes, passes: bool, says: str = "", **options: Any) -> Case:
    opts = {"file": "r.docx", "input_file": "r.docx", "heading": "New Section", "level": 1,
            "paragraphs": ["New body."], "before_heading": LAST_HEADING, **options}
    return Case(label, None, opts, passes, says, files={"r.docx": output}, originals={"r.docx": REPORT})


# A memo whose organisation appears in the header, the footer and the LAST body paragraph.
_MEMO = write_docx(make_document(*seeded(3), kind="memo"))
ORG = docx.Document(io.BytesIO(_MEMO)).sections[0].header.paragraphs[0].text
MEMO = edit_docx(_MEMO, margins(None, f"{ORG} internal"), last_paragraph(f" ({ORG})"))


def replace_in(old: str, new: str, *, footer: bool = True, body_last: bool = True) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        section = document.sections[0]
        body = [p for p in document.paragraphs if p.text.strip()]
        parts = [*(body if body_last else body[:-1]), *section.header.paragraphs,
                 *(section.footer.paragraphs if footer else [])]
        for paragraph in parts:
            if old in paragraph.text:
                paragraph.text = paragraph.text.replace(old, new)
    return change


def replaced_case(label: str, output: bytes, passes: bool, says: str = "", new: str = "Acme Ltd") -> Case:
    return Case(label, None, {"file": "out.docx", "input_file": "in.docx", "old": ORG, "new": new}, passes, says,
                files={"out.docx": output}, originals={"in.docx": MEMO})


def margins_case(label: str, output: bytes, passes: bool, says: str = "", **options: Any) -> Case:
    opts = {"file": "r.docx", "input_file": "r.docx", "header": "Confidential", "footer": "Page footer", **options}
    return Case(label, None, opts, passes, says, files={"r.docx": output}, originals={"r.docx": REPORT})


SOURCE_CSV = b"Region,Amount\nNorth,1200.5\nEast,75\nSouth,980.25\n"
FIGURES = [["Region", "Amount"], ["North", "1,200.50"], ["East", "75.00"], ["South", "980.25"]]


def report_with_table(rows: list[list[str]], *, intro: bool = True, title: str = "Figures") -> bytes:
    document = docx.Document()
    document.add_heading(title, level=1)
    if intro:
        document.add_paragraph("The figures below come from the workbook.")
    table = document.add_table(rows=0, cols=max(len(r) for r in rows))
    for row in rows:
        for cell, text in zip(table.add_row().cells, row, strict=False):
            cell.text = text
    return _saved(document)


def last_amount(text: str) -> list[list[str]]:
    return [*FIGURES[:-1], ["South", text]]


def table_case(label: str, output: bytes, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "report.docx", "input_file": "data.csv", "heading": "Figures", "table": None},
                passes, says, files={"report.docx": output}, originals={"data.csv": SOURCE_CSV})


# --- slides -------------------------------------------------------------------------------------

TITLES = [s.shapes.title.text_frame.text for s in pptx.Presentation(io.BytesIO(DECK)).slides]  # 7 slides


def drop(*indexes: int) -> list[Callable[[Any], None]]:
    """The slides at `indexes` (of the original order) removed, as changes for `edit_deck`."""
    return [drop_one(i - n) for n, i in enumerate(sorted(indexes))]


def retitle(index: int, title: str) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        deck.slides[index].shapes.title.text = title
    return change


def edit_deck(*changes: Callable[[Any], None]) -> bytes:
    deck = pptx.Presentation(io.BytesIO(DECK))
    for change in changes:
        change(deck)
    return _saved(deck)






def slide_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", **options}, passes, says,
                files={"out.pptx": output}, originals={"in.pptx": DECK})


INSERT_LAST = {"title": "Key Risks", "bullets": ["One", "Two"], "after_title": TITLES[-1]}
NOTES_LAST = {"slide_title": TITLES[-1], "notes": "Thank everyone."}


def outline_deck(*, skip_last: bool = False, extra: bool = False, last_sentence: str | None = None,
                 last_body: bool = True) -> bytes:
    """One slide per Heading 1 of REPORT, each with its section's first sentence."""
    sections: list[list[str]] = []
    for p in docx.Document(io.BytesIO(REPORT)).paragraphs:
        if p.style.name == "Heading 1":
            sections.append([p.text, ""])
        elif sections and not sections[-1][1] and p.text.strip():
            sections[-1][1] = p.text.split(". ")[0].rstrip(".") + "."
    if skip_last:
        sections = sections[:-1]
    if last_sentence is not None:
        sections[-1][1] = last_sentence
    deck = pptx.Presentation()
    deck.slides.add_slide(deck.slide_layouts[0]).shapes.title.text = "Deck"
    for n, (title, sentence) in enumerate([*sections, *([["Appendix", "More."]] if extra else [])], start=1):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title
        if last_body or n < len(sections):
            slide.placeholders[1].text = sentence
    return _saved(deck)


def outline_case(label: str, output: bytes, passes: bool, says: str = "", **options: Any) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "r.docx", "title_slide": "Deck", **options}, passes,
                says, files={"out.pptx": output}, originals={"r.docx": REPORT})


CASES: dict[str, list[Case]] = {
    "document.section_inserted": [
        section_case("before the last heading", edit_docx(REPORT, insert_before(LAST_HEADING)), True),
        section_case("before a middle heading", edit_docx(REPORT, insert_before(HEADINGS[3])), True,
                     before_heading=HEADINGS[3]),
        section_case("at the end", edit_docx(REPORT, append_section()), True, before_heading=None),
        section_case("one paragraph too late (inside the last section)",
                     edit_docx(REPORT, insert_before(LAST_HEADING, late=1)), False),
        section_case("after the last heading's section where it goes before it", edit_docx(REPORT, append_section()),
                     False),
        section_case("at the end, its last paragraph missing", edit_docx(REPORT, append_section(body=())), False,
                     "is missing paragraph", before_heading=None),
        section_case("at the end, an extra paragraph", edit_docx(REPORT, append_section(body=("New body.", "More."))),
                     False, "has an extra paragraph", before_heading=None),
        section_case("the wrong heading level", edit_docx(REPORT, insert_before(LAST_HEADING, level=2)), False,
                     "heading level 2, expected 1"),
        section_case("the last original paragraph changed",
                     edit_docx(REPORT, insert_before(LAST_HEADING), last_paragraph(" Also.")), False),
        section_case("the table changed", edit_docx(REPORT, insert_before(LAST_HEADING), table_cell("9")), False,
                     "table 1 of r.docx changed"),
        section_case("a heading the input lacks", edit_docx(REPORT, insert_before(LAST_HEADING)), False,
                     "has no heading", before_heading="No Such Heading"),
    ],
    "document.text_replaced": [
        replaced_case("header, footer and the last paragraph", edit_docx(MEMO, replace_in(ORG, "Acme Ltd")), True),
        replaced_case("the last paragraph missed", edit_docx(MEMO, replace_in(ORG, "Acme Ltd", body_last=False)),
                      False, "still contains"),
        replaced_case("the footer missed", edit_docx(MEMO, replace_in(ORG, "Acme Ltd", footer=False)), False,
                      "still contains"),
        replaced_case("one character off", edit_docx(MEMO, replace_in(ORG, "Acme Ltd.")), False),
        replaced_case("an extra change at the end",
                      edit_docx(MEMO, replace_in(ORG, "Acme Ltd"), last_paragraph(" Thanks.")), False),
        replaced_case("a new text containing the old one", edit_docx(MEMO, replace_in(ORG, f"{ORG} Group")), True,
                      new=f"{ORG} Group"),
        replaced_case("a new text containing the old one, the last paragraph missed",
                      edit_docx(MEMO, replace_in(ORG, f"{ORG} Group", body_last=False)), False, new=f"{ORG} Group"),
    ],
    "document.header_footer": [
        margins_case("both set", edit_docx(REPORT, margins("Confidential", "Page footer")), True),
        margins_case("the footer one character off", edit_docx(REPORT, margins("Confidential", "Page footer.")),
                     False, "the footer of section 1"),
        margins_case("the footer left as it was", edit_docx(REPORT, margins("Confidential", None)), False),
        margins_case("only the header asked, the footer kept", edit_docx(REPORT, margins("Confidential", None)), True,
                     footer=None),
        margins_case("the last body paragraph changed too",
                     edit_docx(REPORT, margins("Confidential", "Page footer"), last_paragraph(" Extra.")), False,
                     "paragraph"),
        margins_case("a paragraph added at the end",
                     edit_docx(REPORT, margins("Confidential", "Page footer"), append_section(body=())), False,
                     "has an extra paragraph"),
        margins_case("the table's last cell changed",
                     edit_docx(REPORT, margins("Confidential", "Page footer"), table_cell("0")), False, "table 1"),
    ],
    "document.table_from": [
        table_case("the table, numbers as printed", report_with_table(FIGURES), True, "3-row table"),
        table_case("the last amount just inside the tolerance", report_with_table(last_amount("980.254")), True),
        table_case("the last amount just outside", report_with_table(last_amount("980.256")), False,
                   "table row 4, cell 2 is"),
        table_case("the last amount just outside, below", report_with_table(last_amount("980.244")), False,
                   "table row 4, cell 2"),
        table_case("the last row dropped", report_with_table(FIGURES[:-1]), False, "has 3 rows (header included)"),
        table_case("an extra row at the end", report_with_table([*FIGURES, ["West", "1.00"]]), False, "has 5 rows"),
        table_case("an extra column (filled in the last row only)",
                   report_with_table([*FIGURES[:-1], ["South", "980.25", "x"]]), False, "has 3 cells, expected 2"),
        table_case("the last region misspelt", report_with_table([*FIGURES[:-1], ["Suoth", "980.25"]]), False),
        table_case("no introduction", report_with_table(FIGURES, intro=False), False, "no introductory paragraph"),
        table_case("under another heading", report_with_table(FIGURES, title="Figure"), False, "has no heading"),
    ],
    "slides.slide_inserted": [
        slide_case("after the last slide", edit_deck(add_slide(6, ["One", "Two"])), INSERT_LAST, True,
                   "inserted as slide 8"),
        slide_case("one slide short of the last", edit_deck(add_slide(5, ["One", "Two"])), INSERT_LAST, False,
                   "slide 7 of out.pptx is titled 'Key Risks'"),
        slide_case("after a middle slide", edit_deck(add_slide(2, ["One", "Two"])),
                   {**INSERT_LAST, "after_title": TITLES[2]}, True),
        slide_case("one slide too late", edit_deck(add_slide(3, ["One", "Two"])),
                   {**INSERT_LAST, "after_title": TITLES[2]}, False),
        slide_case("the last bullet missing", edit_deck(add_slide(6, ["One"])), INSERT_LAST, False,
                   "expected ['One', 'Two']"),
        slide_case("an extra bullet", edit_deck(add_slide(6, ["One", "Two", "Three"])), INSERT_LAST, False),
        slide_case("the bullets swapped", edit_deck(add_slide(6, ["Two", "One"])), INSERT_LAST, False),
        slide_case("the title misspelt", edit_deck(add_slide(6, ["One", "Two"]), retitle(7, "Key Risk")), INSERT_LAST,
                   False),
        slide_case("another slide dropped too", edit_deck(add_slide(6, ["One", "Two"]), *drop(0)), INSERT_LAST,
                   False),
    ],
    "slides.slide_removed": [
        slide_case("the last slide removed", edit_deck(*drop(6)), {"title": TITLES[-1]}, True, "6 slides remain"),
        slide_case("the one before it removed instead", edit_deck(*drop(5)), {"title": TITLES[-1]}, False,
                   "slide 6 of out.pptx is titled"),
        slide_case("two removed", edit_deck(*drop(5, 6)), {"title": TITLES[-1]}, False, "has 5 slides"),
        slide_case("none removed", DECK, {"title": TITLES[-1]}, False, "has 7 slides"),
        slide_case("a middle slide removed", edit_deck(*drop(3)), {"title": TITLES[3]}, True),
        slide_case("a middle slide's neighbour removed", edit_deck(*drop(4)), {"title": TITLES[3]}, False),
    ],
    "slides.slide_moved": [
        slide_case("moved after the last slide", edit_deck(move(2, 6)),
                   {"title": TITLES[2], "after_title": TITLES[-1]}, True),
        slide_case("one place short of the last", edit_deck(move(2, 5)),
                   {"title": TITLES[2], "after_title": TITLES[-1]}, False),
        slide_case("moved forward after a slide", edit_deck(move(5, 2)),
                   {"title": TITLES[5], "after_title": TITLES[1]}, True),
        slide_case("moved forward one place too far", edit_deck(move(5, 3)),
                   {"title": TITLES[5], "after_title": TITLES[1]}, False),
        slide_case("not moved", DECK, {"title": TITLES[2], "after_title": TITLES[-1]}, False),
        slide_case("already in place", DECK, {"title": TITLES[3], "after_title": TITLES[2]}, False,
                   "already follows"),
    ],
    "slides.notes_set": [
        slide_case("on the last slide", edit_deck(notes(6, "Thank everyone.")), NOTES_LAST, True, "slide 7"),
        slide_case("on the slide before it", edit_deck(notes(5, "Thank everyone.")), NOTES_LAST, False,
                   "the notes of slide 6"),
        slide_case("the text one character off", edit_deck(notes(6, "Thank everyone")), NOTES_LAST, False),
        slide_case("another slide's notes changed too", edit_deck(notes(6, "Thank everyone."), notes(2, "x")),
                   NOTES_LAST, False, "the notes of slide 3"),
        slide_case("a slide's text changed too", edit_deck(notes(6, "Thank everyone."), *drop(6)), NOTES_LAST,
                   False),
    ],
    "slides.outline_of": [
        outline_case("a slide per heading, with its first sentence", outline_deck(), True, "6 heading slides"),
        outline_case("the last section missing", outline_deck(skip_last=True), False, "has slide titles"),
        outline_case("an extra slide at the end", outline_deck(extra=True), False, "has slide titles"),
        outline_case("the last slide's sentence wrong", outline_deck(last_sentence="Something else."), False,
                     "slide 7 reads"),
        outline_case("any body text when no first sentence is asked", outline_deck(last_sentence="Something else."),
                     True, first_sentence=False),
        outline_case("the last slide without body text", outline_deck(last_body=False), False,
                     "slide 7 of out.pptx has a title but no body text"),
        outline_case("a level the document lacks", outline_deck(), False, "no level-3 headings", level=3),
    ],
}
