"""`forge evolve`: score harness variants on a fixed dev set and record the winner as the next version."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from forge.cli._settings import load_settings
from forge.errors import ForgeError

console = Console()
err = Console(stderr=True)


def _table(result: dict) -> Table:
    table = Table("variant", "version", "success", "passed", "errors", "tokens/task", "steps", "malformed/task",
                  "channels per app", title=f"harness variants on {len(result['dev_set'])} dev tasks "
                                            f"(base {result['base_version']}, run {result['run_id']})")
    for s in result["scores"]:
        channels = "; ".join(f"{app}: " + ", ".join(f"{c} {n}" for c, n in counts.items())
                             for app, counts in s["channels_per_app"].items())
        table.add_row(s["label"], s["version"], f"{s['success_rate']:.0%}", f"{s['passed']}/{s['tasks']}",
                      str(s["errors"]), f"{s['tokens_per_task']:,.0f}", f"{s['mean_steps']:.1f}",
                      f"{s['malformed_per_task']:.2f}", channels or "-")
    return table


def evolve(
    variants: Annotated[Path, typer.Option("--variants", "-v", help="JSON list (or TOML \\[\\[variants]] tables) of harness "
                                                                     "variants: label, prompt_suffix, system_prompt, "
                                                                     "tools, scaffold, python_libraries, domain_libraries.")],
    harness: Annotated[str, typer.Option(help="The harness to evolve (its newest recorded version is the base).")] = "terminal",
    task: Annotated[list[str] | None, typer.Option("--task", help="A dev-set task id (repeatable).")] = None,
    tasks: Annotated[int, typer.Option("--tasks", "-n", min=1, help="Else the first N accepted tasks by id.")] = 10,
    choose: Annotated[bool, typer.Option("--choose/--no-choose", help="Record the best variant when it beats the base.")] = True,
    concurrency: Annotated[int | None, typer.Option(min=1, max=256, help="Episodes at once.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Run each variant and the base with the configured teacher and judge; print per-variant scores."""
    from forge.harness.versions import load_variants
    from forge.prefect_server import PREFECT_ENV, api_url_or_none

    try:
        settings = load_settings()
        loaded = load_variants(variants)
    except ForgeError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    for key, value in PREFECT_ENV.items():
        os.environ.setdefault(key, value)
    if not os.environ.get("PREFECT_API_URL") and (url := api_url_or_none(settings.data_dir)):
        os.environ["PREFECT_API_URL"] = url  # report to Forge's local server when one runs
    from flows.evolve import evolve as evolve_flow

    try:
        result = evolve_flow(variants=[v.model_dump(mode="json") for v in loaded], harness=harness, task_ids=task,
                             n_tasks=tasks, choose=choose, concurrency=concurrency)
    except ForgeError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(1) from exc
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    console.print(_table(result))
    recorded = result["recorded_version"]
    console.print(f"chosen: {result['chosen']} -> {harness}@{recorded}" if recorded else "chosen: none")
    console.print(f"reason: {result['reason']}")
