"""A search across several PDFs written down: the files that mention a word (or both of two words,
either of them, or neither), how often each file mentions it, or the pages it is on in each file.
Whole words, case ignored. The answers come from the input PDFs' own text (`PdfView`); the words
and the report from the instruction."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.pdf_pages import mentions
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import PdfView, TextView

_INT = re.compile(r"(?<![\w.])\d+(?!\w|\.\d)")


class FilesSearched(CheckOptions):
    file: OutputPath = Field(description="The text file with the answer, one line per file.")
    first_file: InputPath = Field(description="The PDFs searched, in the order the task lists them.")
    second_file: InputPath
    third_file: InputPath
    fourth_file: InputPath | None = None
    terms: list[str] = Field(min_length=1, max_length=2, description="The word, or the two words, searched for.")
    match: Literal["all", "any", "none"] = Field(default="all", description="all: files mentioning every word; any: "
                                                 "at least one; none: no word at all (names only).")
    report: Literal["names", "counts", "pages"] = Field(default="names", description="names: the matching files, "
                                                        "one per line; counts: 'file: N' for every file (the first "
                                                        "word's mentions); pages: 'file: pages' for each file "
                                                        "mentioning the first word.")


def _name(line: str) -> str:
    return PurePosixPath(fold(line).strip("-*• ")).name.casefold()


@register_check("pdf.files_searched", FilesSearched, view="pdf")
def files_searched(state: FinalState, opts: FilesSearched) -> Verdict:
    """One line per file asked about, in the order listed (a name with or without its folder):
    the matching files' names, or each file's count, or each mentioning file's pages ascending;
    nothing else."""
    paths = [p for p in (opts.first_file, opts.second_file, opts.third_file, opts.fourth_file) if p]
    hits = {p: [[mentions(page, t) for page in input_view(state, p, PdfView).pages] for t in opts.terms]
            for p in paths}
    found = {p: [sum(per_page) > 0 for per_page in hits[p]] for p in paths}
    keep = {"all": all, "any": any, "none": lambda f: not any(f)}[opts.match]
    if opts.report == "names":
        want: list[tuple[str, list[int] | None]] = [(p, None) for p in paths if keep(found[p])]
    elif opts.report == "counts":
        want = [(p, [sum(hits[p][0])]) for p in paths]
    else:
        want = [(p, [n for n, h in enumerate(hits[p][0], start=1) if h]) for p in paths if found[p][0]]
    lines = [line for line in output_view(state, opts.file, TextView).text.splitlines() if line.strip()]
    if len(lines) != len(want):
        return Verdict.of(False, f"{opts.file} has {len(lines)} lines, expected {len(want)}: "
                          + (", ".join(PurePosixPath(p).name for p, _ in want) or "none"))
    for n, (line, (path, numbers)) in enumerate(zip(lines, want, strict=True), start=1):
        name, _, rest = line.partition(":") if numbers is not None else (line, "", "")
        if _name(name) != PurePosixPath(path).name.casefold():
            return Verdict.of(False, f"line {n} of {opts.file} names {name.strip()!r}, expected "
                              f"{PurePosixPath(path).name!r}")
        if numbers is not None and [int(x) for x in _INT.findall(rest)] != numbers:
            return Verdict.of(False, f"line {n} of {opts.file} gives {rest.strip()!r} for {PurePosixPath(path).name}, "
                              f"expected {', '.join(map(str, numbers))}")
    return Verdict.of(True, f"{len(want)} lines, as the files' text gives them")
