"""Every one-table spreadsheet workflow (`workflows.spreadsheet._common.SheetWorkflow`): valid,
seeded bundles whose reference solution passes its own rubric for real (run with bash in a temp
job dir), while an untouched or perturbed job dir fails. The workbook families made in `draw`
(`_book`) are tested in test_spreadsheet_book.py and by the office variants contract test."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import openpyxl
import pytest

import workflows
from forge.checks import FinalState, parse_options, run_rubric
from forge.errors import WorkflowError
from forge.models import Skill, TaskBundle
from preparers import FILE_TYPES
from workflows.spreadsheet._common import SheetWorkflow

EXPECTED = {
    "spreadsheet.total_row",
    "spreadsheet.sort_rows",
    "spreadsheet.derived_column",
    "spreadsheet.filter_rows",
}
NAMES = [n for n in workflows.WORKFLOWS if n.startswith("spreadsheet.")
         and isinstance(workflows.WORKFLOWS.get(n), SheetWorkflow)]
# Every value each workflow reads from its skill's params; {} lets the workflow draw them.
SKILL_PARAMS: dict[str, list[dict[str, Any]]] = {
    "spreadsheet.total_row": [{}, *({"aggregate": a} for a in ["sum", "average", "max", "min"])],
    "spreadsheet.sort_rows": [{}, {"descending": True}, {"descending": False}],
    "spreadsheet.derived_column": [
        {},
        *({"operation": o} for o in ["product", "difference", "sum", "ratio"]),
    ],
    "spreadsheet.filter_rows": [{}, *({"operator": o} for o in [">", ">=", "<", "<=", "=="])],
}
KIND_PARAMS = [{"kind": k} for k in ["sales", "employees", "inventory", "budget"]]
SEEDS = [0, 1, 2, 3]


def skill(workflow: str, params: dict[str, Any] | None = None) -> Skill:
    return Skill(
        id=f"{workflow}.test",
        apps=["spreadsheet"],
        category="spreadsheet.test",
        description=f"test skill for {workflow}",
        workflow=workflow,
        params=params or {},
    )


def build(name: str, seed: int, params: dict[str, Any] | None = None) -> TaskBundle:
    return workflows.WORKFLOWS.get(name).build(skill(name, params), seed)


def configs(name: str) -> list[tuple[int, dict[str, Any]]]:
    """(seed, skill params) pairs covering every param value and every table kind at least once
    (a forced kind also exercises a workflow's fallbacks, e.g. generic derived-column names)."""
    variants = SKILL_PARAMS[name] + [{}] * max(0, len(KIND_PARAMS) - len(SKILL_PARAMS[name]))
    return [
        (seed, {**KIND_PARAMS[seed % len(KIND_PARAMS)], **params}) for seed, params in enumerate(variants)
    ]


# --- running the reference -----------------------------------------------------------------


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    return env


def make_job(bundle: TaskBundle, root: Path) -> tuple[Path, dict[str, bytes]]:
    job = root / "job"
    job.mkdir(parents=True)
    originals: dict[str, bytes] = {}
    for f in bundle.inputs():
        assert f.content is not None
        (job / f.path).parent.mkdir(parents=True, exist_ok=True)
        (job / f.path).write_bytes(f.content)
        originals[f.path] = f.content
    (job / "outputs").mkdir()
    return job, originals


def run_reference(bundle: TaskBundle, job: Path) -> None:
    for step in bundle.reference.steps:
        assert step.tool == "bash"
        proc = subprocess.run(
            ["bash", "-c", step.arguments["command"]],
            cwd=job,
            env=_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0, f"step {step.action!r} failed:\n{proc.stdout}\n{proc.stderr}"


def rubric(bundle: TaskBundle, job: Path, originals: dict[str, bytes]):  # noqa: ANN201
    return run_rubric(bundle.rubric.checks, FinalState(job, originals))


@pytest.fixture(scope="module")
def solved(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[tuple[str, int], tuple[TaskBundle, Path, dict[str, bytes]]]:
    """Each workflow x config, with the reference solution applied once (shared by the tests)."""
    out = {}
    for name in NAMES:
        for seed, params in configs(name):
            bundle = build(name, seed, params)
            job, originals = make_job(bundle, tmp_path_factory.mktemp(name.replace(".", "_")))
            out[(name, seed)] = (bundle, job, originals)
    with ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as pool:  # each step starts python
        list(pool.map(lambda item: run_reference(item[0], item[1]), out.values()))
    return out


# --- the bundle ----------------------------------------------------------------------------


def test_all_spreadsheet_workflows_registered() -> None:
    assert EXPECTED <= set(NAMES)
    assert set(SKILL_PARAMS) >= set(NAMES), "add the new workflow's skill params to SKILL_PARAMS"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_bundle_is_valid(name: str, seed: int) -> None:
    bundle = build(name, seed)
    again = TaskBundle.model_validate_json(bundle.model_dump_json())
    assert again == bundle and again.id == bundle.id
    assert TaskBundle.model_validate(json.loads(bundle.model_dump_json())).id == bundle.id
    assert bundle.workflow == name and bundle.apps == ["spreadsheet"]

    (inp,), (out,) = bundle.inputs(), bundle.outputs()
    assert re.fullmatch(r"inputs/[a-z0-9_]+\.xlsx", inp.path) and inp.type == "xlsx" and inp.content
    assert re.fullmatch(r"outputs/[a-z0-9_]+\.xlsx", out.path) and out.type == "xlsx" and out.content is None

    declared = {f.path for f in bundle.files}
    for check in bundle.rubric.checks:
        opts = parse_options(check)  # options match the registered model
        assert set(opts.files_read()) <= declared, check
    assert 2 <= len(bundle.rubric.criteria) <= 3

    steps = bundle.reference.steps
    assert 2 <= len(steps) <= 3
    for step in steps:
        assert step.tool == "bash" and step.arguments["command"].strip()
        assert len(step.thought) > 20 and step.action.strip() and "\n" not in step.action


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_instruction_is_rendered(name: str, seed: int) -> None:
    bundle = build(name, seed)
    text = bundle.instruction
    for leftover in ["{{", "}}", "{%", "None", "[", "]"]:
        assert leftover not in text, leftover
    assert bundle.inputs()[0].path in text and bundle.outputs()[0].path in text
    assert f'"{bundle.params["sheet"]}"' in text


@pytest.mark.parametrize("name", NAMES)
def test_seeding(name: str) -> None:
    assert build(name, 11).id == build(name, 11).id
    fresh: list[str] = []  # a new thread builds with a new Faker; this one reuses its own, reseeded
    thread = threading.Thread(target=lambda: fresh.append(build(name, 11).id))
    thread.start()
    thread.join()
    assert fresh == [build(name, 11).id]
    assert build(name, 11).inputs()[0].content == build(name, 11).inputs()[0].content
    ids = {build(name, seed).id for seed in range(6)}
    assert len(ids) == 6


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_input_file_inspects(name: str, seed: int) -> None:
    bundle = build(name, seed)
    report = FILE_TYPES.get("xlsx").inspect(bundle.inputs()[0].content)
    assert report.summary["sheets"] == [bundle.params["sheet"]]
    assert report.summary["formulas"] == 0
    assert "{{" not in report.text and "None" not in report.text


@pytest.mark.parametrize("name", NAMES)
def test_skill_params_are_honoured(name: str) -> None:
    for params in SKILL_PARAMS[name] + KIND_PARAMS:
        bundle = build(name, 5, params)
        for key, value in params.items():
            if key == "kind":
                assert bundle.inputs()[0].description  # the kind shapes the table, not a param
            else:
                assert bundle.params[key] == value, (key, bundle.params)
    bad_key = next(k for p in SKILL_PARAMS[name] for k in p)
    with pytest.raises(WorkflowError, match=bad_key):
        build(name, 5, {bad_key: "not-a-valid-value"})


def test_kind_param_picks_the_table() -> None:
    bundle = build("spreadsheet.sort_rows", 1, {"kind": "inventory"})
    header = next(
        openpyxl.load_workbook(_bytes_io(bundle.inputs()[0].content)).active.iter_rows(values_only=True)
    )
    assert "SKU" in header


def test_total_row_instruction_holds_no_answer() -> None:
    for seed in range(10):
        bundle = build("spreadsheet.total_row", seed)
        ws = openpyxl.load_workbook(_bytes_io(bundle.inputs()[0].content)).active
        rows = list(ws.iter_rows(values_only=True))
        for name in bundle.params["columns"]:
            i = rows[0].index(name)
            values = [r[i] for r in rows[1:]]
            for answer in [math.fsum(values), math.fsum(values) / len(values)]:
                for shown in {f"{answer:g}", f"{answer:.2f}", f"{answer:,.2f}", str(round(answer))}:
                    assert shown not in bundle.instruction, (shown, bundle.instruction)


def test_filter_threshold_keeps_some_but_not_all() -> None:
    from forge.checks.table import satisfies

    for params in SKILL_PARAMS["spreadsheet.filter_rows"]:
        for seed in range(8):
            bundle = build("spreadsheet.filter_rows", seed, params)
            ws = openpyxl.load_workbook(_bytes_io(bundle.inputs()[0].content)).active
            rows = list(ws.iter_rows(values_only=True))
            i = rows[0].index(bundle.params["column"])
            kept = sum(
                satisfies(r[i], bundle.params["operator"], bundle.params["threshold"]) for r in rows[1:]
            )
            assert 0 < kept < len(rows) - 1, (bundle.params, kept)


def _bytes_io(data: bytes | None):  # noqa: ANN202
    import io

    assert data is not None
    return io.BytesIO(data)


# --- the reference solution, for real --------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_reference_passes_and_untouched_fails(name: str, solved, tmp_path: Path) -> None:  # noqa: ANN001
    for seed, _ in configs(name):
        bundle, job, originals = solved[(name, seed)]
        result = rubric(bundle, job, originals)
        assert result.passed, [c.message for c in result.failures()]
        untouched, untouched_originals = make_job(bundle, tmp_path / f"untouched{seed}")
        assert not rubric(bundle, untouched, untouched_originals).passed
        # copying the input to the output path is not a solution either
        (untouched / bundle.outputs()[0].path).write_bytes(bundle.inputs()[0].content or b"")
        assert not rubric(bundle, untouched, untouched_originals).passed


def _last_data_row(bundle: TaskBundle, ws: Any) -> int:
    return ws.max_row - 1 if bundle.workflow == "spreadsheet.total_row" else ws.max_row


def _numeric_cell(ws: Any, row: int, columns: range) -> Any:
    for col in columns:
        cell = ws.cell(row=row, column=col)
        if isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool):
            return cell
    raise AssertionError(f"row {row} has no numeric cell")


def mutate(bundle: TaskBundle, job: Path, how: str) -> None:
    path = job / bundle.outputs()[0].path
    wb = openpyxl.load_workbook(path)
    ws = wb[bundle.params["sheet"]]
    input_width = openpyxl.load_workbook(_bytes_io(bundle.inputs()[0].content)).active.max_column
    if how == "change_data_value":
        cell = _numeric_cell(ws, 2, range(1, input_width + 1))
        cell.value = cell.value + 1000.5
    elif how == "delete_last_data_row":
        ws.delete_rows(_last_data_row(bundle, ws))
    elif how == "change_result_value":
        cell = _numeric_cell(ws, ws.max_row, range(ws.max_column, 0, -1))
        cell.value = cell.value + 1000.5
    else:
        raise AssertionError(how)
    wb.save(path)


@pytest.mark.slow
@pytest.mark.parametrize("how", ["change_data_value", "delete_last_data_row", "change_result_value"])
@pytest.mark.parametrize("name", NAMES)
def test_mutated_reference_fails(name: str, how: str, solved, tmp_path: Path) -> None:  # noqa: ANN001
    for seed, _ in configs(name):
        bundle, solved_job, originals = solved[(name, seed)]
        job, _ = make_job(bundle, tmp_path / f"s{seed}")
        out = bundle.outputs()[0].path
        (job / out).write_bytes((solved_job / out).read_bytes())
        assert rubric(bundle, job, originals).passed
        mutate(bundle, job, how)
        result = rubric(bundle, job, originals)
        assert not result.passed, (how, bundle.params)
        assert all(not c.message.startswith("check ") for c in result.failures())  # failed, not errored
