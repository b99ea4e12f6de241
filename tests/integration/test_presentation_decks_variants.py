"""The workflow contract on the whole-deck families (#10): three team decks combined, a deck split
by section, a slide's table refreshed from an export, a template deck merged per CSV row. The
variants test_workflows.py's one run per family does not reach, each a value that changes the task
(dividers or a cover instead of the title slides, A-Z into the first deck; the parts without their
dividers, framed by title and closing slides; the export's rows exactly, from an export with more
columns, in place; one date's rows with notes and gaps), for real (gates, sandbox, LibreOffice
round trip, mutants caught)."""

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
    ("presentation.combine_decks", {"opener": "section", "alphabetical": True, "in_place": True}),
    ("presentation.combine_decks", {"opener": "cover", "alphabetical": False, "in_place": False}),
    ("presentation.split_sections", {"keep_divider": False, "title_slide": True, "closing": True}),
    ("presentation.split_sections", {"keep_divider": True, "title_slide": False, "closing": False}),
    ("presentation.refresh_table", {"rows": "rows", "extra_columns": True, "in_place": True}),
    ("presentation.refresh_table", {"rows": "values", "extra_columns": False, "in_place": False}),
    ("presentation.deck_per_row", {"some_rows": True, "with_notes": True, "blanks": True}),
    ("presentation.deck_per_row", {"some_rows": False, "with_notes": False, "blanks": False}),
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
