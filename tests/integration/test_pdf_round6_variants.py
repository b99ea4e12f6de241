"""The workflow contract on the round-6 pdf families' variants the contract's one run does not reach
(each line says what it reaches), for real: gates, sandbox, the reference against the rubric, the
mutants caught."""

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
    ("pdf.gather_pages", {"continued": True, "summary": True, "order": "newest"}),  # run-on pages, summaries first
    ("pdf.gather_pages", {"continued": False, "summary": False, "order": "oldest"}),  # one page a site a month
    ("pdf.flatten_forms", {"sorted": False, "skip_incomplete": False}),  # as listed, the incomplete form kept
    ("pdf.flatten_copies", {"in_place": True}),  # each form flattened over itself
    ("pdf.match_invoices", {"match": "all", "within": True, "report": "reasons"}),  # the near one let through
    ("pdf.price_changes", {"change": "rises", "order": "rise"}),  # over a threshold, the rise rounded, largest first
    ("pdf.reconcile_statement", {"find": "mismatched", "report": "total"}),  # the differences summed, bank minus books
    ("pdf.timesheet_hours", {"measure": "overtime", "most_first": True, "total_row": True}),  # past the limit, summed
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
