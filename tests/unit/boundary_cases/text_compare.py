"""Boundary cases of `text.lists_compared`: May's subscribers and June's, one of them typed again
with a capital in June. The LAST entry is where a loop that stops one short lets a wrong file through;
an entry matched by case where case counts (or kept apart where it does not), an entry written as the
other list has it, list order where A to Z is asked, a repeated entry, and an entry too many all fail;
blank lines and outer spaces are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

MAY = ["zoe@x.org", "ann@x.org", "bob@x.org", "cy@x.org"]
JUNE = ["Bob@x.org", "dee@x.org", "ann@x.org", "eve@x.org"]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "") -> Case:
    return Case(label, None, {"file": "out.txt", "first": "may.txt", "second": "june.txt", **options}, passes, says,
                files={"out.txt": ("\n".join(output) + "\n").encode()},
                originals={"may.txt": ("\n".join(MAY) + "\n").encode(), "june.txt": ("\n".join(JUNE) + "\n").encode()})


GONE_EXACT = {"keep": "only_first"}
GONE_ANY_CASE = {"keep": "only_first", "ignore_case": True}
NEW_SORTED = {"keep": "only_second", "ignore_case": True, "sort": True}
BOTH = {"keep": "both", "ignore_case": True}

CASES: dict[str, list[Case]] = {
    "text.lists_compared": [
        case("only in May, exact, May's order, spaces and blank lines free", [" zoe@x.org ", "", "bob@x.org",
                                                                              "cy@x.org"], GONE_EXACT, True),
        case("only in May, exact, the last entry missing", ["zoe@x.org", "bob@x.org"], GONE_EXACT, False,
             "first missing: 'cy@x.org'"),
        case("only in May, exact, Bob matched despite his capital", ["zoe@x.org", "cy@x.org"], GONE_EXACT, False,
             "text line 2"),
        case("only in May, any case", ["zoe@x.org", "cy@x.org"], GONE_ANY_CASE, True),
        case("only in May, any case, Bob kept apart", ["zoe@x.org", "bob@x.org", "cy@x.org"], GONE_ANY_CASE, False,
             "text line 2"),
        case("only in May, any case, an entry too many", ["zoe@x.org", "cy@x.org", "ann@x.org"], GONE_ANY_CASE, False,
             "extra: 'ann@x.org'"),
        case("only in June, any case, A to Z", ["dee@x.org", "eve@x.org"], NEW_SORTED, True),
        case("only in June, any case, June's order where A to Z is asked", ["eve@x.org", "dee@x.org"], NEW_SORTED,
             False, "text line 1"),
        case("in both, as May writes them", ["ann@x.org", "bob@x.org"], BOTH, True),
        case("in both, Bob as June writes him", ["ann@x.org", "Bob@x.org"], BOTH, False, "text line 2"),
        case("in both, an entry repeated", ["ann@x.org", "bob@x.org", "bob@x.org"], BOTH, False, "extra"),
    ],
}
