"""`forge plugins list`, `forge new app NAME`, `forge docs`: the commands for app authors.

    forge plugins list [--json]     every plugin: loaded, or failed with its reason
    forge new app NAME [--dir D]    a working plugin skeleton in D/forge-NAME (passes the gates)
    forge docs [--check]            write docs/reference/ from the registries (--check: compare only)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from forge.errors import ForgeError

plugins_app = typer.Typer(help="Installed plugins (apps, file types, checks, workflows).", no_args_is_help=True)
new_app = typer.Typer(help="Start something new from a working skeleton.", no_args_is_help=True)
console = Console()


@plugins_app.command("list")
def plugins_list(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the plugins of the `forge.plugins` entry-point group and whether each loaded."""
    from forge.plugins import plugin_statuses

    statuses = plugin_statuses()
    if as_json:
        typer.echo(json.dumps([s.model_dump(mode="json") for s in statuses], indent=2))
    else:
        table = Table("plugin", "module", "package", "status", "registered / reason")
        for s in statuses:
            added = "; ".join(f"{len(names)} {kind}" for kind, names in s.registered.items())
            table.add_row(s.name, s.target, s.distribution, s.status, s.reason or added)
        console.print(table)
    if any(s.status == "failed" for s in statuses):
        raise typer.Exit(1)


@new_app.command("app")
def new_app_command(
    name: Annotated[str, typer.Argument(help="The app's name: lowercase letters, digits and _.")],
    folder: Annotated[Path, typer.Option("--dir", help="Where to create forge-NAME/.")] = Path("."),
) -> None:
    """Write a plugin skeleton (preparer, one workflow, skills, a contract test) for app NAME."""
    from forge.scaffold import new_app as scaffold

    try:
        root = scaffold(name, folder)
    except ForgeError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"wrote {root}; next: pip install -e {root} && forge plugins list && pytest {root / 'tests'}")


def docs_command(
    out: Annotated[Path, typer.Option("--out", help="Folder for the generated pages.")] = Path("docs/reference"),
    check: Annotated[bool, typer.Option("--check", help="Exit 1 if the pages differ; write nothing.")] = False,
) -> None:
    """Write the registry reference (apps, file types, views, checks, workflows, skills) as Markdown."""
    from forge.cli.docgen import write_reference

    stale = write_reference(out, check=check)
    for path in stale:
        typer.echo(f"{'out of date' if check else 'wrote'}: {path}")
    if check and stale:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add these commands to the `forge` CLI (called once from `forge.cli.app`)."""
    app.add_typer(plugins_app, name="plugins")
    app.add_typer(new_app, name="new")
    app.command("docs")(docs_command)
