"""The workflow contract on the document and presentation families added for #10's breadth:
every value of every axis is tried at least once, for real (gates, sandbox, LibreOffice round
trip), since each value changes the task."""

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
    *[("document.format_paragraphs", {"target": t, "change": c, "in_place": i}) for t, c, i in
      [("title", "center", True), ("headings", "right", False), ("body", "justify", False),
       ("section", "size", True), ("body", "font", False), ("section", "bold", False), ("headings", "italic", True)]],
    *[("presentation.format_text", {"target": t, "change": c, "in_place": i}) for t, c, i in
      [("titles", "bold", True), ("title_slide", "italic", False), ("body", "underline", False),
       ("slide", "size", True), ("titles", "font", False)]],
    *[("document.table_filter", {"condition": c, "in_place": c == "equals"}) for c in
      ["at_least", "below", "equals", "before", "from"]],
    *[("document.table_column", {"operation": o, "in_place": o == "sum"}) for o in ["product", "difference", "sum", "ratio"]],
    ("document.table_top_rows", {"smallest": True, "in_place": True}),
    ("document.table_top_rows", {"smallest": False, "in_place": False}),
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
