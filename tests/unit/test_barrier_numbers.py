"""The information barrier on NUMBERS: a check's numeric option (a threshold, a number of decimal
places) must be a number the instruction states, as a whole number, not a digit run inside another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from forge.models import Check, TaskBundle
from gates import GateContext, run_gate
from skills import load_taxonomy
from workflows import WORKFLOWS


def build(skill_id: str) -> TaskBundle:
    skill = load_taxonomy().get(skill_id)
    return WORKFLOWS.get(skill.workflow).build(skill, 4)


def altered(bundle: TaskBundle, func: str, instruction: str | None = None, **options: Any) -> TaskBundle:
    checks = [Check(func=c.func, options={**c.options, **options}) if c.func == func else c
              for c in bundle.rubric.checks]
    update: dict[str, Any] = {"rubric": bundle.rubric.model_copy(update={"checks": checks})}
    if instruction is not None:
        update["instruction"] = instruction
    return bundle.model_copy(update=update)


@pytest.fixture(scope="module")
def over_3500() -> TaskBundle:
    bundle = build("spreadsheet.data.filter.greater_than")
    check = next(c for c in bundle.rubric.checks if c.func == "table.rows_where")
    assert check.options["threshold"] == 3500 and "greater than 3500 (Bonus > 3500)" in bundle.instruction
    return bundle


def consistency(bundle: TaskBundle, tmp_path: Path) -> tuple[bool, str | None, Any]:
    result = run_gate("consistency", bundle, GateContext(scratch_root=tmp_path))
    return result.passed, result.reason, result.details.get("option")


@pytest.mark.parametrize("threshold", [3500, 3500.0])
def test_a_stated_threshold_passes(over_3500: TaskBundle, tmp_path: Path, threshold: float) -> None:
    assert consistency(altered(over_3500, "table.rows_where", threshold=threshold), tmp_path)[0]


@pytest.mark.parametrize("threshold", [3501, 3499, 350, 35000, 3500.5, 35, -3500, 0])
def test_an_unstated_threshold_is_refused(over_3500: TaskBundle, tmp_path: Path, threshold: float) -> None:
    bundle = altered(over_3500, "table.rows_where", threshold=threshold)
    assert consistency(bundle, tmp_path) == (False, "check_mirrors_setup", "threshold")


def test_a_number_inside_a_longer_one_is_not_stated(over_3500: TaskBundle, tmp_path: Path) -> None:
    wider = over_3500.instruction.replace("3500", "35000")
    assert consistency(altered(over_3500, "table.rows_where", wider), tmp_path) == (
        False, "check_mirrors_setup", "threshold")
    decimal = over_3500.instruction.replace("3500", "3500.5")  # 3500 is stated only as part of 3500.5
    assert consistency(altered(over_3500, "table.rows_where", decimal), tmp_path)[0] is False


def test_a_number_with_thousands_separators_is_stated(over_3500: TaskBundle, tmp_path: Path) -> None:
    grouped = over_3500.instruction.replace("3500", "3,500")
    assert consistency(altered(over_3500, "table.rows_where", grouped), tmp_path)[0]


def test_a_fractional_threshold_must_be_stated_to_its_last_digit(over_3500: TaskBundle, tmp_path: Path) -> None:
    stated = over_3500.instruction.replace("3500", "3500.25")
    assert consistency(altered(over_3500, "table.rows_where", stated, threshold=3500.25), tmp_path)[0]
    assert consistency(altered(over_3500, "table.rows_where", stated, threshold=3500.2), tmp_path) == (
        False, "check_mirrors_setup", "threshold")


def test_numbers_are_compared_to_six_decimal_places(over_3500: TaskBundle, tmp_path: Path) -> None:
    """Both sides rounded to 6 places: a 7th-place difference is float formatting, a 6th-place one a
    different number."""
    stated = over_3500.instruction.replace("3500", "3500.1234567")
    for threshold in (3500.1234567, 3500.1234571):
        assert consistency(altered(over_3500, "table.rows_where", stated, threshold=threshold), tmp_path)[0]
    assert consistency(altered(over_3500, "table.rows_where", stated, threshold=3500.123458), tmp_path) == (
        False, "check_mirrors_setup", "threshold")


def test_decimal_places_are_numbers_the_instruction_states(tmp_path: Path) -> None:
    bundle = build("spreadsheet.formula.derived_column.product")
    assert "rounded to 2 decimal places" in bundle.instruction
    assert consistency(bundle, tmp_path)[0]
    assert consistency(altered(bundle, "table.derived_column", decimals=3), tmp_path) == (
        False, "check_mirrors_setup", "decimals")


def test_tuning_numbers_are_exempt_and_text_is_still_checked(over_3500: TaskBundle, tmp_path: Path) -> None:
    total = build("spreadsheet.formula.total_row.sum")
    assert consistency(altered(total, "table.total_row", tolerance=0.37), tmp_path)[0]  # how strictly, not what
    assert consistency(altered(over_3500, "table.rows_where", threshold="3500"), tmp_path)[0]
    assert consistency(altered(over_3500, "table.rows_where", column="Bonu"), tmp_path) == (
        False, "check_mirrors_setup", "column")


def test_a_mapping_option_is_stated_key_by_key_and_value_by_value(tmp_path: Path) -> None:
    """A check option that is a mapping (a call's expected result {'A-1': 7, ...}) is stated when each
    key and each value is; one changed key or value is refused."""
    skills = sorted(s.id for s in load_taxonomy().skills.values() if s.workflow == "code.fix_reported_bug")
    bundle = next(b for b in (build(s) for s in skills)
                  if isinstance(b.rubric.checks[0].options["results"][0], dict))
    expected = bundle.rubric.checks[0].options["results"][0]
    assert consistency(bundle, tmp_path)[0]
    key, value = next(iter(expected.items()))
    for wrong in ({**expected, key: value + 1001}, {**{f"{key}Z": value}, **expected}):
        changed = altered(bundle, "project.regression_fixed", results=[wrong])
        assert consistency(changed, tmp_path) == (False, "check_mirrors_setup", "results"), wrong
