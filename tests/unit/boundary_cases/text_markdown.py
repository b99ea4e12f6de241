"""Boundary cases of the markdown structure checks: heading levels fixed by a rule, and YAML front
matter edited. The LAST heading is where a loop that stops one short lets a wrong file through;
a # comment in a code block is no heading; false written as "false", a tag added twice, a key
left behind by a rename and a body line changed all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

DOC = ["# Report", "", "Intro.", "", "## Costs", "", "```bash", "# not a heading", "```", "", "### Detail", "",
       "## Plan", "", "Text."]
SKIPS = ["# Report", "### Costs", "#### Detail", "## Plan", "#### Steps"]
TITLES = ["# Report", "# Costs", "## Detail", "# Plan"]
SETEXT = ["Report", "======", "", "Costs", "-----", "", "### Detail", "", "Plan", "---"]


def headings(label: str, original: list[str], output: list[str], fix: str, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "doc.md", "fix": fix}, passes, says,
                files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"doc.md": ("\n".join(original) + "\n").encode()})


def shifted(lines: list[str], by: int) -> list[str]:
    return [("#" * by + line) if by > 0 and line.startswith("#") and "not a" not in line else
            line[-by:] if by < 0 and line.startswith("##") else line for line in lines]


PAGE = "---\ntitle: Q2 report\ndate: 2024-05-12\ndraft: true\ntags: [sales, finance]\nweight: 20\n---\n\n# Q2\n\nBody.\n"


def page(front: str, body: str = "\n# Q2\n\nBody.\n") -> str:
    return f"---\n{front}---\n{body}"


def edited(label: str, output: str, options: dict[str, Any], passes: bool, says: str = "",
           original: str = PAGE) -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "post.md", **options}, passes, says,
                files={"out.md": output.encode()}, originals={"post.md": original.encode()})


KEEP = "title: Q2 report\ndate: 2024-05-12\n"
TAGS = "tags: [sales, finance]\n"
SET_DRAFT = {"operation": "set", "key": "draft", "value": "false"}
ADD_TAG = {"operation": "add_tag", "key": "tags", "value": "it"}
RENAME = {"operation": "rename", "key": "tags", "new_key": "categories"}
CREATE = {"operation": "create", "key": "title", "values": {"title": "Q2 report", "date": "2024-05-12", "draft": "false"}}

CASES: dict[str, list[Case]] = {
    "text.headings_fixed": [
        headings("every heading one down, the code comment kept", DOC, shifted(DOC, 1), "demote", True),
        headings("the last heading not demoted", DOC, [*shifted(DOC, 1)[:12], "## Plan", "", "Text."], "demote",
                 False, "line 13"),
        headings("the code comment demoted too", DOC, [line.replace("# not", "## not") for line in shifted(DOC, 1)],
                 "demote", False, "line 8"),
        headings("every heading one up", shifted(DOC, 1), DOC, "promote", True),
        headings("closing #s and extra spaces are the same heading", DOC,
                 [line + " ##" if line.startswith("## ") else line for line in shifted(DOC, 1)], "demote", True),
        headings("no skips: each at most one below the one before", SKIPS,
                 ["# Report", "## Costs", "### Detail", "## Plan", "### Steps"], "no_skips", True),
        headings("no skips: the last skip left", SKIPS,
                 ["# Report", "## Costs", "### Detail", "## Plan", "#### Steps"], "no_skips", False, "line 5"),
        headings("no skips: a sibling nested too deep", SKIPS,
                 ["# Report", "## Costs", "### Detail", "### Plan", "#### Steps"], "no_skips", False),
        headings("one title: later # headings become ##", TITLES, ["# Report", "## Costs", "## Detail", "## Plan"],
                 "single_title", True),
        headings("one title: the last # left", TITLES, ["# Report", "## Costs", "## Detail", "# Plan"],
                 "single_title", False, "line 4"),
        headings("one title: a ## wrongly demoted", TITLES, ["# Report", "## Costs", "### Detail", "## Plan"],
                 "single_title", False),
        headings("underlined headings as # and ##", SETEXT, ["# Report", "", "## Costs", "", "### Detail", "", "## Plan"],
                 "setext", True),
        headings("the last underline kept", SETEXT,
                 ["# Report", "", "## Costs", "", "### Detail", "", "## Plan", "---"], "setext", False),
        headings("a --- heading written as #", SETEXT,
                 ["# Report", "", "# Costs", "", "### Detail", "", "## Plan"], "setext", False, "line 3"),
    ],
    "text.front_matter_edited": [
        edited("draft set to false", PAGE.replace("draft: true", "draft: false"), SET_DRAFT, True),
        edited("draft set to the text 'false'", PAGE.replace("draft: true", 'draft: "false"'), SET_DRAFT, False,
               "(str)"),
        edited("another key changed too", PAGE.replace("draft: true", "draft: false").replace("weight: 20", "weight: 30"), SET_DRAFT,
               False, "'weight'"),
        edited("the body's last line changed", PAGE.replace("draft: true", "draft: false").replace("Body.", "Body!"),
               SET_DRAFT, False, "line 3"),
        edited("a key removed, with its value", PAGE.replace("weight: 20\n", ""),
               {"operation": "remove", "key": "weight"}, True),
        edited("the wrong key removed", PAGE.replace("draft: true\n", ""), {"operation": "remove", "key": "weight"},
               False),
        edited("a key added; a date quoted is the same date", PAGE.replace("weight: 20\n", 'weight: 20\nlayout: report\n')
               .replace("date: 2024-05-12", 'date: "2024-05-12"'), {"operation": "add", "key": "layout",
                                                                     "value": "report"}, True),
        edited("a number added as text", PAGE.replace("weight: 20\n", 'weight: 20\norder: "3"\n'),
               {"operation": "add", "key": "order", "value": "3"}, False),
        edited("tags renamed, block list style", PAGE.replace(TAGS, "categories:\n  - sales\n  - finance\n"), RENAME,
               True),
        edited("tags copied, not renamed", PAGE.replace(TAGS, TAGS + "categories: [sales, finance]\n"), RENAME, False,
               "'tags'"),
        edited("a tag added at the end", PAGE.replace(TAGS, "tags: [sales, finance, it]\n"), ADD_TAG, True),
        edited("a tag added twice", PAGE.replace(TAGS, "tags: [sales, it, finance, it]\n"), ADD_TAG, False),
        edited("a tag added but an old one lost (the last)", PAGE.replace(TAGS, "tags: [sales, it]\n"), ADD_TAG, False),
        edited("front matter given to a bare page", page("title: Q2 report\ndate: 2024-05-12\ndraft: false\n"), CREATE,
               True, original="\n# Q2\n\nBody.\n"),
        edited("front matter with one key short (the last)", page(KEEP), CREATE, False, "'draft'",
               original="\n# Q2\n\nBody.\n"),
        edited("front matter not closed", "---\n" + KEEP + "\n# Q2\n\nBody.\n", CREATE, False, "never closed",
               original="\n# Q2\n\nBody.\n"),
    ],
}
