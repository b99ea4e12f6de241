"""The pdf app (plugin `pdf`): invoices and reports as PDF, and their workflows.

Importing it registers the pdf handler, the pdf check libraries, the preparer and the workflows
(their text outputs use the txt handler); its skills are `data/skills/pdf.jsonl`.
"""

from forge.checks import pdf as _checks  # noqa: F401
from forge.checks import pdf_bookmark_pages as _bookmark_page_checks  # noqa: F401
from forge.checks import pdf_actions as _action_checks  # noqa: F401
from forge.checks import pdf_audit as _audit_checks  # noqa: F401
from forge.checks import pdf_combine as _combine_checks  # noqa: F401
from forge.checks import pdf_compare as _compare_checks  # noqa: F401
from forge.checks import pdf_contacts as _contact_checks  # noqa: F401
from forge.checks import pdf_contents as _contents_checks  # noqa: F401
from forge.checks import pdf_contents_check as _contents_check_checks  # noqa: F401
from forge.checks import pdf_convert as _convert_checks  # noqa: F401
from forge.checks import pdf_invoices as _invoice_checks  # noqa: F401
from forge.checks import pdf_layout as _layout_checks  # noqa: F401
from forge.checks import pdf_lines as _line_checks  # noqa: F401
from forge.checks import pdf_marks as _mark_checks  # noqa: F401
from forge.checks import pdf_mentions as _mention_checks  # noqa: F401
from forge.checks import pdf_merge_pages as _merge_page_checks  # noqa: F401
from forge.checks import pdf_moves as _move_checks  # noqa: F401
from forge.checks import pdf_order as _order_checks  # noqa: F401
from forge.checks import pdf_overlay as _overlay_checks  # noqa: F401
from forge.checks import pdf_outline_export as _outline_export_checks  # noqa: F401
from forge.checks import pdf_edits as _edit_checks, pdf_pages as _page_checks  # noqa: F401
from forge.checks import pdf_flatten as _flatten_checks  # noqa: F401
from forge.checks import pdf_forms as _form_checks  # noqa: F401
from forge.checks import pdf_gather as _gather_checks  # noqa: F401
from forge.checks import pdf_index as _index_checks  # noqa: F401
from forge.checks import pdf_padding as _padding_checks  # noqa: F401
from forge.checks import pdf_po_match as _po_match_checks  # noqa: F401
from forge.checks import pdf_price_changes as _price_change_checks  # noqa: F401
from forge.checks import pdf_parts as _part_checks  # noqa: F401
from forge.checks import pdf_properties as _property_checks  # noqa: F401
from forge.checks import pdf_reconcile as _reconcile_checks  # noqa: F401
from forge.checks import pdf_redact as _redact_checks  # noqa: F401
from forge.checks import pdf_replace as _replace_checks  # noqa: F401
from forge.checks import pdf_reports as _report_checks  # noqa: F401
from forge.checks import pdf_scan_gaps as _scan_gap_checks  # noqa: F401
from forge.checks import pdf_search as _search_checks  # noqa: F401
from forge.checks import pdf_structure as _structure_checks  # noqa: F401
from forge.checks import pdf_table_export as _table_export_checks  # noqa: F401
from forge.checks import pdf_timesheets as _timesheet_checks  # noqa: F401
from forge.checks import pdf_receipts as _receipt_checks  # noqa: F401
from preparers import pdf as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv, json as _json  # noqa: F401  (the tables and lists written out)
from preparers.filetypes import pdf as _pdf  # noqa: F401
from preparers.filetypes import text as _text  # noqa: F401
from workflows.pdf import (
    add_contents_page,
    add_letterhead,
    add_outline,
    audit_invoices,
    bookmark_pages,
    check_contents,
    collate_scans,
    combine_bookmarked,
    compare_versions,
    drop_blank_pages,
    expense_receipts,
    extract_pages,
    extract_text,
    fill_form,
    fill_forms_batch,
    find_term,
    flatten_forms,
    folder_report,
    forms_to_table,
    gather_mentions,
    gather_pages,
    index_terms,
    insert_pages,
    invoice_lines,
    invoice_summary,
    invoice_total,
    list_emails,
    mark_pages,
    match_invoices,
    merge,
    merge_ordered,
    metadata,
    minutes_actions,
    move_pages,
    n_up,
    outline_export,
    pad_for_print,
    page_labels,
    price_changes,
    reconcile_statement,
    records_to_pages,
    redact,
    reorder_pages,
    replace_pages,
    resize_pages,
    rotate,
    scan_gaps,
    search_files,
    set_metadata,
    set_properties,
    split_at_separators,
    split_invoices,
    split_parts,
    stamp,
    table_to_csv,
    text_to_pdf,
    timesheet_hours,
)

__all__ = ["add_contents_page", "add_letterhead", "add_outline", "audit_invoices", "bookmark_pages", "check_contents", "collate_scans", "combine_bookmarked", "compare_versions", "drop_blank_pages", "expense_receipts", "extract_pages", "extract_text", "fill_form", "fill_forms_batch", "find_term", "flatten_forms", "folder_report", "forms_to_table", "gather_mentions", "gather_pages", "index_terms", "insert_pages", "invoice_lines", "invoice_summary", "invoice_total", "list_emails", "mark_pages", "match_invoices", "merge", "merge_ordered",
           "metadata", "minutes_actions", "move_pages", "n_up", "outline_export", "pad_for_print", "page_labels", "price_changes", "reconcile_statement", "records_to_pages", "redact", "reorder_pages", "replace_pages", "resize_pages", "rotate", "scan_gaps", "search_files", "set_metadata", "set_properties", "split_at_separators", "split_invoices", "split_parts", "stamp", "table_to_csv", "text_to_pdf", "timesheet_hours"]
