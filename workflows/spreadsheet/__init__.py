"""Spreadsheet workflows: one table in, one edited workbook out. Shared parts are in `_common`
(one-table transforms) and `_book` (workbooks made in `draw`: several sheets, messy cells)."""

from forge.checks import sheet_arrange as _arrange  # noqa: F401  (register the checks)
from forge.checks import sheet_notes as _notes  # noqa: F401
from forge.checks import sheet_protection as _protection  # noqa: F401
from forge.checks import table_joins as _joins  # noqa: F401
from forge.checks import table_fill as _fill  # noqa: F401
from forge.checks import table_layout as _layout  # noqa: F401
from forge.checks import table_ops as _ops  # noqa: F401
from forge.checks import table_rank as _rank  # noqa: F401
from forge.checks import table_rounding as _rounding  # noqa: F401
from forge.checks import table_rules as _rules  # noqa: F401
from workflows.spreadsheet import (
    arrange_sheets,
    band_column,
    clean_column,
    conditional_total,
    consolidate_sheets,
    crosstab,
    date_parts,
    derived_column,
    filter_rows,
    highlight_cells,
    impute_blanks,
    lookup_column,
    name_ranges,
    note_cells,
    number_format,
    protect_sheet,
    remove_duplicates,
    round_values,
    share_column,
    sort_rows,
    sort_two_keys,
    split_column,
    subtotals,
    summary_sheet,
    top_rows,
    total_row,
    unpivot,
    validation_rule,
)

__all__ = ["arrange_sheets", "band_column", "clean_column", "conditional_total", "consolidate_sheets", "crosstab", "date_parts", "derived_column", "filter_rows", "highlight_cells", "impute_blanks",
           "lookup_column", "name_ranges", "note_cells", "number_format", "protect_sheet", "remove_duplicates", "round_values", "share_column", "sort_rows", "sort_two_keys", "split_column", "subtotals", "summary_sheet",
           "top_rows", "total_row", "unpivot", "validation_rule"]
