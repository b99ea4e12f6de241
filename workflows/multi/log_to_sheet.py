"""Put a service log into an Excel sheet (time, level, service, message), all lines or one level's."""

from __future__ import annotations

from typing import ClassVar

from workflows.spec import CheckTemplate, FileSlot, register_workflow
from workflows.text.log_to_csv import LogToCsv


@register_workflow
class LogToSheet(LogToCsv):
    output_ext: ClassVar[str] = "xlsx"
    writer: ClassVar[str] = ("import openpyxl; book = openpyxl.Workbook(); book.active.title = 'Log'; "
                             "[book.active.append(list(row)) for row in [COLUMNS, *rows]]; book.save(OUTPUT)")
    spec = LogToCsv.spec.model_copy(update=dict(
        name="multi.log_to_sheet", apps=["text", "spreadsheet"],
        phrasings=[
            "The ops review wants {{ log }} in Excel so they can filter it. Create {{ output }} with a header row "
            "{{ columns | join(', ') }} and one row per {% if level %}{{ level }} {% endif %}log line in order: the "
            "timestamp as written (text), the level, the service without brackets, and the message.",
            "Please turn {% if level %}the {{ level }} lines of {% endif %}{{ log }} into a spreadsheet, {{ output }}: "
            "columns {{ columns | join(' / ') }}, log order, service name without the [ ].",
            "{{ log }} -> {{ output }} sheet: {% if level %}{{ level }} only, {% endif %}columns "
            "{{ columns | join(', ') }}; timestamp text, service sans brackets, message; log order.",
        ],
        files=[FileSlot(param="log", type="txt", role="input", description="One day of a service's log"),
               FileSlot(param="output", type="xlsx", description="The log as a sheet")],
        checks=[CheckTemplate(func="table.from_log", bind={"columns": "columns", "level": "level"})],
    ))
