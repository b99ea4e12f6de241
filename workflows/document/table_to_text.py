"""Writer's Table > Convert > Table to Text on a report's table, for a plain-text email or a system
that takes separated lines: one line per row, cells separated by tabs or semicolons, the header
row kept or dropped; or, for readers on a phone, one bullet per row labelling each figure with
its column."""

from __future__ import annotations

from typing import Literal

from forge.checks.document_table_text import Form
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Shape = Literal["lines", "bullets"]
ASK = ("{% if form == 'bullets' %}one bulleted paragraph per row, written as the row's first cell, a colon, then each "
       "figure after its column's name, separated by commas (for example 'Printers: January 120, February 88, March 301'); the header row itself "
       "does not become a bullet{% else %}one line per row with the cells separated by {{ form }}s"
       "{% if header %}, the header row as the first line{% else %}, leaving out the header row{% endif %}"
       "{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    heading: str
    form: Form
    header: bool


class Options(SkillParams):
    shape: Shape | None = None
    header: bool | None = None
    in_place: bool | None = None


@register_workflow
class TableToText(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_to_text", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'Convert the table at the end of the "{{ heading }}" section of {{ input }} to text: ' + ASK + ". The "
            "lines take the table's place and the table goes; nothing else in the report changes. " + SAVE["formal"],
            "The table in the \"{{ heading }}\" part of {{ input }} won't survive the plain-text mailing. Could you "
            "turn it into text - " + ASK + "? Put the lines where the table was and delete the table. "
            + SAVE["chatty"],
            '{{ input }}: table under "{{ heading }}" -> text, ' + ASK + "; table removed. " + SAVE["terse"],
        ],
        criteria=["Every row of the table is a line where the table stood, the last row included.",
                  "The table is gone; every other paragraph is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a table"),
               FileSlot(param="output", type="docx", description="The report with the table as text")],
        checks=[CheckTemplate(func="document.table_to_text", bind={"heading": "heading", "form": "form",
                                                                    "header": "header"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        shape = getattr(ctx.options, "shape", None) or ctx.rng.choice(["lines", "bullets"])
        header = getattr(ctx.options, "header", None)
        header = ctx.rng.choice([False, True]) if header is None else header
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        section = doc.sections[2]
        if section.table is None:
            raise WorkflowError("the report's third section has no table to convert")
        form: Form = "bullets" if shape == "bullets" else ctx.rng.choice(["tab", "semicolon"])
        params = Params(**doc_paths(ctx, doc.file_stem, "text"), heading=section.heading, form=form,
                        header=header if shape == "lines" else False)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            document = docx.Document({lit(params.input)})
            grid = document.tables[0]
            rows = [[c.text.strip() for c in r.cells] for r in grid.rows]
            head, body = rows[0], rows[1:]
            if {lit(params.form)} == "bullets":
                lines = [r[0] + ": " + ", ".join(f"{{h}} {{v}}" for h, v in zip(head[1:], r[1:])) for r in body]
                style = "List Bullet"
            else:
                sep = "\\t" if {lit(params.form)} == "tab" else ";"
                lines = [sep.join(r) for r in ([head] + body if {params.header} else body)]
                style = "Normal"
            for line in lines:
                paragraph = document.add_paragraph(line, style=style)
                grid._element.addprevious(paragraph._p)
            grid._element.getparent().remove(grid._element)
            print(len(lines), "lines")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find the "
                                     f"{params.heading!r} section."),
                        script_step(script, "With python-docx I write each row as a paragraph just before the table, "
                                    "then delete the table.", "Convert the table to text"),
                        outline_step(params.output, "I list the paragraphs again to see the lines in place."))
