"""The workflow contract on the round-4 pdf families' variants the contract's one run does not reach:
properties taken from page 1 (saved over the file) or scrubbed; a scan reordered by its contents
page with a sheet fed twice, or by its heading numbers; invoices summed up with net and tax, only
those due before a day, with a total row, or by due date; a numbered contents page after a cover;
the addresses outside the host's domain, A-Z, from a list with repeats and capitals; for real
(gates, sandbox, the reference against the rubric, the mutants caught)."""

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
    ("pdf.set_properties", {"change": "title_from_page", "in_place": True}),
    ("pdf.set_properties", {"change": "scrub", "in_place": False}),
    ("pdf.reorder_pages", {"by": "contents", "duplicate": True, "in_place": True}),
    ("pdf.reorder_pages", {"by": "heading_number", "duplicate": False, "in_place": False}),
    ("pdf.invoice_summary", {"columns": "breakdown", "order": "total", "overdue": True, "total": True}),
    ("pdf.invoice_summary", {"columns": "due", "order": "date", "overdue": False, "total": False}),
    ("pdf.add_contents_page", {"cover": True, "numbered": True, "in_place": False}),
    ("pdf.list_emails", {"scope": "external", "order": "alpha", "messy": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, seeds=(0,),
                                      libreoffice_profiles=libreoffice_profiles)
    assert len(report.bundle_ids) == 1
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
