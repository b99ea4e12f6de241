"""The workflow contract on the code, files and multi-app families added for #10's breadth: one or
two variants per family, for real (gates, sandbox, LibreOffice round trip), chosen where a value
changes the task most (test_workflows.py runs every family once more on its first skill)."""

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
    ("code.extract_function", {"extraction": "stats.count_values", "with_test": True}),
    ("code.missing_file", {"format": "ini", "behaviour": "fill"}),
    ("code.add_caching", {"function": "schedule.end_time", "bounded": True}),
    ("code.pyproject_edit", {"change": "optional"}),
    ("code.add_cli_option", {"option": "at_least"}),
    ("files.flatten_tree", {"naming": "on_clash", "mode": "copy", "one_type": True}),
    ("files.flatten_tree", {"naming": "prefix", "mode": "move_remove_folders", "one_type": False}),
    ("files.split_batches", {"order": "date", "photos_only": True, "mode": "move"}),
    ("files.dedupe_by_rule", {"keep": "shallowest", "action": "move"}),
    ("multi.slide_index.to_xlsx", {"extra": "bullets", "skip_title_slide": True}),
    ("multi.slide_index.to_csv", {"extra": "notes", "skip_title_slide": False}),
    ("multi.config_to_document", {"one_section": True, "order": "alphabetical", "yes_no": True}),
    ("multi.docstrings_to_markdown", {"whole_package": True, "signature": True, "order": "alphabetical"}),
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
