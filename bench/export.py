"""Benchmark: export throughput (MB/s of trajectory shards in, and of training shards out); one JSON object.

    python bench/export.py [--episodes 60] [--steps 12]

Writes `--episodes` trajectories per harness (terminal, gui, hybrid) as forge.dataset shards, GUI
steps carrying real rendered PNG screenshots (1280x720), then times `forge.export.run` (what
`forge export` and the forge-export flow call) over them: every stage, filters, split, shards.
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from forge.dataset import write_manifest, write_shard
from forge.export import ExportConfig, run
from forge.harness import HARNESSES
from forge.models import (
    Check,
    Episode,
    Observation,
    ReferenceSolution,
    ReferenceStep,
    Rubric,
    Step,
    TaskBundle,
    TeacherInfo,
    ToolCall,
)
from forge.models.results import CheckResult, RubricResult


def screenshot(rng: random.Random) -> bytes:
    image = Image.new("RGB", (1280, 720), (236, 236, 236))
    draw = ImageDraw.Draw(image)
    for _ in range(40):  # cells and widgets, so PNGs compress like real screens, not flat colour
        x, y = rng.randrange(1200), rng.randrange(680)
        draw.rectangle([x, y, x + rng.randrange(20, 80), y + 18], outline=(0, 0, 0), fill=(rng.randrange(256),) * 3)
        draw.text((x + 2, y + 2), f"{rng.random():.4f}", fill=(0, 0, 0))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def step(i: int, harness: str, rng: random.Random, shots: list[bytes]) -> Step:
    thought = " ".join(rng.choice(["check", "the", "sheet", "column", "sorted", "save", "file"]) for _ in range(60))
    if harness == "terminal" or (harness == "hybrid" and i % 2):
        return Step(index=i, channel="terminal", thought=thought, action=f"Action: inspect {i}",
                    tool_call=ToolCall(name="bash", arguments={"command": f"python3 -c 'print({i})'"}),
                    observation=Observation(text="x" * rng.randrange(200, 3000), exit_code=0))
    return Step(index=i, channel="gui", thought=thought, action=f"Action: click cell {i}",
                tool_call=ToolCall(name="computer_use", arguments={"action": "left_click",
                                                                   "coordinate": [rng.randrange(1000), rng.randrange(1000)]}),
                observation=Observation(screenshot_png=rng.choice(shots)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=60, help="Per harness.")
    parser.add_argument("--steps", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(0)
    shots = [screenshot(rng) for _ in range(24)]
    missing = [h for h in ("gui", "hybrid") if h not in HARNESSES]
    harnesses = [h for h in ("terminal", "gui", "hybrid") if h not in missing]
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in", Path(tmp) / "out"
        src.mkdir()
        pairs = []
        for n in range(args.episodes):
            task = TaskBundle(skill_ids=["spreadsheet.bench"], apps=["spreadsheet"], instruction=f"Task {n}.", seed=n,
                              workflow="bench", workflow_version="1", rubric=Rubric(checks=[Check(func="file.exists", options={"file": "o.txt"})]),
                              reference=ReferenceSolution(steps=[ReferenceStep(thought="t", action="a", tool="bash", arguments={"command": "true"})]))
            for h in harnesses:
                pairs.append((Episode(id=f"e-{h}-{n}", task_id=task.id, harness=h, harness_version=HARNESSES.get(h).version,
                                      teacher=TeacherInfo(kind="reference-replay"), judge="programmatic",
                                      steps=[step(i, h, rng, shots) for i in range(args.steps)],
                                      rubric=RubricResult(checks=[CheckResult(func="f", passed=True, message="")]),
                                      status="completed"), task))
        write_manifest(src, [write_shard(src, k, pairs[i:i + 30]) for k, i in enumerate(range(0, len(pairs), 30))])
        started = time.perf_counter()
        result = run(ExportConfig(input_dir=src, output_dir=out))
        seconds = time.perf_counter() - started
        out_bytes = sum(s.bytes for s in result.stages)
    print(json.dumps({
        "bench": "export", "episodes": len(pairs), "steps_per_episode": args.steps, "harnesses": harnesses,
        "harnesses_not_registered": missing, "seconds": round(seconds, 3),
        "input_mb": round(result.input_bytes / 2**20, 2), "output_mb": round(out_bytes / 2**20, 2),
        "input_mb_per_s": round(result.input_bytes / 2**20 / seconds, 2),
        "output_mb_per_s": round(out_bytes / 2**20 / seconds, 2),
        "examples": {s.stage: s.train_rows + s.dev_rows for s in result.stages},
        "examples_per_s": round(sum(s.train_rows + s.dev_rows for s in result.stages) / seconds, 1),
        "machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine()},
    }))


if __name__ == "__main__":
    main()
