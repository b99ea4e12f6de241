"""docs/reference/ is generated from the registries and must match them (`forge docs` rewrites it)."""

from __future__ import annotations

from pathlib import Path

from forge.checks import CHECKS
from forge.cli.docgen import render, write_reference
from forge.filetypes import FILE_TYPES
from forge.views import VIEWS
from workflows import WORKFLOWS

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "reference"


def test_committed_reference_matches_the_registries() -> None:
    stale = write_reference(REFERENCE, check=True)
    assert not stale, f"run `forge docs`: these pages are out of date: {[p.name for p in stale]}"


def test_every_registered_thing_is_on_a_page() -> None:
    pages = render()
    for registry, page in [(CHECKS, "checks.md"), (FILE_TYPES, "file-types.md"), (VIEWS, "views.md"),
                           (WORKFLOWS, "workflows.md")]:
        missing = [name for name in registry if f"`{name}`" not in pages[page]]
        assert not missing, f"{page} lacks {missing}"


def test_check_writes_nothing_and_reports_what_differs(tmp_path: Path) -> None:
    assert len(write_reference(tmp_path, check=True)) == len(render()) and not any(tmp_path.iterdir())
    assert len(write_reference(tmp_path)) == len(render())
    (tmp_path / "checks.md").write_text("edited by hand\n")
    assert [p.name for p in write_reference(tmp_path, check=True)] == ["checks.md"]


def test_the_workflows_page_indexes_families_by_the_files_they_write() -> None:
    index = render()["workflows.md"].split("## By the files they write", 1)[1]
    rows = {line.split(" | ")[0].strip("| `"): line for line in index.splitlines() if line.startswith("| `")}
    for name, flow in WORKFLOWS.items():
        written = {s.type for s in flow.spec.files if s.role != "input"}
        for file_type in {s.type for s in flow.spec.files}:
            listed = f"`{name}`" in rows.get(file_type, "")
            assert listed == (file_type in written), f"{name} and {file_type}: listed={listed}"
