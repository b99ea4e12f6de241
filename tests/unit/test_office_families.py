"""The document, presentation and pdf families added for #10: every skill param they take changes
the task in every phrasing register (the instruction says it), in place means the output IS the
input, and instructions render fully. (The gates on every variant: test_office_variants.py.)"""

from __future__ import annotations

from typing import Any

import pytest

import workflows
from forge.models import Skill, TaskBundle
from tests.unit.test_spreadsheet_book import option_values

NAMES = ["document.number_headings", "document.make_list", "document.emphasize_term", "document.rearrange_sections",
         "document.sort_table", "document.table_total", "document.replace_with_options",
         "presentation.retitle_slides", "presentation.delete_empty_slides", "presentation.agenda_order",
         "presentation.notes_from_file", "presentation.hide_slides", "presentation.agenda_from_titles",
         "presentation.replace_with_options", "presentation.export_outline",
         "pdf.extract_pages", "pdf.extract_text", "pdf.find_term", "pdf.insert_pages", "pdf.collate_scans"]


def build(name: str, seed: int, params: dict[str, Any] | None = None) -> TaskBundle:
    app = name.split(".")[0]
    skill = Skill(id=f"{name}.test", apps=[app], category=f"{app}.test", description=f"test skill for {name}",
                  workflow=name, params=params or {})
    return workflows.WORKFLOWS.get(name).build(skill, seed)


@pytest.mark.parametrize("name", NAMES)
def test_every_skill_param_is_said_in_every_register(name: str) -> None:
    options = workflows.WORKFLOWS.get(name).spec.skill_params
    assert options.model_fields, name
    for field, info in options.model_fields.items():
        values = option_values(info.annotation)
        assert values, (name, field)
        for seed in range(6):
            bundles = {v: build(name, seed, {field: v}) for v in values}
            assert len({b.instruction for b in bundles.values()}) == len(values), (name, field, seed)


@pytest.mark.parametrize("name", [n for n in NAMES if "in_place" in workflows.WORKFLOWS.get(n).spec.skill_params.model_fields])
def test_in_place_edits_the_input_itself(name: str) -> None:
    for in_place in (False, True):
        bundle = build(name, 2, {"in_place": in_place})
        source, result = bundle.inputs()[0], bundle.outputs()[0]
        assert (result.path == source.path) is in_place


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_instruction_renders(name: str, seed: int) -> None:
    bundle = build(name, seed)
    for leftover in ["{{", "}}", "{%", "None"]:
        assert leftover not in bundle.instruction, (leftover, bundle.instruction)
    assert all(f.path in bundle.instruction for f in bundle.inputs())
    assert build(name, seed).id == bundle.id
