"""Swap a module's diagnostic print for a record on the module's own logger (same text, the asked
level), the tests unchanged or with a new caplog test that fails on the printing version."""

from __future__ import annotations

import ast
import random

from faker import Faker

from forge.models import ReferenceSolution
from preparers.code import ProjectContent
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._catalogue import LogRule
from workflows.code._api import KindOptions, base_params
from workflows.code._guards import insert_guard
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Options(KindOptions):
    test: bool | None = None
    """True: add a caplog test of the record; False: the tests stay as they are."""


class Params(ProjectParams):
    function: str
    level: str
    when: str
    trigger: str
    quiet: str
    test: bool


def printing(rule: LogRule) -> str:
    """The rule's guard with its `logger.<level>(fmt, *args)` as the print a first version has."""
    tree = ast.parse(rule.guard)
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(call := node.value, ast.Call) \
                and isinstance(call.func, ast.Attribute) and call.func.attr == rule.level:
            fmt, *args = call.args
            text = fmt if not args else ast.BinOp(fmt, ast.Mod(), args[0] if len(args) == 1 else ast.Tuple(args))
            node.value = ast.Call(ast.Name("print"), [text], [])
    return ast.unparse(tree)


def printing_package(rng: random.Random, faker: Faker, kind: str) -> tuple[ProjectContent, LogRule]:
    """A package of `kind` whose module prints where its log rule fires, and that rule."""
    rule = next(iter(KINDS[kind].logs.values()))
    project = make_package(rng, faker, kind)
    source = insert_guard(project.files[project.module], rule.function, printing(rule))
    return project.model_copy(update={"files": {**project.files, project.module: source}}), rule


@register_workflow
class PrintToLogging(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.print_to_logging", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "`{{ function }}` in {{ module }} (project {{ folder }}/) prints a diagnostic message when {{ when }}. "
            "Replace the print with logging: a module-level logger from logging.getLogger(__name__), writing the "
            "same message text at {{ level | upper }} level. For example {{ trigger }} must log it and print "
            "nothing, while {{ quiet }} must stay silent. {% if test %}Add a test to {{ test_file }} that checks "
            "the record with pytest's caplog.{% else %}Leave the tests in {{ test_file }} as they are.{% endif %} "
            "The suite must pass.",
            "The print in {{ function }}() ({{ module }}) ends up in our CLI's output, and ops can't filter it. Could "
            "you turn it into a proper {{ level }} log record on the module's logger (getLogger(__name__)), same "
            "wording? It fires when {{ when }}, e.g. {{ trigger }}; {{ quiet }} shouldn't log anything. "
            "{% if test %}Please cover it with a caplog test in {{ test_file }}.{% else %}No test changes needed in "
            "{{ test_file }}.{% endif %}",
            "{{ folder }}/: {{ module }}: {{ function }}'s print -> logger.{{ level }} (getLogger(__name__), same "
            "text; {{ trigger }} logs, {{ quiet }} silent); {% if test %}new caplog test in {{ test_file }}"
            "{% else %}{{ test_file }} unchanged{% endif %}; tests pass.",
        ],
        criteria=["The function logs the same text at the level instead of printing it.",
                  "Nothing is printed; the quiet call logs nothing; the tests are as the request says and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module that printed"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.prints_logged",
                              bind={"folder": "folder", "function": "function", "level": "level",
                                    "trigger": "trigger", "quiet": "quiet", "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        kind = opts.kind or ctx.rng.choice(sorted(KINDS))
        project, rule = printing_package(ctx.rng, ctx.faker, kind)
        paths, archive = base_params(project)
        test = opts.test if opts.test is not None else ctx.rng.random() < 0.5
        return Params(**paths, function=rule.function, level=rule.level, when=rule.when, trigger=rule.trigger,
                      quiet=rule.quiet, test=test).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast, re
            path, level = {lit(params.module)}, {lit(params.level)}
            source = open(path).read()
            tree = ast.parse(source)
            head = [n for n in tree.body[:1] if isinstance(n, ast.Expr)]
            head += [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
            at = max((n.end_lineno for n in head), default=0)
            printed = next(n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "print")
            arg = printed.args[0]
            args = [arg.left, arg.right] if isinstance(arg, ast.BinOp) else [arg]
            if isinstance(arg, ast.BinOp) and isinstance(arg.right, ast.Tuple):
                args = [arg.left, *arg.right.elts]
            lines = source.split("\\n")
            row = printed.lineno - 1
            call = f"logger.{{level}}(" + ", ".join(ast.unparse(a) for a in args) + ")"
            lines[row] = lines[row][:printed.col_offset] + call + lines[row][printed.end_col_offset:]
            lines[at:at] = ["", "import logging", "", "logger = logging.getLogger(__name__)"]
            open(path, "w").write("\\n".join(lines))
            if {params.test!r}:
                test = ["", "", "def test_{params.function}_logs(caplog):",
                        "    import logging", "    with caplog.at_level(logging.{params.level.upper()}):",
                        "        {params.trigger}", "    assert any(r.levelname == {params.level.upper()!r} for r in caplog.records)"]
                open({lit(params.test_file)}, "a").write("\\n".join(test) + "\\n")
        """
        tested = f" and a caplog test in {params.test_file}" if params.test else ""
        return solution(
            shell_step(f"grep -n 'print(' {params.module}", "First I find the print.", "Find the print"),
            script_step(script, f"I add a module logger and log the same message at {params.level} instead of "
                        f"printing it{tested}.", "Log instead of printing"),
            pytest_step(params.folder, "The suite must pass."))
