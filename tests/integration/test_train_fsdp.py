"""FSDP2 for real on CPU: `torchrun --nproc-per-node 2` (gloo) trains the tiny VLM's SFT stage with each
rank holding half of every sharded parameter; loss decreases; a run stopped after a checkpoint resumes
from it and continues exactly as the uninterrupted run did."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from safetensors.torch import load_file

from forge.errors import ConfigError
from forge.export import ExportConfig, run
from forge.train.config import StageConfig, TrainConfig
from forge.train.fsdp import run_sft_fsdp
from forge.train.tiny import build_tiny_model
from tests.unit.test_export_episodes import episode, terminal_step, write_episodes
from tests.unit.test_models import bundle

STEPS = 6


def _torchrun(tmp_path: Path, output: str, *flags: str) -> dict:
    torchrun = shutil.which("torchrun", path=str(Path(sys.executable).parent))
    assert torchrun, "torchrun comes with torch: pip install 'mage-cua-forge[train]'"
    done = subprocess.run([torchrun, "--nproc_per_node", "2", "-m", "forge.cli", "train", "--config", "cfg.json",
                           "--model", "tiny", "--export-dir", "out", "-o", output, "--cpu", "--json", *flags],
                          cwd=tmp_path, env={**{k: v for k, v in os.environ.items() if not k.startswith("FORGE_")},
                                             "FORGE_DATA_DIR": str(tmp_path / "data")},
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    decoder, text, results = json.JSONDecoder(), done.stdout.strip(), []
    while text:
        result, end = decoder.raw_decode(text)
        results.append(result["stages"][0])
        text = text[end:].strip()
    assert len(results) == 2  # one per rank, the same losses on both (all-reduced)
    assert results[0]["losses"] == results[1]["losses"]
    return results[0]


def test_fsdp2_on_cpu_shards_trains_checkpoints_and_resumes(tmp_path: Path) -> None:
    pairs = [(episode(t.id, "terminal", [terminal_step(i) for i in range(4)]), t) for t in (bundle(seed=s) for s in range(4))]
    run(ExportConfig(input_dir=write_episodes(tmp_path / "in", pairs), output_dir=tmp_path / "out", dev_fraction=0))
    build_tiny_model(tmp_path / "tiny")
    stages = [{"name": "terminal_sft", "kind": "sft", "data": ["terminal_sft"],
               "sft": {"max_steps": STEPS, "bin_tokens": 2048, "save_steps": 2, "learning_rate": 1e-3}}]
    (tmp_path / "cfg.json").write_text(json.dumps({"fsdp": True, "stages": stages}))

    whole = _torchrun(tmp_path, "ckpt")
    assert whole["sharding"] == "fsdp2" and whole["world_size"] == 2
    assert 0.45 < whole["local_param_fraction"] < 0.55  # each rank holds about half the model
    assert whole["steps"] == STEPS and len(whole["losses"]) == STEPS
    assert whole["losses"][-1] < whole["losses"][0] - 0.05
    stage = tmp_path / "ckpt" / "terminal_sft"
    assert sorted(p.name for p in stage.glob("checkpoint-*")) == ["checkpoint-2", "checkpoint-4", "checkpoint-6"]
    saved = sorted(p.name for p in (stage / "checkpoint-2").iterdir())
    assert saved == [".metadata", "__0_0.distcp", "__1_0.distcp", "trainer_state.json"]  # a shard per rank (DCP)
    trained, start = load_file(stage / "final" / "model.safetensors"), load_file(tmp_path / "tiny" / "model.safetensors")
    assert trained.keys() == start.keys()  # a plain, unsharded Hugging Face checkpoint with the model's own names
    assert any(not trained[k].equal(start[k]) for k in start)

    # stopped after checkpoint-2 (a later save interrupted before its state file): resume from checkpoint-2
    shutil.copytree(tmp_path / "ckpt", tmp_path / "again")
    redo = tmp_path / "again" / "terminal_sft"
    shutil.rmtree(redo / "final")
    shutil.rmtree(redo / "checkpoint-6")
    (redo / "checkpoint-4" / "trainer_state.json").unlink()
    (tmp_path / "cfg.json").write_text(json.dumps({"stages": stages}))  # FSDP from the command line this time
    resumed = _torchrun(tmp_path, "again", "--fsdp")
    assert resumed["sharding"] == "fsdp2"
    assert resumed["resumed_from"] == "again/terminal_sft/checkpoint-2"
    assert resumed["losses"] == pytest.approx(whole["losses"], rel=1e-5)  # weights, optimizer and schedule restored
    again = load_file(redo / "final" / "model.safetensors")
    assert all(again[k].allclose(trained[k], atol=1e-6) for k in trained)


def test_fsdp_without_a_launcher_names_the_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("RANK", "WORLD_SIZE", "LOCAL_RANK"):
        monkeypatch.delenv(key, raising=False)
    config = TrainConfig(model_path=tmp_path / "m", export_dir=tmp_path / "e", output_dir=tmp_path / "o", fsdp=True,
                         use_cpu=True)
    with pytest.raises(ConfigError, match="torchrun --nproc-per-node"):
        run_sft_fsdp(StageConfig(name="s", kind="sft", data=["terminal_sft"]), config, tmp_path / "m", tmp_path / "o")


def test_the_process_group_joined_for_training_is_ended_and_only_that_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gloo group left to the interpreter's exit can abort a rank that finished (SIGABRT), failing the launch."""
    import socket

    import torch
    import torch.distributed as dist

    from forge.train import fsdp

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for key, value in {"RANK": "0", "LOCAL_RANK": "0", "WORLD_SIZE": "1", "MASTER_ADDR": "127.0.0.1",
                       "MASTER_PORT": str(port)}.items():
        monkeypatch.setenv(key, value)
    assert fsdp._process_group(torch, use_cpu=True)[:2] == (0, 1)
    assert dist.is_initialized()
    fsdp.leave_process_group()
    assert not dist.is_initialized()
    fsdp.leave_process_group()  # twice: nothing left to end

    dist.init_process_group(backend="gloo")  # the caller's own group (a launcher's script that calls forge)
    try:
        fsdp._process_group(torch, use_cpu=True)
        fsdp.leave_process_group()
        assert dist.is_initialized()  # not forge's to end
    finally:
        dist.destroy_process_group()
