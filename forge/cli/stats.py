"""`forge stats`: what a batch of tasks looks like, printed and written as JSON."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from forge.cli._settings import load_settings
from forge.errors import ForgeError

console = Console()
err = Console(stderr=True)


def stats(
    run: Annotated[str | None, typer.Option("--run", help="Only this run's tasks (default: the whole store).")] = None,
    shards: Annotated[Path | None, typer.Option("--shards", help="Read the batch from these Parquet shards.")] = None,
    status: Annotated[str, typer.Option(help="Task status to count from the store: accepted, rejected, pending, all.")]
    = "accepted",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="JSON file (default: <data_dir>/stats/<run>.json).")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON instead of a table.")] = False,
) -> None:
    """Single/multi-app shares, files, file kinds, near twins, difficulty, steps and channels of a batch."""
    from forge.stats import batch_stats, shard_records, store_records
    from forge.store import open_store
    from skills import load_taxonomy

    try:
        settings = load_settings()
        difficulty = {s.id: s.difficulty for s in load_taxonomy().skills.values()}
        store = open_store(settings.resolved_db_url())
    except ForgeError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    with store:
        if shards is not None:
            if not shards.is_dir():
                err.print(f"[red]error:[/red] shard folder {shards} does not exist; pass the folder a run wrote")
                raise typer.Exit(2)
            records = shard_records(store, shards, difficulty)
        else:
            records = store_records(store, run, None if status == "all" else status, difficulty)
    report = batch_stats(records)
    target = output or settings.data_dir / "stats" / f"{run or 'all'}.json"
    _write_atomic(target, report.model_dump_json(indent=2) + "\n")
    if as_json:
        typer.echo(report.model_dump_json(indent=2))
        return
    table = Table("figure", "value")
    for key, value in report.model_dump(exclude={"near_twins_by_family"}).items():
        table.add_row(key, json.dumps(value) if isinstance(value, dict) else str(value))
    console.print(table)
    worst = sorted(report.near_twins_by_family.items(), key=lambda kv: (-kv[1].rate, kv[0]))[:10]
    if worst and worst[0][1].with_twin:
        console.print("families with the most near twins: " + ", ".join(
            f"{family} {twins.with_twin}/{twins.tasks}" for family, twins in worst if twins.with_twin))
    console.print(f"written to {target}")


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(text)
    os.replace(temp, path)
