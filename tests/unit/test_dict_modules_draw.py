"""Seeds on which `code.use_dict_idioms` raised (found by bench/skill_capacity.py over every skill):
twelve draws from the five vote answers gave three distinct keys, and the module needs four."""

from __future__ import annotations

import pytest

from skills import load_taxonomy
from workflows import WORKFLOWS


@pytest.mark.parametrize("seed", [586037727, 3382967502])
def test_a_votes_module_builds_on_seeds_that_drew_too_few_answers(seed: int) -> None:
    skill = load_taxonomy().ready["code.refactor.use_dict_idioms.votes_all"]
    bundle = WORKFLOWS.get(skill.workflow).build(skill, seed)
    assert bundle.instruction and bundle.files
