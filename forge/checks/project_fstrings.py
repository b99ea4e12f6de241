"""A module's strings built with f-strings instead of the older ways, over `ProjectView`: none of the
asked styles is left (%-formatting of a string, str.format() on a literal, `+` with a string on
either side), every function that used one now builds its text with an f-string (not another old
style or a join), the tests are as given and the suite passes (they pin every line, format specs
included; run in a sandbox through `forge.checks.project`)."""

from __future__ import annotations

import ast
from typing import Literal

from pydantic import Field, model_validator

from forge.checks._project_pair import module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict, register_check
from forge.checks.state import FinalState

Style = Literal["percent", "format", "concat"]
SHOWN = {"percent": "%-formatting", "format": "str.format()", "concat": "+ between strings"}


def _text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str)


def _style(node: ast.AST) -> Style | None:
    """The old way of building a string `node` is, if it is one."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _text(node.left):
        return "percent"
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
            and _text(node.func.value)):
        return "format"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and any(_text(o) for o in _operands(node)):
        return "concat"
    return None


def _operands(node: ast.AST) -> list[ast.AST]:
    """The terms of a chain of `+` (a + b + c), left to right."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _operands(node.left) + _operands(node.right)
    return [node]


def old_styles(tree: ast.AST, styles: list[str]) -> list[tuple[str, int]]:
    """(style, line) of every use of one of `styles`, in line order."""
    found = [(style, node.lineno) for node in ast.walk(tree) if (style := _style(node)) in styles]
    return sorted(found, key=lambda each: (each[1], each[0]))


class FstringsUsed(ProjectEdit):
    test_file: OutputPath = Field(description="The module's tests, left as they are.")
    percent: bool = Field(description="%-formatting of strings goes.")
    str_format: bool = Field(description="str.format() on literals goes.")
    concat: bool = Field(description="`+` with a string on either side goes.")

    @model_validator(mode="after")
    def _some_style(self) -> FstringsUsed:
        if not self.styles:
            raise ValueError("name at least one old style to replace (percent, str_format, concat)")
        return self

    @property
    def styles(self) -> list[str]:
        return [s for s, asked in (("percent", self.percent), ("format", self.str_format), ("concat", self.concat))
                if asked]


@register_check("project.fstrings_used", FstringsUsed, source="project", view="project")
def fstrings_used(state: FinalState, opts: FstringsUsed) -> Verdict:
    """No use of an asked style is left in the module; each top-level function that had one builds
    its text with an f-string now; the tests are unchanged and the suite passes."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    if left := old_styles(pair.tree, opts.styles):
        style, line = left[0]
        return Verdict.of(False, f"{opts.file} still uses {SHOWN[style]} on line {line}")
    now = {n.name: n for n in pair.tree.body if isinstance(n, ast.FunctionDef)}
    for node in ast.parse(pair.before.files[pair.module]).body:
        if isinstance(node, ast.FunctionDef) and old_styles(node, opts.styles):
            new = now.get(node.name)
            if new is None:
                return Verdict.of(False, f"{opts.file} no longer defines {node.name}")
            if not any(isinstance(n, ast.JoinedStr) for n in ast.walk(new)):
                return Verdict.of(False, f"{node.name} builds its text without an f-string")
    if path := edited_test(pair.before, pair.after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{opts.file} builds its strings with f-strings ({', '.join(SHOWN[s] for s in opts.styles)} "
                      "gone); the tests pass")
