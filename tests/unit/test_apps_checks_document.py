"""The document and slides check libraries: each check passes the right edit and fails a near miss
on either side of what the instruction asks (position, level, extra or missing parts, tolerance)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import docx
import pptx
import pytest
from faker import Faker

from preparers.document import make_document, write_docx
from preparers.presentation import make_deck, write_pptx
from tests.unit._apps_state import check, state


def seeded(seed: int = 5) -> tuple[random.Random, Faker]:
    faker = Faker()
    faker.seed_instance(seed)
    return random.Random(seed), faker


REPORT = write_docx(make_document(*seeded(), kind="report"))
DECK = write_pptx(make_deck(*seeded()))


def edit_docx(data: bytes, change: Callable[[Any], None]) -> bytes:
    document = docx.Document(io.BytesIO(data))
    change(document)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def heading(document: Any, text: str) -> Any:
    return next(p for p in document.paragraphs if p.style.name.startswith("Heading") and p.text == text)


def headings() -> list[str]:
    return [p.text for p in docx.Document(io.BytesIO(REPORT)).paragraphs if p.style.name == "Heading 1"]


def insert(anchor_offset: int = 0, level: int = 1, texts: tuple[str, ...] = ("New body.",)) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        target = heading(document, headings()[2])
        if anchor_offset:
            target = document.paragraphs[[p._p for p in document.paragraphs].index(target._p) + anchor_offset]
        target.insert_paragraph_before("New Section", style=f"Heading {level}")
        for text in texts:
            target.insert_paragraph_before(text)
    return change


@pytest.mark.parametrize(("change", "passed"), [
    (insert(), True),
    (insert(anchor_offset=1), False),            # one paragraph too late: inside the named section
    (insert(level=2), False),                    # the wrong heading level
    (insert(texts=("New body.", "Extra.")), False),  # an extra paragraph
    (insert(texts=()), False),                   # the paragraph is missing
])
def test_section_inserted(tmp_path: Path, change: Callable[[Any], None], passed: bool) -> None:
    final = state(tmp_path, {"r.docx": edit_docx(REPORT, change)}, {"r.docx": REPORT})
    result = check("document.section_inserted", final, file="r.docx", input_file="r.docx", heading="New Section",
                   level=1, paragraphs=["New body."], before_heading=headings()[2])
    assert result.passed is passed, result.message


def test_section_inserted_before_a_heading_the_document_lacks_fails(tmp_path: Path) -> None:
    final = state(tmp_path, {"r.docx": edit_docx(REPORT, insert())}, {"r.docx": REPORT})
    result = check("document.section_inserted", final, file="r.docx", input_file="r.docx", heading="New Section",
                   paragraphs=["New body."], before_heading="No Such Heading")
    assert not result.passed and "no heading" in result.message


def replace_everywhere(old: str, new: str, *, footer: bool = True, extra: bool = False) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        section = document.sections[0]
        parts = [*document.paragraphs, *section.header.paragraphs] + (list(section.footer.paragraphs) if footer else [])
        for paragraph in parts:
            if old in paragraph.text:
                paragraph.text = paragraph.text.replace(old, new)
        if extra:
            document.paragraphs[-1].text += " (revised)"
    return change


@pytest.mark.parametrize(("kwargs", "passed"), [({}, True), ({"footer": False}, False), ({"extra": True}, False)])
def test_text_replaced(tmp_path: Path, kwargs: dict[str, bool], passed: bool) -> None:
    memo = write_docx(make_document(*seeded(3), kind="memo"))
    organisation = docx.Document(io.BytesIO(memo)).sections[0].header.paragraphs[0].text
    doc = docx.Document(io.BytesIO(memo))
    doc.sections[0].footer.paragraphs[0].text = f"{organisation} internal"
    buf = io.BytesIO()
    doc.save(buf)
    original = buf.getvalue()
    final = state(tmp_path, {"out.docx": edit_docx(original, replace_everywhere(organisation, "Acme Ltd", **kwargs))},
                  {"in.docx": original})
    result = check("document.text_replaced", final, file="out.docx", input_file="in.docx", old=organisation, new="Acme Ltd")
    assert result.passed is passed, result.message


def set_margins(header: str, footer: str, body: bool = False) -> Callable[[Any], None]:
    def change(document: Any) -> None:
        document.sections[0].header.paragraphs[0].text = header
        document.sections[0].footer.paragraphs[0].text = footer
        if body:
            document.add_paragraph("An extra line.")
    return change


@pytest.mark.parametrize(("change", "passed"), [
    (set_margins("Confidential", "Page footer"), True),
    (set_margins("Confidential.", "Page footer"), False),  # one character off
    (set_margins("Confidential", "Page footer", body=True), False),  # the body changed too
])
def test_header_footer(tmp_path: Path, change: Callable[[Any], None], passed: bool) -> None:
    final = state(tmp_path, {"r.docx": edit_docx(REPORT, change)}, {"r.docx": REPORT})
    result = check("document.header_footer", final, file="r.docx", input_file="r.docx", header="Confidential",
                   footer="Page footer")
    assert result.passed is passed, result.message


def report_with_table(rows: list[list[str]], *, intro: bool = True, title: str = "Figures") -> bytes:
    document = docx.Document()
    document.add_heading(title, level=1)
    if intro:
        document.add_paragraph("The figures below come from the workbook.")
    table = document.add_table(rows=0, cols=len(rows[0]))
    for row in rows:
        for cell, text in zip(table.add_row().cells, row, strict=True):
            cell.text = text
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


SOURCE_CSV = b"Region,Amount\nNorth,1200.5\nSouth,980.25\n"


@pytest.mark.parametrize(("rows", "kwargs", "passed"), [
    ([["Region", "Amount"], ["North", "1,200.50"], ["South", "980.25"]], {}, True),
    ([["Region", "Amount"], ["North", "1200.504"], ["South", "980.25"]], {}, True),    # within 0.005
    ([["Region", "Amount"], ["North", "1200.506"], ["South", "980.25"]], {}, False),   # just outside
    ([["Region", "Amount"], ["North", "1200.50"]], {}, False),                          # a row missing
    ([["Region", "Amount"], ["North", "1200.50"], ["South", "980.25"]], {"intro": False}, False),
    ([["Region", "Amount"], ["North", "1200.50"], ["South", "980.25"]], {"title": "Other"}, False),
])
def test_table_from(tmp_path: Path, rows: list[list[str]], kwargs: dict[str, Any], passed: bool) -> None:
    final = state(tmp_path, {"report.docx": report_with_table(rows, **kwargs)}, {"data.csv": SOURCE_CSV})
    result = check("document.table_from", final, file="report.docx", input_file="data.csv", heading="Figures")
    assert result.passed is passed, result.message


# --- slides ---------------------------------------------------------------------------------------


def edit_deck(change: Callable[[Any], None]) -> bytes:
    deck = pptx.Presentation(io.BytesIO(DECK))
    change(deck)
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def titles() -> list[str]:
    return [s.shapes.title.text_frame.text for s in pptx.Presentation(io.BytesIO(DECK)).slides]


def add_slide(after: int, bullets: list[str]) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = "Key Risks"
        frame = slide.placeholders[1].text_frame
        for i, text in enumerate(bullets):
            (frame.paragraphs[0] if i == 0 else frame.add_paragraph()).text = text
        order = deck.slides._sldIdLst
        new = order[-1]
        order.remove(new)
        order.insert(after + 1, new)
    return change


@pytest.mark.parametrize(("change", "passed"), [
    (add_slide(2, ["One", "Two"]), True),
    (add_slide(3, ["One", "Two"]), False),   # one slide too late
    (add_slide(2, ["Two", "One"]), False),   # bullets out of order
    (add_slide(2, ["One"]), False),          # a bullet missing
])
def test_slide_inserted(tmp_path: Path, change: Callable[[Any], None], passed: bool) -> None:
    final = state(tmp_path, {"out.pptx": edit_deck(change)}, {"in.pptx": DECK})
    result = check("slides.slide_inserted", final, file="out.pptx", input_file="in.pptx", title="Key Risks",
                   bullets=["One", "Two"], after_title=titles()[2])
    assert result.passed is passed, result.message


def drop(index: int) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        order = deck.slides._sldIdLst
        order.remove(order[index])
    return change


@pytest.mark.parametrize(("index", "passed"), [(3, True), (4, False)])
def test_slide_removed(tmp_path: Path, index: int, passed: bool) -> None:
    final = state(tmp_path, {"out.pptx": edit_deck(drop(index))}, {"in.pptx": DECK})
    result = check("slides.slide_removed", final, file="out.pptx", input_file="in.pptx", title=titles()[3])
    assert result.passed is passed, result.message


def notes(index: int, text: str, other: bool = False) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        deck.slides[index].notes_slide.notes_text_frame.text = text
        if other:
            deck.slides[index + 1].notes_slide.notes_text_frame.text = "changed too"
    return change


@pytest.mark.parametrize(("change", "passed"), [
    (notes(2, "Say hello."), True),
    (notes(2, "Say hello"), False),               # the text differs
    (notes(3, "Say hello."), False),              # on the wrong slide
    (notes(2, "Say hello.", other=True), False),  # another slide's notes changed
])
def test_notes_set(tmp_path: Path, change: Callable[[Any], None], passed: bool) -> None:
    final = state(tmp_path, {"d.pptx": edit_deck(change)}, {"d.pptx": DECK})
    result = check("slides.notes_set", final, file="d.pptx", input_file="d.pptx", slide_title=titles()[2],
                   notes="Say hello.")
    assert result.passed is passed, result.message


def outline_deck(skip: int | None = None, sentence_of: int | None = None) -> bytes:
    document = docx.Document(io.BytesIO(REPORT))
    sections: list[list[str]] = []
    for p in document.paragraphs:
        if p.style.name == "Heading 1":
            sections.append([p.text, ""])
        elif sections and not sections[-1][1] and p.text.strip():
            sections[-1][1] = p.text.split(". ")[0] + "."
    deck = pptx.Presentation()
    deck.slides.add_slide(deck.slide_layouts[0]).shapes.title.text = "Deck"
    for i, (title, sentence) in enumerate(sections):
        if i == skip:
            continue
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = sections[sentence_of][1] if i == 0 and sentence_of is not None else sentence
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


@pytest.mark.parametrize(("deck", "passed"), [
    (outline_deck(), True),
    (outline_deck(skip=1), False),          # a section missing
    (outline_deck(sentence_of=1), False),   # the wrong section's sentence
])
def test_outline_of(tmp_path: Path, deck: bytes, passed: bool) -> None:
    final = state(tmp_path, {"out.pptx": deck}, {"r.docx": REPORT})
    result = check("slides.outline_of", final, file="out.pptx", input_file="r.docx", title_slide="Deck")
    assert result.passed is passed, result.message


def move(index: int, to: int) -> Callable[[Any], None]:
    def change(deck: Any) -> None:
        order = deck.slides._sldIdLst
        entry = order[index]
        order.remove(entry)
        order.insert(to, entry)
    return change


@pytest.mark.parametrize(("change", "passed"), [
    (move(2, 4), True),            # slide 2 now right after slide 4 (which moved up to index 3)
    (move(2, 5), False),           # one place too far
    (move(2, 3), False),           # one place short: it sits before the named slide
])
def test_slide_moved(tmp_path: Path, change: Callable[[Any], None], passed: bool) -> None:
    final = state(tmp_path, {"d.pptx": edit_deck(change)}, {"d.pptx": DECK})
    result = check("slides.slide_moved", final, file="d.pptx", input_file="d.pptx", title=titles()[2],
                   after_title=titles()[4])
    assert result.passed is passed, result.message


def test_slide_moved_fails_when_the_slide_already_follows(tmp_path: Path) -> None:
    final = state(tmp_path, {"d.pptx": DECK}, {"d.pptx": DECK})
    result = check("slides.slide_moved", final, file="d.pptx", input_file="d.pptx", title=titles()[3],
                   after_title=titles()[2])
    assert not result.passed and "already follows" in result.message
