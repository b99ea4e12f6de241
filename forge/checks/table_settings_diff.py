"""Checks over a report of what changed between two versions of a nested JSON config (the release
before and the one about to ship), setting by setting: each setting is a leaf named by its dotted
path (a list is one value), reported as added, removed or changed with its old and new value.

The expected rows come from the two original inputs; the options carry what the instruction names
(the report's form, settings to ignore, whether a value retyped as text is a change).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, same_value, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import JsonView, TableView

Report = Literal["all", "changed"]
COLUMNS: dict[str, list[str]] = {"all": ["Setting", "Status", "Old Value", "New Value"],
                                 "changed": ["Setting", "Old Value", "New Value"]}
_ABSENT = object()


class SettingsCompared(CheckOptions):
    file: OutputPath
    input_file: InputPath = Field(description="The old config.")
    other_file: InputPath = Field(description="The new config.")
    report: Report = Field(description="all: a row per added, removed or changed setting with its status; changed: "
                           "a row per setting in both whose value changed.")
    ignore: list[str] = Field(default_factory=list, description="Dotted settings whose differences do not count.")
    loose: bool = Field(default=False, description="A number or true/false written as text equals the value.")


def leaves(value: Any, prefix: str = "") -> dict[str, Any]:
    """Dotted path -> value of every setting (objects opened, a list kept whole)."""
    if isinstance(value, dict) and value:
        return {p: v for k, child in value.items() for p, v in leaves(child, f"{prefix}{k}.").items()}
    return {prefix.rstrip("."): value}


def _loose(value: Any) -> Any:
    if isinstance(value, str):
        low = value.strip().casefold()
        if low in ("true", "false"):
            return low == "true"
        try:
            return float(low)
        except ValueError:
            return value
    return float(value) if is_number(value) else value


def shown(value: Any) -> Any:
    """A setting as the report writes it: text as is, true/false, null, numbers, a list as JSON."""
    if value is _ABSENT:
        return ""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return json.dumps(value) if isinstance(value, (list, dict)) else value


def expected_rows(state: FinalState, opts: SettingsCompared) -> list[list[Any]]:
    old = leaves(input_view(state, opts.input_file, JsonView).value)
    new = leaves(input_view(state, opts.other_file, JsonView).value)
    same = (lambda a, b: _loose(a) == _loose(b)) if opts.loose else (lambda a, b: a == b and type(a) is type(b))
    rows = []
    for path in sorted(old.keys() | new.keys(), key=str.casefold):
        a, b = old.get(path, _ABSENT), new.get(path, _ABSENT)
        if path in opts.ignore or (a is not _ABSENT and b is not _ABSENT and same(a, b)):
            continue
        status = "added" if a is _ABSENT else "removed" if b is _ABSENT else "changed"
        if opts.report == "all":
            rows.append([path, status, shown(a), shown(b)])
        elif status == "changed":
            rows.append([path, shown(a), shown(b)])
    return rows


def _cell(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    return text(value) if not is_number(value) else value


@register_check("table.settings_compared", SettingsCompared, view="table")
def settings_compared(state: FinalState, opts: SettingsCompared) -> Verdict:
    """The report has the asked header and one row per setting (dotted path) that differs between
    the two configs - added, removed or changed, or only changed - ordered by setting A to Z, with
    the old and the new value as the JSON writes them (true/false, a list as JSON, empty where a
    setting is absent); ignored settings and, when loose, values only retyped as text are left out."""
    want = expected_rows(state, opts)
    output = output_view(state, opts.file, TableView).get()
    header = [text(h) for h in output.header]
    if header != COLUMNS[opts.report]:
        return Verdict.of(False, f"{opts.file}'s header is {header}, expected {COLUMNS[opts.report]}")
    for r, (row, have) in enumerate(zip(want, output.body, strict=False)):
        for c, value in enumerate(row):
            got = _cell(have[c])
            if not (same_value(got, value) if is_number(value) else text(got) == text(value)):
                return Verdict.of(False, f"data row {r + 1} ({output.cell_name(r, c)}, {header[c]}) is {got!r}, "
                                  f"expected {value!r} (the setting {row[0]!r})")
    if len(output.body) != len(want):
        missing = want[len(output.body)][0] if len(output.body) < len(want) else None
        return Verdict.of(False, f"{opts.file} has {len(output.body)} rows, expected {len(want)}"
                          + (f": the setting {missing!r} is missing" if missing else ""))
    return Verdict.of(True, f"{len(want)} differing settings reported")
