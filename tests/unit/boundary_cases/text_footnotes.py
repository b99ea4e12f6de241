"""Boundary cases of `text.footnotes_edited`: an article whose notes are first referenced as 3, 1,
2 (note 3 twice, its note line after the first paragraph), and one with named labels. The LAST note
is where a loop that stops one short lets a wrong file through; the second reference to a note left
with its old number, notes numbered by their old numbers, a note left where it was, the Notes heading
missing, note lines kept after putting them inline, and no space before an inline note all fail;
blank lines and trailing spaces are free."""

from __future__ import annotations

from typing import Any

from tests.unit.boundary_cases import Case

DOC = ["# Results", "", "Growth was strong[^3]. Costs fell[^1].", "", "[^3]: Finance export.", "",
       "Margins held[^2]. As noted, growth[^3] continued.", "", "[^1]: Smith, J. (2020). Costs.",
       "[^2]: Survey of staff."]
NAMED = ["# Results", "", "Growth was strong[^lee2021]. Costs fell[^smith2020].", "",
         "[^smith2020]: Smith, J. (2020). Costs.", "[^lee2021]: Lee, K. (2021). Growth."]
BODY = ["# Results", "", "Growth was strong[^1]. Costs fell[^2].", "", "Margins held[^3]. As noted, growth[^1] "
        "continued.", ""]
NOTES = ["[^1]: Finance export.", "[^2]: Smith, J. (2020). Costs.", "[^3]: Survey of staff."]
INLINE = ["# Results", "", "Growth was strong (Finance export.). Costs fell (Smith, J. (2020). Costs.).", "",
          "Margins held (Survey of staff.). As noted, growth (Finance export.) continued."]


def case(label: str, output: list[str], options: dict[str, Any], passes: bool, says: str = "",
         source: list[str] = DOC) -> Case:
    return Case(label, None, {"file": "out.md", "input_file": "post.md", **options}, passes, says,
                files={"out.md": ("\n".join(output) + "\n").encode()},
                originals={"post.md": ("\n".join(source) + "\n").encode()})


RENUMBER = {"operation": "renumber"}
WITH_HEADING = {"operation": "renumber", "heading": "Notes"}
INLINE_OPTS = {"operation": "inline"}

CASES: dict[str, list[Case]] = {
    "text.footnotes_edited": [
        case("renumbered by first reference, notes at the end", [*BODY, *NOTES], RENUMBER, True),
        case("renumbered, blank lines and trailing spaces free", [line + " " for line in BODY if line] + NOTES,
             RENUMBER, True),
        case("renumbered, the last note missing", [*BODY, *NOTES[:-1]], RENUMBER, False,
             "first missing: '[^3]: Survey of staff.'"),
        case("renumbered, the repeated reference left with its old number", [
            *BODY[:4], "Margins held[^3]. As noted, growth[^3] continued.", "", *NOTES], RENUMBER, False,
            "text line 3"),
        case("numbered by the old numbers instead", [
            "# Results", "Growth was strong[^3]. Costs fell[^1].", "Margins held[^2]. As noted, growth[^3] continued.",
            "[^1]: Smith, J. (2020). Costs.", "[^2]: Survey of staff.", "[^3]: Finance export."], RENUMBER, False,
            "text line 2"),
        case("renumbered, the first note left after its paragraph", [*BODY[:4], NOTES[0], *BODY[4:], *NOTES[1:]],
             RENUMBER, False, "text line 3"),
        case("renumbered under a Notes heading", [*BODY, "## Notes", "", *NOTES], WITH_HEADING, True),
        case("renumbered, the Notes heading missing", [*BODY, *NOTES], WITH_HEADING, False, "text line 4"),
        case("named labels numbered by first reference", [
            "# Results", "Growth was strong[^1]. Costs fell[^2].", "[^1]: Lee, K. (2021). Growth.",
            "[^2]: Smith, J. (2020). Costs."], RENUMBER, True, source=NAMED),
        case("named labels kept", NAMED, RENUMBER, False, "text line 2", source=NAMED),
        case("put inline", INLINE, INLINE_OPTS, True),
        case("put inline, the note lines kept", [*INLINE, "", *NOTES], INLINE_OPTS, False, "extra: '[^1]"),
        case("put inline, the last one without a space", [
            *INLINE[:4], "Margins held (Survey of staff.). As noted, growth(Finance export.) continued."],
            INLINE_OPTS, False, "text line 3"),
    ],
}
