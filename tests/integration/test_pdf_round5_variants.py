"""The workflow contract on the round-5 pdf families' variants the contract's one run does not reach
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
    ("pdf.replace_pages", {"match": "headings", "count": 2, "in_place": True}),  # sent back out of order
    ("pdf.replace_pages", {"match": "last", "in_place": False}),  # the signed approval page
    ("pdf.move_pages", {"by": "headings", "move": "after", "in_place": False}),  # a section after another
    ("pdf.move_pages", {"by": "pages", "move": "swap", "in_place": True}),  # two pages swapped in place
    ("pdf.forms_to_table", {"columns": "named", "sorted": True, "skip_incomplete": True}),  # incomplete left out
    ("pdf.forms_to_table", {"columns": "all", "sorted": False, "skip_incomplete": False}),  # empty cell kept
    ("pdf.records_to_pages", {"kind": "letter", "attended_only": True, "sorted": True}),  # attendees A-Z
    ("pdf.records_to_pages", {"kind": "certificate", "attended_only": False, "sorted": False}),  # everyone
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
