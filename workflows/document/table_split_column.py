"""Split one column of a report's table in two, as people do before a mail merge or a lookup:
names into first and last name (written 'First Last' or an export's 'Last, First'), or codes
such as 'SO-22302' into their prefix and number; the combined column kept beside the parts or
replaced by them."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._columns import append_column, report_of_kind
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code, table_script
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Pattern = Literal["first_last", "last_comma_first", "code_number"]
CODES = {"sales": "Order ID", "inventory": "SKU", "budget": "Cost Center"}
HOW = {"first_last": "the names are written first name first ('Sarah Allen'): the last word is the last name, "
                     "everything before it the first name",
       "last_comma_first": "the names are written last name first with a comma ('Allen, Sarah')",
       "code_number": "each code is a letter prefix, a hyphen and a number: the prefix goes in the first "
                      "new column and the number, without the hyphen, in the second"}
SPLIT = {"first_last": "text.rpartition(' ')[::2]", "last_comma_first": "[p.strip() for p in text.split(',', 1)][::-1]",
         "code_number": "[p.strip() for p in text.split('-', 1)]"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    column: str
    pattern: Pattern
    new_headers: list[str]
    keep_original: bool
    how: str


class Options(SkillParams):
    pattern: Pattern | None = None
    keep_original: bool | None = None
    in_place: bool | None = None


@register_workflow
class TableSplitColumn(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_split_column", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'Split the {{ column }} column of the table in {{ input }} into two columns, "{{ new_headers[0] }}" and '
            '"{{ new_headers[1] }}"; {{ how }}. {% if keep_original %}Keep the {{ column }} column as it is.{% else %}'
            "The two new columns replace {{ column }}.{% endif %} Every other column and the report's text stay as "
            "they are. " + SAVE["formal"],
            "For the mail merge I need the {{ column }} column of the table in {{ input }} in two parts: "
            '"{{ new_headers[0] }}" and "{{ new_headers[1] }}" ({{ how }}). {% if keep_original %}Leave {{ column }} '
            "itself in.{% else %}You can drop {{ column }} once it's split.{% endif %} " + SAVE["chatty"],
            '{{ input }} table: {{ column }} -> "{{ new_headers[0] }}" + "{{ new_headers[1] }}" ({{ how }}); '
            "{% if keep_original %}keep {{ column }}{% else %}{{ column }} removed{% endif %}. " + SAVE["terse"],
        ],
        criteria=["The two new columns hold each row's parts, the last row included.",
                  "The combined column is kept or removed as asked; other columns and the text are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with a combined column"),
               FileSlot(param="output", type="docx", description="The report with the column split")],
        checks=[CheckTemplate(func="table.column_split", bind={"column": "column", "pattern": "pattern",
                                                                "new_headers": "new_headers",
                                                                "keep_original": "keep_original"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        pattern: Pattern = getattr(ctx.options, "pattern", None) or ctx.rng.choice(sorted(SPLIT))
        keep = getattr(ctx.options, "keep_original", None)
        keep = ctx.rng.choice([False, True]) if keep is None else keep
        doc, table = report_of_kind(ctx, set(CODES) if pattern == "code_number" else {"employees"}, 8, 16)
        column = CODES.get(table.kind, "Name")
        if pattern == "last_comma_first":  # the export wrote names surname first
            sections = list(doc.sections)
            at = next(i for i, s in enumerate(sections) if s.table is not None)
            block = sections[at].table
            c = block.headers.index(column)  # type: ignore[union-attr]
            rows = [[", ".join(v.rpartition(" ")[::-2]) if j == c else v for j, v in enumerate(row)]
                    for row in block.rows]  # type: ignore[union-attr]
            sections[at] = sections[at].model_copy(update={"table": block.model_copy(update={"rows": rows})})
            doc = doc.model_copy(update={"sections": sections})
        headers = ["Prefix", "Number"] if pattern == "code_number" else ["First name", "Last name"]
        params = Params(**doc_paths(ctx, doc.file_stem, "split"), column=column, pattern=pattern, new_headers=headers,
                        keep_original=keep, how=HOW[pattern])
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        first, second = params.new_headers
        compute = f"""
            col = header.index({lit(params.column)})
            parts = []
            for row in rows:
                text = " ".join(row[col].split())
                parts.append({SPLIT[params.pattern]})
        """
        if params.keep_original:
            fill = f"values = [p[0] for p in parts]\n{textwrap.dedent(append_column(first))}"
        else:  # the combined column becomes the first part, under its new header
            fill = textwrap.dedent(f"""
                head = grid.rows[0].cells[col].paragraphs[0]
                head.runs[0].text = {lit(first)}
                for extra in head.runs[1:]:
                    extra.text = ""
                for line, (part, _) in zip(list(grid.rows)[1:], parts):
                    cell = line.cells[col].paragraphs[0]
                    cell.runs[0].text = part
                    for extra in cell.runs[1:]:
                        extra.text = ""
            """)
        body = (textwrap.dedent(compute) + fill + "\nvalues = [p[1] for p in parts]\n"
                + textwrap.dedent(append_column(second)) + save_code(params.output))
        return solution(outline_step(params.input, f"I look over {params.input} to find the table."),
                        script_step(table_script(params.input, body), f"With python-docx I split each {params.column} "
                                    f"value into {first!r} and {second!r} and write the parts into the table.",
                                    f"Split {params.column}"),
                        script_step(table_script(params.output, "print(header); print(rows[-1])"),
                                    "I read the header and the last row back.", "Check the table"))
