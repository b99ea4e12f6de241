"""The workflow contract on the presentation families of #10's second wave (bullets tidied by a
house rule, a slide's table edited, a slide split or merged, bullets moved into the notes,
pictures' alt text set, bullets and tables converted): the variants test_workflows.py's one run
per family does not reach."""

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
    ("presentation.tidy_bullets", {"rule": "spaces", "one_slide": True, "in_place": True}),
    ("presentation.tidy_bullets", {"rule": "no_blanks", "one_slide": False, "in_place": False}),
    ("presentation.edit_table", {"op": "total", "in_place": True}),
    ("presentation.split_slide", {"op": "split", "by_count": True, "style": "numbered", "in_place": True}),
    ("presentation.split_slide", {"op": "merge", "all_slides": True, "style": "numbered", "in_place": False}),
    ("presentation.bullets_to_notes", {"scope": "over", "keep_notes": False, "in_place": True}),
    ("presentation.alt_text", {"by_number": True, "keep_existing": True, "in_place": False}),
    ("presentation.convert_table", {"to_table": False, "dash": True, "in_place": True}),
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
