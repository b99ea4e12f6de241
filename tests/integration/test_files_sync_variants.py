"""The workflow contract on the files sync families (#10): the variants test_workflows.py's one run
per family does not reach, each a value that changes the task (a copy updated with new files only and
its extras moved aside without temp files, or mirrored exactly; a tar.gz with a wrapping folder
stripped, junk skipped and the archive removed, or a loose zip unpacked whole and kept; one type
converted to CRLF and UTF-8 with final line breaks, or every type to LF alone; the latest numbered
versions copied under plain names; photo folders merged by moving, the larger file kept on a clash),
for real (gates, sandbox, mutants caught)."""

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
    ("files.mirror_folder", {"update": "new_only", "extras": "move", "skip_temp": True}),
    ("files.mirror_folder", {"update": "new_and_changed", "extras": "delete", "skip_temp": False}),
    ("files.unpack_archive", {"format": "tar.gz", "wrapped": True, "skip_junk": True, "remove_archive": True}),
    ("files.unpack_archive", {"format": "zip", "wrapped": False, "skip_junk": False, "remove_archive": False}),
    ("files.text_endings", {"endings": "crlf", "one_type": True, "to_utf8": True, "final_newline": True}),
    ("files.text_endings", {"endings": "lf", "one_type": False, "to_utf8": False, "final_newline": False}),
    ("files.latest_versions", {"scheme": "number", "action": "current"}),
    ("files.merge_folders", {"clash": "keep_larger", "mode": "move"}),
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
