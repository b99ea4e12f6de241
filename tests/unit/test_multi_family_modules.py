"""The multi families registered once per format pair or source are classes made with type() under
ABCMeta, whose __module__ would be 'abc': `forge docs` then described 58 of them by abc's docstring.
Each such family must name the module that defines it, and its reference row say what it does."""

from __future__ import annotations

from forge.cli.docgen import render
from workflows import WORKFLOWS


def test_every_multi_family_names_its_own_module() -> None:
    wrong = {name: type(WORKFLOWS.get(name)).__module__ for name in WORKFLOWS if name.startswith("multi.")
             and not type(WORKFLOWS.get(name)).__module__.startswith("workflows.multi.")}
    assert not wrong, f"families whose class names another module: {wrong}"


def test_no_family_row_reads_the_abc_docstring() -> None:
    rows = [line for line in render()["workflows.md"].splitlines() if "PEP 3119" in line]
    assert not rows, f"{len(rows)} workflow rows describe a family by abc's docstring, e.g. {rows[0][:120]}"
