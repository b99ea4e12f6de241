"""Shared parts of the families that add a computed column to a report's table (a share, a rank,
a running total, a date part): a report whose table is of the kinds the task needs, and the
reference's code appending the column to the docx table in the table's own look."""

from __future__ import annotations

from typing import Any

from forge.errors import WorkflowError
from workflows._steps import lit
from workflows.document._edit import report_with_table

__all__ = ["append_column", "report_of_kind"]


def report_of_kind(ctx: Any, kinds: set[str], lo: int, hi: int) -> tuple[Any, Any]:
    """`report_with_table` redrawn until its table is one of `kinds` (a sales log for a running
    total, a table with dates for a date part)."""
    for _ in range(40):
        doc, table = report_with_table(ctx, lo, hi)
        if table.kind in kinds:
            return doc, table
    raise WorkflowError(f"no report with a {' or '.join(sorted(kinds))} table drawn in 40 tries")


def append_column(new_header: str) -> str:
    """Code appending `values` (one string per data row) as a last column headed `new_header`, the
    header cell bold like the others (python-docx: `grid`, `docx` in scope)."""
    return f"""
        from docx.shared import Cm
        grid.add_column(Cm(2.6))
        head = grid.rows[0].cells[-1].paragraphs[0]
        head.add_run({lit(new_header)}).bold = True
        for line, value in zip(list(grid.rows)[1:], values, strict=True):
            line.cells[-1].paragraphs[0].add_run(value)
        print({lit(new_header)}, values)
    """
