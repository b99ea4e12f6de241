"""Checks over an export reshaped to fit an import template: the template's header exactly, each
template column filled from the export column it matches (by name, or by a stated mapping), from
export columns joined with a space, or with a stated constant; rows lacking a required value dropped.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from forge.checks._compare import header_diff, rows_diff, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TableView
from forge.views.table import Table


class FitsTemplate(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The export.")
    template_file: InputPath = Field(description="The import template: its header row is the output's.")
    by_name: bool = Field(default=False, description="A template column takes the export column of the same name, "
                          "ignoring case, spaces, hyphens and underscores.")
    mapping: dict[str, str] = Field(default_factory=dict, description="Template column -> export column.")
    joined: dict[str, list[str]] = Field(default_factory=dict, description="Template column -> export columns "
                                         "joined with one space (empty parts skipped).")
    constants: dict[str, str] = Field(default_factory=dict, description="Template column -> a stated value.")
    required: str | None = Field(default=None, description="A template column; rows left without it are dropped.")


def _name(value: Any) -> str:
    return re.sub(r"[\s_\-]+", "", text(value)).casefold()


def _source(column: str, export: Table, opts: FitsTemplate) -> int | None:
    """The export column a template column copies, or None (a constant, a join, or left empty)."""
    if column in opts.mapping:
        return export.need_col(opts.mapping[column], opts.input_file)
    if opts.by_name and column not in opts.joined and column not in opts.constants:
        names = [_name(h) for h in export.header]
        return names.index(_name(column)) if _name(column) in names else None
    return None


def template_rows(export: Table, header: list[str], opts: FitsTemplate) -> list[list[Any]]:
    """The export's rows as the template's columns, in the export's order."""
    sources = [_source(c, export, opts) for c in header]
    joins = {c: [export.need_col(p, opts.input_file) for p in parts] for c, parts in opts.joined.items()}
    rows = []
    for row in export.body:
        values: list[Any] = []
        for column, source in zip(header, sources, strict=True):
            if column in opts.constants:
                values.append(opts.constants[column])
            elif column in joins:
                values.append(" ".join(text(row[i]) for i in joins[column] if text(row[i])) or None)
            else:
                values.append(row[source] if source is not None else None)
        if opts.required is None or values[header.index(opts.required)] is not None:
            rows.append(values)
    return rows


@register_check("table.fits_template", FitsTemplate, view="table")
def fits_template(state: FinalState, opts: FitsTemplate) -> Verdict:
    """The output has exactly the template's header; one row per export row (in order; those left
    without the required column's value dropped) with each template column's value: the matching
    export column's, the joined columns', the stated constant, or empty where nothing matches."""
    export = input_view(state, opts.input_file, TableView).get()
    template = input_view(state, opts.template_file, TableView).get()
    header = [text(h) for h in template.header]
    for column in [*opts.mapping, *opts.joined, *opts.constants, *([opts.required] if opts.required else [])]:
        if column not in header:
            raise CheckError(f"{opts.template_file} has no column {column!r}; its header is {header}")
    expected = template_rows(export, header, opts)
    out = output_view(state, opts.file, TableView).get()
    if msg := header_diff(template, out, opts.file):
        return Verdict.of(False, msg.replace("must stay as it was", "must be the template's"))
    if msg := rows_diff(expected, out.body, out, template.header, opts.file):
        return Verdict.of(False, msg)
    dropped = len(export.body) - len(expected)
    return Verdict.of(True, f"{len(expected)} rows in the template's {len(header)} columns ({dropped} dropped)")
