"""Edit the table already on a slide, as people do before presenting it: sort its rows by a number
column (largest first) or by a name (A to Z), add a total row under it, delete the rows of one
category or a column nobody needs, or add a row with the figures someone sent over."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._table_deck import make_table_deck, write_table_deck
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Op = Literal["sort_number", "sort_text", "total", "drop_rows", "drop_column", "append_row"]
EDIT = ("{% if op == 'sort_number' %}sort its rows by {{ column }}, largest first{% elif op == 'sort_text' %}sort "
        "its rows by {{ column }} from A to Z{% elif op == 'total' %}add a row \"{{ label }}\" at the bottom with the "
        "sum of each number column ({{ numbers|join(', ') }}) and the other cells left empty{% elif op == "
        "'drop_rows' %}delete the rows whose {{ column }} is {{ value }}{% elif op == 'drop_column' %}delete the "
        "{{ column }} column{% else %}add a row at the bottom with {% for h in header %}{{ h }}: {{ row[loop.index0] }}"
        "{% if not loop.last %}; {% endif %}{% endfor %}{% endif %}")
KEEP = "The header row stays on top and the rest of the deck stays as it is."
CODE = {
    "sort_number": "body = sorted(rows[1:], key=lambda r: -number(r[col]))\n"
                   "for i, values in enumerate(body, start=1): put(table.rows[i], values)",
    "sort_text": "body = sorted(rows[1:], key=lambda r: r[col].casefold())\n"
                 "for i, values in enumerate(body, start=1): put(table.rows[i], values)",
    "total": "numeric = [c for c in range(len(header)) if all(is_number(r[c]) for r in rows[1:])]\n"
             "total = [{label}] + [''] * (len(header) - 1)\n"
             "for c in numeric:\n"
             "    places = max((len(r[c].split('.')[1]) for r in rows[1:] if '.' in r[c]), default=0)\n"
             "    total[c] = f'{{sum(number(r[c]) for r in rows[1:]):,.{{places}}f}}'\n"
             "add_row(total)",
    "drop_rows": "for tr, values in zip(list(tbl.tr_lst)[1:], rows[1:]):\n"
                 "    if values[col].strip().casefold() == {value}.casefold(): tbl.remove(tr)",
    "drop_column": "tbl.tblGrid.remove(tbl.tblGrid.gridCol_lst[col])\n"
                   "for tr in tbl.tr_lst: tr.remove(tr.tc_lst[col])",
    "append_row": "add_row({row})",
}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    slide_title: str
    op: Op
    column: str | None
    value: str | None
    label: str | None
    numbers: list[str]
    header: list[str]
    row: list[str] | None


class Options(SkillParams):
    op: Op | None = None
    in_place: bool | None = None


@register_workflow
class EditTable(PreparedWorkflow[Params]):
    states_values = ("row", "value")
    spec = WorkflowSpec(
        name="presentation.edit_table", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"The slide \"{{{{ slide_title }}}}\" of {{{{ input }}}} holds a table. Edit that table: {EDIT}. {KEEP} "
            + SAVE["formal"],
            f"Could you fix up the table on \"{{{{ slide_title }}}}\" in {{{{ input }}}} before the meeting? I'd like "
            f"you to {EDIT}. Please keep it a real table and don't touch the other slides. " + SAVE["chatty"],
            f"{{{{ input }}}}, table on \"{{{{ slide_title }}}}\": {EDIT}. " + SAVE["terse"],
        ],
        criteria=["The table on the named slide reads as the edit makes it.",
                  "Every slide's title and text are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A deck with a table slide"),
               FileSlot(param="output", type="pptx", description="The deck with the table edited")],
        checks=[CheckTemplate(func="slides.table_edited", bind={
            "slide_title": "slide_title", "op": "op", "column": "column", "value": "value", "label": "label",
            "row": "row"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "op", None) or ctx.rng.choice(list(CODE))
        for _ in range(40):
            made = make_table_deck(ctx.rng, ctx.faker)
            header, body = made.grid[0], made.grid[1:]
            column = value = label = row = None
            if op == "sort_number":
                column = ctx.rng.choice(header[2:])
                keys = [float(r[header.index(column)].replace(",", "")) for r in body]
                if keys == sorted(keys, reverse=True):
                    continue
            elif op == "sort_text":
                column = header[0]
                if [r[0].casefold() for r in body] == sorted(r[0].casefold() for r in body):
                    continue
            elif op == "total":
                label = ctx.rng.choice(["Total", "Total", "Grand total"])
            elif op == "drop_rows":
                column = header[1]
                counts = {v: [r[1] for r in body].count(v) for v in sorted({r[1] for r in body})}
                if not (fits := [v for v, n in counts.items() if 1 <= n <= len(body) - 2]):
                    continue
                value = ctx.rng.choice(fits)
            elif op == "drop_column":
                column = ctx.rng.choice(header[1:])
            else:
                row = made.spare
            break
        else:
            raise WorkflowError(f"no table deck to edit for op={op} drawn")
        params = Params(**deck_paths(ctx, made.deck.file_stem, "table"), slide_title=made.title, op=op,
                        column=column, value=value, label=label, numbers=header[2:], header=header, row=row)
        return params.with_files(input=write_table_deck(made))

    def reference(self, params: Params) -> ReferenceSolution:
        edit = CODE[params.op].format(label=lit(params.label), value=lit(params.value), row=lit(params.row))
        script = f"""
            import copy, pptx
            deck = pptx.Presentation({lit(params.input)})
            slide = next(s for s in deck.slides if s.shapes.title is not None
                         and " ".join(s.shapes.title.text_frame.text.split()) == {lit(params.slide_title)})
            shape = next(s for s in slide.shapes if s.has_table)
            table, tbl = shape.table, shape.table._tbl
            rows = [[cell.text for cell in r.cells] for r in table.rows]
            header = rows[0]
            col = header.index({lit(params.column)}) if {lit(params.column)} in header else None
            def number(text): return float(text.replace(",", ""))
            def is_number(text):
                try:
                    number(text)
                except ValueError:
                    return False
                return True
            def put(row, values):
                for cell, value in zip(row.cells, values):
                    runs = cell.text_frame.paragraphs[0].runs
                    if runs:
                        runs[0].text = value
                    else:
                        cell.text = value
            def add_row(values):
                tbl.append(copy.deepcopy(tbl.tr_lst[-1]))
                put(table.rows[len(table.rows) - 1], values)
                shape.height = shape.height + table.rows[0].height
            {{edit}}
            print([[c.text for c in r.cells] for r in table.rows])
            {save_code(params.output)}
        """
        script = script.replace("{edit}", edit.replace("\n", "\n            "))
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the table slide."),
                        script_step(script, "I open the deck with python-pptx, read the table's cells and edit the "
                                    f"table itself ({params.op.replace('_', ' ')}).", "Edit the table"),
                        list_step(params.output, "I list the slides again to check the deck."))
