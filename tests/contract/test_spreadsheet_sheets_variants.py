"""The workflow contract on the spreadsheet families that set up a sheet rather than its values
(notes on flagged cells, sheet tabs arranged, a protected sheet): the variants the contract's one
run per family does not reach - old notes to clear, repeats, blanks and dates as rules, renamed, deleted
and hidden sheets, entry rows and a password - for real (gates, sandbox, LibreOffice round trip)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
         require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]

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


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, seeds=(0,),
                                      libreoffice_profiles=libreoffice_profiles)
    assert report.roundtrip and len(report.bundle_ids) == 1
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
