"""The workflow contract on the deck-assembly families (#10): the variants test_workflows.py's one
run per family does not reach, each a value that changes the task (named or topic slides, before
the closing slide, a skipped title slide, 'Slide N of M', bullet edits (insert after, remove, move, reword, sort), one category's rows
with named columns), for real (gates, sandbox, LibreOffice round trip, mutants caught)."""

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
    ("presentation.append_deck", {"which": "named", "before_closing": True, "in_place": False}),
    ("presentation.append_deck", {"which": "topics", "before_closing": False, "in_place": True}),
    ("presentation.footer_stamp", {"stamp": "number_of", "skip_title": True, "in_place": False}),
    ("presentation.footer_stamp", {"stamp": "text", "skip_title": False, "in_place": True}),
    ("presentation.edit_bullets", {"edit": "insert_after", "in_place": False}),
    ("presentation.edit_bullets", {"edit": "remove", "in_place": True}),
    ("presentation.edit_bullets", {"edit": "move_last", "in_place": False}),
    ("presentation.edit_bullets", {"edit": "replace", "in_place": True}),
    ("presentation.edit_bullets", {"edit": "sort", "in_place": False}),
    ("presentation.rows_to_slides", {"rows": "where", "some_columns": True, "in_place": False}),
    ("presentation.rows_to_slides", {"rows": "all", "some_columns": False, "in_place": True}),
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
