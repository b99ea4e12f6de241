"""Checks over two one-per-line lists compared (last month's subscribers and this month's, two
exports of user names): the entries only in the first, only in the second, or in both, matched
exactly or ignoring case, written as the list they come from has them, in that list's order or A to Z.

Lines are entries with their outer spaces trimmed; blank lines do not count. The expected lines come
from the two input lists and the options.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from forge.checks._text_diff import text_lines_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Keep = Literal["only_first", "only_second", "both"]


class ListsCompared(CheckOptions):
    file: OutputPath
    first: InputPath
    second: InputPath
    keep: Keep = Field(description="only_first: entries of the first list missing from the second; only_second: "
                       "the reverse; both: entries in both (written as the first list has them).")
    ignore_case: bool = Field(default=False, description="Entries differing only in upper/lower case are the same.")
    sort: bool = Field(default=False, description="Written A to Z ignoring case; else in their list's order.")


def compared(first: list[str], second: list[str], opts: ListsCompared) -> list[str]:
    def key(entry: str) -> str:
        return entry.casefold() if opts.ignore_case else entry

    source, other = (second, first) if opts.keep == "only_second" else (first, second)
    others = {key(e) for e in other}
    kept = [e for e in source if (key(e) in others) == (opts.keep == "both")]
    return sorted(kept, key=str.casefold) if opts.sort else kept


@register_check("text.lists_compared", ListsCompared, view="text")
def lists_compared(state: FinalState, opts: ListsCompared) -> Verdict:
    """The output's lines are exactly the entries asked (only in the first list, only in the second,
    or in both; case ignored or not), each as its list writes it, once, in its list's order or A to Z."""
    first, second = ([line.strip() for line in input_view(state, p, TextView).lines if line.strip()]
                     for p in (opts.first, opts.second))
    want = compared(first, second, opts)
    if not want:
        raise CheckError(f"comparing {opts.first} and {opts.second} leaves nothing; the inputs are not for this check")
    got = [line.strip() for line in output_view(state, opts.file, TextView).lines if line.strip()]
    problem = text_lines_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(want)} entries ({opts.keep.replace('_', ' ')})")
