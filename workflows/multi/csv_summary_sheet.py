"""Summarise a CSV export per category into an Excel sheet (total, count, average or maximum per group)."""

from __future__ import annotations

from typing import ClassVar

from workflows.data.csv_group_totals import CsvGroupTotals
from workflows.spec import CheckTemplate, FileSlot, register_workflow


@register_workflow
class CsvSummarySheet(CsvGroupTotals):
    output_ext: ClassVar[str] = "xlsx"
    writer: ClassVar[str] = ("import openpyxl; book = openpyxl.Workbook(); book.active.title = 'Summary'; "
                             "[book.active.append(row) for row in table]; book.save(OUTPUT)")
    spec = CsvGroupTotals.spec.model_copy(update=dict(
        name="multi.csv_summary_sheet", apps=["data", "spreadsheet"],
        phrasings=[
            "From the export {{ input }}, build an Excel summary {{ output }}: one row per {{ key }} with the "
            "{{ what }}{% if value %} of {{ value }}{% endif %}, under the headers {{ key }} and {{ result_header }}"
            "{% if order == 'key' %}, {{ key }} A to Z{% else %}, largest {{ result_header }} first{% endif %}."
            "{% if where_column %} Count only the rows where {{ where_column }} is {{ where_value }}.{% endif %}"
            "{% if messy_keys %} {{ key }} was typed by hand in mixed case; treat different capitalisations as the "
            "same value.{% endif %}{% if aggregate == 'average' %} Averages to 2 decimals.{% endif %}",
            "My manager wants a small spreadsheet from {{ input }}: {{ what }}{% if value %} of {{ value }}{% endif %} "
            "per {{ key }}, columns {{ key }} / {{ result_header }}, {% if order == 'key' %}sorted by {{ key }}"
            "{% else %}biggest first{% endif %}. Save it as {{ output }}, numbers as real numbers.{% if where_column %} "
            "Only the {{ where_value }} rows ({{ where_column }}) count.{% endif %}{% if messy_keys %} "
            "(Some {{ key }} values are in the wrong case.){% endif %}",
            "{{ input }} -> {{ output }}: {{ aggregate }}{% if value %}({{ value }}){% endif %} by {{ key }} as "
            "{{ result_header }}; {% if order == 'key' %}order by {{ key }}{% else %}order by {{ result_header }} desc"
            "{% endif %}{% if where_column %}; where {{ where_column }} = {{ where_value }}{% endif %}"
            "{% if messy_keys %}; case-insensitive {{ key }}{% endif %}.",
        ],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV export"),
               FileSlot(param="output", type="xlsx", description="The per-group summary workbook")],
        checks=[CheckTemplate(func="table.grouped", bind={
            "key": "key", "value": "value", "aggregate": "aggregate", "result_header": "result_header",
            "order": "order", "fold_keys": "messy_keys", "where_column": "where_column",
            "where_value": "where_value"})],
    ))
