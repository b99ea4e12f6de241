"""What model calls cost, per stage, per task and per accepted trajectory: `forge cost` prints this."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from forge.store import CostLine, Store

PUBLISHED = {
    "workflow_first": {"tokens_per_task": 85_000, "cost_per_task_usd": 0.158},
    "agent_first": {"tokens_per_task": 1_276_000, "cost_per_task_usd": 0.906},
}
"""The published authoring cost per task, for comparison (workflow-first vs agent-first)."""


class Mean(BaseModel):
    model_config = ConfigDict(frozen=True)

    count: int
    tokens: float = 0.0
    cost_usd: float = 0.0


def _mean(total: CostLine, count: int) -> Mean:
    if count == 0:
        return Mean(count=0)
    return Mean(count=count, tokens=round(total.total_tokens / count, 1), cost_usd=round(total.cost_usd / count, 6))


class CostReport(BaseModel):
    """Paid usage (cache hits are counted as calls, never as spend)."""

    model_config = ConfigDict(frozen=True)

    run_id: str | None
    totals: CostLine
    by_stage: list[CostLine]
    by_model: list[CostLine]
    by_task: list[CostLine]
    by_accepted_trajectory: list[CostLine] = Field(description="Calls made for each kept episode (teacher, annotator, judge).")
    per_task: Mean = Field(description="All spend over the tasks that made model calls.")
    per_accepted_trajectory: Mean = Field(description="All spend, waste included, over the kept episodes.")
    published: dict[str, dict[str, float]] = Field(default_factory=lambda: dict(PUBLISHED))


def cost_report(store: Store, run_id: str | None = None) -> CostReport:
    totals = store.cost_total(run_id)
    by_task = store.cost_by("task", run_id)
    accepted = store.counts(run_id)["episodes_passed"]
    return CostReport(
        run_id=run_id, totals=totals, by_stage=store.cost_by("stage", run_id), by_model=store.cost_by("model", run_id),
        by_task=by_task, by_accepted_trajectory=store.cost_by("episode", run_id, accepted_only=True),
        per_task=_mean(totals, len(by_task)), per_accepted_trajectory=_mean(totals, accepted),
    )
