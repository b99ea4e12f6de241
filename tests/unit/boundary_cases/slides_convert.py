"""Boundary cases of `forge.checks.slides_convert` on real decks: the LAST row lost or changed, a
header row added when none was asked (or missing when one was), the bullets left beside the new
table, the table left beside the new bullets, the wrong separator, the slide retitled."""

from __future__ import annotations

from typing import Any

from preparers.presentation import Bullet, SlideContent, write_pptx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded
from workflows.presentation._table_deck import make_table_deck, write_table_deck

MADE = make_table_deck(*_seeded(71), rows=(5, 5))
GRID = [[r[0], r[2]] for r in MADE.grid]
AT = 1 + next(i for i, s in enumerate(MADE.deck.slides) if s.title == MADE.after)
TITLE = MADE.title


def _bullets(lines: list[str], title: str = TITLE) -> bytes:
    slides = list(MADE.deck.slides)
    slides.insert(AT, SlideContent(layout="bullets", title=title, bullets=[Bullet(text=t) for t in lines]))
    return write_pptx(MADE.deck.model_copy(update={"slides": slides}))


def _table(grid: list[list[str]], title: str = TITLE) -> bytes:
    return write_table_deck(MADE.model_copy(update={"grid": grid, "title": title}))


def _both(lines: list[str], grid: list[list[str]]) -> bytes:
    """The table slide with the bullets also on it, as a text box."""
    import io

    import pptx
    from pptx.util import Inches

    deck = pptx.Presentation(io.BytesIO(_table(grid)))
    frame = deck.slides[AT].shapes.add_textbox(Inches(1), Inches(5), Inches(8), Inches(2)).text_frame
    for k, line in enumerate(lines):
        (frame.paragraphs[0] if k == 0 else frame.add_paragraph()).text = line
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


COLON = [f"{a}: {b}" for a, b in GRID[1:]]
DASH = [f"{a} - {b}" for a, b in GRID[1:]]
AS_BULLETS, AS_TABLE = _bullets(COLON), _table(GRID)


def convert_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
                 given: bytes = AS_BULLETS) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "slide_title": TITLE, **options}, passes,
                says, files={"out.pptx": output}, originals={"in.pptx": given})


HEADED = {"to_table": True, "header": GRID[0]}
BARE = {"to_table": True}
TO_DASH = {"to_table": False, "separator": " - "}

TABLE_CONVERTED = [
    convert_case("a table under the header", _table(GRID), HEADED, True),
    convert_case("the last row lost", _table(GRID[:-1]), HEADED, False, "rows"),
    convert_case("the last value changed", _table([*GRID[:-1], [GRID[-1][0], GRID[-1][0]]]), HEADED, False,
                 f"row {len(GRID)}"),
    convert_case("no header row", _table(GRID[1:]), HEADED, False, "row 1"),
    convert_case("a table with no header", _table(GRID[1:]), BARE, True),
    convert_case("a header added unasked", _table(GRID), BARE, False, "row 1"),
    convert_case("the bullets left beside the table", _both(COLON, GRID), HEADED, False, f"slide {AT + 1}"),
    convert_case("no table made", AS_BULLETS, HEADED, False, f"slide {AT + 1}"),
    convert_case("the slide retitled", _table(GRID, TITLE + " (v2)"), HEADED, False, "(v2)"),
    convert_case("one bullet per row with a dash", _bullets(DASH), TO_DASH, True, given=AS_TABLE),
    convert_case("a colon where a dash was asked", _bullets(COLON), TO_DASH, False, f"slide {AT + 1}",
                 given=AS_TABLE),
    convert_case("the header row made a bullet", _bullets([f"{GRID[0][0]} - {GRID[0][1]}", *DASH]), TO_DASH, False,
                 f"slide {AT + 1}", given=AS_TABLE),
    convert_case("the last row missing", _bullets(DASH[:-1]), TO_DASH, False, f"slide {AT + 1}", given=AS_TABLE),
    convert_case("the table kept beside the bullets", _both(DASH, GRID), TO_DASH, False, "still has a table",
                 given=AS_TABLE),
    convert_case("'label: value' bullets", _bullets(COLON), {"to_table": False}, True, given=AS_TABLE),
]

CASES = {"slides.table_converted": TABLE_CONVERTED}
