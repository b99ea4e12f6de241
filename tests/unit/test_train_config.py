"""The trainer's defaults are the published recipe: five stages in order, 32K bins, GRPO's knobs."""

from __future__ import annotations

from pathlib import Path

import pytest

from forge.errors import ConfigError
from forge.train.config import GRPOParams, SFTParams, StageConfig, TrainConfig


def test_the_default_curriculum_is_the_five_published_stages_in_order() -> None:
    config = TrainConfig(model_path=Path("m"), export_dir=Path("e"), output_dir=Path("o"))
    assert [(s.name, s.kind, list(s.data)) for s in config.stages] == [
        ("gui_midtrain", "sft", ["gui_midtrain"]), ("gui_sft", "sft", ["gui_sft"]),
        ("terminal_sft", "sft", ["terminal_sft"]), ("hybrid_sft", "sft", ["hybrid_sft"]), ("online_rl", "grpo", [])]


def test_sft_packs_32k_bins_and_grpo_defaults_to_the_published_knobs() -> None:
    assert SFTParams().bin_tokens == 32_768
    grpo = GRPOParams()
    assert (grpo.importance_cap, grpo.target_success, grpo.sampling_floor) == (2.0, 0.5, 0.05)
    assert grpo.max_policy_lag >= 1  # rollouts may lag the learner (async), by a bounded amount


def test_bad_curricula_name_the_fix() -> None:
    with pytest.raises(ConfigError, match="names no export data"):
        StageConfig(name="x", kind="sft")
    with pytest.raises(ConfigError, match="give each stage its own name"):
        TrainConfig(model_path=Path("m"), export_dir=Path("e"), output_dir=Path("o"),
                    stages=[StageConfig(name="a", kind="grpo"), StageConfig(name="a", kind="grpo")])
    with pytest.raises(ConfigError, match="known: gui_midtrain"):
        TrainConfig(model_path=Path("m"), export_dir=Path("e"), output_dir=Path("o"), only=["nope"])
