"""The workflow contract on #10's text families that lay text out anew, on the variants
test_workflows.py's one run per family does not reach: a semicolon table with decimal commas in a
+---+ grid with its numbers right-aligned; four dated notes combined newest first under a new title
with rules between them; a snippet's code-viewer line numbers stripped in place; a Java log's errors
counted per exception type; an article's named footnotes numbered under a Notes heading in place. For
real (gates, sandbox, LibreOffice round trip, and every mutant of the answer caught)."""

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
    ("text.align_columns", {"delimiter": "semicolon", "frame": "grid", "right_numbers": True}),
    ("text.combine_files", {"kind": "weekly", "demote": True, "rule": True}),
    ("text.line_numbers", {"operation": "remove", "style": "pipe", "in_place": True}),
    ("text.log_tracebacks", {"flavor": "java", "form": "counts"}),
    ("text.footnotes", {"operation": "renumber", "named": True, "notes_heading": True, "in_place": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(f"{k}={val}" for k, val in v.items()))
def test_variant_meets_the_contract(name: str, params: dict[str, Any], tmp_path: Path,
                                    libreoffice_profiles: Path) -> None:
    report = assert_workflow_contract(name, tmp_path, skill_params=params, libreoffice_profiles=libreoffice_profiles)
    assert report.roundtrip and len(set(report.bundle_ids)) == 2
    assert report.mutations() and all(v == "caught" for v in report.mutations().values())


for mark in NEEDS:
    test_variant_meets_the_contract = mark(test_variant_meets_the_contract)
