"""Checks over a combined log summarised as a markdown table for an incident review: one row per
service, a column per level (DEBUG, INFO, WARNING, ERROR) holding how many entries that service
logged at that level, optionally a Total column and a Total row; rows A to Z by service, or the
services with the most ERROR entries first (ties A to Z).

Entries are counted from the log as `text_log_split` reads them (a traceback's lines belong to their
entry and are no entries). The table is the output's first pipe table; cells compare with spacing
free, header names ignoring case, counts as whole numbers.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import Field

from forge.checks._line_entries import named_rows_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_log_split import log_entries
from forge.checks.text_tables import table_spans
from forge.views import TextView

LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR"]
Order = Literal["name", "errors"]


class LogPivoted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    totals: bool = Field(default=False, description="A Total column after the levels and a Total row at the end.")
    order: Order = Field(description="name: services A to Z; errors: most ERROR entries first, ties A to Z.")


def _cells(line: str) -> list[str]:
    return [" ".join(c.split()) for c in line.strip().strip("|").split("|")]


def pivot(counts: Counter[tuple[str, str]], opts: LogPivoted) -> tuple[list[str], list[tuple[str, str]]]:
    """The header and the (service, counts joined by spaces) rows the table must hold."""
    services = sorted({s for s, _ in counts}, key=str.casefold)
    if opts.order == "errors":
        services.sort(key=lambda s: -counts[s, "ERROR"])
    rows = [[counts[s, level] for level in LEVELS] for s in services]
    if opts.totals:
        rows = [[*r, sum(r)] for r in rows]
        services, rows = [*services, "Total"], [*rows, [sum(col) for col in zip(*rows, strict=True)]]
    header = ["Service", *LEVELS, *(["Total"] if opts.totals else [])]
    return header, [(s, " ".join(map(str, r))) for s, r in zip(services, rows, strict=True)]


@register_check("text.log_pivoted", LogPivoted, view="text")
def log_pivoted(state: FinalState, opts: LogPivoted) -> Verdict:
    """The output's first table has the header asked and one row per service in the order asked, each
    holding its entry count per level (and its total), then the Total row when asked; nothing more."""
    log = log_entries(input_view(state, opts.input_file, TextView).lines, opts.input_file)
    header, want = pivot(Counter((m["service"], m["level"]) for m, _ in log), opts)
    lines = output_view(state, opts.file, TextView).lines
    spans = table_spans(lines)
    if not spans:
        return Verdict.of(False, f"{opts.file} holds no markdown table")
    top, end = spans[0]
    got_header = _cells(lines[top])
    if [h.casefold() for h in got_header] != [h.casefold() for h in header]:
        return Verdict.of(False, f"the table's header is {' | '.join(got_header)}, expected {' | '.join(header)}")
    got = [(cells[0], " ".join(c.replace(",", "") for c in cells[1:])) for cells in map(_cells, lines[top + 2:end])]
    problem = named_rows_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(want)} rows of entry counts per level, as asked")
