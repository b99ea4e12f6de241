"""The store's accepting side: a task's acceptance, its near-duplicate signature (in the order
tasks were accepted) and the signature's LSH band keys, so that a look-up for look-alikes reads the
few accepted tasks sharing a key instead of every process holding every signature."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Protocol

from pydantic import BaseModel, ConfigDict
from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from forge.errors import StoreError
from forge.store.tables import Task, TaskBand, TaskSignature

_IN_LIMIT = 500  # ids per IN (...): far below any SQLite or Postgres bound on parameters


class AcceptedSignature(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int  # the order of acceptance: read those after the last one seen
    task_id: str
    signature: bytes


Match = tuple[str, float]  # a look-alike's task id and its similarity


class Banding(Protocol):
    """How a caller's opaque signatures are cut into LSH band keys and compared (the store knows
    neither): `gates.duplicates.LshBanding`."""

    name: str  # names the cut: keys made under one banding are only looked up under it

    def keys(self, signature: bytes) -> list[int]: ...

    def near(self, signature: bytes, candidates: list[AcceptedSignature]) -> Match | None:
        """The first candidate close enough to count as a look-alike, with its similarity."""
        ...


class SignaturesMixin:
    """Mixed into `Store`; uses its one-transaction-per-call `_tx`."""

    def _tx(self, write: bool = False) -> AbstractContextManager[Session]:  # provided by Store
        raise NotImplementedError

    def accept_tasks(self, signed: Sequence[tuple[str, bytes]], banding: Banding | None = None) -> dict[str, Match]:
        """Mark each (task id, signature) accepted and keep its near-duplicate signature (opaque
        bytes, `gates.duplicates`), in order, in one transaction: a batch's accepts cost one commit,
        not one each. With a `banding`, a task near one already accepted (by any run, or earlier in
        the batch) is not accepted: returned as {task id: (look-alike, similarity)}, for the caller
        to record why; the rest get their band keys kept. One write transaction, so two processes
        accepting look-alikes at once cannot both get in. A task not in the store fails the whole
        call, naming it, and writes nothing."""
        ids = list(dict.fromkeys(task_id for task_id, _ in signed))
        if not ids:  # a batch whose every task was a look-alike
            return {}
        with self._tx(write=True) as s:
            present: set[str] = set()
            kept: set[str] = set()
            for chunk in _chunks(ids):
                present.update(s.scalars(select(Task.id).where(Task.id.in_(chunk))))
                kept.update(s.scalars(select(TaskSignature.task_id).where(TaskSignature.task_id.in_(chunk))))
            if missing := set(ids) - present:
                raise StoreError(f"task {min(missing)!r} is not in the store (call save_task first)")
            keys: dict[str, list[int]] = {}
            rejected: dict[str, Match] = {}
            if banding is not None:
                keys = {task_id: banding.keys(signature) for task_id, signature in signed}
                signed, rejected = _without_lookalikes(s, signed, banding, keys)
            accepted = list(dict.fromkeys(task_id for task_id, _ in signed))
            for chunk in _chunks(accepted):
                s.execute(update(Task).where(Task.id.in_(chunk)).values(status="accepted"))
            for task_id, signature in signed:  # the first signature a task was accepted with stays
                if task_id not in kept:
                    s.add(TaskSignature(task_id=task_id, signature=signature))
                    kept.add(task_id)
            if banding is not None:
                _keep_bands(s, banding.name, {task_id: keys[task_id] for task_id in accepted},
                            _banded(s, banding.name, accepted))
            return rejected

    def band_candidates(self, banding: str, keys: Iterable[int]) -> list[AcceptedSignature]:
        """Accepted tasks with a band key among `keys` under `banding`, in the order accepted."""
        with self._tx() as s:
            return list(_candidates(s, banding, list(keys)).values())

    def unbanded_accepted(self, banding: str) -> list[tuple[str, bytes | None]]:
        """Accepted tasks with no band keys under `banding` (accepted before bands were kept, under
        another threshold, or by hand), each with its kept signature if it has one."""
        banded = select(TaskBand.task_id).where(TaskBand.banding == banding)
        query = (select(Task.id, TaskSignature.signature).outerjoin(TaskSignature, TaskSignature.task_id == Task.id)
                 .where(Task.status == "accepted", Task.id.not_in(banded)).order_by(Task.created_at, Task.id))
        with self._tx() as s:
            return [(task_id, signature) for task_id, signature in s.execute(query)]

    def keep_bands(self, banding: Banding, signed: Sequence[tuple[str, bytes]]) -> None:
        """Keep band keys for accepted tasks that have none under `banding` (a task that has them
        is left as it is, so two processes doing this at once write each task's once); the
        signature is kept too, replacing one the caller could not read (made another way)."""
        with self._tx(write=True) as s:
            ids = [task_id for task_id, _ in signed]
            done = _banded(s, banding.name, ids)
            kept: dict[str, bytes] = {}
            for chunk in _chunks(ids):
                kept.update((task_id, signature) for task_id, signature in s.execute(
                    select(TaskSignature.task_id, TaskSignature.signature).where(TaskSignature.task_id.in_(chunk))))
            todo = [(task_id, signature) for task_id, signature in dict(signed).items() if task_id not in done]
            for task_id, signature in todo:
                if task_id not in kept:
                    s.add(TaskSignature(task_id=task_id, signature=signature))
                elif kept[task_id] != signature:
                    s.execute(update(TaskSignature).where(TaskSignature.task_id == task_id).values(signature=signature))
            _keep_bands(s, banding.name, {task_id: banding.keys(signature) for task_id, signature in todo}, done)

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


def _chunks(ids: list[str]) -> Iterable[list[str]]:
    return (ids[start:start + _IN_LIMIT] for start in range(0, len(ids), _IN_LIMIT))


def _band_hits(s: Session, banding: str, keys: list[int]) -> list[tuple[int, AcceptedSignature]]:
    """(key, accepted task with its kept signature) for every band row under `banding` with one of
    `keys`, in the order the tasks were accepted."""
    hits: list[tuple[int, AcceptedSignature]] = []
    for start in range(0, len(keys), _IN_LIMIT):
        query = (select(TaskBand.key, TaskSignature.seq, TaskSignature.task_id, TaskSignature.signature)
                 .join(TaskSignature, TaskSignature.task_id == TaskBand.task_id)
                 .join(Task, Task.id == TaskBand.task_id)
                 .where(TaskBand.banding == banding, TaskBand.key.in_(keys[start:start + _IN_LIMIT]),
                        Task.status == "accepted"))
        hits.extend((key, AcceptedSignature(seq=seq, task_id=task_id, signature=signature))
                    for key, seq, task_id, signature in s.execute(query))
    return sorted(hits, key=lambda hit: hit[1].seq)


def _candidates(s: Session, banding: str, keys: list[int]) -> dict[str, AcceptedSignature]:
    """{task id: its kept signature} of accepted tasks sharing a key, in the order accepted."""
    return {hit.task_id: hit for _, hit in _band_hits(s, banding, keys)}


def _without_lookalikes(s: Session, signed: Sequence[tuple[str, bytes]], banding: Banding,
                        keys: dict[str, list[int]]) -> tuple[list[tuple[str, bytes]], dict[str, Match]]:
    """The batch less the tasks near one accepted before it or earlier in it (each task's band
    `keys` given), and those, in order."""
    by_key: dict[int, list[AcceptedSignature]] = {}
    for key, hit in _band_hits(s, banding.name, sorted({key for task_keys in keys.values() for key in task_keys})):
        by_key.setdefault(key, []).append(hit)
    accepted: list[tuple[str, bytes]] = []
    rejected: dict[str, Match] = {}
    for task_id, signature in signed:
        seen: dict[str, AcceptedSignature] = {}
        for key in keys[task_id]:
            seen.update((c.task_id, c) for c in by_key.get(key, ()) if c.task_id != task_id)
        match = banding.near(signature, sorted(seen.values(), key=lambda c: c.seq))
        if match is not None:
            rejected.setdefault(task_id, match)
            continue
        mine = AcceptedSignature(seq=2**62 + len(accepted), task_id=task_id, signature=signature)  # after the stored
        accepted.append((task_id, signature))
        for key in keys[task_id]:
            by_key.setdefault(key, []).append(mine)
    return accepted, rejected


def _banded(s: Session, banding: str, ids: list[str]) -> set[str]:
    """The tasks among `ids` that have band keys under `banding`."""
    done: set[str] = set()
    for chunk in _chunks(list(dict.fromkeys(ids))):
        done.update(s.scalars(select(TaskBand.task_id).where(TaskBand.banding == banding, TaskBand.task_id.in_(chunk))))
    return done


def _keep_bands(s: Session, banding: str, keys: dict[str, list[int]], done: set[str]) -> None:
    """Band rows for each task of `keys` not in `done` (those with keys under `banding` already)."""
    rows = [{"banding": banding, "key": key, "task_id": task_id}
            for task_id, task_keys in keys.items() if task_id not in done for key in set(task_keys)]
    if rows:
        s.execute(insert(TaskBand), rows)
