"""Give a class the special methods a reviewer asks for: a __repr__ that shows what it holds
(`Product(name='Desk', price=12.5, quantity=3)`), equality by every constructor argument, or an
ordering by one of them (functools.total_ordering); with the tests as given or a new test."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.code._property_classes import PROPERTY_CLASSES, add_property_class, constructor_keys
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    kind: Literal[tuple(PROPERTY_CLASSES)] | None = None  # type: ignore[valid-type]
    what: Literal["repr", "eq", "order"] | None = None
    test: bool | None = None
    """True: add a test of the new behaviour; False: the tests stay as they are."""


class Params(ProjectParams):
    klass: str
    what_it_is: str
    keys: list[str]
    what: str
    order_by: str | None
    example: str
    test: bool


ASK = ("{% if what == 'repr' %}Give it a __repr__ that shows the class name and each constructor argument by name "
       "with its repr, in the constructor's order ({{ keys | join(', ') }}), e.g. {{ example }}, so log lines and "
       "test failures say what they hold.{% else %}Make two {{ klass }} objects equal when all of {{ keys | join(', ') }} "
       "are (comparing with anything else is simply not equal){% if what == 'order' %}, and let them sort by "
       "{{ order_by }} (use functools.total_ordering){% endif %}.{% endif %} ")
TESTS = "{% if test %}Add a test for it to {{ test_file }}.{% else %}Leave {{ test_file }} as it is.{% endif %}"


@register_workflow
class AddDunders(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.add_dunders", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ klass }} in {{ module }} ({{ what_it_is }}) "
            "{% if what == 'repr' %}prints as <... object at 0x...>{% elif what == 'eq' %}compares by identity, so "
            "two equal records are not =={% else %}cannot be sorted{% endif %}. " + ASK + TESTS + " The suite must pass.",
            "Could you improve {{ klass }} ({{ module }}, {{ folder }}/)? " + ASK + TESTS,
            "{{ folder }}/: {{ module }}: {{ klass }}: " + ASK + TESTS + " Suite green.",
        ],
        criteria=["The class shows, compares or sorts as asked, by its constructor's arguments.",
                  "Nothing else changes; the tests are as asked and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the class"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.dunders_added",
                              bind={"folder": "folder", "klass": "klass", "keys": "keys", "what": "what",
                                    "order_by": "order_by", "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, spec = add_property_class(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(PROPERTY_CLASSES)))
        paths, archive = base_params(project)
        keys = constructor_keys(spec)
        what = opts.what or ctx.rng.choice(["repr", "eq", "order"])
        example = f"{spec.klass}({', '.join(f'{k}=...' for k in keys)})"
        return Params(**paths, klass=spec.klass, what_it_is=spec.what, keys=keys, what=what,
                      order_by=spec.stored if what == "order" else None, example=example,
                      test=opts.test if opts.test is not None else ctx.rng.random() < 0.5).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        var = params.klass.lower()
        test = {"repr": f"    assert repr({var}) == {var}.__class__.__name__ + '(' + ', '.join(\n"
                        f"        f'{{k}}={{v!r}}' for k, v in zip({params.keys!r}, ARGS)) + ')'\n",
                "eq": f"    assert {var} == SAMPLE and {var} != 'text'\n",
                "order": f"    assert sorted([SAMPLE, {var}]) == [{var}, SAMPLE]\n"}[params.what]
        if params.what == "order":
            test = test.replace("SAMPLE, {var}]".format(var=var), f"BIGGER, {var}]").replace(
                f"[{var}, SAMPLE]", f"[{var}, BIGGER]")
        test = f"\n\ndef test_{var}_{params.what}():\n    {var} = SAMPLE\n" + test
        script = f"""
            import ast
            path, tests, klass, what, order_by = {lit(params.module)}, {lit(params.test_file)}, {lit(params.klass)}, {lit(params.what)}, {params.order_by!r}
            source = open(path).read()
            tree = ast.parse(source)
            init = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "__init__")
            held = {{s.value.id: s.targets[0].attr for s in init.body if isinstance(s, ast.Assign)}}
            lines = source.rstrip("\\n").split("\\n")
            if what == "repr":
                shown = ", ".join(k + "={{self." + a + "!r}}" for k, a in held.items())
                lines += ["", "    def __repr__(self):", "        return f\\"" + klass + "(" + shown + ")\\""]
            else:
                fields = lambda who: "(" + ", ".join(who + "." + a for a in held.values()) + ")"
                lines += ["", "    def __eq__(self, other):", "        if not isinstance(other, " + klass + "):",
                          "            return NotImplemented", "        return " + fields("self") + " == " + fields("other")]
            if what == "order":
                lines += ["", "    def __lt__(self, other):", "        if not isinstance(other, " + klass + "):",
                          "            return NotImplemented", "        return self." + held[order_by] + " < other." + held[order_by]]
                at = next(n for n in tree.body if isinstance(n, ast.ClassDef)).lineno
                lines[at - 1:at - 1] = ["@functools.total_ordering"]
                lines[1:1] = ["", "import functools"]
            open(path, "w").write("\\n".join(lines) + "\\n")
            if {params.test!r}:
                text = open(tests).read()
                call = next(n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                            and n.func.id == klass)
                args = [ast.literal_eval(a) for a in call.args]
                bigger = list(args)
                if order_by:
                    bigger[list(held).index(order_by)] += 1
                new = {lit(test)}.replace("BIGGER", klass + repr(tuple(bigger))).replace("SAMPLE", ast.unparse(call))
                open(tests, "w").write(text + new.replace("ARGS", repr(args)))
        """
        return solution(
            shell_step(f"sed -n '/def __init__/,/^$/p' {params.module}", f"First I read what {params.klass}'s "
                       "constructor takes and where it keeps each value.", f"Read {params.klass}.__init__"),
            script_step(script, {"repr": "I add a __repr__ over the constructor's arguments",
                                 "eq": "I add __eq__ over every constructor argument",
                                 "order": f"I add __eq__ and __lt__ by {params.order_by} with total_ordering"}[params.what]
                        + (", and a test." if params.test else "."), f"Extend {params.klass}"),
            pytest_step(params.folder, "The suite must pass."))
