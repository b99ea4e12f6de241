"""The package catalogue: small real-world Python modules (stock keeping, payroll, shipping, ...) and
the edits a developer is asked to make in them, so the code families cover more than two projects.

A `Kind` is one module as data: its source (with seeded constants), example calls per function (the
generated tests assert what the clean code returns for each), and the things tasks are made of:
planted `bugs`, `features` to add, `validations` to add, `magic` numbers to name, `logs` to add. A
package (`make_package`) holds the target kind's module and one or two other kinds' modules, each
with its own test file, so the task is found among several modules, as in a real repository.
Everything is proven before it is returned: the tests pass on the clean code, each bug makes a
test fail, each magic literal and feature name fits its module.

    project = make_package(rng, faker, "inventory")      # a preparers.code.ProjectContent
    bug = KINDS["inventory"].bug("reorder_boundary")
"""

from __future__ import annotations

import random
import textwrap
import types
from collections.abc import Callable
from typing import Literal

from faker import Faker
from pydantic import BaseModel, ConfigDict, Field

from forge.errors import PreparerError
from preparers.code import Bug, Feature, ProjectContent, Validation
from preparers.code import _run_tests as _failing  # names of the failing tests, run in-process
from preparers.document import slug


class Magic(BaseModel):
    """A bare literal in one function that deserves a named module constant."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    function: str
    literal: str = Field(description="As written in the source, e.g. '90' or '0.2'; it occurs once in the module.")
    constant: str = Field(description="The name the request asks for, e.g. 'SHELF_LIFE_DAYS'.")
    meaning: str = Field(description="What the number is, as a request would say it.")


class LogRule(BaseModel):
    """A log record a function must start writing: `guard` is what a developer adds at its top."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    function: str
    level: Literal["warning", "info"] = "warning"
    when: str = Field(description="When to log, as a request would say it.")
    guard: str = Field(description="Lines using `logger` (a module-level logging.getLogger(__name__)).")
    trigger: str = Field(description="A call that must log at the level.")
    quiet: str = Field(description="A call that must not log at the level or above.")


class Kind(BaseModel):
    """One module of the catalogue, and the tasks it offers."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    name: str = Field(description="Stable id used in skill params, e.g. 'inventory'.")
    module: str = Field(description="The module's file stem, e.g. 'stock'.")
    about: str = Field(description="What it is for, e.g. 'Stock keeping'.")
    source: str = Field(description="The module's text; `{company}` and the drawn values are filled in.")
    values: Callable[[random.Random], dict[str, object]]
    calls: dict[str, list[str]] = Field(description="Arguments per function that the generated tests use.")
    bugs: list[Bug]
    features: list[Feature] = Field(default_factory=list)
    validations: dict[str, Validation] = Field(default_factory=dict, description="By rule id.")
    magic: dict[str, Magic] = Field(default_factory=dict, description="By constant id.")
    logs: dict[str, LogRule] = Field(default_factory=dict, description="By rule id.")
    renames: list[str] = Field(default_factory=list, description="Other names the module could be given.")

    def items(self, what: str) -> dict[str, object]:
        """The kind's bugs, features, validations, magic or logs, by their id."""
        if what == "bugs":
            return {b.id: b for b in self.bugs}
        if what == "features":
            return {f.name: f for f in self.features}
        return dict(getattr(self, what))


KINDS: dict[str, Kind] = {}


def register_kind(kind: Kind) -> Kind:
    """Add a kind to the catalogue; a duplicate name or module stem fails at import."""
    if kind.name in KINDS or any(k.module == kind.module for k in KINDS.values()):
        raise PreparerError(f"catalogue kind {kind.name!r} (module {kind.module!r}) registered twice")
    KINDS[kind.name] = kind
    return kind


def item_ids(what: str) -> list[str]:
    """`kind.item` ids over the catalogue, for one of: bugs, features, validations, magic, logs."""
    return [f"{kind.name}.{key}" for kind in KINDS.values() for key in kind.items(what)]


def find(what: str, item_id: str) -> tuple[Kind, object]:
    """The kind and the item an id of `item_ids(what)` names."""
    kind_name, key = item_id.split(".", 1)
    kind = KINDS[kind_name]
    return kind, kind.items(what)[key]


def _load(source: str, package: str, name: str) -> types.ModuleType:
    module = types.ModuleType(f"{package}.{name}")
    exec(compile(source, f"{package}/{name}.py", "exec"), module.__dict__)  # noqa: S102 - our own source
    return module


def _tests(module: types.ModuleType, kind: Kind, package: str, values: dict[str, object]) -> str:
    names = sorted(kind.calls)
    body = [f"from {package}.{kind.module} import {', '.join(names)}", "", "import pytest  # noqa: F401", ""]
    for function in names:
        for n, args in enumerate(kind.calls[function], start=1):
            shown = args.format(**values)
            result = eval(f"{function}({shown})", vars(module))  # our own calls
            body += ["", f"def test_{function}_{n}():", f"    assert {function}({shown}) == {result!r}", ""]
    return "\n".join(body).rstrip() + "\n"


def render(kind: Kind, rng: random.Random, company: str) -> tuple[str, dict[str, object]]:
    values = kind.values(rng)
    return textwrap.dedent(kind.source).lstrip().format(company=company.replace('"', "'"), **values), values


def make_package(rng: random.Random, faker: Faker, kind_name: str, *, neighbours: int | None = None) -> ProjectContent:
    """A package with the kind's module (the task's) and 1-2 other kinds' modules, each with tests."""
    if kind_name not in KINDS:
        raise PreparerError(f"unknown catalogue kind {kind_name!r}; known: {', '.join(sorted(KINDS))}")
    kind = KINDS[kind_name]
    count = neighbours if neighbours is not None else rng.randint(1, 2)
    others = rng.sample(sorted(k for k in KINDS if k != kind_name), count)
    company = faker.company()
    package = slug(f"{faker.last_name()} {rng.choice(['tools', 'core', 'ops', 'lib', 'app'])}")
    files = {f"{package}/__init__.py": f'"""Business helpers for {company}."""\n', "tests/__init__.py": "",
             "pytest.ini": "[pytest]\ntestpaths = tests\n"}
    source = tests = ""
    for name in [kind_name, *others]:
        each = KINDS[name]
        text, values = render(each, rng, company)
        module_tests = _tests(_load(text, package, each.module), each, package, values)
        if failing := _failing(text, module_tests, package, each.module):
            raise PreparerError(f"catalogue kind {name!r} fails its own tests: {failing}")
        files[f"{package}/{each.module}.py"], files[f"tests/test_{each.module}.py"] = text, module_tests
        if name == kind_name:
            source, tests = text, module_tests
    listing = "\n".join(f"- `{package}/{KINDS[n].module}.py`: {KINDS[n].about}." for n in [kind_name, *others])
    files["README.md"] = f"# {package}\n\nHelpers for {company}:\n\n{listing}\n\nRun the tests with `python3 -m pytest`.\n"
    module = _load(source, package, kind.module)
    content = ProjectContent(package=package, module=f"{package}/{kind.module}.py",
                             test_file=f"tests/test_{kind.module}.py",
                             functions=[n for n, v in vars(module).items() if isinstance(v, types.FunctionType)],
                             files=files, bugs=list(kind.bugs))
    for bug in kind.bugs:
        if not _failing(content.with_bug(bug)[content.module], tests, package, kind.module):
            raise PreparerError(f"no test of {kind_name!r} catches the planted bug {bug.id} ({bug.symptom})")
    return content


def differing_call(kind: Kind, project: ProjectContent, bug: Bug) -> tuple[str, object, object]:
    """(call, what the clean code returns, what the buggy code returns) for a test call the bug changes."""
    package = project.package
    clean = _load(project.files[project.module], package, kind.module)
    buggy = _load(project.with_bug(bug)[project.module], package, kind.module)
    first = project.files[project.test_file].split("\n", 1)[0]
    for line in project.files[project.test_file].splitlines():
        line = line.strip()
        if line.startswith(f"assert {bug.function}("):
            call = line.removeprefix("assert ").rsplit(" == ", 1)[0]
            want = eval(call, vars(clean))  # our own calls
            try:
                have: object = eval(call, vars(buggy))
            except Exception as exc:  # noqa: BLE001 - the buggy code may raise: that is what it returns
                have = f"an error ({type(exc).__name__})"
            if want != have:
                return call, want, have
    raise PreparerError(f"no test call of {bug.function} in {first!r} shows bug {bug.id}")


def without_catching(project: ProjectContent, bug: Bug) -> str:
    """The target test module without every test that fails with `bug` planted (whatever function it
    tests), so the suite passes on the buggy code: the bug slipped through, as reported bugs do."""
    name = project.module.rsplit("/", 1)[1].removesuffix(".py")
    tests = project.files[project.test_file]
    failing = set(_failing(project.with_bug(bug)[project.module], tests, project.package, name))
    blocks = tests.split("\n\n\n")
    kept = [b for b in blocks if not any(f"def {f}():" in b for f in failing)]
    return "\n\n\n".join(kept).rstrip() + "\n"


def feature_examples(project: ProjectContent, kind: Kind, feature: Feature, rng: random.Random,
                     count: int = 2) -> list[tuple[str, object]]:
    """(call, JSON-shaped result) examples of a feature, its body run in its module (it may use the
    module's constants and functions)."""
    import json

    namespace = dict(vars(_load(project.files[project.module], project.package, kind.module)))
    exec(f"def {feature.name}({feature.argument}):\n    {feature.body}\n", namespace)  # noqa: S102 - our own body
    out = []
    for _ in range(count):
        call = f"{feature.name}({feature.arguments(random.Random(rng.random()))})"
        out.append((call, json.loads(json.dumps(eval(call, namespace)))))  # our own call
    return out
