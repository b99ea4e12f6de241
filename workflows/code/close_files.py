"""Open every file of a module in a `with` statement instead of closing it by hand (a file left
open when a write raises), optionally passing encoding='utf-8' to each text-mode open() so the
module no longer depends on the machine's locale; behaviour and tests unchanged."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._file_modules import FILE_MODULES, add_file_module
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(FILE_MODULES)] | None = None  # type: ignore[valid-type]
    encoding: bool | None = None
    """True: every text-mode open() also passes encoding='utf-8'."""


class Params(ProjectParams):
    encoding: bool


ENCODING = ("{% if encoding %} and give every text-mode open() an explicit encoding=\"utf-8\" (the server's "
            "locale isn't UTF-8){% endif %}")


@register_workflow
class CloseFiles(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.close_files", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} opens files and closes them by hand, so a file stays open "
            "whenever something in between raises. Open each file in a `with` statement instead" + ENCODING + ". "
            "Keep the functions' behaviour and parameters; {{ test_file }} stays as it is and must pass.",
            "Code review on {{ module }}: no more open()/close() pairs, please use `with open(...)`" + ENCODING
            + ". Nothing else should change, and leave {{ test_file }} alone.",
            "{{ folder }}/: {{ module }}: every open() in a with statement, no manual close()" + ENCODING
            + "; same behaviour; {{ test_file }} untouched; suite green.",
        ],
        criteria=["Every file the module opens is opened in a with statement; nothing is closed by hand.",
                  "Encodings are as asked; behaviour and parameters are unchanged; the tests are unchanged and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The file-handling module")],
        checks=[CheckTemplate(func="project.files_closed", bind={"folder": "folder", "encoding": "encoding"},
                              paths={"file": "module"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = opts.kind or ctx.rng.choice(sorted(FILE_MODULES))
        encoding = opts.encoding if opts.encoding is not None else ctx.rng.random() < 0.5
        paths, archive = base_params(add_file_module(ctx.rng, ctx.faker, kind))
        return Params(**paths, encoding=encoding).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path = {lit(params.module)}
            source = open(path).read()
            lines = source.split("\\n")
            tree = ast.parse(source)
            edits = []
            for node in ast.walk(tree):
                for field in ("body", "orelse"):
                    block = getattr(node, field, None)
                    if not isinstance(block, list):
                        continue
                    for i, stmt in enumerate(block):
                        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) \\
                                and getattr(stmt.value.func, "id", "") == "open":
                            name = stmt.targets[0].id
                            close = next(s for s in block[i + 1:] if ast.unparse(s) == name + ".close()")
                            edits.append((stmt, close))
            for stmt, close in sorted(edits, key=lambda e: -e[0].lineno):
                call = stmt.value
                text = ast.unparse(call)
                mode = call.args[1].value if len(call.args) > 1 else "r"
                if {params.encoding!r} and "b" not in mode:
                    text = text[:-1] + ", encoding='utf-8')"
                indent = lines[stmt.lineno - 1][:stmt.col_offset]
                body = ["    " + line for line in lines[stmt.end_lineno:close.lineno - 1]]
                lines[stmt.lineno - 1:close.end_lineno] = [indent + "with " + text + " as " + stmt.targets[0].id + ":"] + body
            open(path, "w").write("\\n".join(lines))
        """
        encoded = " with encoding='utf-8' for text" if params.encoding else ""
        return solution(
            shell_step(f"grep -n 'open(\\|close()' {params.module}", "First I find each open() and its close().",
                       "Find the open/close pairs"),
            script_step(script, f"I turn each open()/close() pair into a with block{encoded}, indenting what "
                        "lay between.", "Use with statements"),
            pytest_step(params.folder, "The tests must pass unchanged."))
