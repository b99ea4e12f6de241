"""Boundary cases of the sheet-setup checks (`forge.checks.table_layout`, `table_rules`): a freeze one
column too many, an AutoFilter one row or column short, a number format right everywhere but the
LAST row, text amounts left as text, a name one row short or with the other scope, a conditional
rule over one cell too few or with the threshold off by one, a hand-made highlight on the last
matching cell missing, a validation that stops one row short or warns instead of stopping."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from typing import Any

import openpyxl
from openpyxl.formatting.rule import CellIsRule, FormulaRule, Rule
from openpyxl.styles import Font, PatternFill
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from tests.unit.boundary_cases import Case

OUTPUT, SHEET = "outputs/result.xlsx", "Orders"
ROWS = [["Item", "Units", "Price"], ["a", 3, 2.5], ["b", 1, 4.0], ["c", 7, 1.25], ["d", 5, 10.0], ["e", 2, 1.255]]
YELLOW = PatternFill("solid", start_color="FFFF00", end_color="FFFF00")


def book(edit: Callable[[Any], None], rows: list[list[Any]] = ROWS) -> dict[str, bytes]:
    """The output workbook: `rows` on the sheet, then `edit(ws)` sets it up."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = SHEET
    for row in rows:
        ws.append(row)
    edit(ws)
    buffer = io.BytesIO()
    wb.save(buffer)
    return {OUTPUT: buffer.getvalue()}


def case(label: str, edit: Callable[[Any], None], options: dict[str, Any], passes: bool, says: str = "", *,
         rows: list[list[Any]] = ROWS, given: list[list[Any]] | None = None) -> Case:
    return Case(label, None, options, passes, says, input=given, files=book(edit, rows))


def setattr_(name: str, value: Any) -> Callable[[Any], None]:
    return lambda ws: setattr(ws, name, value)


def autofilter(ref: str) -> Callable[[Any], None]:
    def edit(ws: Any) -> None:
        ws.auto_filter.ref = ref
    return edit


def formats(column: str, code: str, last: str | None = None) -> Callable[[Any], None]:
    """Every data cell of `column` gets `code`; the LAST one `last` when given."""
    def edit(ws: Any) -> None:
        for r in range(2, ws.max_row + 1):
            ws[f"{column}{r}"].number_format = last if (last and r == ws.max_row) else code
    return edit


def names(*defs: tuple[str, str], local: bool = False) -> Callable[[Any], None]:
    def edit(ws: Any) -> None:
        for name, ref in defs:
            target = ws.defined_names if local else ws.parent.defined_names
            target[name] = DefinedName(name, attr_text=f"'{SHEET}'!{ref}")
    return edit


def rule(ref: str, made: Any) -> Callable[[Any], None]:
    return lambda ws: ws.conditional_formatting.add(ref, made)


def filled(cells: list[str], bold: bool = False) -> Callable[[Any], None]:
    def edit(ws: Any) -> None:
        for ref in cells:
            if bold:
                ws[ref].font = Font(bold=True)
            else:
                ws[ref].fill = YELLOW
    return edit


def validation(ref: str, **fields: Any) -> Callable[[Any], None]:
    def edit(ws: Any) -> None:
        dv = DataValidation(**fields)
        ws.add_data_validation(dv)
        dv.add(ref)
    return edit


FREEZE = {"finish": "freeze_header"}
PRICES = {"names": ["Prices"], "columns": ["Price"]}
BOTH = {"finish": "freeze_both"}
FILTER = {"finish": "autofilter"}
PRICE = {"column": "Price", "format": "currency"}
TEXT_PRICES = [["Item", "Units", "Price"], ["a", 3, "$2.50"], ["b", 1, "4.00"], ["c", 7, "1.25"], ["d", 5, "$ 10.00"],
               ["e", 2, "1.255"]]
DATES = [["Item", "Due"], ["a", dt.date(2025, 3, 1)], ["b", dt.date(2025, 4, 2)], ["c", dt.date(2025, 5, 3)]]
GT = {"column": "Units", "rule": "greater_than", "values": [3]}  # picks c (7) and d (5): C4, C5
GT_STYLE = DifferentialStyle(fill=YELLOW)
STOP = {"column": "Units", "rule": "whole_between", "values": [1, 10], "through_row": 6, "message": "1 to 10 only"}


ROUND = {"column": "Price", "operation": "nearest", "digits": 1}  # 2.5 4.0 1.25 10.0 1.255 -> 2.5 4 1.3 10 1.3


def prices(values: list[Any], header: str | None = None) -> list[list[Any]]:
    """ROWS with Price replaced by `values`, or with `values` as a new column `header`."""
    if header is None:
        return [ROWS[0], *[[r[0], r[1], v] for r, v in zip(ROWS[1:], values, strict=True)]]
    return [[*ROWS[0], header], *[[*r, v] for r, v in zip(ROWS[1:], values, strict=True)]]


def dv_ok(ref: str = "B2:B6", **extra: Any) -> Callable[[Any], None]:
    fields = {"type": "whole", "operator": "between", "formula1": "1", "formula2": "10", "showErrorMessage": True,
              "error": "1 to 10 only", **extra}
    return validation(ref, **fields)


CASES = {
    "table.sheet_finish": [
        case("nothing asked, nothing done", lambda ws: None, {"finish": "none"}, True),
        case("header row frozen", setattr_("freeze_panes", "A2"), FREEZE, True),
        case("nothing frozen", lambda ws: None, FREEZE, False, "no frozen panes"),
        case("a column frozen too", setattr_("freeze_panes", "B2"), FREEZE, False, "1 column(s)"),
        case("row and column frozen", setattr_("freeze_panes", "B2"), BOTH, True),
        case("only the row frozen", setattr_("freeze_panes", "A2"), BOTH, False, "row 1 and column A"),
        case("filter over the whole table", autofilter("A1:C6"), FILTER, True),
        case("filter one row short", autofilter("A1:C5"), FILTER, False, "A1:C6"),
        case("filter one column short", autofilter("A1:B6"), FILTER, False, "A1:B6"),
        case("no filter", lambda ws: None, FILTER, False, "no AutoFilter"),
    ],
    "table.number_formatted": [
        case("currency on every price", formats("C", '"$"#,##0.00'), PRICE, True),
        case("LibreOffice's currency spelling", formats("C", "[$$-409]#,##0.00;[RED]-[$$-409]#,##0.00"), PRICE, True),
        case("the last price left plain", formats("C", '"$"#,##0.00', "0.00"), PRICE, False, "C6"),
        case("one decimal", formats("C", '"$"#,##0.0'), PRICE, False, "C2"),
        case("thousands, no decimals", formats("B", "#,##0"), {"column": "Units", "format": "thousands"}, True),
        case("thousands with decimals", formats("B", "#,##0.00"), {"column": "Units", "format": "thousands"}, False,
             "B2"),
        case("text amounts converted", formats("C", "0.00"), {**PRICE, "format": "two_decimals", "convert": True}, True,
             given=TEXT_PRICES),
        case("text amounts left as text", formats("C", "0.00"), {**PRICE, "format": "two_decimals", "convert": True},
             False, "numbers", rows=TEXT_PRICES, given=TEXT_PRICES),
        case("ISO dates", formats("B", "YYYY\\-MM\\-DD"), {"column": "Due", "format": "date_iso"}, True,
             rows=DATES, given=DATES),
        case("US dates for ISO", formats("B", "mm/dd/yyyy"), {"column": "Due", "format": "date_iso"}, False, "B2",
             rows=DATES, given=DATES),
        case("a value changed", formats("C", '"$"#,##0.00'), PRICE, False, "1.255",
             rows=[*ROWS[:-1], ["e", 2, 1.26]]),
    ],
    "table.named_ranges": [
        case("column named", names(("Prices", "$C$2:$C$6")), PRICES, True),
        case("one row short", names(("Prices", "$C$2:$C$5")), PRICES, False, "C2:C6"),
        case("header included", names(("Prices", "$C$1:$C$6")), PRICES, False, "C2:C6"),
        case("sheet scope asked, workbook given", names(("Prices", "$C$2:$C$6")), {**PRICES, "sheet_scope": True},
             False, "other scope"),
        case("sheet scope", names(("Prices", "$C$2:$C$6"), local=True), {**PRICES, "sheet_scope": True}, True),
        case("second name missing", names(("Prices", "$C$2:$C$6")),
             {"names": ["Prices", "Units"], "columns": ["Price", "Units"]}, False, "'Units'"),
        case("whole table", names(("Orders_All", "$A$1:$C$6")), {"names": ["Orders_All"], "columns": [None]}, True),
        case("whole table without the last column", names(("Orders_All", "$A$1:$B$6")),
             {"names": ["Orders_All"], "columns": [None]}, False, "A1:C6"),
    ],
    "table.highlighted": [
        case("cellIs rule over the column", rule("B2:B6", CellIsRule(operator="greaterThan", formula=["3"], fill=YELLOW)),
             GT, True),
        case("expression rule", rule("B2:B6", FormulaRule(formula=["B2>3"], fill=YELLOW)), GT, True),
        case("threshold off by one", rule("B2:B6", CellIsRule(operator="greaterThan", formula=["4"], fill=YELLOW)),
             GT, False, "no conditional formatting rule"),
        case("range one row short", rule("B2:B5", CellIsRule(operator="greaterThan", formula=["3"], fill=YELLOW)),
             GT, False, "B2:B6"),
        case("range spills into Price", rule("B2:C6", CellIsRule(operator="greaterThan", formula=["3"], fill=YELLOW)),
             GT, False, "nothing else"),
        case("rule without a fill", rule("B2:B6", CellIsRule(operator="greaterThan", formula=["3"], font=Font(b=True))),
             GT, False, "no fill"),
        case("top 2", rule("B2:B6", Rule(type="top10", rank=2, dxf=GT_STYLE)), {**GT, "rule": "top_n", "values": [2]},
             True),
        case("bottom 2 for top 2", rule("B2:B6", Rule(type="top10", rank=2, bottom=True, dxf=GT_STYLE)),
             {**GT, "rule": "top_n", "values": [2]}, False, "no conditional"),
        case("static fill on the matches", filled(["B4", "B5"]), {**GT, "conditional": False}, True),
        case("static fill misses the last match", filled(["B4"]), {**GT, "conditional": False}, False, "B5"),
        case("static fill on a non-match", filled(["B2", "B4", "B5"]), {**GT, "conditional": False}, False, "B2"),
        case("static fill of the named colour", filled(["B4", "B5"]), {**GT, "conditional": False, "colour": "ffff00"},
             True),
        case("static fill of another colour", filled(["B4", "B5"]), {**GT, "conditional": False, "colour": "C6EFCE"},
             False, "B4"),
        case("rule of another colour", rule("B2:B6", CellIsRule(operator="greaterThan", formula=["3"], fill=YELLOW)),
             {**GT, "colour": "FFC7CE"}, False, "#FFC7CE"),
        case("static bold", filled(["B4", "B5"], bold=True), {**GT, "conditional": False, "style": "bold"}, True),
        case("equal text, quoted", rule("A2:A6", CellIsRule(operator="equal", formula=['"C"'], fill=YELLOW)),
             {"column": "Item", "rule": "equal_text", "values": ["c"]}, True),
        case("equal another text", rule("A2:A6", CellIsRule(operator="equal", formula=['"d"'], fill=YELLOW)),
             {"column": "Item", "rule": "equal_text", "values": ["c"]}, False, "no conditional"),
        case("whole rows by a formula", rule("A2:C6", FormulaRule(formula=["$B2>3"], fill=YELLOW)),
             {**GT, "whole_row": True}, True),
        case("whole rows, column not anchored", rule("A2:C6", FormulaRule(formula=["B2>3"], fill=YELLOW)),
             {**GT, "whole_row": True}, False, "$B2"),
        case("whole rows, last column left out", rule("A2:B6", FormulaRule(formula=["$B2>3"], fill=YELLOW)),
             {**GT, "whole_row": True}, False, "A2:C6"),
        case("whole rows equal a text with a space", rule("A2:C6", FormulaRule(formula=['$A2 = "big c"'], fill=YELLOW)),
             {"column": "Item", "rule": "equal_text", "values": ["Big C"], "whole_row": True}, True),
        case("whole rows, the text's space dropped", rule("A2:C6", FormulaRule(formula=['$A2="bigc"'], fill=YELLOW)),
             {"column": "Item", "rule": "equal_text", "values": ["Big C"], "whole_row": True}, False, "no conditional"),
        case("whole rows between", rule("A2:C6", FormulaRule(formula=["AND($B2>=2, $B2<=5)"], fill=YELLOW)),
             {**GT, "rule": "between", "values": [2, 5], "whole_row": True}, True),
        case("whole rows by hand", filled(["A4", "B4", "C4", "A5", "B5", "C5"]),
             {**GT, "whole_row": True, "conditional": False}, True),
        case("whole rows by hand, last cell missed", filled(["A4", "B4", "C4", "A5", "B5"]),
             {**GT, "whole_row": True, "conditional": False}, False, "C5"),
        case("duplicates", rule("A2:A6", Rule(type="duplicateValues", dxf=GT_STYLE)),
             {"column": "Item", "rule": "duplicates"}, True),
    ],
    "table.column_rounded": [
        case("half up at the tie", lambda ws: None, ROUND, True, rows=prices([2.5, 4.0, 1.3, 10.0, 1.3])),
        case("half even at the tie", lambda ws: None, ROUND, True, rows=prices([2.5, 4.0, 1.2, 10.0, 1.3])),
        case("the last value unrounded", lambda ws: None, ROUND, False, "C6", rows=prices([2.5, 4.0, 1.3, 10.0, 1.255])),
        case("rounded down for up", lambda ws: None, {**ROUND, "operation": "up"}, False, "C6",
             rows=prices([2.5, 4.0, 1.3, 10.0, 1.2])),
        case("rounded up", lambda ws: None, {**ROUND, "operation": "up"}, True, rows=prices([2.5, 4.0, 1.3, 10.0, 1.3])),
        case("down to whole numbers", lambda ws: None, {**ROUND, "operation": "down", "digits": 0}, True,
             rows=prices([2, 4, 1, 10, 1])),
        case("nearest 5 in a new column", lambda ws: None,
             {"column": "Units", "operation": "multiple", "multiple": 5, "new_header": "Units (rounded)"}, True,
             rows=[[*ROWS[0], "Units (rounded)"], *[[*r, v] for r, v in zip(ROWS[1:], [5, 0, 5, 5, 0], strict=True)]]),
        case("new column, original overwritten", lambda ws: None, {**ROUND, "new_header": "Rounded"}, False, "Price",
             rows=[[*ROWS[0], "Rounded"], *[[r[0], r[1], v, v] for r, v in zip(ROWS[1:], [2.5, 4.0, 1.3, 10.0, 1.3],
                                                                               strict=True)]]),
        case("text amounts count as numbers", lambda ws: None, ROUND, True, rows=prices([2.5, 4.0, 1.3, 10.0, 1.3]),
             given=TEXT_PRICES),
    ],
    "table.validated": [
        case("whole number rule, stop, message", dv_ok(), STOP, True),
        case("one row short", dv_ok("B2:B5"), STOP, False, "B2:B6"),
        case("the data rows by default", dv_ok(), {**STOP, "through_row": None}, True),
        case("the data rows by default, one short", dv_ok("B2:B5"), {**STOP, "through_row": None}, False, "B2:B6"),
        case("rows to come covered", dv_ok("B2:B100"), {**STOP, "through_row": 100}, True),
        case("warning instead of stop", dv_ok(errorStyle="warning"), STOP, False, "style warning"),
        case("no alert shown", dv_ok(showErrorMessage=False), STOP, False, "no alert"),
        case("bound off by one", dv_ok(formula2="11"), STOP, False, "bounds"),
        case("another message", dv_ok(error="Invalid"), STOP, False, "'1 to 10 only'"),
        case("list of items", validation("A2:A6", type="list", formula1='"a,b,c,d,e"', showErrorMessage=True),
             {"column": "Item", "rule": "list", "values": ["e", "d", "c", "b", "a"], "through_row": 6}, True),
        case("list missing an item", validation("A2:A6", type="list", formula1='"a,b,c,d"', showErrorMessage=True),
             {"column": "Item", "rule": "list", "values": ["a", "b", "c", "d", "e"], "through_row": 6}, False, "list"),
        case("date rule as serials", validation("B2:B4", type="date", operator="between", formula1="45658",
                                                formula2="45747", showErrorMessage=True),
             {"column": "Due", "rule": "date_between", "values": ["2025-01-01", "2025-03-31"], "through_row": 4},
             True, rows=DATES, given=DATES),
    ],
}
