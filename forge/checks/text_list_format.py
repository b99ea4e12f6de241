"""A list rewritten from one layout to another: one item per line, a single comma-separated line,
markdown bullets (`- item`) or a numbered list (`1. item`); the same items, spelled the same, in
the same order. Expected lines come from the input file and the instruction's options."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

ListFormat = Literal["lines", "comma", "bullets", "numbered"]


def list_items(text: str, layout: ListFormat) -> list[str]:
    """The items of a list written in `layout` (blank lines and outer spaces ignored)."""
    if layout == "comma":
        return [item.strip() for item in " ".join(text.split("\n")).split(",") if item.strip()]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if layout == "bullets":
        return [re.sub(r"^[-*+]\s+", "", line) for line in lines]
    if layout == "numbered":
        return [re.sub(r"^\d+[.)]\s+", "", line) for line in lines]
    return lines


def written(items: list[str], layout: ListFormat) -> list[str]:
    """The lines of `items` written in `layout`."""
    if layout == "comma":
        return [", ".join(items)]
    if layout == "bullets":
        return [f"- {item}" for item in items]
    if layout == "numbered":
        return [f"{n}. {item}" for n, item in enumerate(items, start=1)]
    return list(items)


class ListReformatted(CheckOptions):
    file: OutputPath
    input_file: InputPath
    source: ListFormat = Field(description="How the input lists its items.")
    target: ListFormat = Field(description="lines: one item a line; comma: one line, items joined by ', '; "
                               "bullets: `- item` lines; numbered: `1. item` lines counting from 1.")


@register_check("text.list_reformatted", ListReformatted, view="text")
def list_reformatted(state: FinalState, opts: ListReformatted) -> Verdict:
    """The output's non-blank lines (trimmed) are the input's items, in order and spelled as there,
    written in the target layout exactly: nothing added, dropped or reordered."""
    if opts.source == opts.target:
        raise CheckError("the source and target layouts are the same")
    items = list_items(input_view(state, opts.input_file, TextView).text, opts.source)
    if len(items) < 2:
        raise CheckError(f"{opts.input_file} lists fewer than two items")
    expected = written(items, opts.target)
    got = [line.strip() for line in output_view(state, opts.file, TextView).lines if line.strip()]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:70]!r}, expected {want[:70]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}")
    return Verdict.of(True, f"{len(items)} items written as {opts.target}")
