"""Boundary cases of `text.line_numbers`: a ten-line listing (a blank line inside, indented code)
numbered in `cat -n`, `N | ` (right-aligned to two digits) or `N: ` style, or a snippet numbered 98
to 107 stripped back to code. The LAST line is where a loop that stops one short lets a wrong file
through; numbers not right-aligned, a blank line skipped, counting from 0, spaces for the tab, a
missing space after the colon, a pad space left at the start of the code, indentation lost, a
blank line dropped all fail; trailing spaces are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

CODE = ["def total(rows):", "    out = 0", "", "    for row in rows:", "        if row:", "            out += row",
        "", "    # done", "    print(out)", "    return out"]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "",
         source: list[str] = CODE) -> Case:
    return Case(label, None, {"file": "out.txt", "input_file": "listing.txt", **options}, passes, says,
                files={"out.txt": ("\n".join(output) + "\n").encode()},
                originals={"listing.txt": ("\n".join(source) + "\n").encode()})


PIPE = [f"{n:>2} | {line}".rstrip() for n, line in enumerate(CODE, start=1)]
TAB = [f"{n:>6}\t{line}" for n, line in enumerate(CODE, start=1)]
COLON = [f"{n}: {line}".rstrip() for n, line in enumerate(CODE, start=1)]
SNIPPET = [f"{n:>3} | {line}".rstrip() for n, line in enumerate(CODE, start=98)]
ADD_PIPE, ADD_TAB, ADD_COLON = ({"operation": "add", "style": s} for s in ("pipe", "tab", "colon"))
REMOVE_PIPE = {"operation": "remove", "style": "pipe"}

CASES: dict[str, list[Case]] = {
    "text.line_numbers": [
        case("pipe style, trailing spaces free", [line + "  " for line in PIPE], ADD_PIPE, True),
        case("pipe style, numbers not right-aligned", [f"{n} | {line}".rstrip() for n, line in enumerate(CODE, 1)],
             ADD_PIPE, False, "line 1"),
        case("pipe style, the blank lines not numbered", [
            f"{n:>2} | {line}" for n, line in enumerate([c for c in CODE if c], start=1)], ADD_PIPE, False, "line 3"),
        case("pipe style, counting from 0", [f"{n:>2} | {line}".rstrip() for n, line in enumerate(CODE)], ADD_PIPE,
             False, "line 1"),
        case("pipe style, the last line missing", PIPE[:-1], ADD_PIPE, False, "has 9 lines, expected 10"),
        case("pipe style, the last line's indentation changed", [*PIPE[:-1], "10 | \treturn out"], ADD_PIPE, False,
             "line 10"),
        case("cat -n style", TAB, ADD_TAB, True),
        case("cat -n style with spaces for the tab", [line.replace("\t", "  ") for line in TAB], ADD_TAB, False,
             "line 1"),
        case("colon style", COLON, ADD_COLON, True),
        case("colon style without the space", [f"{n}:{line}" for n, line in enumerate(CODE, 1)], ADD_COLON, False,
             "line 1"),
        case("stripped from 98-107, code and blank lines kept", CODE, REMOVE_PIPE, True, source=SNIPPET),
        case("stripped, a pad space left before each line", [" " + line for line in CODE], REMOVE_PIPE, False,
             "line 1", source=SNIPPET),
        case("stripped, the last line's number kept", [*CODE[:-1], "107 |     return out"], REMOVE_PIPE, False,
             "line 10", source=SNIPPET),
        case("stripped, the blank lines dropped", [c for c in CODE if c], REMOVE_PIPE, False, "line 3",
             source=SNIPPET),
        case("stripped from cat -n output", CODE, {"operation": "remove", "style": "tab"}, True, source=TAB),
        case("stripped from colon style, indentation lost", [line.strip() for line in CODE],
             {"operation": "remove", "style": "colon"}, False, "line 2", source=COLON),
        case("stripped from colon style", CODE, {"operation": "remove", "style": "colon"}, True, source=COLON),
    ],
}
