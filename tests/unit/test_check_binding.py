"""How a check template's typed path options are filled from the workflow's file slots.

Required path options follow their type (an OutputPath gets the output slot); an optional one is
set only where `paths` names its slot, so a check that may read a third file never reads the first
input by accident.
"""

from __future__ import annotations

from pydantic import BaseModel

from forge.plugins import ensure_loaded
from workflows.spec import Brief, CheckTemplate, FileSlot, Workflow, WorkflowSpec


class Params(BaseModel):
    first: str
    second: str
    third: str
    combined: str
    records: str


def _combine(**template: dict[str, str]) -> Workflow[Params]:
    """A workflow (never registered) over three exports and one combined output."""
    spec = WorkflowSpec(
        name="probe.combine", apps=["probe"], params=Params,
        phrasings=["Combine the {{ records }} of {{ first }}, {{ second }} and {{ third }} into {{ combined }}."],
        files=[FileSlot(param="first", type="json", role="input"), FileSlot(param="second", type="json", role="input"),
               FileSlot(param="third", type="json", role="input"), FileSlot(param="combined", type="json")],
        checks=[CheckTemplate(func="json.records_combined", bind={"records": "records"}, **template)])

    class Combine(Workflow[Params]):
        def draw(self, ctx):
            raise AssertionError("not drawn")

        def contents(self, ctx, params):
            raise AssertionError("not drawn")

        def reference(self, params):
            raise AssertionError("not drawn")

    Combine.spec = spec
    return Combine()


BRIEF = Brief(instruction="Combine.", inputs=["a.json", "b.json", "c.json"], outputs=["all.json"],
              params={"first": "a.json", "second": "b.json", "third": "c.json", "combined": "all.json",
                      "records": "orders"})


def _options(workflow: Workflow[Params]) -> dict:
    ensure_loaded()
    [check] = workflow.checks(BRIEF)
    return check.options


def test_required_paths_follow_their_slots_and_an_unnamed_optional_one_stays_unset():
    options = _options(_combine(paths={"input_file": "first", "second_file": "second"}))
    assert options["file"] == "all.json"  # the one output slot, by type
    assert (options["input_file"], options["second_file"]) == ("a.json", "b.json")
    assert "third_file" not in options and "fourth_file" not in options


def test_an_optional_path_is_set_where_paths_names_its_slot():
    options = _options(_combine(paths={"input_file": "first", "second_file": "second", "third_file": "third"}))
    assert options["third_file"] == "c.json"
    assert "fourth_file" not in options
