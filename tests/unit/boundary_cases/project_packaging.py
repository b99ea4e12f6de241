"""Boundary cases of `project.pyproject_edited`: a requirement added (spaces and the name's case
aside, in any position), to the right optional group, a dependency raised or dropped (only that
one), a console script, a version bump that resets the lower parts; an unasked extra edit, a
dependency lost and TOML that does not parse fail."""

from __future__ import annotations

from preparers.filetypes.project import pack_project
from tests.unit.boundary_cases import Case

BASE = """[project]
name = "acme-lib"
version = "1.4.2"
requires-python = ">=3.8"
dependencies = [
    "pydantic>=1.10",
    "PyYAML>=5.4",
]

[tool.pytest.ini_options]
testpaths = ["tests"]
"""
FILES = {"acme/__init__.py": "", "tests/test_a.py": "def test_a():\n    pass\n", "pyproject.toml": BASE}


def edited(label: str, text: str, options: dict, passes: bool, says: str = "") -> Case:
    return Case(label, None, {"folder": "acme-lib", "file": "acme-lib/pyproject.toml", **options}, passes, says,
                files={f"acme-lib/{p}": (text if p == "pyproject.toml" else t).encode() for p, t in FILES.items()},
                originals={"acme-lib": pack_project(FILES)})


ADD = {"change": "dependency", "requirement": "requests>=2.31"}
CASES = {
    "project.pyproject_edited": [
        edited("a dependency added first, spaced and capitalised", BASE.replace(
            "dependencies = [\n", 'dependencies = [\n    "Requests >= 2.31",\n'), ADD, True),
        edited("the floor left out", BASE.replace("dependencies = [\n", 'dependencies = [\n    "requests",\n'), ADD,
               False, "project.dependencies is"),
        edited("added, and the version bumped unasked", BASE.replace("dependencies = [\n", 'dependencies = [\n    '
                                                                     '"requests>=2.31",\n').replace("1.4.2", "1.4.3"),
               ADD, False, "project.version is '1.4.3', expected '1.4.2'"),
        edited("added to the optional group asked", BASE.replace("[tool.pytest", '[project.optional-dependencies]\n'
                                                                 'test = ["pytest>=8.0"]\n\n[tool.pytest'),
               {"change": "optional", "requirement": "pytest>=8.0", "group": "test"}, True),
        edited("added to another group", BASE.replace("[tool.pytest", '[project.optional-dependencies]\ndev = '
                                                      '["pytest>=8.0"]\n\n[tool.pytest'),
               {"change": "optional", "requirement": "pytest>=8.0", "group": "test"}, False,
               "project.optional-dependencies.dev = ['pytest>=8.0'] was not asked for"),
        edited("pydantic raised", BASE.replace("pydantic>=1.10", "pydantic>=2.7"),
               {"change": "bump_dep", "requirement": "pydantic>=2.7"}, True),
        edited("PyYAML dropped with the other one", BASE.replace('    "pydantic>=1.10",\n', "").replace(
            '    "PyYAML>=5.4",\n', ""), {"change": "remove_dep", "requirement": "pyyaml"}, False,
               "project.dependencies is [], expected ['pydantic>=1.10']"),
        edited("a console script", BASE.replace("[tool.pytest", '[project.scripts]\nacme-report = "acme.stock:main"\n\n'
                                                "[tool.pytest"),
               {"change": "script", "script": "acme-report", "target": "acme.stock:main"}, True),
        edited("minor bump, patch reset", BASE.replace("1.4.2", "1.5.0"), {"change": "minor"}, True),
        edited("minor bump, patch kept", BASE.replace("1.4.2", "1.5.2"), {"change": "minor"}, False,
               "project.version is '1.5.2', expected '1.5.0'"),
        edited("not TOML any more", BASE.replace("[project]", "[project"), {"change": "patch"}, False,
               "is not valid TOML"),
    ],
}
