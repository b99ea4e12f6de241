"""Commands to debug one task by hand; each prints stable JSON.

    forge task show ID
    forge task materialize ID DIR      DIR holds the task's initial state, as setup leaves it
    forge task solve ID DIR            the reference solution applied to DIR
    forge rubric check ID DIR --json   exit 0: all checks pass, 1: one fails, 2: error
    forge gates report                 pass rates and top rejection reasons per workflow
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from forge.errors import ConfigError, ForgeError
from forge.models import TaskBundle
from forge.cli._settings import load_settings
from forge.settings import Settings

if TYPE_CHECKING:  # the store (SQLAlchemy) loads when a task command runs, not with every command
    from forge.store import Store

task_app = typer.Typer(help="Inspect, set up and solve one task.", no_args_is_help=True)
rubric_app = typer.Typer(help="Run a task's programmatic checks.", no_args_is_help=True)
gates_app = typer.Typer(help="Gate statistics.", no_args_is_help=True)


def _emit(payload: Any) -> None:
    typer.echo(json.dumps(payload, indent=2, sort_keys=True, default=str))


def _error(message: str) -> typer.Exit:
    _emit({"error": message})
    return typer.Exit(2)


def _store(settings: Settings) -> Store:
    from forge.store import open_store

    return open_store(settings.resolved_db_url())


def _load(store: Store, task_id: str) -> TaskBundle:
    bundle = store.get_task(task_id)
    if bundle is not None:
        return bundle
    matches = store.find_task_ids(task_id)
    if len(matches) == 1:
        found = store.get_task(matches[0])
        if found is not None:
            return found
    hint = f"; it prefixes {', '.join(matches)}" if matches else "; list ids with `forge gates report --json`"
    raise ConfigError(f"no task {task_id!r} in {store.engine.url}{hint}")


def _describe(bundle: TaskBundle, store: Store) -> dict[str, Any]:
    data = bundle.model_dump(mode="json", exclude={"files"})
    data["files"] = [
        {"path": f.path, "role": f.role, "type": f.type, "description": f.description,
         "bytes": len(f.content) if f.content else None,
         "sha256": hashlib.sha256(f.content).hexdigest() if f.content else None}
        for f in bundle.files
    ]
    data["status"] = store.task_status(bundle.id)
    data["gates"] = [r.model_dump(mode="json", exclude={"details"}) for r in store.gate_results(bundle.id)]
    return data


def _bundle(settings: Settings, task_id: str) -> TaskBundle:
    with _store(settings) as store:
        return _load(store, task_id)


MARKER = ".forge-task.json"  # left by `materialize`; `solve` runs sandboxes only in such a folder


def _require_marker(directory: Path, bundle: TaskBundle) -> None:
    """Solving re-owns the folder to a sandbox uid: never do that to a folder we did not make."""
    hint = f"run `forge task materialize {bundle.id} NEW_DIR` and solve that"
    try:
        marked = json.loads((directory / MARKER).read_text()).get("task_id")
    except (OSError, ValueError, AttributeError) as exc:
        raise ConfigError(f"{directory} was not made by `forge task materialize`; {hint}") from exc
    if marked != bundle.id:
        raise ConfigError(f"{directory} holds task {marked}, not {bundle.id}; {hint}")


def _fresh_dir(directory: Path) -> Path:
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ConfigError(f"{directory} exists and is not an empty folder; pick a new DIR")
    directory.mkdir(parents=True, exist_ok=True)
    return directory.resolve()


@task_app.command("show")
def show(task_id: str) -> None:
    """Print a task: instruction, files (sizes, hashes), setup, rubric, reference, gate verdicts."""
    try:
        settings = load_settings()
        with _store(settings) as store:
            _emit(_describe(_load(store, task_id), store))
    except ForgeError as exc:
        raise _error(str(exc)) from exc


@task_app.command("materialize")
def materialize(task_id: str, directory: Path) -> None:
    """Write the task's initial state into DIR (input files, then setup run in a sandbox)."""
    from forge.environment import TaskEnvironment

    try:
        settings = load_settings()
        bundle = _bundle(settings, task_id)
        target = _fresh_dir(directory)
        with TaskEnvironment(bundle, settings.data_dir / "scratch", job_dir=target, backend=settings.sandbox_backend) as env:
            env.materialize()
            files = env.final_state().listing
        (target / MARKER).write_text(json.dumps({"task_id": bundle.id}))
    except ForgeError as exc:
        raise _error(str(exc)) from exc
    _emit({"task_id": bundle.id, "dir": str(target), "files": files})


@task_app.command("solve")
def solve(task_id: str, directory: Path) -> None:
    """Apply the task's reference solution to DIR (after `forge task materialize`); exit 1 if a step fails."""
    from forge.environment import TaskEnvironment
    from forge.harness import HARNESSES, ReplayTeacher, run_steps

    try:
        settings = load_settings()
        bundle = _bundle(settings, task_id)
        _require_marker(directory, bundle)
        with TaskEnvironment(bundle, settings.data_dir / "scratch", job_dir=directory.resolve(),
                             backend=settings.sandbox_backend) as env:
            steps, _ = run_steps(env, bundle, HARNESSES.get("terminal"), ReplayTeacher())
    except ForgeError as exc:
        raise _error(str(exc)) from exc
    ok = all(s.observation.exit_code in (0, None) for s in steps)
    _emit({"task_id": bundle.id, "dir": str(directory.resolve()), "ok": ok, "steps": [
        {"action": s.action, "exit_code": s.observation.exit_code, "output": s.observation.text} for s in steps]})
    raise typer.Exit(0 if ok else 1)


@rubric_app.command("check")
def rubric_check(
    task_id: str,
    directory: Path,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output (the only format; kept for scripts).")] = True,
) -> None:
    """Run the task's programmatic checks against the state in DIR."""
    from forge.checks import FinalState, run_rubric

    try:
        settings = load_settings()
        bundle = _bundle(settings, task_id)
        if not directory.is_dir():
            raise ConfigError(f"{directory} is not a folder")
        originals = {f.path: f.content or b"" for f in bundle.inputs()}
        result = run_rubric(bundle.rubric.checks, FinalState(directory.resolve(), originals))
    except ForgeError as exc:
        raise _error(str(exc)) from exc
    _emit({"task_id": bundle.id, "dir": str(directory.resolve()), "passed": result.passed,
           "checks": [c.model_dump(mode="json") for c in result.checks]})
    raise typer.Exit(2 if any(c.error for c in result.checks) else 0 if result.passed else 1)


@gates_app.command("report")
def gates_report(
    run: Annotated[Optional[str], typer.Option(help="Only tasks of this run id.")] = None,
    top: Annotated[int, typer.Option(help="Rejection reasons listed per workflow.")] = 5,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Pass rates per gate and the top rejection reasons, per workflow."""
    try:
        settings = load_settings()
        with _store(settings) as store:
            report = build_report(store, run, top)
    except ForgeError as exc:
        raise _error(str(exc)) from exc
    if as_json:
        _emit(report)
        return
    for workflow, entry in report["workflows"].items():
        typer.echo(f"{workflow}: {entry['accepted']}/{entry['tasks']} accepted")
        for gate, stats in entry["gates"].items():
            typer.echo(f"  {gate:<12} {stats['passed']}/{stats['ran']} passed  ({stats['mean_s']:.3f} s mean)")
        for reason, count in entry["top_reasons"]:
            typer.echo(f"  rejected {count} × {reason}")


def build_report(store: Store, run_id: str | None, top: int) -> dict[str, Any]:
    """Per workflow: its tasks, the gates' pass rates and times, the top failing reasons; every
    figure counted by the database (`Store.gate_tallies` and co.), not read verdict by verdict."""
    workflows: dict[str, dict[str, Any]] = {
        w.workflow: {"tasks": w.tasks, "accepted": w.tasks - w.rejected, "rejected": w.rejected,
                     "gates": {}, "top_reasons": []}
        for w in store.workflow_tallies(run_id)}
    for g in store.gate_tallies(run_id):
        workflows[g.workflow]["gates"][g.gate] = {"ran": g.ran, "passed": g.passed,
                                                  "pass_rate": round(g.passed / g.ran, 4), "mean_s": round(g.mean_s, 4)}
    for f in store.gate_failures(run_id):
        reasons = workflows[f.workflow]["top_reasons"]
        if len(reasons) < top:
            reasons.append((f"{f.gate}:{f.reason}", f.count))
    return {"run_id": run_id, "workflows": workflows}
