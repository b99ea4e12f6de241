"""The workflow contract on the spreadsheet families that set up a sheet rather than its values
(notes on flagged cells, sheet tabs arranged, a protected sheet): the variants the contract's one
run per family does not reach - old notes to clear, repeats, blanks and dates as rules, renamed, deleted
and hidden sheets, entry rows and a password - for real (gates, sandbox, LibreOffice round trip)."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("spreadsheet.note_cells", {"rule": "blank", "clear": True, "in_place": True}),
    ("spreadsheet.note_cells", {"rule": "duplicates", "clear": False, "in_place": False}),
    ("spreadsheet.note_cells", {"rule": "before", "clear": True, "in_place": False}),
    ("spreadsheet.arrange_sheets", {"arrangement": "rename_months", "in_place": True}),
    ("spreadsheet.arrange_sheets", {"arrangement": "remove_empty", "in_place": False}),
    ("spreadsheet.arrange_sheets", {"arrangement": "hide", "in_place": False}),
    ("spreadsheet.protect_sheet", {"open_cells": "entry_rows", "with_password": True, "in_place": False}),
    ("spreadsheet.protect_sheet", {"open_cells": "columns", "with_password": False, "in_place": True}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
