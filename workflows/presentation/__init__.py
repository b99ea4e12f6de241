"""The presentation app (plugin `presentation`): pptx decks and their workflows.

Importing it registers the pptx handler, the slides check libraries, the preparer and the
workflows; its skills are `data/skills/presentation.jsonl`.
"""

from forge.checks import slides as _checks  # noqa: F401
from forge.checks import slides_actions as _action_checks  # noqa: F401
from forge.checks import slides_agenda_numbers as _agenda_number_checks  # noqa: F401
from forge.checks import slides_alt_text as _alt_text_checks  # noqa: F401
from forge.checks import slides_appendix as _appendix_checks  # noqa: F401
from forge.checks import slides_assembly as _assembly_checks  # noqa: F401
from forge.checks import slides_collect as _collect_checks  # noqa: F401
from forge.checks import slides_compare as _compare_checks  # noqa: F401
from forge.checks import slides_convert as _convert_checks  # noqa: F401
from forge.checks import slides_decks as _deck_checks  # noqa: F401
from forge.checks import slides_declutter as _declutter_checks  # noqa: F401
from forge.checks import slides_dedupe as _dedupe_checks  # noqa: F401
from forge.checks import slides_edits as _edit_checks  # noqa: F401
from forge.checks import slides_emphasis as _emphasis_checks  # noqa: F401
from forge.checks import slides_from_report as _from_report_checks  # noqa: F401
from forge.checks import slides_font_sizes as _size_checks  # noqa: F401
from forge.checks import slides_fonts as _font_checks  # noqa: F401
from forge.checks import slides_glossary as _glossary_checks  # noqa: F401
from forge.checks import slides_handout as _handout_checks  # noqa: F401
from forge.checks import slides_hidden as _hidden_checks  # noqa: F401
from forge.checks import slides_inventory as _inventory_checks  # noqa: F401
from forge.checks import slides_kpis as _kpi_checks  # noqa: F401
from forge.checks import slides_levels as _level_checks  # noqa: F401
from forge.checks import slides_merge as _merge_checks  # noqa: F401
from forge.checks import slides_merge_rows as _merge_row_checks  # noqa: F401
from forge.checks import slides_notes as _notes_checks  # noqa: F401
from forge.checks import slides_notes_bullets as _notes_bullet_checks  # noqa: F401
from forge.checks import slides_notes_copy as _notes_copy_checks  # noqa: F401
from forge.checks import slides_outline_insert as _outline_insert_checks  # noqa: F401
from forge.checks import slides_pictures as _picture_checks  # noqa: F401
from forge.checks import slides_plain as _plain_checks  # noqa: F401
from forge.checks import slides_presenters as _presenter_checks  # noqa: F401
from forge.checks import slides_prune as _prune_checks  # noqa: F401
from forge.checks import slides_refresh as _refresh_checks  # noqa: F401
from forge.checks import slides_review as _review_checks  # noqa: F401
from forge.checks import slides_running_order as _running_order_checks  # noqa: F401
from forge.checks import slides_script as _script_checks  # noqa: F401
from forge.checks import slides_sections as _section_checks  # noqa: F401
from forge.checks import slides_shared as _shared_checks  # noqa: F401
from forge.checks import slides_sort_values as _sort_value_checks  # noqa: F401
from forge.checks import slides_split as _split_checks  # noqa: F401
from forge.checks import slides_structure as _structure_checks  # noqa: F401
from forge.checks import slides_table_edit as _table_edit_checks  # noqa: F401
from forge.checks import slides_tables as _table_checks  # noqa: F401
from forge.checks import slides_tables_out as _table_out_checks  # noqa: F401
from forge.checks import slides_tidy as _tidy_checks  # noqa: F401
from forge.checks import slides_timeline as _timeline_checks  # noqa: F401
from forge.checks import slides_title_list as _title_list_checks  # noqa: F401
from forge.checks import slides_titles_fill as _title_fill_checks  # noqa: F401
from forge.checks import slides_tracker as _tracker_checks  # noqa: F401
from preparers import presentation as _preparer  # noqa: F401
from preparers.filetypes import csv as _csv  # noqa: F401  (the alt-text list)
from preparers.filetypes import docx as _docx  # noqa: F401  (the report a deck is drafted from)
from preparers.filetypes import pptx as _pptx  # noqa: F401
from preparers.filetypes import text as _text  # noqa: F401  (the md outline)
from preparers.filetypes import xlsx as _xlsx  # noqa: F401  (slide tables taken out to a workbook)
from workflows.presentation import (
    add_slide,
    agenda_from_titles,
    agenda_numbers,
    agenda_order,
    agenda_tracker,
    alt_text,
    append_deck,
    backup_appendix,
    bullet_levels,
    bullets_to_notes,
    clear_formatting,
    collect_actions,
    collect_slides,
    combine_decks,
    compare_slide,
    convert_table,
    copy_notes,
    deck_from_report,
    deck_per_group,
    deck_per_row,
    dedupe_bullets,
    delete_empty_slides,
    duplicate_slide,
    edit_bullets,
    edit_notes,
    edit_table,
    emphasize_terms,
    export_outline,
    fill_titles,
    find_mentions,
    font_sizes,
    footer_stamp,
    format_text,
    glossary_rename,
    handout_docx,
    hidden_slides,
    hide_slides,
    kpi_refresh,
    merge_slides,
    move_slide,
    notes_from_file,
    notes_script,
    notes_to_bullets,
    outline_slides,
    prune_slides,
    refresh_table,
    remove_pictures,
    remove_slide,
    reorder_slides,
    replace_fonts,
    replace_with_options,
    retitle_slides,
    review_deck,
    rows_to_slides,
    running_order,
    section_dividers,
    slide_list,
    sort_by_value,
    speaker_notes,
    split_by_presenter,
    split_deck,
    split_sections,
    split_slide,
    summary_slide,
    sync_shared_slide,
    table_slide,
    tables_to_sheet,
    tidy_bullets,
    timeline_slide,
    titles_from_list,
)

__all__ = [
    "add_slide",
    "agenda_from_titles",
    "agenda_numbers",
    "agenda_order",
    "agenda_tracker",
    "alt_text",
    "append_deck",
    "backup_appendix",
    "bullet_levels",
    "bullets_to_notes",
    "clear_formatting",
    "collect_actions",
    "collect_slides",
    "combine_decks",
    "compare_slide",
    "convert_table",
    "copy_notes",
    "deck_from_report",
    "deck_per_group",
    "deck_per_row",
    "dedupe_bullets",
    "delete_empty_slides",
    "duplicate_slide",
    "edit_bullets",
    "edit_notes",
    "edit_table",
    "emphasize_terms",
    "export_outline",
    "fill_titles",
    "find_mentions",
    "font_sizes",
    "footer_stamp",
    "format_text",
    "glossary_rename",
    "handout_docx",
    "hidden_slides",
    "hide_slides",
    "kpi_refresh",
    "merge_slides",
    "move_slide",
    "notes_from_file",
    "notes_script",
    "notes_to_bullets",
    "outline_slides",
    "prune_slides",
    "refresh_table",
    "remove_pictures",
    "remove_slide",
    "reorder_slides",
    "replace_fonts",
    "replace_with_options",
    "retitle_slides",
    "review_deck",
    "rows_to_slides",
    "running_order",
    "section_dividers",
    "slide_list",
    "sort_by_value",
    "speaker_notes",
    "split_by_presenter",
    "split_deck",
    "split_sections",
    "split_slide",
    "summary_slide",
    "sync_shared_slide",
    "table_slide",
    "tables_to_sheet",
    "tidy_bullets",
    "timeline_slide",
    "titles_from_list",
]
