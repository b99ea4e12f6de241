"""The table check library and file checks: each with passing and failing real workbooks (and csv files)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from forge.checks import CHECKS, FinalState, run_check, run_rubric
from forge.models import Check
from tests.xlsx import xlsx_bytes as _xlsx_bytes

INPUT = "inputs/data.xlsx"
OUTPUT = "outputs/result.xlsx"
SHEET = "Orders"
HEADER = ["Order ID", "Date", "Region", "Units", "Unit Price"]
ROWS: list[list[Any]] = [
    ["SO-1", dt.date(2024, 1, 3), "North", 12, 19.5],
    ["SO-2", dt.date(2024, 1, 5), "South", 4, 250.0],
    ["SO-3", dt.date(2024, 2, 1), "East", 30, 7.25],
    ["SO-4", dt.date(2024, 2, 9), "West", 12, 99.99],
    ["SO-5", dt.date(2024, 3, 2), "North", 1, 1200.0],
]




def xlsx_bytes(rows: list[list[Any]], sheet: str = SHEET) -> bytes:
    return _xlsx_bytes(rows, sheet)


def make_state(tmp_path: Path, output_rows: list[list[Any]] | None, *, sheet: str = SHEET) -> FinalState:
    """A job dir whose input is HEADER + ROWS and whose output holds `output_rows` (None: no output)."""
    original = xlsx_bytes([HEADER, *ROWS])
    (tmp_path / "inputs").mkdir(exist_ok=True)
    (tmp_path / INPUT).write_bytes(original)
    if output_rows is not None:
        (tmp_path / "outputs").mkdir(exist_ok=True)
        (tmp_path / OUTPUT).write_bytes(xlsx_bytes(output_rows, sheet))
    return FinalState(tmp_path, {INPUT: original})


def run(func: str, state: FinalState, **options: Any) -> tuple[bool, str]:
    result = run_check(
        Check(func=func, options={"file": OUTPUT, "input_file": INPUT, "table": SHEET, **options}), state
    )
    assert not result.error, result.message
    return result.passed, result.message


def test_registered() -> None:
    for name in ["file.exists", "table.total_row", "table.sorted_by", "table.derived_column", "table.rows_where"]:
        assert name in CHECKS
        assert CHECKS.get(name).description


def test_files_read_names_both_files() -> None:
    kind = CHECKS.get("table.sorted_by")
    opts = kind.options(file=OUTPUT, input_file=INPUT, column="Units")
    assert sorted(opts.files_read()) == sorted([OUTPUT, INPUT])


def test_bad_options_are_errors_not_failures(tmp_path: Path) -> None:
    state = make_state(tmp_path, None)
    result = run_check(Check(func="table.total_row", options={"file": OUTPUT}), state)
    assert result.error and not result.passed


# --- file.exists ---------------------------------------------------------------------------


def test_file_exists(tmp_path: Path) -> None:
    state = make_state(tmp_path, [HEADER])
    assert run_check(Check(func="file.exists", options={"file": OUTPUT}), state).passed
    missing = run_check(Check(func="file.exists", options={"file": "outputs/nope.xlsx"}), state)
    assert not missing.passed and "does not exist" in missing.message
    assert not run_check(Check(func="file.exists", options={"file": "../escape"}), state).passed


# --- xlsx.total_row ------------------------------------------------------------------------

TOTAL = {"label_column": "Order ID", "columns": ["Units", "Unit Price"]}


def with_total(units: Any = 59, price: Any = 1576.74, label: Any = "Total") -> list[list[Any]]:
    return [HEADER, *ROWS, [label, None, None, units, price]]


def test_total_row_passes(tmp_path: Path) -> None:
    passed, msg = run("table.total_row", make_state(tmp_path, with_total()), **TOTAL)
    assert passed, msg


def test_total_row_average_within_tolerance(tmp_path: Path) -> None:
    state = make_state(tmp_path, with_total(units=11.8, price=315.35, label="average"))
    passed, msg = run("table.total_row", state, **TOTAL, label="Average", aggregate="average")
    assert passed, msg


@pytest.mark.parametrize("aggregate,units", [("max", 30), ("min", 1)])
def test_total_row_max_min(tmp_path: Path, aggregate: str, units: int) -> None:
    state = make_state(tmp_path, with_total(units=units, price=None))
    passed, msg = run(
        "table.total_row", state, label_column="Order ID", columns=["Units"], aggregate=aggregate
    )
    assert passed, msg


def test_total_row_wrong_value(tmp_path: Path) -> None:
    passed, msg = run("table.total_row", make_state(tmp_path, with_total(units=60)), **TOTAL)
    assert not passed
    assert "Orders!D7" in msg and "60" in msg and "59" in msg


def test_total_row_formula_without_cached_value(tmp_path: Path) -> None:
    passed, msg = run("table.total_row", make_state(tmp_path, with_total(units="=SUM(D2:D6)")), **TOTAL)
    assert not passed
    assert "=SUM(D2:D6)" in msg and "write the number" in msg


def test_total_row_text_number(tmp_path: Path) -> None:
    passed, msg = run("table.total_row", make_state(tmp_path, with_total(units="59")), **TOTAL)
    assert not passed and "expected a number" in msg


def test_total_row_wrong_label(tmp_path: Path) -> None:
    passed, msg = run("table.total_row", make_state(tmp_path, with_total(label="Sum")), **TOTAL)
    assert not passed and "'Total'" in msg and "A7" in msg


def test_total_row_changed_data_row(tmp_path: Path) -> None:
    rows = with_total()
    rows[3] = [*rows[3][:3], 31, rows[3][4]]
    passed, msg = run("table.total_row", make_state(tmp_path, rows), **TOTAL)
    assert not passed
    assert "data row 3" in msg and "Orders!D4" in msg and "'Units'" in msg and "31" in msg and "30" in msg


def test_total_row_not_directly_below(tmp_path: Path) -> None:
    rows = [HEADER, *ROWS, [None] * 5, ["Total", None, None, 59, 1576.74]]
    passed, msg = run("table.total_row", make_state(tmp_path, rows), **TOTAL)
    assert not passed and "A7" in msg


def test_total_row_missing(tmp_path: Path) -> None:
    passed, msg = run("table.total_row", make_state(tmp_path, [HEADER, *ROWS]), **TOTAL)
    assert not passed and "no row below" in msg


def test_total_row_deleted_data_row(tmp_path: Path) -> None:
    rows = [HEADER, *ROWS[:-1], ["Total", None, None, 58, 376.74]]
    passed, msg = run("table.total_row", make_state(tmp_path, rows), **TOTAL)
    assert not passed and "data row 5" in msg


def test_total_row_missing_output_fails(tmp_path: Path) -> None:
    passed, msg = run("table.total_row", make_state(tmp_path, None), **TOTAL)
    assert not passed and "does not exist" in msg


# --- xlsx.sorted_by ------------------------------------------------------------------------


def by(col: str, reverse: bool = False) -> list[list[Any]]:
    i = HEADER.index(col)
    return [HEADER, *sorted(ROWS, key=lambda r: r[i], reverse=reverse)]


@pytest.mark.parametrize(
    "col,desc", [("Units", False), ("Units", True), ("Unit Price", True), ("Date", True), ("Region", False)]
)
def test_sorted_by_passes(tmp_path: Path, col: str, desc: bool) -> None:
    passed, msg = run("table.sorted_by", make_state(tmp_path, by(col, desc)), column=col, descending=desc)
    assert passed, msg


def test_sorted_by_accepts_any_tie_order(tmp_path: Path) -> None:
    rows = by("Units")
    rows[3], rows[4] = rows[4], rows[3]  # the two 12-unit orders
    assert rows[3][3] == rows[4][3] == 12
    passed, msg = run("table.sorted_by", make_state(tmp_path, rows), column="Units")
    assert passed, msg


def test_sorted_by_wrong_order(tmp_path: Path) -> None:
    passed, msg = run("table.sorted_by", make_state(tmp_path, by("Units")), column="Units", descending=True)
    assert not passed and "descending" in msg and "Orders!D2" in msg


def test_sorted_by_unsorted_input(tmp_path: Path) -> None:
    passed, msg = run("table.sorted_by", make_state(tmp_path, [HEADER, *ROWS]), column="Units")
    assert not passed and "ascending" in msg


def test_sorted_by_changed_row(tmp_path: Path) -> None:
    rows = by("Units")
    rows[1] = [*rows[1][:4], 1.0]
    passed, msg = run("table.sorted_by", make_state(tmp_path, rows), column="Units")
    assert not passed and "row 2" in msg and "not one of the input's rows" in msg


def test_sorted_by_split_row(tmp_path: Path) -> None:
    """Sorting one column alone (not whole rows) keeps the column sorted but breaks the rows."""
    rows = [list(r) for r in [HEADER, *ROWS]]
    units = sorted(r[3] for r in ROWS)
    for r, u in zip(rows[1:], units, strict=True):
        r[3] = u
    passed, msg = run("table.sorted_by", make_state(tmp_path, rows), column="Units")
    assert not passed and "not one of the input's rows" in msg


def test_sorted_by_dropped_row(tmp_path: Path) -> None:
    passed, msg = run("table.sorted_by", make_state(tmp_path, by("Units")[:-1]), column="Units")
    assert not passed and "4 data rows" in msg and "5" in msg


def test_sorted_by_header_changed(tmp_path: Path) -> None:
    rows = by("Units")
    rows[0] = ["Order", *HEADER[1:]]
    passed, msg = run("table.sorted_by", make_state(tmp_path, rows), column="Units")
    assert not passed and "A1" in msg


def test_sorted_by_renamed_lone_sheet_still_found(tmp_path: Path) -> None:
    passed, msg = run("table.sorted_by", make_state(tmp_path, by("Units"), sheet="Sheet1"), column="Units")
    assert passed, msg


# --- xlsx.derived_column -------------------------------------------------------------------

DERIVED = {
    "new_header": "Revenue",
    "left": "Units",
    "right": "Unit Price",
    "operation": "product",
    "decimals": 2,
}


def with_column(header: str = "Revenue", fn: Any = lambda r: round(r[3] * r[4], 2)) -> list[list[Any]]:
    return [[*HEADER, header], *[[*r, fn(r)] for r in ROWS]]


def test_derived_column_passes(tmp_path: Path) -> None:
    passed, msg = run("table.derived_column", make_state(tmp_path, with_column()), **DERIVED)
    assert passed, msg


@pytest.mark.parametrize(
    "op,fn",
    [
        ("ratio", lambda r: round(r[3] / r[4], 2)),
        ("difference", lambda r: round(r[3] - r[4], 2)),
        ("sum", lambda r: r[3] + r[4]),
    ],
)
def test_derived_column_operations(tmp_path: Path, op: str, fn: Any) -> None:
    passed, msg = run(
        "table.derived_column",
        make_state(tmp_path, with_column("X", fn)),
        **{**DERIVED, "new_header": "X", "operation": op},
    )
    assert passed, msg


def test_derived_column_inserted_in_the_middle_is_found(tmp_path: Path) -> None:
    rows = [["Revenue", *HEADER], *[[round(r[3] * r[4], 2), *r] for r in ROWS]]
    passed, msg = run("table.derived_column", make_state(tmp_path, rows), **DERIVED)
    assert passed, msg


def test_derived_column_wrong_value(tmp_path: Path) -> None:
    rows = with_column()
    rows[2][5] = 999.0
    passed, msg = run("table.derived_column", make_state(tmp_path, rows), **DERIVED)
    assert not passed
    assert "Orders!F3" in msg and "is 999" in msg and "= 1000" in msg


def test_derived_column_unrounded_value_fails(tmp_path: Path) -> None:
    state = make_state(tmp_path, with_column(fn=lambda r: r[3] / r[4]))
    passed, msg = run(
        "table.derived_column", state, **{**DERIVED, "operation": "ratio", "decimals": 4, "tolerance": 0}
    )
    assert not passed and "ratio" in msg


def test_derived_column_missing(tmp_path: Path) -> None:
    passed, msg = run("table.derived_column", make_state(tmp_path, with_column("Sales")), **DERIVED)
    assert not passed and "no new column 'Revenue'" in msg


def test_derived_column_original_changed(tmp_path: Path) -> None:
    rows = with_column()
    rows[1][2] = "Nowhere"
    passed, msg = run("table.derived_column", make_state(tmp_path, rows), **DERIVED)
    assert not passed and "'Region'" in msg and "Nowhere" in msg


def test_derived_column_formula_without_value(tmp_path: Path) -> None:
    rows = with_column(fn=lambda r: None)
    for i, r in enumerate(rows[1:], start=2):
        r[5] = f"=D{i}*E{i}"
    passed, msg = run("table.derived_column", make_state(tmp_path, rows), **DERIVED)
    assert not passed and "=D2*E2" in msg


# --- xlsx.rows_where -----------------------------------------------------------------------


def where(pred: Any) -> list[list[Any]]:
    return [HEADER, *[r for r in ROWS if pred(r)]]


@pytest.mark.parametrize(
    "op,threshold,pred",
    [
        (">", 12, lambda r: r[3] > 12),
        (">=", 12, lambda r: r[3] >= 12),
        ("<", 12, lambda r: r[3] < 12),
        ("<=", 4, lambda r: r[3] <= 4),
        ("==", 12, lambda r: r[3] == 12),
    ],
)
def test_rows_where_passes(tmp_path: Path, op: str, threshold: int, pred: Any) -> None:
    passed, msg = run(
        "table.rows_where", make_state(tmp_path, where(pred)), column="Units", operator=op, threshold=threshold
    )
    assert passed, msg


def test_rows_where_boundary_row_kept_wrongly(tmp_path: Path) -> None:
    """`>` must not keep rows equal to the threshold."""
    passed, msg = run(
        "table.rows_where",
        make_state(tmp_path, where(lambda r: r[3] >= 12)),
        column="Units",
        operator=">",
        threshold=12,
    )
    assert not passed and "'SO-1'" in msg


def test_rows_where_missing_row(tmp_path: Path) -> None:
    rows = where(lambda r: r[4] > 50)[:-1]
    passed, msg = run(
        "table.rows_where", make_state(tmp_path, rows), column="Unit Price", operator=">", threshold=50
    )
    assert not passed and "2 data rows, expected 3" in msg and "SO-5" in msg


def test_rows_where_wrong_order(tmp_path: Path) -> None:
    rows = where(lambda r: r[4] > 50)
    rows[1], rows[2] = rows[2], rows[1]
    passed, msg = run(
        "table.rows_where", make_state(tmp_path, rows), column="Unit Price", operator=">", threshold=50
    )
    assert not passed and "kept row 1" in msg


def test_rows_where_blank_rows_left(tmp_path: Path) -> None:
    rows = [HEADER, *[r if r[3] > 12 else [None] * 5 for r in ROWS]]
    passed, msg = run(
        "table.rows_where", make_state(tmp_path, rows), column="Units", operator=">", threshold=12
    )
    assert not passed


def test_rows_where_untouched_copy_fails(tmp_path: Path) -> None:
    passed, msg = run(
        "table.rows_where", make_state(tmp_path, [HEADER, *ROWS]), column="Units", operator=">", threshold=12
    )
    assert not passed and "kept row 1" in msg


# --- a rubric ------------------------------------------------------------------------------


def test_run_rubric(tmp_path: Path) -> None:
    state = make_state(tmp_path, by("Units"))
    checks = [
        Check(func="file.exists", options={"file": OUTPUT}),
        Check(
            func="table.sorted_by",
            options={"file": OUTPUT, "input_file": INPUT, "table": SHEET, "column": "Units"},
        ),
    ]
    assert run_rubric(checks, state).passed
    (tmp_path / "untouched").mkdir()
    result = run_rubric(checks, make_state(tmp_path / "untouched", None))
    assert not result.passed and len(result.failures()) == 2


# --- as strict as the instruction; any table format; in place; paths found by type -----------


@pytest.mark.parametrize("value,ok", [(1.23, True), (1.2346, False), (1.24, False), (1.2, False)])
def test_rounded_to_two_places_fails_an_unrounded_value(tmp_path: Path, value: float, ok: bool) -> None:
    """The instruction says "rounded to 2 decimal places" and 1 x 1.2345 = 1.2345: only 1.23 passes;
    1.2346 is within any 0.01 tolerance but is not rounded, 1.24 is rounded but wrong."""
    original = [HEADER, [*ROWS[0][:3], 1, 1.2345], *ROWS[1:]]
    result = [[*HEADER, "Revenue"], *[[*r, round(r[3] * r[4], 2)] for r in original[1:]]]
    result[1][5] = value
    (tmp_path / "inputs").mkdir()
    (tmp_path / "outputs").mkdir()
    (tmp_path / OUTPUT).write_bytes(xlsx_bytes(result))
    passed, msg = run("table.derived_column", FinalState(tmp_path, {INPUT: xlsx_bytes(original)}), **DERIVED)
    assert passed is ok, msg
    if value == 1.2346:
        assert "Orders!F2" in msg and "not rounded as asked" in msg


def csv_bytes(rows: list[list[Any]]) -> bytes:
    return "".join(",".join("" if v is None else str(v) for v in row) + "\n" for row in rows).encode()


@pytest.mark.parametrize("in_place", [False, True])
def test_the_same_table_check_reads_csv_and_in_place_edits(tmp_path: Path, in_place: bool) -> None:
    src, out = "data/orders.csv", ("data/orders.csv" if in_place else "out/orders_sorted.csv")
    before = [HEADER, *ROWS]
    after = [HEADER, *sorted(ROWS, key=lambda r: r[3])]
    (tmp_path / "data").mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / out).write_bytes(csv_bytes(after))
    state = FinalState(tmp_path, {src: csv_bytes(before)})
    check = Check(func="table.sorted_by", options={"file": out, "input_file": src, "column": "Units"})
    assert run_check(check, state).passed
    (tmp_path / out).write_bytes(csv_bytes(before))  # untouched: the input order is not sorted
    result = run_check(check, state)
    assert not result.passed and "not in ascending order of 'Units'" in result.message


def test_path_options_are_found_by_type_not_name() -> None:
    from forge.checks import CheckOptions, InputPath, OutputPath

    class Odd(CheckOptions):
        report: OutputPath
        source: InputPath | None = None
        title: str

    assert Odd.path_fields() == {"report": "output", "source": "input"}
    assert Odd(report="out/r.md", source="in/a.csv", title="x").paths() == [
        ("report", "output", "out/r.md"), ("source", "input", "in/a.csv")]
    assert Odd(report="out/r.md", title="x").files_read() == ["out/r.md"]


def test_derived_column_dropping_unnamed_columns_at_the_end_is_a_lost_column(tmp_path: Path) -> None:
    """Unnamed original columns are matched by position; one past the output's width is lost, not
    read past the row's end (a mutation of `i < len(output.header)` to `<=` survived every case)."""
    original = xlsx_bytes([["Units", "Unit Price", None, None], [2, 3.5, "a", "b"], [4, 1.25, "c", "d"]])
    (tmp_path / "inputs").mkdir()
    (tmp_path / INPUT).write_bytes(original)
    (tmp_path / "outputs").mkdir()
    (tmp_path / OUTPUT).write_bytes(xlsx_bytes([["Units", "Unit Price", "Revenue"], [2, 3.5, 7.0], [4, 1.25, 5.0]]))
    passed, msg = run("table.derived_column", FinalState(tmp_path, {INPUT: original}), **DERIVED)
    assert not passed and "lost the column" in msg
