"""Line-list checks: repeated lines removed (first or last occurrence kept, case ignored or not,
only back-to-back repeats or all), and a markdown checklist's items (`- [ ]` open, `- [x]` done)
extracted into a file or ticked/unticked in place. Expected lines come from the input file and
the instruction's options, never from the workflow."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView


class TextEdit(CheckOptions):
    file: OutputPath
    input_file: InputPath


def _texts(state: FinalState, opts: TextEdit) -> tuple[list[str], list[str]]:
    return (input_view(state, opts.input_file, TextView).lines, output_view(state, opts.file, TextView).lines)


def _first_difference(expected: list[str], got: list[str], file: str) -> str | None:
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return f"line {n} of {file} is {have[:70]!r}, expected {want[:70]!r}"
    if len(got) != len(expected):
        return f"{file} has {len(got)} lines, expected {len(expected)}"
    return None


# --- text.lines_deduplicated ----------------------------------------------------------------------------


class LinesDeduplicated(TextEdit):
    keep: Literal["first", "last"] = Field(default="first", description="Which occurrence of a repeated line stays "
                                           "(and where: the order of the kept occurrences is kept).")
    ignore_case: bool = Field(default=False, description="Lines differing only in upper/lower case are repeats.")
    adjacent: bool = Field(default=False, description="Only back-to-back repeats collapse (as `uniq` does).")


def deduplicated(lines: list[str], opts: LinesDeduplicated) -> list[str]:
    """The input's non-blank lines (outer spaces trimmed) with the repeats dropped as asked."""
    items = [line.strip() for line in lines if line.strip()]
    key = str.casefold if opts.ignore_case else str
    if opts.adjacent:
        runs: list[list[str]] = []
        for item in items:
            if runs and key(runs[-1][0]) == key(item):
                runs[-1].append(item)
            else:
                runs.append([item])
        return [run[0] if opts.keep == "first" else run[-1] for run in runs]
    ordered = items if opts.keep == "first" else items[::-1]
    seen: dict[str, str] = {}
    for item in ordered:
        seen.setdefault(key(item), item)
    kept = list(seen.values())
    return kept if opts.keep == "first" else kept[::-1]


@register_check("text.lines_deduplicated", LinesDeduplicated, view="text")
def lines_deduplicated(state: FinalState, opts: LinesDeduplicated) -> Verdict:
    """The output's non-blank lines (trimmed) are the input's in their order, each repeated line
    once: the first or the last occurrence kept (its spelling and its place), case ignored or not,
    and with `adjacent` only back-to-back repeats dropped (a repeat further on stays)."""
    original, output = _texts(state, opts)
    expected = deduplicated(original, opts)
    if len(expected) == len([line for line in original if line.strip()]):
        raise CheckError(f"{opts.input_file} has no repeated lines to remove; the input is not for this check")
    got = [line.strip() for line in output if line.strip()]
    problem = _first_difference(expected, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(expected)} lines kept, repeats dropped")


# --- markdown checklists ---------------------------------------------------------------------------------

_ITEM = re.compile(r"^\s*[-*+] \[([ xX])\]\s+(.*?)\s*$")


class ChecklistItem(BaseModel):
    done: bool
    owner: str
    task: str
    line: str
    section: str = ""


def checklist(lines: list[str]) -> list[ChecklistItem]:
    """The `- [ ] Owner: task` / `- [x] Owner: task` items of a markdown file, in order."""
    items, section, fenced = [], "", False
    for line in lines:
        fenced ^= line.lstrip().startswith("```")
        if not fenced and (heading := re.match(r"^#{1,6}\s+(.*?)\s*$", line)):
            section = heading.group(1)
        if match := _ITEM.match(line):
            owner, _, task = match.group(2).partition(":")
            items.append(ChecklistItem(done=match.group(1) != " ", owner=owner.strip() if task else "",
                                       task=(task or owner).strip(), line=line.strip(), section=section))
    return items


Layout = Literal["checklist", "plain", "by_owner", "by_section"]


class ChecklistExtracted(TextEdit):
    state: Literal["open", "done"] = Field(description="Which items to list: open (`- [ ]`) or done (`- [x]`).")
    owner: str | None = Field(default=None, description="Only the items assigned to this person (`Owner: task`).")
    layout: Layout = Field(default="checklist", description="checklist: the item lines as in the notes; plain: "
                           "`Owner: task` only; by_owner: a `## Owner` heading per person (A to Z) over `- task` "
                           "lines; "
                           "by_section: the item lines under a `## Section` heading per notes section, notes order.")


def extracted_lines(items: list[ChecklistItem], opts: ChecklistExtracted) -> list[str]:
    chosen = [i for i in items if i.done == (opts.state == "done") and (opts.owner is None or i.owner == opts.owner)]
    if opts.layout == "checklist":
        return [i.line for i in chosen]
    if opts.layout == "plain":
        return [f"{i.owner}: {i.task}" if i.owner else i.task for i in chosen]
    out: list[str] = []
    if opts.layout == "by_section":
        for section in dict.fromkeys(i.section for i in chosen):
            out += [f"## {section}", *(i.line for i in chosen if i.section == section)]
        return out
    for owner in sorted({i.owner for i in chosen}):
        out += [f"## {owner}", *(f"- {i.task}" for i in chosen if i.owner == owner)]
    return out


@register_check("text.checklist_extracted", ChecklistExtracted, view="text")
def checklist_extracted(state: FinalState, opts: ChecklistExtracted) -> Verdict:
    """The output's non-blank lines (trimmed) are exactly the open (or done) checklist items of the
    notes, in document order, optionally one person's only, laid out as asked; nothing else."""
    original, output = _texts(state, opts)
    expected = extracted_lines(checklist(original), opts)
    if not expected:
        raise CheckError(f"{opts.input_file} has no {opts.state} items{' for ' + opts.owner if opts.owner else ''}")
    got = [" ".join(line.split()) for line in output if line.strip()]
    problem = _first_difference([" ".join(line.split()) for line in expected], got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(expected)} lines list the {opts.state} items")


def _box(line: str) -> str:
    return re.sub(r"^(\s*[-*+] \[)X\]", r"\1x]", line)


class ChecklistMarked(TextEdit):
    tasks: list[str] = Field(min_length=1, description="The items to tick (or untick), by their task text.")
    done: bool = Field(default=True, description="True: mark them done (`[x]`); False: reopen them (`[ ]`).")


@register_check("text.checklist_marked", ChecklistMarked, view="text")
def checklist_marked(state: FinalState, opts: ChecklistMarked) -> Verdict:
    """Each named item's box is ticked (`[x]` or `[X]`) or cleared (`[ ]`) as asked; every other
    line, other items included, is exactly as it was (trailing spaces aside)."""
    original, output = _texts(state, opts)
    wanted = {" ".join(t.split()).casefold() for t in opts.tasks}
    expected, found = [], set()
    for line in original:
        match = _ITEM.match(line)
        task = " ".join(match.group(2).partition(":")[2].split() or match.group(2).split()) if match else ""
        if match and task.casefold() in wanted:
            found.add(task.casefold())
            start, end = match.span(1)
            line = line[:start] + ("x" if opts.done else " ") + line[end:]
        expected.append(line.rstrip())
    if found != wanted:
        raise CheckError(f"{opts.input_file} has no item {sorted(wanted - found)}")
    got = [line.rstrip() for line in output]
    while got and not got[-1]:
        got.pop()
    while expected and not expected[-1]:
        expected.pop()
    problem = _first_difference([_box(e) for e in expected], [_box(g) for g in got], opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{len(wanted)} items {'ticked' if opts.done else 'reopened'}, the rest unchanged")
