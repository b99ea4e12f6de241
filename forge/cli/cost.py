"""`forge cost`: what the model calls of a run (or of the whole store) cost."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from forge.cli._settings import load_settings
from forge.errors import ForgeError

if TYPE_CHECKING:  # the store (SQLAlchemy) loads when `forge cost` runs, not with every command
    from forge.store import CostLine

console = Console()
err = Console(stderr=True)


def _table(title: str, lines: list[CostLine], limit: int) -> Table:
    table = Table("key", "calls", "cache hits", "errors", "tokens in", "cached in", "tokens out", "cost $", title=title)
    for line in lines[:limit]:
        table.add_row(line.key, str(line.calls), str(line.cache_hits), str(line.errors), f"{line.prompt_tokens:,}",
                      f"{line.cached_tokens:,}", f"{line.completion_tokens:,}", f"{line.cost_usd:.4f}")
    if len(lines) > limit:
        table.caption = f"{len(lines) - limit} more (use --json for all)"
    return table


def cost(
    run: Annotated[str | None, typer.Option("--run", help="Only this run id (default: every call in the store).")] = None,
    limit: Annotated[int, typer.Option(min=1, help="Rows per table.")] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Model spend per stage, per task and per accepted trajectory (cache hits are never paid twice)."""
    from forge.llm.report import cost_report
    from forge.store import open_store

    try:
        store = open_store(load_settings().resolved_db_url())
        report = cost_report(store, run)
    except ForgeError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    if as_json:
        typer.echo(json.dumps(report.model_dump(mode="json"), indent=2))
        return
    console.print(_table(f"model calls by stage{f' — run {run}' if run else ''}", report.by_stage, limit))
    console.print(_table("by model", report.by_model, limit))
    console.print(_table("by task", report.by_task, limit))
    console.print(_table("by accepted trajectory", report.by_accepted_trajectory, limit))
    total, task, kept = report.totals, report.per_task, report.per_accepted_trajectory
    console.print(f"total: {total.calls} calls ({total.cache_hits} from the cache), {total.total_tokens:,} tokens, "
                  f"${total.cost_usd:.4f}")
    console.print(f"per task ({task.count}): {task.tokens:,.0f} tokens, ${task.cost_usd:.4f}; per accepted trajectory "
                  f"({kept.count}): {kept.tokens:,.0f} tokens, ${kept.cost_usd:.4f}")
    wf = report.published["workflow_first"]
    console.print(f"published, workflow-first authoring: {wf['tokens_per_task']:,.0f} tokens, ${wf['cost_per_task_usd']} per task")
