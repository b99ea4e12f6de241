"""Boundary cases of `text.markdown_linted`: one small guide that breaks every rule, fixed for one.

Each rule passes when fixed everywhere outside code (trailing spaces and repeated blank lines free)
and fails when its LAST place is left, when a look-alike inside fenced code or an inline code span is
changed too, when the fix goes one step short or too far (a nested list numbered on from its
parent, the full stop taken into the URL, a fence without its language), or when a line is added."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

GUIDE = ["# Guide:", "See https://a.dev/docs.", "## Steps.", "1. One", "1. Two", "   1. Sub a", "   1. Sub b",
         "1. Three", "", "Use _this_ and __that__, not `snake_case_x`.", "", "    pip install x", "", "```",
         "* keep _this_ https://x.dev", "1. keep", "```", "", "* Note one", "  + nested", "* Last note"]


def case(label: str, edits: dict[int, str | list[str]], rule: str, passes: bool, says: str = "",
         tail: list[str] | None = None, language: str | None = None) -> Case:
    """The guide with line k replaced by `edits[k]` (a list: several lines), `tail` appended."""
    lines: list[str] = []
    for k, line in enumerate(GUIDE):
        new = edits.get(k, line)
        lines += new if isinstance(new, list) else [new]
    options: dict[str, Any] = {"file": "out.md", "input_file": "guide.md", "rule": rule}
    if language:
        options["language"] = language
    return Case(label, None, options, passes, says, files={"out.md": ("\n".join(lines + (tail or [])) + "\n").encode()},
                originals={"guide.md": ("\n".join(GUIDE) + "\n").encode()})


BULLETS = {18: "- Note one", 19: "  - nested", 20: "- Last note"}
ORDERED = {4: "2. Two", 6: "   2. Sub b", 7: "3. Three"}
EMPHASIS = {9: "Use *this* and **that**, not `snake_case_x`."}
FENCED = {11: ["```bash", "pip install x", "```"]}
SPACED = {0: ["# Guide:", ""], 2: ["", "## Steps.", ""]}

CASES: dict[str, list[Case]] = {
    "text.markdown_linted": [
        case("bullets all made '-', trailing spaces and an extra blank line free",
             {**BULLETS, 18: "- Note one  ", 17: ["", ""]}, "bullets", True),
        case("bullets: the last one left", {**BULLETS, 20: "* Last note"}, "bullets", False,
             "line 21 of out.md is '* Last note', expected '- Last note'"),
        case("bullets: the code block's line changed too", {**BULLETS, 14: "- keep _this_ https://x.dev"}, "bullets",
             False, "line 15 of out.md"),
        case("bullets: a line added at the end", BULLETS, "bullets", False, "has 22 lines, expected 21",
             tail=["- Another note"]),
        case("ordered lists renumbered, the nested one from 1", ORDERED, "ordered", True),
        case("ordered: nested list numbered on from its parent", {**ORDERED, 5: "   3. Sub a", 6: "   4. Sub b",
                                                                 7: "5. Three"}, "ordered", False, "line 6 of out.md"),
        case("ordered: the last item left at 1", {**ORDERED, 7: "1. Three"}, "ordered", False,
             "line 8 of out.md is '1. Three', expected '3. Three'"),
        case("ordered: the code block's 1. renumbered too", {**ORDERED, 15: "2. keep"}, "ordered", False,
             "line 16 of out.md"),
        case("emphasis made asterisks, the code span kept", EMPHASIS, "emphasis", True),
        case("emphasis: strong made single asterisks", {9: "Use *this* and *that*, not `snake_case_x`."}, "emphasis",
             False, "line 10 of out.md"),
        case("emphasis: the code span changed too", {9: "Use *this* and **that**, not `snake*case*x`."}, "emphasis",
             False, "line 10 of out.md"),
        case("emphasis: the fenced code's _this_ changed too", {**EMPHASIS, 14: "* keep *this* https://x.dev"},
             "emphasis", False, "line 15 of out.md"),
        case("bare URL in angle brackets, the stop outside", {1: "See <https://a.dev/docs>."}, "bare_urls", True),
        case("bare URL: the stop taken inside", {1: "See <https://a.dev/docs.>"}, "bare_urls", False,
             "line 2 of out.md is 'See <https://a.dev/docs.>', expected 'See <https://a.dev/docs>.'"),
        case("bare URL: the one in code wrapped too", {1: "See <https://a.dev/docs>.",
                                                      14: "* keep _this_ <https://x.dev>"}, "bare_urls", False,
             "line 15 of out.md"),
        case("indented block fenced as bash", FENCED, "fences", True, language="bash"),
        case("fenced without the language", {11: ["```", "pip install x", "```"]}, "fences", False,
             "line 12 of out.md is '```', expected '```bash'", language="bash"),
        case("fenced, the code still indented", {11: ["```bash", "    pip install x", "```"]}, "fences", False,
             "line 13 of out.md", language="bash"),
        case("heading punctuation dropped from both", {0: "# Guide", 2: "## Steps"}, "heading_punct", True),
        case("heading punctuation: the last heading left", {0: "# Guide"}, "heading_punct", False,
             "line 3 of out.md is '## Steps.', expected '## Steps'"),
        case("heading punctuation: the sentence's stop dropped too", {0: "# Guide", 1: "See https://a.dev/docs",
                                                                      2: "## Steps"}, "heading_punct", False,
             "line 2 of out.md"),
        case("blank lines around both headings", SPACED, "heading_space", True),
        case("heading spacing: none below the last heading", {**SPACED, 2: ["", "## Steps."]}, "heading_space", False,
             "line 6 of out.md is '1. One', expected ''"),
        case("heading spacing: a blank line after a list item too", {**SPACED, 7: ["1. Three", ""]}, "heading_space",
             True),
        case("heading spacing: a list split by a blank line", {**SPACED, 4: ["1. Two", ""]}, "heading_space", False,
             "line 9 of out.md is '', expected '   1. Sub a'"),
    ],
}
