"""Edit one column of a markdown table on a wiki or README page: remove it, rename its header, move
it to the front or the end, or add a new column at the end (a stated value in every row, or left
empty for people to fill in); the page's only table or the one under a named heading. The rest of
the page, other tables included, stays as it is."""

from __future__ import annotations

import textwrap

from forge.checks.text_table_columns import ColumnEdit, TableColumnsEdited, expected_page
from forge.models import ReferenceSolution
from preparers.document import slug
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._pages import find_table_script, TABLES, make_page

RENAMES = {"Project": "Name", "Owner": "Lead", "Budget": "Approved budget", "Deadline": "Due date",
           "Version": "Release", "Released": "Release date", "Downloads": "Installs", "Highlights": "Main changes",
           "Region": "Area", "Manager": "Account manager", "Revenue": "Sales", "Orders": "Order count",
           "Last order": "Most recent order"}
ADDED = [("Status", "planned"), ("Reviewed", "no"), ("Notes", ""), ("Checked by", "")]
_WHICH = "{% if heading %}the table under the \"{{ heading }}\" heading{% else %}the table{% endif %}"
_ASK = ("{% if operation == 'remove' %}remove the {{ column }} column from " + _WHICH + " (its header, its "
        "alignment cell and its cell in every row){% elif operation == 'rename' %}rename the {{ column }} column "
        "of " + _WHICH + " to \"{{ new_name }}\" (only the header changes){% elif operation == 'move' %}move the "
        "{{ column }} column of " + _WHICH + " to be the {{ position }} column, its cells moving with it"
        "{% elif value %}add a new last column \"{{ column }}\" to " + _WHICH + " with \"{{ value }}\" in every row"
        "{% else %}add a new, empty last column \"{{ column }}\" to " + _WHICH + " for people to fill in{% endif %}")


class Options(SkillParams):
    operation: ColumnEdit | None = None
    empty: bool | None = None
    two_tables: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: ColumnEdit
    column: str
    new_name: str | None
    position: str | None
    value: str | None
    heading: str | None


@register_workflow
class TableColumns(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.markdown_table_columns", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "On the page {{ input }}, " + _ASK + ". Every other row, column and line of the page stays exactly as "
            "it is. " + SAVE["formal"],
            "We're reshaping the wiki page {{ input }}. Could you " + _ASK + "? Please leave everything else on the "
            "page alone. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["The one column is edited as asked, in the header, the alignment row and every row.",
                  "The rest of the page is unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A wiki page with tables"),
               FileSlot(param="output", type="md", description="The page with the column edited")],
        checks=[CheckTemplate(func="text.table_columns_edited", bind={
            "operation": "operation", "column": "column", "new_name": "new_name", "position": "position",
            "value": "value", "heading": "heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation: ColumnEdit = opts.operation or rng.choice(["remove", "rename", "move", "add"])
        two = opts.two_tables if opts.two_tables is not None else rng.random() < 0.5
        table = rng.choice(sorted(TABLES))
        other = rng.choice([t for t in TABLES if t != table]) if two else None
        headers = [h for h, _ in TABLES[table][2]]
        column, new_name, position, value = rng.choice(headers), None, None, None
        if operation == "rename":
            new_name = RENAMES[column]
        elif operation == "move":
            position = rng.choice(["first", "last"])
            column = rng.choice(headers[1:] if position == "first" else headers[:-1])
        elif operation == "add":
            empty = opts.empty if opts.empty is not None else rng.random() < 0.4
            column, value = rng.choice([a for a in ADDED if (a[1] == "") == empty])
        heading = TABLES[table][0] if two else None
        text = make_page(rng, ctx.faker, table, False, other)
        rule = TableColumnsEdited(file="p.md", input_file="p.md", operation=operation, column=column,
                                  new_name=new_name, position=position, value=value, heading=heading)
        expected_page(text.splitlines(), rule, "p.md")  # the page can take the edit
        stem = slug(TABLES[table][0]).replace("_", "-")
        params = Params(**edit_paths(ctx, stem, "md", "edited", ["", "wiki/", "docs/"]), operation=operation,
                        column=column, new_name=new_name, position=position, value=value, heading=heading)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        find = textwrap.indent(find_table_script(params.input, params.heading), " " * 12).lstrip()
        script = f"""
            {find}
            rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines[top:end]]
            op, name = {lit(params.operation)}, {lit(params.column)}
            if op == "add":
                rows = [[*r, name if n == 0 else "---" if n == 1 else {lit(params.value)}] for n, r in enumerate(rows)]
            else:
                c = [h.casefold() for h in rows[0]].index(name.casefold())
                if op == "rename":
                    rows[0][c] = {lit(params.new_name)}
                else:
                    cells = [r.pop(c) for r in rows]
                    if op == "move":
                        rows = [[cell, *r] if {lit(params.position)} == "first" else [*r, cell]
                                for cell, r in zip(cells, rows)]
            lines[top:end] = ["| " + " | ".join(r) + " |" for r in rows]
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                out.write("\\n".join(lines) + "\\n")
            print("\\n".join(lines[top:top + len(rows)]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to find the table and its {params.column} column.",
                                    f"Show {params.input}"),
                        script_step(script, "I split the table's rows into cells, make the column edit on every "
                                    "row, header and alignment row included, and leave every other line alone.",
                                    "Edit the column"))
