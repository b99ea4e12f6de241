"""Boundary cases of `text.heading_case`: a document whose headings are typed in lower case, in
capitals and mixed, a code comment that looks like a heading, and an abbreviation (API) to keep.
The LAST heading is where a loop that stops one short lets a wrong file through; the abbreviation
lower-cased, a small word capitalised in title case (the first word always is), the code comment
recased, a heading's level changed, a heading outside the level asked recased, and an extra line all
fail; trailing spaces are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

DOC = ["# project STATUS report", "", "Intro text.", "", "## NEXT STEPS AND OWNERS", "", "- item", "", "```bash",
       "# rerun the export", "```", "", "## how we migrate to the new api", "",
       "### the known issues with the api gateway", "", "Last line."]
SENTENCE = {1: "# Project status report", 5: "## Next steps and owners", 13: "## How we migrate to the new API",
            15: "### The known issues with the API gateway"}
TITLE = {1: "# Project Status Report", 5: "## Next Steps and Owners", 13: "## How We Migrate to the New API",
         15: "### The Known Issues with the API Gateway"}


def doc(changes: dict[int, str]) -> list[str]:
    return [changes.get(n, line) for n, line in enumerate(DOC, start=1)]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "doc.md", "keep": ["API"], **options}, passes, says,
                files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"doc.md": ("\n".join(DOC) + "\n").encode()})


SENT = {"case": "sentence"}
TITLED = {"case": "title"}

CASES: dict[str, list[Case]] = {
    "text.heading_case": [
        case("sentence case, trailing spaces free", [line + " " for line in doc(SENTENCE)], SENT, True),
        case("sentence case, the last heading left", doc({**SENTENCE, 15: DOC[14]}), SENT, False, "line 15"),
        case("sentence case, the abbreviation lower-cased", doc({**SENTENCE, 13: "## How we migrate to the new api"}),
             SENT, False, "line 13"),
        case("sentence case, the code comment recased", doc({**SENTENCE, 10: "# Rerun the export"}), SENT, False,
             "line 10"),
        case("sentence case, a heading's level changed", doc({**SENTENCE, 5: "### Next steps and owners"}), SENT,
             False, "line 5"),
        case("sentence case, an extra line at the end", [*doc(SENTENCE), "", "Edited."], SENT, False, "lines"),
        case("title case, small words lower, the first word capitalised", doc(TITLE), TITLED, True),
        case("title case, a small word capitalised", doc({**TITLE, 5: "## Next Steps And Owners"}), TITLED, False,
             "line 5"),
        case("title case, the first small word left lower", doc({**TITLE, 15: "### the Known Issues with the API "
                                                                              "Gateway"}), TITLED, False, "line 15"),
        case("level 2 only", doc({5: TITLE[5], 13: TITLE[13]}), {**TITLED, "level": 2}, True),
        case("level 2 only, the level 3 heading recased too", doc({5: TITLE[5], 13: TITLE[13], 15: TITLE[15]}),
             {**TITLED, "level": 2}, False, "line 15"),
        case("level 2 only, the title recased too", doc({1: TITLE[1], 5: TITLE[5], 13: TITLE[13]}),
             {**TITLED, "level": 2}, False, "line 1"),
    ],
}
