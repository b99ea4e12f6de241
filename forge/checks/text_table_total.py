"""Checks over a markdown table on a wiki or README page given a Total row, as people do before a
review: one new last row, `Total` in its first cell, under each column asked the sum of its figures
written the way the column writes them (its currency sign, thousands separators when the column
uses them), every other cell empty; the rest of the page unchanged.

The table is the page's only one, or the one under a named heading. Rows compare cell by cell with
spacing free; other lines compare with trailing spaces dropped.
"""

from __future__ import annotations

import re

from pydantic import Field

from forge.checks._text_diff import text_lines_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_tables import table_spans
from forge.errors import CheckError
from forge.views import TextView

_FIGURE = re.compile(r"^(?P<sign>[^\d\-]*)(?P<digits>-?[\d,]+)$")
_RULE = re.compile(r"^:?-{3,}:?$")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _shown(line: str) -> str:
    """A table row with its cells' spacing folded (a separator row without spaces); another line as it is."""
    if not line.strip().startswith("|"):
        return line.rstrip()
    cells = _cells(line)
    if all(_RULE.match(c.replace(" ", "")) for c in cells):
        return "|" + "|".join(c.replace(" ", "") for c in cells) + "|"
    return "| " + " | ".join(" ".join(c.split()) for c in cells) + " |"


class TableTotalled(CheckOptions):
    file: OutputPath
    input_file: InputPath
    columns: list[str] = Field(min_length=1, description="The headers of the columns to sum.")
    heading: str | None = Field(default=None, description="The heading the table sits under; None: the page's "
                                "only table.")


def _table(lines: list[str], heading: str | None, path: str) -> tuple[int, int]:
    """(header line, end) of the table asked."""
    start = 0
    if heading is not None:
        start = next((i for i, line in enumerate(lines) if line.startswith("#") and
                      line.lstrip("#").strip() == heading), -1)
        if start < 0:
            raise CheckError(f"{path} has no heading {heading!r}")
    spans = [s for s in table_spans(lines) if s[0] > start]
    if not spans or (heading is None and len(table_spans(lines)) != 1):
        raise CheckError(f"{path} has no single table {'under ' + repr(heading) if heading else ''}".rstrip())
    return spans[0]


def total_row(header: list[str], body: list[list[str]], columns: list[str]) -> list[str]:
    """The Total row's cells: each asked column's sum, written as its figures are, other cells empty."""
    out = ["Total"]
    for c, name in enumerate(header[1:], start=1):
        if name.casefold() not in {x.casefold() for x in columns}:
            out.append("")
            continue
        figures = [_FIGURE.match(row[c].strip()) for row in body if c < len(row)]
        if not figures or any(f is None for f in figures):
            raise CheckError(f"the {name} column holds a cell that is no figure")
        total = sum(int(f["digits"].replace(",", "")) for f in figures if f)
        grouped = any("," in f["digits"] for f in figures if f)
        out.append(next(f["sign"] for f in figures if f) + (f"{total:,}" if grouped else str(total)))
    return out


@register_check("text.table_totalled", TableTotalled, view="text")
def table_totalled(state: FinalState, opts: TableTotalled) -> Verdict:
    """The page is the input with one row added right after the table's last row: `Total`, each
    asked column's sum as the column writes its figures, other cells empty; nothing else changed."""
    lines = input_view(state, opts.input_file, TextView).lines
    top, end = _table(lines, opts.heading, opts.input_file)
    header = _cells(lines[top])
    missing = [c for c in opts.columns if c.casefold() not in {h.casefold() for h in header}]
    if missing:
        raise CheckError(f"the table of {opts.input_file} has no column {', '.join(missing)}")
    row = total_row(header, [_cells(line) for line in lines[top + 2:end]], opts.columns)
    want = [_shown(line) for line in [*lines[:end], "| " + " | ".join(row) + " |", *lines[end:]]]
    got = [_shown(line) for line in output_view(state, opts.file, TextView).lines]
    while got and not got[-1]:
        got.pop()
    while want and not want[-1]:
        want.pop()
    problem = text_lines_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"a Total row under the table: {' | '.join(row)}")
