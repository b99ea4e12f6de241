"""Seeds on which two document families lost their task (found by bench/skill_capacity.py): a
report using every listed term but one left one spare for the word list, and a date sort gave up
while most table kinds have no date column. Each builds now."""

from __future__ import annotations

import pytest

from forge.plugins import ensure_loaded
from skills import load_taxonomy
from workflows import WORKFLOWS


@pytest.mark.parametrize(("skill_id", "seed"), [
    ("document.edit.apply_word_list.csv_everywhere_in_place", 1146732688),
    ("document.tables.sort_table.date_asc_in_place", 3167238562),
    ("document.tables.sort_table.date_desc_new_file", 3167238562),
])
def test_the_seed_builds_its_task(skill_id, seed):
    ensure_loaded()
    skill = load_taxonomy().skills[skill_id]
    bundle = WORKFLOWS.get(skill.workflow).build(skill, seed)
    assert bundle.skill_ids == [skill_id] and bundle.seed == seed
    assert {f.role for f in bundle.files} == {"input", "output"}
