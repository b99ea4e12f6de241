"""Boundary cases of `forge.checks.document_outline` on real multi-level reports: the LAST heading
left at its old level, the Title made a heading too, only the deepest headings moved, a skipped
heading raised too far, a nested section's own sub-section left behind, one of two named sections
not nested, a heading renamed on the way, a body paragraph changed, nothing to re-level."""

from __future__ import annotations

import io
import random
from typing import Any

import docx

from forge.checks.document_outline import RELEVEL
from preparers.document import make_document, write_docx
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases.office_edits import _saved, _seeded
from workflows.document.relevel_headings import outlined

REPORT = make_document(*_seeded(83), kind="report")
BUILT = {op: outlined(REPORT, op, random.Random(4)) for op in ("demote_all", "promote_all", "fix_skips", "nest")}
GIVEN = {op: write_docx(doc) for op, (doc, _) in BUILT.items()}
NAMED = BUILT["nest"][1]  # two chapters, the first with a sub-section (seeded)


def heads(given: bytes) -> list[tuple[str, int]]:
    return [(p.text, int(p.style.name.split()[-1])) for p in docx.Document(io.BytesIO(given)).paragraphs
            if p.style.name.startswith("Heading ")]


def relevelled(op: str, *, sections: list[str] | None = None, levels: dict[str, int] | None = None,
               skip_last: bool = False, title: bool = False, rename: bool = False, body: bool = False) -> bytes:
    """The input of `op` with its headings set as the operation says (or to `levels`), one fault
    switched on where asked (`skip_last`: the last heading the operation moves stays put)."""
    document = docx.Document(io.BytesIO(GIVEN[op]))
    found = [p for p in document.paragraphs if p.style.name.startswith("Heading ")]
    old = [int(p.style.name.split()[-1]) for p in found]
    new = RELEVEL[op](old, [p.text for p in found], sections or [])
    last = max(n for n, (a, b) in enumerate(zip(old, new, strict=True)) if a != b)
    for n, (p, level) in enumerate(zip(found, new, strict=True)):
        level = (levels or {}).get(p.text, level)
        if not (skip_last and n == last):
            p.style = document.styles[f"Heading {level}"]
    if title:
        document.paragraphs[0].style = document.styles["Heading 1"]
    if rename:
        found[-1].runs[0].text += " (draft)"
    if body:
        text = [p for p in document.paragraphs if p.style.name == "Normal" and p.text.strip()]
        text[-1].runs[-1].text += " See annex."
    return _saved(document)


def case(label: str, op: str, output: bytes, passes: bool, says: str = "", sections: list[str] | None = None,
         given: bytes | None = None) -> Case:
    opts = {"file": "out.docx", "input_file": "in.docx", "op": op, "sections": sections or []}
    return Case(label, None, opts, passes, says, files={"out.docx": output}, originals={"in.docx": given or GIVEN[op]})


LAST = heads(GIVEN["demote_all"])[-1][0]
DEEPEST = {t: n for t, n in heads(GIVEN["promote_all"]) if n == 2}  # promoting only the level-3 ones
SKIPPED = [t for t, n in heads(GIVEN["fix_skips"]) if n == 3]
INNER = [t for t, n in heads(GIVEN["nest"])[[t for t, _ in heads(GIVEN["nest"])].index(NAMED[0]) + 1:] if n == 2][0]

RELEVELLED = [
    case("every heading one level down", "demote_all", relevelled("demote_all"), True),
    case("the last heading left at its level", "demote_all", relevelled("demote_all", skip_last=True), False,
         f"the heading {LAST[:50]!r}"),
    case("the Title made a Heading 1 too", "demote_all", relevelled("demote_all", title=True), False,
         "paragraph 1 of out.docx"),
    case("a heading renamed on the way", "demote_all", relevelled("demote_all", rename=True), False,
         f"{LAST[:40]} (draft)"),
    case("a body paragraph changed too", "demote_all", relevelled("demote_all", body=True), False,
         "steps. See annex."),
    case("every heading one level up", "promote_all", relevelled("promote_all"), True),
    case("only the level-3 headings moved up", "promote_all", relevelled("promote_all", levels=DEEPEST), False,
         "expected 1"),
    case("skipping headings brought under their parent", "fix_skips", relevelled("fix_skips"), True),
    case("a skipping heading raised too far, to level 1", "fix_skips",
         relevelled("fix_skips", levels={SKIPPED[-1]: 1}), False, f"the heading {SKIPPED[-1]!r}"),
    case("the last skipping heading left", "fix_skips", relevelled("fix_skips", skip_last=True), False,
         "expected 2"),
    case("a document that skips no level", "fix_skips", GIVEN["demote_all"], False, "already stand",
         given=GIVEN["demote_all"]),
    case("the named sections nested with their sub-sections", "nest", relevelled("nest", sections=NAMED), True,
         sections=NAMED),
    case("a nested section's sub-section left at level 2", "nest",
         relevelled("nest", sections=NAMED, levels={INNER: 2}), False, f"the heading {INNER!r}", sections=NAMED),
    case("only the first of two named sections nested", "nest", relevelled("nest", sections=NAMED[:1]), False,
         f"the heading {NAMED[1]!r}", sections=NAMED),
    case("a section that does not exist", "nest", relevelled("nest", sections=NAMED), False,
         "no section headed 'Appendix'", sections=["Appendix"]),
]

CASES = {"document.headings_relevelled": RELEVELLED}
