"""Plugins load in isolation; workflow specs and skill params are strict; bad input is named, not fatal."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from forge.checks import CHECKS
from forge.errors import SkillParamsError, WorkflowCrashedError
from forge.filetypes import FILE_TYPES
from forge.models import Skill
from forge.plugins import load_plugin, plugin_statuses
from forge.registry import restore, snapshot
from workflows import WORKFLOWS, validate_skills

GOOD_CHECK = '''
from forge.checks import CheckOptions, OutputPath, Verdict, register_check

class Opts(CheckOptions):
    file: OutputPath

@register_check("{name}", Opts)
def check(state, opts):
    """Always passes (a test plugin)."""
    return Verdict.of(True, "ok")
'''


@pytest.fixture()
def plugin_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder on sys.path for test plugin modules; every registry is put back afterwards."""
    saved, modules = snapshot(), set(sys.modules)
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        restore(saved)
        for name in set(sys.modules) - modules:
            sys.modules.pop(name, None)


def write(folder: Path, module: str, source: str) -> None:
    (folder / f"{module}.py").write_text(textwrap.dedent(source))


def test_builtins_load_through_the_entry_point_group() -> None:
    statuses = {s.name: s for s in plugin_statuses()}
    assert statuses["spreadsheet"].status == "loaded" and statuses["spreadsheet"].distribution == "mage-cua-forge"
    assert "spreadsheet.sort_rows" in WORKFLOWS and "xlsx" in FILE_TYPES and "csv" in FILE_TYPES


def test_a_snapshot_taken_before_the_plugins_load_restores_them_not_an_empty_registry() -> None:
    """In a fresh process (as a test worker that has looked nothing up yet) the plugins have not loaded."""
    code = ("from forge.registry import restore, snapshot; from forge.plugins import _statuses; "
            "assert not _statuses; state = snapshot(); from workflows import WORKFLOWS; "
            "assert 'spreadsheet.sort_rows' in WORKFLOWS; restore(state); "  # a lookup loads them; then undone
            "print('spreadsheet.sort_rows' in WORKFLOWS, len(list(WORKFLOWS)))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    present, count = run.stdout.split()
    assert present == "True" and int(count) > 100


def test_a_good_plugin_registers_its_parts(plugin_dir: Path) -> None:
    write(plugin_dir, "good_plugin", GOOD_CHECK.format(name="test.always"))
    status = load_plugin("good", "good_plugin")
    assert status.status == "loaded", status.reason
    assert "test.always" in CHECKS and status.registered == {"check": ["test.always"]}


def test_a_plugin_that_raises_is_reported_and_leaves_nothing_behind(plugin_dir: Path) -> None:
    write(plugin_dir, "half_plugin", GOOD_CHECK.format(name="test.half") + "\nraise RuntimeError('boom at import')\n")
    status = load_plugin("half", "half_plugin")
    assert status.status == "failed" and status.name == "half"
    assert "RuntimeError: boom at import" in status.reason
    assert "test.half" not in CHECKS  # registered before the raise, taken back out
    assert "half_plugin" not in sys.modules


def test_a_clashing_plugin_is_skipped_whole_and_the_rest_load(plugin_dir: Path) -> None:
    write(plugin_dir, "clash_plugin", GOOD_CHECK.format(name="test.before_clash") + '''
from forge.filetypes import FileTypeBase, register_file_type

@register_file_type("xlsx")
class NotXlsx(FileTypeBase):
    extensions = (".xlsx",)
''')
    write(plugin_dir, "fine_plugin", GOOD_CHECK.format(name="test.fine"))
    before = FILE_TYPES.get("xlsx")
    clash, fine = load_plugin("clash", "clash_plugin"), load_plugin("fine", "fine_plugin")
    assert clash.status == "failed" and "DuplicateKeyError" in clash.reason and "'xlsx'" in clash.reason
    assert FILE_TYPES.get("xlsx") is before and "test.before_clash" not in CHECKS
    assert fine.status == "loaded" and "test.fine" in CHECKS


def test_a_plugin_naming_a_missing_skills_file_fails(plugin_dir: Path) -> None:
    write(plugin_dir, "skills_plugin", "from pathlib import Path\nFORGE_SKILLS = [Path('/nonexistent/skills.jsonl')]\n")
    status = load_plugin("skills", "skills_plugin")
    assert status.status == "failed" and "do not exist" in status.reason


def test_forge_plugins_list_prints_every_plugin() -> None:
    # A fresh interpreter: what a plugin registered is what its import added, and in this test session
    # other tests may have imported the built-in workflows already.
    result = subprocess.run([sys.executable, "-m", "forge.cli", "plugins", "list", "--json"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    listed = {p["name"]: p for p in json.loads(result.stdout)}
    assert listed["spreadsheet"]["status"] == "loaded" and listed["spreadsheet"]["target"] == "workflows.spreadsheet"
    assert "spreadsheet.sort_rows" in listed["spreadsheet"]["registered"]["workflow"]
    assert listed["html"]["registered"] == {"file type": ["html"]}


# --- workflow specs and skill params --------------------------------------------------------

SPEC = '''
from pydantic import BaseModel
from forge.models import ReferenceSolution, ReferenceStep
from workflows.spec import CheckTemplate, FileSlot, SkillParams, Workflow, WorkflowSpec, register_workflow

class Params(BaseModel):
    path: str
    column: str

class Options(SkillParams):
    column: str | None = None

@register_workflow
class Probe(Workflow[Params]):
    spec = WorkflowSpec(name="probe.sort", apps=["probe"], params=Params, skill_params=Options,
                        phrasings=[{phrasing!r}], files=[FileSlot(param="path", type="csv", role="in_place")],
                        checks=[CheckTemplate(func={func!r}, bind={bind!r})])

    def draw(self, ctx):
        {draw}

    def contents(self, ctx, params):
        return {{"path": {content!r}}}

    def reference(self, params):
        return ReferenceSolution(steps=[ReferenceStep(thought="t", action="a", tool="bash",
                                                      arguments={{"command": "true"}})])
'''


def spec_module(**overrides: Any) -> str:
    values = {"phrasing": "Sort {{ path }} by {{ column }} in place.", "func": "table.sorted_by",
              "bind": {"column": "column"}, "draw": "return Params(path='data/t.csv', column='A')",
              "content": b"A,B\n2,1\n1,2\n"}
    return textwrap.dedent(SPEC.format(**{**values, **overrides}))


@pytest.mark.parametrize("overrides,says", [
    ({"func": "table.no_such"}, "unknown check 'table.no_such'"),
    ({"bind": {}}, "misses required option(s) ['column']"),
    ({"bind": {"column": "colum"}}, "binds params ['colum']"),
    ({"bind": {"column": "column", "colour": "column"}}, "has no options ['colour']"),
    ({"phrasing": "Sort {{ path }} by {{ colum }}."}, "names ['colum']"),
])
def test_an_inconsistent_spec_fails_at_registration_naming_the_workflow(
        plugin_dir: Path, overrides: dict[str, Any], says: str) -> None:
    write(plugin_dir, "bad_spec", spec_module(**overrides))
    status = load_plugin("bad", "bad_spec")
    assert status.status == "failed" and "WorkflowSpecError" in status.reason
    assert "workflow 'probe.sort'" in status.reason and says in status.reason
    assert "probe.sort" not in WORKFLOWS


def skill(params: dict[str, Any], workflow: str = "probe.sort") -> Skill:
    return Skill(id="probe.data.sort", apps=["probe"], category="probe.data", description="d", workflow=workflow,
                 params=params)


def test_a_misspelt_skill_param_is_an_error_naming_the_skill(plugin_dir: Path) -> None:
    write(plugin_dir, "probe_spec", spec_module())
    assert load_plugin("probe", "probe_spec").status == "loaded"
    with pytest.raises(SkillParamsError, match=r"skill 'probe.data.sort'.*colum.*allowed params: column"):
        WORKFLOWS.get("probe.sort").build(skill({"colum": "A"}), seed=1)
    assert validate_skills([skill({"colum": "A"})]) and not validate_skills([skill({"column": "A"})])
    assert "unknown workflow" in validate_skills([skill({}, workflow="probe.nope")])[0]


def test_a_workflow_that_raises_is_a_named_workflow_error(plugin_dir: Path) -> None:
    write(plugin_dir, "crash_spec", spec_module(draw="raise ValueError('no table today')"))
    assert load_plugin("crash", "crash_spec").status == "loaded"
    with pytest.raises(WorkflowCrashedError, match="workflow 'probe.sort' raised ValueError: no table today"):
        WORKFLOWS.get("probe.sort").build(skill({}), seed=1)


def test_an_in_place_slot_is_declared_as_input_and_output(plugin_dir: Path) -> None:
    write(plugin_dir, "place_spec", spec_module())
    assert load_plugin("place", "place_spec").status == "loaded"
    bundle = WORKFLOWS.get("probe.sort").build(skill({}), seed=1)
    assert [(f.path, f.role) for f in bundle.files] == [("data/t.csv", "input"), ("data/t.csv", "output")]
    sort = bundle.rubric.checks[0]
    assert sort.options == {"file": "data/t.csv", "input_file": "data/t.csv", "column": "A"}


def test_every_ready_taxonomy_skill_fits_its_workflow() -> None:
    """Skills awaiting their environment (web sites not built yet) may name families not written yet."""
    from skills import load_taxonomy

    taxonomy = load_taxonomy()
    assert validate_skills(list(taxonomy.ready.values())) == []
    assert set(taxonomy.awaiting.values()) <= {"web"}, "only web-site skills may await their environment"


def test_phrasings_of_different_registers_are_drawn_per_seed() -> None:
    flow = WORKFLOWS.get("spreadsheet.sort_rows")
    drawn = {flow.build(skill({}, "spreadsheet.sort_rows"), seed).provenance["phrasing"] for seed in range(12)}
    assert drawn == set(range(len(flow.spec.phrasings)))


def test_a_check_can_read_state_that_is_not_a_file(plugin_dir: Path, tmp_path: Path) -> None:
    """Where the state lives is the check's source: here an app's state held in memory, not a file."""
    write(plugin_dir, "state_plugin", '''
from forge.checks import SOURCES, CheckOptions, Verdict, register_check
from forge.views import Table, TableView

APP_STATE = {"orders": [["Id", "Qty"], ["A", 3], ["B", 1]]}

class AppState:
    name = "app_state"

    def view(self, state, locator, view, *, original=False):
        return TableView(source=f"app:{locator}", tables=[Table.of(locator, APP_STATE[locator])])

SOURCES.add("app_state", AppState())

class Opts(CheckOptions):
    table: str
    column: str

@register_check("app.column_sorted", Opts, source="app_state", view="table")
def column_sorted(state, opts):
    """A column of a table in the app's state is in ascending order."""
    grid = SOURCES.get("app_state").view(state, opts.table, TableView).get()
    values = [row[grid.need_col(opts.column)] for row in grid.body]
    return Verdict.of(values == sorted(values), f"{opts.column}: {values}")
''')
    assert load_plugin("state", "state_plugin").status == "loaded"
    from forge.checks import FinalState, run_check
    from forge.models import Check

    kind = CHECKS.get("app.column_sorted")
    assert (kind.source, kind.view) == ("app_state", "table")
    result = run_check(Check(func="app.column_sorted", options={"table": "orders", "column": "Qty"}),
                       FinalState(tmp_path))
    assert not result.passed and result.message == "Qty: [3, 1]"
    sys.modules["state_plugin"].APP_STATE["orders"][1:] = [["B", 1], ["A", 3]]
    assert run_check(Check(func="app.column_sorted", options={"table": "orders", "column": "Qty"}),
                     FinalState(tmp_path)).passed


def test_a_preparer_writing_an_unreadable_file_is_rejected_naming_it(plugin_dir: Path, tmp_path: Path) -> None:
    from gates import GateContext, run_gate

    phrasing = "Sort the rows of {{ path }} by the {{ column }} column, smallest first, editing the file in place."
    write(plugin_dir, "ragged_spec", spec_module(content=b"A,B\n2,1,0\n1\n", phrasing=phrasing))
    assert load_plugin("ragged", "ragged_spec").status == "loaded"
    bundle = WORKFLOWS.get("probe.sort").build(skill({}), seed=1)
    result = run_gate("file", bundle, GateContext(scratch_root=tmp_path))
    assert not result.passed and result.reason == "file_unreadable"
    assert result.message.startswith("data/t.csv: csv rows are ragged")


@pytest.mark.parametrize("collecting", [True, False])
def test_loading_pauses_the_collector_and_restores_its_state(collecting: bool) -> None:
    """The cyclic collector is off while plugins load (their objects live as long as the process)
    and back as it was after, even when a plugin raises."""
    import gc

    from forge.plugins import _collections_paused

    (gc.enable if collecting else gc.disable)()
    try:
        with pytest.raises(RuntimeError), _collections_paused():
            assert not gc.isenabled()
            raise RuntimeError("a plugin failed")
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
