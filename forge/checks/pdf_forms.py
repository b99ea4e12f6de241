"""Filled PDF forms collected into a csv or a JSON list (form data exported for a spreadsheet or an
import): one row (object) per form with every field or the fields named, in the order the files
are listed or sorted by a field, forms with an empty field kept (their cell empty) or left out.
The values come from the input forms' own fields (`PdfView.fields`); the columns, order and rule
from the instruction."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_invoices import table_verdict
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import JsonView, PdfView, TableView
from preparers.filetypes._cells import number_or_text


class FormsTabulated(CheckOptions):
    file: OutputPath = Field(description="The csv, a header then one row per form.")
    first_file: InputPath = Field(description="The filled forms, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath | None = None
    fourth_file: InputPath | None = None
    columns: list[str] = Field(default_factory=list, description="The fields exported, in this order (the header); "
                               "none: every field of the form, in the form's order.")
    sort_by: str | None = Field(default=None, description="The rows A-Z by this field; None: as the files are listed.")
    skip_incomplete: bool = Field(default=False, description="A form with any field left empty gets no row; "
                                  "otherwise its empty fields are empty cells.")
    format: Literal["csv", "json"] = Field(default="csv", description="csv: a header, then a row per form; json: a "
                                           "list of one object per form keyed by the columns (an empty field '' or "
                                           "null).")
    tolerance: float = Field(default=0.005, ge=0)


def _cell(value: str) -> Any:
    """A field's value as a csv reader reads it back: numbers as numbers, an empty value as None."""
    return number_or_text(value) if value.strip() else None


def _json_cell(value: Any) -> Any:
    """A JSON value as the csv reader would read its text: numbers as numbers, '' and null as None."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return _cell(str(value))


@register_check("pdf.forms_tabulated", FormsTabulated, view="table")
def forms_tabulated(state: FinalState, opts: FormsTabulated) -> Verdict:
    """The csv's header is the columns asked for (or every field, in the form's order), then one
    row per form asked for, each cell the form's value for that field as filled in (an empty
    field an empty cell), in the order the files are listed or A-Z by the field asked; nothing else.
    As JSON: one object per form, in the same order, keyed by exactly those columns."""
    forms = [input_view(state, p, PdfView).fields for p in (opts.first_file, opts.second_file, opts.third_file,
                                                             opts.fourth_file) if p]
    columns = list(opts.columns) or list(forms[0])
    for path, fields in zip((opts.first_file, opts.second_file, opts.third_file, opts.fourth_file), forms):
        if missing := [c for c in [*columns, *([opts.sort_by] if opts.sort_by else [])] if c not in fields]:
            raise CheckError(f"{path} has no field {missing[0]!r}; its fields: {', '.join(fields)}")
    if opts.skip_incomplete:
        forms = [f for f in forms if all(v.strip() for v in f.values())]
    if opts.sort_by:
        forms.sort(key=lambda f: fold(f[opts.sort_by]).casefold())
    want = [columns, *([_cell(f[c]) for c in columns] for f in forms)]
    if opts.format == "csv":
        return table_verdict(want, output_view(state, opts.file, TableView).get().rows, opts.file, opts.tolerance)
    records = output_view(state, opts.file, JsonView).value
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        return Verdict.of(False, f"{opts.file} is not a JSON list of objects, one per form")
    for n, record in enumerate(records, start=1):
        if sorted(record) != sorted(columns):
            return Verdict.of(False, f"object {n} of {opts.file} has the keys {sorted(record)}, expected "
                              f"{sorted(columns)}")
    got = [columns, *([_json_cell(r[c]) for c in columns] for r in records)]
    verdict = table_verdict(want, got, opts.file, opts.tolerance)
    return verdict if verdict.passed else Verdict.of(False, f"{verdict.message} (object n is row n + 1)")
