"""The end of a reference script that takes a deck's content out to a spreadsheet: its `rows` (a
list of lists, header first) written as the CSV or the Excel workbook the task names, so each
family's script is only its own reading of the deck."""

from __future__ import annotations

import textwrap

from workflows._steps import lit


def write_rows_code(output: str) -> str:
    """Python writing `rows` to `output` (.csv, else .xlsx) and printing how many data rows it wrote."""
    return textwrap.dedent(f"""
        if {lit(output)}.endswith(".csv"):
            import csv
            with open({lit(output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(rows)
        else:
            import openpyxl
            book = openpyxl.Workbook()
            for r in rows:
                book.active.append(r)
            book.save({lit(output)})
        print(len(rows) - 1, "rows written to", {lit(output)})
    """)
