"""The package gate's edges that its rejection table (test_gates.py) passes through without
looking: the do-nothing probe reads the inputs as given, the FIRST failed reference step is named,
at most 20 undeclared files are kept, outputs the mutators or inspectors cannot read are refused
by name, an office output's failed round trip rejects (a skipped or passed one does not), the
params a task states on purpose, the leak message's caps, probe timings, and a host error in
setup that still removes the job dir. Real sandboxes, real files.

The round trip is the gate's injected collaborator (`GateContext.roundtrip`); a scripted one
answers here, so a failed verdict needs no file LibreOffice mangles (the real round trip's
rejections: tests/integration/test_apps_gates.py)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pytest
from PIL import Image

from forge.models import Check, ReferenceSolution, ReferenceStep, Rubric, SetupStep, TaskBundle, TaskFile
from gates import GateContext, run_gate
from gates.package_gate import _no_answer_in_instruction, _stated_numbers
from gates.spec import Rejection


def bash(*commands: str) -> ReferenceSolution:
    return ReferenceSolution(steps=[ReferenceStep(thought="t", action=f"Run command {i + 1}", tool="bash",
                                                  arguments={"command": c}) for i, c in enumerate(commands)])


def hand_made(files: list[TaskFile], checks: list[Check], reference: ReferenceSolution,
              setup: list[SetupStep] | None = None) -> TaskBundle:
    return TaskBundle(skill_ids=["files.hand.made"], apps=["files"], files=files, setup=setup or [],
                      instruction="Work on the files under inputs/ and write what is asked under outputs/.",
                      rubric=Rubric(checks=checks), reference=reference, seed=1, workflow="hand.made",
                      workflow_version="1")


def png(size: tuple[int, int] = (48, 32)) -> bytes:
    image = Image.new("RGB", size)
    image.putdata([(x * 5 % 256, y * 7 % 256, (x * y) % 256) for y in range(size[1]) for x in range(size[0])])
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def workbook_with(bundle: TaskBundle, *rows: list[object]) -> bytes:
    book = openpyxl.load_workbook(io.BytesIO(bundle.inputs()[0].content or b""))
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str = ""


# --- probes ---------------------------------------------------------------------------------------------


def test_the_do_nothing_probe_compares_with_the_inputs_as_given(gate_ctx: GateContext) -> None:
    """Setup already left a copy of the picture where the output goes: a rubric that only asks for
    the same picture passes an agent that does nothing, which the probe sees only if it reads the
    real input (not an empty one)."""
    photo = TaskFile(path="inputs/photo.png", role="input", type="png", content=png())
    output = TaskFile(path="outputs/photo.png", role="output", type="png")
    bundle = hand_made([photo, output], [Check(func="image.same_picture", options={
        "file": output.path, "input_file": photo.path})], bash("true"),
        setup=[SetupStep(type="execute", parameters={"command": f"mkdir -p outputs && cp {photo.path} {output.path}"})])
    result = run_gate("package", bundle, gate_ctx)
    assert (result.passed, result.reason) == (False, "rubric_passes_untouched"), result.message


def test_the_first_failed_reference_step_is_the_one_named(sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    result = run_gate("package", sort_bundle.model_copy(update={"reference": bash("exit 4", "exit 5")}), gate_ctx)
    assert result.reason == "oracle_step_failed", result.message
    assert result.message.startswith("reference step 1 (Run command 1) exited 4"), result.message


def test_twenty_undeclared_files_are_kept_in_the_details(sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    strays = [f"outputs/stray{i:02d}.txt" for i in range(1, 23)]
    reference = sort_bundle.reference.model_copy(update={"steps": [*sort_bundle.reference.steps,
                                                                    *bash("touch " + " ".join(strays)).steps]})
    result = run_gate("package", sort_bundle.model_copy(update={"reference": reference}), gate_ctx)
    assert result.reason == "undeclared_file", result.message
    assert result.details["files"] == strays[:20]


def test_an_output_the_mutators_cannot_read_is_refused_by_name(gate_ctx: GateContext) -> None:
    """A csv under a name no file type claims: it inspects as csv, but no mutant can be built."""
    notes = TaskFile(path="inputs/notes.txt", role="input", type="txt", content=b"Regions and their units.\n")
    output = TaskFile(path="outputs/report.dat", role="output", type="csv")
    bundle = hand_made([notes, output], [Check(func="file.exists", options={"file": output.path})],
                       bash(f"mkdir -p outputs && printf 'region,units\\nNorth,5\\n' > {output.path}"))
    result = run_gate("package", bundle, gate_ctx)
    assert result.reason == "oracle_output_unreadable", result.message
    assert result.message.startswith("cannot build the mutation probes: outputs/report.dat"), result.message


def test_an_output_its_type_cannot_open_is_refused_by_name(sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    output = sort_bundle.outputs()[0].path
    lax = sort_bundle.rubric.model_copy(update={"checks": [Check(func="file.exists", options={"file": output})]})
    broken = sort_bundle.model_copy(update={"rubric": lax, "reference": bash(f"printf 'not a workbook' > {output}")})
    result = run_gate("package", broken, gate_ctx)
    assert result.reason == "oracle_output_unreadable", result.message
    assert result.message.startswith(f"{output}: "), result.message


def test_probe_timings_are_durations_within_the_gates_own(sort_bundle: TaskBundle, gate_ctx: GateContext) -> None:
    """Probes run one after another, but the do-nothing probe overlaps the oracle: together they
    take at most twice the gate's own time."""
    result = run_gate("package", sort_bundle, gate_ctx)
    assert result.passed, result.message
    seconds = result.details["probe_seconds"]
    assert isinstance(seconds, dict) and {"oracle", "do_nothing", "mutations", "answer_leak"} <= set(seconds)
    assert all(isinstance(s, float) and 0 <= s <= result.duration_s for s in seconds.values()), seconds
    assert sum(seconds.values()) <= 2 * result.duration_s, (seconds, result.duration_s)  # type: ignore[arg-type]


def test_a_host_error_while_setting_up_still_removes_the_job_dir(gate_ctx: GateContext) -> None:
    """An input whose path runs through another input's file is the host's OSError, not a task's
    rejection: it propagates, and no job or probe dir is left behind."""
    files = [TaskFile(path="inputs/a", role="input", type="txt", content=b"a file\n"),
             TaskFile(path="inputs/a/b.txt", role="input", type="txt", content=b"under a file\n"),
             TaskFile(path="outputs/out.txt", role="output", type="txt")]
    bundle = hand_made(files, [Check(func="file.exists", options={"file": "outputs/out.txt"})], bash("true"))
    with pytest.raises(OSError):
        run_gate("package", bundle, gate_ctx)
    assert list(gate_ctx.scratch_root.iterdir()) == []


# --- the LibreOffice round trip of outputs ------------------------------------------------------------------


@pytest.mark.parametrize(("verdict", "passes"), [(Verdict(False, "the sheet lost its header"), False),
                                                 (Verdict(True), True), (None, True)])
def test_an_output_that_fails_its_round_trip_rejects(sort_bundle: TaskBundle, tmp_path: Path,
                                                     verdict: Verdict | None, passes: bool) -> None:
    asked: list[str] = []

    def trip(data: bytes, file_type: str) -> Verdict | None:
        asked.append(file_type)
        return verdict

    result = run_gate("package", sort_bundle, GateContext(scratch_root=tmp_path, roundtrip=trip))
    assert asked == ["xlsx"]
    assert result.passed is passes, result.message
    if not passes:
        output = sort_bundle.outputs()[0].path
        assert (result.reason, result.details) == ("output_roundtrip_failed", {"path": output})
        assert result.message == (f"{output}: the reference's output does not survive the LibreOffice round trip: "
                                  "the sheet lost its header")


# --- numbers the instruction states on purpose ------------------------------------------------------------


@pytest.mark.parametrize("names", [["nope"], "target", [3]])
def test_stated_params_must_name_the_tasks_params(sort_bundle: TaskBundle, names: object) -> None:
    stating = sort_bundle.model_copy(update={"params": {**sort_bundle.params, "target": 98765},
                                             "provenance": {"stated_params": names}})
    with pytest.raises(Rejection) as caught:
        _stated_numbers(stating)
    assert caught.value.reason == "invalid_stated_params"
    assert "target" in caught.value.message  # the params it could have named


def test_a_stated_number_is_no_leak_and_only_the_instructions_own_count(sort_bundle: TaskBundle) -> None:
    """The task states two numbers on purpose and the oracle writes one of them: no leak. A
    stated param whose number the instruction does not show states nothing."""
    outputs = {sort_bundle.outputs()[0].path: workbook_with(sort_bundle, ["target", 98765])}
    stating = sort_bundle.model_copy(update={
        "params": {**sort_bundle.params, "targets": [98765, 43210]}, "provenance": {"stated_params": ["targets"]},
        "instruction": sort_bundle.instruction + " Then write 98765 beside 43210."})
    assert _stated_numbers(stating) == {98765.0, 43210.0}
    _no_answer_in_instruction(stating, outputs)
    unshown = stating.model_copy(update={"instruction": sort_bundle.instruction + " Then write 98765."})
    assert _stated_numbers(unshown) == {98765.0}
    quiet = stating.model_copy(update={"instruction": sort_bundle.instruction})
    assert _stated_numbers(quiet) == set()


def test_a_leak_names_three_numbers_and_keeps_ten(sort_bundle: TaskBundle) -> None:
    leaked = [10001 + 111 * i for i in range(12)]
    outputs = {sort_bundle.outputs()[0].path: workbook_with(sort_bundle, *[["total", n] for n in leaked])}
    giving = sort_bundle.model_copy(update={"instruction": sort_bundle.instruction + " Totals: "
                                            + ", ".join(str(n) for n in leaked) + "."})
    with pytest.raises(Rejection) as caught:
        _no_answer_in_instruction(giving, outputs)
    assert caught.value.reason == "answer_in_instruction"
    assert caught.value.message == f"the instruction gives away the expected result {[float(n) for n in leaked[:3]]}"
    assert caught.value.details["values"] == [str(float(n)) for n in leaked[:10]]
