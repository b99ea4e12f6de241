"""Text checks for reports and clean-ups written as plain text or markdown: a markdown table of a
data table, per-hour log counts, a word-frequency list, whitespace normalisation, sorted lists and
values (emails, addresses, links, ids) pulled out of a text.

As everywhere in the library, the expected result is worked out from the task's original input;
the options carry only what the instruction states (a level, a count, which clean-ups to make).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, same_value, text
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import TableView, TextView


class TextReport(CheckOptions):
    file: OutputPath
    input_file: InputPath


# --- text.markdown_table -------------------------------------------------------------------------

_SEPARATOR = re.compile(r"^:?-{3,}:?$")


def _cells(line: str) -> list[str]:
    body = line.strip()
    body = body.removeprefix("|")
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", body)]


def markdown_tables(view: TextView) -> list[tuple[list[str], list[str], list[list[str]]]]:
    """(header, separator cells, rows) of every pipe table in the text, in order."""
    lines, found, i = view.lines, [], 0
    while i + 1 < len(lines):
        sep = _cells(lines[i + 1]) if "|" in lines[i] else []
        if sep and all(_SEPARATOR.match(c.replace(" ", "")) for c in sep):
            header, rows, i = _cells(lines[i]), [], i + 2
            while i < len(lines) and "|" in lines[i] and lines[i].strip():
                rows.append(_cells(lines[i]))
                i += 1
            found.append((header, sep, rows))
        else:
            i += 1
    return found


def _cell_matches(shown: str, value: Any) -> bool:
    if value is None:
        return shown == ""
    if isinstance(value, (dt.date, dt.datetime)):
        return shown == value.isoformat()[:10]
    if is_number(value):
        try:
            return same_value(float(shown.replace(",", "")), float(value), 0.005)
        except ValueError:
            return False
    return shown == text(value)


class MarkdownTable(TextReport):
    table: str | None = Field(default=None, description="The input's sheet or table name; None: its first.")
    heading: str | None = Field(default=None, description="A heading the table must follow; None: no heading asked.")
    right_align: bool = Field(default=False, description="Number columns right-aligned (`---:`).")


@register_check("text.markdown_table", MarkdownTable, view="text")
def markdown_table(state: FinalState, opts: MarkdownTable) -> Verdict:
    """The markdown file's first pipe table has the input table's header and rows, in order (numbers
    to the cent, however grouped; dates as YYYY-MM-DD); with `heading`, that heading comes before it;
    with `right_align`, number columns are right-aligned and the others are not."""
    source = input_view(state, opts.input_file, TableView).get(opts.table)
    output = output_view(state, opts.file, TextView)
    tables = markdown_tables(output)
    if not tables:
        return Verdict.of(False, f"{opts.file} has no markdown pipe table (a header row, then a |---| row)")
    header, sep, rows = tables[0]
    if opts.heading is not None:
        first = next((n for n, line in enumerate(output.lines) if "|" in line), 0)
        if not any(h.text.strip() == opts.heading.strip() and h.line <= first for h in output.headings):
            return Verdict.of(False, f"{opts.file} has no heading {opts.heading!r} before its table")
    want = [text(h) for h in source.header]
    if header != want:
        return Verdict.of(False, f"the table's header is {header}, expected {want}")
    for n, (row, values) in enumerate(zip(rows, source.body, strict=False), start=1):
        for c, (shown, value) in enumerate(zip(row + [""] * len(values), values, strict=False)):
            if not _cell_matches(shown, value):
                return Verdict.of(False, f"row {n} of the table, column {want[c]!r}, shows {shown!r}, expected "
                                  f"{text(value)!r}")
    if len(rows) != len(source.body):
        return Verdict.of(False, f"the table has {len(rows)} rows, expected {len(source.body)} (one per data row)")
    if opts.right_align:
        for c, name in enumerate(want):
            numeric = all(is_number(r[c]) for r in source.body if r[c] is not None)
            if numeric != (c < len(sep) and sep[c].replace(" ", "").endswith(":")
                           and not sep[c].replace(" ", "").startswith(":")):
                return Verdict.of(False, f"column {name!r} is {'not ' if numeric else ''}right-aligned; "
                                  "number columns (only) should be")
    return Verdict.of(True, f"the table has the {len(rows)} rows of {opts.input_file}")


# --- text.hourly_counts ----------------------------------------------------------------------------

_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[ T](\d{2}):\d{2}")
_HOUR_LINE = re.compile(r"^(\d{1,2}):00\s*[:,=\t -]?\s*(\d+)$")


class HourlyCounts(TextReport):
    level: str | None = Field(default=None, description="Count only lines of this level (a word); None: all.")
    include_empty: bool = Field(default=False, description="Hours between the first and last with no line as 0.")


@register_check("text.hourly_counts", HourlyCounts, view="text")
def hourly_counts(state: FinalState, opts: HourlyCounts) -> Verdict:
    """The report has one `HH:00 N` line per hour of the log (with `include_empty`, every hour from the
    first to the last; otherwise only hours that have lines), in time order, N being the number of
    log lines of that hour (of the level asked, if any); no other lines."""
    word = re.compile(rf"(?<!\w){re.escape(opts.level)}(?!\w)") if opts.level else None
    counts: Counter[int] = Counter()
    for line in input_view(state, opts.input_file, TextView).lines:
        stamp = _STAMP.match(line)
        if stamp and (word is None or word.search(line)):
            counts[int(stamp.group(1))] += 1
    if not counts:
        return Verdict.of(False, f"{opts.input_file} has no timestamped lines{' of ' + opts.level if opts.level else ''}")
    hours = range(min(counts), max(counts) + 1) if opts.include_empty else sorted(counts)
    expected = [(h, counts[h]) for h in hours]
    got = []
    for line in (line.strip() for line in output_view(state, opts.file, TextView).lines):
        match = _HOUR_LINE.match(line)
        if line and match is None:
            return Verdict.of(False, f"{opts.file} has the line {line[:60]!r}, expected only `HH:00 N` lines")
        if match:
            got.append((int(match.group(1)), int(match.group(2))))
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[0]:02d}:00 {have[1]}, expected "
                              f"{want[0]:02d}:00 {want[1]}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} hour lines, expected {len(expected)}")
    return Verdict.of(True, f"{len(expected)} hours counted")


# --- text.top_words ----------------------------------------------------------------------------------

_WORD = re.compile(r"[a-z]+")
_WORD_LINE = re.compile(r"^([A-Za-z]+)\s*[:,=\t -]\s*(\d+)$")


class TopWords(TextReport):
    count: int = Field(ge=1, le=100, description="How many words to list.")
    min_length: int | None = Field(default=None, ge=2, le=20, description="Only words of at least this many letters.")


@register_check("text.top_words", TopWords, view="text")
def top_words(state: FinalState, opts: TopWords) -> Verdict:
    """The report lists the `count` most frequent words of the input (letters only, case folded, of at
    least `min_length` letters), one `word: N` line each, most frequent first, ties alphabetically."""
    words = Counter(w for w in _WORD.findall(input_view(state, opts.input_file, TextView).text.lower())
                    if len(w) >= (opts.min_length or 1))
    expected = sorted(words.items(), key=lambda item: (-item[1], item[0]))[: opts.count]
    got = []
    for line in (line.strip() for line in output_view(state, opts.file, TextView).lines):
        match = _WORD_LINE.match(line)
        if line and match is None:
            return Verdict.of(False, f"{opts.file} has the line {line[:60]!r}, expected only `word: N` lines")
        if match:
            got.append((match.group(1).lower(), int(match.group(2))))
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[0]}: {have[1]}, expected {want[0]}: {want[1]}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} lists {len(got)} words, expected {len(expected)}")
    return Verdict.of(True, f"the top {len(expected)} words listed")


# --- text.normalised ---------------------------------------------------------------------------------


class Normalised(TextReport):
    trailing: bool = Field(default=True, description="Trailing spaces and tabs removed from every line.")
    tab_width: int | None = Field(default=None, ge=1, le=8, description="Tabs expanded to this many columns.")
    collapse_blank: bool = Field(default=False, description="Runs of blank lines reduced to one.")


def normalise(raw: str, opts: Normalised) -> str:
    """The input as the clean-up asked for leaves it: LF line ends, one final newline."""
    lines = raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if opts.tab_width:
        lines = [line.expandtabs(opts.tab_width) for line in lines]
    if opts.trailing:
        lines = [line.rstrip(" \t") for line in lines]
    if opts.collapse_blank:
        lines = [line for i, line in enumerate(lines) if line.strip() or i == 0 or lines[i - 1].strip()]
    return "\n".join(lines).strip("\n") + "\n"


@register_check("text.normalised", Normalised, view="text")
def normalised(state: FinalState, opts: Normalised) -> Verdict:
    """The file is the input with Unix line endings and exactly the clean-ups asked for (trailing
    whitespace, tabs to spaces, blank-line runs), leading/trailing blank lines dropped and one final
    newline; every other character is as it was."""
    expected = normalise(input_view(state, opts.input_file, TextView).text, opts)
    got = output_view(state, opts.file, TextView).text
    if "\r" in got:
        return Verdict.of(False, f"{opts.file} still has Windows (CRLF) line endings")
    want_lines, got_lines = expected.split("\n"), got.split("\n")
    for n, (want, have) in enumerate(zip(want_lines, got_lines, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:60]!r}, expected {want[:60]!r}")
    if len(got_lines) != len(want_lines):
        return Verdict.of(False, f"{opts.file} has {len(got_lines) - 1} lines, expected {len(want_lines) - 1} "
                          "(ending with exactly one newline)")
    return Verdict.of(True, f"{opts.file} normalised ({len(want_lines) - 1} lines)")


# --- text.lines_sorted ---------------------------------------------------------------------------------


class LinesSorted(TextReport):
    unique: bool = Field(default=False, description="Repeated lines kept once (with ignore_case: case-insensitively).")
    ignore_case: bool = Field(default=False, description="Order (and sameness) ignore upper/lower case.")
    reverse: bool = False


def sorted_lines(lines: list[str], opts: LinesSorted) -> list[str]:
    """The input's non-blank lines (outer spaces trimmed) as the sort asked leaves them."""
    items = [line.strip() for line in lines if line.strip()]
    key = str.casefold if opts.ignore_case else str
    if opts.unique:
        seen: dict[str, str] = {}
        for item in items:
            seen.setdefault(key(item), item)
        items = list(seen.values())
    return sorted(items, key=key, reverse=opts.reverse)


@register_check("text.lines_sorted", LinesSorted, view="text")
def lines_sorted(state: FinalState, opts: LinesSorted) -> Verdict:
    """The output's non-blank lines are the input's, trimmed and spelled as there, sorted as asked
    (case-insensitively with `ignore_case`, ties in any order; Z to A with `reverse`), each repeated
    line once with `unique` (the first spelling kept, when case is ignored)."""
    expected = sorted_lines(input_view(state, opts.input_file, TextView).lines, opts)
    got = [line.strip() for line in output_view(state, opts.file, TextView).lines if line.strip()]
    exact = opts.unique or not opts.ignore_case  # case-insensitive ties may come in either order
    key = str if exact else str.casefold
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if key(want) != key(have):
            return Verdict.of(False, f"line {n} of {opts.file} is {have[:60]!r}, expected {want[:60]!r}")
    if len(got) != len(expected):
        return Verdict.of(False, f"{opts.file} has {len(got)} lines, expected {len(expected)}"
                          f"{' (each line once)' if opts.unique else ' (every line kept)'}")
    if sorted(got) != sorted(expected):
        return Verdict.of(False, f"{opts.file} changed the spelling of some lines; each must read as in the input")
    return Verdict.of(True, f"{len(expected)} lines sorted")


# --- text.matches_listed -------------------------------------------------------------------------------

PATTERNS = {
    "email": r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}",
    "ipv4": r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])",
    "url": r"https?://[^\s\"'<>)]+",
    "order_id": r"\bORD-\d{6}-\d{4}\b",
}


class MatchesListed(TextReport):
    kind: Literal["email", "ipv4", "url", "order_id"]
    unique: bool = Field(default=True, description="Each distinct value once, sorted; else every occurrence in order.")
    counted: bool = Field(default=False, description="`value: N` lines, most frequent first (ties by value).")


def _counted_line(line: str) -> str:
    value, _, number = line.rpartition(":")
    return f"{value.strip()}: {number.strip()}" if value else line


@register_check("text.matches_listed", MatchesListed, view="text")
def matches_listed(state: FinalState, opts: MatchesListed) -> Verdict:
    """The output lists, one per line, the values of that kind found in the input: each distinct one
    once, sorted (emails case-folded), or with `unique` off every occurrence in order, or with
    `counted` one `value: N` line per distinct value, most frequent first (ties by value); nothing else."""
    found = re.findall(PATTERNS[opts.kind], input_view(state, opts.input_file, TextView).text)
    if opts.kind == "email":
        found = [f.lower() for f in found]
    expected = sorted(set(found)) if opts.unique else found
    got = [line.strip() for line in output_view(state, opts.file, TextView).lines if line.strip()]
    if opts.counted:
        expected = [f"{v}: {n}" for v, n in sorted(Counter(found).items(), key=lambda item: (-item[1], item[0]))]
        got = [_counted_line(line) for line in got]
    if opts.kind == "email":
        got = [g.lower() for g in got]
    if got != expected:
        first = next((n for n, (a, b) in enumerate(zip(expected, got, strict=False), start=1) if a != b),
                     min(len(got), len(expected)) + 1)
        return Verdict.of(False, f"{opts.file} lists {len(got)} values, expected {len(expected)}; they first differ at "
                          f"line {first}")
    return Verdict.of(True, f"{len(expected)} {opts.kind} values listed")
