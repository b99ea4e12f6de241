"""The workflow contract on the multi-app families of #10's second round (duplicates dropped and
computed columns on a table's way between apps, a folder renamed from a list, a table put on a
slide, a deck from a markdown outline): the variants test_workflows.py's run on each family's first
skill does not reach, for real (gates, sandbox, LibreOffice round trip)."""

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
    ("multi.table_deduped.docx_to_xlsx", {"match": "key_any_case", "keep": "last"}),
    ("multi.table_derived.pdf_to_csv", {"operation": "ratio"}),
    ("multi.table_derived.xlsx_to_docx", {"operation": "difference"}),
    ("multi.renamed_from_list.xlsx", {"keep_extension": True, "stale_rows": True, "copies": True}),
    ("multi.renamed_from_list.csv", {"keep_extension": False, "stale_rows": True, "copies": False}),
    ("multi.table_slide.xlsx", {"rows": "top", "some_columns": True, "in_place": True}),
    ("multi.table_slide.pdf", {"rows": "where", "some_columns": False, "in_place": False}),
    ("multi.markdown_to_deck", {"title_slide": False, "parts": True, "notes": True}),
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
