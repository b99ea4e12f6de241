"""Checks over `Key: value` records in a text file (contact cards, a server inventory kept by hand:
blocks of lines, one blank line apart, fields in any order, some missing) laid out as one markdown
table: a column per field in order of first appearance or as listed, a row per record in file order or
sorted by a field, a stated filler for a missing field.

The output's first pipe table is read by its cells (padding free; the alignment row any markers).
The expected table comes from the input records and the options.
"""

from __future__ import annotations

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_reports import _cells
from forge.checks.text_tables import table_spans
from forge.errors import CheckError
from forge.views import TextView


def records(lines: list[str]) -> list[dict[str, str]]:
    """The records: blocks of `Key: value` lines apart by blank lines (keys and values trimmed)."""
    out: list[dict[str, str]] = [{}]
    for line in lines:
        if not line.strip():
            if out[-1]:
                out.append({})
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise CheckError(f"the line {line!r} is not a `Key: value` field")
        out[-1][key.strip()] = value.strip()
    return [r for r in out if r]


class RecordsTabulated(CheckOptions):
    file: OutputPath
    input_file: InputPath
    columns: list[str] | None = Field(default=None, description="The columns, in this order; None: every field, "
                                      "in order of first appearance.")
    missing: str = Field(default="", description="What a record without the field shows in its cell.")
    sort_by: str | None = Field(default=None, description="Rows sorted A to Z (ignoring case) by this field; None: "
                                "file order.")


def expected_table(recs: list[dict[str, str]], opts: RecordsTabulated) -> list[list[str]]:
    header = opts.columns or list(dict.fromkeys(k for r in recs for k in r))
    if opts.sort_by:
        recs = sorted(recs, key=lambda r: r.get(opts.sort_by, "").casefold())
    return [header, *[[r.get(h, opts.missing) for h in header] for r in recs]]


@register_check("text.records_tabulated", RecordsTabulated, view="text")
def records_tabulated(state: FinalState, opts: RecordsTabulated) -> Verdict:
    """The output's table has the asked columns as its header and one row per record (file order or
    sorted by the field), each cell the record's value or the filler for a missing field."""
    want = expected_table(records(input_view(state, opts.input_file, TextView).lines), opts)
    lines = output_view(state, opts.file, TextView).lines
    spans = table_spans(lines)
    if not spans:
        return Verdict.of(False, f"{opts.file} holds no markdown table")
    start, end = spans[0]
    got = [[" ".join(c.split()) for c in _cells(line)] for line in lines[start:end]]
    got = [got[0], *got[2:]]
    for n, (w, g) in enumerate(zip(want, got, strict=False)):
        where = "the header" if n == 0 else f"row {n}"
        if len(g) != len(w):
            return Verdict.of(False, f"{where} of the table in {opts.file} has {len(g)} cells, expected {len(w)}")
        for h, wc, gc in zip(want[0], w, g, strict=True):
            if wc != gc:
                return Verdict.of(False, f"{where} of the table in {opts.file}, column {h!r}, is {gc!r}, "
                                  f"expected {wc!r}")
    if len(got) != len(want):
        return Verdict.of(False, f"the table in {opts.file} has {len(got) - 1} rows, expected {len(want) - 1}")
    return Verdict.of(True, f"{len(want) - 1} records in {len(want[0])} columns")
