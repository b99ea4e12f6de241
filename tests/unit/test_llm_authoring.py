"""Authoring with a model, against a scripted local OpenAI-protocol server: instruction variants
under the information barrier, and agent-first bundles; both in the ledger."""

from __future__ import annotations

import io
import json
from pathlib import Path

import openpyxl
import pytest

from forge.errors import ModelOutputError
from forge.llm import EndpointConfig, ModelClient
from forge.llm.authoring import author_bundle, barrier_problems, vary_instruction
from forge.models import TaskBundle
from forge.store import Store, open_store
from skills import load_taxonomy
from tests.support.openai_server import FakeOpenAI, reply
from workflows import WORKFLOWS


@pytest.fixture()
def bundle() -> TaskBundle:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    return WORKFLOWS.get(skill.workflow).build(skill, seed=11)


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'forge.db'}")


def author(server: FakeOpenAI, store: Store | None = None) -> ModelClient:
    return ModelClient(EndpointConfig(role="author", base_url=server.base_url, model="author-m", max_retries=0), store)


def test_a_variant_keeps_paths_names_and_numbers_and_goes_to_the_ledger(bundle: TaskBundle, store: Store) -> None:
    original = bundle.instruction
    variant = ("Please open inputs/q4_orders.xlsx and, on the \"Sales\" sheet, put the data rows in ascending order of "
               "Units (smallest first), moving whole rows and leaving the header in row 1 (same rows, columns and sheet name). Store "
               "the result as outputs/q4_orders_sorted.xlsx, with plain values rather than formulas.")
    assert barrier_problems(original, variant) == []
    with FakeOpenAI([reply(json.dumps({"instruction": variant}))]) as server:
        varied = vary_instruction(author(server, store), bundle)
    assert varied.instruction == variant and varied.id != bundle.id
    assert varied.provenance["instruction_author"] == "author-m" and varied.provenance["instruction_of"] == bundle.id
    sent = json.dumps(server.chat_requests()[0])
    assert bundle.reference.steps[1].arguments["command"][:40] not in sent  # the author never sees the solution
    assert [line.key for line in store.cost_by("stage")] == ["author.variant"]


@pytest.mark.parametrize("variant, problem", [
    ("Sort the Sales rows of inputs/q4_orders.xlsx by Units, header in row 1, save it.", "drops 'outputs/q4_orders_sorted.xlsx'"),
    (("Open inputs/q4_orders.xlsx, sheet \"Sales\": sort rows by Units ascending (there are 42 rows); header stays in "
     "row 1. Save as outputs/q4_orders_sorted.xlsx with plain values."), "adds the number 42"),
    (("Open inputs/q4_orders.xlsx, sheet \"Sales\": sort rows by the quantity column, ascending; header stays in "
      "row 1. Save as outputs/q4_orders_sorted.xlsx with plain values."), "drops 'Units'"),  # a named parameter
    (("Open inputs/q4_orders.xlsx, sheet \"Sales\": sort rows by Units ascending; header stays in row 1. Save as "
      "outputs/q4_orders_sorted.xlsx with plain values, and a copy as outputs/check.csv."), "adds 'outputs/check.csv'"),
])
def test_a_variant_that_breaks_the_constraints_is_refused(bundle: TaskBundle, variant: str, problem: str) -> None:
    assert "Units" in bundle.params.values()  # the column is a workflow parameter the instruction names
    with FakeOpenAI([reply(json.dumps({"instruction": variant}))]) as server, \
            pytest.raises(ModelOutputError, match=problem):
        vary_instruction(author(server), bundle)


def test_agent_first_writes_a_whole_bundle(store: Store) -> None:
    skill = load_taxonomy().get("spreadsheet.data.sort.ascending")
    written = {
        "instruction": "Open inputs/pets.xlsx and sort the rows by Age, ascending; save outputs/pets_sorted.xlsx.",
        "files": [{"path": "inputs/pets.xlsx", "role": "input", "type": "xlsx", "sheet": "Pets",
                   "rows": [["Name", "Age"], ["Rex", 7], ["Tom", 3]]},
                  {"path": "outputs/pets_sorted.xlsx", "role": "output", "type": "xlsx"}],
        "checks": [{"func": "table.sorted_by", "options": {"file": "outputs/pets_sorted.xlsx",
                                                           "input_file": "inputs/pets.xlsx", "column": "Age"}}],
        "criteria": ["Rows are ordered by Age."],
        "reference_commands": ["python3 -c 'print(1)'"],
    }
    with FakeOpenAI([reply(json.dumps(written), prompt_tokens=5000, completion_tokens=2000)]) as server:
        bundle = author_bundle(author(server, store), skill, ["table.sorted_by", "file.exists"], seed=3)
    assert bundle.workflow == "agent-first" and bundle.provenance == {"author": "author-m"}
    sheet = openpyxl.load_workbook(io.BytesIO(bundle.inputs()[0].content or b""))["Pets"]
    assert [list(r) for r in sheet.iter_rows(values_only=True)] == [["Name", "Age"], ["Rex", 7], ["Tom", 3]]
    (line,) = store.cost_by("stage")
    assert line.key == "author.agent-first" and line.total_tokens == 7000
