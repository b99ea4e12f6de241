"""A kept soffice's memory and time against how many files it converts before it is replaced
(`gates.libreoffice_uno.MAX_FILES_PER_OFFICE`); prints one JSON object.

    python bench/kept_office.py                       # caps 300 and 1,000 over the inputs of 1,500 drawn tasks
    python bench/kept_office.py --caps 150 300 1000 --tasks 1500 --repeat 2

The files are the office inputs (xlsx, docx, pptx) of the generate job's own draw (`--sampling`
mix), each cap converting the same sequence, `--repeat` times over, through one profile, as a
worker's file gate does. Per cap: wall time, the CPU of the soffices it started and stopped, and
the soffice's resident memory every 10 files (its peak, and the curve every 100 files).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _tree_memory import process_tree  # bench/ is this script's own folder

from flows.generate import SAMPLERS
from gates import libreoffice_uno
from gates.libreoffice import roundtrip, supports_roundtrip
from skills import load_taxonomy
from workflows import WORKFLOWS


def office_inputs(tasks: int, seed: int, sampling: str) -> list[tuple[str, bytes]]:
    files = []
    for sample in SAMPLERS[sampling](load_taxonomy(), tasks, seed):
        bundle = WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed)
        files += [(f.type, f.content) for f in bundle.inputs() if f.content and supports_roundtrip(f.type)]
    return files


def soffice_rss_mb() -> float:
    """Resident memory of the soffice.bin this process keeps (one profile, so one at a time)."""
    total = 0
    for pid in process_tree(os.getpid()):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == "soffice.bin":
                total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):  # it exited meanwhile
            continue
    return total / 2**20


def run_cap(cap: int, files: list[tuple[str, bytes]], scratch: Path) -> dict:
    libreoffice_uno.MAX_FILES_PER_OFFICE = cap
    profile = Path(tempfile.mkdtemp(dir=scratch)) / "profile"
    file_type, data = files[0]
    roundtrip(data, file_type, profile_dir=profile, engine="uno")  # started: each cap begins warm
    before, started, samples = os.times(), time.perf_counter(), []
    failed = 0
    for i, (file_type, data) in enumerate(files):
        failed += not roundtrip(data, file_type, profile_dir=profile, engine="uno").ok
        if i % 10 == 0:
            samples.append(soffice_rss_mb())
    wall = time.perf_counter() - started
    libreoffice_uno.close_all()  # its soffice's CPU is counted once it is reaped
    after = os.times()
    return {"cap": cap, "wall_s": round(wall, 1), "failed": failed,
            "soffice_cpu_s": round(after.children_user + after.children_system - before.children_user - before.children_system, 1),
            "peak_rss_mb": round(max(samples)), "rss_mb_every_100_files": [round(s) for s in samples[::10]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--caps", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--tasks", type=int, default=1500, help="Tasks drawn for their input files.")
    parser.add_argument("--repeat", type=int, default=2, help="Times the file sequence is converted per cap.")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--sampling", choices=sorted(SAMPLERS), default="mix")
    args = parser.parse_args()
    files = office_inputs(args.tasks, args.seed, args.sampling) * args.repeat
    with tempfile.TemporaryDirectory(prefix="forge-bench-office-") as scratch:
        runs = [run_cap(cap, files, Path(scratch)) for cap in args.caps]
    print(json.dumps({
        "benchmark": "kept_office", "parameters": vars(args), "files": len(files),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "runs": runs,
    }, indent=2))


if __name__ == "__main__":
    main()
