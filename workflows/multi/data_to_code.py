"""Write a small Python module (and its pytest tests) that summarises a CSV data file."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.data import make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, shell_step, solution, write_file_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

TEST = "PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider"


class Params(Prepared):
    data: str
    folder: str
    module: str
    test_file: str
    function: str
    column: str


@register_workflow
class DataToCode(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.data_to_code", apps=["data", "code"], params=Params,
        phrasings=[
            "Write a Python module {{ module }} with a function `{{ function }}(path, column)` that reads a CSV file "
            "like {{ data }} (header in the first line) and returns the sum of the named numeric column, rounded to "
            "2 decimal places. Add pytest tests in {{ test_file }} that use {{ data }} (for example its "
            '"{{ column }}" column). `python3 -m pytest {{ folder }}` run from here must pass.',
            "We keep getting asked for column totals of {{ data }}. Please add {{ module }} with "
            "`{{ function }}(path, column)`: open the CSV, add up that column, return the total rounded to 2 "
            "decimals. Cover it with tests in {{ test_file }} (e.g. on \"{{ column }}\"); they should pass with "
            "`python3 -m pytest {{ folder }}`.",
        ],
        criteria=["The function returns the column's total for the data file, rounded to 2 decimals.",
                  "Tests in the test file exercise it and pass."],
        files=[FileSlot(param="data", type="csv", role="input", description="A data export"),
               FileSlot(param="module", type="py", description="The summary module"),
               FileSlot(param="test_file", type="py", description="Its tests")],
        checks=[CheckTemplate(func="project.data_function",
                              bind={"folder": "folder", "function": "function", "column": "column"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        table = make_table(ctx.rng, ctx.faker)
        stem = ctx.rng.choice(table.file_stems)
        params = Params(data=f"data/{stem}.csv", folder="tools", module=f"tools/{stem}_totals.py",
                        test_file=f"tools/test_{stem}_totals.py", function="column_total",
                        column=ctx.rng.choice(table.additive or table.numeric))
        return params.with_files(data=write_csv(table))

    def reference(self, params: Params) -> ReferenceSolution:
        stem = params.module.rsplit("/", 1)[-1].removesuffix(".py")
        module = (f"import csv\n\n\ndef {params.function}(path, column):\n"
                  '    """The sum of a numeric CSV column, rounded to 2 decimal places."""\n'
                  '    with open(path, newline="", encoding="utf-8") as f:\n'
                  "        return round(sum(float(row[column]) for row in csv.DictReader(f) if row[column]), 2)\n")
        test = (f"import csv\n\nfrom {stem} import {params.function}\n\nDATA = {lit(params.data)}\n\n\n"
                "def test_total_matches_a_manual_sum():\n"
                '    with open(DATA, newline="", encoding="utf-8") as f:\n'
                f"        expected = round(sum(float(r[{lit(params.column)}]) for r in csv.DictReader(f)), 2)\n"
                f"    assert {params.function}(DATA, {lit(params.column)}) == expected\n")
        return solution(
            shell_step(f"head -3 {params.data}", f"First I look at the header of {params.data}.", "Inspect the CSV"),
            write_file_step(params.module, module, "The function reads the CSV with csv.DictReader and sums the "
                            "column.", f"Write {params.module}"),
            write_file_step(params.test_file, test, "The test compares it with a manual sum over the same file.",
                            f"Write {params.test_file}"),
            shell_step(f"{TEST} {params.folder}", "Then I run the tests.", "Run the tests"))
