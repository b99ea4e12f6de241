"""Sort the records in a csv file in place, by one numeric column."""

from __future__ import annotations

import json
import shlex

from pydantic import BaseModel

from forge.models import ReferenceSolution, ReferenceStep
from forge_example_plugin.preparer import NUMERIC, make_records, write_records
from workflows.spec import CheckTemplate, FileSlot, SkillParams, Workflow, WorkflowContext, WorkflowSpec, register_workflow


FOLDERS = ["data", "records", "shared"]
STEMS = ["inventory", "equipment_loans", "office_supplies", "asset_register", "stock_take", "purchase_log"]
SUBJECTS = ["items with their owners", "equipment on loan to staff", "supplies and who ordered them"]


class Params(BaseModel):
    path: str
    subject: str
    column: str
    descending: bool
    order: str


class Options(SkillParams):
    descending: bool | None = None


@register_workflow
class SortRecords(Workflow[Params]):
    spec = WorkflowSpec(
        name="example_plugin.sort_records", apps=["example_plugin"], params=Params, skill_params=Options,
        phrasings=[
            "The file {{ path }} lists {{ subject }}. Sort its rows by {{ column }} in {{ order }} order, "
            "keeping the header first and each row together, and save it in place (same file name).",
            "Please reorder {{ path }} ({{ subject }}) so the rows run by {{ column }}, {{ order }}; whole rows "
            "move, the header stays on top, and the file keeps its name.",
            "{{ path }}: sort the {{ subject }} by {{ column }}, {{ order }}. Edit the file itself; keep the "
            "header row and every row whole.",
        ],
        criteria=["Every row is kept, whole.", "Rows are ordered by the column, in the direction asked."],
        files=[FileSlot(param="path", type="csv", role="in_place")],
        checks=[CheckTemplate(func="file.exists"),
                CheckTemplate(func="table.sorted_by", bind={"column": "column", "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        descending = ctx.options.descending if ctx.options.descending is not None else ctx.rng.random() < 0.5
        path = f"{ctx.rng.choice(FOLDERS)}/{ctx.rng.choice(STEMS)}.csv"
        return Params(path=path, subject=ctx.rng.choice(SUBJECTS), column=ctx.rng.choice(NUMERIC),
                      descending=descending, order="descending" if descending else "ascending")

    def contents(self, ctx: WorkflowContext, params: Params) -> dict[str, bytes]:
        while True:  # rows already in the asked order would let doing nothing pass
            table = make_records(ctx.rng, ctx.faker, ctx.rng.randint(6, 12))
            values = [row[table.col(params.column)] for row in table.body]
            if values != sorted(values, reverse=params.descending):
                return {"path": write_records(table)}

    def reference(self, params: Params) -> ReferenceSolution:
        script = (
            "import csv\n"
            f"path = {json.dumps(params.path)}\n"
            "with open(path, newline='') as f:\n"
            "    header, *rows = list(csv.reader(f))\n"
            f"key = header.index({json.dumps(params.column)})\n"
            f"rows.sort(key=lambda r: float(r[key]), reverse={params.descending!r})\n"
            "with open(path, 'w', newline='') as f:\n"
            "    csv.writer(f, lineterminator='\\n').writerows([header, *rows])\n"
        )
        return ReferenceSolution(steps=[ReferenceStep(
            thought=f"I'll sort the rows of {params.path} by {params.column} ({params.order}) with Python's csv module.",
            action=f"Sort {params.path} by {params.column}, {params.order}",
            tool="bash", arguments={"command": f"python3 -c {shlex.quote(script)}"},
        )])
