"""The store's accepting side: a task's acceptance and its near-duplicate signature, kept in the
order they were accepted so that every worker's index can read just the ones it has not seen."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager

from pydantic import BaseModel, ConfigDict
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from forge.errors import StoreError
from forge.store.tables import Task, TaskSignature

_IN_LIMIT = 500  # ids per IN (...): far below any SQLite or Postgres bound on parameters


class AcceptedSignature(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int  # the order of acceptance: read those after the last one seen
    task_id: str
    signature: bytes


class SignaturesMixin:
    """Mixed into `Store`; uses its one-transaction-per-call `_tx`."""

    def _tx(self, write: bool = False) -> AbstractContextManager[Session]:  # provided by Store
        raise NotImplementedError

    def accept_tasks(self, signed: Sequence[tuple[str, bytes]]) -> None:
        """Mark each (task id, signature) accepted and keep its near-duplicate signature (opaque
        bytes, `gates.duplicates`), in order, in one transaction: a batch's accepts cost one commit,
        not one each (the flow accepts in its own process, beside the workers). A task not in the
        store fails the whole call, naming it, and writes nothing."""
        ids = list(dict.fromkeys(task_id for task_id, _ in signed))
        if not ids:  # a batch whose every task was a look-alike
            return
        with self._tx(write=True) as s:
            kept: set[str] = set()
            for start in range(0, len(ids), _IN_LIMIT):
                chunk = ids[start:start + _IN_LIMIT]
                if s.execute(update(Task).where(Task.id.in_(chunk)).values(status="accepted")).rowcount != len(chunk):
                    missing = set(chunk) - set(s.scalars(select(Task.id).where(Task.id.in_(chunk))))
                    raise StoreError(f"task {min(missing)!r} is not in the store (call save_task first)")
                kept.update(s.scalars(select(TaskSignature.task_id).where(TaskSignature.task_id.in_(chunk))))
            for task_id, signature in signed:  # the first signature a task was accepted with stays
                if task_id not in kept:
                    s.add(TaskSignature(task_id=task_id, signature=signature))
                    kept.add(task_id)

    def accepted_signatures(self, after: int = 0) -> list[AcceptedSignature]:
        """Signatures of accepted tasks kept after the `after`-th one, in the order they were kept."""
        query = (select(TaskSignature.seq, TaskSignature.task_id, TaskSignature.signature)
                 .join(Task, Task.id == TaskSignature.task_id)
                 .where(TaskSignature.seq > after, Task.status == "accepted").order_by(TaskSignature.seq))
        with self._tx() as s:
            return [AcceptedSignature(seq=q, task_id=t, signature=sig) for q, t, sig in s.execute(query)]

    def accepted_without_signature(self) -> list[str]:
        """Accepted tasks with no signature kept (accepted before signatures were, or by hand)."""
        kept = select(TaskSignature.task_id)
        query = (select(Task.id).where(Task.status == "accepted", Task.id.not_in(kept))
                 .order_by(Task.created_at, Task.id))
        with self._tx() as s:
            return list(s.scalars(query))
