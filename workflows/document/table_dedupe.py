"""Remove duplicate rows from a report's table: rows pasted in twice, rows repeated with only their
capitals or spacing changed, or a record entered again with an updated figure, where either the
first (original) or the last (latest) entry is the one to keep."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import TableBlock, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code, shown
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Match = Literal["exact", "loose", "key_first", "key_last"]
RULE = {
    "exact": "some rows were pasted in twice; delete every row that repeats an earlier row exactly",
    "loose": "some rows were pasted in twice, and in some copies only the capitals or the spacing differ; delete "
             "every row that repeats an earlier one apart from capitals and spacing",
    "key_first": "some {{ key_name }} values appear on more than one row (the record was entered again later with "
                 "a changed figure); keep only the first row of each {{ key_name }}, the original entry",
    "key_last": "some {{ key_name }} values appear on more than one row (the record was entered again later with "
                "an updated figure); keep only the last row of each {{ key_name }}, the latest entry",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    match: Match
    key: list[str]
    key_name: str
    keep: Literal["first", "last"]
    fold_case: bool


class Options(SkillParams):
    match: Match | None = None
    in_place: bool | None = None


@register_workflow
class TableDedupe(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.table_dedupe", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "In the table of {{ input }}, {% if match == 'exact' %}" + RULE["exact"] + "{% elif match == 'loose' %}"
            + RULE["loose"] + "{% elif match == 'key_first' %}" + RULE["key_first"] + "{% else %}" + RULE["key_last"]
            + "{% endif %}. The other rows stay in their order, unchanged; the rest of the document too. "
            + SAVE["formal"],
            "The table in {{ input }} has duplicates: {% if match == 'exact' %}" + RULE["exact"]
            + "{% elif match == 'loose' %}" + RULE["loose"] + "{% elif match == 'key_first' %}" + RULE["key_first"]
            + "{% else %}" + RULE["key_last"] + "{% endif %}. Could you clean it up without reordering anything? "
            + SAVE["chatty"],
            "{{ input }}: dedupe the table - {% if match in ('exact', 'loose') %}whole rows{% if fold_case %}, "
            "ignoring capitals and spacing{% endif %}{% else %}one row per {{ key_name }}, keep the {{ keep }} entry"
            "{% endif %}; order kept. " + SAVE["terse"],
        ],
        criteria=["Each duplicate is gone, the row kept as asked; the kept rows are unchanged and in order.",
                  "The header and the rest of the document are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with duplicate rows"),
               FileSlot(param="output", type="docx", description="The report with the table deduplicated")],
        checks=[CheckTemplate(func="table.deduplicated",
                              bind={"key": "key", "keep": "keep", "fold_case": "fold_case"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        match = getattr(ctx.options, "match", None) or ctx.rng.choice(list(RULE))
        doc, table = report_with_table(ctx, 8, 14)
        rows, numeric = [list(r) for r in table.rows], [table.headers.index(h) for h in table.numeric]
        texts = [i for i, h in enumerate(table.headers) if i and h not in table.numeric and h not in
                 table.date_columns() and all(isinstance(r[i], str) for r in rows)]
        for source in sorted(ctx.rng.sample(range(len(table.rows)), ctx.rng.randint(2, 3)), reverse=True):
            copy = list(rows[source])
            if match == "loose" and texts:
                col = ctx.rng.choice(texts)
                copy[col] = ctx.rng.choice([copy[col].upper(), copy[col].lower(), copy[col].replace(" ", "  ") + " "])
            if match.startswith("key"):
                col = ctx.rng.choice(numeric)
                copy[col] = copy[col] + (1 if isinstance(copy[col], int) else 1.5)
            rows.insert(ctx.rng.randint(source + 1, len(rows)), copy)
        block = TableBlock(headers=table.headers, rows=[[shown(v, table.formats.get(h, "")) for h, v in
                                                         zip(table.headers, row, strict=True)] for row in rows])
        doc = doc.model_copy(update={"sections": [s.model_copy(update={"table": block}) if s.table is not None else s
                                                  for s in doc.sections]})
        keyed = match.startswith("key")
        params = Params(**doc_paths(ctx, doc.file_stem, "deduplicated"), match=match,
                        key=[table.headers[0]] if keyed else [], key_name=table.headers[0],
                        keep="last" if match == "key_last" else "first", fold_case=match == "loose")
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            document = docx.Document({lit(params.input)})
            grid = document.tables[0]
            match = {lit(params.match)}
            lines = list(grid.rows)[1:]
            def identity(line):
                cells = [c.text for c in line.cells]
                if match.startswith("key"):
                    return cells[0].strip()
                if match == "loose":
                    return tuple(" ".join(c.split()).casefold() for c in cells)
                return tuple(cells)
            order = lines[::-1] if match == "key_last" else lines
            seen, drop = set(), []
            for line in order:
                if identity(line) in seen:
                    drop.append(line)
                seen.add(identity(line))
            for line in drop:
                grid._tbl.remove(line._tr)
            print(len(drop), "duplicate rows removed")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I look over {params.input} to find its table."),
                        script_step(script, "With python-docx I walk the table's rows and delete each repeat, keeping "
                                    f"the {params.keep} entry.", "Remove the duplicates"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
