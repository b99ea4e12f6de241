"""The gates' helpers at their edges, with literal inputs: which numbers an instruction states
(signs, separators, the 6-place rounding) and which count as distinctive (two digits do not,
three do, a fraction always does), and the consistency gate's own edges (a file the instruction
never names, checks numbered from 1, a threshold stated to 6 places)."""

from __future__ import annotations

from pathlib import Path

import pytest

from forge.models import TaskBundle
from gates import GateContext, run_gate
from gates._numbers import numbers_in
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
