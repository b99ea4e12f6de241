"""Boundary cases of `text.files_combined`: four chapter files joined in file-name order (or
descending), optionally under a new title with their headings one level down, optionally a `---`
between parts. The LAST part's last line is where a loop that stops one short lets a wrong file
through; two parts swapped, headings left at their level under a title, a code comment demoted as
if a heading, a level-6 heading pushed past 6, a rule missing before the last part or added where
none is asked, and an extra line all fail; blank lines and spacing inside lines are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

PARTS = {
    "book/01-intro.md": ["# Intro", "", "Hello there.", "", "## Start", "", "- read this first"],
    "book/02-setup.md": ["# Setup", "", "```bash", "# not a heading", "make setup", "```"],
    "book/03-usage.md": ["# Usage", "", "Run it.", "", "###### Tiny print", "", "No warranty."],
    "book/04-faq.md": ["# FAQ", "", "Ask Ann.", "Or Bob."],
}
ORDER = sorted(PARTS)
SLOTS = {"first": ORDER[2], "second": ORDER[0], "third": ORDER[3], "fourth": ORDER[1]}


def part(path: str, demote: bool = False) -> list[str]:
    return [("#" + line if demote and line.startswith("#") and not line.startswith("# not") and
             not line.startswith("######") else line) for line in PARTS[path]]


def joined(paths: list[str], demote: bool = False, rule: bool = False) -> list[str]:
    out = ["# Handbook", ""] if demote else []
    for n, path in enumerate(paths):
        out += (["---", ""] if n and rule else []) + part(path, demote) + [""]
    return out


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "book.md", **SLOTS, **options}, passes, says,
                files={"book.md": ("\n".join(output) + "\n").encode()},
                originals={p: ("\n".join(lines) + "\n").encode() for p, lines in PARTS.items()})


TITLE = {"title": "Handbook"}
RULE = {"rule": True}
SWAPPED = [ORDER[0], ORDER[1], ORDER[3], ORDER[2]]

CASES: dict[str, list[Case]] = {
    "text.files_combined": [
        case("in name order, blank lines free", [line for line in joined(ORDER) if line] + ["", "", ""], {}, True),
        case("in name order, spacing inside a line free", [*joined(ORDER)[:-2], "Or   Bob.  "], {}, True),
        case("the last part's last line missing", joined(ORDER)[:-2], {}, False, "missing from book/04-faq.md"),
        case("the last two parts swapped", joined(SWAPPED), {}, False, "(from book/03-usage.md)"),
        case("an extra line after the last part", [*joined(ORDER), "The end."], {}, False, "extra: 'The end.'"),
        case("descending", joined(ORDER[::-1]), {"descending": True}, True),
        case("ascending where descending is asked", joined(ORDER), {"descending": True}, False, "text line 1"),
        case("under a title, headings one down, code and level 6 kept", joined(ORDER, demote=True), TITLE, True),
        case("under a title, headings left at their level", ["# Handbook", *joined(ORDER)], TITLE, False,
             "text line 2"),
        case("under a title, the code comment demoted too", [
            line.replace("# not a heading", "## not a heading") for line in joined(ORDER, demote=True)], TITLE,
            False, "(from book/02-setup.md)"),
        case("under a title, the level-6 heading pushed to 7", [
            line.replace("###### Tiny", "####### Tiny") for line in joined(ORDER, demote=True)], TITLE, False,
            "(from book/03-usage.md)"),
        case("no title where one is asked", joined(ORDER), TITLE, False, "(from the new title)"),
        case("a rule between parts", joined(ORDER, rule=True), RULE, True),
        case("the rule before the last part missing", [
            *joined(ORDER[:3], rule=True), *part(ORDER[3])], RULE, False, "the rule before book/04-faq.md"),
        case("a rule where none is asked", joined(ORDER, rule=True), {}, False, "text line 5"),
    ],
}
