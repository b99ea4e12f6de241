"""The document and presentation families added for #10's breadth: every skill param they take
changes the instruction in every phrasing register, in place means the output IS the input, and
instructions render fully. (The gates on each variant: tests/contract/test_office_breadth_variants.py.)"""

from __future__ import annotations

import pytest

import workflows
from tests.unit.test_office_families import build
from tests.unit.test_spreadsheet_book import option_values

NAMES = ["document.format_paragraphs", "document.table_filter", "document.table_column", "document.table_top_rows",
         "presentation.format_text"]




@pytest.mark.parametrize("name", NAMES)
def test_every_skill_param_is_said_in_every_register(name: str) -> None:
    options = workflows.WORKFLOWS.get(name).spec.skill_params
    for field, info in options.model_fields.items():
        values = option_values(info.annotation)
        assert values, (name, field)
        for seed in range(6):
            bundles = {v: build(name, seed, {field: v}) for v in values}
            assert len({b.instruction for b in bundles.values()}) == len(values), (name, field, seed)


@pytest.mark.parametrize("name", NAMES)
def test_in_place_edits_the_input_itself(name: str) -> None:
    for in_place in (False, True):
        bundle = build(name, 2, {"in_place": in_place})
        assert (bundle.outputs()[0].path == bundle.inputs()[0].path) is in_place


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_instruction_renders(name: str, seed: int) -> None:
    bundle = build(name, seed)
    for leftover in ["{{", "}}", "{%", "None"]:
        assert leftover not in bundle.instruction, (leftover, bundle.instruction)
    assert all(f.path in bundle.instruction for f in bundle.inputs())
    assert build(name, seed).id == bundle.id
