"""Boundary cases of `text.sections_split`: a developer guide of four level-2 sections (one with a
### sub-section, each with a bash block whose `#` comments are no headings) split into four parts
and an introduction file.

Passes with the parts as cut (blank lines and spacing free), promoted when asked, and the links
at the index's end (`./` or not). Fails with the LAST part missing its last line, a part holding
its neighbour's heading too, a code comment taken as a heading (promoted, or split at), headings
not promoted when asked (or promoted when not), the intro missing a line, a link in the wrong
order, with the wrong text or path, one link short, and a part file missing."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

INTRO = ["# acme-api developer guide", "", "How to work on acme-api. Maintained by Ana Ruiz.", ""]
SECTIONS = [
    ["## Installation", "", "You need Python.", "", "```bash", "# create a virtual environment", "python -m venv .venv",
     "```", ""],
    ["## Configuration", "", "Settings come from the environment.", "", "```bash", "## copy the example settings",
     "cp .env.example .env", "```", "", "### Notes", "", "Ask Jo if this fails.", ""],
    ["## Running the tests", "", "Run the suite before every push.", ""],
    ["## Deployment", "", "Deploys go out from main.", "", "```bash", "## build and push the image", "make image push",
     "```"],
]
PATHS = [f"docs/pages/0{n}-part.md" for n in range(1, 5)]
LINKS = [f"- [{s[0][3:]}](0{n}-part.md)" for n, s in enumerate(SECTIONS, start=1)]


def promoted(lines: list[str]) -> list[str]:
    """Headings one level up, code comments left alone (only these sections' lines)."""
    return [line[1:] if line.startswith(("## ", "### ")) and not line.startswith("## copy")
            and not line.startswith("## build") else line for line in lines]


def case(label: str, options: dict[str, Any], passes: bool, says: str = "", *, parts: list[list[str]] | None = None,
         index: list[str] | None = None) -> Case:
    parts = SECTIONS if parts is None else parts
    files = {path: ("\n".join(lines) + "\n").encode() for path, lines in zip(PATHS, parts, strict=False)}
    files["docs/pages/index.md"] = ("\n".join(INTRO if index is None else index) + "\n").encode()
    return Case(label, None, {"input_file": "docs/GUIDE.md", "index": "docs/pages/index.md",
                              **{f"part{n}": p for n, p in enumerate(PATHS, start=1)}, **options}, passes, says,
                files=files, originals={"docs/GUIDE.md": ("\n".join(INTRO + [x for s in SECTIONS for x in s]) + "\n")
                                        .encode()})


UP = {"promote": True}
LINKED = {"links": True}

CASES: dict[str, list[Case]] = {
    "text.sections_split": [
        case("every part as cut, headings kept", {}, True),
        case("blank lines and spacing free", {}, True, parts=[[x for x in s if x] for s in SECTIONS],
             index=[INTRO[0], "", "", "How  to work on acme-api.   Maintained by Ana Ruiz."]),
        case("the last part missing its last line", {}, False,
             "the part for 'Deployment': docs/pages/04-part.md has 5 text lines, expected 6 (first missing: '```')",
             parts=[*SECTIONS[:3], SECTIONS[3][:-1]]),
        case("the third part holds the fourth's heading too", {}, False, "the part for 'Running the tests': "
             "docs/pages/03-part.md has 3 text lines, expected 2 (extra: '## Deployment')",
             parts=[*SECTIONS[:2], SECTIONS[2] + ["## Deployment"], SECTIONS[3]]),
        case("a code comment taken as a heading and cut off", {}, False, "the part for 'Configuration'",
             parts=[SECTIONS[0], SECTIONS[1][:5], *SECTIONS[2:]]),
        case("headings promoted, comments left", UP, True, parts=[promoted(s) for s in SECTIONS]),
        case("a code comment promoted too", UP, False, "text line 4 of docs/pages/02-part.md is '# copy the example "
             "settings', expected '## copy the example settings'",
             parts=[promoted(s) if n != 1 else [x[1:] if x.startswith("##") else x for x in s]
                    for n, s in enumerate(SECTIONS)]),
        case("the sub-section left at ###", UP, False, "text line 7 of docs/pages/02-part.md is '### Notes', "
             "expected '## Notes'", parts=[*(promoted(s) for s in SECTIONS[:1]), [promoted(SECTIONS[1])[0],
                                                                                  *SECTIONS[1][1:]],
                                         *(promoted(s) for s in SECTIONS[2:])]),
        case("promoted when not asked", {}, False, "text line 1 of docs/pages/01-part.md is '# Installation'",
             parts=[promoted(s) for s in SECTIONS]),
        case("the introduction missing its last line", {}, False, "the introduction: docs/pages/index.md has 1 text "
             "lines, expected 2", index=INTRO[:2]),
        case("links after the introduction", LINKED, True, index=[*INTRO, *LINKS]),
        case("links written ./ and * bullets", LINKED, True,
             index=[*INTRO, *(x.replace("- ", "* ").replace("(0", "(./0") for x in LINKS)]),
        case("the last link to the wrong file", LINKED, False, "link 4 of docs/pages/index.md is [Deployment]"
             "(03-part.md), expected [Deployment](04-part.md)", index=[*INTRO, *LINKS[:3], LINKS[3].replace("04", "03")]),
        case("two links swapped", LINKED, False, "link 2 of docs/pages/index.md is [Running the tests]",
             index=[*INTRO, LINKS[0], LINKS[2], LINKS[1], LINKS[3]]),
        case("a link's text not the heading", LINKED, False, "link 1 of docs/pages/index.md is [Install](01-part.md)",
             index=[*INTRO, LINKS[0].replace("Installation", "Install"), *LINKS[1:]]),
        case("one link short", LINKED, False, "ends with 3 links to the parts, expected 4", index=[*INTRO, *LINKS[:3]]),
        case("no links when asked", LINKED, False, "ends with 0 links", index=INTRO),
        case("links when not asked", {}, False, "the introduction: docs/pages/index.md has 6 text lines, expected 2",
             index=[*INTRO, *LINKS]),
        case("the last part's file missing", {}, False, "docs/pages/04-part.md", parts=SECTIONS[:3]),
    ],
}
