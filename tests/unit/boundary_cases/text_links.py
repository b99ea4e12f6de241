"""Boundary cases of `text.links_restyled`: inline links to numbered references and back, images
converted or left. The LAST link and the LAST definition are where a loop that stops one short
lets a wrong file through; a URL used twice given a second number, definitions out of order, an
image converted when images were to stay, a link in the code block converted, and a definition
left behind (or one still used deleted) all fail."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

INLINE = ["# Tool", "", "Read the [guide](https://t.io/guide) and [FAQ](https://t.io/faq).", "",
          "![diagram](img/d.png)", "", "```markdown", "[docs](https://t.io/docs)", "```", "",
          "Again: the [guide](https://t.io/guide), or [mail us](mailto:hi@t.io)."]
CODE = INLINE[6:9]
REFS = ["# Tool", "", "Read the [guide][1] and [FAQ][2].", "", "![diagram][3]", "", *CODE, "",
        "Again: the [guide][1], or [mail us][4].", "", "[1]: https://t.io/guide", "[2]: https://t.io/faq",
        "[3]: img/d.png", "[4]: mailto:hi@t.io"]
LINKS_ONLY = ["# Tool", "", "Read the [guide][1] and [FAQ][2].", "", "![diagram](img/d.png)", "", *CODE, "",
              "Again: the [guide][1], or [mail us][3].", "", "[1]: https://t.io/guide", "[2]: https://t.io/faq",
              "[3]: mailto:hi@t.io"]


def restyled(label: str, original: list[str], output: list[str], options: dict[str, Any], passes: bool,
             says: str = "") -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "doc.md", **options}, passes, says,
                files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"doc.md": ("\n".join(original) + "\n").encode()})


def swap(lines: list[str], old: str, new: str) -> list[str]:
    return [new if line == old else line for line in lines]


TO_REF = {"style": "reference", "images": True}
TO_REF_LINKS = {"style": "reference", "images": False}
TO_INLINE = {"style": "inline", "images": True}
TO_INLINE_LINKS = {"style": "inline", "images": False}
HALF = ["# Tool", "", "Read the [guide](https://t.io/guide) and [FAQ](https://t.io/faq).", "", "![diagram][3]", "",
        *CODE, "", "Again: the [guide](https://t.io/guide), or [mail us](mailto:hi@t.io).", "", "[3]: img/d.png"]

CASES: dict[str, list[Case]] = {
    "text.links_restyled": [
        restyled("to references, images too, code alone", INLINE, REFS, TO_REF, True),
        restyled("the last link left inline", INLINE, swap(REFS[:-1], "Again: the [guide][1], or [mail us][4].",
                                                         "Again: the [guide][1], or [mail us](mailto:hi@t.io)."),
                 TO_REF, False, "line 11"),
        restyled("a reused URL given a new number", INLINE,
                 [*swap(REFS, "Again: the [guide][1], or [mail us][4].", "Again: the [guide][4], or [mail us][5]."),
                  "[5]: mailto:hi@t.io"], TO_REF, False, "line 11"),
        restyled("definitions out of order", INLINE, [*REFS[:-2], REFS[-1], REFS[-2]], TO_REF, False, "line 15"),
        restyled("the code example converted", INLINE, swap(REFS, "[docs](https://t.io/docs)", "[docs][5]"),
                 TO_REF, False, "line 8"),
        restyled("links only: images left inline", INLINE, LINKS_ONLY, TO_REF_LINKS, True),
        restyled("links only: the image converted", INLINE, REFS, TO_REF_LINKS, False, "line 5"),
        restyled("back inline, definitions gone", REFS, INLINE, TO_INLINE, True),
        restyled("back inline: the last definition left", REFS, [*INLINE, "", "[4]: mailto:hi@t.io"], TO_INLINE,
                 False, "lines"),
        restyled("back inline: the last link left a reference", REFS,
                 swap(INLINE, INLINE[-1], "Again: the [guide](https://t.io/guide), or [mail us][4]."), TO_INLINE,
                 False, "line 11"),
        restyled("links only: the image reference and its definition kept", REFS, HALF, TO_INLINE_LINKS, True),
        restyled("links only: the image's definition deleted", REFS, HALF[:-2], TO_INLINE_LINKS, False, "lines"),
        restyled("links only: the image written inline", REFS, INLINE, TO_INLINE_LINKS, False, "line 5"),
    ],
}
