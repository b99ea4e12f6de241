"""Flatten a nested JSON order export into an Excel sheet (one row per order or per line item)."""

from __future__ import annotations

from typing import ClassVar

from workflows._steps import lit
from workflows.data.json_flatten import JsonFlatten, Params
from workflows.spec import CheckTemplate, FileSlot, register_workflow


@register_workflow
class JsonToSheet(JsonFlatten):
    output_type: ClassVar[str] = "xlsx"
    spec = JsonFlatten.spec.model_copy(update=dict(
        name="multi.json_to_sheet", apps=["data", "spreadsheet"],
        phrasings=[
            "Finance wants the orders in {{ input }} as a spreadsheet. Please create {{ output }} with one row per "
            "{% if explode %}line item (each entry of an order's {{ explode }} list){% else %}order{% endif %} and the "
            "columns {{ columns | join(', ') }}, headers written exactly like that, in the export's order. Numbers "
            "as numbers, please.",
            "Could you open {{ input }} and put the orders into an Excel workbook, {{ output }}? Header row: "
            "{{ columns | join(', ') }}{% if explode %}; one row for every item in {{ explode }}, repeating the "
            "order's fields{% endif %}.",
            "{{ input }} (orders) -> {{ output }} sheet: {% if explode %}explode {{ explode }}, {% endif %}columns "
            "{{ columns | join(', ') }}, source order, numeric cells as numbers.",
        ],
        files=[FileSlot(param="input", type="json", role="input", description="A nested JSON order export"),
               FileSlot(param="output", type="xlsx", description="The orders as a sheet")],
        checks=[CheckTemplate(func="table.from_json", fixed={"list_path": "orders"},
                              bind={"columns": "columns", "explode": "explode"})],
    ))

    def _writer(self, params: Params) -> str:
        return (f"import openpyxl; book = openpyxl.Workbook(); sheet = book.active; sheet.title = 'Orders'; "
                f"sheet.append(columns); [sheet.append(row) for row in rows]; book.save({lit(params.output)})")
