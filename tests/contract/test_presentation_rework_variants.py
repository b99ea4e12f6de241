"""The workflow contract on the presentation families of #10's third wave (bullet levels, key words
emphasized, notes put on the slides, action items gathered, repeats removed, an outline's slides
inserted, bullets sorted by value, agenda numbers, titles filled): the variants test_workflows.py's
one run per family does not reach."""

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
    ("presentation.bullet_levels", {"op": "flatten", "one_slide": True, "in_place": True}),
    ("presentation.emphasize_terms", {"target": "label", "style": "underline", "one_slide": False}),
    ("presentation.notes_to_bullets", {"scope": "all", "by_sentence": True, "clear_notes": True}),
    ("presentation.collect_actions", {"move": True, "with_source": True, "place": "after_agenda"}),
    ("presentation.dedupe_bullets", {"across": True, "loose": True, "in_place": True}),
    ("presentation.outline_slides", {"place": "after_named", "nested": True, "update_agenda": True}),
    ("presentation.sort_by_value", {"key": "date", "descending": True, "in_place": False}),
    ("presentation.fill_titles", {"source": "text_box", "in_place": True}),
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
