"""Combine an order CSV and a customer CSV into one Excel sheet: each order with its customer's details."""

from __future__ import annotations

from typing import ClassVar

from workflows.data.csv_join import CsvJoin
from workflows.spec import CheckTemplate, FileSlot, register_workflow


@register_workflow
class OrdersToSheet(CsvJoin):
    output_ext: ClassVar[str] = "xlsx"
    writer: ClassVar[str] = (
        "import datetime, openpyxl, re\n"
        "            def cell(v):\n"
        "                if re.fullmatch(r'\\d{4}-\\d{2}-\\d{2}', v):\n"
        "                    return datetime.date.fromisoformat(v)\n"
        "                return float(v) if re.fullmatch(r'-?\\d+(\\.\\d+)?', v) else (v or None)\n"
        "            book = openpyxl.Workbook()\n"
        "            book.active.title = 'Orders'\n"
        "            for row in out:\n"
        "                book.active.append([cell(v) for v in row])\n"
        "            book.save(OUTPUT)")
    spec = CsvJoin.spec.model_copy(update=dict(
        name="multi.orders_to_sheet", apps=["data", "spreadsheet"],
        phrasings=[
            "Sales wants one workbook instead of two exports: put every row of {{ orders }} into {{ output }} with "
            "the matching customer's columns from {{ customers }} (matched on {{ key }}) to the right. "
            "{% if how == 'inner' %}Leave out orders whose customer isn't in the list.{% else %}Keep every order; "
            "leave the customer cells empty where there's no match.{% endif %} Order rows stay in their order, "
            "amounts as numbers.",
            "Could you merge {{ orders }} and {{ customers }} into an Excel file, {{ output }}? One row per order with "
            "the customer details next to it, joined on {{ key }}; {% if how == 'inner' %}unmatched orders can go"
            "{% else %}unmatched orders stay with blank customer fields{% endif %}.",
            "{{ orders }} {{ how }}-join {{ customers }} on {{ key }} -> {{ output }} sheet (order columns, then the "
            "customer's; order row order).",
        ],
        files=[FileSlot(param="orders", type="csv", role="input", description="An order export"),
               FileSlot(param="customers", type="csv", role="input", description="The customer list"),
               FileSlot(param="output", type="xlsx", description="Orders with customer details")],
        checks=[CheckTemplate(func="table.joined", bind={"key": "key", "how": "how"},
                              paths={"input_file": "orders", "right_file": "customers"})],
    ))
