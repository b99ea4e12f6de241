"""Checks over figures summed per group from a nested JSON export of orders with line items:
revenue, units or the average order value per status, per customer country or per product.

The expected figures come from the input export; the options carry what the instruction names
(where the orders are, the group's field, the measure, the line fields it multiplies, the shape).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import same_value
from forge.checks._keyed import keys_diff
from forge.checks.json import _MISSING, at_path
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView

Measure = Literal["revenue", "units", "average"]


class GroupedTotals(CheckOptions):
    file: OutputPath
    input_file: InputPath
    records: str = Field(description="Dotted path of the list of orders in the export.")
    lines: str = Field(description="Each order's list of line items.")
    group: str = Field(description="Dotted path of the group's value in an order, or in a line (prefixed by "
                       "`lines`, e.g. 'items.name': figures per line, not per order).")
    measure: Measure = Field(description="revenue: sum of quantity x price; units: sum of quantity; average: the "
                             "mean order revenue.")
    quantity: str = Field(description="A line's quantity field.")
    price: str | None = Field(default=None, description="A line's unit price field (revenue and averages).")
    decimals: int | None = Field(default=None, ge=0, description="Revenue and averages rounded to this many "
                                 "decimals; None: as summed.")
    array: bool = Field(default=False, description="An array of {group_name: group, value_name: figure} ordered by "
                        "figure, largest first (ties by group), instead of an object from group to figure.")
    group_name: str | None = Field(default=None, description="The group's field in each array entry.")
    value_name: str | None = Field(default=None, description="The figure's field in each array entry.")


def expected_figures(export: Any, opts: GroupedTotals) -> dict[str, float]:
    """Group -> figure, worked out from the export."""
    orders = at_path(export, opts.records)
    if orders is _MISSING or not isinstance(orders, list):
        raise CheckError(f"the export has no list of orders at {opts.records!r}")
    if opts.price is None and opts.measure != "units":
        raise CheckError(f"measure {opts.measure!r} needs the price field")
    per_line = opts.group.startswith(opts.lines + ".")
    sums: dict[str, list[float]] = {}
    for order in orders:
        lines = order.get(opts.lines) or []
        figure = lambda ls: sum(l[opts.quantity] * (l[opts.price] if opts.price and opts.measure != "units" else 1) for l in ls)  # noqa: E731,E741
        if per_line:
            for line in lines:
                sums.setdefault(str(at_path(line, opts.group.split(".", 1)[1])), []).append(figure([line]))
        else:
            sums.setdefault(str(at_path(order, opts.group)), []).append(figure(lines))
    done = {g: sum(v) / len(v) if opts.measure == "average" else sum(v) for g, v in sums.items()}
    return done if opts.decimals is None else {g: round(f, opts.decimals) for g, f in done.items()}


@register_check("json.grouped_totals", GroupedTotals, view="json")
def grouped_totals(state: FinalState, opts: GroupedTotals) -> Verdict:
    """The output holds one figure per group found in the export (revenue or the average order value
    rounded as asked, units whole): an object from group to figure, or an array of entries ordered by
    figure, largest first, ties by group name; no group missing or extra."""
    want = expected_figures(input_view(state, opts.input_file, JsonView).value, opts)
    got = output_view(state, opts.file, JsonView).value
    if opts.array:
        if not (isinstance(got, list) and all(isinstance(e, dict) and e.keys() == {opts.group_name, opts.value_name}
                                              for e in got)):
            return Verdict.of(False, f"{opts.file} is not an array of objects with exactly the fields "
                              f"{opts.group_name!r} and {opts.value_name!r}")
        order = sorted(want, key=lambda g: (-want[g], g))
        names = [str(e[opts.group_name]) for e in got]
        if names != order:
            at = next((i for i, (a, b) in enumerate(zip(names, order, strict=False)) if a != b),
                      min(len(names), len(order)))
            have, should = names[at] if at < len(names) else None, order[at] if at < len(order) else None
            return Verdict.of(False, f"entry {at + 1} of {opts.file} is {have!r}, expected {should!r} ({len(names)} "
                              f"entries for {len(order)} groups, largest {opts.measure} first)")
        got = {str(e[opts.group_name]): e[opts.value_name] for e in got}
    elif not isinstance(got, dict):
        return Verdict.of(False, f"{opts.file} is not a JSON object from group to {opts.measure}")
    if msg := keys_diff(want, got, opts.file, "figure"):
        return Verdict.of(False, msg)
    for group, figure in want.items():
        have = got[group]
        if isinstance(have, bool) or not isinstance(have, (int, float)) or not same_value(have, figure):
            return Verdict.of(False, f"{opts.file}: {opts.measure} of {group!r} is {have!r}, expected {figure!r}")
    return Verdict.of(True, f"{opts.measure} of {len(want)} groups by {opts.group!r}")
