"""Export a markdown table from a wiki or README page to a CSV file for a spreadsheet: the page's only
table or the one under a named heading, its Total row kept or left out, amounts kept as written or
made plain numbers (currency signs and thousands separators dropped)."""

from __future__ import annotations

import textwrap

from forge.models import ReferenceSolution
from preparers.document import slug
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._pages import TABLES, find_table_script, make_page

_WHICH = "{% if heading %}the table under the \"{{ heading }}\" heading{% else %}the table{% endif %}"
_ASK = ("Export " + _WHICH + " of {{ input }} to a CSV file {{ output }}: its header row, then its rows in order"
        "{% if drop_row %}, without the {{ drop_row }} row{% endif %}; {% if plain_numbers %}write the amounts as "
        "plain numbers, without currency signs or thousands separators (€1,250 becomes 1250){% else %}keep every "
        "cell exactly as written on the page{% endif %}.")


class Options(SkillParams):
    two_tables: bool | None = None
    drop_total: bool | None = None
    plain_numbers: bool | None = None


class Params(Prepared):
    input: str
    output: str
    heading: str | None
    drop_row: str | None
    plain_numbers: bool


@register_workflow
class TableExport(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.markdown_table_to_csv", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            _ASK + " Leave the page as it is.",
            "Finance wants the figures from our wiki page in a spreadsheet. " + _ASK,
            _ASK,
        ],
        criteria=["The CSV holds the table's header and rows, cell for cell.", "Rows and numbers as asked."],
        files=[FileSlot(param="input", type="md", role="input", description="A wiki page with tables"),
               FileSlot(param="output", type="csv", description="The table as CSV")],
        checks=[CheckTemplate(func="text.table_exported", bind={
            "heading": "heading", "drop_row": "drop_row", "plain_numbers": "plain_numbers"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        two = opts.two_tables if opts.two_tables is not None else rng.random() < 0.5
        drop = opts.drop_total if opts.drop_total is not None else rng.random() < 0.5
        plain = opts.plain_numbers if opts.plain_numbers is not None else rng.random() < 0.5
        kind = rng.choice(["projects", "regions"] if drop else sorted(TABLES))  # the ones with amounts to total
        other = rng.choice([t for t in TABLES if t != kind]) if two else None
        text = make_page(rng, ctx.faker, kind, rng.random() < 0.5 if not drop else True, other)
        stem = slug(TABLES[kind][0]).replace("_", "-")
        params = Params(input=f"wiki/{stem}.md", output=f"{slug(TABLES[kind][0])}.csv",
                        heading=TABLES[kind][0] if two else None, drop_row="Total" if drop else None,
                        plain_numbers=plain)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        find = textwrap.indent(find_table_script(params.input, params.heading), " " * 12).lstrip()
        script = f"""
            import csv, re
            {find}
            rows = [[c.strip().replace("*", "") for c in line.strip().strip("|").split("|")] for line in lines[top:end]]
            rows = [rows[0]] + [r for r in rows[2:] if r[0] != {lit(params.drop_row)}]
            if {params.plain_numbers}:
                amount = re.compile(r"^[€$£]?[+-]?\\d{{1,3}}(,\\d{{3}})*(\\.\\d+)?$|^[€$£]?[+-]?\\d+(\\.\\d+)?$")
                rows = [rows[0]] + [[re.sub(r"[€$£,]", "", c) if amount.match(c) else c for c in r] for r in rows[1:]]
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as out:
                csv.writer(out).writerows(rows)
            print(len(rows) - 1, "rows")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to find the table.", f"Show {params.input}"),
                        script_step(script, "I split the table's rows into cells, skip the alignment row (and the "
                                    "row to leave out) and write the rest as CSV.", f"Write {params.output}"))

