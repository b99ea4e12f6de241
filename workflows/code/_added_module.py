"""What the families whose target is a module added to a catalogue package share (a service client,
a file-handling module, a status module): the package drawn with its company's name, then the new
module and its test file put in and listed in the README."""

from __future__ import annotations

import random

from faker import Faker

from preparers.code import ProjectContent
from workflows.code._all_kinds import make_package


def base_package(rng: random.Random, faker: Faker, kind: str) -> tuple[ProjectContent, str]:
    """A catalogue package of `kind` (with 0-1 neighbours) and the company its docstring names."""
    project = make_package(rng, faker, kind, neighbours=rng.randint(0, 1))
    company = project.files[f"{project.package}/__init__.py"].split("for ", 1)[1].rsplit('."""', 1)[0]
    return project, company


def with_module(project: ProjectContent, stem: str, source: str, tests: str, about: str,
                functions: list[str]) -> ProjectContent:
    """The package with `<package>/<stem>.py` and `tests/test_<stem>.py` added, as the task's target."""
    module, test_file = f"{project.package}/{stem}.py", f"tests/test_{stem}.py"
    files = {**project.files, module: source, test_file: tests}
    files["README.md"] = files["README.md"].replace("\n\nRun the tests", f"\n- `{module}`: {about}.\n\nRun the tests", 1)
    return project.model_copy(update={"module": module, "test_file": test_file, "functions": functions,
                                      "files": files, "bugs": []})
