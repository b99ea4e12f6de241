"""Boundary cases of the line-list checks: repeats removed (first or last kept, case ignored or
not, back-to-back only or all) and checklist items extracted or ticked. The LAST line is where a
loop that stops one short lets a wrong file through; a sorted list, a wrong spelling kept, a
repeat further on dropped by a `uniq` job, one item too many and a stray line changed all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

LIST = ["ann@x.org", "bob@x.org", "bob@x.org", "ANN@X.ORG", "cy@x.org", "ann@x.org", "dee@x.org", "Dee@x.org"]


def dedupe(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.txt", "input_file": "list.txt", **options}, passes, says,
                files={"out.txt": ("\n".join(output) + "\n").encode()},
                originals={"list.txt": ("\n".join(LIST) + "\n").encode()})


NOTES = ["# Sync", "", "## Budget", "", "- Costs rose by 4%", "- [ ] Ann: send the draft", "- [x] Bob: book the venue",
         "", "## Hiring", "", "- [X] Ann: review the ad", "- [ ] Bob: order laptops", "  - [ ] Cy: test the backup"]


def extract(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "todo.md", "input_file": "notes.md", **options}, passes, says,
                files={"todo.md": ("\n".join(output) + "\n").encode()},
                originals={"notes.md": ("\n".join(NOTES) + "\n").encode()})


def ticked(label: str, changes: dict[int, str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    lines = [changes.get(n, line) for n, line in enumerate(NOTES)]
    return Case(label, None, {"file": "out.md", "input_file": "notes.md", **options}, passes, says,
                files={"out.md": ("\n".join(lines) + "\n").encode()},
                originals={"notes.md": ("\n".join(NOTES) + "\n").encode()})


OPEN = ["- [ ] Ann: send the draft", "- [ ] Bob: order laptops", "- [ ] Cy: test the backup"]
TICK = {"tasks": ["send the draft", "test the backup"], "done": True}
REOPEN = {"tasks": ["review the ad"], "done": False}

CASES: dict[str, list[Case]] = {
    "text.lines_deduplicated": [
        dedupe("first kept, case matters", ["ann@x.org", "bob@x.org", "ANN@X.ORG", "cy@x.org", "dee@x.org",
                                            "Dee@x.org"], {}, True),
        dedupe("the last repeat left in", ["ann@x.org", "bob@x.org", "ANN@X.ORG", "cy@x.org", "ann@x.org",
                                           "dee@x.org", "Dee@x.org"], {}, False, "line 5"),
        dedupe("sorted instead of kept in order", sorted(["ann@x.org", "bob@x.org", "ANN@X.ORG", "cy@x.org",
                                                          "dee@x.org", "Dee@x.org"]), {}, False, "line 1"),
        dedupe("stray spaces and blank lines are not lines", [" ann@x.org", "", "bob@x.org ", "ANN@X.ORG", "cy@x.org",
                                                              "dee@x.org", "Dee@x.org"], {}, True),
        dedupe("case ignored, first spelling kept", ["ann@x.org", "bob@x.org", "cy@x.org", "dee@x.org"],
               {"ignore_case": True}, True),
        dedupe("case ignored, the last line's other spelling kept", ["ann@x.org", "bob@x.org", "cy@x.org",
                                                                       "Dee@x.org"], {"ignore_case": True}, False,
               "line 4"),
        dedupe("case ignored, last kept at its place", ["bob@x.org", "cy@x.org", "ann@x.org", "Dee@x.org"],
               {"ignore_case": True, "keep": "last"}, True),
        dedupe("last wanted, first places kept", ["ann@x.org", "bob@x.org", "cy@x.org", "Dee@x.org"],
               {"ignore_case": True, "keep": "last"}, False, "line 1"),
        dedupe("back-to-back only: a later repeat stays", ["ann@x.org", "bob@x.org", "ANN@X.ORG", "cy@x.org",
                                                           "ann@x.org", "dee@x.org", "Dee@x.org"],
               {"adjacent": True}, True),
        dedupe("back-to-back only: a later repeat dropped", ["ann@x.org", "bob@x.org", "ANN@X.ORG", "cy@x.org",
                                                             "dee@x.org", "Dee@x.org"], {"adjacent": True}, False),
        dedupe("back-to-back, case ignored, last spelling", ["ann@x.org", "bob@x.org", "ANN@X.ORG", "cy@x.org",
                                                             "ann@x.org", "Dee@x.org"],
               {"adjacent": True, "ignore_case": True, "keep": "last"}, True),
        dedupe("back-to-back, case ignored, the last run not collapsed", ["ann@x.org", "bob@x.org", "ANN@X.ORG",
                                                                          "cy@x.org", "ann@x.org", "dee@x.org",
                                                                          "Dee@x.org"],
               {"adjacent": True, "ignore_case": True, "keep": "last"}, False, "line 6"),
    ],
    "text.checklist_extracted": [
        extract("the open items as in the notes", OPEN, {"state": "open"}, True),
        extract("the last (indented) open item missing", OPEN[:2], {"state": "open"}, False, "has 2 lines"),
        extract("a done item listed too", [*OPEN, "- [x] Bob: book the venue"], {"state": "open"}, False),
        extract("the done items, [X] as written", ["- [x] Bob: book the venue", "- [X] Ann: review the ad"],
                {"state": "done"}, True),
        extract("done items in the wrong order", ["- [X] Ann: review the ad", "- [x] Bob: book the venue"],
                {"state": "done"}, False, "line 1"),
        extract("one person's open items, plain", ["Bob: order laptops"], {"state": "open", "owner": "Bob",
                                                                           "layout": "plain"}, True),
        extract("plain wanted, the box kept", ["- [ ] Bob: order laptops"], {"state": "open", "owner": "Bob",
                                                                             "layout": "plain"}, False, "line 1"),
        extract("grouped by owner, A to Z", ["## Ann", "- send the draft", "## Bob", "- order laptops", "## Cy",
                                             "- test the backup"], {"state": "open", "layout": "by_owner"}, True),
        extract("grouped by section, notes order", ["## Budget", "- [ ] Ann: send the draft", "## Hiring",
                                                    "- [ ] Bob: order laptops", "- [ ] Cy: test the backup"],
                {"state": "open", "layout": "by_section"}, True),
        extract("by section: the last item under no heading", ["## Budget", "- [ ] Ann: send the draft",
                                                               "- [ ] Bob: order laptops", "- [ ] Cy: test the backup"],
                {"state": "open", "layout": "by_section"}, False, "line 3"),
        extract("by section: a section without such items listed", ["## Budget", "- [x] Bob: book the venue",
                                                                     "## Hiring", "- [X] Ann: review the ad"],
                {"state": "done", "layout": "by_section"}, True),
        extract("by section: an empty heading added", ["## Budget", "- [ ] Ann: send the draft", "## Hiring",
                                                       "- [ ] Bob: order laptops", "- [ ] Cy: test the backup",
                                                       "## Other"], {"state": "open", "layout": "by_section"}, False),
        extract("grouped: the last group missing", ["## Ann", "- send the draft", "## Bob", "- order laptops"],
                {"state": "open", "layout": "by_owner"}, False),
    ],
    "text.checklist_marked": [
        ticked("two items ticked", {5: "- [x] Ann: send the draft", 12: "  - [X] Cy: test the backup"}, TICK, True),
        ticked("the last named item left open", {5: "- [x] Ann: send the draft"}, TICK, False, "line 13"),
        ticked("another item ticked too", {5: "- [x] Ann: send the draft", 11: "- [x] Bob: order laptops",
                                           12: "  - [x] Cy: test the backup"}, TICK, False, "line 12"),
        ticked("a remark changed", {4: "- Costs rose by 5%", 5: "- [x] Ann: send the draft",
                                    12: "  - [x] Cy: test the backup"}, TICK, False, "line 5"),
        ticked("an item reopened", {10: "- [ ] Ann: review the ad"}, REOPEN, True),
        ticked("reopen wanted, left ticked", {}, REOPEN, False, "line 11"),
    ],
}
