"""Export the rows of a workbook that meet one condition to a CSV file for another system."""

from __future__ import annotations

from typing import ClassVar

from preparers.spreadsheet import Table, write_xlsx
from workflows.data.csv_filter import Condition, CsvFilter
from workflows.spec import CheckTemplate, FileSlot, SkillParams, register_workflow


class Options(SkillParams):
    condition: Condition | None = None


@register_workflow
class SheetFilterToCsv(CsvFilter):
    input_ext: ClassVar[str] = "xlsx"
    reader: ClassVar[str] = (
        "import csv, datetime, openpyxl\n"
        "            cell = lambda v: v.date().isoformat() if isinstance(v, datetime.datetime) else v\n"
        "            header, *rows = [[cell(v) for v in r] for r in openpyxl.load_workbook(SOURCE).active.values]")
    spec = CsvFilter.spec.model_copy(update=dict(
        name="multi.sheet_filter_to_csv", apps=["spreadsheet", "data"], skill_params=Options,
        phrasings=[
            "The upload tool only takes CSV. From the workbook {{ input }}, export just the rows whose {{ column }} "
            "is {{ words }} {{ threshold }} to {{ output }}: header first, same columns, rows in workbook order, "
            "dates as YYYY-MM-DD.",
            "Could you get me a CSV ({{ output }}) of the rows in {{ input }} with {{ column }} {{ words }} "
            "{{ threshold }}? Keep the header and the column order; don't reorder the rows.",
            "{{ input }} -> {{ output }} (CSV): rows where {{ column }} {{ operator }} {{ threshold }}, header kept, "
            "ISO dates, original order.",
        ],
        files=[FileSlot(param="input", type="xlsx", role="input", description="An Excel workbook"),
               FileSlot(param="output", type="csv", description="The matching rows as CSV")],
        checks=[CheckTemplate(func="table.rows_where", bind={"column": "column", "operator": "operator",
                                                             "threshold": "threshold"})],
    ))

    def source_bytes(self, table: Table) -> bytes:
        return write_xlsx(table, table.sheet_names[0] if table.sheet_names else "Data")
