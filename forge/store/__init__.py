"""Forge's database: runs, skills, tasks, gate verdicts, rejections, episodes, model calls, shards."""

from forge.store._ledger import MODEL_ROLES, CostLine, HarnessVersionRecord, ModelCallRecord
from forge.store._signatures import AcceptedSignature
from forge.store.schema import MIGRATIONS, SCHEMA_VERSION
from forge.store.store import RejectionRecord, RunRecord, ShardRecord, Store, open_store

__all__ = [
    "MODEL_ROLES", "CostLine", "HarnessVersionRecord", "ModelCallRecord",
    "MIGRATIONS", "SCHEMA_VERSION", "AcceptedSignature", "RejectionRecord", "RunRecord", "ShardRecord", "Store", "open_store",
]
