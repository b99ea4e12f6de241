"""Rename a function's misleading parameter (days_late -> days_overdue, rate -> hourly_rate): the old
keyword refused from now on, callers and tests updated, or kept working for a release with a
DeprecationWarning that names the new one."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import make_package
from workflows.code._api import base_params
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Rename(BaseModel):
    function: str
    old: str
    new: str
    why: str


RENAMES = {
    "loans.due_day": Rename(function="due_day", old="weeks", new="loan_weeks",
                            why="`weeks` reads like a date range, not the length of the loan"),
    "loans.late_fee": Rename(function="late_fee", old="days_late", new="days_overdue",
                             why="the rest of the library system says days_overdue"),
    "shipping.delivery_days": Rename(function="delivery_days", old="express", new="next_day",
                                     why="the carrier renamed its express service to next-day"),
    "parking.validated_fee": Rename(function="validated_fee", old="validated", new="has_shop_stamp",
                                    why="`validated` makes people think the fee itself was checked"),
    "payroll.gross_pay": Rename(function="gross_pay", old="rate", new="hourly_rate",
                                why="`rate` gets mixed up with the tax rate"),
    "schedule.end_time": Rename(function="end_time", old="duration", new="duration_minutes",
                                why="callers keep passing hours as the duration"),
    "stats.percentage": Rename(function="percentage", old="whole", new="total",
                               why="the survey team calls it the total"),
    "text_tools.truncate": Rename(function="truncate", old="width", new="max_length",
                                  why="`width` sounds like a column width in pixels"),
    "ledger.overdraft_fee": Rename(function="overdraft_fee", old="balance_after", new="balance",
                                   why="the name is longer than it needs to be"),
    "inventory.shelf_life_left": Rename(function="shelf_life_left", old="days_in_stock", new="age_days",
                                        why="the warehouse reports call it the stock's age in days"),
}


class Options(SkillParams):
    rename: Literal[tuple(RENAMES)] | None = None  # type: ignore[valid-type]
    compat: bool | None = None
    """True: the old keyword keeps working with a DeprecationWarning; False: it is refused."""


class Params(ProjectParams):
    function: str
    old: str
    new: str
    why: str
    compat: bool


ASK = ("{% if compat %}Existing callers may still pass {{ old }}= for one more release: that must keep working "
       "but warn a DeprecationWarning that names {{ new }} ({{ test_file }} may keep passing {{ old }}=).{% else %}"
       "From now on {{ old }}= is refused (a TypeError); update the callers in {{ test_file }} that pass it by "
       "name.{% endif %}")


@register_workflow
class RenameParameter(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.rename_parameter", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, rename the parameter `{{ old }}` of {{ function }}() in {{ module }} to "
            "`{{ new }}`: {{ why }}. It stays in the same place with the same default, and the function behaves "
            "as before. " + ASK + " The suite must pass.",
            "Could you rename {{ function }}'s `{{ old }}` argument to `{{ new }}` ({{ module }})? {{ why | "
            "capitalize }}. " + ASK + " Nothing else about {{ function }} changes; the suite stays green.",
            "{{ folder }}/: {{ module }}: {{ function }}({{ old }} -> {{ new }}), same position and default. "
            + ASK + " Suite green.",
        ],
        criteria=["The parameter has its new name in the same place, and the function behaves as before.",
                  "The old keyword is refused or still works with a DeprecationWarning, as asked; tests pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the function"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.parameter_renamed",
                              bind={"folder": "folder", "function": "function", "old": "old", "new": "new",
                                    "compat": "compat"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        chosen = opts.rename or ctx.rng.choice(sorted(RENAMES))
        paths, archive = base_params(make_package(ctx.rng, ctx.faker, chosen.split(".")[0]))
        compat = opts.compat if opts.compat is not None else ctx.rng.random() < 0.5
        return Params(**paths, **RENAMES[chosen].model_dump(), compat=compat).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        old, new = params.old, params.new
        script = f"""
            import ast, io, re, tokenize
            path, tests, function, old, new = {lit(params.module)}, {lit(params.test_file)}, {lit(params.function)}, {lit(old)}, {lit(new)}
            source = open(path).read()
            node = next(n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name == function)
            lines = source.splitlines(keepends=True)
            hits = [t.start for t in tokenize.generate_tokens(io.StringIO(source).readline)
                    if t.type == tokenize.NAME and t.string == old and node.lineno <= t.start[0] <= node.end_lineno]
            for row, col in reversed(hits):
                lines[row - 1] = lines[row - 1][:col] + new + lines[row - 1][col + len(old):]
            if {params.compat!r}:
                head = lines[node.lineno - 1]
                default = re.search(new + r"=([^,)]*)", head)
                fallback = default.group(1) if default else "None"
                if not default:
                    head = head.replace(new + ")", new + "=None)", 1).replace(new + ",", new + "=None,", 1)
                lines[node.lineno - 1] = head.replace("):", ", **legacy):", 1)
                body = node.body[1] if ast.get_docstring(node) else node.body[0]
                message = old + " is deprecated; pass " + new + " instead"
                shim = [
                    f"    if {{old!r}} in legacy:\\n",
                    f"        warnings.warn({{message!r}}, DeprecationWarning, stacklevel=2)\\n",
                    f"        {{new}} = legacy.pop({{old!r}})\\n",
                    "    if legacy:\\n",
                    "        raise TypeError(f'unexpected keyword arguments: {{sorted(legacy)}}')\\n",
                ]
                if not default:
                    shim += [f"    if {{new}} is None:\\n", f"        raise TypeError('missing argument: {{new}}')\\n"]
                lines[body.lineno - 1:body.lineno - 1] = shim
                text = "".join(lines)
                first, rest = text.split("\\n", 1)
                text = first + "\\n\\nimport warnings\\n" + rest
            else:
                text = "".join(lines)
                test_text = open(tests).read()
                test_text = re.sub(r"(" + function + r"\\([^\\n]*?)\\b" + old + r"=", lambda m: m.group(1) + new + "=", test_text)
                open(tests, "w").write(test_text)
            open(path, "w").write(text)
        """
        kept = " and keep the old keyword working with a DeprecationWarning" if params.compat else \
            " and update the tests that pass it by name"
        return solution(
            shell_step(f"grep -rn '{old}' {params.folder}", f"First I find every use of {old}.", f"Find {old}"),
            script_step(script, f"I rename {old} to {new} in {params.function}'s signature and body{kept}.",
                        f"Rename {old} to {new}"),
            pytest_step(params.folder, "The suite must pass."))
