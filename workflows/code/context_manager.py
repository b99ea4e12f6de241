"""Make a resource usable in a `with` statement, so a crash between opening and closing no longer
leaves a file open, a lock held or a batch half applied: the class itself (`__enter__`/`__exit__`)
or a `contextlib.contextmanager` function beside it; closing as usual, or rolling back when the
block raises; with the tests as given or a new test written with `with`."""

from __future__ import annotations

import re
from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.code._resources import RESOURCES, add_resource
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    resource: Literal[tuple(RESOURCES)] | None = None  # type: ignore[valid-type]
    form: Literal["class", "function"] | None = None
    """class: the class gets __enter__/__exit__; function: a contextmanager function beside it."""
    test: bool | None = None
    """True: add a test that uses the with statement; False: the tests stay as they are."""


class Params(ProjectParams):
    klass: str
    function: str | None
    what: str
    takes: str
    opener: str
    closer: str
    on_error: str | None
    test: bool
    new_test: str


HOW = (
    "{% if function %}add a function `{{ function }}` to the module, written as a context manager "
    "(contextlib.contextmanager), that takes what {{ klass }}() takes, makes the {{ klass }}, calls its "
    "{{ opener }}() and gives the object to the with block{% else %}make {{ klass }} itself work in a with "
    "statement: entering calls {{ opener }}() and `as` gives the object itself{% endif %}; leaving calls "
    "{% if on_error %}{{ closer }}() when the block ends normally and {{ on_error }}() instead when it raises"
    "{% else %}{{ closer }}(), even when the block raises{% endif %}, and the error still reaches the caller. ")
TESTS = ("{% if test %}Add a test to {{ test_file }} that uses {{ function or klass }} in a with statement."
         "{% else %}Leave {{ test_file }} as it is.{% endif %}")


@register_workflow
class ContextManager(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.context_manager", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} has {{ klass }} ({{ what }}), and every caller pairs "
            "{{ opener }}() and {{ closer }}() by hand, so an exception in between skips the "
            "{% if on_error %}{{ on_error }}(){% else %}{{ closer }}(){% endif %}. Fix that: " + HOW + TESTS
            + " The suite must pass.",
            "Could you make {{ klass }} in {{ module }} ({{ folder }}/) usable with `with`? Concretely, " + HOW
            + "The existing methods stay as they are. " + TESTS,
            "{{ folder }}/: {{ module }}: " + HOW + TESTS + " Suite green.",
        ],
        criteria=["Entering the with block opens the resource and leaving it closes it (or rolls it back on "
                  "an error), the error still reaching the caller.",
                  "The class's own methods are unchanged; the tests are as asked and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the resource class"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.context_manager_added",
                              bind={"folder": "folder", "klass": "klass", "function": "function", "takes": "takes",
                                    "opener": "opener", "closer": "closer", "on_error": "on_error", "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec, drawn = add_resource(ctx.rng, ctx.faker, opts.resource or ctx.rng.choice(sorted(RESOURCES)))
        paths, archive = base_params(project)
        form = opts.form or ctx.rng.choice(["class", "function"])
        function = spec.function if form == "function" else None
        return Params(**paths, klass=spec.klass, function=function, what=spec.what, takes=spec.takes,
                      opener=spec.opener, closer=spec.closer, on_error=spec.on_error,
                      test=opts.test if opts.test is not None else ctx.rng.random() < 0.5,
                      new_test=spec.new_test.format(**drawn, manager=function or spec.klass)).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path, klass, function = {lit(params.module)}, {lit(params.klass)}, {params.function!r}
            source = open(path).read()
            tree = ast.parse(source)
            node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == klass)
            init = next(n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
            lines = source.rstrip("\\n").split("\\n")
            block = {lit(_block(params))}.replace("ARGS", ", ".join(a.arg for a in init.args.args[1:])).split("\\n")
            if function is None:
                lines = lines[:node.end_lineno] + block + lines[node.end_lineno:]
            else:
                doc = tree.body[0].end_lineno
                lines = lines[:doc] + ["", "from contextlib import contextmanager"] + lines[doc:] + block
            open(path, "w").write("\\n".join(lines) + "\\n")
            if {params.test!r}:
                tests = open({lit(params.test_file)}).read()
                if function:
                    tests = tests.replace("import " + klass + "\\n", "import " + klass + ", " + function + "\\n", 1)
                open({lit(params.test_file)}, "w").write(tests + {lit(params.new_test)})
        """
        made = f"a contextmanager function {params.function}" if params.function else f"{params.klass} a context manager"
        tested = " and add a test that uses it in a with statement" if params.test else ""
        return solution(
            shell_step(f"cat {params.module} {params.test_file}", "First I read the class and how its tests use it.",
                       f"Read {params.klass}"),
            script_step(script, f"I make {made}{tested}.", f"Make {params.klass} work with `with`"),
            pytest_step(params.folder, "The suite must pass."))


def _block(params: Params) -> str:
    """The lines the reference adds: the class's two methods, or the function after the class
    (ARGS stands for the constructor's parameters, read from the module)."""
    if params.function is None:
        leave = (f"        if exc_type is None:\n            self.{params.closer}()\n        else:\n"
                 f"            self.{params.on_error}()" if params.on_error else f"        self.{params.closer}()")
        return (f"\n    def __enter__(self):\n        self.{params.opener}()\n        return self\n\n"
                f"    def __exit__(self, exc_type, exc, tb):\n{leave}\n        return False")
    var = re.findall("[A-Z][a-z]+", params.klass)[-1].lower()
    leave = (f"    except BaseException:\n        {var}.{params.on_error}()\n        raise\n    {var}.{params.closer}()"
             if params.on_error else f"    finally:\n        {var}.{params.closer}()")
    return (f"\n\n@contextmanager\ndef {params.function}(ARGS):\n"
            f'    """A {params.klass} for a with block, {params.opener}() on entering."""\n'
            f"    {var} = {params.klass}(ARGS)\n    {var}.{params.opener}()\n    try:\n        yield {var}\n{leave}")
