"""Benchmark: best-fit-decreasing vs naive greedy packing into 32K bins; one JSON object.

    python bench/packing.py [--examples 200000] [--seed 0]

Lengths follow the per-turn examples the export writes (a seeded mixture): grounding examples
(one 720p-1080p screenshot and a short query, ~1-2.5K tokens), GUI and hybrid SFT turns (up to 3
screenshots plus context, ~4-14K), terminal turns (text context, ~1.5-9K). The published run
packed 318,837 trajectories' turns into 1,377,805 bins of 32,768 tokens. Goal: fill >= 99%.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

from forge.train.packing import BIN_TOKENS, pack_best_fit_decreasing, pack_greedy

MIX = [  # (share, lognormal mu, sigma, min, max)
    (0.30, 7.4, 0.25, 900, 2600),     # grounding
    (0.45, 8.9, 0.35, 3500, 14000),   # GUI / hybrid SFT turns
    (0.25, 8.1, 0.45, 1200, 9000),    # terminal turns
]


def lengths(n: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pick, acc = rng.random(), 0.0
        for share, mu, sigma, low, high in MIX:
            acc += share
            if pick <= acc:
                out.append(int(min(high, max(low, rng.lognormvariate(mu, sigma)))))
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    data = lengths(args.examples, args.seed)
    started = time.perf_counter()
    bfd = pack_best_fit_decreasing(data, BIN_TOKENS)
    bfd_s = time.perf_counter() - started
    started = time.perf_counter()
    greedy = pack_greedy(data, BIN_TOKENS)
    greedy_s = time.perf_counter() - started
    lower_bound = -(-sum(data) // BIN_TOKENS)
    print(json.dumps({
        "bench": "packing", "examples": len(data), "bin_tokens": BIN_TOKENS, "tokens": sum(data),
        "mean_length": round(sum(data) / len(data), 1),
        "best_fit_decreasing": {"bins": len(bfd.bins), "fill": round(bfd.fill, 5), "seconds": round(bfd_s, 3)},
        "greedy": {"bins": len(greedy.bins), "fill": round(greedy.fill, 5), "seconds": round(greedy_s, 3)},
        "bins_saved_vs_greedy": len(greedy.bins) - len(bfd.bins), "lower_bound_bins": lower_bound,
        "goal_fill": 0.99, "goal_met": bfd.fill >= 0.99,
        "machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine()},
    }))


if __name__ == "__main__":
    main()
