"""A JSON config documented in a Word file: a heading, then a two-column table of every setting (or
one section's) with its value. The expected rows are flattened from the JSON the task gave (nested
keys joined by dots, list items by their position from 1), in file or alphabetical order, values
as the file writes them (or booleans as Yes/No), so a setting left out, a path spelt another way or
a value retyped fails at its row.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import Field, JsonValue

from forge.checks._compare import is_number
from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import DocumentView, JsonView


class ConfigDocumented(CheckOptions):
    file: OutputPath = Field(description="The Word document.")
    input_file: InputPath = Field(description="The JSON config.")
    heading: str = Field(description="The heading above the table.")
    columns: list[str] = Field(min_length=2, max_length=2, description="The table's header: setting, value.")
    section: str | None = Field(default=None, description="Only this top-level section, names without its prefix.")
    order: Literal["file", "alphabetical"]
    yes_no: bool = Field(default=False, description="Booleans written Yes/No instead of true/false.")


def flatten(value: JsonValue, prefix: str = "") -> list[tuple[str, JsonValue]]:
    """(dotted path, leaf) pairs in file order; list items by position from 1."""
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = [(str(n), v) for n, v in enumerate(value, start=1)]
    else:
        return [(prefix, value)]
    return [pair for key, v in items for pair in flatten(v, f"{prefix}.{key}" if prefix else str(key))]


def shown(value: JsonValue, yes_no: bool) -> str:
    if isinstance(value, bool) and yes_no:
        return "Yes" if value else "No"
    return value if isinstance(value, str) else json.dumps(value)


def same_value_text(want: str, have: str) -> bool:
    if fold(want) == fold(have):
        return True
    try:
        a, b = float(want), float(have.replace(",", ""))
    except ValueError:
        return False
    return is_number(a) and abs(a - b) < 1e-9 and want.lower() not in ("true", "false")


@register_check("document.config_documented", ConfigDocumented, view="document")
def config_documented(state: FinalState, opts: ConfigDocumented) -> Verdict:
    """The document has the heading and, as its first table, the header asked for and one row per
    setting (of the whole file, or of one section without its prefix): its dotted path and its value
    as the file writes it (booleans Yes/No if asked), in file or alphabetical order; no other rows."""
    config = input_view(state, opts.input_file, JsonView).value
    if opts.section is not None:
        if not isinstance(config, dict) or not isinstance(config.get(opts.section), dict):
            raise CheckError(f"{opts.input_file} has no section {opts.section!r}")
        config = config[opts.section]
    pairs = flatten(config)
    if opts.order == "alphabetical":
        pairs.sort(key=lambda p: p[0])
    want = [[path, shown(value, opts.yes_no)] for path, value in pairs]
    document = output_view(state, opts.file, DocumentView)
    if not any(p.heading_level is not None and fold(p.text) == fold(opts.heading) for p in document.paragraphs):
        return Verdict.of(False, f"{opts.file} has no heading {opts.heading!r}; its headings are "
                          f"{[fold(p.text) for p in document.paragraphs if p.heading_level is not None][:6]}")
    if not document.tables:
        return Verdict.of(False, f"{opts.file} has no table")
    rows = [["" if c is None else str(c) for c in row] for row in document.tables[0].rows]
    if not rows or [fold(c) for c in rows[0]] != opts.columns:
        return Verdict.of(False, f"the table's header is {rows[0] if rows else []}, expected {opts.columns}")
    body = rows[1:]
    for n, (w, h) in enumerate(zip(want, body, strict=False), start=2):
        if len(h) != 2 or fold(h[0]) != w[0] or not same_value_text(w[1], h[1]):
            return Verdict.of(False, f"row {n} of the table is {h}, expected {w}")
    if len(body) != len(want):
        return Verdict.of(False, f"the table has {len(body)} setting rows, expected {len(want)}")
    return Verdict.of(True, f"{len(want)} settings documented")
