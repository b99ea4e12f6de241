"""The curriculum's SFT stages on CPU at tiny scale: loss falls, stages chain, a killed stage resumes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from forge.export import ExportConfig
from forge.export import run as export
from forge.train.config import SFTParams, StageConfig, TrainConfig
from forge.train.run import run as train
from forge.train.tiny import build_tiny_model
from tests.unit.test_export_episodes import gui_harnesses, mixed_run  # noqa: F401

FAST = SFTParams(learning_rate=3e-3, max_steps=6, save_steps=3, bin_tokens=3072, warmup_ratio=0.0)


@pytest.fixture
def setup(tmp_path: Path, gui_harnesses: None) -> tuple[Path, Path]:  # noqa: F811
    out = tmp_path / "export"
    export(ExportConfig(input_dir=mixed_run(tmp_path / "in", n_tasks=3), output_dir=out, dev_fraction=0.3))
    corpus = [p.read_text() for p in [Path(__file__)]]
    return out, build_tiny_model(tmp_path / "tiny", corpus=corpus)


def _weights(folder: Path) -> dict[str, torch.Tensor]:
    return load_file(folder / "model.safetensors")


def test_sft_stages_chain_and_loss_decreases(tmp_path: Path, setup: tuple[Path, Path]) -> None:
    export_dir, tiny = setup
    stages = [StageConfig(name=n, kind="sft", data=[n], sft=FAST) for n in ("gui_midtrain", "gui_sft", "terminal_sft")]
    result = train(TrainConfig(model_path=tiny, export_dir=export_dir, output_dir=tmp_path / "ckpt", stages=stages,
                               use_cpu=True))
    assert [s.stage for s in result.stages] == ["gui_midtrain", "gui_sft", "terminal_sft"]
    assert result.stages[0].init_dir == tiny
    for before, after in zip(result.stages, result.stages[1:], strict=False):
        assert after.init_dir == before.final_dir  # each stage starts where the previous ended
    for stage in result.stages:
        assert stage.steps == 6 and stage.bins >= 1 and stage.examples > 0 and stage.fill > 0
        assert sum(stage.losses[-3:]) / 3 < sum(stage.losses[:3]) / 3, (stage.stage, stage.losses)
    gui = result.stages[1]
    assert gui.eval_loss is not None  # the dev split (by task) was evaluated
    assert not torch.equal(_weights(tiny)["lm_head.weight"], _weights(result.final_dir)["lm_head.weight"])
    again = train(TrainConfig(model_path=tiny, export_dir=export_dir, output_dir=tmp_path / "ckpt", stages=stages,
                              use_cpu=True))
    assert again.stages == [] and again.skipped == ["gui_midtrain", "gui_sft", "terminal_sft"]


def test_a_killed_stage_resumes_from_its_checkpoint_to_the_same_weights(tmp_path: Path, setup: tuple[Path, Path]) -> None:
    export_dir, tiny = setup
    stages = [StageConfig(name="terminal_sft", kind="sft", data=["terminal_sft"], sft=FAST)]
    whole = train(TrainConfig(model_path=tiny, export_dir=export_dir, output_dir=tmp_path / "a", stages=stages,
                              use_cpu=True))
    train(TrainConfig(model_path=tiny, export_dir=export_dir, output_dir=tmp_path / "b", stages=stages, use_cpu=True))
    stage_dir = tmp_path / "b" / "terminal_sft"
    shutil.rmtree(stage_dir / "final")
    shutil.rmtree(stage_dir / "checkpoint-6")  # as if killed after step 3's checkpoint
    resumed = train(TrainConfig(model_path=tiny, export_dir=export_dir, output_dir=tmp_path / "b", stages=stages,
                                use_cpu=True))
    assert resumed.stages[0].resumed_from is not None and resumed.stages[0].resumed_from.endswith("checkpoint-3")
    assert resumed.stages[0].steps == 6
    a, b = _weights(whole.final_dir), _weights(resumed.final_dir)
    assert a.keys() == b.keys()
    for name in a:
        torch.testing.assert_close(a[name], b[name], rtol=1e-5, atol=1e-6, msg=name)
