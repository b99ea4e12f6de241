"""Benchmark: tokens/s of SFT steps of a tiny model on CPU, through the trainer's own path; one JSON object.

    python bench/sft_step.py [--steps 6] [--bin-tokens 4096]

Exports real-shaped terminal episodes, builds the tiny random Qwen2-VL-class model, and runs one
SFT stage (`forge.train.run`: tokenise, pack, transformers' Trainer) for `--steps` packed bins.
Tokens/s counts the tokens of the bins trained on over the Trainer's own train runtime.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--bin-tokens", type=int, default=4096)
    parser.add_argument("--tasks", type=int, default=8)
    args = parser.parse_args()
    import torch

    from forge.export import ExportConfig
    from forge.export import run as export
    from forge.train.config import SFTParams, StageConfig, TrainConfig
    from forge.train.run import run as train
    from forge.train.tiny import build_tiny_model
    from tests.unit.test_export_episodes import episode, terminal_step, write_episodes
    from tests.unit.test_models import bundle

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pairs = [(episode(t.id, "terminal", [terminal_step(i) for i in range(8)]), t)
                 for t in (bundle(seed=s) for s in range(args.tasks))]
        export(ExportConfig(input_dir=write_episodes(root / "in", pairs), output_dir=root / "out", dev_fraction=0))
        tiny = build_tiny_model(root / "tiny")
        stage = StageConfig(name="terminal_sft", kind="sft", data=["terminal_sft"],
                            sft=SFTParams(max_steps=args.steps, bin_tokens=args.bin_tokens, save_steps=10_000))
        started = time.perf_counter()
        result = train(TrainConfig(model_path=tiny, export_dir=root / "out", output_dir=root / "ckpt", stages=[stage],
                                   use_cpu=True)).stages[0]
        wall = time.perf_counter() - started
    tokens = result.tokens_per_bin * result.steps
    print(json.dumps({
        "bench": "sft_step", "steps": result.steps, "bins": result.bins, "bin_tokens": args.bin_tokens,
        "fill": round(result.fill, 4), "tokens_trained": round(tokens), "train_seconds": round(result.train_seconds, 3),
        "tokens_per_s": round(tokens / result.train_seconds, 1), "stage_wall_seconds": round(wall, 2),
        "loss_first": result.losses[0], "loss_last": result.losses[-1], "torch_threads": torch.get_num_threads(),
        "machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine()},
    }))


if __name__ == "__main__":
    main()
