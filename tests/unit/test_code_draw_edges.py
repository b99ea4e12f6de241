"""Seeds on which code families failed to build (found by bench/skill_capacity.py over every skill):
`code.use_dict_idioms` raised on too few distinct vote answers, `code.add_cli_option` never returned."""

from __future__ import annotations

import pytest

from skills import load_taxonomy
from workflows import WORKFLOWS


@pytest.mark.parametrize("seed", [586037727, 3382967502])
def test_a_votes_module_builds_on_seeds_that_drew_too_few_answers(seed: int) -> None:
    skill = load_taxonomy().ready["code.refactor.use_dict_idioms.votes_all"]
    bundle = WORKFLOWS.get(skill.workflow).build(skill, seed)
    assert bundle.instruction and bundle.files


@pytest.mark.parametrize("seed", [3526748119, 1540308138, 2849902423, 656966394])
def test_a_precision_option_on_a_function_with_whole_results_draws_another_function(seed: int) -> None:
    """`code.add_cli_option` looped for ever when --precision met a function whose results are all
    whole (a parking fee in whole pounds): no values could show the option. It draws another."""
    skill = load_taxonomy().ready["code.cli.add_option.precision"]
    bundle = WORKFLOWS.get(skill.workflow).build(skill, seed)
    assert bundle.params["option"] == "precision" and bundle.instruction
