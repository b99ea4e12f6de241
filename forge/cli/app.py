"""`forge` commands: generate, serve [stop], server start|stop|status|url, skills list."""

from __future__ import annotations

import gc
import json
import logging
import os
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from forge.cli._settings import load_settings
from forge.cli.cost import cost
from forge.cli.evolve import evolve
from forge.cli.tasks import gates_app, rubric_app, task_app
from forge.errors import ForgeError
from forge.prefect_serve import DEPLOYMENT, ServedDeployment, python_command
from forge.prefect_server import PREFECT_ENV, LocalServer, api_url_or_none, require_port
from forge.settings import Settings

app = typer.Typer(help="Mage-CUA-Forge: a data factory for computer-use agents.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
server_app = typer.Typer(help="A local Prefect server for Forge (127.0.0.1).", no_args_is_help=True)
serve_app = typer.Typer()
skills_app = typer.Typer(help="The skill taxonomy.", no_args_is_help=True)
app.add_typer(server_app, name="server")
app.add_typer(serve_app, name="serve")
app.add_typer(skills_app, name="skills")
app.add_typer(task_app, name="task")
app.add_typer(rubric_app, name="rubric")
app.add_typer(gates_app, name="gates")
app.command("cost")(cost)
app.command("evolve")(evolve)
console = Console()
err = Console(stderr=True)


def _fail(exc: Exception, code: int = 2) -> typer.Exit:
    err.print(f"[red]error:[/red] {exc}")
    return typer.Exit(code)


def _settings() -> Settings:
    """Settings from FORGE_* and .env; a bad value exits 2 naming the variable."""
    try:
        return load_settings()
    except ForgeError as exc:
        raise _fail(exc) from exc


def _prefect_env(settings: Settings) -> None:
    """Point Prefect at Forge's local server when one runs and the user set no API URL."""
    for key, value in PREFECT_ENV.items():
        os.environ.setdefault(key, value)
    if not os.environ.get("PREFECT_API_URL"):
        url = api_url_or_none(settings.data_dir)
        if url:
            os.environ["PREFECT_API_URL"] = url


@app.command()
def generate(
    tasks: Annotated[int, typer.Option("--tasks", "-n", min=1, help="Number of skills to sample (one task each).")] = 5,
    seed: Annotated[int, typer.Option(help="Run seed.")] = 0,
    harness: Annotated[str, typer.Option(
        help="Teacher harness: terminal, gui, hybrid, several (gui,terminal) or all; one episode per task and harness.")] = "terminal",
    output_dir: Annotated[Optional[Path], typer.Option("--output-dir", "-o", help="Shard folder.")] = None,
    skill: Annotated[Optional[list[str]], typer.Option("--skill", help="Only this skill id (repeatable).")] = None,
    concurrency: Annotated[Optional[int], typer.Option(min=1, max=256, help="Worker threads.")] = None,
    sampling: Annotated[str, typer.Option(help="mix (the published mix) or stratified (categories take turns).")] = "mix",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Run the `forge` flow once, here, and print a summary."""
    settings = _settings()
    _prefect_env(settings)
    from flows.fork_server import start_fork_server

    start_fork_server()  # the workers' preload runs beside this process's import of the flow
    from flows.generate import forge as forge_flow

    try:
        result = forge_flow(n_tasks=tasks, seed=seed, harness=harness, output_dir=str(output_dir) if output_dir else None,
                            skills=skill, concurrency=concurrency, sampling=sampling)
    except ForgeError as exc:
        raise _fail(exc) from exc
    finally:  # the interpreter's teardown runs a full collection over every object the run left in
        gc.freeze()  # this process (~0.8 s after the summary, measured); frozen ones are skipped, the OS frees them
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    _print_summary(result)


def _print_summary(result: dict) -> None:
    counts = result["counts"]
    table = Table(title=f"forge generate — run {result['run_id']}", show_header=False)
    for key in ("sampled", "built", "accepted", "rejected", "episodes", "episodes_passed", "shards_written", "rows_written"):
        table.add_row(key.replace("_", " "), str(counts[key]))
    table.add_row("harnesses", ", ".join(result["harnesses"]))
    table.add_row("teacher / judge", f"{result['teacher']} / {result['judge']}")
    table.add_row("duration", f"{result['duration_s']:.1f} s")
    table.add_row("shards in", result["output_dir"])
    console.print(table)
    for reason, n in sorted(result["rejections"].items()):
        console.print(f"  rejected {n} × {reason}")


@serve_app.callback(invoke_without_command=True)
def serve(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option(min=1, help="Flow runs at once.")] = 1,
    detach: Annotated[bool, typer.Option("--detach", "-d", help="Serve in the background; return once runs are picked up.")] = False,
) -> None:
    """Serve the `forge` flow as the deployment `forge/generate` (Ctrl-C or SIGTERM stops it; exit 0).

    With --detach it returns once the deployment is served; `forge serve stop` (or `forge server stop`) ends it.
    """
    if ctx.invoked_subcommand is not None:
        return
    settings = _settings()
    _prefect_env(settings)
    api_url = os.environ.get("PREFECT_API_URL")
    if not api_url:
        raise _fail(ForgeError("no Prefect server: run `forge server start` first, or set PREFECT_API_URL"))
    served = ServedDeployment(settings.data_dir)
    if detach:
        try:
            info = served.start_detached(python_command("serve", "--limit", str(limit)), api_url)
        except ForgeError as exc:
            raise _fail(exc) from exc
        console.print(f"Serving deployment [bold]{DEPLOYMENT}[/bold] on {api_url} (pid {info.pid}; log {served.log_file}).")
        console.print("Stop it with `forge serve stop`; `forge server stop` stops it too.")
        return
    from flows.fork_server import warm_deployment_runs
    from flows.generate import forge as forge_flow
    from flows.run_standby import run_standby

    warm_deployment_runs()  # each run's process starts its workers' fork server before importing the flow
    logging.getLogger("forge").setLevel(logging.INFO)  # Prefect's console handler shows it
    console.print(f"Serving deployment [bold]{DEPLOYMENT}[/bold] on {api_url} (Ctrl-C stops it).")
    console.print("Trigger a run from another shell:")
    console.print(f"  export PREFECT_API_URL={api_url}")
    console.print(f"  prefect deployment run {DEPLOYMENT} --param n_tasks=5 --param seed=1 --watch")
    try:
        with run_standby():  # and the next run's process is started and warmed before it is asked for
            served.serve(forge_flow, api_url, limit)
    except ForgeError as exc:
        raise _fail(exc) from exc


@serve_app.command("stop")
def serve_stop() -> None:
    """Stop the `forge serve` running for this data dir (runs in flight are cancelled)."""
    stopped = ServedDeployment(_settings().data_dir).stop()
    console.print(f"Stopped `forge serve` (pid {stopped.pid})." if stopped else "No `forge serve` is running.")


@server_app.command("start")
def server_start(
    port: Annotated[Optional[int], typer.Option(help="Port on 127.0.0.1 [default: FORGE_SERVER_PORT, 4200].")] = None,
) -> None:
    """Start a Prefect server on 127.0.0.1 in the background (idempotent)."""
    settings = _settings()
    try:
        info = LocalServer(settings.data_dir).start(port=require_port(port or settings.server_port))
    except ForgeError as exc:
        raise _fail(exc) from exc
    console.print(f"Prefect server running (pid {info.pid}) at {info.url}")
    console.print("  export PREFECT_API_URL=$(forge server url)")


@server_app.command("stop")
def server_stop() -> None:
    """Stop the server `forge server start` started, and first the `forge serve` that uses it."""
    settings = _settings()
    server = LocalServer(settings.data_dir)
    info, serving = server.info(), ServedDeployment(settings.data_dir).info()
    if info is not None and serving is not None and serving.api_url.rstrip("/") == info.url:
        ServedDeployment(settings.data_dir).stop()
        console.print(f"Stopped `forge serve` (pid {serving.pid}).")
    stopped = server.stop()
    console.print("Prefect server stopped." if stopped else "No Forge-started Prefect server is running.")


@server_app.command("url")
def server_url() -> None:
    """Print the API URL of the server `forge server start` started (for PREFECT_API_URL)."""
    settings = _settings()
    info = LocalServer(settings.data_dir).info()
    if info is None:
        raise _fail(ForgeError(f"no Forge-started Prefect server runs for data dir {settings.data_dir}; "
                               "run `forge server start`"), code=1)
    typer.echo(info.url)


@server_app.command("status")
def server_status(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Say whether Forge's Prefect server runs, and where."""
    info = LocalServer(_settings().data_dir).info()
    if as_json:
        typer.echo(json.dumps(info.model_dump() if info else None))
    elif info:
        console.print(f"running (pid {info.pid}) at {info.url}")
    else:
        console.print("not running")
    raise typer.Exit(0 if info else 1)


@skills_app.command("list")
def skills_list(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the skills in the taxonomy."""
    from skills import load_taxonomy

    taxonomy = load_taxonomy()
    if as_json:
        typer.echo(json.dumps([s.model_dump(mode="json") for s in taxonomy.skills.values()], indent=2))
        return
    table = Table("skill", "workflow", "category")
    for skill in taxonomy.skills.values():
        table.add_row(skill.id, skill.workflow, skill.category)
    console.print(table)


from forge.cli.plugins import register as _register_author_commands  # noqa: E402  (forge plugins|new|docs)

_register_author_commands(app)
from forge.cli.export import register as _register_training_commands  # noqa: E402  (forge export|train)

_register_training_commands(app)
from forge.cli.skills import register as _register_skill_commands  # noqa: E402  (forge skills build|stats|show|sample, forge stats)

_register_skill_commands(app, skills_app)
