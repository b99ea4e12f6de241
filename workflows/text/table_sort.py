"""Sort a markdown table on a wiki or README page by one of its columns: text A to Z (ignoring
case), numbers written with separators and currency signs, or ISO dates, either way; the page's
only table or the one under a named heading; a Total row kept at the bottom. The rest of the page,
other tables included, stays as it is."""

from __future__ import annotations

import textwrap

from forge.checks.text_tables import KeyKind, TableSorted, sorted_page
from forge.models import ReferenceSolution
from preparers.document import slug
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._pages import find_table_script, KEY_COLUMNS, TABLES, make_page

ORDER = {("text", False): "A to Z, ignoring case", ("text", True): "Z to A, ignoring case",
         ("number", False): "smallest first", ("number", True): "largest first",
         ("date", False): "oldest first", ("date", True): "newest first"}
_WHICH = "{% if heading %}the table under the \"{{ heading }}\" heading{% else %}the table{% endif %}"
_TOTAL = "{% if keep_last %}; the {{ keep_last }} row stays at the bottom{% endif %}"


class Options(SkillParams):
    kind: KeyKind | None = None
    descending: bool | None = None
    total: bool | None = None
    two_tables: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    kind: KeyKind
    descending: bool
    order: str
    heading: str | None
    keep_last: str | None


@register_workflow
class TableSort(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.markdown_table_sort", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ input }}, sort the rows of " + _WHICH + " by its {{ column }} column, {{ order }}" + _TOTAL +
            ". Rows with equal values keep their order, every row stays whole, and the rest of the page stays "
            "exactly as it is. " + SAVE["formal"],
            "The wiki page {{ input }} is getting hard to read. Could you order " + _WHICH + " by {{ column }}, "
            "{{ order }}" + _TOTAL + "? Ties can stay as they are; please don't change anything else on the page. "
            + SAVE["chatty"],
            "{{ input }}: sort " + _WHICH + " by {{ column }} ({{ order }}, ties in their order)" + _TOTAL +
            "; the rest unchanged. " + SAVE["terse"],
        ],
        criteria=["The table's rows are in the asked order, each whole.", "The rest of the page is unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A wiki page with tables"),
               FileSlot(param="output", type="md", description="The page with the table sorted")],
        checks=[CheckTemplate(func="text.table_sorted", bind={
            "column": "column", "kind": "kind", "descending": "descending", "heading": "heading",
            "keep_last": "keep_last"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind: KeyKind = opts.kind or ctx.rng.choice(["text", "number", "date"])
        descending = opts.descending if opts.descending is not None else ctx.rng.random() < 0.5
        total = opts.total if opts.total is not None else ctx.rng.random() < 0.4
        two = opts.two_tables if opts.two_tables is not None else ctx.rng.random() < 0.5
        table = ctx.rng.choice(sorted(KEY_COLUMNS[kind]))
        other = ctx.rng.choice([t for t in TABLES if t != table]) if two else None
        heading, keep_last = (TABLES[table][0] if two else None), ("Total" if total else None)
        rule = TableSorted(file="page.md", input_file="page.md", column=KEY_COLUMNS[kind][table], kind=kind,
                           descending=descending, heading=heading, keep_last=keep_last)
        for _ in range(20):  # a table already in the asked order would make no task
            text = make_page(ctx.rng, ctx.faker, table, total, other)
            if sorted_page(text.splitlines(), rule, "page.md")[2] != text.splitlines():
                break
        stem = slug(TABLES[table][0]).replace("_", "-")
        params = Params(**edit_paths(ctx, stem, "md", "sorted", ["", "wiki/", "docs/"]), column=KEY_COLUMNS[kind][table],
                        kind=kind, descending=descending, order=ORDER[kind, descending],
                        heading=heading, keep_last=keep_last)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        find = textwrap.indent(find_table_script(params.input, params.heading), " " * 12).lstrip()
        key = {"text": "cell.casefold()", "number": "float(re.sub(r'[^\\d.\\-]', '', cell))",
               "date": "dt.date.fromisoformat(cell)"}[params.kind]
        script = f"""
            import datetime as dt, re
            {find}
            cells = lambda line: [c.strip() for c in line.strip().strip("|").split("|")]
            column = [c.casefold() for c in cells(lines[top])].index({lit(params.column.casefold())})
            body = lines[top + 2:end]
            last = [r for r in body if {lit(params.keep_last)} and cells(r)[0] == {lit(params.keep_last)}]
            def key(row):
                cell = cells(row)[column]
                return {key}
            rows = sorted([r for r in body if r not in last], key=key, reverse={params.descending})
            lines[top + 2:end] = rows + last
            with open({lit(params.output)}, "w", encoding="utf-8") as out:
                out.write("\\n".join(lines) + "\\n")
            print("\\n".join(lines[top:end]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to find the table and its {params.column} column.",
                                    f"Show {params.input}"),
                        script_step(script, f"I reorder only that table's body rows by {params.column} "
                                    f"({params.order}) and leave every other line alone.", "Sort the table"))
