"""Boundary cases of the text and json check libraries: the last line, key or record is where a
loop that stops one short lets a wrong answer through; a count one over and one under; a value of
the right text but the wrong JSON type."""

from __future__ import annotations

import json
from typing import Any

from tests.unit.boundary_cases import Case

LOG = ("2024-05-01 08:00:00 INFO [api] started\n2024-05-01 08:01:00 ERROR [api] boom\n"
       "2024-05-01 08:02:00 INFO [api] ERRORS are counted\n2024-05-01 08:03:00 WARNING [api] slow\n"
       "2024-05-01 08:04:00 ERROR [api] again\n")
ERROR_LINES = [line for line in LOG.splitlines() if " ERROR " in line]  # the last input line is the last kept one


def text(name: str, body: str, original: str, original_name: str | None = None) -> dict[str, Any]:
    """A case's files: the output text and the task's original."""
    return {"files": {name: body.encode()}, "originals": {original_name or name: original.encode()}}


def lines(*items: str) -> str:
    return "\n".join(items) + "\n"


FILTER = {"file": "errors.log", "input_file": "app.log", "contains": "ERROR"}
COUNTS = {"file": "counts.txt", "input_file": "app.log", "labels": ["ERROR", "WARNING", "INFO"]}
NOTES = "# Notes\n\n## Alpha\n\ntext\n\n```\n## not a heading\n```\n\n## Beta\n\n### Beta one\n\n## Gamma\n\nend\n"
REST = NOTES.split("\n", 1)[1]
TOC = {"file": "n.md", "input_file": "n.md", "title": "Contents", "level": 2}
INI = "; service\n[server]\nport = 8080\nworkers = 2\n\n[cache]\nttl_s = 300\nsize = 64\n"
INI_SET = {"file": "s.ini", "input_file": "s.ini", "section": "cache", "keys": ["size"], "values": ["128"]}
NEW_INI = INI.replace("size = 64", "size = 128")


def log_case(label: str, body: str, options: dict[str, Any], passes: bool, says: str = "",
             out: str = "errors.log") -> Case:
    return Case(label, None, options, passes, says, **text(out, body, LOG, "app.log"))


CONFIG = {"server": {"port": 8080, "debug": False}, "features": {"sso": True},
          "endpoints": [{"path": "/a"}, {"path": "/b", "timeout_s": 30}]}
VALUES = {"file": "c.json", "input_file": "c.json", "keys": ["server.port", "endpoints.1.timeout_s"], "values": [8443, 60]}


def config(**changes: Any) -> dict[str, Any]:
    value = json.loads(json.dumps(CONFIG))
    value["server"]["port"] = changes.pop("port", 8443)
    value["endpoints"][1]["timeout_s"] = changes.pop("timeout", 60)
    for key, new in changes.items():
        value["features"][key] = new
    return value


def json_case(label: str, output: Any, options: dict[str, Any], passes: bool, original: Any, says: str = "",
              out: str = "out.json", given: str = "in.json", raw: bytes | None = None) -> Case:
    data = raw if raw is not None else json.dumps(original).encode()
    return Case(label, None, {"file": out, "input_file": given, **options}, passes, says,
                files={out: json.dumps(output).encode()}, originals={given: data})


CSV = b"Name,Joined,Units,Note\nAna,2024-03-01,3,\nBen,2024-04-02,5,vip\nCal,2024-05-03,2.5,late\n"
RECORDS = [{"Name": "Ana", "Joined": "2024-03-01", "Units": 3, "Note": None},
           {"Name": "Ben", "Joined": "2024-04-02", "Units": 5, "Note": "vip"},
           {"Name": "Cal", "Joined": "2024-05-03", "Units": 2.5, "Note": "late"}]
EXPORT = {"orders": [{"status": "paid"}, {"status": "shipped"}, {"status": "paid"}, {"status": "void"}]}


def records(last: dict[str, Any] | None = None, rows: list[dict[str, Any]] = RECORDS) -> list[dict[str, Any]]:
    return [*rows[:-1], {**rows[-1], **(last or {})}]


def from_csv(label: str, output: Any, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.json", "input_file": "in.csv", "table": None}, passes, says,
                files={"out.json": json.dumps(output).encode()}, originals={"in.csv": CSV})


COUNT_BY = {"list_path": "orders", "field": "status"}

CASES: dict[str, list[Case]] = {
    "text.lines_filtered": [
        log_case("the matching lines, in order", lines(*ERROR_LINES), FILTER, True, "2 matching lines"),
        log_case("blank lines between them are ignored", lines(ERROR_LINES[0], "", ERROR_LINES[1]), FILTER, True),
        log_case("the last matching line dropped", lines(ERROR_LINES[0]), FILTER, False, "has 1 lines, expected the 2"),
        log_case("the last line changed by a character", lines(ERROR_LINES[0], ERROR_LINES[1] + "!"), FILTER, False,
                 "line 2 of errors.log"),
        log_case("an extra line at the end", lines(*ERROR_LINES, LOG.splitlines()[3]), FILTER, False,
                 "has 3 lines, expected the 2"),
        log_case("a line with the word only as part of another ('ERRORS')", lines(ERROR_LINES[0], LOG.splitlines()[2],
                                                                                ERROR_LINES[1]), FILTER, False),
        log_case("the two lines swapped", lines(*ERROR_LINES[::-1]), FILTER, False, "line 1 of errors.log"),
    ],
    "text.counts_reported": [
        log_case("one line per label, in order", "ERROR: 2\nWARNING: 1\nINFO: 2\n", COUNTS, True, out="counts.txt"),
        log_case("spaces folded", "ERROR:  2\n\nWARNING: 1\nINFO: 2  \n", COUNTS, True, out="counts.txt"),
        log_case("the last count one over", "ERROR: 2\nWARNING: 1\nINFO: 3\n", COUNTS, False, "expected ['ERROR: 2'",
                 out="counts.txt"),
        log_case("the last count one under", "ERROR: 2\nWARNING: 1\nINFO: 1\n", COUNTS, False, out="counts.txt"),
        log_case("the last label missing", "ERROR: 2\nWARNING: 1\n", COUNTS, False, out="counts.txt"),
        log_case("an extra line at the end", "ERROR: 2\nWARNING: 1\nINFO: 2\nDEBUG: 0\n", COUNTS, False,
                 out="counts.txt"),
        log_case("the last two labels swapped", "ERROR: 2\nINFO: 2\nWARNING: 1\n", COUNTS, False, out="counts.txt"),
    ],
    "text.markdown_toc": [
        Case("every level-2 heading listed", None, TOC, True, "lists 3 headings",
             **text("n.md", "# Notes\n\n## Contents\n\n- Alpha\n- Beta\n- Gamma\n" + REST, NOTES)),
        Case("as links", None, TOC, True,
             **text("n.md", "# Notes\n\n## Contents\n\n- [Alpha](#alpha)\n- [Beta](#beta)\n* [Gamma](#gamma)\n" + REST,
                    NOTES)),
        Case("the last heading missing", None, TOC, False, "expected ['Alpha', 'Beta', 'Gamma']",
             **text("n.md", "# Notes\n\n## Contents\n\n- Alpha\n- Beta\n" + REST, NOTES)),
        Case("a level-3 heading listed too", None, TOC, False,
             **text("n.md", "# Notes\n\n## Contents\n\n- Alpha\n- Beta\n- Beta one\n- Gamma\n" + REST, NOTES)),
        Case("a fenced '## not a heading' listed", None, TOC, False,
             **text("n.md", "# Notes\n\n## Contents\n\n- Alpha\n- not a heading\n- Beta\n- Gamma\n" + REST, NOTES)),
        Case("the file's last line changed", None, TOC, False, "differs from the original",
             **text("n.md", "# Notes\n\n## Contents\n\n- Alpha\n- Beta\n- Gamma\n" + REST.replace("end\n", "end.\n"),
                    NOTES)),
        Case("an extra line at the end", None, TOC, False,
             **text("n.md", "# Notes\n\n## Contents\n\n- Alpha\n- Beta\n- Gamma\n" + REST + "extra\n", NOTES)),
        Case("the title line changed", None, TOC, False, "the first line of n.md",
             **text("n.md", "# Note\n\n## Contents\n\n- Alpha\n- Beta\n- Gamma\n" + REST, NOTES)),
        Case("the list under another title", None, TOC, False, "no 'Contents' heading",
             **text("n.md", "# Notes\n\n## Content\n\n- Alpha\n- Beta\n- Gamma\n" + REST, NOTES)),
    ],
    "text.ini_values": [
        Case("the last key of the last section set", None, INI_SET, True, **text("s.ini", NEW_INI, INI)),
        Case("one character off", None, INI_SET, False, "[cache] size is '1280'",
             **text("s.ini", INI.replace("size = 64", "size = 1280"), INI)),
        Case("not changed at all", None, INI_SET, False, **text("s.ini", INI, INI)),
        Case("an extra key in the last section", None, INI_SET, False, "has keys ['debug']",
             **text("s.ini", NEW_INI + "debug = 1\n", INI)),
        Case("the last section's other key changed", None, INI_SET, False, "[cache] ttl_s is '301'",
             **text("s.ini", NEW_INI.replace("300", "301"), INI)),
        Case("the sections swapped", None, INI_SET, False, "has sections ['cache', 'server']",
             **text("s.ini", "[cache]\nttl_s = 300\nsize = 128\n[server]\nport = 8080\nworkers = 2\n", INI)),
        Case("an extra section at the end", None, INI_SET, False,
             **text("s.ini", NEW_INI + "[log]\nlevel = info\n", INI)),
        Case("a file that does not parse", None, INI_SET, False, "not a valid INI file",
             **text("s.ini", "[cache\nsize = 128\n", INI)),
    ],
    "json.values_set": [
        json_case("both values set, as numbers", config(), VALUES, True, CONFIG, "2 value(s) set",
                  out="c.json", given="c.json"),
        json_case("the last value as text", config(timeout="60"), VALUES, False, CONFIG,
                  "endpoints.1.timeout_s is '60'", out="c.json", given="c.json"),
        json_case("the last value one over", config(timeout=61), VALUES, False, CONFIG, out="c.json", given="c.json"),
        json_case("the last value left as it was", config(timeout=30), VALUES, False, CONFIG, out="c.json",
                  given="c.json"),
        json_case("a true that should stay true turned to 1", config(sso=1), VALUES, False, CONFIG,
                  "features.sso is 1, expected True", out="c.json", given="c.json"),
        json_case("a key added", config(extra=True), VALUES, False, CONFIG, "'features.extra' was added",
                  out="c.json", given="c.json"),
        json_case("8443.0 is the number 8443", config(port=8443.0), VALUES, True, CONFIG, out="c.json", given="c.json"),
    ],
    "json.records_from_table": [
        from_csv("one record per row, typed", RECORDS, True, "3 records"),
        from_csv("the last record's last value changed", records({"Note": "Late"}), False,
                 "record 3 'Note' is 'Late'"),
        from_csv("the last number as text", records({"Units": "2.5"}), False, "record 3 'Units'"),
        from_csv("the last number rounded", records({"Units": 3}), False),
        from_csv("an empty cell as '' not null", [{**RECORDS[0], "Note": ""}, *RECORDS[1:]], False, "record 1 'Note'"),
        from_csv("the last record dropped", RECORDS[:-1], False, "has 2 records, expected 3"),
        from_csv("an extra record at the end", [*RECORDS, RECORDS[-1]], False, "has 4 records"),
        from_csv("the last record's keys reordered",
                 [*RECORDS[:-1], {k: RECORDS[-1][k] for k in ["Name", "Joined", "Note", "Units"]}], False,
                 "record 3 has keys"),
        from_csv("the last record with an extra key", records({"Extra": 1}), False, "record 3 has keys"),
        from_csv("an object instead of an array", {"records": RECORDS}, False, "expected an array"),
    ],
    "json.counts_by_field": [
        json_case("a count per value", {"paid": 2, "shipped": 1, "void": 1}, COUNT_BY, True, EXPORT, "counts for 3"),
        json_case("2.0 is the number 2", {"paid": 2.0, "shipped": 1, "void": 1}, COUNT_BY, True, EXPORT),
        json_case("the last value's count one over", {"paid": 2, "shipped": 1, "void": 2}, COUNT_BY, False, EXPORT,
                  "counts 2 for 'void'"),
        json_case("the last value missing", {"paid": 2, "shipped": 1}, COUNT_BY, False, EXPORT, "has keys"),
        json_case("an extra value", {"paid": 2, "shipped": 1, "void": 1, "lost": 0}, COUNT_BY, False, EXPORT),
        json_case("a count as text", {"paid": 2, "shipped": 1, "void": "1"}, COUNT_BY, False, EXPORT),
        json_case("a count of 1 as true", {"paid": 2, "shipped": 1, "void": True}, COUNT_BY, False, EXPORT),
    ],
}
