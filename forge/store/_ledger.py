"""The store's model-side tables: the cost ledger, the reply cache and recorded harness versions.

Ledger rule: every request is one row; a reply served from the cache is a row too (`cache_hit`),
but its tokens and cost are not counted again: totals sum paid rows only.
"""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, computed_field
from sqlalchemy import ColumnElement, case, func, select
from sqlalchemy.orm import Session

from forge.errors import StoreError
from forge.store.tables import EpisodeRow, HarnessVersionRow, ModelCall, ModelResponse, utcnow

MODEL_ROLES = ("teacher", "annotator", "judge", "author")


class ModelCallRecord(BaseModel):
    """One ledger row as the model client reports it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: str
    model: str
    base_url: str | None = None
    prompt_tokens: int = Field(default=0, ge=0)
    completion_tokens: int = Field(default=0, ge=0)
    cached_tokens: int = Field(default=0, ge=0, description="Input tokens the provider served from its prompt cache.")
    cost_usd: float = Field(default=0.0, ge=0)
    latency_s: float = Field(default=0.0, ge=0)
    run_id: str | None = None
    task_id: str | None = None
    episode_id: str | None = None
    stage: str | None = Field(default=None, description="Pipeline stage; default: the role.")
    cache_hit: bool = False
    request_key: str | None = None
    error: str | None = None


class CostLine(BaseModel):
    """Paid usage of one group of calls (a stage, a task, an episode, or all)."""

    model_config = ConfigDict(frozen=True)

    key: str
    calls: int = 0
    cache_hits: int = 0
    errors: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class HarnessVersionRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    version: str
    parent_version: str | None
    config: dict[str, JsonValue]
    scores: dict[str, JsonValue]
    created_at: datetime


def _paid(column: Any) -> ColumnElement[Any]:
    return func.coalesce(func.sum(case((ModelCall.cache_hit.is_(False), column), else_=0)), 0)


_AGGREGATES = (
    func.count(ModelCall.id),
    func.coalesce(func.sum(case((ModelCall.cache_hit.is_(True), 1), else_=0)), 0),
    func.coalesce(func.sum(case((ModelCall.error.is_not(None), 1), else_=0)), 0),
    _paid(ModelCall.prompt_tokens), _paid(ModelCall.completion_tokens), _paid(ModelCall.cached_tokens),
    _paid(ModelCall.cost_usd), _paid(ModelCall.latency_s),
)


def _line(key: str, row: Any) -> CostLine:
    calls, hits, errors, prompt, completion, cached, cost, latency = row
    return CostLine(key=key, calls=int(calls), cache_hits=int(hits), errors=int(errors), prompt_tokens=int(prompt),
                    completion_tokens=int(completion), cached_tokens=int(cached), cost_usd=float(cost),
                    latency_s=float(latency))


class LedgerMixin:
    """Mixed into `Store`; uses its one-transaction-per-call `_tx`."""

    def _tx(self, write: bool = False) -> AbstractContextManager[Session]:  # provided by Store
        raise NotImplementedError

    # ledger ----------------------------------------------------------------------------------

    def record_model_call(self, record: ModelCallRecord | None = None, **fields: Any) -> None:
        """Append one ledger row (a record, or its fields as keywords)."""
        record = record or ModelCallRecord(**fields)
        if record.role not in MODEL_ROLES:
            raise StoreError(f"unknown model-call role {record.role!r}; expected one of {', '.join(MODEL_ROLES)}")
        data = record.model_dump()
        data["stage"] = record.stage or record.role
        with self._tx(write=True) as s:
            s.add(ModelCall(**data))

    def model_call_totals(self, run_id: str | None = None) -> dict[str, float]:
        """Totals over the run's calls (or all): calls, cache hits, paid tokens, cost_usd, latency_s."""
        line = self.cost_total(run_id)
        return {
            "calls": line.calls, "cache_hits": line.cache_hits, "errors": line.errors,
            "prompt_tokens": line.prompt_tokens, "completion_tokens": line.completion_tokens,
            "cached_tokens": line.cached_tokens, "total_tokens": line.total_tokens,
            "cost_usd": line.cost_usd, "latency_s": line.latency_s,
        }

    def _cost_lines(self, group: Any, run_id: str | None, where: Any = None) -> list[CostLine]:
        query = select(*(([group] if group is not None else []) + list(_AGGREGATES)))
        if run_id is not None:
            query = query.where(ModelCall.run_id == run_id)
        if where is not None:
            query = query.where(where)
        if group is not None:
            query = query.where(group.is_not(None)).group_by(group).order_by(group)
        with self._tx() as s:
            rows = s.execute(query).all()
        if group is None:
            return [_line("total", rows[0])]
        return [_line(str(row[0]), row[1:]) for row in rows]

    def cost_by(self, by: str, run_id: str | None = None, accepted_only: bool = False) -> list[CostLine]:
        """Paid usage grouped by `stage`, `role`, `model`, `task` or `episode`; `accepted_only` keeps
        episodes that passed (accepted trajectories)."""
        columns = {"stage": ModelCall.stage, "role": ModelCall.role, "model": ModelCall.model,
                   "task": ModelCall.task_id, "episode": ModelCall.episode_id}
        if by not in columns:
            raise StoreError(f"cannot group model calls by {by!r}; use one of {', '.join(columns)}")
        where = None
        if accepted_only:
            where = ModelCall.episode_id.in_(select(EpisodeRow.id).where(EpisodeRow.passed.is_(True)))
        return self._cost_lines(columns[by], run_id, where)

    def cost_total(self, run_id: str | None = None) -> CostLine:
        return self._cost_lines(None, run_id)[0]

    # reply cache -----------------------------------------------------------------------------

    def cached_response(self, key: str) -> str | None:
        with self._tx() as s:
            return s.scalar(select(ModelResponse.response_json).where(ModelResponse.key == key))

    def save_response(self, key: str, model: str, response_json: str) -> None:
        """Store a reply under its request hash; the first one stored wins (same request, same reply)."""
        try:
            with self._tx(write=True) as s:
                if s.get(ModelResponse, key) is None:
                    s.add(ModelResponse(key=key, model=model, response_json=response_json, created_at=utcnow()))
        except StoreError:
            if self.cached_response(key) is None:  # not a lost race with another writer of the same reply
                raise

    # harness versions ------------------------------------------------------------------------

    def record_harness_version(self, name: str, version: str, config: dict[str, JsonValue],
                               scores: dict[str, JsonValue], parent_version: str | None = None) -> None:
        with self._tx(write=True) as s:
            taken = s.scalar(select(HarnessVersionRow.id).where(
                HarnessVersionRow.name == name, HarnessVersionRow.version == version))
            if taken is not None:
                raise StoreError(f"harness {name!r} version {version!r} is already recorded; versions are immutable")
            s.add(HarnessVersionRow(name=name, version=version, parent_version=parent_version,
                                    config_json=json.dumps(config), scores_json=json.dumps(scores)))

    def harness_versions(self, name: str) -> list[HarnessVersionRecord]:
        """Recorded versions of a harness, oldest first."""
        with self._tx() as s:
            rows = list(s.scalars(select(HarnessVersionRow).where(HarnessVersionRow.name == name)
                                  .order_by(HarnessVersionRow.id)))
            return [HarnessVersionRecord(name=r.name, version=r.version, parent_version=r.parent_version,
                                         config=json.loads(r.config_json), scores=json.loads(r.scores_json),
                                         created_at=r.created_at) for r in rows]
