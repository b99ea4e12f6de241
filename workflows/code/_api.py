"""What the public-API families share (move_function, deprecate_function, add_doctests,
declare_exports): a catalogue kind named by the skill, its package drawn, and the module's
top-level functions read from its source."""

from __future__ import annotations

import ast
from typing import Literal

from preparers.code import ProjectContent
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._project import ProjectParams, project_files
from workflows.spec import SkillParams, WorkflowContext

KIND_IDS = tuple(sorted(KINDS))


class KindOptions(SkillParams):
    kind: Literal[KIND_IDS] | None = None  # type: ignore[valid-type]
    """The catalogue module the task is about (stock keeping, payroll, ...)."""


def draw_package(ctx: WorkflowContext) -> tuple[str, ProjectContent]:
    """The kind the skill names (or one drawn) and a package holding its module."""
    kind = getattr(ctx.options, "kind", None) or ctx.rng.choice(KIND_IDS)
    return kind, make_package(ctx.rng, ctx.faker, kind)


def functions(source: str) -> list[str]:
    """The module's top-level functions, in source order."""
    return [n.name for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)]


def leaf_functions(source: str) -> list[str]:
    """Top-level functions that use no other module-level name (they can move to another module)."""
    tree = ast.parse(source)
    top: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.Assign):
            top |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            top |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and not n.decorator_list
            and not ({x.id for x in ast.walk(n) if isinstance(x, ast.Name)} & top)]


def base_params(project: ProjectContent) -> tuple[dict[str, str], dict[str, bytes]]:
    """folder/module/test_file of a drawn package, and its archive for the project slot."""
    folder = ProjectParams.folder_of(project)
    return ({"folder": folder, "module": f"{folder}/{project.module}", "test_file": f"{folder}/{project.test_file}"},
            project_files(folder, project.files))
