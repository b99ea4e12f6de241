"""The workflow contract on #10's text families for admin files, requirements, markdown lint,
subtitles and word counts, on the variants test_workflows.py's one run per family does not reach: a
crontab job moved to run every few minutes in place, a commented-out job switched back on into a
new file; a site blocked in a hosts file in place; a contributor guide's ordered lists renumbered in
place, its indented code blocks fenced into a new file; a requirements file sorted in place;
subtitles shifted after an inserted clip, in place; a report's headings over a word limit as a
table. For real (gates, sandbox, and every mutant of the answer caught)."""

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
    ("text.crontab_edit", {"operation": "reschedule", "kind": "every", "in_place": True}),
    ("text.crontab_edit", {"operation": "enable", "in_place": False}),
    ("text.hosts_edit", {"operation": "block", "in_place": True}),
    ("text.markdown_lint", {"rule": "ordered", "in_place": True}),
    ("text.markdown_lint", {"rule": "fences", "in_place": False}),
    ("text.requirements_edit", {"operation": "sort", "in_place": True}),
    ("text.subtitles", {"operation": "shift_from", "later": True, "in_place": True}),
    ("text.section_words", {"scope": "headings", "mode": "over", "table": True}),
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
