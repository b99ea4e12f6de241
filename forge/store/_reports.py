"""The store's counting side: what a run's summary and `forge gates report` show, counted by the
database (GROUP BY), so that a report costs memory per workflow and gate, not per stored verdict
(reading every verdict of a 10,000-task store, 40,000 verdicts, cost +62 MB of peak memory and
0.9 s; counting them, +8 MB and 0.3 s, measured)."""

from __future__ import annotations

from contextlib import AbstractContextManager

from pydantic import BaseModel, ConfigDict
from sqlalchemy import Select, case, func, select
from sqlalchemy.orm import Session

from forge.store.tables import GateResultRow, Rejection, RunTask, Task


class GateTally(BaseModel):
    """One workflow's verdicts of one gate."""

    model_config = ConfigDict(frozen=True)

    workflow: str
    gate: str
    ran: int
    passed: int
    mean_s: float


class WorkflowTally(BaseModel):
    """One workflow's tasks that have a verdict, and those with at least one failing verdict."""

    model_config = ConfigDict(frozen=True)

    workflow: str
    tasks: int
    rejected: int


class FailureTally(BaseModel):
    """How often one gate failed one workflow's tasks for one reason."""

    model_config = ConfigDict(frozen=True)

    workflow: str
    gate: str
    reason: str | None
    count: int


class ReportsMixin:
    """Mixed into `Store`; uses its one-transaction-per-call `_tx`. `run_id` None: every task."""

    def _tx(self, write: bool = False) -> AbstractContextManager[Session]:  # provided by Store
        raise NotImplementedError

    def rejection_counts(self, run_id: str) -> dict[str, int]:
        """The run's rejections by "stage:reason", failing gate verdicts as "<gate>_gate:reason"
        (a rejection recorded under a gate's own stage name adds to that gate's count)."""
        rejected = select(Rejection.stage, Rejection.reason, func.count()).where(
            Rejection.run_id == run_id).group_by(Rejection.stage, Rejection.reason)
        failed = (select(GateResultRow.gate, GateResultRow.reason, func.count())
                  .join(RunTask, RunTask.task_id == GateResultRow.task_id)
                  .where(RunTask.run_id == run_id, GateResultRow.passed.is_(False))
                  .group_by(GateResultRow.gate, GateResultRow.reason))
        with self._tx() as s:
            counts = {f"{stage}:{reason}": n for stage, reason, n in s.execute(rejected)}
            for gate, reason, n in s.execute(failed):
                key = f"{gate}_gate:{reason}"
                counts[key] = counts.get(key, 0) + n
        return counts

    def gate_tallies(self, run_id: str | None = None) -> list[GateTally]:
        """Per workflow (by name) and gate (in the order each first ran for it): runs, passes, mean time."""
        query = _verdicts(select(Task.workflow, GateResultRow.gate, func.count(),
                                 func.sum(case((GateResultRow.passed, 1), else_=0)),
                                 func.avg(GateResultRow.duration_s)), run_id)
        query = query.group_by(Task.workflow, GateResultRow.gate).order_by(Task.workflow, func.min(GateResultRow.id))
        with self._tx() as s:
            return [GateTally(workflow=w, gate=g, ran=n, passed=p, mean_s=m) for w, g, n, p, m in s.execute(query)]

    def workflow_tallies(self, run_id: str | None = None) -> list[WorkflowTally]:
        """Per workflow (by name): its tasks with a verdict, and those any gate failed."""
        failing = case((GateResultRow.passed.is_(False), GateResultRow.task_id))
        query = _verdicts(select(Task.workflow, func.count(GateResultRow.task_id.distinct()),
                                 func.count(failing.distinct())), run_id)
        with self._tx() as s:
            return [WorkflowTally(workflow=w, tasks=n, rejected=r)
                    for w, n, r in s.execute(query.group_by(Task.workflow).order_by(Task.workflow))]

    def gate_failures(self, run_id: str | None = None) -> list[FailureTally]:
        """Failing verdicts per workflow, gate and reason: the most frequent first, ties in the
        order each first occurred."""
        query = _verdicts(select(Task.workflow, GateResultRow.gate, GateResultRow.reason, func.count()), run_id)
        query = (query.where(GateResultRow.passed.is_(False))
                 .group_by(Task.workflow, GateResultRow.gate, GateResultRow.reason)
                 .order_by(func.count().desc(), func.min(GateResultRow.id)))
        with self._tx() as s:
            return [FailureTally(workflow=w, gate=g, reason=r, count=n) for w, g, r, n in s.execute(query)]


def _verdicts(query: Select, run_id: str | None) -> Select:
    """`query` over gate verdicts joined to their tasks (for the workflow), one run's if given."""
    query = query.select_from(GateResultRow).join(Task, Task.id == GateResultRow.task_id)
    if run_id is not None:
        query = query.join(RunTask, RunTask.task_id == Task.id).where(RunTask.run_id == run_id)
    return query
