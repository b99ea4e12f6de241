"""`forge train` under `torchrun --nproc_per_node 2` on CPU (gloo): both ranks train one SFT stage together."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from forge.export import ExportConfig, run
from forge.train.tiny import build_tiny_model
from tests.unit.test_export_episodes import episode, terminal_step, write_episodes
from tests.unit.test_models import bundle


def test_two_process_torchrun_trains_a_stage(tmp_path: Path) -> None:
    pairs = [(episode(t.id, "terminal", [terminal_step(i) for i in range(4)]), t) for t in (bundle(seed=s) for s in range(4))]
    run(ExportConfig(input_dir=write_episodes(tmp_path / "in", pairs), output_dir=tmp_path / "out", dev_fraction=0))
    build_tiny_model(tmp_path / "tiny")
    (tmp_path / "cfg.json").write_text(json.dumps({"stages": [{"name": "terminal_sft", "kind": "sft",
        "data": ["terminal_sft"], "sft": {"max_steps": 2, "bin_tokens": 2048, "save_steps": 1}}]}))
    torchrun = shutil.which("torchrun", path=str(Path(sys.executable).parent))
    assert torchrun, "torchrun comes with torch: pip install 'mage-cua-forge[train]'"
    done = subprocess.run([torchrun, "--nproc_per_node", "2", "-m", "forge.cli", "train", "--config", "cfg.json",
                           "--model", "tiny", "--export-dir", "out", "-o", "ckpt", "--cpu", "--json"],
                          cwd=tmp_path, env={**{k: v for k, v in os.environ.items() if not k.startswith("FORGE_")},
                                                "FORGE_DATA_DIR": str(tmp_path / "data")}, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    decoder, text, results = json.JSONDecoder(), done.stdout.strip(), []
    while text:
        result, end = decoder.raw_decode(text)
        results.append(result)
        text = text[end:].strip()
    assert len(results) == 2  # one per rank
    assert all(r["stages"][0]["world_size"] == 2 and r["stages"][0]["steps"] == 2 for r in results)
    assert (tmp_path / "ckpt" / "terminal_sft" / "final" / "model.safetensors").is_file()
    assert len(json.loads((tmp_path / "ckpt" / "_train.json").read_text())) == 1
