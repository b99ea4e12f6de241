"""The document app (plugin `document`): docx reports, memos and letters, and their workflows.

Importing it registers the docx handler, the document check libraries, the preparer and the
workflows; its skills are `data/skills/document.jsonl`.
"""

from forge.checks import document as _checks  # noqa: F401
from forge.checks import document_actions as _action_checks  # noqa: F401
from forge.checks import document_captions as _caption_checks  # noqa: F401
from forge.checks import document_case as _case_checks  # noqa: F401
from forge.checks import document_compile as _compile_checks  # noqa: F401
from forge.checks import document_dates as _date_checks  # noqa: F401
from forge.checks import document_edits as _edit_checks  # noqa: F401
from forge.checks import document_layout as _layout_checks  # noqa: F401
from forge.checks import document_lists as _list_checks  # noqa: F401
from forge.checks import document_merge as _merge_checks  # noqa: F401
from forge.checks import document_order as _order_checks  # noqa: F401
from forge.checks import document_page_setup as _page_setup_checks  # noqa: F401
from forge.checks import document_outline as _outline_checks  # noqa: F401
from forge.checks import document_redact as _redact_checks  # noqa: F401
from forge.checks import document_refresh as _refresh_checks  # noqa: F401
from forge.checks import document_refs as _ref_checks  # noqa: F401
from forge.checks import document_restyle as _restyle_checks  # noqa: F401
from forge.checks import document_stats as _stats_checks  # noqa: F401
from forge.checks import document_structure as _structure_checks  # noqa: F401
from forge.checks import document_terms as _term_checks  # noqa: F401
from forge.checks import document_table_text as _table_text_checks  # noqa: F401
from forge.checks import document_tidy as _tidy_checks  # noqa: F401
from forge.checks import document_word_list as _word_list_checks  # noqa: F401
from preparers import document as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv  # noqa: F401  (the mail-merge lists and count reports)
from preparers.filetypes import docx as _docx  # noqa: F401
from workflows.document import (
    action_items,
    add_section,
    apply_word_list,
    compile_report,
    convert_list,
    count_by_section,
    date_format,
    emphasize_term,
    footnotes,
    format_paragraphs,
    glossary,
    header_footer,
    hyperlinks,
    landscape_pages,
    mail_merge,
    make_list,
    merge_documents,
    number_captions,
    number_headings,
    page_breaks,
    page_setup,
    rearrange_sections,
    recase_headings,
    redact_contacts,
    refresh_table,
    relevel_headings,
    replace_text,
    replace_with_options,
    restyle_by_rule,
    sort_list,
    sort_sections,
    sort_table,
    sort_table_two_keys,
    split_document,
    stack_tables,
    strip_notes,
    style_headings,
    table_anonymise,
    table_band,
    table_changes,
    table_clean_column,
    table_column,
    table_crosstab,
    table_date_part,
    table_dedupe,
    table_fill_blanks,
    table_filter,
    table_latest,
    table_lookup,
    table_of_contents,
    table_quarantine,
    table_round,
    table_share,
    table_split_column,
    table_subtotals,
    table_summary,
    table_to_text,
    table_top_rows,
    table_total,
    table_unpivot,
    table_validate,
    text_to_table,
    tidy_draft,
)

__all__ = ["action_items", "add_section", "apply_word_list", "compile_report", "convert_list",
           "count_by_section", "date_format", "emphasize_term", "footnotes", "format_paragraphs", "glossary",
           "header_footer", "hyperlinks", "landscape_pages", "mail_merge", "make_list", "merge_documents",
           "number_captions", "number_headings", "page_breaks", "page_setup", "rearrange_sections",
           "recase_headings", "redact_contacts", "refresh_table", "relevel_headings", "replace_text",
           "replace_with_options", "restyle_by_rule", "sort_list", "sort_sections", "sort_table",
           "sort_table_two_keys", "split_document", "stack_tables", "strip_notes", "style_headings",
           "table_anonymise", "table_band", "table_changes", "table_clean_column", "table_column",
           "table_crosstab", "table_date_part", "table_dedupe", "table_fill_blanks", "table_filter",
           "table_latest", "table_lookup", "table_of_contents", "table_quarantine", "table_round",
           "table_share", "table_split_column", "table_subtotals", "table_summary", "table_to_text",
           "table_top_rows", "table_total", "table_unpivot", "table_validate", "text_to_table", "tidy_draft"]
