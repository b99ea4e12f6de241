"""Benchmark: the WHOLE taxonomy, once: every skill built by its family and put through the gates.

    python bench/taxonomy_coverage.py [--workers 2] [--seed 0] [--no-libreoffice] [--only spreadsheet]
    python bench/taxonomy_coverage.py --sample 200     # a stratified sample: every family at least once
    python bench/taxonomy_coverage.py --builds 5       # five seeds per skill built (a family raising on one is named)
    python bench/taxonomy_coverage.py --batch 2000     # also: a batch drawn at the default mix, measured
    python bench/taxonomy_coverage.py --results build/coverage.jsonl   # resumable: a rerun skips finished skills

Prints one JSON object: skills tried, verified, failed (each with its gate or workflow and the
reason, and per family), awaiting their environment (skills whose source row names one, e.g. web
sites, reported apart and not run), and seconds. A skill passes when its task clears every gate except the
duplicate one (one task per skill has nothing to be a duplicate of): the file gate (with the
LibreOffice round trip), consistency, and the package gate's sandboxed do-nothing, oracle and
mutation probes. A family that raises is recorded against the skill; the run goes on.

`--batch N` also draws N skills with the default (published) mix, builds each task (no gates: the
figures are about what the families write) and adds `forge.stats` over them: the realised mix
measured on the bundles themselves, and the near-twin rate of their instructions, overall and per
family (where phrasing work pays).
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import multiprocessing.util
import os
import platform
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from forge.models import Skill
from forge.stats import batch_stats, task_record
from gates import GATE_ORDER, GateContext, run_gate
from skills import derive_seed, load_taxonomy
from skills.sampler import coverage_sample, load_profiles, sample_mix
from workflows import WORKFLOWS

from _results import ResultsLog  # beside this script

_CTX: GateContext | None = None


class SkillCoverage(BaseModel):
    """One skill's outcome: verified, or where and why it failed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    skill: str
    workflow: str
    verified: bool
    stage: str = ""
    reason: str = ""
    seed: int = 0
    builds: int = 1
    libreoffice: bool = True

    @property
    def job(self) -> tuple[str, int, int, bool]:
        """What a rerun matches to skip the skill: the same skill, seed, builds and round trip."""
        return self.skill, self.seed, self.builds, self.libreoffice


def cover(skill: Skill, seed: int, ctx: GateContext, builds: int = 1) -> SkillCoverage:
    """Build `builds` tasks of `skill` (seeds derived from `seed`; a family that raises on one of
    them fails naming that seed) and gate the first; any failure, raised or rejected, is the outcome."""
    done = functools.partial(SkillCoverage, skill=skill.id, workflow=skill.workflow, seed=seed, builds=builds,
                             libreoffice=ctx.roundtrip is not None)
    bundles = []
    for attempt in range(builds):
        attempt_seed = seed if attempt == 0 else derive_seed(seed, attempt)
        try:
            bundles.append(WORKFLOWS.get(skill.workflow).build(skill, attempt_seed))
        except Exception as exc:  # noqa: BLE001 - a family that raises is a finding about that skill, not a crash
            return done(verified=False, stage="workflow",
                        reason=f"seed {attempt_seed}: {type(exc).__name__}: {exc}"[:500])
    for gate in GATE_ORDER:
        if gate == "duplicate":
            continue
        result = run_gate(gate, bundles[0], ctx)
        if not result.passed:
            return done(verified=False, stage=gate, reason=f"{result.reason}: {result.message}"[:500])
    return done(verified=True)


def _init(scratch: str, libreoffice: bool) -> None:
    """Each worker: its own gate context (and LibreOffice round trip); kept soffices stop at exit."""
    global _CTX
    from gates.libreoffice import stop_kept_offices
    from gates.roundtrip import libreoffice_roundtrip

    multiprocessing.util.Finalize(None, stop_kept_offices, exitpriority=10)
    root = Path(tempfile.mkdtemp(dir=scratch))
    _CTX = GateContext(scratch_root=root, roundtrip=libreoffice_roundtrip(root / "lo") if libreoffice else None)


def _cover(skill: Skill, seed: int, builds: int) -> SkillCoverage:
    assert _CTX is not None
    return cover(skill, seed, _CTX, builds)


def measure_batch(n: int, seed: int, ceiling: float = 1.0, folder: Path | None = None) -> dict[str, object]:
    """Build `n` tasks drawn at the default mix and measure them; failed builds are counted by skill."""
    taxonomy = load_taxonomy(folder)
    records, failed = [], {}
    profiles = load_profiles(folder) if folder else None
    for sample in sample_mix(taxonomy, n, seed, ceiling=ceiling, profiles=profiles):
        try:
            bundle = WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed)
        except Exception as exc:  # noqa: BLE001 - recorded against the skill and seed, the batch goes on
            failed.setdefault(sample.skill.id, f"seed {sample.seed}: {type(exc).__name__}: {exc}"[:300])
            continue
        records.append(task_record(bundle, (), sample.skill.difficulty))
    unique = {r.task_id: r for r in records}  # the same (skill, seed) twice is one task
    return {"drawn": n, "ceiling": ceiling, "built": len(records), "distinct_tasks": len(unique), "build_failures": failed,
            "stats": batch_stats(list(unique.values())).model_dump()}


def by_family(outcomes: list[SkillCoverage]) -> dict[str, dict[str, object]]:
    """Per family with a failure: skills tried and failed, and the distinct reasons (first three)."""
    tried = Counter(o.workflow for o in outcomes)
    failed = [o for o in outcomes if not o.verified]
    reasons: dict[str, list[str]] = {}
    for outcome in failed:
        known = reasons.setdefault(outcome.workflow, [])
        reason = f"{outcome.stage}: {outcome.reason}"[:300]
        if reason not in known and len(known) < 3:
            known.append(reason)
    count = Counter(o.workflow for o in failed)
    return {f: {"tried": tried[f], "failed": count[f], "reasons": reasons[f]} for f in sorted(count)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", help="only skills whose id starts with one of these")
    parser.add_argument("--taxonomy", type=Path, default=None,
                        help="a built taxonomy folder (default: data/skills), e.g. `forge skills build --out-dir`'s")
    parser.add_argument("--builds", type=int, default=1,
                        help="tasks built per skill (other seeds; a family raising on one is caught); the first is gated")
    parser.add_argument("--sample", type=int, default=0,
                        help="a stratified sample of about this many skills, every family at least once (0: all)")
    parser.add_argument("--no-libreoffice", action="store_true", help="skip the file gate's round trip")
    parser.add_argument("--batch", type=int, default=0, help="also build and measure a batch of this size")
    parser.add_argument("--ceiling", type=float, default=1.0, help="the batch's most per skill (sample_mix)")
    parser.add_argument("--results", type=Path, help="JSON lines, a skill each: appended as skills end, read to resume")
    args = parser.parse_args()

    taxonomy = load_taxonomy(args.taxonomy)
    waiting = taxonomy.awaiting
    pool = coverage_sample(taxonomy, args.sample, args.seed) if args.sample else list(taxonomy.skills.values())
    def wanted(skill: Skill) -> bool:
        return not args.only or any(skill.id.startswith(prefix) for prefix in args.only)

    skills = [s for s in pool if wanted(s)]
    jobs = [(s, derive_seed(args.seed, i), args.builds) for i, s in enumerate(skills) if s.id not in waiting]
    log = ResultsLog(args.results, SkillCoverage)
    kept = {o.job: o for o in log.kept()}
    outcomes, todo = [], []
    for skill, seed, builds in jobs:
        if (outcome := kept.get((skill.id, seed, builds, not args.no_libreoffice))) is not None:
            outcomes.append(outcome)
        else:
            todo.append((skill, seed, builds))
    resumed = len(outcomes)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-taxonomy-") as scratch, ProcessPoolExecutor(
            args.workers, mp_context=multiprocessing.get_context("fork"),
            initializer=_init, initargs=(scratch, not args.no_libreoffice)) as pool:
        for future in as_completed([pool.submit(_cover, *job) for job in todo]):
            outcomes.append(outcome := future.result())
            log.append(outcome)
    outcomes.sort(key=lambda o: o.skill)
    seconds = time.perf_counter() - started
    failed = {o.skill: f"{o.stage}: {o.reason}" for o in outcomes if not o.verified}
    print(json.dumps({
        "benchmark": "taxonomy_coverage",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "parameters": {"workers": args.workers, "seed": args.seed, "libreoffice": not args.no_libreoffice,
                       "only": args.only or [], "sample": args.sample, "builds": args.builds,
                       "resumed_skills": resumed},
        "skills": len(skills),
        "families": len({s.workflow for s in skills}),
        "tried": len(outcomes),
        "verified": sum(o.verified for o in outcomes),
        "failed": failed,
        "failed_by_stage": dict(Counter(o.stage for o in outcomes if not o.verified)),
        "failed_by_family": by_family(outcomes),
        "awaiting_environment": len(held := [s for s in taxonomy.skills.values() if s.id in waiting and wanted(s)]),
        "awaiting_families": len({s.workflow for s in held}),
        "seconds": round(seconds, 2),
        "seconds_per_skill": round(seconds / (len(outcomes) - resumed), 3) if len(outcomes) > resumed else 0.0,
        **({"batch": measure_batch(args.batch, args.seed, args.ceiling, args.taxonomy)} if args.batch else {}),
    }, indent=2))


if __name__ == "__main__":
    main()
