"""A function added that exports records (tuples of stated fields) to a file, over `ProjectView`:
CSV with a header row or a JSON array of objects, the stated columns in their order, the records
in the given order or sorted by a field. A sandboxed probe (`forge.checks.project.run_tests`)
calls it on the request's example records (and reordered, repeated and empty lists) in a temporary
folder and reads the file back; the tests are as the request says and pass."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, JsonValue, model_validator

from forge.checks._project_pair import module_and_tests
from forge.checks._project_tests import new_tests_pass_on_original, probe_says, tests_as_asked
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_api import _defs, _dotted
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState


def _export_probe(dotted: str, opts: ExportAdded) -> str:
    return f'''import csv
import json

import {dotted} as m

FIELDS, COLUMNS, SORT_BY, FMT = {opts.fields!r}, {opts.columns!r}, {opts.sort_by!r}, {opts.fmt!r}
EXAMPLE = {[tuple(r) for r in opts.example]!r}


def _expected(records):
    if SORT_BY is not None:
        records = sorted(records, key=lambda r: r[FIELDS.index(SORT_BY)])
    return [[r[FIELDS.index(c)] for c in COLUMNS] for r in records]


def _same(cell, value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return float(cell) == value
        except (TypeError, ValueError):
            return False
    return cell == value


def _written(path):
    if FMT == "csv":
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
        assert rows, "the CSV file is empty: no header row"
        assert rows[0] == COLUMNS, "the CSV header is %r, expected %r" % (rows[0], COLUMNS)
        return rows[1:]
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    assert isinstance(data, list), "the JSON file holds a %s, not an array" % type(data).__name__
    for item in data:
        assert isinstance(item, dict) and sorted(item) == sorted(COLUMNS), (
            "a JSON record has the keys %r, expected %r" % (sorted(item) if isinstance(item, dict) else item,
                                                              sorted(COLUMNS)))
    return [[item[c] for c in COLUMNS] for item in data]


def _check(tmp_path, records, label):
    target = tmp_path / ("out-%s.%s" % (label, FMT))
    m.{opts.function}([tuple(r) for r in records], str(target))
    assert target.exists(), "{opts.function} wrote nothing to the path it was given"
    have, want = _written(target), _expected(records)
    assert len(have) == len(want), "%s: %d records written, expected %d" % (label, len(have), len(want))
    for n, (row, expected) in enumerate(zip(have, want), start=1):
        assert len(row) == len(expected) and all(_same(c, v) for c, v in zip(row, expected)), (
            "%s: record %d is written as %r, expected %r" % (label, n, row, expected))


def test_the_example(tmp_path):
    _check(tmp_path, EXAMPLE, "the example")


def test_reversed_and_repeated(tmp_path):
    _check(tmp_path, list(reversed(EXAMPLE)) + EXAMPLE[:1], "the example reversed plus its first record again")


def test_no_records(tmp_path):
    _check(tmp_path, [], "no records")
'''


class ExportAdded(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests.")
    function: str = Field(description="Called as function(records, path).")
    fields: list[str] = Field(min_length=1, description="The records' tuple fields, in order.")
    columns: list[str] = Field(min_length=1, description="The columns to write, in order (a subset of fields).")
    sort_by: str | None = Field(default=None, description="The field records are sorted by, ascending; None: as given.")
    fmt: Literal["csv", "json"]
    example: list[list[JsonValue]] = Field(min_length=2, description="The request's example records.")
    test: bool = Field(description="A new test calls the function (and fails on the original module); "
                       "otherwise the tests stay as given.")

    @model_validator(mode="after")
    def _known(self) -> ExportAdded:
        unknown = [c for c in [*self.columns, *([self.sort_by] if self.sort_by else [])] if c not in self.fields]
        if unknown:
            raise ValueError(f"columns or sort field not among the fields: {unknown}")
        return self


@register_check("project.export_added", ExportAdded, source="project", view="project")
def export_added(state: FinalState, opts: ExportAdded) -> Verdict:
    """The module defines function(records, path); called in a sandbox on the example records, on
    them reversed with the first repeated (both sides of a sort, a repeat), and on no records, it
    writes the format asked: a CSV header equal to the columns, or a JSON array of objects with
    exactly the columns as keys; one row per record with the columns' values (numbers compared as
    numbers), in the given order or sorted by the field. The tests are as asked and pass."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    node = _defs(pair.tree).get(opts.function)
    if node is None:
        return Verdict.of(False, f"{opts.file} defines no top-level function {opts.function}")
    required = len(node.args.args) - len(node.args.defaults)
    if len(node.args.args) < 2 or required > 2 or any(d is None for d in node.args.kw_defaults):
        return Verdict.of(False, f"{opts.function} cannot be called as {opts.function}(records, path)")
    if msg := tests_as_asked(pair, opts.test, opts.function, opts.folder, opts.test_file):
        return Verdict.of(False, msg)
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    if said := probe_says(pair.after.files, _export_probe(_dotted(pair.module), opts)):
        return Verdict.of(False, f"{opts.function} does not export as asked: {said}")
    if opts.test and new_tests_pass_on_original(pair):
        return Verdict.of(False, f"the new tests also pass on the original module: none calls {opts.function}")
    return Verdict.of(True, f"{opts.function} writes {opts.fmt.upper()} with {', '.join(opts.columns)}")
