"""`forge export`: trajectory shards -> training shards per curriculum stage (see docs/export-and-train.md)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from forge.cli._settings import load_settings
from forge.errors import ForgeError

console = Console()
err = Console(stderr=True)


def export(
    input_dir: Annotated[Path | None, typer.Option("--input-dir", "-i", help="Trajectory shards (default: <data_dir>/shards).")] = None,
    output_dir: Annotated[Path | None, typer.Option("--output-dir", "-o", help="Training shards (default: <data_dir>/export).")] = None,
    stage: Annotated[list[str] | None, typer.Option("--stage", help="Only this stage (repeatable): gui_midtrain, gui_sft, terminal_sft, hybrid_sft.")] = None,
    app_: Annotated[list[str] | None, typer.Option("--app", help="Only episodes touching this app (repeatable).")] = None,
    harness: Annotated[list[str] | None, typer.Option("--harness", help="Only this harness (repeatable).")] = None,
    skill: Annotated[list[str] | None, typer.Option("--skill", help="Only skills under this dotted prefix (repeatable).")] = None,
    min_score: Annotated[float, typer.Option(min=0, max=1, help="Least judge score.")] = 0.0,
    min_steps: Annotated[int, typer.Option(min=0, help="Fewest steps.")] = 1,
    max_steps: Annotated[int | None, typer.Option(min=1, help="Most steps.")] = None,
    since: Annotated[datetime | None, typer.Option(help="Recorded at or after (ISO date/time).")] = None,
    until: Annotated[datetime | None, typer.Option(help="Recorded before (ISO date/time).")] = None,
    dev_fraction: Annotated[float, typer.Option(min=0, max=0.99, help="Share of tasks held out as dev.")] = 0.05,
    shard_mb: Annotated[int, typer.Option(min=1, help="Bound on one shard's payload, in MiB.")] = 256,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Write per-turn training examples (chat format, supervision spans) per curriculum stage."""
    from forge.export import ExportConfig, ExportFilters, run
    from forge.store import open_store

    try:
        settings = load_settings()
        filters = ExportFilters(apps=app_ or [], harnesses=harness or [], skills=skill or [], min_score=min_score,
                                min_steps=min_steps, max_steps=max_steps, since=since, until=until)
        config = ExportConfig(input_dir=input_dir or settings.data_dir / "shards",
                              output_dir=output_dir or settings.data_dir / "export", filters=filters,
                              dev_fraction=dev_fraction, shard_max_bytes=shard_mb * 2**20,
                              file_mode=settings.file_mode(), **({"stages": stage} if stage else {}))
        result = run(config, store=open_store(settings.resolved_db_url()))
    except ValidationError as exc:
        err.print(f"[red]error:[/red] {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}")
        raise typer.Exit(2) from exc
    except ForgeError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    if as_json:
        typer.echo(json.dumps(result.model_dump(mode="json"), indent=2))
        return
    table = Table("stage", "train", "dev", "shards", "MB", title=f"forge export -> {result.output_dir}")
    for s in result.stages:
        table.add_row(s.stage, str(s.train_rows), str(s.dev_rows), str(s.shards), f"{s.bytes / 2**20:.1f}")
    console.print(table)
    console.print(f"episodes read {result.episodes_read}, kept {result.episodes_kept}; "
                  f"filtered out {result.filtered_out or 'none'}; {len(result.rejections)} rejections (see the manifest)")


def train(
    config_file: Annotated[Path | None, typer.Option("--config", "-c", help="A TrainConfig as JSON (stages, params).")] = None,
    model: Annotated[Path | None, typer.Option("--model", help="Local folder of the starting checkpoint.")] = None,
    export_dir: Annotated[Path | None, typer.Option("--export-dir", help="What `forge export` wrote (default: <data_dir>/export).")] = None,
    output_dir: Annotated[Path | None, typer.Option("--output-dir", "-o", help="Checkpoints (default: <data_dir>/train).")] = None,
    stage: Annotated[list[str] | None, typer.Option("--stage", help="Only this stage (repeatable).")] = None,
    use_cpu: Annotated[bool, typer.Option("--cpu", help="Train on CPU.")] = False,
    fsdp: Annotated[bool, typer.Option("--fsdp", help="Shard SFT stages with FSDP2 (run under torchrun).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Run the curriculum (GUI mid-training, GUI SFT, terminal SFT, hybrid SFT, online RL) on exported shards."""
    from forge.train.config import TrainConfig
    from forge.train.run import run as run_training

    try:
        settings = load_settings()
        base = json.loads(config_file.read_text()) if config_file else {}
        overrides = {"model_path": model, "export_dir": export_dir, "output_dir": output_dir, "only": stage}
        data = {**base, **{k: v for k, v in overrides.items() if v}}
        data.setdefault("export_dir", settings.data_dir / "export")
        data.setdefault("output_dir", settings.data_dir / "train")
        data.setdefault("db_url", settings.resolved_db_url())
        data["use_cpu"] = use_cpu or data.get("use_cpu", False)
        data["fsdp"] = fsdp or data.get("fsdp", False)
        if "model_path" not in data:
            raise ForgeError("no starting checkpoint: pass --model <folder> (or model_path in --config)")
        result = run_training(TrainConfig.model_validate(data))
    except (OSError, ValueError) as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    except ForgeError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    if as_json:
        typer.echo(json.dumps(result.model_dump(mode="json"), indent=2))
        return
    for s in result.stages:
        console.print(f"{s.stage}: {s.steps} steps, loss {s.losses[0] if s.losses else float('nan'):.4f} -> "
                      f"{s.losses[-1] if s.losses else float('nan'):.4f}, {s.examples} examples in {s.bins} bins")
    console.print(f"skipped (done or not selected): {', '.join(result.skipped) or 'none'}; final: {result.final_dir}")


def register(app: typer.Typer) -> None:
    """Add `forge export` and `forge train` to the main app."""
    app.command("export")(export)
    app.command("train")(train)

