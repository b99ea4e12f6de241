"""The tests code families write for a task's project compare with None by identity (PEP 8: `is None`), as
a reviewer would ask of a person; a model learns from these files."""

from __future__ import annotations

from forge.plugins import ensure_loaded
from skills import derive_seed, load_taxonomy
from workflows import WORKFLOWS
from workflows.code._call_tests import call_tests

SOURCE = "def first(items):\n    return items[0] if items else None\n\n\ndef empty(items):\n    return not items\n"


def test_call_tests_compare_none_and_bools_by_identity_and_the_rest_by_value() -> None:
    tests, functions = call_tests("shop", "lists", SOURCE, ["first([])", "first([3])", "empty([])"])
    assert functions == ["first", "empty"]
    assert "assert first([]) is None" in tests
    assert "assert first([3]) == 3" in tests
    assert "assert empty([]) is True" in tests
    assert "== None" not in tests


def test_missing_file_references_test_a_none_result_by_identity() -> None:
    ensure_loaded()
    skills = [s for s in load_taxonomy().skills.values() if s.workflow == "code.missing_file"]
    flow = WORKFLOWS.get("code.missing_file")
    answers = {flow.build(s, derive_seed(0, i)).model_dump_json() for s in skills for i in range(3)}
    assert any("is None" in a for a in answers)
    assert not any("== None" in a for a in answers)
