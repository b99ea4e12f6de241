"""The hardened gates: every failure class rejected with its reason, accepted tasks proven sound."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import openpyxl
import pytest

from forge.checks import FinalState, run_rubric
from forge.environment import TaskEnvironment
from forge.harness import HARNESSES, ReplayTeacher, run_steps
from forge.models import Check, ReferenceSolution, ReferenceStep, TaskBundle, TaskFile
from gates import GATE_ORDER, GateContext, NearDuplicateIndex, _offload as offload, run_gate, run_gates
from gates.mutations import MUTATORS
from gates.mutations.spec import ANY_TYPE
from gates.roundtrip import libreoffice_roundtrip
from skills import load_taxonomy
from skills.sampler import value_cover
from tests.xlsx import xlsx_bytes as xlsx
from workflows import WORKFLOWS


def build(skill_id: str, seed: int) -> TaskBundle:
    skill = load_taxonomy().get(skill_id)
    return WORKFLOWS.get(skill.workflow).build(skill, seed)




def with_check(bundle: TaskBundle, index: int, **options: object) -> TaskBundle:
    checks = list(bundle.rubric.checks)
    checks[index] = Check(func=checks[index].func, options={**checks[index].options, **options})
    return bundle.model_copy(update={"rubric": bundle.rubric.model_copy(update={"checks": checks})})


def appended_reference(bundle: TaskBundle, command: str) -> TaskBundle:
    extra = ReferenceStep(thought="t", action="Also run a command", tool="bash", arguments={"command": command})
    return bundle.model_copy(update={"reference": ReferenceSolution(steps=[*bundle.reference.steps, extra])})


def column_total(bundle: TaskBundle) -> float:
    ws = openpyxl.load_workbook(io.BytesIO(bundle.inputs()[0].content or b"")).active
    header = [c.value for c in ws[1]]
    column = header.index(bundle.params["columns"][0])
    return sum(row[column] for row in ws.iter_rows(min_row=2, values_only=True))


SORT = "spreadsheet.data.sort.descending"
TOTAL = "spreadsheet.formula.total_row.sum"

# reason -> (gate, skill, how to break a good bundle, extra GateContext fields)
CLASSES = {
    "template_leftover": ("file", SORT, lambda b: {"instruction": b.instruction + " Use {{ column }}."}, {}),
    "instruction_length": ("file", SORT, lambda b: {"instruction": f"Sort {b.inputs()[0].path}."}, {}),
    "file_too_large": ("file", SORT, lambda b: {}, {"max_file_bytes": 100}),
    "file_malformed": ("file", SORT, lambda b: {"files": [
        f.model_copy(update={"content": xlsx([["a", "b"], [1, "=SUM(A1"]])}) if f.role == "input" else f
        for f in b.files]}, {}),
    "file_not_in_instruction": ("consistency", SORT, lambda b: {
        "instruction": b.instruction.replace(b.inputs()[0].path, "the attached workbook")}, {}),
    "check_reads_undeclared_file": ("consistency", SORT, lambda b: with_check(b, 1, file="outputs/elsewhere.xlsx"), {}),
    "unchecked_output": ("consistency", SORT, lambda b: {
        "files": [*b.files, TaskFile(path="outputs/notes.xlsx", role="output", type="xlsx")],
        "instruction": b.instruction + " Also save notes in outputs/notes.xlsx."}, {}),
    "check_mirrors_setup": ("consistency", SORT, lambda b: with_check(b, 1, column="Hidden Score"), {}),
    # a value only stated inside a longer word is not stated: "Bon" is not "Bonus"
    "check_mirrors_setup_in_a_word": ("consistency", SORT, lambda b: with_check(b, 1, column="Bon"), {}),
    "mutation_survives": ("package", SORT, lambda b: {"rubric": b.rubric.model_copy(update={
        "checks": [Check(func="file.exists", options={"file": b.outputs()[0].path})]})}, {}),
    "undeclared_file": ("package", SORT, lambda b: appended_reference(b, "echo scratch > notes.txt"), {}),
    "answer_in_instruction": ("package", TOTAL, lambda b: {
        "instruction": b.instruction + f" (For reference, the result is {column_total(b)}.)"}, {}),
}


@pytest.mark.parametrize("reason", sorted(CLASSES))
def test_each_failure_class_is_rejected_by_its_gate(reason: str, tmp_path: Path) -> None:
    gate, skill_id, breakage, extra = CLASSES[reason]
    good = build(skill_id, 4)
    change = breakage(good)
    broken = change if isinstance(change, TaskBundle) else good.model_copy(update=change)
    ctx = GateContext(scratch_root=tmp_path, **extra)
    assert all(r.passed for r in run_gates(good, GateContext(scratch_root=tmp_path / "good")))
    results = run_gates(broken, ctx)
    expected = reason.removesuffix("_in_a_word")
    assert (results[-1].gate, results[-1].passed, results[-1].reason) == (gate, False, expected), results[-1].message


def leaking_total(provenance: dict, **params: object) -> TaskBundle:
    """TOTAL's bundle whose instruction gives away the total, with this provenance and extra params
    (as a model's rewrite of the instruction would leave it: provenance and params kept)."""
    good = build(TOTAL, 4)
    leaked = good.instruction + f" (For reference, the result is {column_total(good)}.)"
    return good.model_copy(update={"instruction": leaked, "provenance": {**good.provenance, **provenance},
                                   "params": {**good.params, **params}})


@pytest.mark.parametrize("provenance, params, verdict", [
    ({"copies_answer": True}, {}, "answer_in_instruction"),  # a flag switched the whole probe off once
    ({"stated_params": ["columns"]}, {}, "answer_in_instruction"),  # stated, but not the total
    ({"stated_params": ["total"]}, {"total": "TOTAL"}, "answer_in_instruction"),  # the total is not in it
    ({"stated_params": ["total"]}, {"total": None}, None),  # the total is the value the task states
    ({"stated_params": ["nope"]}, {}, "invalid_stated_params"),
    ({"stated_params": "total"}, {}, "invalid_stated_params"),
])
def test_the_answer_leak_probe_lets_through_only_the_values_a_task_states(
        provenance: dict, params: dict, verdict: str | None, tmp_path: Path) -> None:
    total = column_total(build(TOTAL, 4))
    params = {k: (total if v is None else v) for k, v in params.items()}
    result = run_gate("package", leaking_total(provenance, **params), GateContext(scratch_root=tmp_path))
    assert (result.passed, result.reason) == (verdict is None, verdict), result.message


def test_near_duplicates_are_rejected_against_accepted_tasks(tmp_path: Path) -> None:
    first = build(SORT, 4)
    twin = first.model_copy(update={"seed": first.seed + 1})  # same instruction and parameters
    index = NearDuplicateIndex(threshold=0.9)
    ctx = GateContext(scratch_root=tmp_path, duplicates=index)
    assert run_gate("duplicate", twin, ctx).passed  # nothing accepted yet
    assert index.claim(first) is None  # `first` is accepted
    assert run_gate("duplicate", first, ctx).passed  # a resumed run is not its own duplicate
    result = run_gate("duplicate", twin, ctx)
    assert (result.passed, result.reason) == (False, "near_duplicate")
    assert result.details["duplicate_of"] == first.id and result.details["similarity"] >= 0.9
    match = index.claim(twin)  # acceptance re-checks atomically: the twin cannot slip in either
    assert match is not None and match[0] == first.id and len(index) == 1


@pytest.mark.parametrize("workflow", sorted(WORKFLOWS))
def test_every_accepted_task_passes_oracle_fails_do_nothing_and_every_mutation(workflow: str, tmp_path: Path) -> None:
    """Every value of every param of the family's skills, on seeds the contract does not use; at most
    the cover's first 8 (a catalogue family such as code.fix_bug has a value per skill: its every
    entry is bench/taxonomy_coverage.py's)."""
    skills = value_cover([s for s in load_taxonomy().skills.values() if s.workflow == workflow])[:8]
    accepted, rejected = 0, []
    for i, skill in enumerate(skills):
        for seed in [100 + i % 2] if len(skills) > 1 else [100, 101]:
            bundle = WORKFLOWS.get(workflow).build(skill, seed)
            results = run_gates(bundle, GateContext(scratch_root=tmp_path / f"{i}-{seed}"))
            assert [r.gate for r in results] == [g for g in GATE_ORDER][: len(results)]
            if not results[-1].passed:
                rejected.append(f"{skill.id} seed {seed}: {results[-1].gate} {results[-1].reason}: {results[-1].message}")
                continue
            accepted += 1
            package = results[-1].details
            assert all(c["passed"] for c in package["oracle"])
            assert not all(c["passed"] for c in package["do_nothing"])
            probed = set(package["mutations"])
            output_types = {f.type for f in bundle.outputs()}
            applicable = {n for n, m in MUTATORS.items() if ANY_TYPE in m.file_types or m.file_types & output_types}
            # the probes that fit every task ran, and only probes for the task's output types ran
            assert {"missing_output", "wrong_file"} <= probed <= applicable, f"{workflow}: probed {sorted(probed)}"
            assert set(package["mutations"].values()) == {"caught"}
    assert accepted >= len(skills), f"{workflow}: only {accepted} tasks accepted; rejected:\n" + "\n".join(rejected)


def test_information_barrier_checks_follow_the_content_not_the_setup(tmp_path: Path) -> None:
    """Change the setup's content: the reference still passes, the old answer no longer does."""
    original = build(TOTAL, 9)
    ws_bytes = original.inputs()[0].content or b""
    wb = openpyxl.load_workbook(io.BytesIO(ws_bytes))
    for row in wb.active.iter_rows(min_row=2):
        for cell in row:
            if isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool):
                cell.value = cell.value * 3 + 1
    buffer = io.BytesIO()
    wb.save(buffer)
    changed = original.model_copy(update={"files": [
        f.model_copy(update={"content": buffer.getvalue()}) if f.role == "input" else f for f in original.files]})

    result = run_gates(changed, GateContext(scratch_root=tmp_path / "changed"))
    assert result[-1].passed, result[-1].message  # same rubric, new content: the oracle passes, mutants fail

    old = run_gates(original, GateContext(scratch_root=tmp_path / "old"))[-1]
    assert old.passed
    job = tmp_path / "old-answer"
    (job / "outputs").mkdir(parents=True)
    with TaskEnvironment(original, tmp_path / "o") as env:  # the oracle's answer for the OLD content
        env.materialize()
        run_steps(env, original, HARNESSES.get("terminal"), ReplayTeacher())
        old_answer = env.final_state().read_bytes(original.outputs()[0].path)
    (job / original.outputs()[0].path).write_bytes(old_answer)
    originals = {f.path: f.content or b"" for f in changed.inputs()}
    assert not run_rubric(changed.rubric.checks, FinalState(job, originals)).passed


def test_gates_in_parallel_reach_the_same_verdicts(tmp_path: Path) -> None:
    """Separate sandboxes, job dirs and LibreOffice profiles: verdicts do not depend on neighbours."""
    bundles = [build(s, seed) for s in (SORT, TOTAL, "spreadsheet.data.filter.greater_than") for seed in (1, 2)]
    bundles.append(bundles[0].model_copy(update={"seed": 77}))  # a look-alike of an accepted task

    def verdicts(root: Path, parallel: bool) -> list[list[tuple[str, bool, str | None]]]:
        index = NearDuplicateIndex()
        index.claim(bundles[0])  # accepted before this batch
        ctx = GateContext(scratch_root=root, roundtrip=libreoffice_roundtrip(root / "lo"), duplicates=index)
        gate_all = lambda b: [(r.gate, r.passed, r.reason) for r in run_gates(b, ctx)]
        if not parallel:
            return [gate_all(b) for b in bundles]
        with ThreadPoolExecutor(max_workers=4) as pool:
            return list(pool.map(gate_all, bundles))

    alone = verdicts(tmp_path / "a", parallel=False)
    assert alone[-1][-1] == ("duplicate", False, "near_duplicate")
    assert all(v[-1][1] for v in alone[:-1])
    assert verdicts(tmp_path / "b", parallel=True) == alone
    # the four gate threads' round trips queue for this process's round-trip threads: one
    # LibreOffice profile (and soffice) per round-trip thread, not one per gate thread
    assert len({p.name for p in (tmp_path / "b" / "lo").iterdir()}) == offload.MAX_THREADS


def test_a_folder_output_declares_the_files_moved_inside_it_and_nothing_outside(tmp_path: Path) -> None:
    """Organising a folder moves its files to new paths: they are the declared output (the folder
    as the task leaves it). A file written outside it is still undeclared; a stray file inside it
    fails the check, and the junk probe shows the rubric would catch one."""
    skill = next(s for s in load_taxonomy().skills.values() if s.workflow == "files.organise_by_type")
    good = WORKFLOWS.get("files.organise_by_type").build(skill, 3)
    folder = good.outputs()[0].path
    results = run_gates(good, GateContext(scratch_root=tmp_path / "good"))
    assert results[-1].passed, results[-1].message
    assert results[-1].details["mutations"]["tree.junk_file"] == "caught"
    assert results[-1].details["mutations"]["tree.left_behind"] == "caught"
    outside = run_gate("package", appended_reference(good, "echo notes > moved_list.txt"),
                       GateContext(scratch_root=tmp_path / "outside"))
    assert (outside.passed, outside.reason) == (False, "undeclared_file"), outside.message
    assert "moved_list.txt" in outside.message
    inside = run_gate("package", appended_reference(good, f"echo notes > {folder}/moved_list.txt"),
                      GateContext(scratch_root=tmp_path / "inside"))
    assert (inside.passed, inside.reason) == (False, "oracle_fails"), inside.message
    assert f"{folder}/moved_list.txt should not be there" in inside.message
