"""The workflow contract on the document families added for #10's cleanup and structure work
(tidy a draft, convert a list, sort sections, a glossary, one date format): the variants that
test_workflows.py's one run per family does not reach, chosen where the params change the
input's mess or the reference's path the most."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from forge.testing import assert_workflow_contract
from tests.conftest import require

NEEDS = [require(shutil.which("bwrap") is not None, "bubblewrap (bwrap) is not installed"),
         require(shutil.which("soffice") is not None, "LibreOffice (soffice) is not installed")]

# Probes edit the paragraphs a task added or changed; a sort or a removal changes none (the
# checks' boundary cases cover those), so only the families whose text changes must meet one.
MOVES_ONLY = {"document.sort_sections"}

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("document.tidy_draft", {"fix": "all", "in_place": True}),
    ("document.convert_list", {"source": "typed_numbers", "kind": "number", "in_place": False}),
    ("document.convert_list", {"source": "numbers", "kind": "bullet", "in_place": True}),
    ("document.sort_sections", {"key": "date", "descending": True, "appendix": True, "in_place": True}),
    ("document.glossary", {"form": "table", "order": "alphabetical", "separate": True, "in_place": False}),
    ("document.glossary", {"form": "list", "order": "appearance", "separate": False, "in_place": True}),
    ("document.date_format", {"fmt": "weekday_long", "mixed": True, "in_place": False}),
    ("document.date_format", {"fmt": "uk_numeric", "mixed": False, "in_place": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, seeds=(0,),
                                      libreoffice_profiles=libreoffice_profiles)
    assert report.roundtrip and len(report.bundle_ids) == 1
    assert report.mutations() or name in MOVES_ONLY
    assert all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
