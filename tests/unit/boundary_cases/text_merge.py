"""Boundary cases of `text.notes_merged`: a colleague's notes merged into ours by section. The
LAST section and its LAST line are where a loop that stops one short lets a wrong file through; a
line repeated when it was to be skipped (or skipped when repeats were kept), the colleague's title
kept, a heading given twice and the sections out of order all fail; blank lines do not count."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

OURS = ["# Sync", "", "Date: 2025-03-04", "", "## Risks", "", "- Vendor late", "- Budget tight", "", "## Budget", "",
        "- Costs up 4%"]
THEIRS = ["# Sync (2025-03-04)", "", "## Budget", "", "- Costs up 4%", "- Travel frozen", "", "## Hiring", "",
          "- Two offers out", "", "## Actions", "", "- Book the venue"]
MERGED = ["# Sync", "", "Date: 2025-03-04", "", "## Risks", "", "- Vendor late", "- Budget tight", "", "## Budget", "",
          "- Costs up 4%", "- Travel frozen", "", "## Hiring", "", "- Two offers out", "", "## Actions", "",
          "- Book the venue"]
ALPHA = ["# Sync", "", "Date: 2025-03-04", "", "## Actions", "- Book the venue", "## Budget", "- Costs up 4%",
         "- Travel frozen", "## Hiring", "- Two offers out", "## Risks", "- Vendor late", "- Budget tight"]


def merge(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "ours.md", "other_file": "theirs.md", **options},
                passes, says, files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"ours.md": ("\n".join(OURS) + "\n").encode(),
                           "theirs.md": ("\n".join(THEIRS) + "\n").encode()})


def without(lines: list[str], drop: str) -> list[str]:
    return [line for line in lines if line != drop]


CASES: dict[str, list[Case]] = {
    "text.notes_merged": [
        merge("ours first, repeats skipped", MERGED, {}, True),
        merge("the last new section missing", MERGED[:-4], {}, False, "sections"),
        merge("the last line of the last section missing", MERGED[:-1], {}, False, "'Actions'"),
        merge("a line we had repeated", [*MERGED[:12], "- Costs up 4%", *MERGED[12:]], {}, False, "Budget"),
        merge("repeats kept as asked", [*MERGED[:12], "- Costs up 4%", *MERGED[12:]], {"dedupe": False}, True),
        merge("repeats to keep, one skipped", MERGED, {"dedupe": False}, False, "Budget"),
        merge("their title kept too", [*MERGED[:4], "# Sync (2025-03-04)", *MERGED[4:]], {}, False, "title block"),
        merge("a heading given twice", [*MERGED[:13], "## Budget", "- Travel frozen", *MERGED[13:]], {}, False,
              "twice"),
        merge("their lines before ours", [*MERGED[:11], "- Travel frozen", "- Costs up 4%", *MERGED[13:]], {}, False,
              "another order"),
        merge("A to Z, blank lines dropped", ALPHA, {"order": "alphabetical"}, True),
        merge("A to Z wanted, ours first given", MERGED, {"order": "alphabetical"}, False, "sections"),
        merge("A to Z: the last two sections swapped", [*ALPHA[:9], *ALPHA[11:], *ALPHA[9:11]],
              {"order": "alphabetical"}, False, "sections"),
        merge("ours first wanted, A to Z given", ALPHA, {}, False, "sections"),
        merge("a section body line dropped", without(MERGED, "- Budget tight"), {}, False, "Risks"),
    ],
}
