"""Bring a report's table up to date from the latest CSV export: the same rows with new figures,
new rows the export has gained, an export whose columns come in another order, or one with more
columns than the report shows (the table keeps its own columns and their order)."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.data import write_csv
from preparers.document import write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, report_with_table, save_code, shown
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Shape = Literal["same", "new_rows", "reordered", "extra_columns"]
NOTE = {
    "same": "",
    "new_rows": " The export also has rows the table does not have yet; they belong in the table too.",
    "reordered": " The export lists the columns in a different order; keep the table's own column order.",
    "extra_columns": " The export has more columns than the table shows; keep only the table's own columns.",
}


class Params(Prepared):
    input: str
    data: str
    output: str
    in_place: bool
    heading: str
    shape: Shape
    note: str


class Options(SkillParams):
    shape: Shape | None = None
    in_place: bool | None = None


@register_workflow
class RefreshTable(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.refresh_table", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'The table in the "{{ heading }}" section of {{ input }} shows old figures. Update it from {{ data }}, '
            "the latest export: one row per export row, in the export's order, under the table's own header row."
            "{{ note }} Leave the text and any other table as they are. " + SAVE["formal"],
            'Finance sent {{ data }} with the current numbers. Could you refresh the "{{ heading }}" table in '
            "{{ input }} so it matches the export row for row (same order as the export)?{{ note }} Nothing "
            "else in the report should change. " + SAVE["chatty"],
            '{{ input }}: refresh the "{{ heading }}" table from {{ data }} (export rows, export order, the '
            "table's header).{{ note }} " + SAVE["terse"],
        ],
        criteria=["The table holds every export row, in the export's order, under its own header and columns.",
                  "The report's text and other tables are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with an old table"),
               FileSlot(param="data", type="csv", role="input", description="The latest export"),
               FileSlot(param="output", type="docx", description="The report with the table updated")],
        checks=[CheckTemplate(func="document.table_refreshed", paths={"input_file": "input", "data_file": "data"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        shape = getattr(ctx.options, "shape", None) or ctx.rng.choice(list(NOTE))
        doc, table = report_with_table(ctx, 6, 14)
        numeric = [table.headers.index(h) for h in table.numeric]
        old_rows = []
        for row in table.rows:  # last month's figures: every number a little off
            old = list(row)
            for c in numeric:
                if isinstance(row[c], int | float) and not isinstance(row[c], bool):
                    factor = ctx.rng.choice([0.8, 0.9, 0.95, 1.05, 1.1])
                    old[c] = round(row[c] * factor) if isinstance(row[c], int) else round(row[c] * factor, 2)
            old_rows.append(old)
        headers, keep = table.headers, list(range(len(table.headers)))
        if shape == "new_rows":  # rows the export gained since
            gone = set(ctx.rng.sample(range(1, len(old_rows)), ctx.rng.randint(1, 3)))
            old_rows = [r for i, r in enumerate(old_rows) if i not in gone]
        if shape == "extra_columns":  # the report shows only some of the export's columns, a figure among them
            spare = [i for i in range(1, len(headers)) if i not in numeric] or numeric[1:]
            dropped = set(ctx.rng.sample(spare, min(len(spare), ctx.rng.randint(1, 2))))
            keep = [i for i in range(len(headers)) if i not in dropped]
        figures = [c for c in numeric if c in keep and isinstance(old_rows[-1][c], int | float)]
        if figures and shape != "new_rows" and all(o[c] == n[c] for o, n in zip(old_rows, table.rows, strict=True)
                                       for c in figures):  # no shown figure moved: the last one does
            old_rows[-1] = [v + 1 if c == figures[-1] else v for c, v in enumerate(old_rows[-1])]
        export = table
        if shape == "reordered":
            order = [0, *ctx.rng.sample(range(1, len(headers)), len(headers) - 1)]
            while order == list(range(len(headers))):
                ctx.rng.shuffle(order)
            export = table.model_copy(update={"headers": [headers[i] for i in order],
                                              "rows": [[r[i] for i in order] for r in table.rows]})
        at = next(i for i, s in enumerate(doc.sections) if s.table is not None)
        block = doc.sections[at].table.model_copy(update={  # type: ignore[union-attr]
            "headers": [headers[i] for i in keep],
            "rows": [[shown(r[i], table.formats.get(headers[i], "")) for i in keep] for r in old_rows]})
        sections = [s.model_copy(update={"table": block}) if i == at else s for i, s in enumerate(doc.sections)]
        doc = doc.model_copy(update={"sections": sections})
        paths = doc_paths(ctx, doc.file_stem, "updated")
        folder = paths["input"].rsplit("/", 1)[0] + "/" if "/" in paths["input"] else ""
        params = Params(**paths, data=f"{folder}{table.kind}_export.csv", heading=doc.sections[at].heading,
                        shape=shape, note=NOTE[shape])
        return params.with_files(input=write_docx(doc), data=write_csv(export))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv
            import docx
            with open({lit(params.data)}, newline="", encoding="utf-8") as handle:
                rows = list(csv.DictReader(handle))
            names = {{name.strip().casefold(): name for name in rows[0]}}
            document = docx.Document({lit(params.input)})
            grid = next(t for t in document.tables
                        if all(c.text.strip().casefold() in names for c in t.rows[0].cells))
            header = [names[c.text.strip().casefold()] for c in grid.rows[0].cells]
            for row in list(grid.rows)[1:]:
                grid._tbl.remove(row._tr)
            for record in rows:
                for cell, column in zip(grid.add_row().cells, header):
                    cell.text = record[column]
            print(len(rows), "rows from the export; columns", header)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I find the {params.heading!r} section and its table."),
                        script_step(script, f"With python-docx I replace the table's rows with {params.data}'s, "
                                    "column by column under the table's own header.", "Refresh the table"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
