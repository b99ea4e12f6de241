"""Turn a CSV export into a markdown table for a README or wiki page, optionally under a heading
and with the number columns right-aligned."""

from __future__ import annotations

from typing import ClassVar

from forge.models import ReferenceSolution
from preparers.data import Table, make_table, write_csv
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    heading: bool | None = None
    right_align: bool | None = None


class Params(Prepared):
    input: str
    output: str
    heading: str | None
    right_align: bool


@register_workflow
class CsvToMarkdown(PreparedWorkflow[Params]):
    input_ext: ClassVar[str] = "csv"
    reader: ClassVar[str] = 'import csv\n            rows = list(csv.reader(open(SOURCE, newline="", encoding="utf-8")))'
    spec = WorkflowSpec(
        name="text.csv_to_markdown", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Put the table from {{ input }} into {{ output }} as a markdown (pipe) table: the same header and every "
            "row in the same order.{% if heading %} Start the file with a heading \"{{ heading }}\" above the table."
            "{% endif %}{% if right_align %} Right-align the number columns (and only those).{% endif %}",
            "I want to paste {{ input }} into the wiki. Could you write it out as a markdown table in {{ output }}? "
            "Header plus all rows, unchanged.{% if heading %} Put it under a \"{{ heading }}\" heading.{% endif %}"
            "{% if right_align %} Numbers should be right-aligned like in a spreadsheet.{% endif %}",
            "{{ input }} -> markdown table in {{ output }}{% if heading %} under \"{{ heading }}\"{% endif %}"
            "{% if right_align %}, numeric columns right-aligned (---:){% endif %}; all rows, same order.",
        ],
        criteria=["The markdown table has the same header and rows.", "Formatting as asked."],
        files=[FileSlot(param="input", type="csv", role="input", description="A CSV table"),
               FileSlot(param="output", type="md", description="The markdown table")],
        checks=[CheckTemplate(func="text.markdown_table", bind={"heading": "heading", "right_align": "right_align"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        table = make_table(ctx.rng, ctx.faker, rows=ctx.rng.randint(8, 40))
        heading = opts.heading if opts.heading is not None else ctx.rng.random() < 0.5
        stem = ctx.rng.choice(table.file_stems)
        params = Params(input=f"{stem}.{self.input_ext}", output=f"docs/{stem}.md", heading=table.title if heading else None,
                        right_align=opts.right_align if opts.right_align is not None else ctx.rng.random() < 0.5)
        return params.with_files(input=self.source_bytes(table))

    def source_bytes(self, table: Table) -> bytes:
        return write_csv(table)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            {self.reader.replace("SOURCE", lit(params.input))}
            header, body = [str(h) for h in rows[0]], [["" if v is None else str(v) for v in r] for r in rows[1:]]
            def number(v):
                try:
                    float(v)
                    return True
                except ValueError:
                    return v == ""
            align = [{params.right_align!r} and all(number(r[c]) for r in body) for c in range(len(header))]
            lines = ["# " + {lit(params.heading)}, ""] if {lit(params.heading)} else []
            lines += ["| " + " | ".join(header) + " |", "|" + "|".join("---:" if a else "---" for a in align) + "|"]
            lines += ["| " + " | ".join(v.replace("|", "\\\\|") for v in row) + " |" for row in body]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(lines) + "\\n")
            print(len(body), "rows")
        """
        return solution(script_step(script, f"I read {params.input} and write its header, an alignment row and "
                                    f"every row as a pipe table to {params.output}.", f"Write {params.output}"))
