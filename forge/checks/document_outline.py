"""A document's outline re-levelled (Writer's Tools > Outline / the navigator's Promote and Demote
Level): every heading one level down for a report becoming a chapter, one level up for a chapter
standing alone, headings that skip a level brought under their parent, or named sections (with
their sub-sections) nested under the section before them. Heading texts, body paragraphs and
tables stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, blocks, fold, paragraphs_diff, tables_same
from forge.checks.document_edits import loose_paragraphs
from forge.checks.document_lists import changed_outside
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView

Op = Literal["demote_all", "promote_all", "fix_skips", "nest"]


def _demote(levels: list[int], texts: list[str], sections: list[str]) -> list[int]:
    return [n + 1 for n in levels]


def _promote(levels: list[int], texts: list[str], sections: list[str]) -> list[int]:
    return [max(1, n - 1) for n in levels]


def _fix_skips(levels: list[int], texts: list[str], sections: list[str]) -> list[int]:
    """Each heading at most one level below the heading before it (as re-levelled)."""
    out: list[int] = []
    for n in levels:
        out.append(min(n, (out[-1] if out else 0) + 1))
    return out


def _nest(levels: list[int], texts: list[str], sections: list[str]) -> list[int]:
    """Each named section's heading, and every heading under it, one level down."""
    named, out, inside = {fold(s).casefold() for s in sections}, [], None
    for n, text in zip(levels, texts, strict=True):
        if inside is not None and n <= inside:
            inside = None
        if inside is None and fold(text).casefold() in named:
            inside = n
        out.append(n + 1 if inside is not None else n)
    return out


RELEVEL: dict[str, Callable[[list[int], list[str], list[str]], list[int]]] = {
    "demote_all": _demote, "promote_all": _promote, "fix_skips": _fix_skips, "nest": _nest}


class HeadingsRelevelled(DocumentEdit):
    op: Op = Field(description="demote_all / promote_all: every heading one level down / up; fix_skips: a heading "
                   "more than one level below the one before it comes up to one below; nest: the named sections "
                   "(with their sub-sections) go one level down.")
    sections: list[str] = Field(default_factory=list, description="nest: the headings of the sections nested.")


@register_check("document.headings_relevelled", HeadingsRelevelled, view="document")
def headings_relevelled(state: FinalState, opts: HeadingsRelevelled) -> Verdict:
    """Every heading (the Title aside) stands at the level the operation gives it, with its text
    unchanged; the body paragraphs and the tables read as they did."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before = blocks(original)
    heads = [i for i, p in enumerate(before) if p.heading_level]
    if opts.op == "nest":
        missing = [s for s in opts.sections if fold(s).casefold() not in {fold(before[i].text).casefold() for i in heads}]
        if not opts.sections or missing:
            return Verdict.of(False, f"{opts.input_file} has no section headed {(missing or ['(none named)'])[0]!r}")
    old = [before[i].heading_level or 0 for i in heads]
    new = RELEVEL[opts.op](old, [before[i].text for i in heads], opts.sections)
    if new == old:
        return Verdict.of(False, f"the headings of {opts.input_file} already stand at those levels")
    if max(new) > 9:
        return Verdict.of(False, f"{opts.input_file} has a heading that cannot go below level 9")
    levels = dict(zip(heads, new, strict=True))
    expected = [p.model_copy(update={"heading_level": levels[i], "style": ""}) if i in levels else p
                for i, p in enumerate(before)]
    after = blocks(output)
    for n, (want, have) in enumerate(zip(expected, after, strict=False), start=1):
        if want.heading_level and fold(want.text) == fold(have.text) and want.heading_level != have.heading_level:
            return Verdict.of(False, f"the heading {fold(have.text)[:50]!r} (paragraph {n} of {opts.file}) is at "
                              f"level {have.heading_level}, expected {want.heading_level}")
    if len(after) == len(expected) and (msg := changed_outside(expected, after, list(range(len(after))), opts.file)):
        return Verdict.of(False, msg)
    if msg := paragraphs_diff(loose_paragraphs(expected), loose_paragraphs(after), opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    moved = sum(a != b for a, b in zip(old, new, strict=True))
    return Verdict.of(True, f"{moved} headings re-levelled ({opts.op}); text and tables unchanged")

