"""Benchmark: the WHOLE taxonomy, once: every skill built by its family and put through the gates.

    python bench/taxonomy_coverage.py [--workers 2] [--seed 0] [--no-libreoffice] [--only spreadsheet]
    python bench/taxonomy_coverage.py --batch 2000     # also: a batch drawn at the default mix, measured

Prints one JSON object: skills tried, verified, failed (each with its gate or workflow and the
reason), awaiting their environment (skills whose source row names one, e.g. web sites, reported
apart and not run), and seconds. A skill passes when its task clears every gate except the
duplicate one (one task per skill has nothing to be a duplicate of): the file gate (with the
LibreOffice round trip), consistency, and the package gate's sandboxed do-nothing, oracle and
mutation probes. A family that raises is recorded against the skill; the run goes on.

`--batch N` also draws N skills with the default (published) mix, builds each task (no gates: the
figures are about what the families write) and adds `forge.stats` over them: the realised mix
measured on the bundles themselves, and the near-twin rate of their instructions.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import multiprocessing.util
import os
import platform
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from forge.models import Skill
from forge.stats import batch_stats, task_record
from gates import GATE_ORDER, GateContext, run_gate
from skills import derive_seed, load_taxonomy
from skills.builder import MANIFEST
from skills.sampler import sample_mix
from skills.taxonomy import DEFAULT_TAXONOMY
from workflows import WORKFLOWS

_CTX: GateContext | None = None


class SkillCoverage(BaseModel):
    """One skill's outcome: verified, or where and why it failed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    skill: str
    workflow: str
    verified: bool
    stage: str = ""
    reason: str = ""


def cover(skill: Skill, seed: int, ctx: GateContext) -> SkillCoverage:
    """Build one task of `skill` and gate it; any failure, raised or rejected, becomes the outcome."""
    try:
        bundle = WORKFLOWS.get(skill.workflow).build(skill, seed)
    except Exception as exc:  # noqa: BLE001 - a family that raises is a finding about that skill, not a crash
        return SkillCoverage(skill=skill.id, workflow=skill.workflow, verified=False, stage="workflow",
                             reason=f"{type(exc).__name__}: {exc}")
    for gate in GATE_ORDER:
        if gate == "duplicate":
            continue
        result = run_gate(gate, bundle, ctx)
        if not result.passed:
            return SkillCoverage(skill=skill.id, workflow=skill.workflow, verified=False, stage=gate,
                                 reason=f"{result.reason}: {result.message}"[:500])
    return SkillCoverage(skill=skill.id, workflow=skill.workflow, verified=True)


def _init(scratch: str, libreoffice: bool) -> None:
    """Each worker: its own gate context (and LibreOffice round trip); kept soffices stop at exit."""
    global _CTX
    from gates.libreoffice import stop_kept_offices
    from gates.roundtrip import libreoffice_roundtrip

    multiprocessing.util.Finalize(None, stop_kept_offices, exitpriority=10)
    root = Path(tempfile.mkdtemp(dir=scratch))
    _CTX = GateContext(scratch_root=root, roundtrip=libreoffice_roundtrip(root / "lo") if libreoffice else None)


def _cover(job: tuple[Skill, int]) -> SkillCoverage:
    assert _CTX is not None
    return cover(job[0], job[1], _CTX)


def measure_batch(n: int, seed: int, ceiling: float = 1.0) -> dict[str, object]:
    """Build `n` tasks drawn at the default mix and measure them; failed builds are counted by skill."""
    taxonomy = load_taxonomy()
    records, failed = [], Counter()
    for sample in sample_mix(taxonomy, n, seed, ceiling=ceiling):
        try:
            bundle = WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed)
        except Exception:  # noqa: BLE001 - counted against the skill, the batch goes on
            failed[sample.skill.id] += 1
            continue
        records.append(task_record(bundle, (), sample.skill.difficulty))
    unique = {r.task_id: r for r in records}  # the same (skill, seed) twice is one task
    return {"drawn": n, "ceiling": ceiling, "built": len(records), "distinct_tasks": len(unique), "build_failures": dict(failed),
            "stats": batch_stats(list(unique.values())).model_dump()}


def awaiting_environment() -> dict[str, str]:
    """Skills the builder marked as needing an environment that does not exist yet."""
    try:
        return dict(json.loads((DEFAULT_TAXONOMY / MANIFEST).read_text(encoding="utf-8"))["awaiting_environment"])
    except (OSError, ValueError, KeyError):
        return {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", help="only skills whose id starts with one of these")
    parser.add_argument("--no-libreoffice", action="store_true", help="skip the file gate's round trip")
    parser.add_argument("--batch", type=int, default=0, help="also build and measure a batch of this size")
    parser.add_argument("--ceiling", type=float, default=1.0, help="the batch's most per skill (sample_mix)")
    args = parser.parse_args()

    waiting = awaiting_environment()
    skills = [s for s in load_taxonomy().skills.values()
              if not args.only or any(s.id.startswith(prefix) for prefix in args.only)]
    jobs = [(s, derive_seed(args.seed, i)) for i, s in enumerate(skills) if s.id not in waiting]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-taxonomy-") as scratch, ProcessPoolExecutor(
            args.workers, mp_context=multiprocessing.get_context("fork"),
            initializer=_init, initargs=(scratch, not args.no_libreoffice)) as pool:
        outcomes = list(pool.map(_cover, jobs))
    seconds = time.perf_counter() - started
    failed = {o.skill: f"{o.stage}: {o.reason}" for o in outcomes if not o.verified}
    print(json.dumps({
        "benchmark": "taxonomy_coverage",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "parameters": {"workers": args.workers, "seed": args.seed, "libreoffice": not args.no_libreoffice,
                       "only": args.only or []},
        "skills": len(skills),
        "families": len({s.workflow for s in skills}),
        "tried": len(outcomes),
        "verified": sum(o.verified for o in outcomes),
        "failed": failed,
        "failed_by_stage": dict(Counter(o.stage for o in outcomes if not o.verified)),
        "awaiting_environment": {k: v for k, v in waiting.items() if any(s.id == k for s in skills)},
        "seconds": round(seconds, 2),
        "seconds_per_skill": round(seconds / len(outcomes), 3) if outcomes else 0.0,
        **({"batch": measure_batch(args.batch, args.seed, args.ceiling)} if args.batch else {}),
    }, indent=2))


if __name__ == "__main__":
    main()
