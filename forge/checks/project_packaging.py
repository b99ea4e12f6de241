"""A project's packaging metadata edited as asked: a dependency added, raised or dropped, an optional
group, the Python floor, a console script, a version bump. The check parses the project's
pyproject.toml before and after (tomllib), applies the one change to the original and compares the
WHOLE table, so a change missing, made wrong or joined by an unasked one fails; requirement strings
compare by their written form without spaces, the package name in any case.
"""

from __future__ import annotations

import copy
import re
import tomllib
from typing import Any, Literal

from pydantic import Field

from forge.checks.project import ProjectEdit, _inside, project_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.errors import CheckError

Change = Literal["dependency", "optional", "bump_dep", "remove_dep", "python", "script", "major", "minor", "patch"]
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def req_name(requirement: str) -> str:
    found = _NAME.match(requirement)
    return re.sub(r"[-_.]+", "-", found[1]).lower() if found else requirement.strip().lower()


def _norm(requirement: str) -> str:
    """A requirement as compared: no spaces, the name normalised (PEP 503)."""
    text = requirement.replace(" ", "")
    found = _NAME.match(text)
    return req_name(text) + text[found.end():] if found else text


class PyprojectEdited(ProjectEdit):
    change: Change
    requirement: str | None = Field(default=None, description="dependency/optional/bump_dep: the requirement as "
                                                              "stated ('requests>=2.31'); remove_dep: the name.")
    group: str | None = Field(default=None, description="optional: the optional-dependencies group.")
    python: str | None = Field(default=None, description="python: the requires-python specifier.")
    script: str | None = Field(default=None, description="script: the console script's name.")
    target: str | None = Field(default=None, description="script: 'package.module:function'.")


def _bump(version: str, part: str) -> str:
    parts = [int(p) for p in version.split(".")]
    if len(parts) != 3:
        raise CheckError(f"version {version!r} is not MAJOR.MINOR.PATCH")
    index = ["major", "minor", "patch"].index(part)
    return ".".join(str(p + 1 if i == index else 0 if i > index else p) for i, p in enumerate(parts))


def expected_table(before: dict[str, Any], opts: PyprojectEdited) -> dict[str, Any]:
    """The original table with the asked change made."""
    table = copy.deepcopy(before)
    project = table["project"]
    deps: list[str] = project.setdefault("dependencies", [])
    if opts.change in ("dependency", "optional", "bump_dep") and not opts.requirement:
        raise CheckError(f"change {opts.change} needs the requirement")
    if opts.change == "dependency":
        deps.append(opts.requirement)  # type: ignore[arg-type]
    elif opts.change == "optional":
        project.setdefault("optional-dependencies", {}).setdefault(opts.group, []).append(opts.requirement)
    elif opts.change in ("bump_dep", "remove_dep"):
        name = req_name(opts.requirement or "")
        if not any(req_name(d) == name for d in deps):
            raise CheckError(f"the project has no dependency {name!r} to change")
        project["dependencies"] = [d for d in deps if req_name(d) != name]
        if opts.change == "bump_dep":
            project["dependencies"].append(opts.requirement)
    elif opts.change == "python":
        project["requires-python"] = opts.python
    elif opts.change == "script":
        project.setdefault("scripts", {})[opts.script] = opts.target
    else:
        project["version"] = _bump(project["version"], opts.change)
    return table


def _compared(table: Any, key: str = "") -> Any:
    """The table with requirement lists as sorted, normalised strings."""
    if isinstance(table, dict):
        return {k: _compared(v, k if key != "optional-dependencies" else "dependencies") for k, v in table.items()}
    if isinstance(table, list) and key == "dependencies" and all(isinstance(v, str) for v in table):
        return sorted(_norm(v) for v in table)
    return table


def _first_difference(want: Any, have: Any, where: str = "") -> str:
    if isinstance(want, dict) and isinstance(have, dict):
        for key in sorted(set(want) | set(have)):
            if key not in have:
                return f"{where}{key} is missing"
            if key not in want:
                return f"{where}{key} = {have[key]!r} was not asked for"
            if want[key] != have[key]:
                return _first_difference(want[key], have[key], f"{where}{key}.")
    return f"{where.rstrip('.')} is {have!r}, expected {want!r}"


@register_check("project.pyproject_edited", PyprojectEdited, source="project", view="project")
def pyproject_edited(state: FinalState, opts: PyprojectEdited) -> Verdict:
    """pyproject.toml parses, and it is exactly the original with the asked change made (a requirement
    added to the dependencies or to an optional group, one raised or dropped, requires-python set,
    a console script added, the version's major/minor/patch part raised and the lower ones reset);
    requirement lists compare in any order, spaces and the name's case aside."""
    path = _inside(opts.folder, opts.file)
    before_text = project_view(state, opts.folder, original=True).files.get(path)
    if before_text is None:
        raise CheckError(f"the project {opts.folder}/ has no {path}")
    after_text = project_view(state, opts.folder).files.get(path)
    if after_text is None:
        return Verdict.of(False, f"{opts.file} does not exist")
    try:
        after = tomllib.loads(after_text)
    except tomllib.TOMLDecodeError as exc:
        return Verdict.of(False, f"{opts.file} is not valid TOML: {exc}")
    want = _compared(expected_table(tomllib.loads(before_text), opts))
    have = _compared(after)
    if have != want:
        return Verdict.of(False, f"{opts.file}: {_first_difference(want, have)}")
    return Verdict.of(True, f"{opts.file}: {opts.change} done, nothing else changed")
