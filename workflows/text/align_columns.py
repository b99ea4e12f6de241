"""Lay out a comma, semicolon (decimal commas) or tab separated table as a fixed-width plain-text
table to paste into an email or a ticket: columns two apart, optionally a dashed rule under the
header or a `+---+` grid as database clients print; numbers right-aligned or not."""

from __future__ import annotations

import datetime as dt

from forge.checks.text_columns import DELIMITERS, Delimiter, Frame
from forge.models import ReferenceSolution
from preparers.spreadsheet import make_table
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

DELIMITED = {"comma": "comma-separated", "semicolon": "semicolon-separated (with decimal commas)",
             "tab": "tab-separated"}
LAYOUT = {
    "plain": "each column as wide as its longest entry, two spaces between columns, nothing else",
    "rule": "each column as wide as its longest entry, two spaces between columns, and under the header a line of "
            "dashes: one run per column, as wide as the column, two spaces apart",
    "grid": "an ASCII grid as a database client prints it: a border line of + and - above the header, below it and "
            "at the bottom (+ at each column edge, each run of dashes two longer than its column), and every row as "
            "| cell | cell | with one space either side of each cell, padded to its column's longest entry",
}
_ALIGN = ("{% if right_numbers %}Right-align the columns that hold only numbers and left-align the others."
          "{% else %}Left-align every column, numbers included.{% endif %}")


class Options(SkillParams):
    delimiter: Delimiter | None = None
    frame: Frame | None = None
    right_numbers: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    delimiter: Delimiter
    delimited: str
    frame: Frame
    layout: str
    right_numbers: bool


def _cell(value: object, delimiter: Delimiter) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        text = f"{value:.2f}"
        return text.replace(".", ",") if delimiter == "semicolon" else text
    return str(value).replace(DELIMITERS[delimiter], " ").replace('"', "")


@register_workflow
class AlignColumns(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.align_columns", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} holds a {{ delimited }} table. Lay it out as a fixed-width plain-text table: {{ layout }}. "
            + _ALIGN + " Keep every row in its order and every cell as written. " + SAVE["formal"],
            "I need to paste the data in {{ input }} into an email where it has to read as a table. It's "
            "{{ delimited }}; could you line it up? I'd like {{ layout }}. " + _ALIGN + " " + SAVE["chatty"],
            "{{ input }} ({{ delimited }}) to an aligned text table: {{ layout }}. " + _ALIGN + " " + SAVE["terse"],
        ],
        criteria=["Every row and cell of the input, in order, in fixed-width columns.",
                  "The layout and alignment are exactly as asked."],
        files=[FileSlot(param="input", type="txt", role="input", description="A delimited table as text"),
               FileSlot(param="output", type="txt", description="The aligned table")],
        checks=[CheckTemplate(func="text.columns_aligned", bind={
            "delimiter": "delimiter", "frame": "frame", "right_numbers": "right_numbers"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        delimiter: Delimiter = opts.delimiter or rng.choice(["comma", "semicolon", "tab"])
        frame: Frame = opts.frame or rng.choice(["plain", "rule", "grid"])
        right = opts.right_numbers if opts.right_numbers is not None else rng.random() < 0.6
        table = make_table(rng, ctx.faker, rows=rng.randint(6, 14))
        sep = DELIMITERS[delimiter]
        lines = [sep.join(table.headers)] + [sep.join(_cell(v, delimiter) for v in row) for row in table.rows]
        stems = [s for s in table.file_stems if not any(ch.isdigit() for ch in s)]  # a year in the name reads
        params = Params(**edit_paths(ctx, rng.choice(stems), "txt", "aligned", ["", "exports/", "notes/"]),  # as data
                        delimiter=delimiter, delimited=DELIMITED[delimiter], frame=frame, layout=LAYOUT[frame],
                        right_numbers=right)
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, re
            text = open({lit(params.input)}, encoding="utf-8").read()
            rows = [[c.strip() for c in r] for r in csv.reader([x for x in text.splitlines() if x.strip()],
                                                               delimiter={lit(DELIMITERS[params.delimiter])})]
            widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
            number = lambda v: re.match(r"^[+-]?\\d[\\d.,]*$", v)
            right = [{params.right_numbers} and all(number(r[c]) for r in rows[1:]) for c in range(len(widths))]
            pad = lambda row: [v.rjust(w) if a else v.ljust(w) for v, w, a in zip(row, widths, right)]
            frame = {lit(params.frame)}
            if frame == "grid":
                border = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
                body = ["| " + " | ".join(pad(r)) + " |" for r in rows]
                out = [border, body[0], border, *body[1:], border]
            else:
                out = ["  ".join(pad(r)).rstrip() for r in rows]
                if frame == "rule":
                    out.insert(1, "  ".join("-" * w for w in widths))
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out[:5]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:600])",
                                    f"First I look at {params.input} to see its separator and columns.",
                                    f"Show {params.input}"),
                        script_step(script, "I split the rows on the separator, measure each column's longest "
                                    "entry and pad every cell to it, framing the table as asked.",
                                    f"Write {params.output}"))
