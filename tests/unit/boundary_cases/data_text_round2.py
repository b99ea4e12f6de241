"""Boundary cases of the second round of data and text checks (#10 breadth): JSON exports merged by
key, and a CSV validated against stated rules. The LAST key or record is where a loop that stops one
short lets a wrong answer through; an id only in one file, a conflict settled the other way, a blank
kept where the rule fills it; a number on the range's edge (inside) and one past it, a blank in a
column no rule requires, line numbers counted from the data instead of the file; a changelog entry
in the right version but the wrong section, a new section out of Keep a Changelog's order, a release
whose compare links did not move on; a template's last placeholder left unfilled, a missing field
handled by the wrong rule, filled copies out of the records' order; a sorted table's ties swapped, its Total row sorted in,
another table on the page sorted too."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from tests.unit.boundary_cases import Case

A = [{"id": "K1", "name": "Ann", "city": "Leeds", "t": "2025-01-02"},
     {"id": "K2", "name": "Bob", "city": "", "t": "2025-01-05"},
     {"id": "K4", "name": "Dee", "city": "York", "t": "2025-01-01"}]
B = [{"id": "K4", "name": "Dee", "city": "Hull", "plan": "Pro", "t": "2025-02-01"},
     {"id": "K2", "name": "Bob", "city": "Bath", "plan": "Free", "t": "2025-01-03"},
     {"id": "K3", "name": "Cy", "city": "Ely", "plan": "Team", "t": "2025-01-04"}]
K1, K3 = A[0], B[2]
K2_FIRST = {"id": "K2", "name": "Bob", "city": "", "plan": "Free", "t": "2025-01-05"}
K2_FILLED = {**K2_FIRST, "city": "Bath"}
K4_FIRST = {"id": "K4", "name": "Dee", "city": "York", "plan": "Pro", "t": "2025-01-01"}
K4_SECOND = {**K4_FIRST, "city": "Hull", "t": "2025-02-01"}
MERGE = {"file": "out.json", "input_file": "a.json", "other_file": "b.json", "key": "id"}


def merged(label: str, output: Any, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {**MERGE, **options}, passes, says, files={"out.json": json.dumps(output).encode()},
                originals={"a.json": json.dumps(A).encode(), "b.json": json.dumps(B).encode()})


FIRST_ALL = {"prefer": "first", "keep": "all"}
NEWER = {"prefer": "newer", "keep": "all", "updated_field": "t"}  # K2: A newer (its blank wins); K4: B newer
FILL = {"prefer": "fill", "keep": "all"}


def csv_bytes(rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue().encode()


HEAD = ["ID", "Name", "Email", "Age", "Kind", "Day"]
X1 = ["X1", "Ann", "ann@x.io", 18, "A", "2025-01-02"]  # Age on the lower edge: fine
X2 = ["X2", "", "bob@x", 99, "B", "2025-02-30"]  # Name required, Email and Day format; Age on the upper edge
X3 = ["X3", "Cy", "cy@x.io", 17, "a", ""]  # Age range, Kind allowed (case); the blank Day breaks nothing
X4 = ["X4", "Dee", "", 100, "B", "2025-01-05"]  # the blank Email breaks nothing; Age range
X5 = ["X5", "Eve", "eve@y.org", 25.5, "A", "2025-03-01"]  # Age not whole: range (the last problem)
X6 = ["X6", "Fay", "fay@z.co.uk", 42, "B", "2025-12-31"]
RECORDS = [HEAD, X1, X2, X3, X4, X5, X6]
RULES = {"file": "report.csv", "input_file": "in.csv", "required": ["Name"], "ranges": {"Age": [18, 99]},
         "whole": ["Age"], "emails": ["Email"], "dates": ["Day"], "allowed": {"Kind": ["A", "B"]}}
LINES = [["Line", "Column", "Rule"], [3, "Name", "required"], [3, "Email", "format"], [3, "Day", "format"],
         [4, "Age", "range"], [4, "Kind", "allowed"], [5, "Age", "range"], [6, "Age", "range"]]
BY_RECORD = [["ID", "Problems"], ["X2", "Name; Email; Day"], ["X3", "Age; Kind"], ["X4", "Age"], ["X5", "Age"]]
COUNTS = [["Column", "Rule", "Problems"], ["Name", "required", 1], ["Email", "format", 1], ["Age", "range", 3],
          ["Kind", "allowed", 1], ["Day", "format", 1]]


def checked(label: str, output: list[list[Any]], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {**RULES, **options}, passes, says, files={"report.csv": csv_bytes(output)},
                originals={"in.csv": csv_bytes(RECORDS)})


def with_problems(*rows: list[Any]) -> list[list[Any]]:
    problems = dict(r for r in BY_RECORD[1:])
    return [[*HEAD, "Problems"], *[[*r, problems[r[0]]] for r in rows]]


LOG = """# Changelog

Notes.

## [Unreleased]

### Added

- Dark mode

### Fixed

- Crash on start

## [1.2.0] - 2025-03-01

### Changed

- JSON logs

## [1.1.0] - 2025-01-10

### Added

- CSV export
- Retries

[Unreleased]: https://x.io/acme/compare/v1.2.0...HEAD
[1.2.0]: https://x.io/acme/compare/v1.1.0...v1.2.0
[1.1.0]: https://x.io/acme/releases/tag/v1.1.0
"""
ADD_OLD = {"operation": "add", "version": "1.1.0", "section": "Added", "entry": "Bulk archive"}
ADD_NEW = {"operation": "add", "version": "Unreleased", "section": "Changed", "entry": "Page size 50"}
RELEASE = {"operation": "release", "new_version": "1.3.0", "date": "2025-04-02"}
RELEASED = LOG.replace("## [Unreleased]\n", "## [Unreleased]\n\n## [1.3.0] - 2025-04-02\n").replace(
    "[Unreleased]: https://x.io/acme/compare/v1.2.0...HEAD",
    "[Unreleased]: https://x.io/acme/compare/v1.3.0...HEAD\n[1.3.0]: https://x.io/acme/compare/v1.2.0...v1.3.0")


def changelog(label: str, output: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "CHANGELOG_new.md", "input_file": "CHANGELOG.md", **options}, passes, says,
                files={"CHANGELOG_new.md": output.encode()}, originals={"CHANGELOG.md": LOG.encode()})


TEMPLATE = "Hi ${name},\nOrder ${order.id} ships ${ship.date}.\nNote: ${note}\n"
ANN = {"name": "Ann", "order": {"id": "SO-1"}, "ship": {"date": "2025-01-02"}}  # no note
BOB = {"name": "Bob", "order": {"id": "SO-2"}, "ship": {"date": "2025-01-03"}, "note": "Ring twice"}
ANN_TEXT = "Hi Ann,\nOrder SO-1 ships 2025-01-02.\nNote: n/a\n"
BOB_TEXT = "Hi Bob,\nOrder SO-2 ships 2025-01-03.\nNote: Ring twice\n"
DEFAULT = {"style": "dollar", "missing": "default", "default": "n/a"}
MANY = {**DEFAULT, "separator": "---"}


def filled(label: str, output: str, options: dict[str, Any], passes: bool, says: str = "", data: Any = ANN,
           template: str = TEMPLATE) -> Case:
    return Case(label, None, {"file": "out.txt", "input_file": "t.txt", "data_file": "d.json", **options}, passes, says,
                files={"out.txt": output.encode()},
                originals={"t.txt": template.encode(), "d.json": json.dumps(data).encode()})


PAGE_HEAD = ["# Wiki", "", "## Costs", "", "| Item | Cost | Due |", "|---|---:|---|"]
PAGE_ROWS = {"beta": "| beta | €1,200 | 2025-03-01 |", "Alpha": "| Alpha | €300 | 2025-01-05 |",
             "Gamma": "| Gamma | €1,200 | 2025-02-01 |", "Total": "| Total | €2,700 | |"}
PAGE_TAIL = ["", "Note.", "", "## Other", "", "| A | B |", "|---|---|", "| z | 1 |", "| y | 2 |"]


def page_with(*order: str, tail: list[str] = PAGE_TAIL) -> str:
    return "\n".join([*PAGE_HEAD, *[PAGE_ROWS[k] for k in order], *tail]) + "\n"


BY_COST = {"column": "Cost", "kind": "number", "descending": True, "heading": "Costs", "keep_last": "Total"}
BY_ITEM = {**BY_COST, "column": "Item", "kind": "text", "descending": False}
BY_DUE = {**BY_COST, "column": "Due", "kind": "date", "descending": False}


def sorted_case(label: str, output: str, options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "wiki.md", "input_file": "wiki.md", **options}, passes, says,
                files={"wiki.md": output.encode()},
                originals={"wiki.md": page_with("beta", "Alpha", "Gamma", "Total").encode()})


CASES: dict[str, list[Case]] = {
    "json.records_merged": [
        merged("every id, first file wins", [K1, K2_FIRST, K3, K4_FIRST], FIRST_ALL, True),
        merged("the last id's conflict settled for the second file", [K1, K2_FIRST, K3, K4_SECOND], FIRST_ALL,
               False, "'K4'"),
        merged("second file wins", [K1, {**K2_FIRST, "city": "Bath", "t": "2025-01-03"}, K3, K4_SECOND],
               {"prefer": "second", "keep": "all"}, True),
        merged("the id only in the second file left out", [K1, K2_FIRST, K4_FIRST], FIRST_ALL, False, "3 records"),
        merged("ids in both only", [K2_FIRST, K4_FIRST], {"prefer": "first", "keep": "both"}, True),
        merged("ids in both, one only in the first kept", [K1, K2_FIRST, K4_FIRST], {"prefer": "first", "keep": "both"},
               False),
        merged("the first file's ids", [K1, K2_FIRST, K4_FIRST], {"prefer": "first", "keep": "first"}, True),
        merged("records out of id order", [K1, K3, K2_FIRST, K4_FIRST], FIRST_ALL, False, "record 2"),
        merged("a field only the second file has left out", [K1, K2_FIRST, K3, {k: v for k, v in K4_FIRST.items()
                                                                                if k != "plan"}], FIRST_ALL, False),
        merged("the later-updated record wins, its timestamp too", [K1, K2_FIRST, K3, K4_SECOND], NEWER, True),
        merged("the older record's value kept", [K1, K2_FIRST, K3, K4_FIRST], NEWER, False, "K4"),
        merged("a blank in the first file filled from the second", [K1, K2_FILLED, K3, K4_FIRST], FILL, True),
        merged("the blank left", [K1, K2_FIRST, K3, K4_FIRST], FILL, False, "city"),
        merged("keyed by id", {"K1": K1, "K2": K2_FIRST, "K3": K3, "K4": K4_FIRST}, {**FIRST_ALL, "keyed": True}, True),
        merged("keyed, the last record wrong", {"K1": K1, "K2": K2_FIRST, "K3": K3, "K4": K4_SECOND},
               {**FIRST_ALL, "keyed": True}, False, "K4"),
        merged("an array where an object keyed by id was asked", [K1, K2_FIRST, K3, K4_FIRST],
               {**FIRST_ALL, "keyed": True}, False, "not a JSON object"),
    ],
    "table.validation_report": [
        checked("one line per problem", LINES, {"report": "lines"}, True),
        checked("the header in other case", [["line", "column", "rule"], *LINES[1:]], {"report": "lines"}, True),
        checked("the last problem left out", LINES[:-1], {"report": "lines"}, False, "the row that should be [6"),
        checked("the blank in a column no rule requires reported", [*LINES[:6], [4, "Day", "required"], *LINES[6:]],
                {"report": "lines"}, False, "report line 6"),
        checked("the age on the range's edge reported", [LINES[0], [2, "Age", "range"], *LINES[1:]],
                {"report": "lines"}, False, "report line 1"),
        checked("lines counted from the first record", [LINES[0], *[[n - 1, c, r] for n, c, r in LINES[1:]]],
                {"report": "lines"}, False, "report line 1"),
        checked("one line per bad record", BY_RECORD, {"report": "records", "record_id": "ID"}, True),
        checked("columns joined with no space", [BY_RECORD[0], ["X2", "Name;Email;Day"], *BY_RECORD[2:]],
                {"report": "records", "record_id": "ID"}, True),
        checked("the columns out of the file's order", [BY_RECORD[0], ["X2", "Email; Name; Day"], *BY_RECORD[2:]],
                {"report": "records", "record_id": "ID"}, False, "report line 1"),
        checked("the last bad record left out", BY_RECORD[:-1], {"report": "records", "record_id": "ID"}, False),
        checked("a count per column and rule", COUNTS, {"report": "counts"}, True),
        checked("one count one short", [*COUNTS[:3], ["Age", "range", 2], *COUNTS[4:]], {"report": "counts"}, False,
                "report line 3"),
        checked("the counts by size, not by column", [COUNTS[0], COUNTS[3], *COUNTS[1:3], *COUNTS[4:]],
                {"report": "counts"}, False),
        checked("only required: the other slips are no problems", [LINES[0], LINES[1]],
                {"report": "lines", "ranges": {}, "whole": [], "emails": [], "dates": [], "allowed": {}}, True),
        checked("only required, a format slip reported too", LINES[:3],
                {"report": "lines", "ranges": {}, "whole": [], "emails": [], "dates": [], "allowed": {}}, False),
    ],
    "table.rows_passing": [
        checked("the records breaking no rule", [HEAD, X1, X6], {}, True),
        checked("the last good record left out", [HEAD, X1], {}, False, "is missing"),
        checked("the record with the age past the edge kept", [HEAD, X1, X4, X6], {}, False),
        checked("only required: all but the nameless record", [HEAD, X1, X3, X4, X5, X6],
                {"ranges": {}, "whole": [], "emails": [], "dates": [], "allowed": {}}, True),
    ],
    "table.rows_failing": [
        checked("the bad records as they were", [HEAD, X2, X3, X4, X5], {}, True),
        checked("the last bad record left out", [HEAD, X2, X3, X4], {}, False, "is missing"),
        checked("a good record rejected too", [HEAD, X2, X3, X4, X5, X6], {}, False, "should not be there"),
        checked("with the columns each breaks", with_problems(X2, X3, X4, X5), {"with_problems": True}, True),
        checked("the last record's problems wrong", [*with_problems(X2, X3, X4), [*X5, "Age; Day"]],
                {"with_problems": True}, False, "rejected record 4"),
        checked("no Problems column where one was asked", [HEAD, X2, X3, X4, X5], {"with_problems": True}, False,
                "Problems"),
    ],
    "text.changelog_edited": [
        changelog("the entry last in the oldest version's section", LOG.replace("- Retries\n", "- Retries\n- Bulk archive\n"),
                  ADD_OLD, True),
        changelog("a * bullet and no blank lines are the same list", LOG.replace("- Retries\n", "- Retries\n* Bulk archive\n"),
                  ADD_OLD, True),
        changelog("the entry first, not last", LOG.replace("- CSV export\n", "- Bulk archive\n- CSV export\n"), ADD_OLD,
                  False, "1.1.0 / Added"),
        changelog("the entry under the newest version instead", LOG.replace("- JSON logs\n", "- JSON logs\n\n### Added\n\n"
                                                                           "- Bulk archive\n"), ADD_OLD, False, "1.2.0"),
        changelog("a new section between Added and Fixed", LOG.replace("### Fixed\n", "### Changed\n\n- Page size 50\n\n"
                                                                      "### Fixed\n"), ADD_NEW, True),
        changelog("the new section after Fixed", LOG.replace("- Crash on start\n", "- Crash on start\n\n### Changed\n\n"
                                                                                    "- Page size 50\n"), ADD_NEW, False,
                  "sections"),
        changelog("another entry reworded too", LOG.replace("### Fixed\n", "### Changed\n\n- Page size 50\n\n### Fixed\n")
                  .replace("- Retries", "- Retry"), ADD_NEW, False, "1.1.0"),
        changelog("released, the links moved on", RELEASED, RELEASE, True),
        changelog("released without the new version's link", RELEASED.replace(
            "[1.3.0]: https://x.io/acme/compare/v1.2.0...v1.3.0\n", ""), RELEASE, False, "link references"),
        changelog("released with the wrong date", RELEASED.replace("- 2025-04-02", "- 2025-04-03"), RELEASE, False,
                  "dated"),
        changelog("the Unreleased heading dropped", RELEASED.replace("## [Unreleased]\n\n", ""), RELEASE, False,
                  "version heading 1"),
    ],
    "text.template_filled": [
        filled("every placeholder filled, the missing one defaulted", ANN_TEXT, DEFAULT, True),
        filled("trailing spaces and blank lines at the end", ANN_TEXT.replace(",", ",  ") + "\n\n", DEFAULT, True),
        filled("the last placeholder left as written", ANN_TEXT.replace("n/a", "${note}"), DEFAULT, False, "line 3"),
        filled("the default in another case", ANN_TEXT.replace("n/a", "N/A"), DEFAULT, False, "line 3"),
        filled("the missing one kept as written", ANN_TEXT.replace("n/a", "${note}"), {"style": "dollar",
               "missing": "keep"}, True),
        filled("the missing one blanked", ANN_TEXT.replace(" n/a", ""), {"style": "dollar", "missing": "blank"}, True),
        filled("blanked where it should stay", ANN_TEXT.replace(" n/a", ""), {"style": "dollar", "missing": "keep"},
               False, "line 3"),
        filled("a line added at the end", ANN_TEXT + "Thanks!\n", DEFAULT, False, "should not be there"),
        filled("a copy per record, a separator between", ANN_TEXT + "---\n" + BOB_TEXT, MANY, True, data=[ANN, BOB]),
        filled("blank lines around the separator", ANN_TEXT + "\n---\n\n" + BOB_TEXT, MANY, True, data=[ANN, BOB]),
        filled("the copies out of order", BOB_TEXT + "---\n" + ANN_TEXT, MANY, False, "copy 1", data=[ANN, BOB]),
        filled("no separator between copies", ANN_TEXT + BOB_TEXT, MANY, False, "1 filled copies", data=[ANN, BOB]),
        filled("the last copy's last line wrong", ANN_TEXT + "---\n" + BOB_TEXT.replace("twice", "once"), MANY, False,
               "copy 2, line 3", data=[ANN, BOB]),
        filled("brace placeholders filled", "Dear Bob, SO-2\n", {"style": "brace", "missing": "keep"}, True,
               data=BOB, template="Dear {name}, {order.id}\n"),
        filled("a brace placeholder left", "Dear Bob, {order.id}\n", {"style": "brace", "missing": "keep"}, False,
               "line 1", data=BOB, template="Dear {name}, {order.id}\n"),
    ],
    "text.table_sorted": [
        sorted_case("largest cost first, ties in their order, Total last", page_with("beta", "Gamma", "Alpha", "Total"),
                    BY_COST, True),
        sorted_case("the columns re-padded", page_with("beta", "Gamma", "Alpha", "Total").replace("| Alpha |",
                    "|  Alpha   |").replace("|---|---:|---|", "| --- | ---: | --- |"), BY_COST, True),
        sorted_case("the tie swapped", page_with("Gamma", "beta", "Alpha", "Total"), BY_COST, False,
                    "a row of the sorted table"),
        sorted_case("the Total row sorted in", page_with("Total", "beta", "Gamma", "Alpha"), BY_COST, False),
        sorted_case("smallest first where largest was asked", page_with("Alpha", "beta", "Gamma", "Total"), BY_COST,
                    False),
        sorted_case("the other table sorted too", page_with("beta", "Gamma", "Alpha", "Total", tail=[
            *PAGE_TAIL[:-2], "| y | 2 |", "| z | 1 |"]), BY_COST, False, "outside the sorted table"),
        sorted_case("A to Z ignoring case", page_with("Alpha", "beta", "Gamma", "Total"), BY_ITEM, True),
        sorted_case("capitals first (case-sensitive)", page_with("Alpha", "Gamma", "beta", "Total"), BY_ITEM, False),
        sorted_case("oldest first", page_with("Alpha", "Gamma", "beta", "Total"), BY_DUE, True),
        sorted_case("the last two dated rows swapped", page_with("Alpha", "beta", "Gamma", "Total"), BY_DUE, False,
                    "line 8"),
        sorted_case("a row dropped", page_with("Alpha", "Gamma", "Total"), BY_DUE, False),
    ],
}
