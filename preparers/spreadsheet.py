"""The spreadsheet preparer: realistic seeded tables, written as byte-deterministic xlsx.

A `Table` is the value that crosses to workflows: a header row, data rows and which columns are
numeric. Table kinds (sales orders, employees, inventory, budgets) are plain generator functions
registered with `@table_kind`; adding one is a function and a decorator.

    table = make_table(ctx.rng, ctx.faker, kind="sales")
    data = write_xlsx(table, "Orders")          # same table -> same bytes
    FILE_TYPES.get("xlsx").inspect(data)        # the xlsx handler (preparers/filetypes/xlsx.py)
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field, model_validator

from forge.errors import PreparerError
from forge.views import Table as ViewTable
from preparers.fake import thread_faker
from preparers.filetypes import csv as _csv  # noqa: F401  (the csv handler: tables as csv)
from preparers.filetypes.xlsx import XlsxFile, formula_parses, write_workbook  # noqa: F401 (formula_parses: re-export)
from preparers.spec import FileReport, register_preparer

Cell = str | int | float | dt.date | None

MIN_ROWS, MAX_ROWS = 8, 30
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")


class Table(BaseModel):
    """One rectangular table: `headers` over `rows`; `numeric` names the number columns."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    title: str
    headers: list[str] = Field(min_length=1)
    rows: list[list[Cell]]
    subject: str = Field(default="records", description="What one row is, plural: 'sales orders'.")
    numeric: list[str] = Field(default_factory=list, description="Headers of the numeric columns.")
    additive: list[str] = Field(
        default_factory=list, description="Numeric columns whose sum means something."
    )
    formats: dict[str, str] = Field(default_factory=dict, description="Excel number format per header.")
    sheet_names: list[str] = Field(default_factory=list, description="Plausible sheet names for this table.")
    file_stems: list[str] = Field(default_factory=list, description="Plausible file names (no extension).")

    @model_validator(mode="after")
    def _rectangular(self) -> Table:
        if len(set(self.headers)) != len(self.headers):
            raise ValueError(f"duplicate headers in {self.headers}")
        for i, row in enumerate(self.rows):
            if len(row) != len(self.headers):
                raise ValueError(f"row {i} has {len(row)} cells, expected {len(self.headers)}")
        unknown = (set(self.numeric) | set(self.additive) | set(self.formats)) - set(self.headers)
        if unknown:
            raise ValueError(f"unknown columns {sorted(unknown)}")
        return self

    def index(self, header: str) -> int:
        try:
            return self.headers.index(header)
        except ValueError:
            raise PreparerError(
                f"table {self.title!r} has no column {header!r}; columns: {self.headers}"
            ) from None

    def column(self, header: str) -> list[Cell]:
        i = self.index(header)
        return [row[i] for row in self.rows]

    def date_columns(self) -> list[str]:
        return [h for h in self.headers if any(isinstance(v, dt.date) for v in self.column(h))]

    @property
    def label_column(self) -> str:
        """The first text column: the natural place for a 'Total' label."""
        return next(h for h in self.headers if h not in self.numeric)


# --- table kinds ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TableKind:
    name: str
    make: Callable[[random.Random, Faker, int], Table]


TABLE_KINDS: dict[str, TableKind] = {}


def table_kind(
    name: str,
) -> Callable[[Callable[[random.Random, Faker, int], Table]], Callable[[random.Random, Faker, int], Table]]:
    """Register a table generator `(rng, faker, n_rows) -> Table` under `name`."""

    def add(fn: Callable[[random.Random, Faker, int], Table]) -> Callable[[random.Random, Faker, int], Table]:
        if name in TABLE_KINDS:
            raise PreparerError(f"table kind {name!r} is registered twice")
        TABLE_KINDS[name] = TableKind(name, fn)
        return fn

    return add


def _day(rng: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rng.randrange((end - start).days + 1))


def _distinct(rng: random.Random, n: int, draw: Callable[[], Any]) -> list[Any]:
    seen: list[Any] = []
    for _ in range(n * 50):
        value = draw()
        if value not in seen:
            seen.append(value)
            if len(seen) == n:
                return seen
    raise PreparerError(f"could not draw {n} distinct values")


_PRODUCTS = {
    "Laptop": 899.0,
    "Monitor": 219.0,
    "Keyboard": 49.0,
    "Mouse": 24.0,
    "Docking Station": 189.0,
    "Headset": 79.0,
    "Webcam": 69.0,
    "Printer": 259.0,
    "USB-C Hub": 39.0,
    "Tablet": 429.0,
}
_REGIONS = ["North", "South", "East", "West", "Central"]


@table_kind("sales")
def _sales(rng: random.Random, faker: Faker, n: int) -> Table:
    year = rng.choice([2023, 2024, 2025])
    dates = sorted(_day(rng, dt.date(year, 1, 1), dt.date(year, 12, 31)) for _ in range(n))
    first = rng.randrange(10000, 90000)
    customers = [faker.company() for _ in range(max(3, n // 3))]
    rows: list[list[Cell]] = []
    for i, day in enumerate(dates):
        product = rng.choice(list(_PRODUCTS))
        units = min(250, max(1, round(rng.lognormvariate(2.3, 0.7))))
        price = round(_PRODUCTS[product] * rng.uniform(0.9, 1.1), 2)
        rows.append(
            [f"SO-{first + i}", day, rng.choice(customers), rng.choice(_REGIONS), product, units, price]
        )
    return Table(
        kind="sales",
        title=f"Sales orders {year}",
        headers=["Order ID", "Date", "Customer", "Region", "Product", "Units", "Unit Price"],
        rows=rows,
        subject="sales orders",
        numeric=["Units", "Unit Price"],
        additive=["Units"],
        formats={"Date": "yyyy-mm-dd", "Unit Price": "#,##0.00"},
        sheet_names=["Orders", "Sales", f"Sales {year}"],
        file_stems=[f"sales_{year}", "orders", "regional_sales", f"q{rng.randint(1, 4)}_orders"],
    )


_DEPARTMENTS = {
    "Engineering": 98000,
    "Sales": 72000,
    "Marketing": 68000,
    "Finance": 80000,
    "Operations": 61000,
    "Support": 52000,
    "People": 63000,
}


@table_kind("employees")
def _employees(rng: random.Random, faker: Faker, n: int) -> Table:
    names = _distinct(rng, n, faker.name)
    rows: list[list[Cell]] = []
    for name in names:
        dept = rng.choice(list(_DEPARTMENTS))
        salary = int(round(_DEPARTMENTS[dept] * rng.uniform(0.8, 1.4) / 500) * 500)
        bonus = int(round(salary * rng.choice([0.02, 0.03, 0.05, 0.08, 0.1, 0.12]) / 50) * 50)
        start = _day(rng, dt.date(2012, 1, 1), dt.date(2024, 12, 31))
        rows.append([name, dept, start, salary, bonus])
    return Table(
        kind="employees",
        title=f"{faker.company()} staff list",
        headers=["Name", "Department", "Start Date", "Salary", "Bonus"],
        rows=rows,
        subject="employees",
        numeric=["Salary", "Bonus"],
        additive=["Salary", "Bonus"],
        formats={"Start Date": "yyyy-mm-dd", "Salary": "#,##0", "Bonus": "#,##0"},
        sheet_names=["Staff", "Employees", "Payroll"],
        file_stems=["employees", "staff_list", "payroll", "headcount"],
    )


_MATERIALS = ["Steel", "Brass", "Nylon", "Copper", "Aluminium", "Zinc-Plated"]
_PARTS = [
    "Hex Bolt",
    "Washer",
    "Hinge",
    "Bracket",
    "Cable Tie",
    "Wall Anchor",
    "Pipe Clamp",
    "Spring",
    "Wing Nut",
]


@table_kind("inventory")
def _inventory(rng: random.Random, faker: Faker, n: int) -> Table:
    items = _distinct(rng, n, lambda: f"{rng.choice(_MATERIALS)} {rng.choice(_PARTS)}")
    skus = _distinct(
        rng,
        n,
        lambda: f"{rng.choice('ABCDEFGHKMNPRT')}{rng.choice('ABCDEFGHKMNPRT')}-{rng.randrange(1000, 10000)}",
    )
    warehouses = _distinct(rng, 3, faker.city)
    rows: list[list[Cell]] = []
    for sku, item in zip(skus, items, strict=True):
        qty = min(2000, max(1, round(rng.lognormvariate(4.5, 0.9))))
        cost = round(min(90.0, max(0.05, rng.lognormvariate(1.2, 1.0))), 2)
        rows.append([sku, item, rng.choice(warehouses), qty, cost])
    return Table(
        kind="inventory",
        title="Stock on hand",
        headers=["SKU", "Item", "Warehouse", "Quantity", "Unit Cost"],
        rows=rows,
        subject="stock items",
        numeric=["Quantity", "Unit Cost"],
        additive=["Quantity"],
        formats={"Unit Cost": "0.00"},
        sheet_names=["Stock", "Inventory", "On Hand"],
        file_stems=["inventory", "stock_levels", "warehouse_stock"],
    )


_PROJECTS = [
    "Website Refresh",
    "CRM Migration",
    "Trade Shows",
    "Office Move",
    "Data Platform",
    "Recruiting",
    "Security Audit",
    "Mobile App",
    "Customer Research",
    "Training",
    "Cloud Costs",
    "Brand Campaign",
]


@table_kind("budget")
def _budget(rng: random.Random, faker: Faker, n: int) -> Table:
    year = rng.choice([2024, 2025])
    centers = _distinct(rng, n, lambda: f"CC-{rng.randrange(100, 1000)}")
    managers = _distinct(rng, max(3, n // 4), faker.name)
    rows: list[list[Cell]] = []
    for center in centers:
        budget = rng.randrange(20, 250) * 1000
        actual = round(budget * rng.uniform(0.7, 1.25), 2)
        rows.append(
            [
                center,
                rng.choice(_PROJECTS),
                rng.choice(managers),
                f"Q{rng.randint(1, 4)} {year}",
                budget,
                actual,
            ]
        )
    return Table(
        kind="budget",
        title=f"Budget vs actual {year}",
        headers=["Cost Center", "Project", "Manager", "Quarter", "Budget", "Actual"],
        rows=rows,
        subject="cost centers",
        numeric=["Budget", "Actual"],
        additive=["Budget", "Actual"],
        formats={"Budget": "#,##0", "Actual": "#,##0.00"},
        sheet_names=["Budget", f"FY{year}", "Budget vs Actual"],
        file_stems=[f"budget_{year}", "cost_centers", "budget_vs_actual"],
    )


def make_table(
    rng: random.Random, faker: Faker | None = None, *, kind: str | None = None, rows: int | None = None
) -> Table:
    """A realistic table of `kind` (drawn when None) with `rows` rows (8-30, drawn when None)."""
    if kind is None:
        kind = rng.choice(sorted(TABLE_KINDS))
    if kind not in TABLE_KINDS:
        raise PreparerError(f"unknown table kind {kind!r}; known: {', '.join(sorted(TABLE_KINDS))}")
    n = rows if rows is not None else rng.randint(MIN_ROWS, MAX_ROWS)
    if not 1 <= n <= 1000:
        raise PreparerError(f"rows must be between 1 and 1000, got {n}")
    if faker is None:
        faker = thread_faker(rng.getrandbits(32))
    return TABLE_KINDS[kind].make(rng, faker, n)


# --- derived columns ---------------------------------------------------------------------------

# Meaningful computations per table kind: (kind, operation, left, right, new header). A kind without
# one for an operation gets a generic "Left op Right" column from `derived_candidates`.
DERIVED_COLUMNS = [
    ("sales", "product", "Units", "Unit Price", "Revenue"),
    ("inventory", "product", "Quantity", "Unit Cost", "Stock Value"),
    ("employees", "sum", "Salary", "Bonus", "Total Pay"),
    ("employees", "ratio", "Bonus", "Salary", "Bonus Rate"),
    ("budget", "difference", "Budget", "Actual", "Variance"),
    ("budget", "ratio", "Actual", "Budget", "Budget Used"),
    ("budget", "difference", "Actual", "Budget", "Over Budget"),
]


def derived_candidates(table: Table, operation: str, symbol: str) -> list[tuple[str, str, str]]:
    """(left, right, new header) columns `operation` makes sense on in `table` (no ratio by a zero)."""
    named = [(a, b, h) for k, op, a, b, h in DERIVED_COLUMNS if k == table.kind and op == operation]
    if named:
        return named
    pairs = [(a, b) for a in table.numeric for b in table.numeric if a != b]
    pairs = [(a, b) for a, b in pairs if operation != "ratio" or all(v != 0 for v in table.column(b))]
    return [(a, b, f"{a} {symbol} {b}") for a, b in pairs]


# --- writing -------------------------------------------------------------------------------


def check_sheet_name(name: str) -> str:
    if not name or len(name) > 31 or _BAD_SHEET_CHARS.search(name) or name.startswith("'"):
        raise PreparerError(f"{name!r} is not a valid sheet name (1-31 chars, none of []:*?/\\)")
    return name


def write_xlsx(table: Table, sheet_name: str) -> bytes:
    """The table as an xlsx workbook: header in row 1, data below. Same input, same bytes."""
    grid = ViewTable.of(check_sheet_name(sheet_name), [table.headers, *table.rows])
    return write_workbook([grid], formats=table.formats, title=table.title)


@register_preparer("spreadsheet")
class SpreadsheetPreparer:
    """Seeded tables and xlsx workbooks; workflows import this for the app-specific API."""

    version = "1"
    file_types = ["xlsx", "csv"]
    kinds = TABLE_KINDS

    def table(
        self,
        rng: random.Random,
        faker: Faker | None = None,
        *,
        kind: str | None = None,
        rows: int | None = None,
    ) -> Table:
        return make_table(rng, faker, kind=kind, rows=rows)

    def write_xlsx(self, table: Table, sheet_name: str) -> bytes:
        return write_xlsx(table, sheet_name)

    def inspect(self, data: bytes) -> FileReport:
        return XlsxFile().inspect(data)
