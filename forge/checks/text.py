"""The text check library: checks over `TextView` (txt, md, logs, INI configs).

Relational, like the other libraries: the lines a filter must keep, the counts a report must
give and the headings a table of contents must list are all worked out from the original
input; the options carry only what the instruction states (a level, a label, a key, a value).
"""

from __future__ import annotations

import configparser
import re

from pydantic import Field

from forge.checks.document import fold
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import TextView

_LINK = re.compile(r"^\[(.+)\]\(#[^)]*\)$")


class TextEdit(CheckOptions):
    file: OutputPath
    input_file: InputPath


def _texts(state: FinalState, opts: TextEdit) -> tuple[TextView, TextView]:
    return input_view(state, opts.input_file, TextView), output_view(state, opts.file, TextView)


def _word(token: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(token)}(?!\w)")


# --- text.lines_filtered ----------------------------------------------------------------------------


class LinesFiltered(TextEdit):
    contains: str = Field(min_length=1, description="The word a kept line contains (as a whole word).")


@register_check("text.lines_filtered", LinesFiltered, view="text")
def lines_filtered(state: FinalState, opts: LinesFiltered) -> Verdict:
    """The output's non-blank lines are exactly the input lines containing the word, unchanged and
    in their original order."""
    original, output = _texts(state, opts)
    word = _word(opts.contains)
    expected = [line.rstrip() for line in original.lines if word.search(line)]
    if not expected:
        return Verdict.of(False, f"{opts.input_file} has no line containing {opts.contains!r}")
    got = [line.rstrip() for line in output.lines if line.strip()]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:80]!r}, expected {want[:80]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected the {len(expected)} input lines "
                          f"containing {opts.contains!r}")
    return Verdict.of(True, f"{len(expected)} matching lines kept in order")


# --- text.counts_reported --------------------------------------------------------------------------------


class CountsReported(TextEdit):
    labels: list[str] = Field(min_length=1, description="Words to count lines for, in the order to report them.")


@register_check("text.counts_reported", CountsReported, view="text")
def counts_reported(state: FinalState, opts: CountsReported) -> Verdict:
    """The output has exactly one `LABEL: N` line per label, in the order given, N being the number
    of input lines that contain the label as a word; no other lines."""
    original, output = _texts(state, opts)
    expected = [f"{label}: {sum(1 for line in original.lines if _word(label).search(line))}" for label in opts.labels]
    got = [fold(line) for line in output.lines if line.strip()]
    if got != expected:
        return Verdict.of(False, f"{opts.file} reads {got[:8]}, expected {expected}")
    return Verdict.of(True, f"counts for {len(expected)} labels reported")


# --- text.markdown_toc ------------------------------------------------------------------------------------


class MarkdownToc(TextEdit):
    title: str = Field(description="The heading of the table of contents, e.g. 'Contents'.")
    level: int = Field(default=2, ge=1, le=6, description="Heading level listed in the table of contents.")


@register_check("text.markdown_toc", MarkdownToc, view="text")
def markdown_toc(state: FinalState, opts: MarkdownToc) -> Verdict:
    """Directly after the first line (the document's title), a heading with the title asked for is
    followed by one bullet per heading of `level`, in order (plain text or a `[text](#anchor)`
    link); the rest of the file is unchanged."""
    original, output = _texts(state, opts)
    wanted = [h.text for h in original.headings if h.level == opts.level]
    if not wanted:
        return Verdict.of(False, f"{opts.input_file} has no level-{opts.level} headings")
    before = [line.rstrip() for line in original.lines]
    after = [line.rstrip() for line in output.lines]
    if after[:1] != before[:1]:
        return Verdict.of(False, f"the first line of {opts.file} is {after[:1]}, expected {before[:1]}")
    rest = after[1:]
    while rest and not rest[0].strip():
        rest = rest[1:]
    heading = next((h for h in output.headings if fold(h.text) == fold(opts.title)), None)
    if heading is None or not rest or fold(rest[0].lstrip("# ")) != fold(opts.title):
        return Verdict.of(False, f"{opts.file} has no {opts.title!r} heading right after its title line")
    bullets: list[str] = []
    tail = rest[1:]
    while tail and (not tail[0].strip() or tail[0].lstrip().startswith(("- ", "* "))):
        if tail[0].strip():
            entry = tail[0].strip()[2:].strip()
            link = _LINK.match(entry)
            bullets.append(fold(link.group(1) if link else entry))
        tail = tail[1:]
    if bullets != [fold(w) for w in wanted]:
        return Verdict.of(False, f"the {opts.title!r} list reads {bullets}, expected {wanted}")
    body = [line for line in before[1:] if line.strip()]
    if [line for line in tail if line.strip()] != body:
        return Verdict.of(False, f"the rest of {opts.file} after the {opts.title!r} list differs from the original")
    return Verdict.of(True, f"{opts.title!r} lists {len(wanted)} headings")


# --- text.ini_values ---------------------------------------------------------------------------------------


class IniValues(TextEdit):
    section: str
    keys: list[str] = Field(min_length=1)
    values: list[str] = Field(min_length=1, description="The new value of each key, in the same order.")


def _ini(view: TextView, source: str) -> configparser.ConfigParser | str:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(view.text, source=source)
    except configparser.Error as exc:
        return f"{source} is not a valid INI file: {exc}"
    return parser


@register_check("text.ini_values", IniValues, view="text")
def ini_values(state: FinalState, opts: IniValues) -> Verdict:
    """The INI file parses; in the section asked for each key holds its new value; every other
    section, key and value is as it was."""
    if len(opts.keys) != len(opts.values):
        return Verdict.of(False, f"{len(opts.keys)} keys but {len(opts.values)} values in the check's options")
    original, output = _texts(state, opts)
    before, after = _ini(original, opts.input_file), _ini(output, opts.file)
    if isinstance(before, str) or isinstance(after, str):
        return Verdict.of(False, before if isinstance(before, str) else str(after))
    expected = {s: dict(before[s]) for s in before.sections()}
    if opts.section not in expected:
        return Verdict.of(False, f"{opts.input_file} has no section [{opts.section}]")
    expected[opts.section].update(zip(opts.keys, opts.values, strict=True))
    got = {s: dict(after[s]) for s in after.sections()}
    if list(got) != list(expected):
        return Verdict.of(False, f"{opts.file} has sections {list(got)}, expected {list(expected)}")
    for section, items in expected.items():
        for key, value in items.items():
            have = got[section].get(key)
            if have != value:
                return Verdict.of(False, f"[{section}] {key} is {have!r} in {opts.file}, expected {value!r}")
        extra = sorted(set(got[section]) - set(items))
        if extra:
            return Verdict.of(False, f"[{section}] of {opts.file} has keys {extra} the task did not ask for")
    return Verdict.of(True, f"[{opts.section}] updated; everything else unchanged")
