"""Checks over a pip requirements file edited by hand: a package pinned to a version, a pin moved
to a newer release, a pin loosened to a compatible release (`~=`) or a minimum (`>=`), a package
added in its alphabetical place, one removed, an extra added (`celery[redis]`), or every line sorted
A to Z.

A line is read as a requirement: its name (case, `-`, `_` and `.` alike, as pip compares them), its
extras, its version clauses (in any order, spaces free) and its environment marker; comments, blank
lines and `-r`/`--` option lines are kept apart and free.
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

Operation = Literal["pin", "bump", "loosen", "minimum", "add", "remove", "sort", "extra"]
_LINE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?\s*([^;]*?)\s*(?:;\s*(.*))?$")
_CLAUSE = re.compile(r"^(===|==|~=|!=|>=|<=|>|<)\s*[A-Za-z0-9.*+!_-]+$")


def normalized(name: str) -> str:
    """A project name as pip compares it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


class Requirement(NamedTuple):
    name: str
    extras: frozenset[str]
    spec: frozenset[str]
    marker: str
    line: int
    text: str

    @property
    def key(self) -> tuple[str, frozenset[str], frozenset[str], str]:
        return (normalized(self.name), self.extras, self.spec, self.marker)


def parse(text: str, line: int) -> Requirement | None:
    """The requirement a line states, or None when it is not one."""
    match = _LINE.match(text)
    if match is None:
        return None
    name, extras, spec, marker = match.groups()
    clauses = [c.strip() for c in spec.split(",")] if spec.strip() else []
    if not all(_CLAUSE.match(c) for c in clauses):
        return None
    return Requirement(name, frozenset(e.strip().lower() for e in (extras or "").split(",") if e.strip()),
                       frozenset(re.sub(r"\s+", "", c) for c in clauses), re.sub(r"\s+", "", marker or ""), line,
                       text)


def requirements(view: TextView) -> list[Requirement]:
    """The file's requirements in order; a line that is none, nor a comment or an option, is `bad`
    (a requirement named '' holding the line)."""
    found: list[Requirement] = []
    for number, raw in enumerate(view.lines, start=1):
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith(("#", "-")):
            continue
        found.append(parse(line, number) or Requirement("", frozenset(), frozenset(), "", number, line))
    return found


def _shown(req: Requirement) -> str:
    return f"requirement {req.text!r}" if req.name else f"line {req.text!r}"


def _same(a: Requirement, b: Requirement) -> bool:
    return a.key == b.key


class RequirementsEdited(CheckOptions):
    file: OutputPath
    input_file: InputPath
    operation: Operation = Field(description="pin / bump: `package==version`; loosen: `package~=` its pinned "
                                 "version; minimum: `package>=version`; add `package==version` in its alphabetical "
                                 "place; remove it; extra: `package[extra]`; sort every line A to Z by name.")
    package: str | None = Field(default=None, description="The package the edit is about (all but sort).")
    version: str | None = Field(default=None, description="pin, bump, minimum, add: the version asked.")
    extra: str | None = Field(default=None, description="extra: the extra to install it with.")


def expected(original: list[Requirement], opts: RequirementsEdited, path: str) -> list[Requirement]:
    """The input's requirements with the edit made."""
    if opts.operation == "sort":
        return sorted(original, key=lambda r: normalized(r.name))
    if not opts.package:
        raise CheckError(f"{opts.operation} needs the package it is about")
    name = normalized(opts.package)
    hits = [k for k, r in enumerate(original) if normalized(r.name) == name]
    if opts.operation == "add":
        if hits or not opts.version:
            raise CheckError(f"{path} already lists {opts.package} (or no version given); not for this check")
        new = Requirement(opts.package, frozenset(), frozenset({f"=={opts.version}"}), "", 0, f"{opts.package}=="
                          f"{opts.version}")
        return sorted([*original, new], key=lambda r: normalized(r.name))
    if len(hits) != 1:
        raise CheckError(f"{path} lists {opts.package} {len(hits)} times; not for this check")
    k, old = hits[0], original[hits[0]]
    if opts.operation == "remove":
        return original[:k] + original[k + 1:]
    pinned = next((c[2:] for c in old.spec if c.startswith("==")), None)
    spec = {"pin": f"=={opts.version}", "bump": f"=={opts.version}", "minimum": f">={opts.version}",
            "loosen": f"~={pinned}", "extra": None}[opts.operation]
    missing = {"pin": not opts.version, "bump": not opts.version, "minimum": not opts.version,
               "loosen": pinned is None, "extra": not opts.extra}[opts.operation]
    if missing:
        raise CheckError(f"{opts.operation} of {opts.package} needs a version, an extra, or (loosen) a pinned one")
    extras = old.extras | {opts.extra.lower()} if opts.operation == "extra" and opts.extra else old.extras
    new = old._replace(spec=frozenset({spec}) if spec else old.spec, extras=extras,
                       text=f"{old.name}{'[' + ','.join(sorted(extras)) + ']' if extras else ''}"
                            f"{spec or ','.join(sorted(old.spec))}")
    if new.key == old.key:
        raise CheckError(f"the edit leaves {old.text!r} of {path} as it is; not for this check")
    return [*original[:k], new, *original[k + 1:]]


@register_check("text.requirements_edited", RequirementsEdited, view="text")
def requirements_edited(state: FinalState, opts: RequirementsEdited) -> Verdict:
    """Every requirement is as the input has it but the one edit (a pin set, moved, loosened to ~= or
    >=, a package added in its alphabetical place or removed, an extra added), or every line sorted
    A to Z by name; comments, blank lines and spacing are free, names compare as pip compares them."""
    original = requirements(input_view(state, opts.input_file, TextView))
    want = expected(original, opts, opts.input_file)
    got = requirements(output_view(state, opts.file, TextView))
    problem = entries_diff(want, got, opts.file, _shown, _same, "requirements")
    if problem:
        return Verdict.of(False, problem)
    return Verdict.of(True, f"{opts.operation}: {len(want)} requirements as asked")
