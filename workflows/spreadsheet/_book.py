"""Shared parts of the workbook workflows whose inputs are made in `draw` (several sheets, messy
cells, a lookup sheet): params with the in-place axis, the save clause in three registers, the
one-xlsx spec, and the reference script's frame (read the sheet, print what it found, edit, save).

The `in_place` axis (`workflows._inplace`) changes what the user must do: edit the workbook
where it lies or save a new file.
"""

from __future__ import annotations

import random
import textwrap
from typing import Any

from faker import Faker
from pydantic import Field

from forge.models import ReferenceSolution
from forge.views import Table as Grid
from preparers.spreadsheet import Table, make_table, write_workbook
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowSpec
from workflows.spreadsheet._common import slug


class BookParams(Prepared):
    input: str
    output: str
    sheet: str
    subject: str
    in_place: bool


class BookOptions(SkillParams):
    in_place: bool | None = Field(default=None, description="Edit the workbook in place, or save a new file.")


def choose(ctx: Any, name: str, choices: list[Any]) -> Any:
    """The skill's fixed value for `name`, else a seeded draw."""
    value = getattr(ctx.options, name, None)
    return value if value is not None else ctx.rng.choice(choices)


def names(ctx: Any, table: Table, suffix: str) -> dict[str, Any]:
    """Input/output paths, sheet and subject for a drawn table; the output is the input in place."""
    paths = edit_paths(ctx, ctx.rng.choice(table.file_stems or [table.kind]), "xlsx", slug(suffix),
                       ["", "reports/", "shared/"])
    return {**paths, "sheet": ctx.rng.choice(table.sheet_names or ["Sheet1"]), "subject": table.subject}


CAPS = {"inventory": 50}

NUM = """
def num(v):
    return float(v.replace("$", "").replace(",", "").strip()) if isinstance(v, str) else (v or 0)
"""  # reference-script helper: an amount typed as text ('$ 1,234.50') as its number

AS_DATE = """
import datetime as dt
def as_date(v):
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    for fmt in ("%Y-%m-%d", "%m/%d/%Y", "%d %b %Y", "%B %d, %Y"):
        try:
            return dt.datetime.strptime(" ".join(str(v).split()), fmt).date()
        except ValueError:
            pass
    raise ValueError(v)
"""  # reference-script helper: a date cell, or a date typed as text in a common form


def big_table(rng: random.Random, faker: Faker, kind: str, lo: int = 40, hi: int = 240) -> Table:
    """A realistically long table (tens to hundreds of rows; a stock list has at most 50 distinct items)."""
    top = min(hi, CAPS.get(kind, hi))
    return make_table(rng, faker, kind=kind, rows=rng.randint(min(lo, top), top))


def workbook(sheets: list[tuple[str, list[str], list[list[Any]]]], table: Table) -> bytes:
    """Sheets of (name, header, rows) as one workbook with the table's number formats."""
    return write_workbook([Grid.of(name, [header, *rows]) for name, header, rows in sheets],
                          formats=table.formats, title=table.title)


def book_spec(name: str, params: type[BookParams], options: type[BookOptions], *, phrasings: list[tuple[str, str]],
              criteria: list[str], checks: list[CheckTemplate], output: str) -> WorkflowSpec:
    """One xlsx in, one xlsx out (the same path when in place); each phrasing is (text, register).
    Options taking `finish` (`_finish.FinishOptions`) say the finishing step and have it checked."""
    finish = "finish" in options.model_fields
    said = "{{ finishing }}" if finish else ""
    finishing = [CheckTemplate(func="table.sheet_finish", bind={"table": "finish_sheet", "finish": "finish"},
                               description="The finishing step asked on the result sheet was done.")] if finish else []
    return WorkflowSpec(
        name=name, apps=["spreadsheet"], params=params, skill_params=options,
        phrasings=[f"{text.rstrip()}{said} {SAVE[register]}" for text, register in phrasings], criteria=criteria,
        files=[FileSlot(param="input", type="xlsx", role="input", description="{{ subject | capitalize }} on sheet {{ sheet }}"),
               FileSlot(param="output", type="xlsx", description=output)],
        checks=[CheckTemplate(func="file.exists", description="The workbook was saved where the task asked."), *checks,
                *finishing],
    )


def read_step(params: BookParams, thought: str, sheets: list[str] | None = None) -> Any:
    """Look first: each sheet's header, size and a few rows."""
    script = f"""
        import openpyxl
        wb = openpyxl.load_workbook({lit(params.input)})
        for name in {lit(sheets)} or [{lit(params.sheet)}]:
            rows = list(wb[name].iter_rows(values_only=True))
            print(name, len(rows) - 1, "rows;", rows[0])
            for row in rows[1:6]:
                print("  ", row)
    """
    return script_step(script, thought, f"Inspect {params.input}")


def edit_step(params: BookParams, body: str | list[str], thought: str, action: str) -> Any:
    """Open the workbook, read the data sheet into `header`/`rows`, run `body` (parts dedented one by
    one), save to the output."""
    folder = params.output.rsplit("/", 1)[0] if "/" in params.output else ""
    script = "\n".join([
        "import os, openpyxl",
        f"wb = openpyxl.load_workbook({lit(params.input)})",
        f"ws = wb[{lit(params.sheet)}]",
        "header, *rows = [list(r) for r in ws.iter_rows(values_only=True)]",
        *[textwrap.dedent(part).strip() for part in ([body] if isinstance(body, str) else body)],
        *([f"os.makedirs({lit(folder)}, exist_ok=True)"] if folder else []),
        f"wb.save({lit(params.output)})",
        f"print('saved', {lit(params.output)})",
    ])
    return script_step(script, thought, action)


def rewrite(expr: str = "rows") -> str:
    """Body lines writing `header` and `expr` back over the data sheet (rows beyond are cleared)."""
    return textwrap.dedent(f"""
        data = [header] + {expr}
        ws.delete_rows(1, ws.max_row)
        for values in data:
            ws.append(values)
    """)


def verify_step(params: BookParams, sheet: str, thought: str) -> Any:
    script = f"""
        import openpyxl
        rows = list(openpyxl.load_workbook({lit(params.output)})[{lit(sheet)}].iter_rows(values_only=True))
        print(len(rows) - 1, "rows under", rows[0])
        print(rows[1:4], "...", rows[-1])
    """
    return script_step(script, thought, f"Check {sheet} in {params.output}")


def three_steps(params: BookParams, body: str | list[str], thought: str, action: str, *, sheet: str | None = None,
                sheets: list[str] | None = None) -> ReferenceSolution:
    from workflows.spreadsheet._finish import finish_code  # _finish builds on this module

    finish = finish_code(params)
    if finish:
        body = [*([body] if isinstance(body, str) else body), *finish]
        thought += f" Then the finishing step on {params.finish_sheet!r} ({params.finish.replace('_', ' ')})."  # type: ignore[attr-defined]
    return solution(
        read_step(params, f"First I look at {params.input}: the header and a few of the {params.subject}.", sheets),
        edit_step(params, body, thought, action),
        verify_step(params, sheet or params.sheet, "Then I reopen the saved workbook to confirm the result."),
    )
