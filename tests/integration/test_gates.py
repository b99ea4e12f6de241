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


def test_a_rubric_a_wrong_solution_passes_is_rejected_naming_the_mutants(sort_bundle: TaskBundle,
                                                                         gate_ctx: GateContext) -> None:
    """A rubric that only asks for the output to exist passes every perturbed output."""
    lax = sort_bundle.rubric.model_copy(update={"checks": [Check(func="file.exists",
                                                                 options={"file": sort_bundle.outputs()[0].path})]})
    result = run_gate("package", sort_bundle.model_copy(update={"rubric": lax}), gate_ctx)
    assert (result.passed, result.reason) == (False, "mutation_survives"), result.message
    assert result.message.startswith("the rubric passes a wrong solution: ")
    probed = result.details["mutations"]
    assert probed["missing_output"] == "caught"  # the one perturbation the lax rubric still sees
    survived = [name for name, verdict in probed.items() if verdict == "passed"]
    assert {"missing_row", "input_as_output"} <= set(survived)
    assert all(f"{name} (" in result.message for name in survived)
    assert "missing_output (" not in result.message


def test_a_failed_reference_step_is_reported_with_the_tail_of_its_output(sort_bundle: TaskBundle,
                                                                         gate_ctx: GateContext) -> None:
    """The message keeps the last 400 characters (where the error is), not the start of a long log."""
    script = "print('HEAD' + 'x' * 500 + 'MIDDLE' + 'y' * 500 + 'TAIL'); raise SystemExit(4)"
    result = run_gate("package", sort_bundle.model_copy(update={"reference": bash(f'python3 -c "{script}"')}),
                      gate_ctx)
    assert result.reason == "oracle_step_failed"
    assert "exited 4" in result.message and "TAIL" in result.message
    assert "MIDDLE" not in result.message and "HEAD" not in result.message


def test_the_scratch_root_is_created_with_its_parents(sort_bundle: TaskBundle, tmp_path: Path) -> None:
    result = run_gate("package", sort_bundle, GateContext(scratch_root=tmp_path / "not" / "yet"))
    assert result.passed, result.message
    assert list((tmp_path / "not" / "yet").iterdir()) == []


def test_a_failed_step_is_named_by_its_position_and_its_output_cut_to_400_characters(
        sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    steps = [*sort_bundle.reference.steps, *bash("python3 -c \"print('z' * 1000 + 'END'); raise SystemExit(5)\"").steps]
    reference = sort_bundle.reference.model_copy(update={"steps": steps})
    result = run_gate("package", sort_bundle.model_copy(update={"reference": reference}), gate_ctx)
    assert result.reason == "oracle_step_failed", result.message
    assert f"reference step {len(steps)} (" in result.message
    tail = result.message.split("exited 5: ", 1)[1]
    assert len(tail) == 400 and "END" in tail


def test_undeclared_files_are_named_five_at_most(sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    strays = bash("touch " + " ".join(f"outputs/stray{i}.txt" for i in range(1, 7))).steps
    reference = sort_bundle.reference.model_copy(update={"steps": [*sort_bundle.reference.steps, *strays]})
    result = run_gate("package", sort_bundle.model_copy(update={"reference": reference}), gate_ctx)
    assert result.reason == "undeclared_file", result.message
    named = result.message.split("undeclared files: ", 1)[1].split(", ")
    assert named == [f"outputs/stray{i}.txt" for i in range(1, 6)]
    assert result.details["files"] == [f"outputs/stray{i}.txt" for i in range(1, 7)]


def test_only_distinctive_computed_numbers_count_as_a_given_away_answer(sort_bundle: TaskBundle) -> None:
    """A two-digit number the oracle wrote matches an instruction's number by chance; three digits do not."""
    import io

    import openpyxl

    from gates._numbers import numbers_in
    from gates.package_gate import _no_answer_in_instruction
    from gates.spec import Rejection
    from preparers.spec import inspect_file

    book = openpyxl.load_workbook(io.BytesIO(sort_bundle.inputs()[0].content or b""))
    given = numbers_in(inspect_file("xlsx", sort_bundle.inputs()[0].content or b"").text)
    chance = next(n for n in range(10, 100) if n not in given)  # new in the output, as the answer is
    book.active.append(["added", chance, 98765])
    buffer = io.BytesIO()
    book.save(buffer)
    outputs = {sort_bundle.outputs()[0].path: buffer.getvalue()}
    _no_answer_in_instruction(sort_bundle.model_copy(update={
        "instruction": sort_bundle.instruction + f" Keep {chance} rows."}), outputs)
    with pytest.raises(Rejection) as caught:
        _no_answer_in_instruction(sort_bundle.model_copy(update={"instruction": sort_bundle.instruction + " Total 98765."}),
                                  outputs)
    assert caught.value.reason == "answer_in_instruction"
