"""Markdown paragraphs hard-wrapped to a width (greedy: each line takes as many words as fit) or
unwrapped to one line each, with or without the bullet items (wrapped with a two-space hanging
indent); headings, tables and code blocks are never touched. Expected lines come from the input
file and the instruction's options, never from the workflow."""

from __future__ import annotations

import re
import textwrap

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

_ITEM = re.compile(r"^[-*] \S")
_SPECIAL = re.compile(r"^(#{1,6}\s|\||>|```|~~~|[-*] )")


def blocks(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The document as (kind, lines) blocks: blank, code (a fenced block), heading, table, item (a
    bullet with its indented continuation lines) or para (a run of plain lines)."""
    out: list[tuple[str, list[str]]] = []
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if line.lstrip().startswith(("```", "~~~")):
            end = next((j for j in range(i + 1, len(lines)) if lines[j].lstrip().startswith(("```", "~~~"))),
                       len(lines) - 1)
            out.append(("code", [x.rstrip() for x in lines[i:end + 1]]))
            i = end + 1
            continue
        if not line.strip():
            out.append(("blank", [""]))
        elif re.match(r"^#{1,6}\s", line) or line.startswith(("|", ">")):
            out.append(("heading" if line.startswith("#") else "table", [line]))
        elif _ITEM.match(line):
            item = [line]
            while i + 1 < len(lines) and lines[i + 1].startswith((" ", "\t")) and lines[i + 1].strip():
                i += 1
                item.append(lines[i].rstrip())
            out.append(("item", item))
        else:
            para = [line]
            while i + 1 < len(lines) and lines[i + 1].strip() and not _SPECIAL.match(lines[i + 1].lstrip()):
                i += 1
                para.append(lines[i].rstrip())
            out.append(("para", para))
        i += 1
    return out


def rewrapped(lines: list[str], width: int | None, lists: bool) -> list[str]:
    """The document with its paragraphs (and with `lists` its bullet items) wrapped to `width`
    greedily, or with `width` None joined into one line each."""
    out: list[str] = []
    for kind, block in blocks(lines):
        if kind not in ("para", "item") or (kind == "item" and not lists):
            out += block
            continue
        words = " ".join(block).split()
        first, rest = ("- ", "  ") if kind == "item" else ("", "")
        words = words[1:] if kind == "item" else words
        if width is None:
            out.append(first + " ".join(words))
        else:
            out += textwrap.wrap(" ".join(words), width, initial_indent=first, subsequent_indent=rest,
                                 break_long_words=False, break_on_hyphens=False)
    while out and not out[-1]:
        out.pop()
    return out


class ParagraphsWrapped(CheckOptions):
    file: OutputPath
    input_file: InputPath
    width: int | None = Field(default=None, ge=20, description="Wrap to at most this many characters a line; "
                              "None: unwrap each paragraph to a single line.")
    lists: bool = Field(default=False, description="Bullet items too (continuation lines indented two spaces).")


@register_check("text.paragraphs_wrapped", ParagraphsWrapped, view="text")
def paragraphs_wrapped(state: FinalState, opts: ParagraphsWrapped) -> Verdict:
    """Line for line the input re-flowed: each paragraph (and with `lists` each bullet item) holds
    the same words in order, filling each line greedily up to `width` characters, or all on one
    line when unwrapping; headings, tables, code blocks, blank lines (and bullets without `lists`)
    unchanged."""
    original = input_view(state, opts.input_file, TextView).lines
    expected = rewrapped(original, opts.width, opts.lists)
    before = [line.rstrip() for line in original]
    while before and not before[-1]:
        before.pop()
    if expected == before:
        raise CheckError(f"{opts.input_file} already reads as asked; the input is not for this check")
    got = [line.rstrip() for line in output_view(state, opts.file, TextView).lines]
    while got and not got[-1]:
        got.pop()
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            why = f" ({len(have)} characters, at most {opts.width})" if opts.width and len(have) > opts.width else ""
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:70]!r}{why}, expected {want[:70]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}")
    return Verdict.of(True, f"{len(expected)} lines {'wrapped at ' + str(opts.width) if opts.width else 'unwrapped'}")
