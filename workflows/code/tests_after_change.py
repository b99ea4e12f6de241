"""Bring a module's tests up to date after an intended change of one of its constants (a new tax
rate, a new free-shipping threshold): the expected results the new value changes are corrected, no
test dropped, no call changed. The change is already made (the suite is red) or the request asks
for it too, possibly with a new test that fails with the old value."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from forge.errors import PreparerError
from forge.models import ReferenceSolution
from preparers.code import ProjectContent
from preparers.code import _run_tests as _failing
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Change(BaseModel):
    constant: str
    meaning: str
    reason: str
    values: list[int | float]


CHANGES = {
    "inventory.reorder_level": Change(constant="REORDER_LEVEL", meaning="the stock level at which an item is reordered",
                                      reason="the warehouse moved to a new reorder policy", values=[4, 6, 15, 20]),
    "shipping.free_from": Change(constant="FREE_FROM", meaning="the order total from which shipping is free",
                                 reason="marketing changed the free-shipping offer", values=[40, 80, 120, 150]),
    "shipping.per_kg": Change(constant="PER_KG", meaning="the price per kilogram",
                              reason="the carrier sent its new price list", values=[1.8, 2.4, 1.0, 2.5]),
    "payroll.tax_rate": Change(constant="TAX_RATE", meaning="the flat tax rate",
                               reason="the flat tax rate changed with the new tax year", values=[0.21, 0.24, 0.18, 0.3]),
    "ledger.overdraft_fee": Change(constant="OVERDRAFT_FEE", meaning="the fee for going overdrawn",
                                   reason="the bank's new fee schedule is out", values=[12, 18, 30, 10]),
    "ledger.annual_rate": Change(constant="ANNUAL_RATE", meaning="the annual interest rate",
                                 reason="the savings rate was reset this quarter", values=[0.035, 0.05, 0.025, 0.04]),
    "loans.fee_per_day": Change(constant="FEE_PER_DAY", meaning="the late fee per day",
                                reason="the library board voted new late fines", values=[0.2, 0.3, 0.75, 1.0]),
    "loans.max_loans": Change(constant="MAX_LOANS", meaning="the most loans a member may hold",
                              reason="the library changed how many books a member may hold", values=[4, 8, 2, 10]),
    "parking.hourly": Change(constant="HOURLY", meaning="the hourly parking rate",
                             reason="the council set a new parking tariff", values=[1.8, 3.0, 1.2, 3.5]),
    "parking.daily_cap": Change(constant="DAILY_CAP", meaning="the most a car pays per day",
                                reason="the council set a new maximum daily charge", values=[10, 20, 14, 24]),
}


class Options(SkillParams):
    change: Literal[tuple(CHANGES)] | None = None  # type: ignore[valid-type]
    made: bool | None = None
    """True: the module already holds the new value (the suite is red); False: the request asks for it too."""
    test: bool | None = None
    """True (with the change asked): also add a test that fails with the old value."""


class Params(ProjectParams):
    constant: str
    value: int | float
    meaning: str
    reason: str
    made: bool
    test: bool


def with_value(source: str, constant: str, value: int | float) -> str:
    """The module with the constant's assignment set to `value`."""
    line = re.compile(rf"^{constant} = .*$", re.M)
    if len(line.findall(source)) != 1:
        raise PreparerError(f"the module assigns {constant} other than once")
    return line.sub(f"{constant} = {value!r}", source)


def changed_package(project: ProjectContent, change: Change, rng_values: list[int | float]) -> tuple[str, int | float]:
    """The module with the first of `rng_values` that makes a test of it fail, and that value."""
    source, tests = project.files[project.module], project.files[project.test_file]
    name = project.module.rsplit("/", 1)[1].removesuffix(".py")
    for value in rng_values:
        text = with_value(source, change.constant, value)
        if text != source and _failing(text, tests, project.package, name):
            return text, value
    raise PreparerError(f"no new value of {change.constant} changes what {project.test_file} expects")


@register_workflow
class TestsAfterChange(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.tests_after_change", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "{{ reason | capitalize }}: {{ constant }} ({{ meaning }}) in {{ module }} {% if made %}is now "
            "{{ value }}. I changed it already and the change is intended, but {{ test_file }} fails since. Please fix "
            "the tests, not the code{% else %}goes to {{ value }}. Could you change it in the project {{ folder }}/ "
            "and bring {{ test_file }} up to date{% endif %}: correct the expected results the new value changes, "
            "without dropping a test or changing what the tests call. The whole suite should pass."
            "{% if test %} Also add a new test to {{ test_file }} that would fail with the old value of {{ constant }}.{% endif %}",
            "{{ folder }}/: {{ module }}: {{ constant }} {% if made %}is {{ value }} now (intended; module stays as "
            "it is){% else %}-> {{ value }} (nothing else in the module changes){% endif %}; update the expected "
            "values in {{ test_file }} to match; same tests, same calls, results written out; suite green."
            "{% if test %} Plus a new test that fails with the old {{ constant }}.{% endif %}",
            "The tests of the project {{ folder }}/ should describe it with {{ constant }} = {{ value }} "
            "{% if made %}(already set in {{ module }}, which stays as it is){% else %}(set it in {{ module }}; "
            "nothing else there changes){% endif %}. In {{ test_file }} every test stays and calls the same thing, "
            "only the expected values that change with {{ meaning }} are corrected, written as plain values."
            "{% if test %} Also add a new test to {{ test_file }} that would fail with the old value of {{ constant }}.{% endif %}",
        ],
        criteria=["The module differs from the one given only by the constant, set to the stated value.",
                  "Every test is kept with the same calls; the expected values match the new behaviour; the suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the constant"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.tests_updated",
                              bind={"folder": "folder", "constant": "constant", "value": "value", "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )
    states_values = ("value",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.change or ctx.rng.choice(sorted(CHANGES))
        change = CHANGES[chosen]
        project = make_package(ctx.rng, ctx.faker, chosen.split(".")[0])
        made = opts.made if opts.made is not None else ctx.rng.random() < 0.5
        text, value = changed_package(project, change, ctx.rng.sample(change.values, len(change.values)))
        if made:
            project = project.model_copy(update={"files": {**project.files, project.module: text}})
        paths, archive = base_params(project)
        return Params(**paths, constant=change.constant, value=value, meaning=change.meaning, reason=change.reason,
                      made=made, test=not made and bool(opts.test)).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast, importlib, re, sys
            folder, path, tests = {lit(params.folder)}, {lit(params.module)}, {lit(params.test_file)}
            source = open(path).read()
            source = re.sub(r"^{params.constant} = .*$", "{params.constant} = {params.value!r}", source, flags=re.M)
            open(path, "w").write(source)
            sys.path.insert(0, folder)
            module = importlib.import_module(path.removeprefix(folder + "/").removesuffix(".py").replace("/", "."))
            text = open(tests).read()
            lines = text.split("\\n")
            changed = []
            for node in reversed([n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Assert)]):
                compare = node.test
                want = compare.comparators[0]
                value = eval(ast.unparse(compare.left), vars(module))
                row = lines[want.lineno - 1]
                if row[want.col_offset:want.end_col_offset] != repr(value):
                    changed.append(f"    assert {{ast.unparse(compare.left)}} == {{value!r}}")
                lines[want.lineno - 1] = row[:want.col_offset] + repr(value) + row[want.end_col_offset:]
            if {params.test!r}:
                lines = "\\n".join(lines).rstrip("\\n").split("\\n")
                lines += ["", "", "def test_new_{params.constant.lower()}():", changed[-1], ""]
            open(tests, "w").write("\\n".join(lines))
        """
        first = "The module already holds the new value" if params.made else f"I set {params.constant} first"
        return solution(
            pytest_step(params.folder, "First I see which tests the new value breaks.", may_fail=True),
            shell_step(f"grep -n '^{params.constant} = ' {params.module}", f"{first}; I check the line.",
                       f"Find {params.constant}"),
            script_step(script, "I rewrite each assertion's expected value with what the module now returns for the "
                        "same call, keeping every test and call.", "Update the expected values"),
            pytest_step(params.folder, "The suite must pass now."))
