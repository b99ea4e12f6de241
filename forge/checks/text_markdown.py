"""Markdown structure checks: heading levels fixed by a rule (all down or up one level, one title
only, no skipped levels, underlined headings written with #), and a page's YAML front matter
edited (a key set, added, removed or renamed, a tag added, front matter given to a bare page).
Expected lines come from the input file and the instruction's options, never from the workflow.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks.source import input_view, output_view
from forge.checks.spec import CheckOptions, InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError
from forge.views import TextView

HeadingFix = Literal["demote", "promote", "single_title", "no_skips", "setext"]
_ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)\s*$")


def _fence(line: str) -> bool:
    return line.lstrip().startswith(("```", "~~~"))


def _heading(line: str) -> tuple[int, str] | None:
    match = _ATX.match(line)
    return (len(match.group(1)), " ".join(match.group(2).split())) if match and match.group(2).strip() else None


def _structure(lines: list[str], setext: bool) -> list[tuple[int, str] | str]:
    """Each line as (level, text) when it is a heading outside code fences, else the line itself;
    with `setext`, an underlined line (=== or ---) is one level-1/2 heading and its underline goes."""
    out: list[tuple[int, str] | str] = []
    fenced = False
    for i, line in enumerate(lines):
        if _fence(line):
            fenced = not fenced
        if fenced or _fence(line):
            out.append(line)
            continue
        if setext and (m := _SETEXT.match(line)) and i and isinstance(out[-1], str) and out[-1].strip() \
                and not _heading(out[-1]):
            out[-1] = (1 if m.group(1)[0] == "=" else 2, " ".join(out[-1].split()))
            continue
        out.append(_heading(line) or line)
    return out


def fixed_headings(lines: list[str], fix: HeadingFix) -> list[tuple[int, str] | str]:
    """The input's lines with its headings fixed by the rule."""
    out = _structure(lines, setext=fix == "setext")
    previous, seen_title = 0, False
    for i, item in enumerate(out):
        if isinstance(item, str):
            continue
        level, text = item
        if fix == "demote":
            level = min(level + 1, 6)
        elif fix == "promote":
            if level == 1:
                raise CheckError("a level-1 heading cannot go up a level; the input is not for this fix")
            level -= 1
        elif fix == "single_title" and level == 1:
            level, seen_title = (2 if seen_title else 1), True
        elif fix == "no_skips":
            level = min(level, previous + 1) if previous else level
        out[i], previous = (level, text), level
    return out


class HeadingsFixed(CheckOptions):
    file: OutputPath
    input_file: InputPath
    fix: HeadingFix = Field(description="demote/promote: every heading one level down/up; single_title: level-1 "
                            "headings after the first become level 2; no_skips: a heading at most one level below "
                            "the one before it; setext: underlined headings written as # / ## headings.")


def _show(item: tuple[int, str] | str) -> str:
    return item if isinstance(item, str) else f"{'#' * item[0]} {item[1]}"


@register_check("text.headings_fixed", HeadingsFixed, view="text")
def headings_fixed(state: FinalState, opts: HeadingsFixed) -> Verdict:
    """The markdown file is the input with its headings fixed by the rule asked for, written as ATX
    (# ...) headings; every other line unchanged (code blocks included, where # is no heading),
    trailing spaces and blank lines at the end aside."""
    want = fixed_headings(input_view(state, opts.input_file, TextView).lines, opts.fix)
    have = _structure(output_view(state, opts.file, TextView).lines, setext=False)
    while want and want[-1] == "":
        want.pop()
    while have and have[-1] == "":
        have.pop()
    for n, (w, h) in enumerate(zip(want, have, strict=False), start=1):
        if (w.rstrip() != h.rstrip()) if isinstance(w, str) and isinstance(h, str) else w != h:
            return Verdict.of(False, f"line {n} of {opts.file} reads {_show(h)!r}, expected {_show(w)!r} ({opts.fix})")
    if len(want) != len(have):
        return Verdict.of(False, f"{opts.file} has {len(have)} lines, expected {len(want)} ({opts.fix})")
    levels = [w[0] for w in want if not isinstance(w, str)]
    return Verdict.of(True, f"{len(levels)} headings at levels {levels}")


# --- text.front_matter_edited ----------------------------------------------------------------

FrontMatterOp = Literal["set", "add", "remove", "rename", "add_tag", "create"]


def front_matter(text: str, path: str) -> tuple[dict[str, Any] | None, str]:
    """(the YAML front matter as a mapping, or None when the file has none; the body after it)."""
    import yaml  # PyYAML: a Prefect dependency

    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        return None, text
    end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), None)
    if end is None:
        raise CheckError(f"{path}: the front matter opened by '---' on line 1 is never closed")
    try:
        data = yaml.safe_load("".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        raise CheckError(f"{path}: the front matter is not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise CheckError(f"{path}: the front matter is a {type(data).__name__}, not key: value lines")
    return data, "".join(lines[end + 1:])


def stated(value: str) -> Any:
    """The instruction's value as YAML reads it (false -> False, 2025-03-02 -> a date, 3 -> 3)."""
    import yaml

    return yaml.safe_load(value)


class FrontMatterEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: FrontMatterOp
    key: str = Field(description="The key set, added, removed or renamed; the list a tag joins (add_tag).")
    value: str | None = Field(default=None, description="The value (set/add/add_tag), as YAML reads it.")
    new_key: str | None = Field(default=None, description="The key's new name (rename).")
    values: dict[str, str] = Field(default_factory=dict, description="create: every key of the new front matter.")


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else value


def same_yaml(have: Any, want: Any) -> bool:
    """Equal and of one YAML type (false is no "false", 20 no "20"); a date may be written quoted."""
    if isinstance(want, (dt.date, dt.datetime)) or isinstance(have, (dt.date, dt.datetime)):
        return str(_plain(have)) == str(_plain(want))
    return bool(have == want and type(have) is type(want))


def _expected(data: dict[str, Any], opts: FrontMatterEdited) -> dict[str, Any]:
    want = dict(data)
    if opts.operation in ("set", "add"):
        if (opts.key in data) != (opts.operation == "set"):
            raise CheckError(f"the input {'lacks' if opts.operation == 'set' else 'already has'} {opts.key!r}")
        want[opts.key] = stated(opts.value or "")
    elif opts.operation in ("remove", "rename"):
        if opts.key not in data:
            raise CheckError(f"the input's front matter has no {opts.key!r}")
        value = want.pop(opts.key)
        if opts.operation == "rename":
            want[opts.new_key or ""] = value
    return want


@register_check("text.front_matter_edited", FrontMatterEdited, view="text")
def front_matter_edited(state: FinalState, opts: FrontMatterEdited) -> Verdict:
    """The page's YAML front matter is the input's with the one change asked for (a key set, added,
    removed or renamed with its value, a tag added once to the list, or new front matter holding
    exactly the keys given, values typed as YAML reads them) and every other key as it was; the
    body after the front matter is unchanged (blank lines at its start and end aside)."""
    before, body = front_matter(input_view(state, opts.input_file, TextView).text, opts.input_file)
    after, out_body = front_matter(output_view(state, opts.file, TextView).text, opts.file)
    if after is None:
        return Verdict.of(False, f"{opts.file} has no front matter: line 1 must be '---'")
    if opts.operation == "create":
        if before is not None:
            raise CheckError(f"{opts.input_file} already has front matter")
        want = {k: stated(v) for k, v in opts.values.items()}
    elif before is None:
        raise CheckError(f"{opts.input_file} has no front matter to edit")
    elif opts.operation == "add_tag":
        tags = before.get(opts.key)
        if not isinstance(tags, list):
            raise CheckError(f"{opts.input_file}'s {opts.key!r} is not a list")
        got, tag = after.get(opts.key), stated(opts.value or "")
        if tag in tags:
            raise CheckError(f"{opts.input_file}'s {opts.key!r} already has {tag!r}")
        if not isinstance(got, list) or got.count(tag) != 1 or [t for t in got if t != tag] != tags:
            return Verdict.of(False, f"{opts.key} in {opts.file} is {got!r}, expected {tags!r} with {tag!r} added once")
        want = {**before, opts.key: got}
    else:
        want = _expected(before, opts)
    for key in sorted(set(want) | set(after), key=str):
        if key not in after:
            return Verdict.of(False, f"{opts.file}'s front matter lacks {key!r} (expected {_plain(want[key])!r})")
        if key not in want:
            return Verdict.of(False, f"{opts.file}'s front matter has {key!r}, which it should not")
        if not same_yaml(after[key], want[key]):
            return Verdict.of(False, f"{key!r} in {opts.file} is {_plain(after[key])!r} ({type(after[key]).__name__}), "
                              f"expected {_plain(want[key])!r} ({type(want[key]).__name__})")
    if out_body.strip("\n") != body.strip("\n"):
        have, was = out_body.strip("\n").splitlines(), body.strip("\n").splitlines()
        n = next((i for i, (a, b) in enumerate(zip(have, was, strict=False)) if a != b), min(len(have), len(was)))
        return Verdict.of(False, f"the body of {opts.file} differs from the input's at its line {n + 1}: "
                          f"{(have[n] if n < len(have) else '(end)')!r} vs {(was[n] if n < len(was) else '(end)')!r}")
    return Verdict.of(True, f"front matter {opts.operation} {opts.key!r}; {len(want)} keys; body unchanged")
