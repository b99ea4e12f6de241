"""Boundary cases of `forge.checks.slides_table_edit` on a real deck with a table slide: a sort
that misplaces only the LAST row, ties either way, a total one cent off or unrounded, a total row
missing or doubled, one row too many or too few deleted, a column left, an appended row with one
wrong figure, a slide's text touched."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _seeded
from workflows.presentation._table_deck import make_table_deck, write_table_deck

MADE = make_table_deck(*_seeded(31), rows=(7, 7))
HEADER, BODY = MADE.grid[0], MADE.grid[1:]
GIVEN = write_table_deck(MADE)
N = 2  # the first number column


def _num(text: str) -> float:
    return float(text.replace(",", ""))


def _deck(rows: list[list[str]], **update: Any) -> bytes:
    return write_table_deck(MADE.model_copy(update={"grid": rows, **update}))


def _places(c: int) -> int:
    return max((len(r[c].split(".")[1]) for r in BODY if "." in r[c]), default=0)


def _total(last: str) -> list[str]:
    """The total row, its last cell as given."""
    sums = [f"{sum(_num(r[c]) for r in BODY):,.{_places(c)}f}" for c in range(2, len(HEADER))]
    return ["Total", "", *sums[:-1], last]


SUM, PLACES = sum(_num(r[-1]) for r in BODY), _places(len(HEADER) - 1)
STEP = 10 ** -PLACES  # one cent, or one unit for a whole-number column
RIGHT = f"{SUM:.{PLACES}f}"


def edit_case(label: str, output: bytes, options: dict[str, Any], passes: bool, says: str = "",
              given: bytes = GIVEN) -> Case:
    return Case(label, None, {"file": "out.pptx", "input_file": "in.pptx", "slide_title": MADE.title, **options},
                passes, says, files={"out.pptx": output}, originals={"in.pptx": given})


DESC = sorted(BODY, key=lambda r: -_num(r[N]))
AZ = sorted(BODY, key=lambda r: r[0].casefold())
CATEGORY = next(v for v in sorted({r[1] for r in BODY}) if [r[1] for r in BODY].count(v) < len(BODY) - 1)
KEPT = [r for r in BODY if r[1] != CATEGORY]
SORT, TOTAL = {"op": "sort_number", "column": HEADER[N]}, {"op": "total", "label": "Total"}
DROP = {"op": "drop_rows", "column": HEADER[1], "value": CATEGORY.upper()}
ROW = ["Acme Test Row", BODY[0][1], "1,234", "56.70"]
TIED = [[*r[:N], "999,999", *r[N + 1:]] if i < 2 else r for i, r in enumerate(BODY)]  # two rows share the top key
TIED_GIVEN = _deck([HEADER, *TIED])
TIED_DESC = sorted(TIED, key=lambda r: -_num(r[N]))
OTHER = _deck([HEADER, *DESC], deck=MADE.deck.model_copy(update={"slides": [
    s.model_copy(update={"title": s.title + " (v2)"}) if i == len(MADE.deck.slides) - 1 else s
    for i, s in enumerate(MADE.deck.slides)]}))

TABLE_EDITED = [
    edit_case("sorted largest first", _deck([HEADER, *DESC]), SORT, True),
    edit_case("the last two rows swapped", _deck([HEADER, *DESC[:-2], DESC[-1], DESC[-2]]), SORT, False,
              f"row {len(BODY)}"),
    edit_case("sorted smallest first", _deck([HEADER, *reversed(DESC)]), SORT, False, "row 2"),
    edit_case("a tie in either order", _deck([HEADER, TIED_DESC[1], TIED_DESC[0], *TIED_DESC[2:]]), SORT,
              True, given=TIED_GIVEN),
    edit_case("only the sort column moved", _deck([HEADER, *[[*r[:N], d[N], *r[N + 1:]] for r, d in
                                                          zip(BODY, DESC, strict=True)]]), SORT, False, "row 2"),
    edit_case("sorted by name A to Z", _deck([HEADER, *AZ]), {"op": "sort_text", "column": HEADER[0]}, True),
    edit_case("sorted Z to A", _deck([HEADER, *reversed(AZ)]), {"op": "sort_text", "column": HEADER[0]}, False),
    edit_case("the total row added", _deck([*MADE.grid, _total(RIGHT)]), TOTAL, True),
    edit_case("a total with a trailing zero more", _deck([*MADE.grid, _total(f"{SUM:.{PLACES + 1}f}")]), TOTAL, True),
    edit_case("the last total one cent off", _deck([*MADE.grid, _total(f"{SUM + STEP:.{PLACES}f}")]), TOTAL, False,
              f"{HEADER[-1]!r}"),
    edit_case("the last total unrounded", _deck([*MADE.grid, _total(str(SUM + STEP * 0.4))]), TOTAL, False,
              f"{HEADER[-1]!r}"),
    edit_case("no total row", _deck([*MADE.grid, ["", "", "", ""]]), TOTAL, False),
    edit_case("the total row twice", _deck([*MADE.grid, _total(RIGHT), _total(RIGHT)]), TOTAL, False, "rows"),
    edit_case("the category's rows deleted (any case)", _deck([HEADER, *KEPT]), DROP, True),
    edit_case("the last kept row deleted too", _deck([HEADER, *KEPT[:-1]]), DROP, False, "rows"),
    edit_case("one of the category's rows left", _deck([HEADER, *KEPT, next(r for r in BODY if r[1] == CATEGORY)]),
              DROP, False, "rows"),
    edit_case("the column deleted", _deck([[v for i, v in enumerate(r) if i != 1] for r in MADE.grid]),
              {"op": "drop_column", "column": HEADER[1]}, True),
    edit_case("the column only emptied", _deck([[v if i != 1 else "" for i, v in enumerate(r)] for r in MADE.grid]),
              {"op": "drop_column", "column": HEADER[1]}, False, "row 1"),
    edit_case("the row appended", _deck([*MADE.grid, ["Acme Test Row", BODY[0][1], "1234", "56.7"]]),
              {"op": "append_row", "row": ROW}, True),
    edit_case("the appended row's last figure wrong", _deck([*MADE.grid, [*ROW[:-1], "56.07"]]),
              {"op": "append_row", "row": ROW}, False, f"{HEADER[-1]!r}"),
    edit_case("the row put first", _deck([HEADER, ROW, *BODY]), {"op": "append_row", "row": ROW}, False, "row 2"),
    edit_case("another slide retitled", OTHER, SORT, False, "(v2)"),
    edit_case("a slide title not in the deck", _deck([HEADER, *DESC]), {**SORT, "slide_title": "Nowhere"},
              False, "Nowhere"),
]

CASES = {"slides.table_edited": TABLE_EDITED}
