"""Add a function that exports a module's records (stock items, timesheets, loans, parcels: tuples)
to a CSV file with a header row or to a JSON array of objects, every field or the columns asked,
in the given order or sorted by one field; with the tests as given or a new test using tmp_path."""

from __future__ import annotations

import random
from typing import Literal

from pydantic import BaseModel, JsonValue

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Records(BaseModel):
    kind: str
    function: str
    argument: str
    what: str
    fields: list[str]
    subset: list[str]
    sort_by: str
    values: list[list[JsonValue]]


RECORDS = {
    "items": Records(kind="inventory", function="export_items", argument="items", what="stock items",
                     fields=["sku", "quantity", "unit_cost"], subset=["sku", "quantity"], sort_by="sku",
                     values=[["C-310", 12, 3.5], ["A-100", 30, 9.99], ["F-618", 4, 1.25], ["B-220", 7, 12.0]]),
    "timesheets": Records(kind="payroll", function="export_timesheets", argument="timesheets", what="timesheet lines",
                          fields=["name", "hours", "rate"], subset=["name", "hours"], sort_by="name",
                          values=[["Zoe Hart", 38, 15.5], ["Abe Lind", 45, 20.0], ["Mia Cole", 40, 12.75]]),
    "loans": Records(kind="loans", function="export_loans", argument="loans", what="library loans",
                     fields=["title", "member", "due_day"], subset=["title", "due_day"], sort_by="due_day",
                     values=[["Dune", "M-104", 31], ["Atlas", "M-007", 12], ["Moby Dick", "M-221", 25]]),
    "parcels": Records(kind="shipping", function="export_parcels", argument="parcels", what="parcels",
                       fields=["tracking", "weight_kg", "destination"], subset=["tracking", "destination"],
                       sort_by="weight_kg",
                       values=[["TR-5521", 2.4, "Lyon"], ["TR-1180", 11.0, "Graz"], ["TR-9034", 0.8, "Porto"]]),
}


class Options(SkillParams):
    fmt: Literal["csv", "json"] | None = None
    subset: bool | None = None
    """True: only some columns, in the order asked; False: every field, in tuple order."""
    sort: bool | None = None
    """True: sorted by one field; False: in the order given."""
    test: bool | None = None
    """True: add a test that writes to tmp_path; False: leave the tests as they are."""


class Params(ProjectParams):
    function: str
    argument: str
    what: str
    fields: list[str]
    columns: list[str]
    sort_by: str | None
    fmt: str
    example: list[list[JsonValue]]
    shown: str
    test: bool


def _example(rng: random.Random, records: Records) -> list[list[JsonValue]]:
    return rng.sample(records.values, len(records.values))


@register_workflow
class AddExport(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_export", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, add a function `{{ function }}({{ argument }}, path)` to {{ module }}. "
            "{{ argument | capitalize }} is a list of {{ what }}, ({{ fields | join(', ') }}) tuples, e.g. "
            "`{{ shown }}`. It writes them to the file at `path` as {% if fmt == 'csv' %}CSV with a "
            "header row{% else %}a JSON array with one object per record{% endif %}, {% if columns != fields %}"
            "keeping only the columns {{ columns | join(', ') }} in that order{% else %}with every field "
            "({{ fields | join(', ') }}){% endif %}, {% if sort_by %}records sorted by {{ sort_by }} (smallest "
            "first){% else %}records in the order given{% endif %}. {% if test %}Add a test for it to "
            "{{ test_file }} (write into pytest's tmp_path).{% else %}Leave {{ test_file }} as it is.{% endif %}",
            "Finance wants our {{ what }} exported to a file their tools can load. Could you write `{{ function }}"
            "({{ argument }}, path)` in {{ module }}? The records look like `{{ shown }}`, i.e. "
            "({{ fields | join(', ') }}). Output: {{ fmt | upper }}{% if fmt == 'csv' %} with a header{% else %}, a "
            "list of objects{% endif %}; columns {{ columns | join(', ') }}; {% if sort_by %}sorted by "
            "{{ sort_by }}, ascending{% else %}same order as the input{% endif %}. {% if test %}Please add a test in "
            "{{ test_file }}.{% else %}No changes to {{ test_file }}.{% endif %}",
            "{{ folder }}/: {{ module }}: new `{{ function }}({{ argument }}, path)`; records are ({{ fields | "
            "join(', ') }}) tuples like {{ shown }}; write {{ fmt | upper }} ({% if fmt == 'csv' %}header "
            "row{% else %}array of objects{% endif %}) with columns {{ columns | join(', ') }}{% if sort_by %}, sorted "
            "by {{ sort_by }}{% endif %}; {% if test %}test in {{ test_file }}{% else %}{{ test_file }} untouched"
            "{% endif %}; suite green.",
        ],
        criteria=["The function writes the records in the format asked, with the columns and order asked.",
                  "The tests are as the request says and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the new function"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.export_added",
                              bind={"folder": "folder", "function": "function", "fields": "fields",
                                    "columns": "columns", "sort_by": "sort_by", "fmt": "fmt", "example": "example",
                                    "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )
    states_values = ("example",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        records = RECORDS[ctx.rng.choice(sorted(RECORDS))]
        paths, archive = base_params(make_package(ctx.rng, ctx.faker, records.kind))
        pick = (lambda given: given if given is not None else ctx.rng.random() < 0.5)
        subset, ordered = pick(opts.subset), pick(opts.sort)
        example = _example(ctx.rng, records)
        return Params(**paths, function=records.function, argument=records.argument, what=records.what,
                      fields=records.fields, columns=records.subset if subset else records.fields,
                      sort_by=records.sort_by if ordered else None, fmt=opts.fmt or ctx.rng.choice(["csv", "json"]),
                      example=example, shown=repr([tuple(r) for r in example]),
                      test=pick(opts.test)).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        fields, columns = params.fields, params.columns
        picked = ", ".join(f"{params.argument[:-1]}[{fields.index(c)}]" for c in columns)
        order = (f"sorted({params.argument}, key=lambda r: r[{fields.index(params.sort_by)}])" if params.sort_by
                 else params.argument)
        writer = ([f"    with open(path, \"w\", newline=\"\", encoding=\"utf-8\") as handle:",
                   "        writer = csv.writer(handle)", f"        writer.writerow({columns!r})",
                   f"        for {params.argument[:-1]} in {order}:", f"            writer.writerow([{picked}])"]
                  if params.fmt == "csv" else
                  [f"    rows = [dict(zip({columns!r}, ({picked},))) for {params.argument[:-1]} in {order}]",
                   "    with open(path, \"w\", encoding=\"utf-8\") as handle:",
                   "        json.dump(rows, handle, indent=2)"])
        function = [f"def {params.function}({params.argument}, path):",
                    f'    """Write the {params.what} to `path` as {params.fmt.upper()}."""', *writer]
        test = [f"def test_{params.function}(tmp_path):", "    target = tmp_path / 'out'",
                f"    {params.function}({params.example!r}, str(target))", "    assert target.read_text().strip()"]
        script = f"""
            path, tests = {lit(params.module)}, {lit(params.test_file)}
            source = open(path).read()
            first, rest = source.split("\\n", 1)
            source = first + "\\n\\nimport {params.fmt}\\n" + rest.rstrip("\\n") + "\\n\\n\\n" + {lit(chr(10).join(function))} + "\\n"
            open(path, "w").write(source)
            if {params.test!r}:
                text = open(tests).read()
                name = path.split("/", 1)[1].removesuffix(".py").replace("/", ".")
                text = f"from {{name}} import {params.function}\\n" + text.rstrip("\\n") + "\\n\\n\\n" + {lit(chr(10).join(test))} + "\\n"
                open(tests, "w").write(text)
        """
        return solution(
            shell_step(f"head -20 {params.module}", "First I look at the top of the module.", "Read the module"),
            script_step(script, f"I add {params.function}, writing {params.fmt.upper()} with the asked columns and "
                        "order" + (", and a test that writes into tmp_path." if params.test else "."),
                        f"Add {params.function}"),
            pytest_step(params.folder, "The suite must pass."))
