"""The gates at their edges, with literal inputs: which numbers an instruction states (signs,
separators, 6-place rounding; distinctive ones have three digits or a fraction), the consistency
gate's own edges (a file the instruction never names, checks numbered from 1, a threshold stated
to 6 places, closed vocabularies), the runner (stops at the first rejection; a duration is the time
the gate ran), the 20 MiB input bound, and near duplicates at threshold 1.0."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Literal

import pytest
from pydantic import ValidationError

from forge.models import SetupStep, TaskBundle
from gates import GateContext, run_gate, run_gates
from gates._numbers import numbers_in
from gates.consistency import _closed, _scalars
from gates.duplicates import NearDuplicateIndex, signature
from tests.unit.test_barrier_numbers import altered, build, consistency
from tests.unit.test_store import make_bundle


def test_numbers_as_written() -> None:
    assert numbers_in("Keep rows over 1,234.5 or under -3, not 7") == {1234.5, -3.0, 7.0}
    assert numbers_in("no numbers here") == set()
    assert numbers_in("0.1234567 and 0.1234564") == {0.123457, 0.123456}  # rounded to 6 places


def test_distinctive_numbers_have_three_digits_or_a_fraction() -> None:
    text = "rows 12 and -34, 99.5, 100, -250, 0.5, 1,000"
    assert numbers_in(text, distinctive=True) == {99.5, 100.0, -250.0, 0.5, 1000.0}
    assert numbers_in(text) == {12.0, -34.0, 99.5, 100.0, -250.0, 0.5, 1000.0}
    assert numbers_in("7.0", distinctive=True) == {7.0}  # a written fraction is distinctive, even .0


# --- the consistency gate ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def over_3500() -> TaskBundle:
    return build("spreadsheet.data.filter.greater_than")


def test_a_file_the_instruction_never_names_is_refused(over_3500: TaskBundle, tmp_path: Path) -> None:
    path = over_3500.files[0].path
    bundle = over_3500.model_copy(update={"instruction": over_3500.instruction.replace(path, "the file")})
    result = run_gate("consistency", bundle, GateContext(scratch_root=tmp_path))
    assert (result.passed, result.reason) == (False, "file_not_in_instruction") and path in result.message


def test_checks_are_numbered_from_one(over_3500: TaskBundle, tmp_path: Path) -> None:
    first = over_3500.rubric.checks[0]
    assert "file" in first.options
    bundle = altered(over_3500, first.func, file="outputs/undeclared.xlsx")
    result = run_gate("consistency", bundle, GateContext(scratch_root=tmp_path))
    assert result.reason == "check_reads_undeclared_file"
    assert result.message.startswith(f"check 1 ({first.func}) reads outputs/undeclared.xlsx")


def test_a_threshold_stated_to_six_places_passes(over_3500: TaskBundle, tmp_path: Path) -> None:
    six = over_3500.instruction.replace("3500", "0.123456")
    assert consistency(altered(over_3500, "table.rows_where", six, threshold=0.123456), tmp_path)[0]
    assert consistency(altered(over_3500, "table.rows_where", six, threshold=0.1234564), tmp_path)[0]  # 7th place
    five = over_3500.instruction.replace("3500", "0.12346")  # the same to 5 places is another number
    assert consistency(altered(over_3500, "table.rows_where", five, threshold=0.123456), tmp_path)[0] is False


# --- near duplicates ---------------------------------------------------------------------------------


def test_an_index_at_threshold_1_refuses_only_exact_twins() -> None:
    words = " ".join(f"word{n}" for n in range(70))
    first = make_bundle(1).model_copy(update={"instruction": f"{words} end."})
    near = first.model_copy(update={"instruction": f"{words} finish."})  # one 3-gram of 70 differs
    assert 0.98 <= signature(near).jaccard(signature(first)) < 1.0  # an LSH candidate, below the threshold
    index = NearDuplicateIndex(threshold=1.0)
    assert index.claim(first) is None
    assert index.find(near) is None
    twin = first.model_copy(update={"seed": 2})  # the same instruction, workflow and parameters
    assert index.find(twin) == (first.id, 1.0)


def test_closed_vocabularies_and_scalars() -> None:
    assert _closed(bool) and _closed(Literal["a", "b"]) and _closed(Literal["a"] | None)
    assert not _closed(str) and not _closed(str | None) and not _closed(int | bool)
    assert _scalars([True, None, 3, ["x", False, 2.5]]) == [3, "x", 2.5]  # bools and blanks state nothing
    assert _scalars(None) == [] and _scalars(False) == [] and _scalars("t") == ["t"]


# --- the gate runner and the file gate's size bound --------------------------------------------------


def test_run_gates_stops_at_the_first_rejection(over_3500: TaskBundle, tmp_path: Path) -> None:
    path = over_3500.files[0].path
    bundle = over_3500.model_copy(update={"instruction": over_3500.instruction.replace(path, "the file")})
    results = run_gates(bundle, GateContext(scratch_root=tmp_path))
    assert [(r.gate, r.passed) for r in results] == [("file", True), ("consistency", False)]


def test_a_gates_duration_is_the_time_it_ran(over_3500: TaskBundle, tmp_path: Path) -> None:
    started = time.perf_counter()
    result = run_gate("consistency", over_3500, GateContext(scratch_root=tmp_path))
    elapsed = time.perf_counter() - started
    assert result.passed and 0 <= result.duration_s <= elapsed + 1e-4
    started = time.perf_counter()
    refused = run_gate("consistency", altered(over_3500, "table.rows_where", threshold=3501),
                       GateContext(scratch_root=tmp_path))
    elapsed = time.perf_counter() - started
    assert not refused.passed and 0 <= refused.duration_s <= elapsed + 1e-4


def test_the_gate_context_is_frozen(tmp_path: Path) -> None:
    ctx = GateContext(scratch_root=tmp_path)
    with pytest.raises(ValidationError):
        ctx.max_file_bytes = 1


@pytest.mark.parametrize(("size", "too_large"), [(20_971_520, False), (20_971_521, True)])  # 20 MiB, written out
def test_an_input_file_over_20_mib_is_refused(over_3500: TaskBundle, tmp_path: Path, size: int,
                                              too_large: bool) -> None:
    files = [f.model_copy(update={"content": b"x" * size}) if f.role == "input" else f for f in over_3500.files]
    result = run_gate("file", over_3500.model_copy(update={"files": files}), GateContext(scratch_root=tmp_path))
    assert not result.passed and (result.reason == "file_too_large") is too_large, result.message
    if too_large:
        assert f"{size} bytes, over the 20971520-byte bound" in result.message


# --- the file gate's text bounds and messages ----------------------------------------------------------


@pytest.mark.parametrize(("length", "refused"), [(39, True), (40, False), (4000, False), (4001, True)])
def test_the_instruction_is_40_to_4000_characters(over_3500: TaskBundle, tmp_path: Path, length: int,
                                                   refused: bool) -> None:
    text = (over_3500.instruction + " " + "x" * 4001)[:length]
    result = run_gate("file", over_3500.model_copy(update={"instruction": text}), GateContext(scratch_root=tmp_path))
    assert (result.reason == "instruction_length") is refused, result.message


def test_a_leftover_is_shown_with_30_characters_either_side(over_3500: TaskBundle, tmp_path: Path) -> None:
    text = "A" * 50 + " {{ x }} " + "B" * 50
    result = run_gate("file", over_3500.model_copy(update={"instruction": text}), GateContext(scratch_root=tmp_path))
    assert result.reason == "template_leftover"
    assert result.message == "instruction contains '{{' (…" + "A" * 29 + " {{ x }} " + "B" * 24 + "…)"
    short = run_gate("file", over_3500.model_copy(update={"instruction": "{{ x }} " + "C" * 60}),
                     GateContext(scratch_root=tmp_path))
    assert short.message == "instruction contains '{{' (…{{ x }} " + "C" * 24 + "…)"  # nothing before it to show


def test_a_setup_step_is_numbered_from_one(over_3500: TaskBundle, tmp_path: Path) -> None:
    bundle = over_3500.model_copy(update={"setup": [SetupStep(type="no_such_step", parameters={})]})
    result = run_gate("file", bundle, GateContext(scratch_root=tmp_path))
    assert result.reason == "unknown_setup_step" and result.message.startswith("setup step 1: ")


def test_an_input_listed_after_an_output_is_still_inspected(over_3500: TaskBundle, tmp_path: Path) -> None:
    outputs = [f for f in over_3500.files if f.role == "output"]
    inputs = [f.model_copy(update={"content": b"not a workbook"}) for f in over_3500.files if f.role == "input"]
    bundle = over_3500.model_copy(update={"files": [*outputs, *inputs]})
    result = run_gate("file", bundle, GateContext(scratch_root=tmp_path))
    assert not result.passed and result.reason in {"file_unreadable", "file_malformed"}, result.message
