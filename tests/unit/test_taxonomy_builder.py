"""The taxonomy is built from its TOML source: the committed files are exactly the builder's output,
every skill is realisable by its family, and bad rows are named and left out without losing the rest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from forge.cli.app import app
from forge.cli.skills import WorkflowFamilies
from skills import load_taxonomy
from skills.builder import (MANIFEST, MIX_PLAN, build_taxonomy, diff_taxonomy, manifest_checksum, render,
                            verify_checksum, write_taxonomy)
from skills.taxonomy import DEFAULT_TAXONOMY
from workflows import validate_skills

GOOD = '''
app = "sheet"

[areas.data]
title = "Sorting and filtering"

[[skill]]
area = "data"
operation = "sort"
variant = "descending"
workflow = "spreadsheet.sort_rows"
params = { descending = true }
channel = "hybrid"
difficulty = 1
description = "Sort a table's rows, largest value first."
'''

BAD_ROWS = GOOD + '''
[[skill]]
area = "data"
operation = "sort"
variant = "descending"
workflow = "spreadsheet.sort_rows"
params = { descending = false }
channel = "hybrid"
difficulty = 1
description = "The same id a second time, realised differently."

[[skill]]
area = "data"
operation = "teleport"
workflow = "spreadsheet.teleport"
channel = "gui"
difficulty = 2
description = "A family that does not exist."

[[skill]]
area = "data"
operation = "sort_by_colour"
workflow = "spreadsheet.sort_rows"
params = { colour = "red" }
channel = "gui"
difficulty = 2
description = "A parameter the family does not take."

[[skill]]
area = "data"
operation = "sort_again"
workflow = "spreadsheet.sort_rows"
params = { descending = true }
channel = "gui"
difficulty = 2
description = "Padding: the same family and params as the first skill."

[[skill]]
area = "charts"
operation = "pie"
workflow = "spreadsheet.sort_rows"
params = { descending = false }
channel = "gui"
difficulty = 2
description = "An area the file never declared."

[[skill]]
area = "data"
operation = "broken"
workflow = "spreadsheet.filter_rows"
channel = "sideways"
difficulty = 9
description = "A row whose channel and difficulty are out of range."

[[skill]]
area = "data"
operation = "ascending"
workflow = "spreadsheet.sort_rows"
params = { descending = false }
channel = "hybrid"
difficulty = 1
description = "Sort a table's rows, smallest value first."
'''


def test_committed_taxonomy_is_exactly_the_builders_output() -> None:
    result = build_taxonomy(WorkflowFamilies())
    assert result.problems == []
    assert diff_taxonomy(render(result), DEFAULT_TAXONOMY) == []
    assert verify_checksum(DEFAULT_TAXONOMY) == []
    manifest = json.loads((DEFAULT_TAXONOMY / MANIFEST).read_text())
    assert manifest["skills"] == len(load_taxonomy(DEFAULT_TAXONOMY)) == len(result.skills)


def test_every_committed_skill_is_realisable_unique_and_keeps_the_ids_tests_use() -> None:
    taxonomy = load_taxonomy(DEFAULT_TAXONOMY)
    skills = list(taxonomy.skills.values())
    assert validate_skills(list(taxonomy.ready.values())) == []  # awaiting skills may name unwritten families
    assert len({s.description for s in skills}) == len(skills)
    assert len({json.dumps([s.workflow, s.params], sort_keys=True) for s in skills}) == len(skills)  # no padding
    for skill in skills:
        assert skill.category == ".".join(skill.id.split(".")[:2])
        assert 3 <= len(skill.id.split(".")) <= 4
    ids = {s.id for s in skills}
    assert {"spreadsheet.data.sort.ascending", "spreadsheet.formula.total_row.sum", "text.logs.filter_errors",
            "multi.pdf_to_spreadsheet.copy_table", "code.debug.fix_failing_test"} <= ids


def test_a_hand_edit_breaks_the_checksum(tmp_path: Path) -> None:
    write_taxonomy(render(build_taxonomy(WorkflowFamilies())), tmp_path)
    assert verify_checksum(tmp_path) == []
    path = tmp_path / "text.jsonl"
    path.write_text(path.read_text().replace("ERROR lines", "error lines"))
    assert [p.split(":")[0] for p in verify_checksum(tmp_path)] == ["text.jsonl"]
    assert any(d.startswith("text.jsonl") for d in diff_taxonomy(render(build_taxonomy(WorkflowFamilies())), tmp_path))


def test_a_plan_fitted_on_another_cpu_still_matches_but_a_changed_weight_does_not(tmp_path: Path) -> None:
    """The fit's last bits follow the CPU's BLAS kernels (CI's machine fitted weights ~1e-15 from
    ours): such a plan, with the manifest digesting it, is the builder's output; a weight moved by
    1e-6 or a skill dropped from the plan is not."""
    files = render(build_taxonomy(WorkflowFamilies()))

    def committed_with(change: Callable[[dict[str, float]], None]) -> list[str]:
        plan = json.loads(files[MIX_PLAN])
        change(plan["weights"])
        write_taxonomy(dict(files, **{MIX_PLAN: json.dumps(plan, indent=1) + "\n"}), tmp_path)
        manifest = json.loads(files[MANIFEST])  # rebuilt over the changed plan, as the other machine's build
        manifest["files"][MIX_PLAN] = hashlib.sha256((tmp_path / MIX_PLAN).read_bytes()).hexdigest()
        manifest["checksum"] = manifest_checksum(manifest["files"])
        (tmp_path / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
        assert verify_checksum(tmp_path) == []
        return diff_taxonomy(files, tmp_path)

    first = min(json.loads(files[MIX_PLAN])["weights"])

    def nudge(by: float) -> Callable[[dict[str, float]], None]:
        return lambda weights: weights.update({skill: w * (1 + by) for skill, w in weights.items()})

    assert committed_with(nudge(3e-15)) == []
    assert (tmp_path / MIX_PLAN).read_text() != files[MIX_PLAN]  # the last bits did change
    assert committed_with(nudge(0.0)) == []
    assert committed_with(lambda weights: weights.update({first: weights[first] + 1e-6})) == [
        f"{MANIFEST}: differs from the builder's output (run `forge skills build`)",
        f"{MIX_PLAN}: differs from the builder's output (run `forge skills build`)"]
    assert len(committed_with(lambda weights: weights.pop(first))) == 2
    assert len(committed_with(lambda weights: weights.update({first: "heavy"}))) == 2  # not a number: no crash


def test_bad_rows_are_named_with_their_cause_and_the_rest_still_build(tmp_path: Path) -> None:
    (tmp_path / "sheet.toml").write_text(BAD_ROWS)
    (tmp_path / "broken.toml").write_text("app = 'x'\n[[skill]\n")
    result = build_taxonomy(WorkflowFamilies(), tmp_path)
    assert [s.id for s in result.skills] == ["sheet.data.sort.descending", "sheet.data.ascending"]
    causes = {p.skill: p.cause for p in result.problems}
    assert "broken.toml: not readable TOML: Expected" in causes["?"]
    assert "duplicate id" in causes["sheet.data.sort.descending"]
    assert "unknown workflow 'spreadsheet.teleport'" in causes["sheet.data.teleport"]
    assert "colour" in causes["sheet.data.sort_by_colour"] and "allowed params" in causes["sheet.data.sort_by_colour"]
    assert "padding" in causes["sheet.data.sort_again"] and "sheet.data.sort.descending" in causes["sheet.data.sort_again"]
    assert "area 'charts' is not declared" in causes["sheet.charts.pie"]
    assert "channel" in causes["sheet.data.broken"] and "difficulty" in causes["sheet.data.broken"]
    assert all(p.source.startswith(("sheet.toml:skill ", "broken.toml")) for p in result.problems)


def test_a_failed_write_lands_nothing(tmp_path: Path) -> None:
    (tmp_path / "code.jsonl").write_text("old\n")
    with pytest.raises(OSError):
        write_taxonomy({"code.jsonl": "new\n", "no_such_dir/x.jsonl": "y\n"}, tmp_path)
    assert (tmp_path / "code.jsonl").read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["code.jsonl"]


def test_forge_skills_build_writes_a_loadable_taxonomy_and_reports_problems(tmp_path: Path) -> None:
    source, out = tmp_path / "spec", tmp_path / "out"
    source.mkdir()
    (source / "sheet.toml").write_text(GOOD)
    runner = CliRunner()
    done = runner.invoke(app, ["skills", "build", "--spec-dir", str(source), "--out-dir", str(out), "--json"])
    assert done.exit_code == 0, done.output
    assert list(load_taxonomy(out).skills) == ["sheet.data.sort.descending"]
    assert runner.invoke(app, ["skills", "build", "--check", "--spec-dir", str(source), "--out-dir", str(out)]).exit_code == 0
    (source / "sheet.toml").write_text(BAD_ROWS)
    checked = runner.invoke(app, ["skills", "build", "--check", "--json", "--spec-dir", str(source), "--out-dir", str(out)])
    report = json.loads(checked.output)
    assert checked.exit_code == 1 and not report["written"]
    assert {p["skill"] for p in report["problems"]} >= {"sheet.data.teleport", "sheet.data.sort_again"}
    assert any(d.startswith("sheet.jsonl: differs") for d in report["differences"])
    assert list(load_taxonomy(out).skills) == ["sheet.data.sort.descending"]  # --check wrote nothing
