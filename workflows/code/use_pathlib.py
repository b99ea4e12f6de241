"""Move a file-handling module from os.path to pathlib, as a team does when it modernises old code:
no os.path left, or no os module at all, or also no builtin open() (Path's own methods); the
functions keep their parameters and their str results, so the tests stay as they are."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._file_modern import MODERN
from workflows.code._file_modules import FILE_MODULES, add_file_module
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

LEVELS = {
    "os_path": "replace every os.path call with pathlib (the os module itself may stay where it still has a job)",
    "no_os": "take it off the os module entirely: joining paths, listing folders, creating them, existence checks "
             "and file sizes all through pathlib.Path, with no `import os` left",
    "path_io": "take it off the os module entirely (no `import os` left) and stop calling the builtin open() too: "
               "read and write through Path's own methods (read_text, write_text, Path.open)",
}


class Options(SkillParams):
    kind: Literal[tuple(FILE_MODULES)] | None = None  # type: ignore[valid-type]
    level: Literal[tuple(LEVELS)] | None = None  # type: ignore[valid-type]


class Params(ProjectParams):
    kind: str
    level: str
    ask: str


@register_workflow
class UsePathlib(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_pathlib", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "We are moving the project {{ folder }}/ to pathlib. In {{ module }}, {{ ask }}. The functions keep "
            "their parameters and keep returning plain str paths, so callers don't notice; {{ test_file }} stays "
            "as it is and must pass.",
            "{{ module }} still does everything with os.path, which reviewers keep flagging. Could you "
            "{{ ask }}? Same function signatures, still str results, and please don't touch {{ test_file }}.",
            "{{ folder }}/: {{ module }}: {{ ask }}; signatures and str return values unchanged; {{ test_file }} "
            "untouched; suite green.",
        ],
        criteria=["The module works through pathlib to the extent asked.",
                  "Functions keep their parameters and results; the tests are unchanged and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The file-handling module")],
        checks=[CheckTemplate(func="project.pathlib_used", bind={"folder": "folder", "level": "level"},
                              paths={"file": "module"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = opts.kind or ctx.rng.choice(sorted(FILE_MODULES))
        level = opts.level or ctx.rng.choice(sorted(LEVELS))
        paths, archive = base_params(add_file_module(ctx.rng, ctx.faker, kind))
        return Params(**paths, kind=kind, level=level, ask=LEVELS[level]).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            path = {lit(params.module)}
            head = open(path).read().split("\\n", 1)[0]
            open(path, "w").write(head + "\\n" + {lit(MODERN[params.kind])})
        """
        return solution(
            shell_step(f"grep -n 'os\\.\\|open(' {params.module}", "First I list every os call and open() in the "
                       "module.", "Find the os.path calls"),
            script_step(script, "I rewrite the module's functions on pathlib.Path, same names, parameters and str "
                        "results, keeping its docstring.", "Move the module to pathlib"),
            pytest_step(params.folder, "The tests must pass unchanged."))
