"""Each gate rejects a broken bundle of its kind with a stable reason code, in a real sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from forge.models import Check, ReferenceSolution, ReferenceStep, SetupStep, TaskBundle, TaskFile
from gates import GateContext, run_gate, run_gates


def bash(command: str) -> ReferenceSolution:
    return ReferenceSolution(steps=[ReferenceStep(thought="t", action="Run a command", tool="bash",
                                                  arguments={"command": command})])


def with_input_content(bundle: TaskBundle, content: bytes) -> list[TaskFile]:
    return [f.model_copy(update={"content": content}) if f.role == "input" else f for f in bundle.files]


def test_a_good_bundle_passes_every_gate_and_leaves_no_job_dirs(sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    results = run_gates(sort_bundle, gate_ctx)
    assert [(r.gate, r.passed) for r in results] == [("file", True), ("consistency", True), ("duplicate", True),
                                                      ("package", True)]
    oracle = results[-1].details["oracle"]
    do_nothing = results[-1].details["do_nothing"]
    assert all(c["passed"] for c in oracle) and not all(c["passed"] for c in do_nothing)
    assert list(gate_ctx.scratch_root.iterdir()) == []


BROKEN = {
    "file_unreadable": ("file", lambda b: {"files": with_input_content(b, b"not a zip at all")}),
    "unknown_file_type": ("file", lambda b: {"files": [f.model_copy(update={"type": "xyz"}) for f in b.files]}),
    "unknown_check": ("file", lambda b: {"rubric": b.rubric.model_copy(update={"checks": [Check(func="xlsx.nope")]})}),
    "invalid_check_options": ("file", lambda b: {"rubric": b.rubric.model_copy(
        update={"checks": [Check(func=b.rubric.checks[0].func, options={"bogus": 1})]})}),
    "unknown_setup_step": ("file", lambda b: {"setup": [SetupStep(type="teleport")]}),
    "no_declared_output": ("file", lambda b: {"files": [f for f in b.files if f.role == "input"]}),
    "setup_failed": ("package", lambda b: {"setup": [SetupStep(type="execute", parameters={"command": "exit 3"})]}),
    "rubric_passes_untouched": ("package", lambda b: {"setup": [SetupStep(type="execute", parameters={
        "command": f"mkdir -p outputs && cp {b.inputs()[0].path} {b.outputs()[0].path}"})],
        "rubric": b.rubric.model_copy(update={"checks": [Check(func="file.exists", options={"file": b.outputs()[0].path})]})}),
    "oracle_fails": ("package", lambda b: {"reference": bash(f"printf 'not a workbook' > {b.outputs()[0].path}")}),
    "oracle_step_failed": ("package", lambda b: {"reference": bash("python3 -c 'raise SystemExit(4)'")}),
}


@pytest.mark.parametrize("reason", sorted(BROKEN))
def test_each_broken_bundle_is_rejected_with_its_reason(reason: str, sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    gate, breakage = BROKEN[reason]
    broken = sort_bundle.model_copy(update=breakage(sort_bundle))
    results = run_gates(broken, gate_ctx)
    assert results[-1].gate == gate, results[-1].message
    assert (results[-1].passed, results[-1].reason) == (False, reason), results[-1].message
    assert results[-1].message


def test_oracle_fails_message_names_the_failing_check(sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    broken = sort_bundle.model_copy(update=BROKEN["oracle_fails"][1](sort_bundle))
    result = run_gate("package", broken, gate_ctx)
    assert result.reason == "oracle_fails"
    assert "table.sorted_by" in result.message and "not a readable xlsx workbook" in result.message


def test_setup_failure_says_which_step(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    steps = [SetupStep(type="execute", parameters={"command": "true"}),
             SetupStep(type="execute", parameters={"command": "echo boom >&2; exit 3"})]
    result = run_gate("package", sort_bundle.model_copy(update={"setup": steps}), GateContext(scratch_root=tmp_path))
    assert result.reason == "setup_failed"
    assert "setup step 2/2 (execute)" in result.message and "boom" in result.message


@pytest.mark.parametrize("skill_id", ["spreadsheet.data.sort.ascending", "spreadsheet.data.sort.descending"])
def test_sort_tasks_never_ask_for_an_order_the_input_already_has(skill_id: str, tmp_path: Path) -> None:
    """Dates in generated tables are often ascending already; the input copied as-is must fail."""
    from forge.checks import FinalState, run_rubric
    from skills import load_taxonomy
    from workflows import WORKFLOWS

    skill = load_taxonomy().get(skill_id)
    for seed in range(40):
        bundle = WORKFLOWS.get(skill.workflow).build(skill, seed)
        job = tmp_path / str(seed)
        (job / "outputs").mkdir(parents=True)
        (job / bundle.outputs()[0].path).write_bytes(bundle.inputs()[0].content or b"")
        originals = {f.path: f.content or b"" for f in bundle.inputs()}
        assert not run_rubric(bundle.rubric.checks, FinalState(job, originals)).passed, (seed, bundle.params)
