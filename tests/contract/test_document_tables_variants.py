"""The workflow contract on the document families added for #10's table, list, outline, styling
and redaction work (a share, rank or running total column; a date part column; a table turned
into text; a list sorted; headings re-levelled; paragraphs restyled by a rule; contact details
redacted): the variants that test_workflows.py's one run per family does not reach, chosen
where the params change the reference's path the most (a grouped running total, days to a
stated day, rows as labelled bullets, people by surname, sections nested, quotations put in
italics, both kinds redacted in the header and footer too)."""

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
    ("document.table_share", {"operation": "running_total", "grouped": True, "in_place": True}),
    ("document.table_share", {"operation": "percent_of_total", "grouped": False, "in_place": False}),
    ("document.table_date_part", {"part": "days_until", "in_place": False}),
    ("document.sort_list", {"key": "surname", "descending": False, "in_place": True}),
    ("document.redact_contacts", {"kinds": "both", "margins": True, "in_place": False}),
    ("document.table_to_text", {"shape": "bullets", "in_place": True}),
    ("document.relevel_headings", {"op": "nest", "in_place": False}),
    ("document.restyle_by_rule", {"rule": "quoted", "change": "italic", "in_place": True}),
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
