"""The rule-based files families and the multi-app table hops: each skill param changes what the task
asks (instruction, params, check options), the hop families are one per (operation, source, target)
with that pair's file types and apps, and the empty-folder rule of `tree.cleaned_up` (a case the
boundary contract cannot write: its job files are files only)."""

from __future__ import annotations

from pathlib import Path

import pytest

import workflows  # noqa: F401  (registers every family)
from forge.checks import CHECKS
from forge.checks.state import FinalState
from forge.models import Skill
from preparers.filetypes.tree import pack_tree
from workflows import WORKFLOWS
from workflows.multi._hop import FORMATS, PAIRS
from workflows.multi.table_hops import FAMILIES


def _bundle(name: str, seed: int = 0, **params: object):
    app = WORKFLOWS.get(name).apps[0]
    skill = Skill(id=f"{app}.test.case", apps=WORKFLOWS.get(name).apps, category=f"{app}.test",
                  description="test", workflow=name, params=params)
    return WORKFLOWS.get(name).build(skill, seed)


def _options(bundle) -> dict:
    return bundle.rubric.checks[0].options


@pytest.mark.parametrize(("name", "param", "values", "option"), [
    ("files.sort_by_rule", "rule", ["extension", "year", "year_month", "size_band"], "rule"),
    ("files.sort_by_rule", "mode", ["move", "copy"], "mode"),
    ("files.rename_by_rule", "rule", ["photo_moment", "lower_snake", "numbered"], "rule"),
    ("files.archive_files", "format", ["zip", "tar.gz", "tar"], "format"),
    ("files.archive_files", "select", ["all", "extension", "larger_than", "year"], "select"),
    ("files.archive_files", "remove_originals", [False, True], "remove_originals"),
    ("files.clean_up", "empty_dirs", [False, True], "empty_dirs"),
])
def test_a_files_param_reaches_the_check_and_the_instruction(name: str, param: str, values: list, option: str) -> None:
    instructions = set()
    for value in values:
        for seed in range(3):
            bundle = _bundle(name, seed, **{param: value, **({"temp_files": True} if name == "files.clean_up" else {})})
            assert _options(bundle)[option] == value
            instructions.add(bundle.instruction)
    assert len(instructions) == 3 * len(values)


def test_one_type_sorting_names_the_type_and_always_moves_something() -> None:
    for seed in range(8):
        bundle = _bundle("files.sort_by_rule", seed, rule="year", one_type=True, undated_folder=False)
        ext = _options(bundle)["only_ext"]
        assert ext and ext in bundle.instruction
        names = [p for p in _tree_names(bundle) if p.lower().endswith(ext)]
        assert any(any(ch.isdigit() for ch in n) for n in names), names


def _tree_names(bundle) -> list[str]:
    from preparers.filetypes._tar import read_tar

    return sorted(read_tar(next(f.content for f in bundle.files if f.type == "tree"), "tree"))


def test_undated_files_get_a_folder_only_when_asked() -> None:
    assert _options(_bundle("files.sort_by_rule", 1, rule="year", undated_folder=False))["undated"] is None
    named = _bundle("files.sort_by_rule", 1, rule="year", undated_folder=True)
    assert _options(named)["undated"] and f"{_options(named)['undated']}/" in named.instruction


def test_hops_are_one_family_per_operation_and_pair_with_its_types_and_apps() -> None:
    assert len(PAIRS) == 9 and len(FAMILIES) == 4 * 9 - 2
    for family in FAMILIES:
        spec = family.spec
        pair = spec.name.rsplit(".", 1)[1]
        source, target = pair.split("_to_")
        assert [s.type for s in spec.files] == [source, target]
        assert spec.apps == [FORMATS[source].app, FORMATS[target].app]


@pytest.mark.parametrize("name", ["multi.table_sorted.pdf_to_csv", "multi.table_grouped.csv_to_docx",
                                  "multi.table_total.docx_to_xlsx", "multi.table_filtered.xlsx_to_docx"])
def test_a_hop_with_a_report_side_carries_no_date_column(name: str) -> None:
    from forge.filetypes import read_view
    from forge.views import TableView

    for seed in range(3):
        bundle = _bundle(name, seed)
        source = next(f for f in bundle.files if f.role == "input")
        table = read_view(source.content, source.path, TableView, file_type=source.type).get()
        assert not any("Date" in str(h) for h in table.header), table.header


@pytest.mark.parametrize(("order", "descending"), [("number_desc", True), ("text_asc", False), ("date_desc", True)])
def test_the_sort_order_reaches_the_check(order: str, descending: bool) -> None:
    bundle = _bundle("multi.table_sorted.csv_to_xlsx", 2, order=order)
    assert _options(bundle)["descending"] is descending
    assert _options(bundle)["column"] in bundle.instruction


def _cleaned(tmp_path: Path, empty_dir: bool) -> bool:
    given = {"keep.txt": b"k", "sub/x.tmp": b"t"}
    (tmp_path / "Old" / "sub").mkdir(parents=True)
    (tmp_path / "Old" / "keep.txt").write_bytes(b"k")
    if not empty_dir:
        (tmp_path / "Old" / "sub").rmdir()
    state = FinalState(tmp_path, {"Old": pack_tree(given)})
    kind = CHECKS.get("tree.cleaned_up")
    opts = kind.options.model_validate({"folder": "Old", "temp_files": True, "empty_files": False, "empty_dirs": True})
    return kind.fn(state, opts).passed


def test_a_folder_emptied_by_the_clean_up_must_go_too(tmp_path: Path) -> None:
    assert _cleaned(tmp_path / "a", empty_dir=False)
    assert not _cleaned(tmp_path / "b", empty_dir=True)
