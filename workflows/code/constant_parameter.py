"""Turn a hard-coded module constant into a parameter of the function that reads it, defaulting to
the constant, so callers can pass their own value; the tests as given or with a new test of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Knob(BaseModel):
    function: str
    constant: str
    parameter: str
    why: str


KNOBS = {
    "inventory.reorder_level": Knob(function="needs_reorder", constant="REORDER_LEVEL", parameter="reorder_level",
                                    why="the new warehouse keeps a different reorder level"),
    "shipping.free_from": Knob(function="shipping_cost", constant="FREE_FROM", parameter="free_from",
                               why="promotions lower the free-shipping threshold for a weekend"),
    "shipping.per_kg": Knob(function="parcel_rate", constant="PER_KG", parameter="per_kg",
                            why="the express carrier charges another price per kilogram"),
    "payroll.tax_rate": Knob(function="net_pay", constant="TAX_RATE", parameter="tax_rate",
                             why="staff in another tax band need their own rate"),
    "ledger.overdraft_fee": Knob(function="overdraft_fee", constant="OVERDRAFT_FEE", parameter="fee",
                                 why="business accounts pay a different overdraft fee"),
    "ledger.annual_rate": Knob(function="monthly_interest", constant="ANNUAL_RATE", parameter="annual_rate",
                               why="savings accounts earn another annual rate"),
    "loans.fee_per_day": Knob(function="late_fee", constant="FEE_PER_DAY", parameter="per_day",
                              why="children's books have a lower daily fine"),
    "loans.max_loans": Knob(function="can_borrow", constant="MAX_LOANS", parameter="limit",
                            why="premium members may borrow more books"),
    "parking.hourly": Knob(function="fee", constant="HOURLY", parameter="hourly",
                           why="the city-centre car park charges a higher hourly rate"),
    "parking.daily_cap": Knob(function="fee", constant="DAILY_CAP", parameter="daily_cap",
                              why="the airport car park caps the day at another amount"),
}


class Options(SkillParams):
    knob: Literal[tuple(KNOBS)] | None = None  # type: ignore[valid-type]
    test: bool | None = None
    """True: add a test passing the new parameter; False: the tests stay as they are."""


class Params(ProjectParams):
    function: str
    constant: str
    parameter: str
    why: str
    test: bool


@register_workflow
class ConstantParameter(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.constant_parameter", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, `{{ function }}` in {{ module }} always uses the module constant "
            "{{ constant }}, but {{ why }}. Add a last parameter `{{ parameter }}` to {{ function }} whose default is "
            "{{ constant }} itself (keep the constant), and use it instead of the constant, so existing calls give "
            "the same results and a caller can pass another value. {% if test %}Add a test to {{ test_file }} that "
            "passes {{ parameter }}.{% else %}Leave {{ test_file }} as it is.{% endif %} The suite must pass.",
            "{{ why | capitalize }}, and {{ function }}() ({{ module }}) has {{ constant }} baked in. Could you make it "
            "a parameter, `{{ parameter }}={{ constant }}`, at the end of the signature? Current callers must not "
            "notice. {% if test %}Please add a test in {{ test_file }} with a non-default {{ parameter }}."
            "{% else %}No test changes in {{ test_file }}.{% endif %}",
            "{{ folder }}/: {{ module }}: {{ function }}(..., {{ parameter }}={{ constant }}) replacing its use of "
            "{{ constant }} (kept); {% if test %}new test in {{ test_file }} passing {{ parameter }}{% else %}"
            "{{ test_file }} unchanged{% endif %}; suite green.",
        ],
        criteria=["The function takes the new last parameter, defaulting to the constant, and uses it.",
                  "Existing calls give the same results; the tests are as the request says and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the function"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.constant_parameter",
                              bind={"folder": "folder", "function": "function", "constant": "constant",
                                    "parameter": "parameter", "test": "test"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.knob or ctx.rng.choice(sorted(KNOBS))
        knob = KNOBS[chosen]
        paths, archive = base_params(make_package(ctx.rng, ctx.faker, chosen.split(".")[0]))
        test = opts.test if opts.test is not None else ctx.rng.random() < 0.5
        return Params(**paths, **knob.model_dump(), test=test).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        function, constant, parameter = params.function, params.constant, params.parameter
        script = f"""
            import ast, importlib, io, re, sys, tokenize
            path, function, constant, parameter = {lit(params.module)}, {lit(function)}, {lit(constant)}, {lit(parameter)}
            source = open(path).read()
            node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == function)
            lines = source.splitlines(keepends=True)
            hits = [t.start for t in tokenize.generate_tokens(io.StringIO(source).readline)
                    if t.type == tokenize.NAME and t.string == constant and node.body[0].lineno <= t.start[0] <= node.end_lineno]
            for row, col in reversed(hits):
                lines[row - 1] = lines[row - 1][:col] + parameter + lines[row - 1][col + len(constant):]
            lines[node.lineno - 1] = lines[node.lineno - 1].replace("):", f", {{parameter}}={{constant}}):", 1)
            open(path, "w").write("".join(lines))
            if {params.test!r}:
                tests = open({lit(params.test_file)}).read()
                args = re.search(r"assert " + function + r"\\((.*)\\) == ", tests).group(1)
                sys.path.insert(0, {lit(params.folder)})
                module = importlib.import_module(path.removeprefix({lit(params.folder + "/")}).removesuffix(".py").replace("/", "."))
                other = getattr(module, constant) * 2
                call = f"{{function}}({{args}}, {{parameter}}={{other!r}})"
                want = eval(call, vars(module))
                open({lit(params.test_file)}, "a").write(f"\\n\\ndef test_{{function}}_{{parameter}}():\\n    assert {{call}} == {{want!r}}\\n")
        """
        tested = f", then add a test that passes {parameter}" if params.test else ""
        return solution(
            shell_step(f"grep -n '{constant}' {params.module}", f"First I see where {constant} is used.",
                       f"Find {constant}"),
            script_step(script, f"I add {parameter}={constant} to {function}'s signature and use it in the body"
                        f"{tested}.", f"Make {constant} a parameter of {function}"),
            pytest_step(params.folder, "The suite must pass."))
