"""Boundary cases of `text.paragraphs_wrapped`: paragraphs (and bullet items) filled greedily to a
width, or unwrapped. A line of exactly the width passes and one character over fails; a line that
could have taken the next word (not greedy) fails; the LAST paragraph left alone, a code line
wrapped, a bullet re-flowed when lists were to stay, and a missing hanging indent all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

PARA = "Staff turnover in Legal affected onboarding during the busiest weeks. Two of the three milestones were met."
ITEM = "- Costs stayed within budget for the period and the pilot went well overall."
CODE = ["```bash", "python -m tools.build --input data/report.csv --output out/summary.md --verbose", "```"]
DOC = ["# Report", "", PARA, "", ITEM, "", *CODE, "", "Last words of the report, kept short."]
WRAPPED = ["Staff turnover in Legal", "affected onboarding during the", "busiest weeks. Two of the",
           "three milestones were met."]
ITEM_WRAPPED = ["- Costs stayed within budget", "  for the period and the pilot", "  went well overall."]
LAST = ["Last words of the report, kept", "short."]


def wrapped(label: str, original: list[str], output: list[str], options: dict[str, Any], passes: bool,
            says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "doc.md", **options}, passes, says,
                files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"doc.md": ("\n".join(original) + "\n").encode()})


def doc(para: list[str], item: list[str], last: list[str], code: list[str] = CODE) -> list[str]:
    return ["# Report", "", *para, "", *item, "", *code, "", *last]


W30 = {"width": 30}
LISTS = {"width": 30, "lists": True}

CASES: dict[str, list[Case]] = {
    "text.paragraphs_wrapped": [
        wrapped("paragraphs filled to 30, the bullet and code alone", DOC, doc(WRAPPED, [ITEM], LAST), W30, True),
        wrapped("a line of exactly 30 characters", DOC, doc(WRAPPED, [ITEM], LAST), W30, True),
        wrapped("one character over the width", DOC, doc(["Staff turnover in Legal affected", "onboarding during the "
                                                          "busiest", "weeks. Two of the three", "milestones were met."],
                                                         [ITEM], LAST), W30, False, "line 3"),
        wrapped("not greedy: a line that could take the next word", DOC,
                doc(["Staff turnover in", "Legal affected onboarding", "during the busiest weeks. Two",
                     "of the three milestones were", "met."], [ITEM], LAST), W30, False, "line 3"),
        wrapped("the last paragraph left long", DOC, doc(WRAPPED, [ITEM], ["Last words of the report, kept short."]),
                W30, False, "line 14"),
        wrapped("the code line wrapped too", DOC, doc(WRAPPED, [ITEM], LAST, ["```bash", "python -m tools.build",
                                                                             "--input data/report.csv", "```"]),
                W30, False, "line 11"),
        wrapped("lists to stay, the bullet re-flowed", DOC, doc(WRAPPED, ITEM_WRAPPED, LAST), W30, False, "line 8"),
        wrapped("bullets too, with a hanging indent", DOC, doc(WRAPPED, ITEM_WRAPPED, LAST), LISTS, True),
        wrapped("bullets too, no hanging indent", DOC,
                doc(WRAPPED, [line.strip() for line in ITEM_WRAPPED], LAST), LISTS, False, "line 9"),
        wrapped("unwrapped: one line per paragraph", doc(WRAPPED, ITEM_WRAPPED, LAST),
                doc([PARA], ITEM_WRAPPED, ["Last words of the report, kept short."]), {"width": None}, True),
        wrapped("unwrapped: the last paragraph still wrapped", doc(WRAPPED, ITEM_WRAPPED, LAST),
                doc([PARA], ITEM_WRAPPED, LAST), {"width": None}, False, "line 13"),
        wrapped("unwrapped: two spaces where the lines were joined", doc(WRAPPED, ITEM_WRAPPED, LAST),
                doc([PARA.replace("Legal ", "Legal  ")], ITEM_WRAPPED, ["Last words of the report, kept short."]),
                {"width": None}, False, "line 3"),
        wrapped("unwrapped with lists: the bullet joined", doc(WRAPPED, ITEM_WRAPPED, LAST),
                doc([PARA], [ITEM], ["Last words of the report, kept short."]), {"width": None, "lists": True}, True),
        wrapped("unwrapped with lists: the bullet left wrapped", doc(WRAPPED, ITEM_WRAPPED, LAST),
                doc([PARA], ITEM_WRAPPED, ["Last words of the report, kept short."]), {"width": None, "lists": True},
                False, "line 5"),
    ],
}
