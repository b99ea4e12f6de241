"""Package-level gate: in fresh sandboxes, setup works, doing nothing fails, the oracle passes."""

from __future__ import annotations

from pydantic import JsonValue

from forge.checks import run_rubric
from forge.environment import SetupError, TaskEnvironment
from forge.errors import ForgeError
from forge.harness import ReplayTeacher, run_steps
from forge.harness.configs import HARNESSES
from forge.models import RubricResult, TaskBundle
from gates.spec import GateContext, Rejection, register_gate

ORACLE_HARNESS = "terminal"


def _summary(rubric: RubricResult) -> list[JsonValue]:
    return [{"func": c.func, "passed": c.passed, "message": c.message} for c in rubric.checks]


@register_gate("package")
class PackageGate:
    name = "package"

    def check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        untouched = self._probe(bundle, ctx, solve=False)
        if any(c.error for c in untouched.checks):
            raise Rejection("check_error", "a check could not run: " + "; ".join(
                c.message for c in untouched.checks if c.error), checks=_summary(untouched))
        if untouched.passed:
            raise Rejection("rubric_passes_untouched", "the rubric passes when the agent does nothing",
                            checks=_summary(untouched))
        solved = self._probe(bundle, ctx, solve=True)
        if not solved.passed:
            failed = "; ".join(f"{c.func}: {c.message}" for c in solved.failures())
            raise Rejection("oracle_fails", f"the reference solution does not satisfy the rubric: {failed}",
                            checks=_summary(solved))
        return {"do_nothing": _summary(untouched), "oracle": _summary(solved)}

    def _probe(self, bundle: TaskBundle, ctx: GateContext, *, solve: bool) -> RubricResult:
        try:
            with TaskEnvironment(bundle, ctx.scratch_root, limits=ctx.limits, backend=ctx.backend) as env:
                try:
                    env.materialize()
                except SetupError as exc:
                    raise Rejection("setup_failed", str(exc)) from exc
                if solve:
                    steps, _ = run_steps(env, bundle, HARNESSES.get(ORACLE_HARNESS), ReplayTeacher())
                    failed = [s for s in steps if s.observation.exit_code not in (0, None)]
                    if failed:
                        s = failed[0]
                        raise Rejection("oracle_step_failed", f"reference step {s.index + 1} ({s.action}) exited "
                                        f"{s.observation.exit_code}: {s.observation.text[-400:]}")
                return run_rubric(bundle.rubric.checks, env.final_state())
        except ForgeError as exc:
            raise Rejection("sandbox_error", f"{type(exc).__name__}: {exc}") from exc
