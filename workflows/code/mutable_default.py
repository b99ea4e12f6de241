"""Fix a mutable default argument, the bug a linter flags (B006) and users meet as a function that
"remembers" earlier calls: a default list, dict or set made once and shared by every call. Each
call without the argument starts afresh; a container the caller passes is updated in place as
before, or left untouched (the function works on a copy); with the tests as given or a new test
that would have caught it."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._default_modules import DEFAULT_MODULES, add_default_module
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(DEFAULT_MODULES)] | None = None  # type: ignore[valid-type]
    untouched: bool | None = None
    """True: a container the caller passes is left as it was; False: it is updated in place, as now."""
    test: bool | None = None
    """True: a new test that fails on the original; False: the tests stay as they are."""


class Params(ProjectParams):
    function: str
    parameter: str
    holds: str
    empty: str
    copied: str
    untouched: bool
    test: bool


ASK = ("make each call of {{ function }}() without {{ parameter }} start from a new, empty one instead of sharing "
       "{{ holds }} with earlier calls{% if untouched %}, and stop it changing a {{ parameter }} the caller passes "
       "(work on a copy and return that){% else %}; a {{ parameter }} the caller passes must still be updated in "
       "place and returned, as now{% endif %}")
TESTS = ("{% if test %}Add a test to {{ test_file }} that would have caught the bug.{% else %}Leave {{ test_file }} "
         "as it is.{% endif %}")


@register_workflow
class MutableDefault(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.mutable_default", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, calling {{ function }}() ({{ module }}) twice without {{ parameter }} "
            "gives the second call {{ holds }} from the first: the default is made once and shared. Please " + ASK
            + ". " + TESTS + " The suite must pass.",
            "Ops say {{ function }}() in {{ folder }}/'s {{ module }} remembers {{ holds }} from earlier calls when no "
            "{{ parameter }} is passed. Could you " + ASK + "? " + TESTS,
            "{{ folder }}/: {{ module }}: {{ function }}() has a shared mutable default for {{ parameter }}; " + ASK
            + ". " + TESTS + " Suite green.",
            "The linter flags {{ function }}()'s {{ parameter }} default in {{ module }} ({{ folder }}/), and it bites: "
            + ASK + ". " + TESTS + " Every test should pass.",
        ],
        criteria=["Each call without the argument starts afresh; the default is no shared list, dict or set.",
                  "A container the caller passes is treated as asked; results unchanged; the tests as asked pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the function"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.mutable_default_fixed",
                              bind={"folder": "folder", "function": "function", "parameter": "parameter",
                                    "untouched": "untouched", "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_default_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(DEFAULT_MODULES)))
        paths, archive = base_params(project)
        untouched = opts.untouched if opts.untouched is not None else spec.can_copy and ctx.rng.random() < 0.5
        return Params(**paths, function=spec.function, parameter=spec.parameter, holds=spec.holds, empty=spec.empty,
                      copied=spec.copied.format(p=spec.parameter), untouched=untouched,
                      test=opts.test if opts.test is not None else ctx.rng.random() < 0.5).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        start = (f"    {params.parameter} = {params.empty} if {params.parameter} is None else {params.copied}"
                 if params.untouched else f"    if {params.parameter} is None:\n        {params.parameter} = {params.empty}")
        script = f"""
            import ast, re
            path, tests = {lit(params.module)}, {lit(params.test_file)}
            function, parameter = {lit(params.function)}, {lit(params.parameter)}
            source = open(path).read()
            node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == function)
            lines = source.split("\\n")
            lines[node.lineno - 1] = re.sub(r"\\b" + parameter + r"=(\\[\\]|\\{{\\}}|set\\(\\))", parameter + "=None",
                                            lines[node.lineno - 1])
            lines.insert(node.body[0].end_lineno, {lit(start)})
            at = [a.arg for a in node.args.args].index(parameter)  # a call passing fewer arguments uses the default
            open(path, "w").write("\\n".join(lines))
            if {params.test!r}:
                text = open(tests).read()
                test = next(n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Assert)
                            and isinstance(n.test, ast.Compare) and isinstance(n.test.left, ast.Call)
                            and getattr(n.test.left.func, "id", "") == function
                            and len(n.test.left.args) <= at and parameter not in {{k.arg for k in n.test.left.keywords}})
                check = "    assert " + ast.unparse(test.test) + "\\n"
                open(tests, "w").write(text.rstrip("\\n") + "\\n\\n\\ndef test_" + function + "_starts_afresh():\\n"
                                       + check + check)
        """
        return solution(
            shell_step(f"grep -n 'def {params.function}' -A4 {params.module}", f"First I look at {params.function}()'s "
                       f"signature and where it fills {params.parameter}.", f"Read {params.function}"),
            script_step(script, f"I default {params.parameter} to None and make " + (
                "a copy of the caller's (or a new one)" if params.untouched else "a new one only when none is passed")
                + (", and add a test that calls it twice without it." if params.test else "."),
                f"Fix the default of {params.parameter}"),
            pytest_step(params.folder, "The suite must pass."))
