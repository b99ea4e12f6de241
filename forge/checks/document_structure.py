"""Document structure checks: a draft's typed-in headings made real heading styles (the cue being
lines bold all through, lines in capitals, or numbered lines), two documents merged into one, a
document split in two at a heading. As in `forge.checks.document`, the expected paragraphs are
rebuilt from the task's inputs and the instruction's options, and every paragraph the task did
not name must read as it did.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import DocumentEdit, tables_same, blocks, fold, paragraphs_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

NUMBERED = re.compile(r"^\d+\.\s+\S")
SEPARATORS = {"tab": "\t", "semicolon": ";", "bar": "|"}


def is_cue(p: Paragraph, cue: str) -> bool:
    """Whether a body paragraph is a typed-in heading by the cue: bold on every character, all
    capitals, or '1. ' numbered."""
    text = fold(p.text)
    if p.heading_level is not None or not text:
        return False
    if cue == "bold":
        chars = [bool(r.bold) for r in p.runs for ch in r.text if not ch.isspace()]
        return bool(chars) and all(chars)
    if cue == "caps":
        return any(ch.isalpha() for ch in text) and text == text.upper()
    return bool(NUMBERED.match(text))


# --- document.headings_styled ---------------------------------------------------------------------


class HeadingsStyled(DocumentEdit):
    cue: Literal["bold", "caps", "numbered"] = Field(description="What marks a typed-in heading after the first line.")
    title: bool = Field(description="The first line also becomes the Title style.")


@register_check("document.headings_styled", HeadingsStyled, view="document")
def headings_styled(state: FinalState, opts: HeadingsStyled) -> Verdict:
    """Every paragraph after the first that the cue marks as a heading (bold all through, in
    capitals, or numbered '1. ') has the Heading 1 style, with its text as it was; the first
    line has the Title style when asked, else it is unchanged; every other paragraph keeps its
    text and style (none becomes a heading); tables unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before = blocks(original)
    expected, found = [], 0
    for n, p in enumerate(before):
        if n == 0 and opts.title:
            expected.append(Paragraph(text=p.text, heading_level=0))
        elif n > 0 and is_cue(p, opts.cue):
            found += 1
            expected.append(Paragraph(text=p.text, heading_level=1, style="Heading 1"))
        else:
            expected.append(p.model_copy(update={"style": p.style or "Normal"}))
    if found == 0:
        return Verdict.of(False, f"{opts.input_file} has no {opts.cue} lines to make headings")
    if msg := paragraphs_diff(expected, blocks(output), opts.file):
        return Verdict.of(False, msg)
    if msg := tables_same(original, output, opts.file):
        return Verdict.of(False, msg)
    title = " and the first is the Title" if opts.title else ""
    return Verdict.of(True, f"{found} {opts.cue} lines are Heading 1{title}")


# --- document.text_tabulated ----------------------------------------------------------------------


class TextTabulated(DocumentEdit):
    heading: str = Field(description="The section whose separated lines become the table.")
    separator: Literal["tab", "semicolon", "bar"] = Field(description="What separates the fields on each line.")
    header: list[str] | None = Field(default=None, description="The header row to add; None: the first line is it.")
    sort_by: str | None = Field(default=None, description="Rows sorted by this column, A to Z (stable); None: kept.")


def _section_span(paragraphs: list[Paragraph], heading: str) -> tuple[int, int] | None:
    starts = [i for i, p in enumerate(paragraphs) if p.heading_level is not None and fold(p.text) == fold(heading)]
    if not starts:
        return None
    end = next((j for j in range(starts[0] + 1, len(paragraphs)) if paragraphs[j].heading_level is not None),
               len(paragraphs))
    return starts[0] + 1, end


@register_check("document.text_tabulated", TextTabulated, view="document")
def text_tabulated(state: FinalState, opts: TextTabulated) -> Verdict:
    """The section's lines that hold the separator are gone from the text and make up one new
    table: the header asked for (or the first line's fields) over one row per line, split at the
    separator, each cell trimmed, in the text's order or sorted A to Z by the named column (ties
    kept in order); every other paragraph and the document's other tables are unchanged."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    before = blocks(original)
    span = _section_span(before, opts.heading)
    if span is None:
        return Verdict.of(False, f"{opts.input_file} has no heading {opts.heading!r}")
    sep = SEPARATORS[opts.separator]
    lines = [i for i in range(*span) if sep in before[i].text]
    if not lines:
        return Verdict.of(False, f"the section {opts.heading!r} has no lines separated by a {opts.separator}")
    rows = [[fold(cell) for cell in before[i].text.split(sep)] for i in lines]
    header, body = (list(opts.header), rows) if opts.header else (rows[0], rows[1:])
    if opts.sort_by is not None:
        if opts.sort_by not in header:
            return Verdict.of(False, f"the table has no column {opts.sort_by!r} to sort by; its header is {header}")
        col = header.index(opts.sort_by)
        body = sorted(body, key=lambda r: r[col].casefold())
    rest = [p.model_copy(update={"style": p.style or "Normal"}) for i, p in enumerate(before) if i not in lines]
    if msg := paragraphs_diff(rest, blocks(output), opts.file):
        return Verdict.of(False, msg + " (only the separated lines were to leave the text)")
    old = [[[fold(str(c or "")) for c in r] for r in t.rows] for t in original.tables]
    new = [[[fold(str(c or "")) for c in r] for r in t.rows] for t in output.tables]
    for table in old:
        if table not in new:
            return Verdict.of(False, f"a table of {opts.input_file} is no longer in {opts.file} as it was")
        new.remove(table)
    if len(new) != 1:
        return Verdict.of(False, f"{opts.file} has {len(new)} new tables; expected exactly one")
    want = [[fold(h) for h in header], *body]
    for r, (w, h) in enumerate(zip(want, new[0], strict=False), start=1):
        if w != h:
            return Verdict.of(False, f"row {r} of the new table reads {h}, expected {w}")
    if len(new[0]) != len(want):
        return Verdict.of(False, f"the new table has {len(new[0])} rows (header included), expected {len(want)}")
    return Verdict.of(True, f"{len(body)} lines of {opts.heading!r} made a table" +
                      (f" sorted by {opts.sort_by}" if opts.sort_by else ""))


# --- document.split_off ---------------------------------------------------------------------------


class SplitOff(CheckOptions):
    file: OutputPath = Field(description="The first part (split), or the original after the edit (extract, cut).")
    second_file: OutputPath = Field(description="The new document: the second part, or the section.")
    input_file: InputPath
    mode: Literal["split", "extract", "cut"] = Field(
        description="split: before the heading / from it on; extract: the section copied out, the original kept; "
                    "cut: the section moved out of the original.")
    heading: str = Field(description="The level-1 heading the split starts at, or the section's heading.")
    title_line: bool = Field(description="The new document opens with the original's title line.")


def _grids(view: DocumentView) -> list[list[list[str]]]:
    return [[[fold(str(c or "")) for c in r] for r in t.rows] for t in view.tables]


@register_check("document.split_off", SplitOff, view="document")
def split_off(state: FinalState, opts: SplitOff) -> Verdict:
    """The new document holds the paragraphs from the named level-1 heading to the end (split) or
    to the next level-1 heading (extract, cut), opened by the original's title line when asked;
    the first file holds what comes before the heading (split), the original as it was (extract)
    or the original without the section (cut); every paragraph keeps its text and level, and the
    tables are the original's, each in one of the two files (all of them still in the original
    when extracting)."""
    original = input_view(state, opts.input_file, DocumentView)
    first, second = output_view(state, opts.file, DocumentView), output_view(state, opts.second_file, DocumentView)
    before = [p.model_copy(update={"style": ""}) for p in blocks(original)]
    start = next((i for i, p in enumerate(before) if p.heading_level == 1 and fold(p.text) == fold(opts.heading)), None)
    if start is None:
        return Verdict.of(False, f"{opts.input_file} has no level-1 heading {opts.heading!r}")
    end = len(before) if opts.mode == "split" else next(
        (j for j in range(start + 1, len(before)) if before[j].heading_level in (0, 1)), len(before))
    part = [*(before[:1] if opts.title_line and before and before[0].heading_level == 0 else []), *before[start:end]]
    kept = {"split": before[:start], "extract": before, "cut": before[:start] + before[end:]}[opts.mode]
    for want, view, path in ((kept, first, opts.file), (part, second, opts.second_file)):
        if msg := paragraphs_diff(want, blocks(view), path):
            return Verdict.of(False, msg)
    old, got_first, got_second = _grids(original), _grids(first), _grids(second)
    if opts.mode == "extract":
        if got_first != old or any(t not in old for t in got_second):
            return Verdict.of(False, f"{opts.file} must keep all its tables and {opts.second_file} may only hold "
                              "copies of them")
    elif sorted(got_first + got_second) != sorted(old):
        return Verdict.of(False, f"the tables of {opts.file} and {opts.second_file} together are not the "
                          f"{len(old)} tables of {opts.input_file}, each once")
    return Verdict.of(True, f"{opts.mode}: {len(kept)} paragraphs in {opts.file}, {len(part)} in {opts.second_file}")
