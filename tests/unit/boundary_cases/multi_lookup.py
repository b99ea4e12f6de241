"""Boundary cases of `forge.checks.table_multi_lookup` (`table.looked_up_from`): an order workbook
given each product's supplier from a list kept in another app's file (a CSV export, a PDF
catalogue, a Word directory). The LAST row's value wrong or missing, a row dropped or added, an
original cell touched, the column not last, keys typed in other capitals, a key the list does not
have (left empty, or the stated text), a key listed twice (the first listing is what a lookup
finds), a number just inside and just outside the tolerance, the workbook edited in place."""

from __future__ import annotations

from typing import Any

from preparers.spreadsheet import Table
from tests.unit.boundary_cases import Case
from tests.xlsx import xlsx_bytes
from workflows.multi._hop import FORMATS

INPUT, OUTPUT, SHEET = "inputs/data.xlsx", "outputs/result.xlsx", "Orders"
LIST = "inputs/suppliers.csv"
HEADER = ["Order", "Product", "Units"]
ORDERS = [["SO-1", "Laptop", 3], ["SO-2", "Mouse", 12], ["SO-3", "Monitor", 2], ["SO-4", "Laptop", 1],
          ["SO-5", "Dock", 4]]
BOOK = xlsx_bytes([HEADER, *ORDERS], SHEET)
LISTED = [["Product", "Supplier", "Lead Days"], ["Laptop", "Contoso", 12.5], ["Mouse", "Fabrikam", 3],
          ["Monitor", "Northwind", 7], ["Dock", "Tailspin", 9]]
SUPPLIERS = {"Laptop": "Contoso", "Mouse": "Fabrikam", "Monitor": "Northwind", "Dock": "Tailspin"}


def csv_of(rows: list[list[Any]]) -> bytes:
    return "".join(",".join(str(v) for v in r) + "\n" for r in rows).encode()


def filled(values: list[Any], header: str = "Supplier", rows: list[list[Any]] = ORDERS) -> list[list[Any]]:
    return [[*HEADER, header], *[[*r, v] for r, v in zip(rows, values, strict=True)]]


RIGHT = [SUPPLIERS[r[1]] for r in ORDERS]
OPTIONS = {"lookup_file": LIST, "new_header": "Supplier", "key_column": "Product", "lookup_key": "Product",
           "lookup_value": "Supplier"}


def case(label: str, output: list[list[Any]] | None, passes: bool, says: str = "", *,
         listed: bytes | None = None, list_path: str = LIST, **options: Any) -> Case:
    data = csv_of(LISTED) if listed is None else listed
    return Case(label, output, {**OPTIONS, "lookup_file": list_path, **options}, passes, says,
                input=[HEADER, *ORDERS], files={list_path: data}, originals={INPUT: BOOK, list_path: data})


def _other(ext: str) -> bytes:
    table = Table(kind="sales", title="Supplier list", headers=LISTED[0][:2], rows=[r[:2] for r in LISTED[1:]])
    write = FORMATS[ext].write
    assert write is not None
    return write(table, "Supplier list")


GAPPY = csv_of([r for r in LISTED if r[0] != "Dock"])  # the LAST order's product is not listed
TWICE = csv_of([*LISTED[:2], ["Laptop", "Litware", 4], *LISTED[2:]])
CAPITALS = csv_of([LISTED[0], ["LAPTOP", "Contoso", 12.5], ["mouse", "Fabrikam", 3], ["Monitor ", "Northwind", 7],
                   ["DOCK", "Tailspin", 9]])
NUMBERS = dict(OPTIONS, new_header="Lead Days", lookup_value="Lead Days")
DAYS = [12.5, 3, 7, 12.5, 9]

CASES: dict[str, list[Case]] = {"table.looked_up_from": [
    case("every order given its product's supplier", filled(RIGHT), True, "5 rows"),
    Case("the workbook edited in place", None, {**OPTIONS, "file": INPUT}, True, "5 rows", input=[HEADER, *ORDERS],
        files={INPUT: xlsx_bytes(filled(RIGHT), SHEET), LIST: csv_of(LISTED)},
        originals={INPUT: BOOK, LIST: csv_of(LISTED)}),
    case("the list from a PDF catalogue", filled(RIGHT), True, list_path="inputs/suppliers.pdf",
         listed=_other("pdf")),
    case("the list from a Word directory", filled(RIGHT), True, list_path="inputs/suppliers.docx",
         listed=_other("docx")),
    case("the workbook handed back unchanged", [HEADER, *ORDERS], False, "no new column 'Supplier'"),
    case("the LAST order's supplier wrong", filled([*RIGHT[:4], "Contoso"]), False, "Orders!D6"),
    case("the LAST order's supplier left empty", filled([*RIGHT[:4], None]), False, "Orders!D6"),
    case("the LAST order dropped", filled(RIGHT[:4], rows=ORDERS[:4]), False, "['SO-5', 'Dock', 4.0] is missing"),
    case("an order added at the end", filled([*RIGHT, "Contoso"], rows=[*ORDERS, ["SO-6", "Laptop", 2]]), False,
         "row 7"),
    case("the LAST order's units touched", filled(RIGHT, rows=[*ORDERS[:4], ["SO-5", "Dock", 5]]), False,
         "Orders!C6"),
    case("the column put first, not last", [["Supplier", *HEADER], *[[v, *r] for r, v in zip(ORDERS, RIGHT)]],
         False, "column 1 of 4; it must be the last column"),
    case("the column under another header", filled(RIGHT, header="Vendor"), False, "no new column 'Supplier'"),
    case("keys typed in other capitals and spacing in the list", filled(RIGHT), True, listed=CAPITALS),
    case("other capitals taken as unlisted", filled([*RIGHT[:4], "N/A"]), False, "Orders!D6", listed=CAPITALS,
         missing="N/A"),
    case("an unlisted product given the stated text", filled([*RIGHT[:4], "N/A"]), True, listed=GAPPY,
         missing="N/A"),
    case("an unlisted product left empty though a text is asked", filled([*RIGHT[:4], None]), False,
         "(not listed in inputs/suppliers.csv)", listed=GAPPY, missing="N/A"),
    case("an unlisted product left empty", filled([*RIGHT[:4], None]), True, listed=GAPPY),
    case("an unlisted product given a made-up value", filled([*RIGHT[:4], "Tailspin"]), False, "leave it empty",
         listed=GAPPY),
    case("a product listed twice: the first listing", filled(RIGHT), True, listed=TWICE),
    case("a product listed twice: the second listing", filled(["Litware", *RIGHT[1:3], "Litware", RIGHT[4]]),
         False, "Orders!D2", listed=TWICE),
    case("a number copied as it is listed", filled(DAYS, header="Lead Days"), True, **NUMBERS),
    case("a number just inside the tolerance", filled([*DAYS[:4], 9.0000005], header="Lead Days"), True,
         **NUMBERS),
    case("a number just outside the tolerance", filled([*DAYS[:4], 9.00001], header="Lead Days"), False,
         "Orders!D6", **NUMBERS),
]}
