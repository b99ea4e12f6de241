"""Two editions of a supplier's price list (PDFs whose table runs over several pages) compared,
item by item on their code: the items whose price changed, those whose price rose by more than a
percentage (with the rise to one decimal, half up), the items new in the later list, or those
dropped from it; in code order or the largest rise first. Rows come from both PDFs' printed
tables; what is compared and the threshold from the instruction."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.pdf_table_export import printed_rows
from forge.checks.source import output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView

PriceChange = Literal["changed", "rises", "new", "dropped"]
HEADERS: dict[str, list[str]] = {"changed": ["code", "item", "old_price", "new_price"],
                                 "rises": ["code", "item", "old_price", "new_price", "rise_pct"],
                                 "new": ["code", "item", "unit_price"], "dropped": ["code", "item"]}


class PriceChanges(CheckOptions):
    file: OutputPath = Field(description="The csv of changes, with the header HEADERS[change].")
    old_file: InputPath = Field(description="The earlier price list.")
    new_file: InputPath = Field(description="The later price list.")
    code_column: str = Field(description="The printed column items are matched on.")
    item_column: str = Field(description="The printed column naming the item.")
    price_column: str = Field(description="The printed column of prices.")
    change: PriceChange = Field(description="changed: items in both lists whose price differs; rises: whose price rose "
                                "by more than `over_pct` percent; new: only in the later list; dropped: only in the "
                                "earlier one.")
    over_pct: float | None = Field(default=None, description="The rise (percent of the old price) an item must pass "
                                   "(rises).")
    by_rise: bool = Field(default=False, description="Largest percentage rise first (falls last); else in the code "
                          "order the later list prints (dropped: the earlier list's).")
    tolerance: float = Field(default=0.005, ge=0)


def _items(state: FinalState, path: str, opts: PriceChanges) -> dict[str, tuple[str, float]]:
    """code -> (item, price) over every page of the list's table, in printed order."""
    header, rows = printed_rows(state, path)
    names = [fold(h).casefold() for h in header]
    try:
        code, item, price = (names.index(fold(c).casefold()) for c in (opts.code_column, opts.item_column,
                                                                         opts.price_column))
    except ValueError as exc:
        raise CheckError(f"{path}'s table lacks a column the task names ({exc}); its header: {header}") from exc
    return {fold(str(r[code])): (fold(str(r[item])), float(r[price])) for r in rows if is_number(r[price])}


def rise_pct(old: float, new: float) -> Decimal:
    """The rise as a percent of the old price, to one decimal, half up (from the cents)."""
    cents_old, cents_new = round(old * 100), round(new * 100)
    return (Decimal(cents_new - cents_old) * 100 / Decimal(cents_old)).quantize(Decimal("0.1"), ROUND_HALF_UP)


def expected_changes(old: dict[str, tuple[str, float]], new: dict[str, tuple[str, float]],
                     opts: PriceChanges) -> list[list[Any]]:
    if opts.change == "new":
        return [[c, item, price] for c, (item, price) in new.items() if c not in old]
    if opts.change == "dropped":
        return [[c, item] for c, (item, _) in old.items() if c not in new]
    both = [(c, item, old[c][1], price) for c, (item, price) in new.items()
            if c in old and round(old[c][1] * 100) != round(price * 100)]
    if opts.change == "rises":
        if opts.over_pct is None:
            raise CheckError("a rise threshold (over_pct) is needed to list the rises")
        exact = {c: (p - o) * 100 / o for c, _, o, p in both}
        both = [b for b in both if exact[b[0]] > opts.over_pct]
    if opts.by_rise:
        both.sort(key=lambda b: -(b[3] - b[2]) / b[2])
    return [[c, item, o, p, *([float(rise_pct(o, p))] if opts.change == "rises" else [])] for c, item, o, p in both]


@register_check("pdf.price_changes", PriceChanges, view="table")
def price_changes(state: FinalState, opts: PriceChanges) -> Verdict:
    """The csv has the header for the comparison asked, then one row per item it finds - matched
    on the code over every page of both lists - with the printed names and prices (numbers as
    numbers; a rise in percent to one decimal, half up), in the order asked; nothing else."""
    old, new = _items(state, opts.old_file, opts), _items(state, opts.new_file, opts)
    want = [HEADERS[opts.change], *expected_changes(old, new, opts)]
    return table_verdict(want, output_view(state, opts.file, TableView).get().rows, opts.file, opts.tolerance)
