"""Checks over a developer's local .env brought in line with the project's committed example after a
pull: the variables the example added are added (with the example's value, or empty to fill in),
the ones it dropped are removed, commented out or kept, and every variable the file already had
keeps its own value (a local database URL is never overwritten by the example's placeholder). The
variables run in the example's order, or the file's own order with the new ones appended.

Files are read as `NAME=value` lines (an `export ` prefix and quotes around a value allowed);
comments and blank lines are free; `# NAME=value` is a commented-out variable.
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

NewValue = Literal["example", "empty"]
Obsolete = Literal["remove", "comment", "keep"]
Order = Literal["example", "append"]
_LINE = re.compile(r"^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$")


class Var(NamedTuple):
    name: str
    value: str
    line: int
    active: bool = True


def _value(text: str) -> str:
    text = text.strip()
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"" else text


def variables(view: TextView) -> list[Var]:
    """Active and commented-out variables in order; another line that is no comment is an error."""
    found: list[Var] = []
    for number, raw in enumerate(view.lines, start=1):
        line = raw.strip()
        commented = line.startswith("#")
        match = _LINE.match(line.lstrip("#").strip() if commented else line)
        if match:
            found.append(Var(match.group(1), _value(match.group(2)), number, not commented))
        elif line and not commented:
            raise CheckError(f"line {number} of {view.source} is not a NAME=value line: {line[:60]!r}")
    return found


class EnvSynced(CheckOptions):
    file: OutputPath
    input_file: InputPath
    example: InputPath
    new_value: NewValue = Field(description="A variable only the example has is added with the example's value, "
                                "or empty (`NAME=`).")
    obsolete: Obsolete = Field(description="A variable the example no longer has is removed, commented out "
                               "(`# NAME=value`, anywhere) or kept as it is.")
    order: Order = Field(description="example: the variables in the example's order (kept obsolete ones after "
                         "them); append: the file's own order, the new ones after it in the example's order.")


def _shown(var: Var) -> str:
    return f"{var.name}={var.value}"


def expected(local: list[Var], example: list[Var], opts: EnvSynced) -> tuple[list[Var], list[Var]]:
    """The active variables the file must hold, in order, and the obsolete ones it must hold commented out."""
    mine = {v.name: v for v in local if v.active}
    theirs = [v for v in example if v.active]
    names = {v.name for v in theirs}
    new = [Var(v.name, v.value if opts.new_value == "example" else "", 0) for v in theirs if v.name not in mine]
    old = [v for v in mine.values() if v.name not in names]
    kept = old if opts.obsolete == "keep" else []
    if opts.order == "example":
        added = {v.name: v for v in new}
        active = [mine.get(v.name) or added[v.name] for v in theirs] + kept
    else:
        active = [v for v in mine.values() if v.name in names or opts.obsolete == "keep"] + new
    return active, old if opts.obsolete == "comment" else []


@register_check("text.env_synced", EnvSynced, view="text")
def env_synced(state: FinalState, opts: EnvSynced) -> Verdict:
    """The active variables are exactly the expected ones in the expected order, each with its value
    (the file's own where it had one; the example's or empty for a new one); obsolete ones removed,
    commented out with their value, or kept, as asked. Comments and blank lines are free."""
    local = variables(input_view(state, opts.input_file, TextView))
    want, commented = expected(local, variables(input_view(state, opts.example, TextView)), opts)
    got = variables(output_view(state, opts.file, TextView))
    problem = entries_diff(want, [v for v in got if v.active], opts.file, _shown,
                           lambda w, g: (w.name, w.value) == (g.name, g.value), "variables")
    if problem:
        return Verdict.of(False, problem)
    off = {(v.name, v.value) for v in got if not v.active}
    for var in commented:
        if (var.name, var.value) not in off:
            return Verdict.of(False, f"{opts.file} does not keep {var.name} commented out (# {_shown(var)})")
    return Verdict.of(True, f"{opts.file} has the example's {len(want)} variables in place, its own values kept")
