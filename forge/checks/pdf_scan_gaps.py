"""Scanned documents checked for lost and doubled sheets before the paper goes: each page prints
'Page n of N' in its footer, so the page numbers a scan lacks, and those it holds twice, can be
read off the scan itself. A csv row per file (every file, or only those with a problem) with the
numbers found. Everything comes from the scans' text; what is looked for from the instruction."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import PdfView, TableView

LookFor = Literal["missing", "twice", "both"]
_FOOTER = re.compile(r"\bPage\s+(\d+)\s+of\s+(\d+)\b", re.IGNORECASE)
_LIST = re.compile(r"\s*(\d+(\s*,\s*|\s+))*\d*\s*")


class ScanGapsReported(CheckOptions):
    file: OutputPath = Field(description="The csv: file, then 'missing' and/or 'twice' columns of page numbers.")
    first_file: InputPath = Field(description="The scans, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath | None = None
    fourth_file: InputPath | None = None
    look_for: LookFor = Field(description="missing: the page numbers a scan lacks; twice: those it holds more than "
                              "once; both: a column each.")
    problems_only: bool = Field(default=False, description="Only the files with something to report; else every "
                                "file, an empty cell where nothing is found.")


def scan_gaps(pages: list[str], path: str) -> tuple[list[int], list[int]]:
    """(missing, twice): the page numbers 1..N a scan's footers lack and those they repeat."""
    footers = [found for page in pages if (found := _FOOTER.findall(page))]
    if not footers:
        raise CheckError(f"{path} prints no 'Page n of N' footer")
    numbers = Counter(int(f[-1][0]) for f in footers)
    total = max(int(f[-1][1]) for f in footers)
    return sorted(set(range(1, total + 1)) - set(numbers)), sorted(n for n, c in numbers.items() if c > 1)


def _numbers(cell: Any) -> list[int] | None:
    """The page numbers a cell lists (spaces or commas between them), or None when it holds anything else."""
    text = "" if cell is None else str(cell)
    return [int(n) for n in re.findall(r"\d+", text)] if _LIST.fullmatch(text) else None


@register_check("pdf.scan_gaps_reported", ScanGapsReported, view="table")
def scan_gaps_reported(state: FinalState, opts: ScanGapsReported) -> Verdict:
    """The csv's header is file and the columns asked ('missing', 'twice'), then a row per scan
    (or only those with a gap or a repeat, when asked) in the order listed: the file as named
    (or its base name) and the page numbers smallest first, an empty cell for none; nothing else."""
    columns = {"missing": ["missing"], "twice": ["twice"], "both": ["missing", "twice"]}[opts.look_for]
    want = []
    for path in (p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file) if p):
        missing, twice = scan_gaps(input_view(state, path, PdfView).pages, path)
        found = {"missing": missing, "twice": twice}
        if not opts.problems_only or any(found[c] for c in columns):
            want.append((path, [found[c] for c in columns]))
    rows = output_view(state, opts.file, TableView).get().rows
    header = ["file", *columns]
    if [fold(str(h)).casefold() for h in rows[0]] != header:
        return Verdict.of(False, f"{opts.file}'s header is {','.join(map(str, rows[0]))}, expected {','.join(header)}")
    if len(rows) - 1 != len(want):
        return Verdict.of(False, f"{opts.file} has {len(rows) - 1} rows, expected {len(want)}: "
                          + (", ".join(p for p, _ in want) or "none"))
    for k, (row, (path, numbers)) in enumerate(zip(rows[1:], want, strict=True), start=1):
        if fold(str(row[0])) not in (path, PurePosixPath(path).name):
            return Verdict.of(False, f"row {k} of {opts.file} names {row[0]!r}, expected {path}")
        for column, cell, need in zip(columns, row[1:], numbers, strict=True):
            if _numbers(cell) != need:
                shown = "" if cell is None else str(cell)
                return Verdict.of(False, f"row {k} of {opts.file} ({path}) gives {column} {shown!r}, expected "
                                  f"{' '.join(map(str, need)) or 'an empty cell'}")
    return Verdict.of(True, f"{len(want)} scan(s) reported as asked")
