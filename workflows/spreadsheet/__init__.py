"""Spreadsheet workflows: one table in, one edited workbook out. Shared parts are in `_common`."""

from workflows.spreadsheet import derived_column, filter_rows, sort_rows, total_row

__all__ = ["derived_column", "filter_rows", "sort_rows", "total_row"]
