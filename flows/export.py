"""The `forge-export` flow: trajectory shards -> training shards per curriculum stage.

Wires only: one task runs `forge.export.run` (the same function `forge export` calls), with the
store that generated the shards so harness versions evolution recorded resolve to their prompts.
"""

from __future__ import annotations

from prefect import flow, task
from prefect.cache_policies import NO_CACHE

from forge.export import ExportConfig, ExportResult
from forge.export import run as run_export
from forge.settings import Settings
from forge.store import open_store


@task(name="export-shards", cache_policy=NO_CACHE, persist_result=False, retries=1)
def export_shards(config: ExportConfig, db_url: str) -> ExportResult:
    return run_export(config, store=open_store(db_url))


@flow(name="forge-export", log_prints=False)
def export(config: ExportConfig) -> ExportResult:
    return export_shards(config, Settings().resolved_db_url())
