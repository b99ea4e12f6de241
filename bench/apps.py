"""Benchmark: verified tasks/s per app with every gate, and lines per workflow file; one JSON object.

    python bench/apps.py --tasks 30 [--workers N] [--apps spreadsheet document]  # workers: the flow's default

For each app, `--tasks` skills of that app are sampled (seeded) and each is built by its
workflow and put through every gate in order, as the flow does: file (with the LibreOffice
round trip), consistency, duplicate (one index per app run, in the parent), package (sandboxed
do-nothing, oracle and mutation probes). Workers fork from a fork server with the flow's own
preload (`flows.fork_server.worker_context`), as the flow's do, and are warmed first (a sandbox, the
zygote, each app's LibreOffice) so the clock times steady-state work. Goals: every app >= 5
verified tasks/s on 2 cores; spreadsheets >= 9.

`mean_seconds_by_stage` says where a task's time goes (the workflow, each gate, each package-gate
probe: sandbox_setup, setup_state, do_nothing, oracle, sandbox_close, answer_leak, mutations,
output_roundtrip), worker wall time per task.

`cpu_s_per_task` says where the machine's CPU goes, per task, while the app runs: `machine` (every
core's busy time, from /proc/stat: on a shared machine, other load too), `workers_python` (the
workers' own CPU), `libreoffice` (the kept soffices and their UNO bridges), `bench_parent`, and
`sandboxes_and_other` (the rest: sandboxed commands, bubblewrap, the kernel's work for them).
`cpu_bound_ceiling_per_s` is the rate the machine's cores would give at that cost if they never
idled: a goal above it needs less CPU per task, not better scheduling.

`workflow_files` counts the lines of each registered workflow's module (its declarative spec,
draw, contents and reference): median and max over the workflows (a module that registers several
counts once for each), and over the files (`file_median`, `files_within_80`): the "a new workflow
is 30-80 lines" figure.
"""

from __future__ import annotations

import argparse
import inspect
import json
import multiprocessing.util
import os
import platform
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _tree_memory import tree_cpu_s  # bench/ is this script's own folder
from flows.fork_server import worker_context
from forge.settings import Settings
from gates import GATE_ORDER, GateContext, NearDuplicateIndex, run_gate
from gates.libreoffice import stop_kept_offices
from gates.roundtrip import libreoffice_roundtrip
from skills import SkillSample, load_taxonomy, sample_skills
from workflows import WORKFLOWS

_CTX: GateContext | None = None
_HOST_CPU = "host_cpu"  # a task's CPU seconds in its worker, carried beside its stage timings


def _init(scratch: str, libreoffice: bool) -> None:
    """Each worker: its gate context, a warm sandbox and zygote; kept soffices stop at exit."""
    global _CTX
    from forge.sandbox import open_sandbox

    multiprocessing.util.Finalize(None, stop_kept_offices, exitpriority=10)  # workers leave by os._exit
    root = Path(tempfile.mkdtemp(dir=scratch))
    _CTX = GateContext(scratch_root=root, roundtrip=libreoffice_roundtrip(root / "lo") if libreoffice else None)
    with open_sandbox(Path(tempfile.mkdtemp(dir=root))) as box:
        box.run("python3 -c pass")


def _build_and_gate(sample: SkillSample) -> tuple[str, str, dict[str, float]]:
    """`_gated`'s outcome, with the worker's CPU seconds for the task (its probe threads included)."""
    cpu = time.process_time()
    payload, verdict, seconds = _gated(sample)
    return payload, verdict, {**seconds, _HOST_CPU: time.process_time() - cpu}


def _gated(sample: SkillSample) -> tuple[str, str, dict[str, float]]:
    """(bundle json or skill id, "accepted" or "<gate>:<reason>", seconds by stage) for one sample,
    every gate except the duplicate one; stages: workflow, each gate, each package-gate probe."""
    assert _CTX is not None
    started = time.perf_counter()
    try:
        bundle = WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed)
    except Exception as exc:  # noqa: BLE001 - counted as a rejection, as the flow records it
        return sample.skill.id, f"workflow:{type(exc).__name__}", {}
    seconds = {"workflow": time.perf_counter() - started}
    for gate in GATE_ORDER:
        if gate == "duplicate":
            continue
        result = run_gate(gate, bundle, _CTX)
        seconds[gate] = result.duration_s
        probes = result.details.get("probe_seconds", {}) if result.passed else {}
        seconds.update({f"{gate}.{probe}": float(s) for probe, s in probes.items()})  # type: ignore[union-attr, arg-type]
        if not result.passed:
            return sample.skill.id, f"{gate}:{result.reason}", seconds
    return bundle.model_dump_json(), "accepted", seconds


def _machine_busy_s() -> float:
    """CPU seconds the whole machine has spent busy (every core; idle and iowait left out)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def _libreoffice_cpu_s() -> float:
    """CPU seconds of this bench's LibreOffice processes (soffice and its UNO bridges, with the
    restarted soffices they reaped)."""
    return tree_cpu_s(os.getpid(), _is_office)


def _is_office(pid: int) -> bool:
    if Path(f"/proc/{pid}/comm").read_text().startswith(("soffice", "oosplash")):
        return True
    return b"_uno_bridge" in Path(f"/proc/{pid}/cmdline").read_bytes()


def _cpu_counters() -> tuple[float, float, float]:
    """(the machine's busy CPU, LibreOffice's, this process's): seconds so far."""
    return _machine_busy_s(), _libreoffice_cpu_s(), time.process_time()


def _run_app(pool: ProcessPoolExecutor, samples: list[SkillSample]) -> dict[str, object]:
    from forge.models import TaskBundle

    started, before = time.perf_counter(), _cpu_counters()
    outcomes = list(pool.map(_build_and_gate, samples))
    machine, office, own = (now - then for now, then in zip(_cpu_counters(), before, strict=True))
    index, verdicts, stages = NearDuplicateIndex(), Counter(), defaultdict(list)
    host = sum(seconds.pop(_HOST_CPU) for _, _, seconds in outcomes)
    for _, _, seconds in outcomes:
        for stage, value in seconds.items():
            stages[stage].append(value)
    for payload, verdict, _ in outcomes:
        if verdict == "accepted":
            bundle = TaskBundle.model_validate_json(payload)
            verdict = "duplicate:near_duplicate" if index.find(bundle) else "accepted"
            if verdict == "accepted":
                index.claim(bundle)
        verdicts[verdict] += 1
    seconds, n = time.perf_counter() - started, len(samples)
    cpu = {"machine": machine, "workers_python": host, "libreoffice": office, "bench_parent": own,
           "sandboxes_and_other": machine - host - office - own}
    return {"tasks": len(samples), "verified": verdicts.pop("accepted", 0), "rejected": dict(verdicts),
            "seconds": round(seconds, 2), "verified_tasks_per_s": round((len(samples) - sum(verdicts.values()))
                                                                        / seconds, 2),
            "mean_seconds_by_stage": {k: round(statistics.fmean(v), 4) for k, v in sorted(stages.items())},
            "cpu_s_per_task": {k: round(v / n, 4) for k, v in cpu.items()},
            "cpu_bound_ceiling_per_s": round((os.cpu_count() or 1) / machine * n, 2) if machine else None}


def workflow_lines() -> dict[str, object]:
    paths = {name: inspect.getsourcefile(type(flow)) or "" for name, flow in WORKFLOWS.items()}
    per_file = {path: len(Path(path).read_text().splitlines()) for path in set(paths.values())}
    lines = {name: per_file[path] for name, path in paths.items()}
    return {"count": len(lines), "median": statistics.median(lines.values()) if lines else 0,
            "max": max(lines.values(), default=0), "files": len(per_file),
            "file_median": statistics.median(per_file.values()) if per_file else 0,
            "files_within_80": sum(n <= 80 for n in per_file.values()), "per_workflow": lines}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=30, help="tasks per app")
    parser.add_argument("--workers", type=int, default=Settings().concurrency, help="Default: the flow's own.")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--apps", nargs="*", help="only these apps (default: every app with skills)")
    parser.add_argument("--no-libreoffice", action="store_true", help="skip the file gate's round trip")
    args = parser.parse_args()

    taxonomy = load_taxonomy()
    by_app: dict[str, list[str]] = defaultdict(list)
    for skill in taxonomy.skills.values():
        if skill.workflow in WORKFLOWS and len(skill.apps) == 1:
            by_app[skill.apps[0]].append(skill.id)
        elif skill.workflow in WORKFLOWS:
            by_app["multi"].append(skill.id)
    apps = sorted(a for a in by_app if not args.apps or a in args.apps)
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="bench-apps-") as scratch, ProcessPoolExecutor(
            args.workers, mp_context=worker_context(), initializer=_init,
            initargs=(scratch, not args.no_libreoffice)) as pool:
        for app in apps:  # warm: each worker runs one task of the app untimed (its LibreOffice module starts)
            warm = sample_skills(taxonomy, args.workers, args.seed + 7919, skill_ids=by_app[app])
            list(pool.map(_build_and_gate, warm))
        for app in apps:
            samples = sample_skills(taxonomy, args.tasks, args.seed, skill_ids=by_app[app])
            results[app] = _run_app(pool, samples)
    print(json.dumps({
        "benchmark": "apps",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "parameters": {"tasks_per_app": args.tasks, "workers": args.workers, "seed": args.seed,
                       "libreoffice": not args.no_libreoffice},
        "apps": results,
        "workflow_files": workflow_lines(),
        "goals": {"every_app_verified_tasks_per_s": 5, "spreadsheet_verified_tasks_per_s": 9},
    }, indent=2))


if __name__ == "__main__":
    main()
