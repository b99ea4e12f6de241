"""Checks over a table made safe to share with someone outside (an analyst, a partner): identifying
columns removed, emails masked, ids replaced by consistent pseudonyms, dates of birth cut to the year.

The expected table comes from the input and the rules the instruction states; every other cell,
and the rows' order, stays as it was.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import Field

from forge.checks._compare import rows_diff, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import Table, TableView


class Anonymised(CheckOptions):
    file: OutputPath
    input_file: InputPath
    drop: list[str] = Field(default_factory=list, description="Columns removed.")
    pseudonym_column: str | None = Field(default=None, description="Its values replaced by <prefix><n>, n counted "
                                         "from 1 in the order values first appear; a repeated value, its code.")
    prefix: str | None = Field(default=None, description="The pseudonyms' prefix; None: none.")
    digits: int | None = Field(default=None, ge=1, le=6, description="The pseudonyms' number, zero-padded to this "
                               "width; None: not padded.")
    mask_column: str | None = Field(default=None, description="Emails kept as the local part's first character, "
                                    "'***', then '@' and the domain.")
    year_column: str | None = Field(default=None, description="A date column whose values become the year.")
    year_header: str | None = Field(default=None, description="The year column's new header; None: unchanged.")


def masked(email: Any, where: str) -> str:
    """'jane.doe@example.com' -> 'j***@example.com'."""
    local, at, domain = text(email).partition("@")
    if not at or not local or not domain:
        raise CheckError(f"{where} holds {email!r}, not an email address")
    return f"{local[0]}***@{domain}"


def expected(source: Table, opts: Anonymised, path: str) -> list[list[Any]]:
    """The table (header first) as the rules make it."""
    header = [text(h) for h in source.header]
    columns = {name: source.need_col(name, path) for name in [*opts.drop, opts.pseudonym_column, opts.mask_column,
                                                             opts.year_column] if name}
    codes: dict[str, str] = {}
    code = lambda n: f"{opts.prefix or ''}{n:0{opts.digits or 1}d}"  # noqa: E731
    rows = []
    for r, row in enumerate(source.body):
        row = list(row)
        if opts.pseudonym_column:
            value = text(row[columns[opts.pseudonym_column]])
            row[columns[opts.pseudonym_column]] = codes.setdefault(value, code(len(codes) + 1))
        if opts.mask_column:
            c = columns[opts.mask_column]
            row[c] = masked(row[c], source.cell_name(r, c))
        if opts.year_column:
            day = row[columns[opts.year_column]]
            if not isinstance(day, dt.date):
                raise CheckError(f"{path} {source.cell_name(r, columns[opts.year_column])} is {day!r}, not a date")
            row[columns[opts.year_column]] = day.year
        rows.append(row)
    if opts.year_column and opts.year_header:
        header[columns[opts.year_column]] = opts.year_header
    keep = [i for i in range(len(header)) if i not in {columns[c] for c in opts.drop}]
    return [[header[i] for i in keep], *[[row[i] for i in keep] for row in rows]]


@register_check("table.anonymised", Anonymised, view="table")
def anonymised(state: FinalState, opts: Anonymised) -> Verdict:
    """The output is the input with the dropped columns gone, each id replaced by its pseudonym
    (numbered by first appearance, one code per id), each email masked, each date of birth cut to
    its year (under the new header when asked); every other cell and the rows' order unchanged."""
    source = input_view(state, opts.input_file, TableView).get()
    header, *want = expected(source, opts, opts.input_file)
    output = output_view(state, opts.file, TableView).get()
    got_header = [text(h) for h in output.header]
    if got_header != header:
        return Verdict.of(False, f"{opts.file}'s header is {got_header}, expected {header}")
    if msg := rows_diff(want, output.body, output, header, opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(want)} rows anonymised as asked")
