"""Make a list-building function lazy, as a team does when its input grows from a page of rows to a
stream (a database cursor, a log of gigabytes): the function itself turned into a generator (its
helper that needs a list kept working), or a generator added beside it that the old function builds
its list from; with the tests updated as needed or as given, or a new test that shows it is lazy."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._lazy_modules import LAZY_MODULES, add_lazy_module
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(LAZY_MODULES)] | None = None  # type: ignore[valid-type]
    in_place: bool | None = None
    """True: the function itself becomes a generator; False: a generator beside it, the list kept."""
    test: bool | None = None
    """True: a new test shows the generator is lazy; False: no new test."""


class Params(ProjectParams):
    function: str
    generator: str
    caller: str
    items: str
    why: str
    in_place: bool
    test: bool


ASK = ("{% if in_place %}make {{ function }}() a generator that yields {{ items }} one at a time instead of building "
       "the whole list, and keep {{ caller }}() returning what it does now{% else %}keep {{ function }}() returning a "
       "list for the callers that need one, but add a generator {{ generator }}() beside it that yields {{ items }} "
       "one at a time, and have {{ function }}() build its list from {{ generator }}() so the logic lives in one "
       "place{% endif %}")
TESTS = ("{% if test %}Add a test to {{ test_file }} showing that {{ generator }}() hands out its first item before "
         "it has read all of its input.{% elif in_place %}Update {{ test_file }} where it compares the result with a "
         "list, nothing more.{% else %}Leave {{ test_file }} as it is.{% endif %}")


@register_workflow
class UseGenerator(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_generator", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ function }}() in {{ module }} builds its whole result in memory, and "
            "{{ why }}. Please " + ASK + ". " + TESTS + " The suite must pass.",
            "We're running out of memory in {{ function }}() ({{ module }}, project {{ folder }}/) since {{ why }}. "
            "Could you " + ASK + "? " + TESTS,
            "{{ folder }}/: {{ module }}: " + ASK + ". " + TESTS + " Suite green.",
            "{{ function }}() in {{ folder }}/'s {{ module }} should hand out {{ items }} as it goes rather than all "
            "at the end: {{ why }}. So " + ASK + ". " + TESTS + " Every test should pass.",
        ],
        criteria=["The generator yields the same items, one at a time, without reading all of its input first.",
                  "Every other function returns what it did; the tests are as asked and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the list-building function"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.generator_made",
                              bind={"folder": "folder", "function": "function", "generator": "generator",
                                    "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_lazy_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(LAZY_MODULES)))
        paths, archive = base_params(project)
        in_place = opts.in_place if opts.in_place is not None else ctx.rng.random() < 0.5
        return Params(**paths, function=spec.function, generator=spec.function if in_place else f"iter_{spec.function}",
                      caller=spec.caller, items=spec.items, why=spec.why, in_place=in_place,
                      test=opts.test if opts.test is not None else ctx.rng.random() < 0.5).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast
            path, tests = {lit(params.module)}, {lit(params.test_file)}
            function, generator = {lit(params.function)}, {lit(params.generator)}
            in_place, test = {params.in_place!r}, {params.test!r}
            original, test_text = open(path).read(), open(tests).read()

            def wrapped(text, skip=None):
                # every call of the function in `text` (outside `skip`) wrapped in list(...), last first
                lines = text.split("\\n")
                calls = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                         and n.func.id == function and not (skip and skip.lineno <= n.lineno <= skip.end_lineno)]
                for n in sorted(calls, key=lambda n: (n.lineno, n.col_offset), reverse=True):
                    line = lines[n.lineno - 1]
                    start, end = n.col_offset, n.end_col_offset
                    lines[n.lineno - 1] = line[:start] + "list(" + line[start:end] + ")" + line[end:]
                return "\\n".join(lines)

            def node_of(text):
                return next(n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef) and n.name == function)

            source = wrapped(original, node_of(original)) if in_place else original
            node = node_of(source)
            kept = node.body[-1].value.id  # the list it returns
            lines = source.split("\\n")
            body = []
            for line in lines[node.lineno - 1:node.end_lineno]:
                bare = line.strip()
                if bare in (kept + " = []", "return " + kept):
                    continue
                if bare.startswith(kept + ".append("):
                    line = line[:len(line) - len(line.lstrip())] + "yield " + bare[len(kept) + 8:-1]
                body.append(line.replace("def " + function + "(", "def " + generator + "(", 1))
            if not in_place:
                names = ", ".join(a.arg for a in node.args.args)
                body += ["", "", "def " + function + "(" + names + "):",
                         '    \"\"\"What ' + generator + '() yields, as a list.\"\"\"',
                         "    return list(" + generator + "(" + names + "))"]
            lines[node.lineno - 1:node.end_lineno] = body
            open(path, "w").write("\\n".join(lines))

            if in_place:
                test_text = wrapped(test_text)
            if test:
                spot = {{}}
                exec(compile(original, "original", "exec"), spot)
                calls = [n for n in ast.walk(ast.parse(open(tests).read())) if isinstance(n, ast.Call)
                         and isinstance(n.func, ast.Name) and n.func.id == function]
                call = next(c for c in calls if len(eval(ast.unparse(c), dict(spot))) >= 2)
                at = next(i for i, a in enumerate(call.args) if isinstance(a, ast.List))
                args = [ast.unparse(a) for a in call.args]
                data, args[at] = args[at], "items()"
                first = eval(ast.unparse(call), dict(spot))[0]
                head, rest = test_text.split("\\n", 1)
                if not in_place:
                    head += "\\nfrom " + head.split()[1] + " import " + generator
                test_text = (head + "\\n" + rest.rstrip("\\n") + "\\n\\n\\ndef test_" + generator + "_is_lazy():\\n"
                             + "    def items():\\n        yield from " + data + "\\n"
                             + "        raise AssertionError('read all of the input before the first item')\\n\\n"
                             + "    assert next(" + generator + "(" + ", ".join(args) + ")) == " + repr(first) + "\\n")
            open(tests, "w").write(test_text)
        """
        what = (f"I turn {params.function}() into a generator, wrap its callers that need a list in list()"
                if params.in_place else f"I move the loop into a generator {params.generator}() and let "
                f"{params.function}() return list({params.generator}(...))")
        return solution(
            shell_step(f"grep -n '{params.function}' {params.module} {params.test_file}",
                       f"First I see where {params.function}() builds its list and who uses it.",
                       f"Find {params.function} and its callers"),
            script_step(script, what + (", and add a test that it is lazy." if params.test else "."),
                        f"Make {params.function} lazy"),
            pytest_step(params.folder, "The suite must pass."))
