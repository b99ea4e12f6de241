"""Publish a spreadsheet's table as a markdown table (a README or wiki page) from an Excel workbook."""

from __future__ import annotations

from typing import ClassVar

from preparers.spreadsheet import Table, write_xlsx
from workflows.spec import CheckTemplate, FileSlot, register_workflow
from workflows.text.csv_to_markdown import CsvToMarkdown


@register_workflow
class SheetToMarkdown(CsvToMarkdown):
    input_ext: ClassVar[str] = "xlsx"
    reader: ClassVar[str] = (
        "import datetime, openpyxl\n"
        "            shown = lambda v: v.date().isoformat() if isinstance(v, datetime.datetime) else v\n"
        "            rows = [[shown(v) for v in r] for r in openpyxl.load_workbook(SOURCE, data_only=True).active.values]")
    spec = CsvToMarkdown.spec.model_copy(update=dict(
        name="multi.sheet_to_markdown", apps=["spreadsheet", "text"],
        phrasings=[
            "Copy the table in {{ input }} into {{ output }} as a markdown pipe table for the project wiki: the same "
            "header and all rows in order, dates as YYYY-MM-DD.{% if heading %} Put a heading \"{{ heading }}\" "
            "above it.{% endif %}{% if right_align %} Right-align the numeric columns only.{% endif %}",
            "The wiki doesn't take Excel files. Could you turn the sheet in {{ input }} into markdown in {{ output }}? "
            "Every row, unchanged.{% if heading %} Title it \"{{ heading }}\".{% endif %}"
            "{% if right_align %} Numbers right-aligned, please.{% endif %}",
            "{{ input }} -> markdown table {{ output }}{% if heading %} under \"{{ heading }}\"{% endif %}"
            "{% if right_align %}, number columns ---:{% endif %}; all rows.",
        ],
        files=[FileSlot(param="input", type="xlsx", role="input", description="An Excel workbook"),
               FileSlot(param="output", type="md", description="The markdown table")],
        checks=[CheckTemplate(func="text.markdown_table", bind={"heading": "heading", "right_align": "right_align"})],
    ))

    def source_bytes(self, table: Table) -> bytes:
        return write_xlsx(table, table.sheet_names[0])
