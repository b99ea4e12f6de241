"""The workflow contract on the pdf structure families (bookmarks, page labels, page sizes, blank
pages, a batch scan split at its separators, a folder's page-count report), on the variants
test_workflows.py's one run per family does not reach: each a value that changes the task
(another layout, an appendix, a continued volume, a trim in mm, the notice or number-only
pages, separator sheets), for real (gates, sandbox, the reference against the rubric, and the
mutants, plausible wrong answers, caught)."""

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
    ("pdf.add_outline", {"layout": "flat", "in_place": False}),
    ("pdf.add_outline", {"layout": "numbered", "in_place": True}),
    ("pdf.add_outline", {"layout": "nested", "in_place": False}),
    ("pdf.page_labels", {"front_style": "upper", "continues": True, "appendix": True, "in_place": False}),
    ("pdf.page_labels", {"front_style": "lower", "continues": False, "appendix": False, "in_place": True}),
    ("pdf.resize_pages", {"target": "letter", "in_place": False}),
    ("pdf.resize_pages", {"target": "a4", "in_place": True}),
    ("pdf.resize_pages", {"target": "trim", "in_place": False}),
    ("pdf.drop_blank_pages", {"notice_blank": False, "in_place": True}),
    ("pdf.drop_blank_pages", {"notice_blank": True, "in_place": False}),
    ("pdf.drop_blank_pages", {"notice_blank": False, "number_blank": True, "in_place": False}),
    ("pdf.split_at_separators", {"separator": "blank"}),
    ("pdf.split_at_separators", {"separator": "sheet"}),
    ("pdf.folder_report", {"column": "paper", "order": "pages", "total": True}),
    ("pdf.folder_report", {"column": "title", "order": "name", "total": False}),
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
