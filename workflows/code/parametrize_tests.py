"""Fold a function's copy-pasted tests (test_x_1, test_x_2, ...) into one parametrized pytest test,
one row per former test, optionally with one more case the request names."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# functions tested by several positional calls, and a case a reviewer would add
REPEATED = {"inventory.needs_reorder": "needs_reorder(2)", "shipping.parcel_rate": "parcel_rate(5)",
            "payroll.gross_pay": "gross_pay(0, 15.0)", "ledger.monthly_interest": "monthly_interest(250.0)",
            "loans.late_fee": "late_fee(1)", "text_tools.truncate": "truncate('', 10)",
            "units.bmi_category": "bmi_category(40)",
            "schedule.overlaps": "overlaps(('09:00', '12:00'), ('10:00', '11:00'))",
            "stats.mode": "mode([5, 5, 1])", "parking.fee": "fee(0)"}


class Options(SkillParams):
    function: Literal[tuple(REPEATED)] | None = None  # type: ignore[valid-type]
    extra: bool | None = None
    """True: one more row for a named case; False: the former tests' rows only."""


class Params(ProjectParams):
    function: str
    extra: str | None


@register_workflow
class ParametrizeTests(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.parametrize_tests", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ test_file }} tests `{{ function }}` with a run of near-identical "
            "functions (test_{{ function }}_1, test_{{ function }}_2, ...). Replace them with a single test using "
            "@pytest.mark.parametrize: one row per former test, holding the call's arguments and then the expected "
            "result.{% if extra %} Also add a row for `{{ extra }}` with the result the function should give."
            "{% endif %} Don't change {{ module }}; the suite must pass.",
            "Reviewer note on {{ test_file }}: the copy-pasted tests of {{ function }}() should be one "
            "parametrized test (rows of arguments + expected value, same cases as now){% if extra %}, and while "
            "you're at it, cover {{ extra }} as an extra row{% endif %}. The code in {{ module }} stays as it is.",
            "{{ folder }}/: {{ test_file }}: fold the numbered tests of {{ function }}() into one "
            "@pytest.mark.parametrize test (args..., expected){% if extra %} + a row for {{ extra }}{% endif %}; "
            "{{ module }} untouched; suite green.",
        ],
        criteria=["One parametrized test replaces the function's former tests, one row per case.",
                  "The rows hold the same cases (and any asked case) and the suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module under test (unchanged)"),
               FileSlot(param="test_file", type="py", description="The tests to fold")],
        checks=[CheckTemplate(func="project.tests_parametrized", bind={"folder": "folder", "function": "function",
                                                                        "extra": "extra"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.function or ctx.rng.choice(sorted(REPEATED))
        kind, function = chosen.split(".")
        paths, archive = base_params(make_package(ctx.rng, ctx.faker, kind))
        extra = opts.extra if opts.extra is not None else ctx.rng.random() < 0.5
        return Params(**paths, function=function, extra=REPEATED[chosen] if extra else None).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import ast, importlib, sys
            function, tests, folder, extra = {lit(params.function)}, {lit(params.test_file)}, {lit(params.folder)}, {lit(params.extra)}
            source = open(tests).read()
            blocks = source.split("\\n\\n\\n")
            rows, kept = [], []
            for block in blocks:
                node = ast.parse(block).body[-1]
                if isinstance(node, ast.FunctionDef) and node.name.startswith(f"test_{{function}}_"):
                    call, expected = node.body[0].test.left, node.body[0].test.comparators[0]
                    rows.append([ast.unparse(a) for a in call.args] + [ast.unparse(expected)])
                else:
                    kept.append(block)
            module = ast.parse(open({lit(params.module)}).read())
            signature = next(n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == function)
            names = [a.arg for a in signature.args.args][:len(rows[0]) - 1]
            if extra:
                sys.path.insert(0, folder)
                code = importlib.import_module({lit(params.module.removeprefix(params.folder + "/").removesuffix(".py").replace("/", "."))})
                call = ast.parse(extra, mode="eval").body
                rows.append([ast.unparse(a) for a in call.args] + [repr(eval(extra, vars(code)))])
            table = "".join(f"    ({{', '.join(row)}}),\\n" for row in rows)
            test = (f"@pytest.mark.parametrize(\\"{{', '.join(names)}}, expected\\", [\\n{{table}}])\\n"
                    f"def test_{{function}}({{', '.join(names)}}, expected):\\n"
                    f"    assert {{function}}({{', '.join(names)}}) == expected\\n")
            open(tests, "w").write("\\n\\n\\n".join(block.rstrip("\\n") for block in kept) + "\\n\\n\\n" + test)
        """
        more = f", plus a row for {params.extra}" if params.extra else ""
        return solution(
            shell_step(f"grep -n -A1 'def test_{params.function}_' {params.test_file}", "First I read the repeated "
                       "tests.", "Read the repeated tests"),
            script_step(script, f"I turn each test of {params.function} into a row (arguments, expected){more}, "
                        "and write one parametrized test in their place.", "Parametrize the tests"),
            pytest_step(params.folder, "The suite must pass with the parametrized rows."))
