"""The text app (plugin `text`): notes, READMEs, logs and INI configs, and their workflows.

Importing it registers the txt/md handlers, the text check libraries, the preparer and the
workflows; its skills are `data/skills/text.jsonl`.
"""

from forge.checks import records as _records, text as _checks, text_reports as _reports  # noqa: F401
from forge.checks import config_files as _config_files, text_logs as _text_logs  # noqa: F401
from forge.checks import text_markdown as _text_markdown  # noqa: F401
from forge.checks import text_changelog as _text_changelog, text_templates as _text_templates  # noqa: F401
from forge.checks import text_tables as _text_tables  # noqa: F401
from forge.checks import text_lists as _text_lists, text_outline as _text_outline  # noqa: F401
from forge.checks import text_links as _text_links, text_replace as _text_replace  # noqa: F401
from forge.checks import text_list_format as _text_list_format, text_wrap as _text_wrap  # noqa: F401
from forge.checks import text_merge as _text_merge  # noqa: F401
from forge.checks import text_sections as _text_sections, text_table_columns as _text_table_columns  # noqa: F401
from forge.checks import text_columns as _text_columns, text_combine as _text_combine  # noqa: F401
from forge.checks import text_log_entries as _text_log_entries, text_numbering as _text_numbering  # noqa: F401
from forge.checks import text_case as _text_case, text_footnotes as _text_footnotes  # noqa: F401
from forge.checks import text_fixed_width as _text_fixed_width, text_table_export as _text_table_export  # noqa: F401
from forge.checks import text_compare as _text_compare, text_records as _text_records  # noqa: F401
from forge.checks import text_indent as _text_indent  # noqa: F401
from forge.checks import text_crontab as _text_crontab, text_hosts as _text_hosts  # noqa: F401
from forge.checks import text_lint as _text_lint, text_requirements as _text_requirements  # noqa: F401
from forge.checks import text_subtitles as _text_subtitles, text_word_counts as _text_word_counts  # noqa: F401
from forge.checks import text_progress as _text_progress, text_redact as _text_redact  # noqa: F401
from forge.checks import text_log_split as _text_log_split, text_split as _text_split  # noqa: F401
from forge.checks import text_env_sync as _text_env_sync  # noqa: F401
from forge.checks import text_translations as _text_translations  # noqa: F401
from forge.checks import text_translations_report as _text_translations_report  # noqa: F401
from forge.checks import text_dates as _text_dates, text_table_total as _text_table_total  # noqa: F401
from forge.checks import text_log_pivot as _text_log_pivot  # noqa: F401
from preparers import text as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv, text as _text  # noqa: F401
from workflows.text import (  # noqa: F401  (register on import)
    align_columns,
    changelog_entry,
    checklist_progress,
    combine_files,
    compare_lists,
    config_convert,
    config_edit,
    crontab_edit,
    csv_to_markdown,
    dedupe_lines,
    env_sync,
    extract_values,
    find_replace,
    fixed_width_csv,
    footnotes,
    front_matter,
    heading_case,
    heading_levels,
    heading_numbers,
    hosts_edit,
    ini_edit,
    line_numbers,
    list_convert,
    log_filter,
    log_levels,
    log_per_hour,
    log_pivot,
    log_query,
    log_split,
    log_to_csv,
    log_tracebacks,
    markdown_links,
    markdown_lint,
    markdown_toc,
    merge_notes,
    normalise_dates,
    readme_sections,
    records_table,
    redact,
    reindent,
    requirements_edit,
    section_words,
    sort_lines,
    split_sections,
    subtitles,
    table_columns,
    table_export,
    table_sort,
    table_total,
    template_fill,
    term_list,
    translations_report,
    translations_sync,
    todo_checklist,
    todo_tick,
    whitespace_cleanup,
    word_frequency,
    wrap_paragraphs,
)

__all__ = ["align_columns", "changelog_entry", "checklist_progress", "combine_files", "compare_lists",
           "config_convert", "config_edit", "crontab_edit", "csv_to_markdown", "dedupe_lines", "env_sync",
           "extract_values", "find_replace", "fixed_width_csv", "footnotes", "front_matter", "heading_case",
           "heading_levels", "heading_numbers", "hosts_edit", "ini_edit", "line_numbers", "list_convert",
           "log_filter", "log_levels", "log_per_hour", "log_pivot", "log_query", "log_split", "log_to_csv",
           "log_tracebacks", "markdown_links", "markdown_lint", "markdown_toc", "merge_notes", "normalise_dates",
           "readme_sections", "records_table", "redact", "reindent", "requirements_edit", "section_words",
           "sort_lines", "split_sections", "subtitles", "table_columns", "table_export", "table_sort", "table_total",
           "template_fill", "term_list", "todo_checklist", "todo_tick", "translations_report", "translations_sync",
           "whitespace_cleanup", "word_frequency", "wrap_paragraphs"]
