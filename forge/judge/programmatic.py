"""The judge that needs no model: the task's programmatic checks on the final state."""

from __future__ import annotations

from forge.checks import FinalState, run_rubric
from forge.llm import CallContext
from forge.models import JudgeOutcome, RubricResult, Step, TaskBundle


class ProgrammaticJudge:
    """Scores by the rubric's checks only; natural-language criteria wait for an LLM judge."""

    name = "programmatic"

    def judge(self, task: TaskBundle, state: FinalState, steps: list[Step], *, context: CallContext | None = None,
              final_message: str | None = None) -> JudgeOutcome:
        return self.outcome(run_rubric(task.rubric.checks, state))

    def outcome(self, rubric: RubricResult) -> JudgeOutcome:
        """The verdict on the task's checks already run on the final state (the package gate's oracle run)."""
        return JudgeOutcome(
            rubric=rubric,
            verdict={
                "judge": self.name,
                "passed": rubric.passed,
                "criteria_judged": False,
                "checks_passed": sum(c.passed for c in rubric.checks),
                "checks_total": len(rubric.checks),
            },
        )
