"""Boundary cases of `text.sections_edited`: a README's section added (end, before, after a section
and its sub-sections, inside one a level deeper), moved or removed with its sub-sections, or
renamed. A shell comment in a code block is not a heading; the LAST section is where a loop that
stops one short lets a wrong file through; a sub-section left behind, a section one level off, a
heading renamed in the wrong case, an extra or a missing heading at the end all fail; blank lines,
spacing inside a line and line breaks inside the new text are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

TITLE = ["# tool", "", "A small tool."]
INSTALL = ["## Installation", "", "```bash", "# in a virtualenv", "pip install tool", "```"]
SOURCE = ["### From source", "", "Clone the repository."]
USAGE = ["## Usage", "", "Run `tool --help`."]
LICENSE = ["## License", "", "MIT, see LICENSE.", "Copyright the authors."]
DOC = [*TITLE, "", *INSTALL, "", *SOURCE, "", *USAGE, "", *LICENSE]
SUPPORT = ["## Support", "", "Write to help@example.com."]
ADD = {"operation": "add", "section": "Support", "body": "Write to help@example.com."}


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "README.md", **options}, passes, says,
                files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"README.md": ("\n".join(DOC) + "\n").encode()})


def blocks(*parts: list[str]) -> list[str]:
    return [line for part in parts for line in [*part, ""]]


CASES: dict[str, list[Case]] = {
    "text.sections_edited": [
        case("added at the end", blocks(TITLE, INSTALL, SOURCE, USAGE, LICENSE, SUPPORT), {**ADD, "position": "end"},
             True),
        case("added at the end, its text over two lines, no blank lines", [
            *DOC, "## Support", "Write to", "help@example.com."], {**ADD, "position": "end"}, True),
        case("added at the end: its last word wrong", blocks(TITLE, INSTALL, SOURCE, USAGE, LICENSE, [
            "## Support", "Write to help@example.org."]), {**ADD, "position": "end"}, False, "under '## Support'"),
        case("added before the last section instead of at the end", blocks(TITLE, INSTALL, SOURCE, USAGE, SUPPORT,
             LICENSE), {**ADD, "position": "end"}, False, "heading 5"),
        case("added at the end one level too deep", blocks(TITLE, INSTALL, SOURCE, USAGE, LICENSE, [
            "### Support", "", "Write to help@example.com."]), {**ADD, "position": "end"}, False, "heading 6"),
        case("added after a section and its sub-section", blocks(TITLE, INSTALL, SOURCE, SUPPORT, USAGE, LICENSE),
             {**ADD, "position": "after", "anchor": "installation"}, True),
        case("added after the section's own text, splitting off its sub-section", blocks(
            TITLE, INSTALL, SUPPORT, SOURCE, USAGE, LICENSE), {**ADD, "position": "after", "anchor": "Installation"},
            False, "heading 3"),
        case("added just before a section", blocks(TITLE, INSTALL, SOURCE, USAGE, SUPPORT, LICENSE),
             {**ADD, "position": "before", "anchor": "License"}, True),
        case("added inside a section, one level deeper, last", blocks(TITLE, INSTALL, SOURCE, [
            "### Support", "", "Write to help@example.com."], USAGE, LICENSE),
            {**ADD, "position": "inside", "anchor": "Installation"}, True),
        case("added inside a section at the section's level", blocks(TITLE, INSTALL, SOURCE, SUPPORT, USAGE, LICENSE),
             {**ADD, "position": "inside", "anchor": "Installation"}, False, "heading 4 of out.md is '## Support'"),
        case("moved with its sub-section to the end", blocks(TITLE, USAGE, LICENSE, INSTALL, SOURCE),
             {"operation": "move", "section": "Installation", "position": "end"}, True),
        case("moved to the end, its sub-section left behind", blocks(TITLE, SOURCE, USAGE, LICENSE, INSTALL),
             {"operation": "move", "section": "Installation", "position": "end"}, False, "heading 2"),
        case("moved before the last section", blocks(TITLE, INSTALL, SOURCE, LICENSE, USAGE),
             {"operation": "move", "section": "License", "position": "before", "anchor": "Usage"}, True),
        case("moved before the last section, a line of it lost", blocks(TITLE, INSTALL, SOURCE, LICENSE[:-1], USAGE),
             {"operation": "move", "section": "License", "position": "before", "anchor": "Usage"}, False,
             "'## License' in out.md has 1 lines"),
        case("removed with its sub-section", blocks(TITLE, USAGE, LICENSE),
             {"operation": "remove", "section": "Installation"}, True),
        case("removed, its sub-section left", blocks(TITLE, SOURCE, USAGE, LICENSE),
             {"operation": "remove", "section": "Installation"}, False, "'### From source'"),
        case("removed, the code comment kept as code and a spacing change", blocks(
            TITLE, INSTALL, SOURCE, ["## Usage", "", "Run   `tool --help`."]), {"operation": "remove",
                                                                            "section": "License"}, True),
        case("removed the last section, the last line of the one before changed", blocks(
            TITLE, INSTALL, SOURCE, ["## Usage", "", "Run `tool`."]), {"operation": "remove", "section": "License"},
            False, "line 1 under '## Usage'"),
        case("removed the last section, a code line changed", blocks(
            TITLE, ["## Installation", "", "```bash", "# in a venv", "pip install tool", "```"], SOURCE, USAGE),
            {"operation": "remove", "section": "License"}, False, "line 2 under '## Installation'"),
        case("renamed, level and text kept", blocks(TITLE, INSTALL, SOURCE, USAGE, ["## Licence", *LICENSE[1:]]),
             {"operation": "rename", "section": "License", "new_title": "Licence"}, True),
        case("renamed in the wrong case", blocks(TITLE, INSTALL, SOURCE, USAGE, ["## licence", *LICENSE[1:]]),
             {"operation": "rename", "section": "License", "new_title": "Licence"}, False, "heading 5"),
        case("renamed, an extra heading at the end", blocks(TITLE, INSTALL, SOURCE, USAGE, ["## Licence", *LICENSE[1:]],
             ["## Notes"]), {"operation": "rename", "section": "License", "new_title": "Licence"}, False,
             "extra: '## Notes'"),
        case("renamed, the last section missing", blocks(TITLE, INSTALL, SOURCE, ["## Quick start", *USAGE[1:]]),
             {"operation": "rename", "section": "Usage", "new_title": "Quick start"}, False,
             "missing: '## License'"),
    ],
}
