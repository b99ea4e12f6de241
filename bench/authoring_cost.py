"""Benchmark: model cost of authoring a task, workflow-first against agent-first; prints one JSON object.

    FORGE_AUTHOR_BASE_URL=... FORGE_AUTHOR_MODEL=... FORGE_AUTHOR_PRICE_INPUT=... FORGE_AUTHOR_PRICE_OUTPUT=... \\
        python bench/authoring_cost.py --tasks 20 --seed 0

On the same sampled skills: `workflow_first` builds each bundle with its workflow (no model) and asks
the author model for one instruction variant; `agent_first` asks the model for the whole bundle.
Both are then gated (file, consistency, duplicate, package) so the figure is per ACCEPTED task.
Tokens and dollars come from the cost ledger (a fresh store per sitting, reply cache off).
Published: workflow-first 85K tokens / $0.158 per task, agent-first 1,276K / $0.906.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
from pathlib import Path

from forge.checks import CHECKS
from forge.errors import ForgeError
from forge.llm import CallContext, client_for
from forge.llm.authoring import author_bundle, vary_instruction
from forge.settings import Settings
from forge.store import open_store
from gates import GATE_ORDER, GateContext, run_gate
from skills import load_taxonomy, sample_skills
from workflows import WORKFLOWS


def accepted(bundle, ctx: GateContext) -> bool:
    return all(run_gate(name, bundle, ctx).passed for name in GATE_ORDER)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="forge-authoring-"))
    settings = Settings(data_dir=work, llm_response_cache=False)
    store = open_store(settings.resolved_db_url())
    client = client_for(settings, "author", store)
    if client is None:
        print(json.dumps({"error": "set FORGE_AUTHOR_BASE_URL and FORGE_AUTHOR_MODEL (see docs/models.md)"}))
        sys.exit(2)
    samples = sample_skills(load_taxonomy(), args.tasks, args.seed)
    ctx = GateContext(scratch_root=work / "scratch")
    results: dict[str, dict[str, float]] = {}
    for mode in ("workflow_first", "agent_first"):
        started, kept, failed = time.perf_counter(), 0, 0
        run_id = f"bench-{mode}"
        for sample in samples:
            context = CallContext(run_id=run_id)
            try:
                if mode == "workflow_first":
                    bundle = vary_instruction(client, WORKFLOWS.get(sample.skill.workflow).build(sample.skill, sample.seed),
                                              context)
                else:
                    bundle = author_bundle(client, sample.skill, list(CHECKS), sample.seed, context)
            except ForgeError:
                failed += 1
                continue
            kept += accepted(bundle, ctx)
        total = store.cost_total(run_id)
        results[mode] = {"tasks": len(samples), "accepted": kept, "author_failures": failed,
                         "tokens": total.total_tokens, "cost_usd": round(total.cost_usd, 6),
                         "tokens_per_accepted_task": round(total.total_tokens / kept, 1) if kept else None,
                         "cost_per_accepted_task_usd": round(total.cost_usd / kept, 6) if kept else None,
                         "seconds": round(time.perf_counter() - started, 2)}
    print(json.dumps({"bench": "authoring_cost", "model": client.model, "seed": args.seed, "results": results,
                      "published": {"workflow_first": {"tokens_per_task": 85_000, "cost_per_task_usd": 0.158},
                                    "agent_first": {"tokens_per_task": 1_276_000, "cost_per_task_usd": 0.906}},
                      "machine": {"python": platform.python_version(), "platform": platform.platform()}}))


if __name__ == "__main__":
    main()
