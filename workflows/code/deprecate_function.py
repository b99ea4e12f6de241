"""Rename a function but keep its old name working for existing callers: a plain alias, or a
wrapper that warns DeprecationWarning; the project's own tests move to the new name."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._api import KindOptions, base_params, draw_package
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

NEW_NAMES = {
    "needs_reorder": "is_below_reorder_level", "stock_value": "inventory_value", "restock": "apply_delivery",
    "delivery_days": "transit_days", "parcel_rate": "parcel_price", "insured_value": "insurance_amount",
    "gross_pay": "weekly_gross", "net_pay": "pay_after_tax", "holiday_hours": "accrued_holiday",
    "balance": "account_balance", "overdraft_fee": "overdrawn_fee", "monthly_interest": "interest_for_month",
    "can_borrow": "may_borrow", "late_fee": "overdue_fine", "due_day": "return_by_day",
    "slugify": "make_slug", "word_count": "count_words", "initials": "name_initials",
    "bmi": "body_mass_index", "km_to_miles": "kilometres_to_miles", "bmi_category": "weight_category",
    "to_minutes": "clock_to_minutes", "to_clock": "minutes_to_clock", "overlaps": "meetings_clash",
    "median": "middle_value", "spread": "value_range", "percentage": "percent_of",
    "fee": "parking_fee", "billable_hours": "charged_hours", "validated_fee": "fee_with_validation",
}


class Options(KindOptions):
    warn: bool | None = None
    """True: the old name warns DeprecationWarning; False: a plain alias."""


class Params(ProjectParams):
    old: str
    new: str
    warn: bool


@register_workflow
class DeprecateFunction(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.deprecate_function", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ folder }}/, rename `{{ old }}` in {{ module }} to `{{ new }}`, and switch the project's own "
            "tests ({{ test_file }}) to the new name. Other code still calls `{{ old }}`, so it must keep working "
            "{% if warn %}but emit a DeprecationWarning that tells callers to use `{{ new }}`{% else %}as an alias "
            "of `{{ new }}`, giving the same results{% endif %}. The whole suite must pass.",
            "We want to call `{{ old }}` `{{ new }}` from now on ({{ module }}). Problem: downstream scripts import "
            "the old name and we can't break them this release. Could you do the rename, update {{ test_file }}, "
            "and keep `{{ old }}` around {% if warn %}as a deprecated wrapper (DeprecationWarning pointing to "
            "`{{ new }}`){% else %}as a plain alias{% endif %}?",
            "{{ folder }}/: rename {{ old }} -> {{ new }} in {{ module }} and {{ test_file }}; keep {{ old }} "
            "{% if warn %}as a wrapper warning DeprecationWarning (mention {{ new }}){% else %}as an alias"
            "{% endif %}; tests pass.",
        ],
        criteria=["The function is defined under the new name and the tests use it.",
                  "The old name still works as asked."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module with the renamed function"),
               FileSlot(param="test_file", type="py", description="The tests, on the new name")],
        checks=[CheckTemplate(func="project.alias_kept", bind={"folder": "folder", "old": "old", "new": "new",
                                                                "warn": "warn"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        _, project = draw_package(ctx)
        old = ctx.rng.choice(sorted(f for f in project.functions if f in NEW_NAMES))
        paths, archive = base_params(project)
        warn = opts.warn if opts.warn is not None else ctx.rng.random() < 0.5
        return Params(**paths, old=old, new=NEW_NAMES[old], warn=warn).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        old, new = params.old, params.new
        if params.warn:
            alias = (f'\n\ndef {old}(*args, **kwargs):\n    """Deprecated: use {new}()."""\n    import warnings\n\n'
                     f'    warnings.warn("{old} is deprecated; use {new} instead", DeprecationWarning, stacklevel=2)\n'
                     f'    return {new}(*args, **kwargs)\n')
        else:
            alias = f"\n\n{old} = {new}  # the old name, kept for existing callers\n"
        script = f"""
            import io, tokenize
            for path in ({lit(params.module)}, {lit(params.test_file)}):
                source = open(path).read()
                lines = source.splitlines(keepends=True)
                hits = [t.start for t in tokenize.generate_tokens(io.StringIO(source).readline)
                        if t.type == tokenize.NAME and t.string == {lit(old)}]
                for row, col in reversed(hits):
                    line = lines[row - 1]
                    lines[row - 1] = line[:col] + {lit(new)} + line[col + {len(old)}:]
                open(path, "w").write("".join(lines))
            open({lit(params.module)}, "a").write({lit(alias)})
        """
        kept = "a wrapper that warns DeprecationWarning" if params.warn else "a plain alias"
        return solution(
            shell_step(f"grep -rn -w {old} {params.folder} --include=*.py",
                       f"First I look for every use of {old}.", f"Find uses of {old}"),
            script_step(script, f"I rename {old} to {new} in the module and its tests, then keep {old} as {kept}.",
                        f"Rename {old} to {new}, keeping the old name"),
            pytest_step(params.folder, "The suite must pass on the new name."))
