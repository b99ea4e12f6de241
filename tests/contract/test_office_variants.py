"""The workflow contract on the office families' skill variants (#10): every value of every
matrix axis (operation, messy input, order, scope, in place vs a new file ...) is tried at least
once, for real (gates, sandbox, LibreOffice round trip), since each value changes the task."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("spreadsheet.summary_sheet", {"aggregate": "count", "order": "group", "messy": True, "in_place": True}),
    ("spreadsheet.summary_sheet", {"aggregate": "average", "order": "value_desc", "messy": False, "in_place": False}),
    ("spreadsheet.summary_sheet", {"aggregate": "max", "order": "any"}),
    ("spreadsheet.summary_sheet", {"aggregate": "sum"}),
    *[("spreadsheet.clean_column", {"operation": op}) for op in
      ["trim", "upper", "title", "date_text", "number_text", "fill_down", "fill_zero"]],
    ("spreadsheet.share_column", {"operation": "percent_of_total", "grouped": True, "in_place": True}),
    ("spreadsheet.share_column", {"operation": "rank_desc", "grouped": False}),
    ("spreadsheet.share_column", {"operation": "rank_asc", "grouped": True}),
    ("spreadsheet.share_column", {"operation": "running_total", "grouped": True}),
    ("spreadsheet.remove_duplicates", {"by": "row", "messy": True}),
    ("spreadsheet.remove_duplicates", {"by": "id", "keep": "first", "messy": False, "in_place": True}),
    ("spreadsheet.remove_duplicates", {"by": "id", "keep": "last", "messy": True}),
    ("spreadsheet.lookup_column", {"gaps": True, "messy": True, "in_place": True}),
    ("spreadsheet.lookup_column", {"gaps": False, "messy": False}),
    ("spreadsheet.consolidate_sheets", {"source_column": True, "in_place": True}),
    ("spreadsheet.consolidate_sheets", {"source_column": False}),
    *[("spreadsheet.split_column", {"pattern": p, "keep_original": k}) for p, k in
      [("first_last", True), ("last_comma_first", False), ("code_number", True), ("city_region", False)]],
    *[("spreadsheet.date_parts", {"part": p, "text_dates": t}) for p, t in
      [("year", True), ("month_name", False), ("quarter", True), ("weekday", False), ("days_until", True)]],
    *[("spreadsheet.conditional_total", {"aggregate": a, "condition": c}) for a, c in
      [("count", "equals"), ("sum", "at_least"), ("average", "in_month")]],
    *[("spreadsheet.crosstab", {"aggregate": a, "totals": t}) for a, t in [("count", True), ("sum", False),
                                                                           ("average", True)]],
    ("spreadsheet.share_column", {"operation": "percent_of_total", "text_amounts": True}),
    ("spreadsheet.conditional_total", {"condition": "equals", "messy": True}),
    ("spreadsheet.conditional_total", {"condition": "at_least", "messy": True}),
    ("spreadsheet.conditional_total", {"condition": "in_month", "messy": True}),
    ("spreadsheet.crosstab", {"messy": True, "totals": True}),
    ("spreadsheet.band_column", {"text_amounts": True}),
    ("spreadsheet.subtotals", {"aggregate": "sum", "grand_total": True, "presorted": False}),
    ("spreadsheet.subtotals", {"aggregate": "average", "presorted": True, "in_place": True}),
    ("spreadsheet.subtotals", {"aggregate": "count", "grand_total": False}),
    ("spreadsheet.unpivot", {"by_column": True, "skip_blank": True}),
    ("spreadsheet.unpivot", {"by_column": False, "skip_blank": False, "in_place": True}),
    ("spreadsheet.top_rows", {"smallest": False, "grouped": True}),
    ("spreadsheet.top_rows", {"smallest": True, "grouped": False, "in_place": True}),
    ("spreadsheet.band_column", {"bands": 2}),
    ("spreadsheet.band_column", {"bands": 3, "in_place": True}),
    ("spreadsheet.sort_two_keys", {"second_type": "date", "first_descending": True, "second_descending": False}),
    ("spreadsheet.sort_two_keys", {"second_type": "number", "first_descending": False, "second_descending": True}),
    ("document.number_headings", {"form": "dot", "in_place": True}),
    ("document.number_headings", {"form": "section"}),
    ("document.make_list", {"kind": "bullet", "one_paragraph": True}),
    ("document.make_list", {"kind": "number", "one_paragraph": False, "in_place": True}),
    *[("document.emphasize_term", {"format": f}) for f in ["bold", "italic", "underline"]],
    *[("document.rearrange_sections", {"op": op}) for op in ["remove", "move_before", "move_to_end", "demote"]],
    *[("document.replace_with_options", {"whole_word": w, "match_case": c}) for w, c in [(True, True), (False, False)]],
    *[("document.sort_table", {"key_type": k, "descending": d}) for k, d in [("number", True), ("date", False),
                                                                             ("text", False)]],
    *[("document.table_total", {"aggregate": a}) for a in ["sum", "average", "max", "min"]],
    ("presentation.retitle_slides", {"rule": "title_case", "in_place": True}),
    ("presentation.retitle_slides", {"rule": "number"}),
    ("presentation.retitle_slides", {"rule": "sentence_case"}),
    ("presentation.retitle_slides", {"rule": "upper", "in_place": True}),
    *[("presentation.replace_with_options", {"whole_word": w, "match_case": c}) for w, c in [(True, False),
                                                                                            (False, True)]],
    ("presentation.delete_empty_slides", {"title_only": True}),
    ("presentation.delete_empty_slides", {"title_only": False, "in_place": True}),
    ("presentation.agenda_order", {"in_place": True}),
    ("presentation.export_outline", {"with_notes": True}),
    ("presentation.export_outline", {"with_notes": False}),
    ("presentation.notes_from_file", {"in_place": False, "by_number": True}),
    ("presentation.notes_from_file", {"by_number": False}),
    ("presentation.hide_slides", {"which": "named"}),
    ("presentation.hide_slides", {"which": "backup", "in_place": True}),
    ("presentation.agenda_from_titles", {"agenda": "stale"}),
    ("presentation.agenda_from_titles", {"agenda": "missing"}),
    *[("pdf.extract_pages", {"mode": m, "in_place": i}) for m, i in
      [("keep", True), ("remove", False), ("reverse", True), ("containing", False), ("not_containing", True)]],
    *[("pdf.extract_text", {"span": s}) for s in ["all", "range", "page"]],
    *[("pdf.find_term", {"report": r}) for r in ["pages", "count", "first"]],
    *[("pdf.insert_pages", {"where": w}) for w in ["start", "after", "end"]],
    ("pdf.collate_scans", {"reversed": True}),
    ("pdf.collate_scans", {"reversed": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
