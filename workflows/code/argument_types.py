"""Make a function's numeric arguments type-safe: numbers that arrive as text converted (values read
from a CSV or a web form), or text and booleans refused with a TypeError naming the argument; with a
test of the new behaviour."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# function: its numeric parameters, the number type they take, and where text comes from
NUMERIC = {"inventory.needs_reorder": (["quantity"], "int", "the stock-take spreadsheet export"),
           "shipping.parcel_rate": (["weight_kg"], "float", "the warehouse scale's CSV"),
           "payroll.gross_pay": (["hours", "rate"], "float", "the timesheet CSV"),
           "ledger.monthly_interest": (["amount"], "float", "the bank statement import"),
           "loans.late_fee": (["days_late"], "int", "the library's web form"),
           "text_tools.truncate": (["width"], "int", "the template settings file"),
           "units.bmi": (["weight_kg", "height_m"], "float", "the clinic's web form"),
           "schedule.to_clock": (["minutes"], "int", "the room booking CSV"),
           "stats.percentage": (["part", "whole"], "float", "the survey export"),
           "parking.fee": (["minutes"], "int", "the pay station's log file")}


class Options(SkillParams):
    function: Literal[tuple(NUMERIC)] | None = None  # type: ignore[valid-type]
    convert: bool | None = None
    """True: numeric text is converted; False: text and booleans raise TypeError naming the argument."""


class Params(ProjectParams):
    function: str
    arguments: list[str]
    number: str
    source: str
    convert: bool


@register_workflow
class ArgumentTypes(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.argument_types", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, `{{ function }}` ({{ module }}) gets {{ arguments | join(' and ') }} from "
            "{{ source }}. {% if convert %}Those values arrive as text, so make it accept numeric strings for "
            "{{ arguments | join(' and ') }}: convert them with {{ number }}() so a string gives exactly what the "
            "number gives, and let text that is not a number raise ValueError.{% else %}Make it refuse anything "
            "that is not a real number there: text or a bool (True is an int in Python) must raise a TypeError "
            "whose message names the argument.{% endif %} Numbers must behave as before. Add a test of this to "
            "{{ test_file }}{% if not convert %} covering both a string and a bool{% endif %}; the suite must pass.",
            "{% if convert %}{{ function }}() blows up with a TypeError when {{ source }} hands it strings. Could "
            "you make it take numeric text for {{ arguments | join(' and ') }} ({{ number }}() conversion; non-numbers "
            "should still fail, with ValueError)?{% else %}{{ function }}() quietly does arithmetic on whatever "
            "{{ source }} hands it: a bool goes through as 1, and a string fails with a message nobody understands. "
            "Please make it raise TypeError naming the bad argument for text and bools in "
            "{{ arguments | join(' and ') }}.{% endif %} It's in {{ module }}; please add a test in {{ test_file }}.",
            "{{ folder }}/: {{ module }}: {{ function }}() {% if convert %}accepts numeric strings for "
            "{{ arguments | join(', ') }} ({{ number }}(); non-numbers -> ValueError){% else %}raises TypeError "
            "naming the argument when {{ arguments | join(', ') }} is a str or bool{% endif %}; numbers unchanged; "
            "new test in {{ test_file }}; suite green.",
        ],
        criteria=["The named arguments' types are handled as asked; numbers give the same results.",
                  "A new test covers it and the suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the function"),
               FileSlot(param="test_file", type="py", description="The tests, with a new one")],
        checks=[CheckTemplate(func="project.argument_types", bind={"folder": "folder", "function": "function",
                                                                    "arguments": "arguments", "convert": "convert"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.function or ctx.rng.choice(sorted(NUMERIC))
        kind, function = chosen.split(".")
        arguments, number, source = NUMERIC[chosen]
        paths, archive = base_params(make_package(ctx.rng, ctx.faker, kind))
        convert = opts.convert if opts.convert is not None else ctx.rng.random() < 0.5
        return Params(**paths, function=function, arguments=arguments, number=number, source=source,
                      convert=convert).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        if params.convert:
            guard = [f"{a} = {params.number}({a}) if isinstance({a}, str) else {a}" for a in params.arguments]
        else:
            guard = [f"if isinstance({a}, bool) or not isinstance({a}, (int, float)):\n"
                     f"    raise TypeError(f'{a} must be a number, got {{{a}!r}}')" for a in params.arguments]
        script = f"""
            import ast, re
            path, function, guard = {lit(params.module)}, {lit(params.function)}, {lit(chr(10).join(guard))}
            lines = open(path).read().split("\\n")
            node = next(n for n in ast.parse("\\n".join(lines)).body if getattr(n, "name", "") == function)
            at = node.body[0].end_lineno if isinstance(node.body[0], ast.Expr) else node.body[0].lineno - 1
            lines[at:at] = ["    " + line for line in guard.split("\\n")]
            open(path, "w").write("\\n".join(lines))
            tests = open({lit(params.test_file)}).read()
            call = re.search(r"assert (" + function + r"\\((.*)\\)) == ", tests).group(1)
            args = [ast.unparse(a) for a in ast.parse(call).body[0].value.args]
            first = {lit(params.arguments[0])}
            names = [a.arg for a in node.args.args]
            at = names.index(first)
            text = args[:at] + ["str(" + args[at] + ")"] + args[at + 1:]
            if {params.convert!r}:
                body = f"    assert {{function}}({{', '.join(text)}}) == {{call}}"
            else:
                flag = args[:at] + ["True"] + args[at + 1:]
                body = (f"    with pytest.raises(TypeError, match={{first!r}}):\\n        {{function}}({{', '.join(text)}})\\n"
                        f"    with pytest.raises(TypeError, match={{first!r}}):\\n        {{function}}({{', '.join(flag)}})")
            open({lit(params.test_file)}, "a").write(f"\\n\\ndef test_{{function}}_argument_types():\\n{{body}}\\n")
        """
        what = "convert numeric text" if params.convert else "refuse text and bools with a TypeError naming them"
        return solution(
            shell_step(f"grep -n -A4 'def {params.function}(' {params.module}", f"First I read {params.function}.",
                       f"Read {params.function}"),
            script_step(script, f"At the top of {params.function} I {what} for {', '.join(params.arguments)}, and "
                        "add a test built from an existing call.", "Handle the argument types"),
            pytest_step(params.folder, "The suite, with the new test, must pass."))
