"""Shared pieces of the spreadsheet workflows, so each workflow file is only what makes it different.

A spreadsheet workflow subclasses `SheetWorkflow` and writes:

- a params model extending `SheetParams` (input, output, sheet, subject are already there) and a
  skill-params model extending `SheetOptions` (`kind` is already there);
- `spec = sheet_spec(...)`: name, phrasings, criteria and check templates (files are one xlsx
  in, one xlsx out);
- `draw`: `table = draw_table(ctx)`, read `ctx.options`, then
  `MyParams.make(ctx, table, "suffix", **fields)` names the files and keeps the table aside;
- `transform(params)`: the python snippet that edits `header` and `rows` (lists read from the
  input sheet); the reference solution wraps it into inspect / transform / verify bash steps.

The table crosses from `draw` to `contents` privately (`params.table`), never through the brief
or the bundle's params, so checks stay behind the information barrier.
"""

from __future__ import annotations

import json
import math
import random
import re
import shlex
import textwrap
from abc import abstractmethod
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Self, TypeVar

from pydantic import BaseModel, ConfigDict, PrivateAttr, field_validator

from forge.checks.table import satisfies
from forge.errors import WorkflowError
from forge.models import ReferenceSolution, ReferenceStep
from preparers.spreadsheet import TABLE_KINDS, Table, make_table, write_xlsx
from workflows.spec import CheckTemplate, FileSlot, SkillParams, Workflow, WorkflowContext, WorkflowSpec

T = TypeVar("T")

NOTES = {  # the closing sentence of every phrasing, by what the workflow writes
    "values": "Write every result as a plain number (a value), not a formula.",
    "plain": "Keep every cell a plain value, not a formula.",
}


P = TypeVar("P", bound="SheetParams")


class SheetParams(BaseModel):
    """What every spreadsheet task names: its input and output files, the sheet, the rows' subject."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input: str
    output: str
    sheet: str
    subject: str
    _table: Table | None = PrivateAttr(default=None)

    @property
    def table(self) -> Table:
        if self._table is None:
            raise WorkflowError(
                f"{type(self).__name__} carries no table: "
                f"build it with {type(self).__name__}.make() in draw()"
            )
        return self._table

    @classmethod
    def make(cls, ctx: WorkflowContext, table: Table, suffix: str, **fields: Any) -> Self:
        """Params with drawn names (`inputs/<stem>.xlsx`, `outputs/<stem>_<suffix>.xlsx`, sheet),
        holding `table` privately for `files`."""
        stem = ctx.rng.choice(table.file_stems or [table.kind])
        sheet = ctx.rng.choice(table.sheet_names or ["Sheet1"])
        params = cls(
            input=f"inputs/{stem}.xlsx",
            output=f"outputs/{stem}_{slug(suffix)}.xlsx",
            sheet=sheet,
            subject=table.subject,
            **fields,
        )
        params._table = table
        return params


# --- drawing -------------------------------------------------------------------------------


class SheetOptions(SkillParams):
    """Skill params every spreadsheet workflow takes: `kind` fixes the table kind."""

    kind: str | None = None

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str | None) -> str | None:
        if kind is not None and kind not in TABLE_KINDS:
            raise ValueError(f"unknown table kind {kind!r}; known: {', '.join(sorted(TABLE_KINDS))}")
        return kind


def option(ctx: WorkflowContext, key: str, choices: list[T]) -> T:
    """The skill's fixed value for `key` (validated by the skill-params model), else a seeded draw."""
    value = getattr(ctx.options, key, None)
    return value if value is not None else ctx.rng.choice(choices)


def draw_table(ctx: WorkflowContext, kinds: list[str] | None = None) -> Table:
    """A seeded table; its kind is the skill's `kind` param, else drawn from `kinds` (or all)."""
    kind = getattr(ctx.options, "kind", None) or ctx.rng.choice(sorted(kinds or TABLE_KINDS))
    return make_table(ctx.rng, ctx.faker, kind=kind)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


# --- thresholds ----------------------------------------------------------------------------

THRESHOLD_STEPS = [1000, 500, 100, 50, 10, 5, 1, 0.5, 0.1, 0.05, 0.01]


def round_between(lo: float, hi: float, *, include_lo: bool) -> float | int:
    """The roundest number strictly between two neighbouring data values `lo` < `hi`: a threshold a
    person would pick, never one of the values (where "over 100" and "100 or more" differ only on a
    value of 100, a threshold there is a trap the task did not mean). The kept set is the same
    anywhere in [lo, hi) (`include_lo`: for > and <=) or (lo, hi]; a gap under a cent falls back
    to that interval's own end."""
    for step in THRESHOLD_STEPS:
        t = round((math.floor(lo / step) + 1) * step, 2)
        if lo < t < hi:
            return int(t) if t == int(t) else t
    middle = round((lo + hi) / 2, 2)
    if lo < middle < hi:
        return middle
    return lo if include_lo else hi


def pick_threshold(rng: random.Random, values: list[float], operator: str) -> float | int | None:
    """A threshold that keeps some rows but not all (about a fifth to four fifths when possible)."""
    distinct = sorted(set(values))
    n = len(values)
    if operator == "==":
        options = [v for v in distinct if values.count(v) < n]
    elif operator in (">", "<="):  # same kept set for any t in [a, b)
        options = [round_between(a, b, include_lo=True) for a, b in pairwise(distinct)]
    else:  # ">=", "<": same kept set for any t in (a, b]
        options = [round_between(a, b, include_lo=False) for a, b in pairwise(distinct)]
    kept = {t: sum(satisfies(v, operator, t) for v in values) for t in options}
    good = [t for t in options if 0 < kept[t] < n]
    balanced = [t for t in good if 0.2 * n <= kept[t] <= 0.8 * n]
    return rng.choice(balanced or good) if good else None


# --- spec ----------------------------------------------------------------------------------


def sheet_spec(name: str, params: type[SheetParams], options: type[SheetOptions], *, phrasings: list[str],
               note: str, criteria: list[str], check: str, bind: list[str], description: str, output: str,
               **fixed: Any) -> WorkflowSpec:
    """The spec of a one-table workflow: xlsx in, xlsx out; every phrasing ends with `NOTES[note]`;
    `file.exists` on the output, then `check` with the output, the input, the sheet and `bind`'s params."""
    return WorkflowSpec(
        name=name, apps=["spreadsheet"], params=params, skill_params=options,
        phrasings=[f"{p.rstrip()} {NOTES[note]}" for p in phrasings],
        criteria=criteria,
        files=[FileSlot(param="input", type="xlsx", role="input",
                        description="{{ subject | capitalize }} on sheet {{ sheet }}"),
               FileSlot(param="output", type="xlsx", description=output)],
        checks=[CheckTemplate(func="file.exists", description="The output workbook was saved where the task asked."),
                CheckTemplate(func=check, bind={"table": "sheet", **{k: k for k in bind}}, fixed=fixed,
                              description=description)],
    )


# --- reference solution ----------------------------------------------------------------------


def lit(value: Any) -> str:
    """A Python literal for a string, number or list of them, in double quotes (shell-friendly)."""
    return json.dumps(value)


def _python_step(code: str, thought: str, action: str) -> ReferenceStep:
    """A reference step that runs a one-line python program in the shell."""
    return ReferenceStep(thought=thought, action=action, tool="bash", arguments={"command": f"python3 -c {shlex.quote(code)}"})


def inspect_step(params: SheetParams, thought: str) -> ReferenceStep:
    code = (
        f"import openpyxl; ws = openpyxl.load_workbook({lit(params.input)})[{lit(params.sheet)}]; "
        f'print([c.value for c in ws[1]]); print(ws.max_row - 1, "data rows"); '
        f"print([c.value for c in ws[2]])"
    )
    return _python_step(code, thought, f"Inspect the header and size of {params.input}")


def transform_script(params: SheetParams, snippet: str) -> str:
    """A complete openpyxl script: read header/rows, run `snippet`, write them back, save."""
    body = textwrap.dedent(snippet).strip()
    return "\n".join(
        [
            "import openpyxl",
            "",
            f"wb = openpyxl.load_workbook({lit(params.input)})",
            f"ws = wb[{lit(params.sheet)}]",
            "header = [c.value for c in ws[1]]",
            "rows = [list(r) for r in ws.iter_rows(min_row=2, values_only=True)]",
            "",
            body,
            "",
            "for r, values in enumerate([header] + rows, start=1):",
            "    for c, value in enumerate(values, start=1):",
            "        ws.cell(row=r, column=c, value=value)",
            "if ws.max_row > len(rows) + 1:",
            "    ws.delete_rows(len(rows) + 2, ws.max_row - len(rows) - 1)",
            f"wb.save({lit(params.output)})",
            f'print("saved", len(rows), "rows to", {lit(params.output)})',
        ]
    )


def transform_step(params: SheetParams, snippet: str, thought: str, action: str) -> ReferenceStep:
    script = transform_script(params, snippet)
    command = f"mkdir -p {shlex.quote(_folder(params.output))} && python3 - <<'PY'\n{script}\nPY"
    return ReferenceStep(thought=thought, action=action, tool="bash", arguments={"command": command})


def verify_step(params: SheetParams, thought: str) -> ReferenceStep:
    code = (
        f"import openpyxl; ws = openpyxl.load_workbook({lit(params.output)})[{lit(params.sheet)}]; "
        f"rows = list(ws.iter_rows(values_only=True)); print(rows[0]); "
        f'print(len(rows) - 1, "rows below the header; last:", rows[-1])'
    )
    return _python_step(code, thought, f"Check the saved {params.output}")


def _folder(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else "."


@dataclass(frozen=True)
class Transform:
    """The one step that differs between spreadsheet workflows."""

    snippet: str
    thought: str
    action: str


class SheetWorkflow(Workflow[P]):
    """Base for one-table, one-output spreadsheet workflows: contents and reference come for free."""

    option = staticmethod(option)
    table = staticmethod(draw_table)
    threshold = staticmethod(pick_threshold)

    @abstractmethod
    def transform(self, params: P) -> Transform:
        """The python snippet editing `header` and `rows`, and why."""

    def contents(self, ctx: WorkflowContext, params: P) -> dict[str, bytes]:
        return {"input": write_xlsx(params.table, params.sheet)}

    def reference(self, params: P) -> ReferenceSolution:
        t = self.transform(params)
        return ReferenceSolution(
            steps=[
                inspect_step(params, f"First I look at {params.input}: the header names and "
                                     f"how many {params.subject} there are."),
                transform_step(params, t.snippet, t.thought, t.action),
                verify_step(params, f"Finally I reopen {params.output} to confirm the header and "
                                    "the last row look right."),
            ]
        )
