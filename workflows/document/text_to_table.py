"""Writer's Table > Convert > Text to Table on a section of a report: lines of fields separated by
tabs, semicolons or bars (a contact list, action items) become a real table - the first line
as its header, or a header named in the request - in the text's order or sorted by a column."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import Paragraph, Run, Section, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Separator = Literal["tab", "semicolon", "bar"]
CHAR = {"tab": "\t", "semicolon": "; ", "bar": " | "}
SEP = "{% if separator == 'tab' %}tabs{% elif separator == 'semicolon' %}semicolons{% else %}bars (|){% endif %}"
HEAD = ("{% if header %}Add the header row {% for h in header %}\"{{ h }}\"{% if not loop.last %}, {% endif %}"
        "{% endfor %} above them{% else %}The first of those lines is the header row{% endif %}")
ORDER = "{% if sort_by %}sorted A to Z by {{ sort_by }}{% else %}in the order they are written{% endif %}"
KINDS = {"Project contacts": ["Name", "Role", "Email", "Phone"], "Action items": ["Action", "Owner", "Due"]}
ACTIONS = ["Confirm the supplier shortlist", "Update the risk register", "Book the review meeting",
           "Send the revised budget", "Collect team feedback", "Draft the rollout plan", "Check licence renewals",
           "Publish the FAQ page", "Order replacement laptops", "Review access rights"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    heading: str
    separator: Separator
    header: list[str] | None
    sort_by: str | None


class Options(SkillParams):
    header_line: bool | None = None
    sort: bool | None = None
    in_place: bool | None = None


def _lines(ctx: WorkflowContext, kind: str) -> list[list[str]]:
    if kind == "Action items":
        start = dt.date(2025, ctx.rng.randint(1, 11), 1)
        return [[a, ctx.faker.name(), (start + dt.timedelta(days=ctx.rng.randrange(60))).isoformat()]
                for a in ctx.rng.sample(ACTIONS, ctx.rng.randint(5, 8))]
    return [[ctx.faker.name(), ctx.faker.job().split(",")[0], ctx.faker.company_email(), ctx.faker.phone_number()]
            for _ in range(ctx.rng.randint(5, 8))]


@register_workflow
class TextToTable(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.text_to_table", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"In the \"{{{{ heading }}}}\" section of {{{{ input }}}}, the lines whose fields are separated by {SEP} "
            f"should be a table: convert them into one table, one row per line and one cell per field (trimmed), "
            f"{ORDER}. {HEAD}. Those lines leave the text; every other paragraph and table stays. " + SAVE["formal"],
            f"The \"{{{{ heading }}}}\" part of {{{{ input }}}} was typed as lines with {SEP} between the fields. "
            f"Could you turn them into a proper table, {ORDER}? {HEAD}. Leave the rest of the document alone. "
            + SAVE["chatty"],
            f"{{{{ input }}}}, section \"{{{{ heading }}}}\": text separated by {SEP} -> one table, {ORDER}. {HEAD}. "
            + SAVE["terse"],
        ],
        criteria=["The separated lines became one table with the header asked for.", "Nothing else changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a typed-in list"),
               FileSlot(param="output", type="docx", description="The report with the table")],
        checks=[CheckTemplate(func="document.text_tabulated", bind={"heading": "heading", "separator": "separator",
                                                                     "header": "header", "sort_by": "sort_by"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        header_line = getattr(ctx.options, "header_line", None)
        header_line = ctx.rng.random() < 0.5 if header_line is None else header_line
        sort = getattr(ctx.options, "sort", None)
        sort = ctx.rng.random() < 0.5 if sort is None else sort
        separator = ctx.rng.choice(list(CHAR))
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        heading = ctx.rng.choice(sorted(KINDS))
        columns = KINDS[heading]
        lines = _lines(ctx, heading)
        if sort:
            while [r[1] for r in lines] == sorted((r[1] for r in lines), key=str.casefold):
                ctx.rng.shuffle(lines)
        texts = ([columns] if header_line else []) + lines
        intro = Paragraph(runs=[Run(text="The list below is kept up to date by the project office.")])
        section = Section(heading=heading, paragraphs=[intro, *(Paragraph(runs=[Run(text=CHAR[separator].join(t))])
                                                                for t in texts)])
        at = ctx.rng.randint(1, len(doc.sections))
        doc = doc.model_copy(update={"sections": [*doc.sections[:at], section, *doc.sections[at:]]})
        params = Params(**doc_paths(ctx, doc.file_stem, "tabled"), heading=heading, separator=separator,
                        header=None if header_line else columns, sort_by=columns[1] if sort else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        sep = {"tab": "\t", "semicolon": ";", "bar": "|"}[params.separator]
        script = f"""
            import docx
            document = docx.Document({lit(params.input)})
            paragraphs = document.paragraphs
            start = next(i for i, p in enumerate(paragraphs) if p.style.name.startswith("Heading")
                         and " ".join(p.text.split()) == {lit(params.heading)}) + 1
            end = next((j for j in range(start, len(paragraphs)) if paragraphs[j].style.name.startswith("Heading")),
                       len(paragraphs))
            lines = [p for p in paragraphs[start:end] if {lit(sep)} in p.text]
            rows = [[" ".join(c.split()) for c in p.text.split({lit(sep)})] for p in lines]
            header, body = ({lit(params.header)}, rows) if {lit(params.header)} else (rows[0], rows[1:])
            if {lit(params.sort_by)}:
                col = header.index({lit(params.sort_by)})
                body.sort(key=lambda r: r[col].casefold())
            table = document.add_table(rows=0, cols=len(header))
            table.style = "Table Grid"
            for values in [header, *body]:
                for cell, value in zip(table.add_row().cells, values):
                    cell.text = value
            lines[0]._p.addprevious(table._tbl)
            for p in lines:
                p._p.getparent().remove(p._p)
            print(len(body), "rows")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input} to find the {params.heading!r} lines."),
                        script_step(script, "I split each line at the separator and put the fields into a new "
                                    "python-docx table where the lines were, then delete the lines.",
                                    "Convert text to table"),
                        outline_step(params.output, "I list the paragraphs again: only those lines are gone."))
