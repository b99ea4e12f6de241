"""The contract kit runs every gate for real on each of this plugin's workflows."""

from pathlib import Path

import pytest

from forge.testing import assert_workflow_contract
from workflows import WORKFLOWS

NAMES = [name for name in WORKFLOWS if name.startswith("example_plugin.")]


def test_the_plugin_registers_its_workflows() -> None:
    assert NAMES


@pytest.mark.parametrize("name", NAMES)
def test_workflow_meets_the_contract(name: str, tmp_path: Path) -> None:
    assert_workflow_contract(name, tmp_path)
