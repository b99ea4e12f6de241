"""The workbook families made in `draw` (`workflows.spreadsheet._book`): every skill param they
take changes the bundle; in place means the output IS the input; instructions render fully and
name the files and the data sheet; the same seed gives the same bundle. (That each variant passes
the gates for real is tests/contract/test_office_variants.py.)"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

import pytest

import workflows
from forge.models import Skill, TaskBundle
from workflows.spreadsheet._book import BookOptions

BASE = {("spreadsheet.remove_duplicates", "keep"): {"by": "id"}}  # keep applies to repeated IDs only (one axis value)
NAMES = [n for n in workflows.WORKFLOWS if n.startswith("spreadsheet.")
         and issubclass(workflows.WORKFLOWS.get(n).spec.skill_params, BookOptions)]


def build(name: str, seed: int, params: dict[str, Any] | None = None) -> TaskBundle:
    skill = Skill(id=f"{name}.test", apps=["spreadsheet"], category="spreadsheet.test",
                  description=f"test skill for {name}", workflow=name, params=params or {})
    return workflows.WORKFLOWS.get(name).build(skill, seed)


def test_the_book_families_are_registered() -> None:
    assert {"spreadsheet.summary_sheet", "spreadsheet.clean_column", "spreadsheet.lookup_column",
            "spreadsheet.subtotals", "spreadsheet.unpivot"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("in_place", [False, True])
def test_in_place_edits_the_input_itself(name: str, in_place: bool) -> None:
    bundle = build(name, 3, {"in_place": in_place})
    (source,), (result,) = bundle.inputs(), bundle.outputs()
    assert (result.path == source.path) is in_place
    assert source.content and source.type == result.type == "xlsx"
    said = "itself" in bundle.instruction or "same file" in bundle.instruction or "in place" in bundle.instruction
    assert said is in_place
    assert in_place or result.path in bundle.instruction


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_instruction_renders_and_names_what_the_checks_read(name: str, seed: int) -> None:
    bundle = build(name, seed)
    for leftover in ["{{", "}}", "{%", "None"]:
        assert leftover not in bundle.instruction, (leftover, bundle.instruction)
    assert bundle.inputs()[0].path in bundle.instruction
    read = {param for template in workflows.WORKFLOWS.get(name).spec.checks for param in template.bind.values()}
    if "sheet" in read:  # a check reads that sheet, so the instruction must name it (arranging tabs reads them all)
        assert bundle.params["sheet"] in bundle.instruction
    assert build(name, seed).id == bundle.id
    assert 3 <= len(bundle.reference.steps) and all(s.tool == "bash" for s in bundle.reference.steps)


def option_values(annotation: Any) -> list[Any]:
    """The values an optional bool or Literal option takes."""
    inner = [a for a in get_args(annotation) if a is not type(None)]
    if inner == [bool]:
        return [False, True]
    return [v for a in inner if get_origin(a) is Literal for v in get_args(a)]


@pytest.mark.parametrize("name", NAMES)
def test_every_skill_param_changes_the_task(name: str) -> None:
    options = workflows.WORKFLOWS.get(name).spec.skill_params
    for field, info in options.model_fields.items():
        values = option_values(info.annotation)
        if field == "kind" or not values:
            continue
        for seed in range(6):  # every phrasing register says what the value asks
            bundles = {v: build(name, seed, {**BASE.get((name, field), {}), field: v}) for v in values}
            assert len({b.id for b in bundles.values()}) == len(values), (name, field)
            assert len({b.instruction for b in bundles.values()}) == len(values), (name, field, seed)
