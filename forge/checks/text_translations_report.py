"""Checks over a report of what an app's translation files lack or hold beyond the source language's,
as a developer sends the translation agency before a release: per translation, in the order the
instruction lists them, the keys it is missing (in the source's order), the keys the source no
longer has (in the file's order), or both; as `file: key` lines or a `## file` section per
translation with `- key` items (`- none` when it has nothing to report).

The source and translations are read as `key: value` lines (`text_translations.messages`); the
report's lines compare with their spaces folded, blank lines free.
"""

from __future__ import annotations

from posixpath import basename
from typing import Literal

from pydantic import Field

from forge.checks._text_diff import text_lines_diff
from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.text_translations import messages
from forge.views import TextView

What = Literal["missing", "extra", "both"]


class TranslationsReported(CheckOptions):
    file: OutputPath
    source: InputPath
    file1: InputPath
    file2: InputPath
    file3: InputPath
    what: What = Field(description="missing: the source's keys a translation lacks; extra: its keys the source "
                       "no longer has; both: each key tagged `(missing)` or `(extra)`, missing ones first.")
    sections: bool = Field(default=False, description="A `## <file name>` heading per translation with `- key` "
                           "items (`- none` when empty); else `<file name>: key` lines.")


def findings(source: list[str], mine: list[str], what: What) -> list[str]:
    """The keys to report for one translation, tagged when both kinds are asked."""
    missing = [k for k in source if k not in set(mine)]
    extra = [k for k in mine if k not in set(source)]
    tag = what == "both"
    return ([f"{k} (missing)" if tag else k for k in missing] if what != "extra" else []) + (
        [f"{k} (extra)" if tag else k for k in extra] if what != "missing" else [])


def _folded(line: str) -> str:
    return " ".join(line.split())


@register_check("text.translations_reported", TranslationsReported, view="text")
def translations_reported(state: FinalState, opts: TranslationsReported) -> Verdict:
    """The report lists, per translation in order, exactly the keys asked in the order asked, in the
    layout asked; nothing else but blank lines."""
    source = [m.key for m in messages(input_view(state, opts.source, TextView))]
    want: list[str] = []
    for path in (opts.file1, opts.file2, opts.file3):
        keys = findings(source, [m.key for m in messages(input_view(state, path, TextView))], opts.what)
        name = basename(path)
        want += [f"## {name}", *(f"- {k}" for k in keys or ["none"])] if opts.sections else [f"{name}: {k}"
                                                                                           for k in keys]
    got = [_folded(line) for line in output_view(state, opts.file, TextView).lines if line.strip()]
    problem = text_lines_diff(want, got, opts.file)
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{opts.file} reports the {opts.what} keys of the three translations")
