"""Checks over an app's translation files brought in line with the source language's, as developers do
before handing them to translators (Symfony-style flat YAML, `checkout.pay: Bezahlen`): in each
translation the keys the source gained are added with the source text, as it is or prefixed
`[EN] ` so translators find them; the keys the source dropped are removed or kept; every existing
translation stays as it is; the keys in the source's order, or the new ones appended.

Files are read as `key: value` lines (quotes around a value free); comments and blank lines free.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from pydantic import Field

from forge.checks._line_entries import entries_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

Order = Literal["source", "append"]
_LINE = re.compile(r"^([A-Za-z0-9_.-]+)\s*:\s*(.*)$")


class Message(NamedTuple):
    key: str
    text: str
    line: int


def messages(view: TextView) -> list[Message]:
    """The file's `key: value` lines in order; any other line that is no comment is an error."""
    found = []
    for number, raw in enumerate(view.lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _LINE.match(line)
        if match is None:
            raise CheckError(f"line {number} of {view.source} is not a 'key: text' line: {line[:60]!r}")
        text = match.group(2).strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
            text = text[1:-1].replace('\\"', '"') if text[0] == '"' else text[1:-1].replace("''", "'")
        found.append(Message(match.group(1), text, number))
    return found


class TranslationsSynced(CheckOptions):
    source: InputPath
    file1: OutputPath
    original1: InputPath
    file2: OutputPath
    original2: InputPath
    file3: OutputPath
    original3: InputPath
    mark: bool = Field(default=False, description="A new key's text is the source text prefixed `[EN] `; "
                       "else the source text as it is.")
    remove_obsolete: bool = Field(default=True, description="Keys the source no longer has are removed; else kept.")
    order: Order = Field(description="source: the keys in the source's order (kept obsolete ones after them); "
                         "append: the file's own order, the new keys after it in the source's order.")


def expected(source: list[Message], mine: list[Message], opts: TranslationsSynced) -> list[Message]:
    """The messages a translation must hold, in order."""
    have = {m.key: m for m in mine}
    keys = {m.key for m in source}
    new = {m.key: Message(m.key, ("[EN] " if opts.mark else "") + m.text, 0) for m in source if m.key not in have}
    old = [m for m in mine if m.key not in keys and not opts.remove_obsolete]
    if opts.order == "source":
        return [have.get(m.key) or new[m.key] for m in source] + old
    return [m for m in mine if m.key in keys or not opts.remove_obsolete] + list(new.values())


@register_check("text.translations_synced", TranslationsSynced, view="text")
def translations_synced(state: FinalState, opts: TranslationsSynced) -> Verdict:
    """Each of the three translations holds exactly the expected keys in the expected order: its own
    text for every key it had, the source text (prefixed `[EN] ` when asked) for each new one;
    obsolete keys removed or kept as asked. Comments, blank lines and quotes are free."""
    source = messages(input_view(state, opts.source, TextView))
    pairs = [(opts.file1, opts.original1), (opts.file2, opts.original2), (opts.file3, opts.original3)]
    added = 0
    for path, original in pairs:
        want = expected(source, messages(input_view(state, original, TextView)), opts)
        problem = entries_diff(want, messages(output_view(state, path, TextView)), path,
                               lambda m: f"'{m.key}: {m.text[:50]}'", lambda w, g: w[:2] == g[:2], "keys")
        if problem:
            return Verdict.of(False, problem)
        added += sum(1 for m in want if m.line == 0)
    return Verdict.of(True, f"{added} missing keys added across {len(pairs)} translations, their texts kept")
