"""The workflow contract on the document and presentation families added for #10's breadth (data
slides, heading styles, merge/split, mail merge, ...): one or two variants per family, the ones
whose params change the most (test_workflows.py already runs every family's first skill)."""

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
    ("presentation.table_slide", {"rows": "top", "some_columns": True, "in_place": False}),
    ("presentation.table_slide", {"rows": "where", "some_columns": False, "in_place": True}),
    ("presentation.summary_slide", {"measure": "average", "form": "table", "order": "name"}),
    ("presentation.summary_slide", {"measure": "sum", "form": "bullets", "order": "largest"}),
    ("presentation.duplicate_slide", {"keep_body": False, "at_end": True, "in_place": True}),
    ("presentation.edit_notes", {"op": "replace", "in_place": True}),
    ("presentation.reorder_slides", {"rule": "notes_last", "update_agenda": True, "in_place": False}),
    ("presentation.split_deck", {"by_number": True, "title_slide": True, "in_place": True}),
    ("presentation.split_deck", {"by_number": False, "title_slide": False, "in_place": False}),
    ("document.style_headings", {"cue": "numbered", "title": True, "in_place": False}),
    ("document.style_headings", {"cue": "bold", "title": False, "in_place": True}),
    ("document.mail_merge", {"records": "where", "template": "example"}),
    ("document.mail_merge", {"records": "one", "template": "fields"}),
    ("document.merge_documents", {"place": "before_heading", "other_title": "heading", "in_place": True}),
    ("document.merge_documents", {"place": "end", "other_title": "drop", "in_place": False}),
    ("document.text_to_table", {"header_line": False, "sort": True, "in_place": False}),
    ("document.split_document", {"mode": "cut", "title_line": True}),
    ("document.count_by_section", {"measure": "characters", "order": "largest", "total": True}),
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
