"""Benchmark: generate N verified tasks through every stage, print one JSON object.

    python bench/generate.py --tasks 100 [--workers N] [--no-libreoffice]  # the flow and raw workers
    python bench/generate.py --tasks 100 --mode flow                     # the flow only
    python bench/generate.py --tasks 100 --served 2                      # and a 2nd run in the same process
    python bench/generate_memory.py --tasks 100 1000 10000              # peak RSS against task count

`flow` times what users run: the `forge` flow (the code `forge generate` and the deployment
`forge/generate` start) against a real Prefect server, with a fresh store and output folder, from
the call to its return: worker start and warm-up included. Its figures sit beside the raw
workers', measured in the same sitting: `flow_vs_workers` is the ratio of end-to-end rates. The
flow is called in a fresh process that has imported it (plugins loaded and the workers' fork
server started during the run); its profile, CPU split and peak memory are reported. Then the two
ways users start it, on fresh stores: `cli` times `forge generate` from the command's start to
its exit (`cli_vs_workers`), and `deployment` a run of the served deployment as the README
starts it (`forge serve --detach`, `prefect deployment run forge/generate`), from the moment
Prefect's runner takes it (Pending: it then starts the run's process) to Completed
(`deployment_vs_workers`), and the same run on a serve that sat idle first (`after_idle`,
`deployment_after_idle_vs_workers`): `forge serve` keeps the next run's process warm
(`flows.run_standby`), with its workers started (`flows.warm_workers`), so a serve that has been
up hands the run to it. Both start their workers'
fork server before importing the flow.
With `--served N`, runs 2..N in the flow's process show what a long-lived caller of the flow (a
notebook, a test session) gets (`flow.served`, `served_flow_vs_workers`): no deployment run starts
that warm.

`workers` runs the same sampled skills in warm worker processes without Prefect or a store, with
the same plain functions the flow wraps, in two passes:

- `gates`: workflow + every gate in order (file, consistency, duplicate, package with its
  do-nothing, oracle and mutation probes): `verified_tasks_per_s`;
- `end_to_end`: the same plus the teacher episode, the judge and the shard write:
  `end_to_end_per_s`. As in the flow with no model configured, the episode is the package gate's
  oracle run (`forge.harness.oracle_replay`), not a second replay.

The near-duplicate gate needs one index shared by the run, so it is applied in the parent first.
The workers are warmed before the clock starts (imports done, a sandbox opened, the warm-python
zygote started), as in a long-running flow worker; that one-off cost is reported as
`worker_warmup_s`. The end-to-end pass samples its process tree's memory as the flow's run does
(`end_to_end_tree`): the sampling costs CPU (every process's smaps, every 2 s), and both sides pay it.

The flow's own profile (where its wall time went: set-up, batches, pool shutdown, the final
write; the workers' busy time and utilisation) and the CPU seconds of the flow process, its
workers with their sandboxes, and the Prefect server are reported beside the rate. On a loaded
machine wall time says little: `flow_vs_workers_per_cpu_s` compares rows per CPU second of the
flow (all of it, the server included) with the raw end-to-end pass's (`end_to_end_cpu_s`).
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import multiprocessing.synchronize
import multiprocessing.util
import os
import platform
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _tree_memory import TreeMemory, tree_cpu_s  # bench/ is this script's own folder

from flows.fork_server import worker_context
from flows.generate import SAMPLERS
from forge.dataset import read_manifest, write_manifest, write_shard
from forge.errors import ForgeError
from forge.harness import HARNESSES, OracleReplay, ReplayTeacher, run_episode
from forge.judge import ProgrammaticJudge
from forge.models import TaskBundle
from forge.prefect_serve import python_command
from forge.prefect_server import ServerInfo
from forge.sandbox import open_sandbox
from forge.settings import Settings
from gates import GATE_ORDER, GateContext, NearDuplicateIndex, run_gate
from gates.libreoffice import stop_kept_offices
from gates.roundtrip import libreoffice_roundtrip
from skills import load_taxonomy
from workflows import WORKFLOWS

Timings = dict[str, list[float]]


def _timed(timings: Timings, stage: str, fn, *args, **kwargs):
    started = time.perf_counter()
    try:
        return fn(*args, **kwargs)
    finally:
        timings.setdefault(stage, []).append(time.perf_counter() - started)


def one_task(sample, ctx: GateContext, with_episode: bool):
    """In a worker process: build, gate and (optionally) replay one task; returns (kept, timings).
    The episode is the package gate's oracle run where it is one, as in the flow (`OracleReplay`)."""
    timings: Timings = {}
    bundle = _timed(timings, "workflow", WORKFLOWS.get(sample.skill.workflow).build, sample.skill, sample.seed)
    terminal, judge = HARNESSES.get("terminal"), ProgrammaticJudge()
    replay = OracleReplay.of(bundle, ReplayTeacher(), judge, None, lambda: {"terminal": terminal}) if with_episode else None
    if replay is not None:
        ctx = ctx.model_copy(update={"on_oracle_run": replay.keep})
    for gate in GATE_ORDER:
        result = _timed(timings, f"gate.{gate}", run_gate, gate, bundle, ctx)
        for probe, seconds in result.details.get("probe_seconds", {}).items():
            timings.setdefault(f"gate.package.{probe}", []).append(seconds)
        if not result.passed:
            return f"{gate}:{result.reason}", timings
    if not with_episode:
        return bundle, timings
    episode = replay.episodes.get("terminal") if replay else None
    if episode is None:
        episode = _timed(timings, "episode+judge", run_episode, bundle, terminal, ReplayTeacher(), judge,
                         scratch_root=ctx.scratch_root)
    return ((episode, bundle) if episode.passed else f"episode:{episode.status}"), timings


def _warm_worker(scratch: Path, ready: multiprocessing.synchronize.Barrier) -> None:
    """In each worker, before any task: what a long-running worker has done long ago."""
    multiprocessing.util.Finalize(None, stop_kept_offices, exitpriority=10)  # workers leave by os._exit
    job = Path(tempfile.mkdtemp(dir=scratch))
    with open_sandbox(job) as box:
        box.run("python3 -c pass")  # starts this worker's zygote
    ready.wait()  # every worker is warm before the first task is handed out


def _ready() -> None:
    """Nothing: the warm-up handshake."""


def warm_pool(scratch: Path, workers: int) -> ProcessPoolExecutor:
    """Workers forked from a fork server with the flow's own preload, as the flow's are: never from
    this process, whose caches the draw below warms."""
    context = worker_context()
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_warm_worker,
                               initargs=(scratch, context.Barrier(workers)))
    for future in [pool.submit(_ready) for _ in range(workers)]:
        future.result()
    return pool


def run_pass(samples, ctx: GateContext, pool: ProcessPoolExecutor, with_episode: bool) -> dict:
    merged: Timings = defaultdict(list)
    rejected: dict[str, int] = defaultdict(int)
    started = time.perf_counter()
    results = list(pool.map(one_task, samples, [ctx] * len(samples), [with_episode] * len(samples)))
    kept, by_app = [], defaultdict(list)
    for sample, (outcome, timings) in zip(samples, results, strict=True):
        by_app["+".join(sample.skill.apps)].append(  # probe timings are parts of gate.package: not twice
            sum(sum(v) for k, v in timings.items() if not k.startswith("gate.package.")))
        for stage, values in timings.items():
            merged[stage].extend(values)
        if isinstance(outcome, str):
            rejected[outcome] += 1
        else:
            kept.append(outcome)
    if with_episode:
        out = ctx.scratch_root / "shards"
        out.mkdir(exist_ok=True)
        write_manifest(out, [_timed(merged, "write", write_shard, out, 0, kept)])
    wall = time.perf_counter() - started
    return {"kept": len(kept), "wall_s": round(wall, 3), "per_s": round(len(kept) / wall, 3),
            "rejected": dict(rejected), "timings": merged,
            "by_app": {app: {"tasks": len(v), "mean_s": round(statistics.mean(v), 3), "total_s": round(sum(v), 2)}
                       for app, v in sorted(by_app.items(), key=lambda kv: -sum(kv[1]))}}


def sandbox_start_s(scratch: Path, n: int = 10) -> float:
    samples = []
    for _ in range(n):
        job = Path(tempfile.mkdtemp(dir=scratch))
        started = time.perf_counter()
        with open_sandbox(job) as box:
            box.run("true")
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def _distinct_samples(args: argparse.Namespace) -> tuple[list, int, int]:
    """The flow's own draw, less what its near-duplicate gate and failing workflows would drop
    (the index needs the whole run, so it is applied here, in the parent)."""
    index = NearDuplicateIndex()
    samples, duplicates, build_errors = [], 0, 0
    for sample in SAMPLERS[args.sampling](load_taxonomy(), args.tasks, args.seed):
        try:
            bundle: TaskBundle = WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed)
        except ForgeError:  # the flow records these as workflow rejections; here they are left out
            build_errors += 1
            continue
        if index.claim(bundle) is None:
            samples.append(sample)
        else:
            duplicates += 1
    return samples, duplicates, build_errors


def workers_bench(args: argparse.Namespace) -> dict:
    """The stages in warm worker processes, no Prefect, no store: the floor the flow is held to.
    Each pass gets its own fresh pool: a worker that has built or gated these tasks before finds
    its caches warm, which no flow worker does."""
    with tempfile.TemporaryDirectory(prefix="forge-bench-") as tmp:
        scratch = Path(tmp)
        start_s = sandbox_start_s(scratch)
        roundtrip = libreoffice_roundtrip(scratch / "lo") if args.libreoffice else None
        ctx = GateContext(scratch_root=scratch, roundtrip=roundtrip)
        samples, duplicates, build_errors = _distinct_samples(args)
        started = time.perf_counter()
        with warm_pool(scratch, args.workers) as pool:
            warmup_s = time.perf_counter() - started  # the fork server's start and preload included
            gates_only = run_pass(samples, ctx, pool, with_episode=False)
        with warm_pool(scratch, args.workers) as pool:
            cpu_before = tree_cpu_s(os.getpid())
            with TreeMemory() as memory:  # sampled as in the flow's run: both pay for the sampling
                full = run_pass(samples, ctx, pool, with_episode=True)
            full_cpu_s = tree_cpu_s(os.getpid()) - cpu_before
    stages = full["timings"]
    return {
        "near_duplicates_dropped": duplicates,
        "build_errors_dropped": build_errors,
        "verified_tasks": gates_only["kept"],
        "verified_tasks_per_s": gates_only["per_s"],
        "gates_wall_s": gates_only["wall_s"],
        "end_to_end_tasks": full["kept"],
        "end_to_end_per_s": full["per_s"],
        "end_to_end_wall_s": full["wall_s"],
        "end_to_end_per_s_with_warmup": round(full["kept"] / (full["wall_s"] + warmup_s), 3),
        "end_to_end_cpu_s": round(full_cpu_s, 2),  # this process, the workers and their sandboxes
        "end_to_end_tree": memory.report(),
        "rejected": gates_only["rejected"],
        "sandbox_start_s": round(start_s, 4),
        "worker_warmup_s": round(warmup_s, 3),
        "stage_mean_s": {k: round(statistics.mean(v), 4) for k, v in sorted(stages.items())},
        "end_to_end_cost_by_app": full["by_app"],  # worker seconds per task (build, gates, episode), costliest first
        "gate_cost_per_task_s": {k: round(sum(v) / max(1, len(samples)), 4) for k, v in sorted(stages.items())
                                 if k.startswith("gate.")},
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _flow_env(args: argparse.Namespace, data_dir: Path) -> dict[str, str]:
    return {"FORGE_DATA_DIR": str(data_dir), "FORGE_CONCURRENCY": str(args.workers),
            "FORGE_LIBREOFFICE_ROUNDTRIP": "true" if args.libreoffice else "false"}


def _user_env(args: argparse.Namespace, data_dir: Path, server: ServerInfo) -> dict[str, str]:
    """A user's shell for `forge generate` or the deployment: the run's settings and the server."""
    return {**os.environ, **_flow_env(args, data_dir), "PREFECT_API_URL": server.url, "PREFECT_LOGGING_LEVEL": "WARNING"}


class _Profile(logging.Handler):
    """Catches the flow's own profile (where its wall time went) from its log record."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.profile: dict = {}

    def emit(self, record: logging.LogRecord) -> None:
        self.profile = getattr(record, "forge_profile", None) or self.profile


def _own_peak_rss_mb() -> float:
    """This process's peak resident memory since it started (VmHWM). Not ru_maxrss: that survives
    an exec, so a flow child started by the `both` mode's parent (which had run the workers pass)
    reported the parent's peak instead of its own."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def flow_once(args: argparse.Namespace) -> dict:
    """In this process: the `forge` flow on a fresh store (PREFECT_API_URL is set), `--served` times.
    The first run is what a deployment run (a new process per run) gives, once its imports are done;
    a later one, in the same process, what a long-lived caller gets: imports, plugins and the
    workers' fork server already there, the run's own pool, store and set-up still paid."""
    from flows.generate import forge as forge_flow

    catcher, flow_log = _Profile(), logging.getLogger("flows.generate")
    flow_log.addHandler(catcher)
    flow_log.setLevel(logging.INFO)
    runs = []
    for _ in range(args.served):
        with tempfile.TemporaryDirectory(prefix="forge-bench-flow-") as tmp:
            os.environ.update(_flow_env(args, Path(tmp) / "data"))
            own, tree, server = _cpu(resource.RUSAGE_SELF), tree_cpu_s(os.getpid()), _process_cpu_s(args.server_pid)
            started = time.perf_counter()
            with TreeMemory() as memory:  # workers, sandboxes and kept soffices included
                result = forge_flow(n_tasks=args.tasks, seed=args.seed, output_dir=str(Path(tmp) / "out"),
                                    sampling=args.sampling)
            wall = time.perf_counter() - started
            own_cpu, tree_cpu = _cpu(resource.RUSAGE_SELF) - own, tree_cpu_s(os.getpid()) - tree
            server_cpu = _process_cpu_s(args.server_pid) - server
        counts = result["counts"]
        runs.append({
            "tasks": args.tasks, "accepted": counts["accepted"], "rows_written": counts["rows_written"],
            "shards_written": counts["shards_written"], "wall_s": round(wall, 3),
            "end_to_end_per_s": round(counts["rows_written"] / wall, 3),
            "rejections": result["rejections"],
            "profile": catcher.profile,
            # the workers are the fork server's children, not this process's: count the whole tree
            # (this run's share: a later run's fork server was started, and paid for, by the first)
            "cpu_s": {"flow_process": round(own_cpu, 2), "workers_and_sandboxes": round(tree_cpu - own_cpu, 2),
                      "prefect_server": round(server_cpu, 2)},
            "peak_rss_mb": _own_peak_rss_mb(),
            "largest_child_peak_rss_mb": catcher.profile.get("worker_peak_rss_mb", 0.0),  # the largest worker's
            "tree": memory.report(),
        })
    return {**runs[0], "served": runs[1:]}


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return round(usage.ru_utime + usage.ru_stime, 2)


def _process_cpu_s(pid: int) -> float:
    """CPU seconds a process (the Prefect server) has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def flow_in_child(args: argparse.Namespace, tasks: int, server: ServerInfo) -> dict:
    """The flow in a fresh process, so its peak RSS is this run's (or its served runs') alone."""
    command = [sys.executable, __file__, "--mode", "flow-child", "--tasks", str(tasks), "--seed", str(args.seed),
               "--workers", str(args.workers), "--sampling", args.sampling, "--served", str(args.served),
               "--server-pid", str(server.pid)] + ([] if args.libreoffice else ["--no-libreoffice"])
    env = {**os.environ, "PREFECT_API_URL": server.url, "PREFECT_LOGGING_LEVEL": "WARNING"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"flow run of {tasks} tasks failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


def cli_run(args: argparse.Namespace, server: ServerInfo) -> dict:
    """`forge generate` as a user types it, timed from the command's start to its exit: the
    interpreter, the imports and the Prefect run set-up that the in-process flow run leaves out."""
    with tempfile.TemporaryDirectory(prefix="forge-bench-cli-") as tmp:
        env = _user_env(args, Path(tmp) / "data", server)
        command = python_command("generate", "--tasks", str(args.tasks), "--seed", str(args.seed),
                                 "--sampling", args.sampling, "--output-dir", str(Path(tmp) / "out"), "--json")
        started = time.perf_counter()
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"`forge generate --tasks {args.tasks}` failed:\n{done.stderr[-4000:]}")
    rows = json.loads(done.stdout)["counts"]["rows_written"]
    return {"command": "forge generate", "tasks": args.tasks, "rows_written": rows, "wall_s": round(wall, 3),
            "end_to_end_per_s": round(rows / wall, 3)}


IDLE_S = 20.0
"""Seconds a served deployment sits idle before the `after_idle` run: a serve up for a while has its
next run's process warm (flows.run_standby: ~5 s of CPU to import and start its fork server)."""


def deployment_run(args: argparse.Namespace, server: ServerInfo) -> dict:
    """The deployment as the README runs it: `forge serve --detach`, then `prefect deployment run
    forge/generate ... --watch` at once; then the same on a second serve (and a fresh store: a
    rerun would resume) that sat idle for `IDLE_S` first, as a serve that has been up gets a run
    (`after_idle`). Each is timed by the flow run's own states, from Pending (the runner took the
    run and starts its process) to Completed: the process, its imports and the run. The wait for
    the runner's next poll before Pending (up to `forge serve`'s interval) is not the flow's: it is
    reported beside it (`waited_for_poll_s`)."""
    first = _served_run(args, server, idle_s=0.0)
    return {"command": "prefect deployment run forge/generate", "tasks": args.tasks, **first,
            "after_idle": {"idle_s": IDLE_S, **_served_run(args, server, idle_s=IDLE_S)}}


def _served_run(args: argparse.Namespace, server: ServerInfo, idle_s: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="forge-bench-deployment-") as tmp:
        env = _user_env(args, Path(tmp) / "data", server)
        serve = subprocess.run(python_command("serve", "--detach"), env=env, capture_output=True, text=True, check=False)
        if serve.returncode != 0:
            raise RuntimeError(f"`forge serve --detach` failed:\n{serve.stdout[-2000:]}{serve.stderr[-2000:]}")
        try:
            time.sleep(idle_s)
            return _deployment_run_once(args, server, env, Path(tmp) / "out")
        finally:
            subprocess.run(python_command("serve", "stop"), env=env, capture_output=True, check=False)


def _deployment_run_once(args: argparse.Namespace, server: ServerInfo, env: dict[str, str], out: Path) -> dict:
    from prefect.client.orchestration import get_client
    from prefect.settings import PREFECT_API_URL, temporary_settings

    params = {"n_tasks": args.tasks, "seed": args.seed, "sampling": args.sampling, "output_dir": out}
    command = [sys.executable, "-m", "prefect", "deployment", "run", "forge/generate", "--watch",
               *[arg for key, value in params.items() for arg in ("--param", f"{key}={value}")]]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the deployment run of {args.tasks} tasks failed:\n{done.stdout[-4000:]}")
    run_id = re.search(r"UUID: ([0-9a-f-]{36})", done.stdout)
    if run_id is None:
        raise RuntimeError(f"no flow run id in `prefect deployment run`'s output:\n{done.stdout[-2000:]}")
    with temporary_settings(updates={PREFECT_API_URL: server.url}), get_client(sync_client=True) as client:
        states = {s.type.value: s.timestamp for s in client.read_flow_run_states(run_id.group(1))}
    manifest = read_manifest(out)
    wall = (states["COMPLETED"] - states["PENDING"]).total_seconds()
    rows = manifest.rows if manifest else 0
    return {"rows_written": rows, "wall_s": round(wall, 3),
            "process_start_s": round((states["RUNNING"] - states["PENDING"]).total_seconds(), 3),
            "waited_for_poll_s": round((states["PENDING"] - states["SCHEDULED"]).total_seconds(), 3),
            "end_to_end_per_s": round(rows / wall, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=100)
    parser.add_argument("--workers", type=int, default=Settings().concurrency,
                        help="Worker processes, for the flow and the raw workers alike; default the flow's own.")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-libreoffice", dest="libreoffice", action="store_false",
                        help="Skip the file gate's LibreOffice round trip (on by default, as in the flow users run).")
    parser.add_argument("--sampling", choices=sorted(SAMPLERS), default="mix", help="How both sides draw skills.")
    parser.add_argument("--mode", choices=["both", "flow", "workers", "flow-child"], default="both")
    parser.add_argument("--served", type=int, default=1, help="Flow runs in one process: the 2nd on are a served "
                                                                "deployment's (`served`), the 1st `forge generate`'s.")
    parser.add_argument("--server-pid", type=int, default=0, help=argparse.SUPPRESS)  # flow-child: the server to count
    args = parser.parse_args()
    if args.mode == "flow-child":
        print(json.dumps(flow_once(args)))
        return
    report: dict = {
        "benchmark": "generate",
        "parameters": {"tasks": args.tasks, "workers": args.workers, "worker_kind": "process", "seed": args.seed,
                       "sampling": args.sampling, "libreoffice_roundtrip": args.libreoffice, "gates": GATE_ORDER, "mode": args.mode},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "loadavg_at_start": [round(x, 2) for x in os.getloadavg()]},
    }
    if args.mode in ("both", "workers"):
        report["workers"] = workers_bench(args)
    if args.mode in ("both", "flow"):
        from forge.prefect_server import LocalServer

        with tempfile.TemporaryDirectory(prefix="forge-bench-prefect-") as tmp:
            server = LocalServer(Path(tmp))
            info = server.start(port=_free_port())
            try:
                report["flow"] = flow_in_child(args, args.tasks, info)
                report["cli"] = cli_run(args, info)
                report["deployment"] = deployment_run(args, info)
            finally:
                server.stop()
    if "flow" in report and "workers" in report:
        report["flow_vs_workers"] = round(report["flow"]["end_to_end_per_s"] / report["workers"]["end_to_end_per_s"], 3)
        report["cli_vs_workers"] = round(report["cli"]["end_to_end_per_s"] / report["workers"]["end_to_end_per_s"], 3)
        report["deployment_vs_workers"] = round(
            report["deployment"]["end_to_end_per_s"] / report["workers"]["end_to_end_per_s"], 3)
        report["deployment_after_idle_vs_workers"] = round(
            report["deployment"]["after_idle"]["end_to_end_per_s"] / report["workers"]["end_to_end_per_s"], 3)
        report["flow_vs_workers_with_warmup"] = round(
            report["flow"]["end_to_end_per_s"] / report["workers"]["end_to_end_per_s_with_warmup"], 3)
        if report["flow"]["served"]:  # later runs in the same process, against the same raw workers
            report["served_flow_vs_workers"] = [round(r["end_to_end_per_s"] / report["workers"]["end_to_end_per_s"], 3)
                                                for r in report["flow"]["served"]]
        # rows per CPU second, flow (its process, workers, sandboxes and the Prefect server) over raw
        flow_cpu = sum(report["flow"]["cpu_s"].values())
        if flow_cpu and report["workers"]["end_to_end_cpu_s"]:
            report["flow_vs_workers_per_cpu_s"] = round(
                (report["flow"]["rows_written"] / flow_cpu)
                / (report["workers"]["end_to_end_tasks"] / report["workers"]["end_to_end_cpu_s"]), 3)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
