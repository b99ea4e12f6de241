"""Boundary cases of `forge.checks.slides_assembly` on real decks from the preparer: a second deck's
slides appended with the LAST one missing, one too many, in the wrong place or without their
notes; a stamp missing on the LAST slide, put on a skipped title slide, numbered from the wrong
slide or poured into the body text; a bullet inserted one place off, the wrong one removed, a move
that leaves the list as it was, another slide touched; row slides missing the LAST row, out of
order, after the wrong slide, with a bullet off by one or a column too many."""

from __future__ import annotations

import copy
import csv
import io
import random
from collections.abc import Callable
from typing import Any

import pptx
from pptx.text.text import _Paragraph
from pptx.util import Inches

from preparers.data import write_csv
from preparers.presentation import make_deck, write_pptx
from preparers.spreadsheet import make_table
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded

FIRST = write_pptx(make_deck(*_seeded(21)))
SECOND = write_pptx(make_deck(*_seeded(23)))
N_FIRST = len(pptx.Presentation(io.BytesIO(FIRST)).slides)
N_SECOND = len(pptx.Presentation(io.BytesIO(SECOND)).slides)


def _title(slide: Any) -> str:
    return slide.shapes.title.text_frame.text


# --- slides.decks_appended ----------------------------------------------------------------------------


def appended(picks: list[int], at: int, *, no_notes: int | None = None) -> bytes:
    """FIRST with SECOND's slides `picks` (0-based, in that order) copied in at index `at`; the copy of
    slide `no_notes` without its speaker notes."""
    deck, other = pptx.Presentation(io.BytesIO(FIRST)), pptx.Presentation(io.BytesIO(SECOND))
    for n, index in enumerate(picks):
        source = other.slides[index]
        slide = deck.slides.add_slide(next(lay for lay in deck.slide_layouts if lay.name == source.slide_layout.name))
        for shape in list(slide.shapes):
            shape._element.getparent().remove(shape._element)
        for shape in source.shapes:
            slide.shapes._spTree.insert_element_before(copy.deepcopy(shape._element), "p:extLst")
        if index != no_notes and source.has_notes_slide:
            slide.notes_slide.notes_text_frame.text = source.notes_slide.notes_text_frame.text
        order = deck.slides._sldIdLst
        new = order[-1]
        order.remove(new)
        order.insert(at + n, new)
    return _saved(deck)


NAMED = [_title(pptx.Presentation(io.BytesIO(SECOND)).slides[i]) for i in (3, 5)]
ALL, TOPICS = list(range(N_SECOND)), list(range(2, N_SECOND - 1))


def app_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "second_file": "second.pptx", "which": "all",
            "before_closing": False, **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output},
                originals={"in.pptx": FIRST, "second.pptx": SECOND})


BEFORE = {"before_closing": True}
DECKS_APPENDED = [
    app_case("every slide at the end", appended(ALL, N_FIRST), {}, True),
    app_case("every slide but the LAST", appended(ALL[:-1], N_FIRST), {}, False, f"expected {N_FIRST + N_SECOND}"),
    app_case("every slide, before the closing slide as asked", appended(ALL, N_FIRST - 1), BEFORE, True),
    app_case("at the end though before the closing slide was asked", appended(ALL, N_FIRST), BEFORE, False,
             f"slide {N_FIRST}"),
    app_case("before the closing slide though the end was asked", appended(ALL, N_FIRST - 1), {}, False),
    app_case("the named slides", appended([3, 5], N_FIRST), {"which": "named", "titles": NAMED}, True),
    app_case("the named slides and one more", appended([3, 4, 5], N_FIRST), {"which": "named", "titles": NAMED},
             False),
    app_case("the named slides swapped", appended([5, 3], N_FIRST), {"which": "named", "titles": NAMED}, False),
    app_case("a named slide the second deck lacks", appended([3], N_FIRST),
             {"which": "named", "titles": [NAMED[0], "No such slide"]}, False, "lacks"),
    app_case("the topic slides", appended(TOPICS, N_FIRST - 1), {"which": "topics", **BEFORE}, True),
    app_case("the LAST topic slide without its notes", appended(TOPICS, N_FIRST - 1, no_notes=TOPICS[-1]),
             {"which": "topics", **BEFORE}, False, "notes"),
    app_case("the topic slides with the closing slide too", appended([*TOPICS, N_SECOND - 1], N_FIRST - 1),
             {"which": "topics", **BEFORE}, False),
    app_case("the topic slides with the title slide too", appended([0, *TOPICS], N_FIRST - 1),
             {"which": "topics", **BEFORE}, False),
]


# --- slides.footer_stamped -------------------------------------------------------------------------------


def stamped(text: Callable[[int, int], str], *, skip: bool = False, last: bool = True, into_body: bool = False,
            twice: bool = False, data: bytes = FIRST) -> bytes:
    deck = pptx.Presentation(io.BytesIO(data))
    total = len(deck.slides)
    for n, slide in enumerate(deck.slides, start=1):
        if (n == 1 and skip) or (n == total and not last):
            continue
        if into_body and 2 < n < total:
            body = next(s for s in slide.shapes if s.has_text_frame and s != slide.shapes.title)
            body.text_frame.add_paragraph().text = text(n, total)
            continue
        for _ in range(2 if twice and n == total else 1):
            box = slide.shapes.add_textbox(Inches(0.4), Inches(7), Inches(9), Inches(0.4))
            box.text_frame.text = text(n, total)
    return _saved(deck)


def foot_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "stamp": "text", "text": "Draft", "skip_title": False,
            **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output}, originals={"in.pptx": FIRST})


DRAFT = lambda n, total: "Draft"
NUMBER = lambda n, total: str(n)
OF = lambda n, total: f"Slide {n} of {total}"
SKIP_NUMBER = {"stamp": "number", "skip_title": True}
FOOTER_STAMPED = [
    foot_case("the footer on every slide", stamped(DRAFT), {}, True),
    foot_case("the footer missing on the LAST slide", stamped(DRAFT, last=False), {}, False, f"slide {N_FIRST}"),
    foot_case("the footer twice on the LAST slide", stamped(DRAFT, twice=True), {}, False, f"slide {N_FIRST}"),
    foot_case("the footer added to the bullets instead", stamped(DRAFT, into_body=True), {}, False, "slide 3"),
    foot_case("another footer line", stamped(DRAFT), {"text": "Draft v2"}, False, "slide 1"),
    foot_case("the title slide left out though every slide was asked", stamped(DRAFT, skip=True), {}, False,
              "slide 1"),
    foot_case("numbers on every slide but the title slide", stamped(NUMBER, skip=True), SKIP_NUMBER, True),
    foot_case("the title slide numbered though it was to be skipped", stamped(NUMBER), SKIP_NUMBER, False,
              "title slide"),
    foot_case("numbers counted from the second slide", stamped(lambda n, t: str(n - 1), skip=True), SKIP_NUMBER,
              False, "slide 2"),
    foot_case("'Slide N of M' on every slide", stamped(OF), {"stamp": "number_of"}, True),
    foot_case("'Slide N of M' with M one short", stamped(lambda n, t: f"Slide {n} of {t - 1}"),
              {"stamp": "number_of"}, False, "slide 1"),
]


# --- slides.bullets_edited -----------------------------------------------------------------------------------

AT = 3  # 'First response time': four top-level bullets, then one indented
ORIGINAL = pptx.Presentation(io.BytesIO(FIRST))
SLIDE = _title(ORIGINAL.slides[AT])
LINES = [p.text for p in next(s for s in ORIGINAL.slides[AT].shapes if s.has_text_frame
                              and s != ORIGINAL.slides[AT].shapes.title).text_frame.paragraphs]


def bulleted(lines: list[str], *, notes: str | None = None, other: bool = False) -> bytes:
    """FIRST with slide AT's bullet paragraphs rewritten to `lines` (all top-level: the check reads lines)."""
    deck = pptx.Presentation(io.BytesIO(FIRST))
    slide = deck.slides[AT]
    frame = next(s for s in slide.shapes if s.has_text_frame and s != slide.shapes.title).text_frame
    paras = list(frame.paragraphs)
    for p in paras[1:]:
        p._p.getparent().remove(p._p)
    paras[0].text = lines[0]
    for line in lines[1:]:
        new = copy.deepcopy(paras[0]._p)
        frame._txBody.append(new)
        _Paragraph(new, frame).text = line
    if notes is not None:
        slide.notes_slide.notes_text_frame.text = notes
    if other:
        deck.slides[AT + 1].shapes.title.text_frame.text = "Renamed"
    return _saved(deck)


def bul_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "slide_title": SLIDE, **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output}, originals={"in.pptx": FIRST})


NEW = "Owner: Dana Ruiz, with weekly check-ins"
ADD_AFTER = {"edit": "insert_after", "item": NEW, "anchor": LINES[1]}
L = LINES
BULLETS_EDITED = [
    bul_case("added at the top", bulleted([NEW, *L]), {"edit": "insert_first", "item": NEW}, True),
    bul_case("added at the bottom though the top was asked", bulleted([*L, NEW]), {"edit": "insert_first", "item": NEW},
             False, f"slide {AT + 1}"),
    bul_case("added at the bottom", bulleted([*L, NEW]), {"edit": "append", "item": NEW}, True),
    bul_case("added at the bottom, the LAST bullet dropped", bulleted([*L[:-1], NEW]), {"edit": "append", "item": NEW},
             False),
    bul_case("added after the named bullet", bulleted([*L[:2], NEW, *L[2:]]), ADD_AFTER, True),
    bul_case("added one place too late", bulleted([*L[:3], NEW, *L[3:]]), ADD_AFTER, False, f"slide {AT + 1}"),
    bul_case("added before the named bullet", bulleted([L[0], NEW, *L[1:]]), ADD_AFTER, False),
    bul_case("added after a bullet the slide lacks", bulleted([*L, NEW]),
             {**ADD_AFTER, "anchor": "No such point"}, False, "no bullet"),
    bul_case("the named bullet deleted", bulleted([L[0], *L[2:]]), {"edit": "remove", "item": L[1]}, True),
    bul_case("the next bullet deleted instead", bulleted([*L[:2], *L[3:]]), {"edit": "remove", "item": L[1]}, False),
    bul_case("the named bullet deleted, the notes changed too", bulleted([L[0], *L[2:]], notes="New note"),
             {"edit": "remove", "item": L[1]}, False, "notes"),
    bul_case("the named bullet deleted, the next slide retitled", bulleted([L[0], *L[2:]], other=True),
             {"edit": "remove", "item": L[1]}, False, f"slide {AT + 2}"),
    bul_case("moved to the top", bulleted([L[2], *L[:2], *L[3:]]), {"edit": "move_first", "item": L[2]}, True),
    bul_case("moved one place up only", bulleted([L[0], L[2], L[1], *L[3:]]), {"edit": "move_first", "item": L[2]},
             False),
    bul_case("moved to the bottom", bulleted([*L[:2], *L[3:], L[2]]), {"edit": "move_last", "item": L[2]}, True),
    bul_case("reworded", bulleted([L[0], "New wording", *L[2:]]),
             {"edit": "replace", "item": L[1], "anchor": "New wording"}, True),
    bul_case("the new wording added, the old kept", bulleted([L[0], L[1], "New wording", *L[2:]]),
             {"edit": "replace", "item": L[1], "anchor": "New wording"}, False, f"slide {AT + 1}"),
    bul_case("the LAST bullet reworded instead", bulleted([*L[:-1], "New wording"]),
             {"edit": "replace", "item": L[1], "anchor": "New wording"}, False),
    bul_case("sorted A-Z", bulleted(sorted(L, key=str.casefold)), {"edit": "sort"}, True),
    bul_case("sorted Z-A", bulleted(sorted(L, key=str.casefold, reverse=True)), {"edit": "sort"}, False),
    bul_case("sorted but the LAST two swapped", bulleted([*sorted(L, key=str.casefold)[:-2],
                                                          *sorted(L, key=str.casefold)[-2:][::-1]]),
             {"edit": "sort"}, False),
    bul_case("a move with no bullet named", bulleted(L), {"edit": "move_last"}, False, "names no bullet"),
    bul_case("a move of the bullet already at the top", bulleted(L), {"edit": "move_first", "item": L[0]}, False,
             "already"),
]


# --- slides.rows_as_slides -------------------------------------------------------------------------------------

STAFF = write_csv(make_table(random.Random(5), _seeded(5)[1], kind="employees", rows=6))
HEADER, *ROWS = list(csv.reader(io.StringIO(STAFF.decode())))
AFTER = 1  # the agenda slide


def row_slides(rows: list[list[str]], columns: list[str] | None = None, *, at: int = AFTER,
               show: Callable[[str, str], str] = lambda c, v: v, title: Callable[[str], str] = lambda v: v,
               other: int | None = None) -> bytes:
    """FIRST with a Title and Content slide per row after slide `at` (0-based); slide `other` (0-based,
    in the result) retitled."""
    deck = pptx.Presentation(io.BytesIO(FIRST))
    names = columns or HEADER[1:]
    for n, row in enumerate(rows):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = title(row[0])
        frame = slide.placeholders[1].text_frame
        for i, name in enumerate(names):
            paragraph = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
            paragraph.text = f"{name}: {show(name, row[HEADER.index(name)])}"
        order = deck.slides._sldIdLst
        new = order[-1]
        order.remove(new)
        order.insert(at + 1 + n, new)
    if other is not None:
        deck.slides[other].shapes.title.text_frame.text = "Renamed"
    return _saved(deck)


def row_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    opts = {"file": "out.pptx", "input_file": "in.pptx", "data_file": "staff.csv", "title_column": "Name",
            "after_title": "Agenda", **options}
    return Case(label, None, opts, passes, says, files={"out.pptx": output},
                originals={"in.pptx": FIRST, "staff.csv": STAFF})


DEPT = next(d for d in sorted({r[1] for r in ROWS}) if 2 <= [r[1] for r in ROWS].count(d) < len(ROWS))
IN_DEPT = [r for r in ROWS if r[1] == DEPT]
WHERE = {"where_column": "Department", "where_value": DEPT}
SOME = {"columns": ["Salary", "Department"]}
ROWS_AS_SLIDES = [
    row_case("a slide per row, every other column", row_slides(ROWS), {}, True),
    row_case("the LAST row's slide missing", row_slides(ROWS[:-1]), {}, False),
    row_case("the rows in reverse order", row_slides(ROWS[::-1]), {}, False, f"slide {AFTER + 2}"),
    row_case("salaries printed with thousands commas", row_slides(ROWS, show=lambda c, v: f"{int(v):,}"
                                                                    if c == "Salary" else v), {}, True),
    row_case("the LAST bullet off by one", row_slides(ROWS, show=lambda c, v: str(int(v) + 1) if c == "Bonus" else v),
             {}, False, "Bonus"),
    row_case("titled 'Name: value'", row_slides(ROWS, title=lambda v: f"Name: {v}"), {}, False, "titled"),
    row_case("placed after the title slide instead", row_slides(ROWS, at=0), {}, False),
    row_case("another slide retitled", row_slides(ROWS, other=0), {}, False, "slide 1"),
    row_case("the slide after the new ones retitled", row_slides(ROWS, other=AFTER + 1 + len(ROWS)), {}, False,
             f"slide {AFTER + 2 + len(ROWS)} of"),
    row_case("only the named columns, in order", row_slides(ROWS, SOME["columns"]), SOME, True),
    row_case("the named columns swapped", row_slides(ROWS, SOME["columns"][::-1]), SOME, False, "Salary"),
    row_case("the named columns and one more", row_slides(ROWS, [*SOME["columns"], "Bonus"]), SOME, False),
    row_case("one department's rows", row_slides(IN_DEPT), WHERE, True),
    row_case("one department's rows and the next row too", row_slides([*IN_DEPT, next(r for r in ROWS
                                                                                      if r[1] != DEPT)]),
             WHERE, False),
]

CASES = {"slides.decks_appended": DECKS_APPENDED, "slides.footer_stamped": FOOTER_STAMPED,
         "slides.bullets_edited": BULLETS_EDITED, "slides.rows_as_slides": ROWS_AS_SLIDES}
