"""Checks over a markdown document's sections: a section added (at the end, before or after a named
one, or as a sub-section inside one), moved with everything under it, removed, or its heading
renamed; everything else as it was.

A section is a heading (read from the view's fence-aware `headings`) and the lines up to the next
heading; a section "with everything under it" also takes the deeper headings that follow it. The
expected document comes from the input and the instruction's options; blank lines and the spaces
inside a line do not count, line breaks inside a new section's text do not either.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView


class Section(BaseModel):
    """A heading (level 0: the lines before the first heading) and its own lines, spaces folded."""

    level: int
    title: str
    body: list[str]

    @property
    def shown(self) -> str:
        return f"{'#' * self.level} {self.title}" if self.level else "(the text before the first heading)"


def sections(view: TextView) -> list[Section]:
    """The document as sections, in order; non-blank lines only, each with its spaces folded."""
    lines = view.lines
    starts = [h.line - 1 for h in view.headings]
    out = [Section(level=0, title="", body=_folded(lines[:starts[0] if starts else len(lines)]))]
    for n, heading in enumerate(view.headings):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        out.append(Section(level=heading.level, title=" ".join(heading.text.split()),
                           body=_folded(lines[heading.line:end])))
    return out


def _folded(lines: list[str]) -> list[str]:
    return [" ".join(line.split()) for line in lines if line.strip()]


def block_end(doc: list[Section], i: int) -> int:
    """One past the last section under `doc[i]` (its deeper headings)."""
    end = i + 1
    while end < len(doc) and doc[end].level > doc[i].level:
        end += 1
    return end


def find(doc: list[Section], title: str, path: str) -> int:
    hits = [i for i, s in enumerate(doc) if s.level and s.title.casefold() == " ".join(title.split()).casefold()]
    if len(hits) != 1:
        raise CheckError(f"{path} has {len(hits)} headings {title!r}; the check needs exactly one")
    return hits[0]


Operation = Literal["add", "move", "remove", "rename"]
Position = Literal["end", "before", "after", "inside"]


class SectionsEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Operation = Field(description="add a new section, move one (with its sub-sections), remove one "
                                 "(with its sub-sections), or rename one's heading.")
    section: str = Field(description="The heading acted on (for add: the new section's heading).")
    anchor: str | None = Field(default=None, description="The heading the section goes before, after or inside.")
    position: Position | None = Field(default=None, description="Where an added or moved section goes: the end of "
                                      "the document, just before `anchor`, after `anchor` and everything under it, "
                                      "or (add) as the last sub-section inside `anchor`, one level deeper.")
    body: str | None = Field(default=None, description="An added section's text (line breaks and spaces free).")
    new_title: str | None = Field(default=None, description="A renamed heading's new text (its level kept).")


def _place(doc: list[Section], block: list[Section], opts: SectionsEdited, path: str) -> list[Section]:
    if opts.position == "end":
        return [*doc, *block]
    if opts.anchor is None:
        raise CheckError(f"position {opts.position!r} needs an anchor heading")
    a = find(doc, opts.anchor, path)
    at = a if opts.position == "before" else block_end(doc, a)
    return [*doc[:at], *block, *doc[at:]]


def expected_sections(doc: list[Section], opts: SectionsEdited, path: str) -> list[Section]:
    """The input's sections with the one edit applied."""
    if opts.operation == "add":
        if opts.body is None or opts.position is None:
            raise CheckError("adding a section needs its body and a position")
        anchor = find(doc, opts.anchor, path) if opts.anchor else None
        level = 2 if anchor is None else doc[anchor].level + (opts.position == "inside")
        if any(s.level and s.title.casefold() == opts.section.casefold() for s in doc):
            raise CheckError(f"{path} already has a heading {opts.section!r}; the input is not for this check")
        new = Section(level=level, title=" ".join(opts.section.split()), body=[" ".join(opts.body.split())])
        return _place(doc, [new], opts.model_copy(update={"position": "after"}) if opts.position == "inside"
                      else opts, path)
    i = find(doc, opts.section, path)
    end = block_end(doc, i)
    if opts.operation == "rename":
        if not opts.new_title:
            raise CheckError("renaming a heading needs its new text")
        return [*doc[:i], doc[i].model_copy(update={"title": " ".join(opts.new_title.split())}), *doc[i + 1:]]
    rest = [*doc[:i], *doc[end:]]
    if opts.operation == "remove":
        return rest
    if opts.position is None or opts.position == "inside":
        raise CheckError("moving a section needs a position: end, before or after")
    return _place(rest, doc[i:end], opts, path)


def _added_body(section: Section) -> list[str]:
    return [" ".join(section.body)] if section.body else []


@register_check("text.sections_edited", SectionsEdited, view="text")
def sections_edited(state: FinalState, opts: SectionsEdited) -> Verdict:
    """The output's sections are the input's with exactly the one edit: a section added where asked
    (its heading one level under the anchor when inside it, else at the anchor's level, level 2 at
    the end) holding the given text; a section moved or removed together with its sub-sections; a
    heading renamed at its level. Every other heading and line as it was, in order (blank lines and
    spacing inside lines free)."""
    before = sections(input_view(state, opts.input_file, TextView))
    want = expected_sections(before, opts, opts.input_file)
    got = sections(output_view(state, opts.file, TextView))
    new = opts.section.casefold() if opts.operation == "add" else None
    for n, (w, g) in enumerate(zip(want, got, strict=False)):
        if (w.level, w.title) != (g.level, g.title):
            return Verdict.of(False, f"heading {n} of {opts.file} is {g.shown!r}, expected {w.shown!r}")
        body = _added_body(g) if w.level and w.title.casefold() == new else g.body
        for k, (wl, gl) in enumerate(zip(w.body, body, strict=False), start=1):
            if wl != gl:
                return Verdict.of(False, f"line {k} under {w.shown!r} in {opts.file} is {gl[:70]!r}, "
                                  f"expected {wl[:70]!r}")
        if len(body) != len(w.body):
            return Verdict.of(False, f"{w.shown!r} in {opts.file} has {len(body)} lines of text, expected "
                              f"{len(w.body)}")
    if len(got) != len(want):
        extra = got[len(want)].shown if len(got) > len(want) else want[len(got)].shown
        return Verdict.of(False, f"{opts.file} has {len(got) - 1} headings, expected {len(want) - 1} "
                          f"({'extra' if len(got) > len(want) else 'missing'}: {extra!r})")
    return Verdict.of(True, f"{opts.operation} {opts.section!r} done; {len(want) - 1} headings as expected")
