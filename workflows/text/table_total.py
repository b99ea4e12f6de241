"""Add a Total row to a markdown table on a wiki or README page, as people do before a review: the
sum of every number column or of one named column, written the way the column writes its figures
(currency sign, thousands separators), other cells empty; the page's only table or the one under
a named heading among two; in place or a new file."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import slug
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._pages import TABLES, find_table_script, make_page

Scope = Literal["all", "one"]
_ASK = ("add a Total row at the bottom of the {% if heading %}table under \"{{ heading }}\"{% else %}table"
        "{% endif %}: \"Total\" in its first cell, {% if scope == 'all' %}the sum of {% if columns | length > 1 %}"
        "each number column ({{ columns | join(' and ') }}){% else %}its number column ({{ columns[0] }}){% endif %} "
        "under it{% else %}the sum of the {{ columns[0] }} column under it (and "
        "nothing under the other columns){% endif %}, written the way the column writes its figures (the same "
        "currency sign, thousands separators if it uses them), every other cell empty")


class Options(SkillParams):
    scope: Scope | None = None
    two_tables: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    scope: Scope
    columns: list[str]
    heading: str | None


@register_workflow
class TableTotal(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.table_total", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ input }}, " + _ASK + ". Change nothing else on the page. " + SAVE["formal"],
            "The totals are missing from the wiki page {{ input }}. Could you " + _ASK + "? Leave the rest as it "
            "is. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; nothing else. " + SAVE["terse"],
        ],
        criteria=["One Total row under the table with the sums asked, written as the column writes figures.",
                  "Every other line of the page is unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A wiki page with tables"),
               FileSlot(param="output", type="md", description="The page with the Total row")],
        checks=[CheckTemplate(func="text.table_totalled", bind={"columns": "columns", "heading": "heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        scope: Scope = opts.scope or rng.choice(["all", "one"])
        two = opts.two_tables if opts.two_tables is not None else rng.random() < 0.5
        table = "regions" if scope == "one" else rng.choice(sorted(TABLES))
        numbers = [h for h, kind in TABLES[table][2] if kind in ("money", "count")]
        columns = numbers if scope == "all" else [rng.choice(numbers)]
        other = rng.choice([t for t in TABLES if t != table]) if two else None
        text = make_page(rng, ctx.faker, table, False, other)
        stem = slug(TABLES[table][0]).replace("_", "-")
        params = Params(**edit_paths(ctx, stem, "md", "totals", ["", "wiki/", "docs/"]), scope=scope, columns=columns,
                        heading=TABLES[table][0] if two else None)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        find = textwrap.indent(find_table_script(params.input, params.heading), " " * 12).lstrip()
        script = f"""
            import re
            {find}
            cells = lambda line: [c.strip() for c in line.strip().strip("|").split("|")]
            header, body = cells(lines[top]), [cells(line) for line in lines[top + 2:end]]
            wanted = [c.casefold() for c in {lit(params.columns)}]
            row = ["Total"]
            for c, name in enumerate(header[1:], start=1):
                figures = [r[c] for r in body]
                if name.casefold() not in wanted:
                    row.append("")
                    continue
                total = sum(int(re.sub(r"[^0-9-]", "", f)) for f in figures)
                sign = re.match(r"[^0-9-]*", figures[0]).group()
                row.append(sign + (f"{{total:,}}" if any("," in f for f in figures) else str(total)))
            lines.insert(end, "| " + " | ".join(row) + " |")
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(lines) + "\\n")
            print(lines[end])
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to find the table and how its figures are written.",
                                    f"Show {params.input}"),
                        script_step(script, "I add up the column figures as numbers and write the Total row under "
                                    "the table, each sum formatted like its column.", f"Write {params.output}"))
