"""Benchmark: the `forge` flow's peak memory against task count; prints one JSON object.

    python bench/generate_memory.py                        # 100 and 1,000 tasks
    python bench/generate_memory.py --tasks 100 1000 10000 # the issue's three sizes (10,000: ~1-2 h on 2 cores)

Each size runs the flow once, in a fresh process (so its peak is that run's alone), against one
Prefect server started here, on a fresh store and output folder. Per run: the flow process's peak
RSS, the largest worker's own, the peak PSS of the flow's whole process tree (workers, sandboxes,
kept soffices; sampled every 2 s, by command: `bench/_tree_memory.py`), how many shards went out
while the run went on and how many at its end (shards of `--shard-rows`, so every size streams),
and the run's rate. `rss_growth_mb_per_1000_tasks` is the slope between the smallest and largest
run: flat memory is the goal, since episodes stream to the store, shards leave as they fill and a
kept soffice is replaced after `gates.libreoffice_uno.MAX_FILES_PER_OFFICE` files.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
from pathlib import Path

from generate import _free_port, flow_in_child  # bench/ is this script's own folder

from forge.prefect_server import LocalServer
from forge.settings import Settings


def _slope(runs: list[dict], key: str) -> float | None:
    first, last = runs[0], runs[-1]
    if last["tasks"] == first["tasks"]:
        return None
    return round((last[key] - first[key]) / (last["tasks"] - first["tasks"]) * 1000, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--workers", type=int, default=Settings().concurrency,
                        help="Worker processes, for the flow and the raw workers alike; default the flow's own.")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--sampling", choices=["mix", "stratified"], default="mix")
    parser.add_argument("--shard-rows", type=int, default=50, help="FORGE_SHARD_MAX_ROWS for the runs.")
    parser.add_argument("--no-libreoffice", dest="libreoffice", action="store_false",
                        help="Skip the file gate's LibreOffice round trip (on by default, as in the flow users run).")
    args = parser.parse_args()
    os.environ["FORGE_SHARD_MAX_ROWS"] = str(args.shard_rows)
    report: dict = {
        "benchmark": "generate_memory",
        "parameters": {"tasks": args.tasks, "workers": args.workers, "seed": args.seed, "sampling": args.sampling, "shard_rows": args.shard_rows,
                       "libreoffice_roundtrip": args.libreoffice},
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "loadavg_at_start": [round(x, 2) for x in os.getloadavg()]},
    }
    runs = []
    with tempfile.TemporaryDirectory(prefix="forge-bench-prefect-") as tmp:
        server = LocalServer(Path(tmp))
        info = server.start(port=_free_port())
        try:
            for tasks in sorted(args.tasks):
                run = flow_in_child(argparse.Namespace(**{**vars(args), "tasks": tasks, "served": 1}), tasks, info)
                profile = run.pop("profile", {})
                tree = run.pop("tree")
                runs.append({**run, **tree, "shards_while_running": profile.get("shards_while_running"),
                             "verified_per_s": round(run["accepted"] / run["wall_s"], 3)})
        finally:
            server.stop()
    report["runs"] = runs
    report["rss_growth_mb_per_1000_tasks"] = {"flow_process": _slope(runs, "peak_rss_mb"),
                                              "largest_worker": _slope(runs, "largest_child_peak_rss_mb"),
                                              "whole_tree_pss": _slope(runs, "peak_total_pss_mb")}
    report["machine"]["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
