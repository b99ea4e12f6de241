"""Multi-app workflows (plugin `multi`): tasks that carry content from one app's files into another's.

Importing it registers the handlers and check libraries they use, then the workflows; its
skills are `data/skills/multi.jsonl`.
"""

from forge.checks import document as _document, pdf as _pdf, project as _project, slides as _slides  # noqa: F401
from forge.checks import config as _config, records as _records, text_reports as _text_reports  # noqa: F401
from forge.checks import slides_index as _slides_index, text_apidoc as _text_apidoc  # noqa: F401
from forge.checks import document_config as _document_config  # noqa: F401
from forge.checks import table_joins as _table_joins, table_ops as _table_ops, table_rank as _table_rank  # noqa: F401
from forge.checks import json as _json_checks, table_multi_lookup as _table_multi_lookup  # noqa: F401
from forge.checks import tree as _tree, tree_multi_mapping as _tree_multi_mapping  # noqa: F401
from forge.checks import slides_multi_outline as _slides_multi_outline, text_multi_config as _text_multi_config  # noqa: F401
from preparers.filetypes import csv as _csv, json as _json, text as _text  # noqa: F401
from preparers.filetypes import docx as _docx, pdf as _pdf_type, pptx as _pptx, xlsx as _xlsx  # noqa: F401
from workflows.multi import (  # noqa: F401  (register on import)
    config_to_document,
    config_to_markdown,
    csv_summary_sheet,
    csv_to_report,
    data_to_code,
    docstrings_to_markdown,
    ini_to_json,
    json_to_sheet,
    log_to_sheet,
    lookup_from_file,
    markdown_to_deck,
    orders_to_sheet,
    outline_to_slides,
    pdf_table_to_sheet,
    renamed_from_list,
    report_table_to_markdown,
    sheet_filter_to_csv,
    sheet_to_markdown,
    sheet_to_report,
    slides_to_sheet,
    table_hops,
    table_hops_rank,
    table_hops_records,
    table_hops_summary,
    table_to_json,
    table_to_slide,
)

__all__ = ["config_to_document", "config_to_markdown", "csv_summary_sheet", "csv_to_report", "data_to_code",
           "docstrings_to_markdown", "ini_to_json", "json_to_sheet", "log_to_sheet", "lookup_from_file",
           "markdown_to_deck",
           "orders_to_sheet", "outline_to_slides", "pdf_table_to_sheet", "renamed_from_list",
           "report_table_to_markdown", "sheet_filter_to_csv", "sheet_to_markdown", "sheet_to_report",
           "slides_to_sheet", "table_hops", "table_hops_rank", "table_hops_records", "table_hops_summary",
           "table_to_json", "table_to_slide"]
