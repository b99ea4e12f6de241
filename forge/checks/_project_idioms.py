"""What the idiom checks share (loops, dict handling): options whose bool fields name the kinds of
long-hand code to replace (at least one), and the verdict: each top-level function whose ORIGINAL
code is of an asked kind has none of the long-hand construct left and uses an idiom for it, the
tests are as given and the suite passes (run in a sandbox through `forge.checks.project`)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import ClassVar, NamedTuple

from pydantic import Field, model_validator

from forge.checks._project_pair import module_and_tests
from forge.checks.project import ProjectEdit, _tests_verdict
from forge.checks.project_refactor import edited_test
from forge.checks.spec import OutputPath, Verdict
from forge.checks.state import FinalState


class Idiom(NamedTuple):
    finds: Callable[[ast.FunctionDef], bool]
    """The ORIGINAL function does it the long way."""
    uses: Callable[[ast.FunctionDef], bool]
    """The function as left uses an idiom for it."""
    idiom: str
    """The idioms as the request names them."""


class IdiomEdit(ProjectEdit):
    """Options whose bool fields named in KINDS say which long-hand code goes."""

    KINDS: ClassVar[tuple[str, ...]] = ()
    test_file: OutputPath = Field(description="The module's tests, left as they are.")

    @model_validator(mode="after")
    def _some_kind(self) -> IdiomEdit:
        if not self.kinds:
            raise ValueError(f"name at least one kind to replace ({', '.join(self.KINDS)})")
        return self

    @property
    def kinds(self) -> list[str]:
        return [kind for kind in self.KINDS if getattr(self, kind)]


def idioms_verdict(state: FinalState, opts: IdiomEdit, table: dict[str, Idiom],
                   leftover: Callable[[ast.FunctionDef], list[int]], still: str) -> Verdict:
    """The shared verdict; `leftover` gives the lines of the long-hand construct left in a function
    (`still` says what it does there, e.g. 'still loops with a for statement')."""
    pair = module_and_tests(state, opts.folder, opts.file, opts.test_file)
    if isinstance(pair, str):
        return Verdict.of(False, pair)
    now = {n.name: n for n in pair.tree.body if isinstance(n, ast.FunctionDef)}
    replaced = 0
    for node in ast.parse(pair.before.files[pair.module]).body:
        for kind in opts.kinds if isinstance(node, ast.FunctionDef) else []:
            if not table[kind].finds(node):
                continue
            new = now.get(node.name)
            if new is None:
                return Verdict.of(False, f"{opts.file} no longer defines {node.name}")
            if left := leftover(new):
                return Verdict.of(False, f"{node.name} {still} (line {left[0]})")
            if not table[kind].uses(new):
                return Verdict.of(False, f"{node.name} does not use {table[kind].idiom}")
            replaced += 1
    if path := edited_test(pair.before, pair.after):
        return Verdict.of(False, f"{opts.folder}/{path} was changed; the tests must stay as they were")
    if msg := _tests_verdict(pair.after, pair.before):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{replaced} functions use the idioms asked; the tests pass")
