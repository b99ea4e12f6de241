"""Benchmark: how many distinct accepted tasks each skill yields; one JSON object.

    python bench/skill_capacity.py --sample 450             # every family at least once, then strata
    python bench/skill_capacity.py --only text.markdown --draws 60 --gated 3
    python bench/skill_capacity.py --results build/capacity.jsonl   # every ready skill, resumable

The published run drew 42.5 tasks per skill; issue #10 asks that every skill yield at least 50
distinct accepted tasks, with under 10% of drawn tasks lost to the near-duplicate gate. For each
skill, `--draws` tasks are built from seeds derived from `--seed` (as a run derives them) and
claimed, in order, in a near-duplicate index of their own (the run's gate, at the settings'
threshold): a task is `accepted` unless it repeats an earlier one (the same content-hash id) or
is a near twin of an accepted one. A skill's near twins are its own tasks in practice (other
skills' tasks share neither the workflow's parameters nor the phrasings), so one index per skill
measures what a run would lose. `--gated K` also puts K of each skill's accepted tasks, spread over
its draws, through every other gate (file with the LibreOffice round trip unless
`--no-libreoffice`, consistency, package): the share of accepted tasks that are verified.

The whole taxonomy takes hours on 2 cores: `--results FILE` appends each skill's result to a
JSON-lines file as it ends, and a rerun with the same file skips the skills already there, so a
stopped run resumes and the summary covers all of them.

Figures: per skill `accepted` of `drawn`; `skills_under` the goal (and why: repeats, twins,
failures), the overall loss share, the distribution of accepted counts, and every gate failure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import multiprocessing.util
import os
import platform
import statistics
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from forge.models import Skill, TaskBundle
from forge.settings import Settings
from gates import GATE_ORDER, GateContext, NearDuplicateIndex, run_gate
from skills import derive_seed, load_taxonomy
from skills.sampler import coverage_sample
from workflows import WORKFLOWS

from _results import ResultsLog  # beside this script

GOAL = 50
_CTX: GateContext | None = None


class SkillCapacity(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    skill: str
    workflow: str
    seed: int
    drawn: int
    accepted: int
    repeats: int = Field(description="Draws that built a task already built (same content hash).")
    near_twins: int = Field(description="Draws the near-duplicate gate would reject.")
    build_failures: list[str] = Field(default_factory=list, description="seed: error, for each draw that raised.")
    gated: int = 0
    gate_failures: list[str] = Field(default_factory=list, description="seed: gate: reason, for each that failed.")


def capacity(skill: Skill, seed: int, draws: int, gated: int, threshold: float) -> SkillCapacity:
    index, seen, kept = NearDuplicateIndex(threshold), set(), []
    repeats = twins = 0
    failures: list[str] = []
    for i in range(draws):
        task_seed = derive_seed(seed, i)
        try:
            bundle = WORKFLOWS.get(skill.workflow).build(skill, task_seed)
        except Exception as exc:  # noqa: BLE001 - a family raising on a seed is a finding, the bench goes on
            failures.append(f"{task_seed}: {type(exc).__name__}: {exc}"[:300])
            continue
        if bundle.id in seen:
            repeats += 1
        elif index.claim(bundle) is not None:
            twins += 1
        else:
            kept.append((task_seed, bundle))
        seen.add(bundle.id)
    chosen = kept[:: max(1, len(kept) // gated)][:gated] if gated and kept else []
    return SkillCapacity(skill=skill.id, workflow=skill.workflow, seed=seed, drawn=draws, accepted=len(kept),
                         repeats=repeats, near_twins=twins, build_failures=failures, gated=len(chosen),
                         gate_failures=[f for s, b in chosen if (f := _gate(s, b))])


def _gate(seed: int, bundle: TaskBundle) -> str:
    """'' when `bundle` passes every gate but the duplicate one, else where and why it failed."""
    assert _CTX is not None
    for gate in GATE_ORDER:
        if gate != "duplicate" and not (result := run_gate(gate, bundle, _CTX)).passed:
            return f"{seed}: {gate}: {result.reason}: {result.message}"[:300]
    return ""


def _init(scratch: str, libreoffice: bool) -> None:
    global _CTX
    from gates.libreoffice import stop_kept_offices
    from gates.roundtrip import libreoffice_roundtrip

    multiprocessing.util.Finalize(None, stop_kept_offices, exitpriority=10)
    root = Path(tempfile.mkdtemp(dir=scratch))
    _CTX = GateContext(scratch_root=root, roundtrip=libreoffice_roundtrip(root / "lo") if libreoffice else None)


def resumed(log: ResultsLog[SkillCapacity], seed: int, draws: int, gated: int) -> dict[str, SkillCapacity]:
    """The skills a stopped run finished, refused by name when measured with other settings."""
    done = {}
    for result in log.kept():
        if (result.seed, result.drawn, result.gated) != (seed, draws, min(gated, result.accepted)):
            raise SystemExit(f"{log.path}: {result.skill} was measured with --seed {result.seed} --draws "
                             f"{result.drawn} --gated {result.gated}, not {seed}, {draws} and {gated}; "
                             "pass those or another --results file")
        done[result.skill] = result
    return done


def summary(results: list[SkillCapacity], goal: int) -> dict[str, object]:
    drawn = sum(r.drawn for r in results)
    lost = sum(r.repeats + r.near_twins for r in results)
    under = sorted((r for r in results if r.accepted < goal), key=lambda r: r.accepted)
    counts = [r.accepted for r in results]
    gated = sum(r.gated for r in results)
    failed_gates = [f"{r.skill}: {f}" for r in results for f in r.gate_failures]
    return {
        "skills": len(results), "families": len({r.workflow for r in results}),
        "drawn": drawn, "accepted": sum(counts),
        "lost_share": round(lost / drawn, 4) if drawn else 0.0,
        "repeats": sum(r.repeats for r in results), "near_twins": sum(r.near_twins for r in results),
        "build_failures": sum(len(r.build_failures) for r in results),
        "accepted_per_skill": {"min": min(counts, default=0), "median": statistics.median(counts) if counts else 0,
                               "max": max(counts, default=0)},
        "skills_with_loss_of_10pct_or_more": sum((r.repeats + r.near_twins) >= 0.1 * r.drawn for r in results),
        "skills_under_goal": len(under),
        "under_goal": {r.skill: {"accepted": r.accepted, "repeats": r.repeats, "near_twins": r.near_twins,
                                 "build_failures": len(r.build_failures)} for r in under[:60]},
        "families_under_goal": dict(Counter(r.workflow for r in under).most_common()),
        "gated": gated, "gate_failures": len(failed_gates),
        "verified_share_of_gated": round(1 - len(failed_gates) / gated, 4) if gated else None,
        "gate_failure_examples": failed_gates[:30],
        "build_failure_examples": [f"{r.skill}: {f}" for r in results for f in r.build_failures][:30],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=60, help="tasks built per skill")
    parser.add_argument("--goal", type=int, default=GOAL, help="distinct accepted tasks each skill should yield")
    parser.add_argument("--gated", type=int, default=0, help="accepted tasks per skill put through the other gates")
    parser.add_argument("--sample", type=int, default=0, help="a stratified sample of about this many skills (0: all)")
    parser.add_argument("--only", nargs="*", help="only skills whose id starts with one of these")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-libreoffice", action="store_true", help="skip the file gate's round trip")
    parser.add_argument("--results", type=Path, help="JSON lines, a skill each: appended as skills end, read to resume")
    args = parser.parse_args()

    taxonomy = load_taxonomy()
    pool = coverage_sample(taxonomy, args.sample, args.seed) if args.sample else sorted(
        taxonomy.ready.values(), key=lambda s: s.id)
    skills = [s for s in pool if not args.only or any(s.id.startswith(p) for p in args.only)]
    threshold = Settings().dedup_threshold
    log = ResultsLog(args.results, SkillCapacity)
    done = resumed(log, args.seed, args.draws, args.gated)
    results = [done[s.id] for s in skills if s.id in done]
    resumed_skills = len(results)
    jobs = [(s, args.seed, args.draws, args.gated, threshold) for s in skills if s.id not in done]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-capacity-") as scratch, ProcessPoolExecutor(
            args.workers, mp_context=multiprocessing.get_context("fork"),
            initializer=_init, initargs=(scratch, not args.no_libreoffice)) as workers:
        for future in as_completed([workers.submit(capacity, *job) for job in jobs]):
            results.append(result := future.result())
            log.append(result)
    print(json.dumps({
        "benchmark": "skill_capacity",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "parameters": {"draws": args.draws, "goal": args.goal, "gated": args.gated, "sample": args.sample,
                       "only": args.only or [], "seed": args.seed, "threshold": threshold,
                       "libreoffice": not args.no_libreoffice,
                       "resumed_skills": resumed_skills},
        **summary(sorted(results, key=lambda r: r.skill), args.goal),
        "seconds": round(time.perf_counter() - started, 1),
    }, indent=2))


if __name__ == "__main__":
    main()
