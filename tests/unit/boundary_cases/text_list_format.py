"""Boundary cases of `text.list_reformatted`: a list moved between one-per-line, comma-separated,
bullet and numbered layouts. The LAST item is where a loop that stops one short lets a wrong file
through; a separator without its space, numbering from 0, a bullet left on a plain line, an item
re-spelled and the order changed all fail; stray spaces and blank lines do not count."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

ITEMS = ["Ann Lee", "Bo Chen", "Cy Diaz", "Dee Moss"]
SOURCES = {"lines": " Ann Lee\nBo Chen \n\nCy Diaz\nDee Moss\n", "comma": "Ann Lee, Bo Chen,\nCy Diaz , Dee Moss\n",
           "bullets": "- Ann Lee\n- Bo Chen\n\n- Cy Diaz\n- Dee Moss\n",
           "numbered": "1. Ann Lee\n2. Bo Chen\n3. Cy Diaz\n4. Dee Moss\n"}


def reformat(label: str, source: str, target: str, output: list[str], passes: bool, says: str = "") -> Case:
    options: dict[str, Any] = {"file": "out.txt", "input_file": "list.txt", "source": source, "target": target}
    return Case(label, None, options, passes, says, files={"out.txt": ("\n".join(output) + "\n").encode()},
                originals={"list.txt": SOURCES[source].encode()})


CASES: dict[str, list[Case]] = {
    "text.list_reformatted": [
        reformat("lines to comma", "lines", "comma", ["Ann Lee, Bo Chen, Cy Diaz, Dee Moss"], True),
        reformat("comma without the space", "lines", "comma", ["Ann Lee,Bo Chen,Cy Diaz,Dee Moss"], False, "line 1"),
        reformat("comma split over two lines", "lines", "comma", ["Ann Lee, Bo Chen,", "Cy Diaz, Dee Moss"], False),
        reformat("wrapped comma list to bullets", "comma", "bullets", [f"- {i}" for i in ITEMS], True),
        reformat("bullets: the last item missing", "comma", "bullets", [f"- {i}" for i in ITEMS[:3]], False,
                 "has 3 lines"),
        reformat("bullets to numbered from 1", "bullets", "numbered", [f"{n}. {i}" for n, i in enumerate(ITEMS, 1)],
                 True),
        reformat("numbered from 0", "bullets", "numbered", [f"{n}. {i}" for n, i in enumerate(ITEMS)], False,
                 "line 1"),
        reformat("numbered: the last number repeated", "bullets", "numbered",
                 ["1. Ann Lee", "2. Bo Chen", "3. Cy Diaz", "3. Dee Moss"], False, "line 4"),
        reformat("numbered to lines, blank lines between", "numbered", "lines", ["Ann Lee", "", "Bo Chen", "Cy Diaz",
                                                                                  "Dee Moss"], True),
        reformat("lines: a bullet left on", "numbered", "lines", ["Ann Lee", "Bo Chen", "Cy Diaz", "- Dee Moss"],
                 False, "line 4"),
        reformat("lines: order changed", "numbered", "lines", ["Bo Chen", "Ann Lee", "Cy Diaz", "Dee Moss"], False,
                 "line 1"),
        reformat("lines: an item re-spelled", "comma", "lines", ["Ann Lee", "Bo Chen", "Cy Diaz", "Dee moss"], False,
                 "line 4"),
    ],
}
